import { randomBytes } from 'node:crypto';
import { AGENT_MEMBER_TYPES, isAgentMemberType, type AffiliateLinkExpiry, type AgentLink } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import type { AgentCaller } from './agent-access';
import { checkedSeries } from './downline.service';

// Affiliate (invitation) links (legacy page registerCenter): a code that registers new
// members under the agent, as players or agents, with the link's rebate setting, until it expires
// or the agent deletes it. Registration (module member) asks linkByCode for the code it was given.

const EXPIRY_MS: Record<AffiliateLinkExpiry, number | null> = {
  never: null,
  '1d': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
  '1y': 365 * 86_400_000,
};

/** 8 characters of an unambiguous alphabet (no 0/O, 1/I/L): ~39 bits, unique per merchant. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

interface LinkRow {
  id: string;
  code: string;
  accountType: 'agent' | 'player';
  rebateSeries: number;
  channel: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  registrations: string;
}

const linkOf = (row: LinkRow, nowMs: number): AgentLink => ({
  affiUrlId: Number(row.id),
  code: row.code,
  accountType: row.accountType,
  rebateSeries: row.rebateSeries,
  channel: row.channel ?? '',
  createdTime: row.createdAt.getTime(),
  expiryTime: row.expiresAt?.getTime() ?? null,
  registrations: Number(row.registrations),
  status: row.expiresAt && row.expiresAt.getTime() <= nowMs ? 'expired' : 'normal',
});

const LINK_COLUMNS = `l.id, l.code, l.account_type AS "accountType", l.rebate_series AS "rebateSeries", l.channel, l.created_at AS "createdAt",
  l.expires_at AS "expiresAt", (SELECT count(*) FROM member m WHERE m.affiliate_link_id = l.id) AS registrations`;

export async function createLink(
  db: Db,
  caller: AgentCaller,
  input: { accountType: 'agent' | 'player'; rebateSeries: number; expiry: AffiliateLinkExpiry; channel?: string },
  nowMs: number,
): Promise<AgentLink> {
  const series = await checkedSeries(db, caller, input.rebateSeries);
  const lifetime = EXPIRY_MS[input.expiry];
  const channel = input.channel?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || null;
  for (let attempt = 0; ; attempt++) {
    try {
      const inserted = await db.query<LinkRow>(
        `WITH l AS (
           INSERT INTO affiliate_link (merchant_id, agent_id, code, account_type, rebate_series, channel, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *
         ) SELECT l.id, l.code, l.account_type AS "accountType", l.rebate_series AS "rebateSeries", l.channel, l.created_at AS "createdAt",
                  l.expires_at AS "expiresAt", 0 AS registrations FROM l`,
        [caller.merchantId, caller.agentId, newCode(), input.accountType, series, channel, new Date(nowMs), lifetime === null ? null : new Date(nowMs + lifetime)],
      );
      return linkOf(inserted.rows[0], nowMs);
    } catch (error) {
      // A code another link (or a member's own affiliate code) holds: draw again.
      if ((error as { code?: string }).code === '23505' && attempt < 5) continue;
      throw error;
    }
  }
}

export async function listLinks(db: Db, caller: AgentCaller, nowMs: number): Promise<AgentLink[]> {
  const result = await db.query<LinkRow>(
    `SELECT ${LINK_COLUMNS} FROM affiliate_link l WHERE l.agent_id = $1 AND l.merchant_id = $2 AND l.deleted_at IS NULL ORDER BY l.created_at DESC, l.id DESC`,
    [caller.agentId, caller.merchantId],
  );
  return result.rows.map((row) => linkOf(row, nowMs));
}

export async function deleteLink(db: Db, caller: AgentCaller, linkId: number, nowMs: number): Promise<void> {
  const result = await db.query('UPDATE affiliate_link SET deleted_at = $4 WHERE id = $1 AND agent_id = $2 AND merchant_id = $3 AND deleted_at IS NULL', [
    linkId,
    caller.agentId,
    caller.merchantId,
    new Date(nowMs),
  ]);
  if (!result.rowCount) throw new AppError(404, 'agent.link.unknown');
}

export async function registeredAffiliates(db: Db, caller: AgentCaller, page: number, size: number) {
  const [rows, count] = await Promise.all([
    db.query<{ id: number; username: string; memberType: number; createdAt: Date; code: string }>(
      `SELECT m.id::int AS id, m.username, m.member_type AS "memberType", m.created_at AS "createdAt", l.code
         FROM member m JOIN affiliate_link l ON l.id = m.affiliate_link_id
        WHERE l.agent_id = $1 AND l.merchant_id = $2 ORDER BY m.created_at DESC, m.id DESC LIMIT $3 OFFSET $4`,
      [caller.agentId, caller.merchantId, size, (page - 1) * size],
    ),
    db.query<{ count: string }>('SELECT count(*) AS count FROM member m JOIN affiliate_link l ON l.id = m.affiliate_link_id WHERE l.agent_id = $1 AND l.merchant_id = $2', [
      caller.agentId,
      caller.merchantId,
    ]),
  ]);
  return {
    list: rows.rows.map((row) => ({
      memberId: row.id,
      username: row.username,
      accountType: isAgentMemberType(row.memberType) ? ('agent' as const) : ('player' as const),
      registrationTime: row.createdAt.getTime(),
      code: row.code,
    })),
    totalPages: Math.ceil(Number(count.rows[0].count) / size),
  };
}

export interface LinkForRegistration {
  linkId: number;
  agentId: number;
  memberType: 0 | 1;
  rebateSeries: number;
}

/** A live link's code (case-insensitive) of the merchant: who registers with it joins that agent. */
export async function linkByCode(db: Db, merchantId: number, code: string, nowMs: number): Promise<LinkForRegistration | undefined> {
  const result = await db.query<{ id: string; agentId: string; accountType: 'agent' | 'player'; rebateSeries: number }>(
    `SELECT l.id, l.agent_id AS "agentId", l.account_type AS "accountType", l.rebate_series AS "rebateSeries"
       FROM affiliate_link l JOIN member a ON a.id = l.agent_id
      WHERE l.merchant_id = $1 AND lower(l.code) = lower($2) AND l.deleted_at IS NULL AND (l.expires_at IS NULL OR l.expires_at > $3)
        AND a.status = 'active' AND a.member_type = ANY($4::int[])`,
    [merchantId, code, new Date(nowMs), AGENT_MEMBER_TYPES],
  );
  const row = result.rows[0];
  return row ? { linkId: Number(row.id), agentId: Number(row.agentId), memberType: row.accountType === 'agent' ? 1 : 0, rebateSeries: row.rebateSeries } : undefined;
}
