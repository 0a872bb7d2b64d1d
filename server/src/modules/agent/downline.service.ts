import { AGENT_MEMBER_TYPES, isAgentMemberType, type AgentDownline } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { hashPassword, insertMember, memberConflictOf } from '../identity';
import { minorToMajor } from '../ledger';
import type { AgentCaller } from './agent-access';
import { downlineOf } from './agent-access';

// Downline management (legacy pages downlineManagmentView, registerCenter): the agent's
// direct downlines with their team figures, accounts the agent creates, promotion to agent, the
// agent's remark and a downline's status. Rebate settings (migration 040): a member's
// rebate_series bounds the prize series of its lottery bets; an agent gives a downline a setting
// within the merchant's range and no higher than its own.

export interface SeriesRange {
  ownSeries: number;
  minSeries: number;
  maxSeries: number;
}

/** The merchant's series range (over its lottery games) and the agent's own setting (else its nearest upline's). */
export async function seriesRangeOf(db: Db, caller: AgentCaller): Promise<SeriesRange> {
  const result = await db.query<{ minSeries: number | null; maxSeries: number | null; own: number | null }>(
    `SELECT (SELECT min(min_series) FROM lottery_game WHERE merchant_id = $1 AND enabled) AS "minSeries",
            (SELECT max(max_series) FROM lottery_game WHERE merchant_id = $1 AND enabled) AS "maxSeries",
            (SELECT m.rebate_series FROM member_tree t JOIN member m ON m.id = t.ancestor_id
              WHERE t.descendant_id = $2 AND m.rebate_series IS NOT NULL ORDER BY t.depth LIMIT 1) AS own`,
    [caller.merchantId, caller.agentId],
  );
  const row = result.rows[0];
  const minSeries = row.minSeries ?? 1800;
  const maxSeries = row.maxSeries ?? 1960;
  return { minSeries, maxSeries, ownSeries: Math.min(row.own ?? maxSeries, maxSeries) };
}

/** A setting the agent may give: within the merchant's range and no higher than its own. */
export async function checkedSeries(db: Db, caller: AgentCaller, series: number): Promise<number> {
  const range = await seriesRangeOf(db, caller);
  if (!Number.isInteger(series) || series < range.minSeries || series > range.ownSeries) {
    throw new AppError(400, 'agent.rebate.invalid', { detail: `${range.minSeries}-${range.ownSeries}` });
  }
  return series;
}

interface DownlineRow {
  id: number;
  username: string;
  memberType: number;
  uplineUsername: string;
  teamSize: number;
  rebateSeries: number | null;
  online: boolean;
  lastLoginAt: Date | null;
  lastDepositAt: Date | null;
  balanceMinor: string;
  teamBalanceMinor: string;
  createdAt: Date;
  registerMethod: string;
  affiliateLinkId: string | null;
  referred: boolean;
  status: 'active' | 'blocked';
  remark: string | null;
}

const methodOf = (row: DownlineRow): AgentDownline['registrationMethod'] =>
  row.affiliateLinkId !== null ? 'affiliate_link' : row.registerMethod === 'AGENT' ? 'agent_creation' : row.referred ? 'referral' : 'direct';

