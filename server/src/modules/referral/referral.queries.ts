import { createHash } from 'node:crypto';
import type { Db } from '../../db/pool';

// SQL of invite-a-friend (migration 064). Settings and achievements, invitation codes, the friends
// and their progress, the fingerprints of the abuse check, and the daily rebates.

const safe = (value: string | number | null): number => (value === null ? 0 : Number(value));

export interface ReferralSettingsRow {
  enabled: boolean;
  minFirstDepositMinor: number;
  minValidStakeMinor: number;
  invitationRewardMinor: number;
  depositRateL1Bp: number;
  depositRateL2Bp: number;
  betRateL1Bp: number;
  betRateL2Bp: number;
  checkAddress: boolean;
  mainDomain: string | null;
}

export const DISABLED_SETTINGS: ReferralSettingsRow = {
  enabled: false,
  minFirstDepositMinor: 0,
  minValidStakeMinor: 0,
  invitationRewardMinor: 0,
  depositRateL1Bp: 0,
  depositRateL2Bp: 0,
  betRateL1Bp: 0,
  betRateL2Bp: 0,
  checkAddress: true,
  mainDomain: null,
};

const SETTING_COLUMNS: Record<keyof ReferralSettingsRow, string> = {
  enabled: 'enabled',
  minFirstDepositMinor: 'min_first_deposit_minor',
  minValidStakeMinor: 'min_valid_stake_minor',
  invitationRewardMinor: 'invitation_reward_minor',
  depositRateL1Bp: 'deposit_rate_l1_bp',
  depositRateL2Bp: 'deposit_rate_l2_bp',
  betRateL1Bp: 'bet_rate_l1_bp',
  betRateL2Bp: 'bet_rate_l2_bp',
  checkAddress: 'check_address',
  mainDomain: 'main_domain',
};

export async function selectSettings(db: Db, merchantId: number): Promise<ReferralSettingsRow> {
  const result = await db.query<Record<string, string | number | boolean | null>>('SELECT * FROM referral_setting WHERE merchant_id = $1', [merchantId]);
  const row = result.rows[0];
  if (!row) return DISABLED_SETTINGS;
  return {
    enabled: row.enabled as boolean,
    minFirstDepositMinor: safe(row.min_first_deposit_minor as string),
    minValidStakeMinor: safe(row.min_valid_stake_minor as string),
    invitationRewardMinor: safe(row.invitation_reward_minor as string),
    depositRateL1Bp: row.deposit_rate_l1_bp as number,
    depositRateL2Bp: row.deposit_rate_l2_bp as number,
    betRateL1Bp: row.bet_rate_l1_bp as number,
    betRateL2Bp: row.bet_rate_l2_bp as number,
    checkAddress: row.check_address as boolean,
    mainDomain: row.main_domain as string | null,
  };
}

/** Writes the fields given over the current settings (a merchant without a row starts from the programme off). */
export async function upsertSettings(db: Db, merchantId: number, change: Partial<ReferralSettingsRow>, nowMs: number): Promise<void> {
  const next = { ...(await selectSettings(db, merchantId)), ...change };
  const keys = Object.keys(SETTING_COLUMNS) as (keyof ReferralSettingsRow)[];
  const columns = keys.map((key) => SETTING_COLUMNS[key]);
  await db.query(
    `INSERT INTO referral_setting (merchant_id, ${columns.join(', ')}, updated_at)
     VALUES ($1, ${keys.map((_, i) => `$${i + 2}`).join(', ')}, $${keys.length + 2})
     ON CONFLICT (merchant_id) DO UPDATE SET ${columns.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = EXCLUDED.updated_at`,
    [merchantId, ...keys.map((key) => next[key]), new Date(nowMs)],
  );
}

export interface AchievementRow {
  id: number;
  friends: number;
  bonusMinor: number;
}

export async function selectAchievements(db: Db, merchantId: number): Promise<AchievementRow[]> {
  const result = await db.query<{ id: number; friends: number; bonus_minor: string }>(
    'SELECT id, friends, bonus_minor FROM referral_achievement WHERE merchant_id = $1 AND active ORDER BY friends',
    [merchantId],
  );
  return result.rows.map((row) => ({ id: row.id, friends: row.friends, bonusMinor: safe(row.bonus_minor) }));
}

/** The achievements become exactly these (by number of friends): others turn inactive, their claims kept. */
export async function replaceAchievements(db: Db, merchantId: number, achievements: readonly { friends: number; bonusMinor: number }[]): Promise<void> {
  await db.query('UPDATE referral_achievement SET active = false WHERE merchant_id = $1 AND NOT (friends = ANY ($2::int[]))', [
    merchantId,
    achievements.map((achievement) => achievement.friends),
  ]);
  for (const achievement of achievements) {
    await db.query(
      `INSERT INTO referral_achievement (merchant_id, friends, bonus_minor, active) VALUES ($1, $2, $3, true)
       ON CONFLICT (merchant_id, friends) DO UPDATE SET bonus_minor = EXCLUDED.bonus_minor, active = true`,
      [merchantId, achievement.friends, achievement.bonusMinor],
    );
  }
}

// ---- invitation codes

export async function selectCodeOf(db: Db, memberId: number): Promise<string | undefined> {
  const result = await db.query<{ code: string }>('SELECT code FROM referral_code WHERE member_id = $1', [memberId]);
  return result.rows[0]?.code;
}

/** Inserts the code unless the member has one or the code is taken; answers whether it was written. */
export async function insertCode(db: Db, merchantId: number, memberId: number, code: string, nowMs: number): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO referral_code (member_id, merchant_id, code, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
    [memberId, merchantId, code, new Date(nowMs)],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The active member whose invitation code this is (any case). */
export async function selectInviterByCode(db: Db, merchantId: number, code: string): Promise<{ memberId: number; code: string } | undefined> {
  const result = await db.query<{ member_id: string; code: string }>(
    `SELECT c.member_id, c.code FROM referral_code c JOIN member m ON m.id = c.member_id
      WHERE c.merchant_id = $1 AND c.code = upper($2) AND m.status = 'active'`,
    [merchantId, code],
  );
  const row = result.rows[0];
  return row ? { memberId: Number(row.member_id), code: row.code } : undefined;
}

/** Whether a code is an agent's invitation code or an affiliate link's (those decide an upline instead). */
export async function agentCodeExists(db: Db, merchantId: number, code: string): Promise<boolean> {
  const result = await db.query(
    `SELECT 1 FROM member WHERE merchant_id = $1 AND lower(affiliate_code) = lower($2)
     UNION ALL SELECT 1 FROM affiliate_link WHERE merchant_id = $1 AND lower(code) = lower($2) LIMIT 1`,
    [merchantId, code],
  );
  return (result.rowCount ?? 0) > 0;
}

// ---- friends

export async function insertReferral(
  db: Db,
  input: { merchantId: number; inviterId: number; inviteeId: number; code: string; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO referral (invitee_id, merchant_id, inviter_id, code, invited_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (invitee_id) DO NOTHING`,
    [input.inviteeId, input.merchantId, input.inviterId, input.code, new Date(input.nowMs)],
  );
}

export type ReferralState = 'registered' | 'deposited' | 'qualified' | 'rewarded' | 'refused';

export interface ReferralRow {
  inviteeId: number;
  inviterId: number;
  state: ReferralState;
  invitedAtMs: number;
  firstDepositAtMs: number | null;
  firstDepositMinor: number | null;
  rewardMinor: number | null;
}

function referralOf(row: {
  invitee_id: string;
  inviter_id: string;
  state: ReferralState;
  invited_at: Date;
  first_deposit_at: Date | null;
  first_deposit_minor: string | null;
  reward_minor: string | null;
}): ReferralRow {
  return {
    inviteeId: Number(row.invitee_id),
    inviterId: Number(row.inviter_id),
    state: row.state,
    invitedAtMs: row.invited_at.getTime(),
    firstDepositAtMs: row.first_deposit_at?.getTime() ?? null,
    firstDepositMinor: row.first_deposit_minor === null ? null : Number(row.first_deposit_minor),
    rewardMinor: row.reward_minor === null ? null : Number(row.reward_minor),
  };
}

/** A friend's row, locked FOR UPDATE: whoever advances a friend does it one at a time. */
export async function selectReferralForUpdate(db: Db, merchantId: number, inviteeId: number): Promise<ReferralRow | undefined> {
  const result = await db.query('SELECT * FROM referral WHERE merchant_id = $1 AND invitee_id = $2 FOR UPDATE', [merchantId, inviteeId]);
  return result.rows[0] ? referralOf(result.rows[0]) : undefined;
}

/** Friends not finished yet (of one inviter, or of the whole merchant), in id order after `after`. */
export async function selectOpenReferrals(db: Db, merchantId: number, input: { inviterId?: number; after: number; limit: number }): Promise<number[]> {
  const result = await db.query<{ invitee_id: string }>(
    `SELECT invitee_id FROM referral
      WHERE merchant_id = $1 AND state IN ('registered', 'deposited', 'qualified') AND invitee_id > $2 AND ($3::bigint IS NULL OR inviter_id = $3)
      ORDER BY invitee_id LIMIT $4`,
    [merchantId, input.after, input.inviterId ?? null, input.limit],
  );
  return result.rows.map((row) => Number(row.invitee_id));
}

/** The member's first approved deposit. */
export async function selectFirstDeposit(db: Db, merchantId: number, memberId: number): Promise<{ atMs: number; amountMinor: number } | undefined> {
  const result = await db.query<{ settled_at: Date; credited_minor: string }>(
    `SELECT settled_at, credited_minor FROM deposit WHERE merchant_id = $1 AND member_id = $2 AND status = 'approved'
      ORDER BY settled_at, id LIMIT 1`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return row ? { atMs: row.settled_at.getTime(), amountMinor: Number(row.credited_minor) } : undefined;
}

/**
 * The member's real settled stake since `sinceMs`: lottery bets settled won or lost (a refunded
 * bet counts nothing) and the valid stake of game rounds ended settled (trial play is no one's money).
 */
export async function selectValidStakeMinor(db: Db, merchantId: number, memberId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ stake: string }>(
    `SELECT (coalesce((SELECT sum(b.amount_minor) FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
                        WHERE r.merchant_id = $1 AND b.member_id = $2 AND r.state = 'settled' AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
                          AND r.settled_at >= $3), 0)
           + coalesce((SELECT sum(valid_bet_minor) FROM game_round
                        WHERE merchant_id = $1 AND member_id = $2 AND status = 'settled' AND NOT trial AND ended_at >= $3), 0))::text AS stake`,
    [merchantId, memberId, new Date(sinceMs)],
  );
  return Number(result.rows[0].stake);
}

export async function updateProgress(
  db: Db,
  inviteeId: number,
  change: { state: ReferralState; firstDepositAtMs: number | null; firstDepositMinor: number | null; qualifiedAtMs: number | null },
): Promise<void> {
  await db.query(
    `UPDATE referral SET state = $2, first_deposit_at = $3, first_deposit_minor = $4, qualified_at = coalesce(qualified_at, $5) WHERE invitee_id = $1`,
    [inviteeId, change.state, change.firstDepositAtMs === null ? null : new Date(change.firstDepositAtMs), change.firstDepositMinor, change.qualifiedAtMs === null ? null : new Date(change.qualifiedAtMs)],
  );
}

export async function markRewarded(db: Db, inviteeId: number, rewardMinor: number, ledgerTransactionId: number | null, nowMs: number): Promise<void> {
  await db.query(
    "UPDATE referral SET state = 'rewarded', rewarded_at = $2, reward_minor = $3, ledger_transaction_id = $4 WHERE invitee_id = $1",
    [inviteeId, new Date(nowMs), rewardMinor, ledgerTransactionId],
  );
}

export async function markRefused(db: Db, inviteeId: number, reason: 'linked_to_inviter' | 'linked_to_rewarded_friend'): Promise<void> {
  await db.query("UPDATE referral SET state = 'refused', refused_reason = $2 WHERE invitee_id = $1", [inviteeId, reason]);
}

// ---- abuse fingerprints

export type IdentityKind = 'device' | 'address' | 'card';

/** SHA-256 of an identity, so tables hold fingerprints, not card numbers or addresses. */
export const identityHash = (kind: IdentityKind, value: string): Buffer => createHash('sha256').update(`${kind}:${value}`).digest();

export async function rememberDevice(db: Db, memberId: number, deviceId: string): Promise<void> {
  await db.query('INSERT INTO referral_device (member_id, device_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [memberId, identityHash('device', deviceId)]);
}

export interface Fingerprint {
  kind: IdentityKind;
  hash: Buffer;
}

/** The member's devices, bank cards (also removed ones) and addresses (registration and sessions), as fingerprints. */
export async function selectFingerprints(db: Db, merchantId: number, memberId: number, withAddresses: boolean): Promise<Fingerprint[]> {
  const values = await db.query<{ kind: IdentityKind; value: string }>(
    `SELECT 'card' AS kind, bank_code || ':' || card_number AS value FROM withdraw_card WHERE merchant_id = $1 AND member_id = $2
     UNION SELECT 'address', register_ip FROM member WHERE merchant_id = $1 AND id = $2 AND register_ip IS NOT NULL AND $3
     UNION SELECT 'address', client_ip FROM member_session WHERE merchant_id = $1 AND member_id = $2 AND client_ip IS NOT NULL AND $3`,
    [merchantId, memberId, withAddresses],
  );
  const devices = await db.query<{ device_hash: Buffer }>('SELECT device_hash FROM referral_device WHERE member_id = $1', [memberId]);
  return [
    ...values.rows.map((row) => ({ kind: row.kind, hash: identityHash(row.kind, row.value) })),
    ...devices.rows.map((row) => ({ kind: 'device' as const, hash: row.device_hash })),
  ];
}

/**
 * Writes a rewarded friend's fingerprints under the inviter; answers whether one of them was
 * already another friend's (then the caller refuses the friend, and this friend's rows are
 * removed again in the same transaction). Of two friends written at once the second waits on the
 * first one's key, then finds it taken.
 */
export async function claimFingerprints(db: Db, inviterId: number, inviteeId: number, fingerprints: readonly Fingerprint[]): Promise<boolean> {
  let taken = false;
  for (const fingerprint of fingerprints) {
    await db.query(
      `INSERT INTO referral_reward_identity (inviter_id, identity_kind, identity_hash, invitee_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [inviterId, fingerprint.kind, fingerprint.hash, inviteeId],
    );
    const owner = await db.query<{ invitee_id: string }>(
      'SELECT invitee_id FROM referral_reward_identity WHERE inviter_id = $1 AND identity_kind = $2 AND identity_hash = $3',
      [inviterId, fingerprint.kind, fingerprint.hash],
    );
    if (Number(owner.rows[0].invitee_id) !== inviteeId) taken = true;
  }
  if (taken) await db.query('DELETE FROM referral_reward_identity WHERE inviter_id = $1 AND invitee_id = $2', [inviterId, inviteeId]);
  return taken;
}

// ---- the member's pages

export interface FriendRow {
  inviteeId: number;
  username: string;
  registerTimeMs: number;
  invitedAtMs: number;
  state: ReferralState;
  firstDepositAtMs: number | null;
  rewardMinor: number | null;
  rewardedAtMs: number | null;
}

/** The member's friends (a state, or all), newest first, a page; and how many there are. */
export async function selectFriends(
  db: Db,
  input: { merchantId: number; inviterId: number; states: readonly ReferralState[] | null; fromMs?: number; toMs?: number; offset: number; limit: number },
): Promise<{ rows: FriendRow[]; total: number }> {
  const where = `r.merchant_id = $1 AND r.inviter_id = $2 AND ($3::text[] IS NULL OR r.state = ANY ($3::text[]))
                 AND ($4::timestamptz IS NULL OR r.invited_at >= $4) AND ($5::timestamptz IS NULL OR r.invited_at < $5)`;
  const params = [input.merchantId, input.inviterId, input.states, input.fromMs === undefined ? null : new Date(input.fromMs), input.toMs === undefined ? null : new Date(input.toMs)];
  const [rows, total] = await Promise.all([
    db.query<{ invitee_id: string; username: string; created_at: Date; invited_at: Date; state: ReferralState; first_deposit_at: Date | null; reward_minor: string | null; rewarded_at: Date | null }>(
      `SELECT r.invitee_id, m.username, m.created_at, r.invited_at, r.state, r.first_deposit_at, r.reward_minor, r.rewarded_at
         FROM referral r JOIN member m ON m.id = r.invitee_id WHERE ${where}
        ORDER BY r.invited_at DESC, r.invitee_id DESC OFFSET $6 LIMIT $7`,
      [...params, input.offset, input.limit],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM referral r WHERE ${where}`, params),
  ]);
  return {
    total: total.rows[0].n,
    rows: rows.rows.map((row) => ({
      inviteeId: Number(row.invitee_id),
      username: row.username,
      registerTimeMs: row.created_at.getTime(),
      invitedAtMs: row.invited_at.getTime(),
      state: row.state,
      firstDepositAtMs: row.first_deposit_at?.getTime() ?? null,
      rewardMinor: row.reward_minor === null ? null : Number(row.reward_minor),
      rewardedAtMs: row.rewarded_at?.getTime() ?? null,
    })),
  };
}

export interface FriendCounts {
  invited: number;
  deposited: number;
  qualified: number;
  refused: number;
}

/** How many friends the member has: invited, with a deposit, qualified (rewarded), refused. */
export async function selectFriendCounts(db: Db, merchantId: number, inviterId: number): Promise<FriendCounts> {
  const result = await db.query<{ invited: number; deposited: number; qualified: number; refused: number }>(
    `SELECT count(*)::int AS invited,
            count(*) FILTER (WHERE first_deposit_at IS NOT NULL)::int AS deposited,
            count(*) FILTER (WHERE state = 'rewarded')::int AS qualified,
            count(*) FILTER (WHERE state = 'refused')::int AS refused
       FROM referral WHERE merchant_id = $1 AND inviter_id = $2`,
    [merchantId, inviterId],
  );
  return result.rows[0];
}

/** The member's income from friends between two instants (all time without them), by source, minor units. */
export async function selectIncome(
  db: Db,
  input: { merchantId: number; memberId: number; fromMs?: number; toMs?: number },
): Promise<{ invitationMinor: number; depositRebateMinor: number; betRebateMinor: number; achievementMinor: number }> {
  const from = input.fromMs === undefined ? null : new Date(input.fromMs);
  const to = input.toMs === undefined ? null : new Date(input.toMs);
  const result = await db.query<{ invitation: string; deposit: string; bet: string; achievement: string }>(
    `SELECT
       (SELECT coalesce(sum(reward_minor), 0) FROM referral WHERE merchant_id = $1 AND inviter_id = $2 AND state = 'rewarded'
           AND ($3::timestamptz IS NULL OR rewarded_at >= $3) AND ($4::timestamptz IS NULL OR rewarded_at < $4))::text AS invitation,
       (SELECT coalesce(sum(amount_minor), 0) FROM referral_rebate WHERE merchant_id = $1 AND member_id = $2 AND kind = 'deposit' AND paid_at IS NOT NULL
           AND ($3::timestamptz IS NULL OR paid_at >= $3) AND ($4::timestamptz IS NULL OR paid_at < $4))::text AS deposit,
       (SELECT coalesce(sum(amount_minor), 0) FROM referral_rebate WHERE merchant_id = $1 AND member_id = $2 AND kind = 'bet' AND paid_at IS NOT NULL
           AND ($3::timestamptz IS NULL OR paid_at >= $3) AND ($4::timestamptz IS NULL OR paid_at < $4))::text AS bet,
       (SELECT coalesce(sum(bonus_minor), 0) FROM referral_achievement_claim WHERE merchant_id = $1 AND member_id = $2
           AND ($3::timestamptz IS NULL OR claimed_at >= $3) AND ($4::timestamptz IS NULL OR claimed_at < $4))::text AS achievement`,
    [input.merchantId, input.memberId, from, to],
  );
  const row = result.rows[0];
  return { invitationMinor: Number(row.invitation), depositRebateMinor: Number(row.deposit), betRebateMinor: Number(row.bet), achievementMinor: Number(row.achievement) };
}

/** The merchant's members who earned most from friends (all sources), the top `limit`. */
export async function selectRanking(db: Db, merchantId: number, limit: number): Promise<{ username: string; totalMinor: number; friends: number }[]> {
  const result = await db.query<{ username: string; total: string; friends: number }>(
    `WITH earned AS (
       SELECT inviter_id AS member_id, reward_minor AS amount, 1 AS friend FROM referral WHERE merchant_id = $1 AND state = 'rewarded'
       UNION ALL SELECT member_id, amount_minor, 0 FROM referral_rebate WHERE merchant_id = $1 AND paid_at IS NOT NULL
       UNION ALL SELECT member_id, bonus_minor, 0 FROM referral_achievement_claim WHERE merchant_id = $1
     )
     SELECT m.username, sum(e.amount)::text AS total, sum(e.friend)::int AS friends
       FROM earned e JOIN member m ON m.id = e.member_id
      GROUP BY m.id, m.username HAVING sum(e.amount) > 0
      ORDER BY sum(e.amount) DESC, m.id LIMIT $2`,
    [merchantId, limit],
  );
  return result.rows.map((row) => ({ username: row.username, totalMinor: Number(row.total), friends: row.friends }));
}

export interface RewardRecord {
  source: 'invitation' | 'deposit_rebate' | 'bet_rebate' | 'achievement';
  atMs: number;
  amountMinor: number;
  /** The friend (invitation, rebates); null for an achievement. */
  friendUsername: string | null;
}

/** The merchant's newest rewards paid from the programme (every member: the overview's ticker). */
export async function selectRecentRewards(db: Db, merchantId: number, limit: number): Promise<(RewardRecord & { username: string })[]> {
  const result = await db.query<{ source: RewardRecord['source']; at: Date; amount: string; username: string }>(
    `SELECT * FROM (
       SELECT 'invitation' AS source, r.rewarded_at AS at, r.reward_minor AS amount, m.username FROM referral r JOIN member m ON m.id = r.inviter_id
        WHERE r.merchant_id = $1 AND r.state = 'rewarded' AND r.reward_minor > 0
       UNION ALL
       SELECT CASE b.kind WHEN 'deposit' THEN 'deposit_rebate' ELSE 'bet_rebate' END, b.paid_at, sum(b.amount_minor), m.username
         FROM referral_rebate b JOIN member m ON m.id = b.member_id WHERE b.merchant_id = $1 AND b.paid_at IS NOT NULL
        GROUP BY b.kind, b.paid_at, b.member_id, m.username, b.balance_date
       UNION ALL
       SELECT 'achievement', c.claimed_at, c.bonus_minor, m.username FROM referral_achievement_claim c JOIN member m ON m.id = c.member_id
        WHERE c.merchant_id = $1
     ) rewards ORDER BY at DESC LIMIT $2`,
    [merchantId, limit],
  );
  return result.rows.map((row) => ({ source: row.source, atMs: row.at.getTime(), amountMinor: Number(row.amount), friendUsername: null, username: row.username }));
}

/** Invitation rewards paid to the member, newest first, a page. */
export async function selectInvitationRecords(db: Db, input: { merchantId: number; memberId: number; offset: number; limit: number }) {
  const where = "r.merchant_id = $1 AND r.inviter_id = $2 AND r.state = 'rewarded'";
  const [rows, total] = await Promise.all([
    db.query<{ created_at: Date; username: string; reward_minor: string; rewarded_at: Date }>(
      `SELECT m.created_at, m.username, r.reward_minor, r.rewarded_at FROM referral r JOIN member m ON m.id = r.invitee_id
        WHERE ${where} ORDER BY r.rewarded_at DESC, r.invitee_id DESC OFFSET $3 LIMIT $4`,
      [input.merchantId, input.memberId, input.offset, input.limit],
    ),
    db.query<{ n: number; sum: string }>(`SELECT count(*)::int AS n, coalesce(sum(r.reward_minor), 0)::text AS sum FROM referral r WHERE ${where}`, [input.merchantId, input.memberId]),
  ]);
  return {
    total: total.rows[0].n,
    sumMinor: Number(total.rows[0].sum),
    rows: rows.rows.map((row) => ({ registerTimeMs: row.created_at.getTime(), referredName: row.username, bonusMinor: Number(row.reward_minor), rewardedAtMs: row.rewarded_at.getTime() })),
  };
}

/** Achievement bonuses the member claimed, newest first, a page. */
export async function selectAchievementRecords(db: Db, input: { merchantId: number; memberId: number; offset: number; limit: number }) {
  const [rows, total] = await Promise.all([
    db.query<{ claimed_at: Date; bonus_minor: string; friends: number }>(
      `SELECT c.claimed_at, c.bonus_minor, a.friends FROM referral_achievement_claim c JOIN referral_achievement a ON a.id = c.achievement_id
        WHERE c.merchant_id = $1 AND c.member_id = $2 ORDER BY c.claimed_at DESC OFFSET $3 LIMIT $4`,
      [input.merchantId, input.memberId, input.offset, input.limit],
    ),
    db.query<{ n: number; sum: string }>(
      'SELECT count(*)::int AS n, coalesce(sum(bonus_minor), 0)::text AS sum FROM referral_achievement_claim WHERE merchant_id = $1 AND member_id = $2',
      [input.merchantId, input.memberId],
    ),
  ]);
  return {
    total: total.rows[0].n,
    sumMinor: Number(total.rows[0].sum),
    rows: rows.rows.map((row) => ({ requestTimeMs: row.claimed_at.getTime(), bonusMinor: Number(row.bonus_minor), friends: row.friends })),
  };
}

export interface RebateRecordRow {
  balanceDate: string;
  paidAtMs: number | null;
  friendUsername: string;
  category: string;
  level: number;
  baseMinor: number;
  rateBp: number;
  amountMinor: number;
}

/** The member's rebates of one kind from friends, newest day first, a page (paid and not yet paid). */
export async function selectRebateRecords(db: Db, input: { merchantId: number; memberId: number; kind: 'deposit' | 'bet'; offset: number; limit: number }) {
  const where = 'b.merchant_id = $1 AND b.member_id = $2 AND b.kind = $3';
  const [rows, total] = await Promise.all([
    db.query<{ balance_date: string; paid_at: Date | null; username: string; category: string; level: number; base_minor: string; rate_bp: number; amount_minor: string }>(
      `SELECT to_char(b.balance_date, 'YYYY-MM-DD') AS balance_date, b.paid_at, m.username, b.category, b.level, b.base_minor, b.rate_bp, b.amount_minor
         FROM referral_rebate b JOIN member m ON m.id = b.friend_id
        WHERE ${where} ORDER BY b.balance_date DESC, b.level, m.username, b.category OFFSET $4 LIMIT $5`,
      [input.merchantId, input.memberId, input.kind, input.offset, input.limit],
    ),
    db.query<{ n: number; sum: string }>(`SELECT count(*)::int AS n, coalesce(sum(b.amount_minor), 0)::text AS sum FROM referral_rebate b WHERE ${where}`, [
      input.merchantId,
      input.memberId,
      input.kind,
    ]),
  ]);
  return {
    total: total.rows[0].n,
    sumMinor: Number(total.rows[0].sum),
    rows: rows.rows.map(
      (row): RebateRecordRow => ({
        balanceDate: row.balance_date,
        paidAtMs: row.paid_at?.getTime() ?? null,
        friendUsername: row.username,
        category: row.category,
        level: row.level,
        baseMinor: Number(row.base_minor),
        rateBp: row.rate_bp,
        amountMinor: Number(row.amount_minor),
      }),
    ),
  };
}

export async function selectClaimedAchievementIds(db: Db, memberId: number): Promise<Set<number>> {
  const result = await db.query<{ achievement_id: number }>('SELECT achievement_id FROM referral_achievement_claim WHERE member_id = $1', [memberId]);
  return new Set(result.rows.map((row) => row.achievement_id));
}

// ---- daily rebates

/**
 * Counts a closed day once: the referral_day row and the day's rebates, in the caller's
 * transaction (a second counter waits on the row's key, then counts nothing). Only friends who
 * were rewarded (qualified and not refused) before the day ended earn their inviters anything:
 * the whole of the day they were rewarded on (the deposit that qualified them included) and the
 * days after. The job advances friends before it counts, so a friend who qualified during a day
 * is rewarded before that day is counted. Level 1: the friend's inviter; level 2: that inviter's
 * own inviter. Deposits: approved in the day (credited amount); stakes: as the betting rebate
 * counts them (lottery bets settled won or lost, valid stake of game rounds ended settled, no
 * trial play), per the game's category. Each rebate rounds down to whole minor units; nothing
 * below one minor unit is written. Answers whether this call counted the day.
 */
export async function countDayIn(
  db: Db,
  input: { merchantId: number; balanceDate: string; fromMs: number; toMs: number; nowMs: number; rates: { depositL1: number; depositL2: number; betL1: number; betL2: number } },
): Promise<boolean> {
  const day = await db.query(
    `INSERT INTO referral_day (merchant_id, balance_date, counted_at) VALUES ($1, $2::date, $3)
     ON CONFLICT (merchant_id, balance_date) DO NOTHING RETURNING balance_date`,
    [input.merchantId, input.balanceDate, new Date(input.nowMs)],
  );
  if (!day.rowCount) return false;
  await db.query(
    `WITH friends AS (
       SELECT r.invitee_id AS friend_id, r.inviter_id AS l1, r2.inviter_id AS l2, r.rewarded_at
         FROM referral r
         LEFT JOIN referral r2 ON r2.invitee_id = r.inviter_id AND r2.state = 'rewarded'
        WHERE r.merchant_id = $1 AND r.state = 'rewarded' AND r.rewarded_at < $4
     ), activity AS (
       SELECT d.member_id AS friend_id, 'deposit'::text AS kind, '-'::text AS category, d.credited_minor AS base_minor, d.settled_at AS at
         FROM deposit d WHERE d.merchant_id = $1 AND d.status = 'approved' AND d.settled_at >= $3 AND d.settled_at < $4
       UNION ALL
       SELECT b.member_id, 'bet', 'LOTT', b.amount_minor, r.settled_at
         FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $3 AND r.settled_at < $4 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
       UNION ALL
       SELECT g.member_id, 'bet', g.game_category, g.valid_bet_minor, g.ended_at
         FROM game_round g
        WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $3 AND g.ended_at < $4 AND g.member_id IS NOT NULL
     ), summed AS (
       SELECT f.friend_id, f.l1, f.l2, a.kind, a.category, sum(a.base_minor) AS base_minor
         FROM activity a JOIN friends f ON f.friend_id = a.friend_id
        GROUP BY f.friend_id, f.l1, f.l2, a.kind, a.category
     ), earned AS (
       SELECT l1 AS member_id, friend_id, kind, category, 1 AS level, base_minor,
              CASE kind WHEN 'deposit' THEN $5::int ELSE $7::int END AS rate_bp FROM summed
       UNION ALL
       SELECT l2, friend_id, kind, category, 2, base_minor,
              CASE kind WHEN 'deposit' THEN $6::int ELSE $8::int END FROM summed WHERE l2 IS NOT NULL AND l2 <> friend_id
     )
     INSERT INTO referral_rebate (merchant_id, member_id, balance_date, kind, friend_id, category, level, base_minor, rate_bp, amount_minor)
     SELECT $1, member_id, $2::date, kind, friend_id, category, level, base_minor, rate_bp, floor(base_minor * rate_bp / 10000)
       FROM earned WHERE base_minor > 0 AND floor(base_minor * rate_bp / 10000) > 0`,
    [input.merchantId, input.balanceDate, new Date(input.fromMs), new Date(input.toMs), input.rates.depositL1, input.rates.depositL2, input.rates.betL1, input.rates.betL2],
  );
  return true;
}

/** Members with unpaid rebates on a day (a batch, in member order after `after`). */
export async function selectUnpaidMembers(db: Db, merchantId: number, balanceDate: string, after: number, limit: number): Promise<number[]> {
  const result = await db.query<{ member_id: string }>(
    `SELECT DISTINCT member_id FROM referral_rebate WHERE merchant_id = $1 AND balance_date = $2::date AND paid_at IS NULL AND member_id > $3
      ORDER BY member_id LIMIT $4`,
    [merchantId, balanceDate, after, limit],
  );
  return result.rows.map((row) => Number(row.member_id));
}

/** A member's unpaid rebates of a day and kind, summed, locked FOR UPDATE. */
export async function lockUnpaid(db: Db, merchantId: number, memberId: number, balanceDate: string): Promise<{ kind: 'deposit' | 'bet'; amountMinor: number }[]> {
  const rows = await db.query<{ kind: 'deposit' | 'bet'; amount_minor: string }>(
    `SELECT kind, amount_minor FROM referral_rebate WHERE merchant_id = $1 AND member_id = $2 AND balance_date = $3::date AND paid_at IS NULL
      ORDER BY kind, friend_id, category FOR UPDATE`,
    [merchantId, memberId, balanceDate],
  );
  const sums = new Map<'deposit' | 'bet', number>();
  for (const row of rows.rows) sums.set(row.kind, (sums.get(row.kind) ?? 0) + Number(row.amount_minor));
  return [...sums].map(([kind, amountMinor]) => ({ kind, amountMinor }));
}

export async function markRebatesPaid(db: Db, input: { merchantId: number; memberId: number; balanceDate: string; kind: 'deposit' | 'bet'; ledgerTransactionId: number; nowMs: number }): Promise<void> {
  await db.query(
    `UPDATE referral_rebate SET paid_at = $5, ledger_transaction_id = $6
      WHERE merchant_id = $1 AND member_id = $2 AND balance_date = $3::date AND kind = $4 AND paid_at IS NULL`,
    [input.merchantId, input.memberId, input.balanceDate, input.kind, new Date(input.nowMs), input.ledgerTransactionId],
  );
}

export async function selectEnabledMerchants(db: Db): Promise<number[]> {
  const result = await db.query<{ merchant_id: number }>('SELECT merchant_id FROM referral_setting WHERE enabled ORDER BY merchant_id');
  return result.rows.map((row) => row.merchant_id);
}

/** A member of the merchant by name (the operator's look-up). */
export async function selectMemberByUsername(db: Db, merchantId: number, username: string): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: string; username: string }>('SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2)', [merchantId, username]);
  const row = result.rows[0];
  return row ? { id: Number(row.id), username: row.username } : undefined;
}

/** Who invited the member, if anyone. */
export async function selectInviterOf(db: Db, memberId: number): Promise<{ username: string; code: string } | undefined> {
  const result = await db.query<{ username: string; code: string }>(
    'SELECT m.username, r.code FROM referral r JOIN member m ON m.id = r.inviter_id WHERE r.invitee_id = $1',
    [memberId],
  );
  return result.rows[0];
}