/** The agent's direct downlines (a tab: agents or players), with their teams' figures. */
export async function listDownlines(
  db: Db,
  caller: AgentCaller,
  filter: { accountType?: 'agent' | 'player'; username?: string; page: number; size: number },
  nowMs: number,
): Promise<{ list: AgentDownline[]; totalPages: number }> {
  const where = `m.upline_id = $1 AND m.merchant_id = $2
    AND ($3::text IS NULL OR ($3 = 'agent') = (m.member_type = ANY($5::int[])))
    AND ($4::text IS NULL OR strpos(lower(m.username), lower($4)) > 0)`;
  const params = [caller.agentId, caller.merchantId, filter.accountType ?? null, filter.username || null, AGENT_MEMBER_TYPES];
  const [rows, count] = await Promise.all([
    db.query<DownlineRow>(
      `SELECT m.id::int AS id, m.username, m.member_type AS "memberType", up.username AS "uplineUsername",
              (SELECT count(*)::int FROM member_tree t WHERE t.ancestor_id = m.id) AS "teamSize",
              m.rebate_series AS "rebateSeries",
              EXISTS (SELECT 1 FROM member_session s WHERE s.member_id = m.id AND s.revoked_at IS NULL AND s.idle_expires_at > $6 AND s.absolute_expires_at > $6) AS online,
              m.last_login_at AS "lastLoginAt",
              (SELECT max(d.settled_at) FROM deposit d WHERE d.member_id = m.id AND d.credited_minor IS NOT NULL) AS "lastDepositAt",
              COALESCE((SELECT a.balance_minor FROM ledger_account a WHERE a.member_id = m.id AND a.kind = 'member_main'), 0) AS "balanceMinor",
              COALESCE((SELECT sum(a.balance_minor) FROM member_tree t JOIN ledger_account a ON a.member_id = t.descendant_id AND a.kind = 'member_main'
                         WHERE t.ancestor_id = m.id), 0) AS "teamBalanceMinor",
              m.created_at AS "createdAt", m.register_method AS "registerMethod", m.affiliate_link_id AS "affiliateLinkId",
              (m.register_method <> 'AGENT') AS referred, m.status, m.agent_remark AS remark
         FROM member m JOIN member up ON up.id = m.upline_id
        WHERE ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $7 OFFSET $8`,
      [...params, new Date(nowMs), filter.size, (filter.page - 1) * filter.size],
    ),
    db.query<{ count: string }>(`SELECT count(*) AS count FROM member m WHERE ${where}`, params),
  ]);
  return {
    list: rows.rows.map((row) => ({
      memberId: row.id,
      username: row.username,
      accountType: isAgentMemberType(row.memberType) ? 'agent' : 'player',
      uplineUsername: row.uplineUsername,
      teamSize: row.teamSize,
      rebateSeries: row.rebateSeries,
      online: row.online,
      lastLoginTime: row.lastLoginAt?.getTime() ?? null,
      lastDepositTime: row.lastDepositAt?.getTime() ?? null,
      balance: minorToMajor(Number(row.balanceMinor)),
      teamBalance: minorToMajor(Number(row.teamBalanceMinor)),
      registrationTime: row.createdAt.getTime(),
      registrationMethod: methodOf(row),
      status: row.status,
      remark: row.remark ?? '',
    })),
    totalPages: Math.ceil(Number(count.rows[0].count) / filter.size),
  };
}

/** An account the agent creates under itself: it must change the password at its first login. */
export async function createDownline(
  pool: pg.Pool,
  caller: AgentCaller,
  input: { accountType: 'agent' | 'player'; username: string; password: string; rebateSeries: number },
  nowMs: number,
): Promise<{ memberId: number; username: string }> {
  const series = await checkedSeries(pool, caller, input.rebateSeries);
  try {
    const member = await insertMember(pool, {
      merchantId: caller.merchantId,
      username: input.username,
      passwordHash: await hashPassword(input.password),
      passwordExpiresAtMs: null,
      firstTimeLogin: true,
      memberType: input.accountType === 'agent' ? 1 : 0,
      uplineId: caller.agentId,
      registerMethod: 'AGENT',
      registerIp: null,
      nowMs,
    });
    await pool.query('UPDATE member SET rebate_series = $2 WHERE id = $1', [member.id, series]);
    return { memberId: member.id, username: member.username };
  } catch (error) {
    if (memberConflictOf(error) === 'username') throw new AppError(409, 'agent.username.taken');
    throw error;
  }
}

/** A direct downline player becomes an agent (type 1). */
export async function promoteToAgent(db: Db, caller: AgentCaller, memberId: number): Promise<void> {
  const downline = await downlineOf(db, caller, memberId, { direct: true });
  if (downline.memberType !== 0) throw new AppError(400, 'agent.contract.invalid', { detail: 'only a player can be promoted' });
  await db.query('UPDATE member SET member_type = 1 WHERE id = $1 AND member_type = 0', [memberId]);
}

export async function setRemark(db: Db, caller: AgentCaller, memberId: number, remark: string): Promise<void> {
  await downlineOf(db, caller, memberId, { direct: true });
  const clean = remark.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  await db.query('UPDATE member SET agent_remark = $2 WHERE id = $1', [memberId, clean || null]);
}

/**
 * Blocks or unblocks a direct downline; blocking ends its sessions. An operator's block
 * (member.blocked_by, migration 047) stays: the agent can neither lift it nor make it its own.
 */
export async function setStatus(db: Db, caller: AgentCaller, memberId: number, status: 'active' | 'blocked', nowMs: number): Promise<void> {
  await downlineOf(db, caller, memberId, { direct: true });
  const changed = await db.query("UPDATE member SET status = $2, blocked_by = CASE WHEN $2 = 'blocked' THEN 'agent' END WHERE id = $1 AND blocked_by IS DISTINCT FROM 'operator'", [memberId, status]);
  if (changed.rowCount === 0 && status === 'active') throw new AppError(403, 'agent.blocked.by.operator');
  if (status === 'blocked') {
    await db.query("UPDATE member_session SET revoked_at = $2, revoke_reason = 'blocked' WHERE member_id = $1 AND revoked_at IS NULL", [memberId, new Date(nowMs)]);
  }
}
