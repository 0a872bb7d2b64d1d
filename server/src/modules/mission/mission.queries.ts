import type { MissionDevice, MissionLeaderboardMetric, MissionMilestoneKind } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of missions (migration 062). A member's progress is read from where the activity happens,
// settled, inside the mission's window: the lottery's bets settled won or lost (a push, a
// cancelled, stopped or voided bet is refunded and counts nothing) by when they settled, game
// rounds that ended settled (not trial play, not rolled back) by when they ended, approved
// deposits by what was credited, sessions by the merchant day they started on, and the distinct
// games of those bets and rounds.

export interface MissionTexts {
  title?: string;
  description?: string;
  rules?: string;
}

export interface MissionRow {
  id: number;
  merchantId: number;
  name: string;
  texts: Record<string, MissionTexts>;
  startsAtMs: number;
  endsAtMs: number;
  device: MissionDevice;
  minVipLevel: number;
  leaderboardMetric: MissionLeaderboardMetric | null;
  paused: boolean;
  leaderboardPaidAtMs: number | null;
}

export interface MilestoneRow {
  id: number;
  missionId: number;
  kind: MissionMilestoneKind;
  target: number;
  rewardKind: 'money' | 'tickets';
  rewardMinor: number | null;
  rewardTickets: number | null;
  wageringMultiplierX100: number;
  sortOrder: number;
}

export interface PrizeRow {
  rank: number;
  amountMinor: number;
  wageringMultiplierX100: number;
}

const MISSION_COLUMNS = `id, merchant_id AS "merchantId", name, texts, (extract(epoch FROM starts_at) * 1000)::float8 AS "startsAtMs",
  (extract(epoch FROM ends_at) * 1000)::float8 AS "endsAtMs", device, min_vip_level AS "minVipLevel",
  leaderboard_metric AS "leaderboardMetric", paused, (extract(epoch FROM leaderboard_paid_at) * 1000)::float8 AS "leaderboardPaidAtMs"`;

const MILESTONE_COLUMNS = `id, mission_id AS "missionId", kind, target::float8 AS target, reward_kind AS "rewardKind", reward_minor::float8 AS "rewardMinor",
  reward_tickets AS "rewardTickets", wagering_multiplier_x100 AS "wageringMultiplierX100", sort_order AS "sortOrder"`;

/** The merchant's missions, newest end first; `visibleSinceMs`: only those whose claim grace had not passed then. */
export async function selectMissions(db: Db, merchantId: number, options: { includePaused?: boolean; endedAfterMs?: number } = {}): Promise<MissionRow[]> {
  const result = await db.query<MissionRow>(
    `SELECT ${MISSION_COLUMNS} FROM mission
      WHERE merchant_id = $1 AND ($2 OR NOT paused) AND ($3::timestamptz IS NULL OR ends_at > $3)
      ORDER BY ends_at DESC, id DESC`,
    [merchantId, options.includePaused ?? false, options.endedAfterMs === undefined ? null : new Date(options.endedAfterMs)],
  );
  return result.rows;
}

export async function selectMission(db: Db, merchantId: number, missionId: number, lock = false): Promise<MissionRow | undefined> {
  const result = await db.query<MissionRow>(`SELECT ${MISSION_COLUMNS} FROM mission WHERE merchant_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [merchantId, missionId]);
  return result.rows[0];
}

export async function selectMilestones(db: Db, missionIds: readonly number[]): Promise<MilestoneRow[]> {
  if (missionIds.length === 0) return [];
  const result = await db.query<MilestoneRow>(`SELECT ${MILESTONE_COLUMNS} FROM mission_milestone WHERE mission_id = ANY ($1::int[]) ORDER BY mission_id, sort_order, id`, [missionIds]);
  return result.rows;
}

export async function selectPrizes(db: Db, missionId: number): Promise<PrizeRow[]> {
  const result = await db.query<PrizeRow>(
    `SELECT rank, amount_minor::float8 AS "amountMinor", wagering_multiplier_x100 AS "wageringMultiplierX100"
       FROM mission_leaderboard_prize WHERE mission_id = $1 ORDER BY rank`,
    [missionId],
  );
  return result.rows;
}

export interface ClaimRow {
  id: number;
  milestoneId: number;
  claimedAtMs: number | null;
}

/** The member's claims of the missions given, by milestone. */
export async function selectClaims(db: Db, memberId: number, missionIds: readonly number[]): Promise<Map<number, ClaimRow>> {
  if (missionIds.length === 0) return new Map();
  const result = await db.query<ClaimRow>(
    `SELECT id::float8 AS id, milestone_id AS "milestoneId", (extract(epoch FROM claimed_at) * 1000)::float8 AS "claimedAtMs"
       FROM mission_claim WHERE member_id = $1 AND mission_id = ANY ($2::int[])`,
    [memberId, missionIds],
  );
  return new Map(result.rows.map((row) => [row.milestoneId, row]));
}

/**
 * The member's row of a milestone, made unless it is there, and locked: every claim of this member
 * and milestone queues here, and the second finds what the first wrote.
 */
export async function lockClaim(db: Db, input: { merchantId: number; missionId: number; milestoneId: number; memberId: number; nowMs: number }): Promise<ClaimRow> {
  await db.query(
    `INSERT INTO mission_claim (merchant_id, mission_id, milestone_id, member_id, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (milestone_id, member_id) DO NOTHING`,
    [input.merchantId, input.missionId, input.milestoneId, input.memberId, new Date(input.nowMs)],
  );
  const result = await db.query<ClaimRow>(
    `SELECT id::float8 AS id, milestone_id AS "milestoneId", (extract(epoch FROM claimed_at) * 1000)::float8 AS "claimedAtMs"
       FROM mission_claim WHERE milestone_id = $1 AND member_id = $2 FOR UPDATE`,
    [input.milestoneId, input.memberId],
  );
  return result.rows[0];
}

export async function markClaimed(
  db: Db,
  claimId: number,
  paid: { progress: number; rewardMinor: number | null; requirementMinor: number | null; tickets: number | null; ledgerTransactionId: number | null; nowMs: number },
): Promise<void> {
  await db.query(
    `UPDATE mission_claim SET claimed_at = $2, progress = $3, reward_minor = $4, requirement_minor = $5, tickets = $6, ledger_transaction_id = $7
      WHERE id = $1 AND claimed_at IS NULL`,
    [claimId, new Date(paid.nowMs), paid.progress, paid.rewardMinor, paid.requirementMinor, paid.tickets, paid.ledgerTransactionId],
  );
}

export type Progress = Record<MissionMilestoneKind, number>;

/**
 * What a member has counted of every kind between `fromMs` (inclusive) and `toMs` (exclusive):
 * money in minor units, sign-ins as distinct merchant days (UTC + `offsetMinutes`), variety as
 * distinct games (a lottery game, or a vendor's game by its code).
 */
export async function selectProgress(db: Db, input: { merchantId: number; memberId: number; fromMs: number; toMs: number; offsetMinutes: number }): Promise<Progress> {
  const result = await db.query<Progress>(
    `WITH bets AS (
       SELECT b.amount_minor AS stake, CASE WHEN b.state = 'won' THEN b.prize_minor ELSE 0 END AS win, 'L' || r.game_id AS game
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
        WHERE b.member_id = $2 AND b.merchant_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
          AND r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $3 AND r.settled_at < $4
       UNION ALL
       SELECT g.valid_bet_minor, g.win_minor, 'G' || g.vassalage || ':' || g.game_code
         FROM game_round g
        WHERE g.member_id = $2 AND g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $3 AND g.ended_at < $4
     )
     SELECT (SELECT coalesce(sum(stake), 0) FROM bets)::float8 AS stake,
            (SELECT coalesce(sum(win), 0) FROM bets)::float8 AS wins,
            (SELECT count(DISTINCT game) FROM bets WHERE stake > 0)::float8 AS variety,
            (SELECT coalesce(sum(d.credited_minor), 0) FROM deposit d
              WHERE d.member_id = $2 AND d.merchant_id = $1 AND d.status = 'approved' AND d.credited_minor IS NOT NULL
                AND d.settled_at >= $3 AND d.settled_at < $4)::float8 AS deposits,
            (SELECT count(DISTINCT ((s.created_at AT TIME ZONE 'UTC') + make_interval(mins => $5))::date) FROM member_session s
              WHERE s.member_id = $2 AND s.merchant_id = $1 AND s.created_at >= $3 AND s.created_at < $4)::float8 AS sign_ins`,
    [input.merchantId, input.memberId, new Date(input.fromMs), new Date(input.toMs), input.offsetMinutes],
  );
  return result.rows[0];
}

/** Every member's score of a money metric in the window, with when it reached it (the last event counted). */
export async function selectScores(
  db: Db,
  input: { merchantId: number; metric: MissionLeaderboardMetric; fromMs: number; toMs: number },
): Promise<{ memberId: number; username: string; score: number; reachedAtMs: number }[]> {
  const events =
    input.metric === 'deposits'
      ? `SELECT d.member_id, d.credited_minor AS amount, d.settled_at AS at FROM deposit d
          WHERE d.merchant_id = $1 AND d.status = 'approved' AND d.credited_minor IS NOT NULL AND d.settled_at >= $2 AND d.settled_at < $3`
      : `SELECT b.member_id, ${input.metric === 'stake' ? 'b.amount_minor' : "CASE WHEN b.state = 'won' THEN b.prize_minor ELSE 0 END"} AS amount, r.settled_at AS at
           FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
          WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
            AND b.merchant_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
         UNION ALL
         SELECT g.member_id, ${input.metric === 'stake' ? 'g.valid_bet_minor' : 'g.win_minor'}, g.ended_at
           FROM game_round g
          WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $2 AND g.ended_at < $3 AND g.member_id IS NOT NULL`;
  const result = await db.query<{ memberId: number; username: string; score: number; reachedAtMs: number }>(
    `WITH events AS (${events})
     SELECT e.member_id::float8 AS "memberId", m.username, sum(e.amount)::float8 AS score,
            (extract(epoch FROM max(e.at) FILTER (WHERE e.amount > 0)) * 1000)::float8 AS "reachedAtMs"
       FROM events e JOIN member m ON m.id = e.member_id
      GROUP BY e.member_id, m.username
     HAVING sum(e.amount) > 0`,
    [input.merchantId, new Date(input.fromMs), new Date(input.toMs)],
  );
  return result.rows;
}

/** Missions whose leaderboard is due: ended at least `settleMs` ago, prizes not yet paid. */
export async function selectDueLeaderboards(db: Db, nowMs: number, settleMs: number): Promise<{ id: number; merchantId: number }[]> {
  const result = await db.query<{ id: number; merchantId: number }>(
    `SELECT id, merchant_id AS "merchantId" FROM mission
      WHERE leaderboard_metric IS NOT NULL AND leaderboard_paid_at IS NULL AND ends_at <= $1 ORDER BY ends_at, id`,
    [new Date(nowMs - settleMs)],
  );
  return result.rows;
}

export async function insertPayout(
  db: Db,
  input: { missionId: number; rank: number; memberId: number; score: number; amountMinor: number; requirementMinor: number; ledgerTransactionId: number; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO mission_leaderboard_payout (mission_id, rank, member_id, score, amount_minor, requirement_minor, ledger_transaction_id, paid_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (mission_id, rank) DO NOTHING`,
    [input.missionId, input.rank, input.memberId, input.score, input.amountMinor, input.requirementMinor, input.ledgerTransactionId, new Date(input.nowMs)],
  );
}

export async function markLeaderboardPaid(db: Db, missionId: number, nowMs: number): Promise<void> {
  await db.query('UPDATE mission SET leaderboard_paid_at = $2 WHERE id = $1 AND leaderboard_paid_at IS NULL', [missionId, new Date(nowMs)]);
}

export async function selectPayouts(db: Db, missionId: number): Promise<{ rank: number; memberId: number; username: string; score: number; amountMinor: number; paidAtMs: number }[]> {
  const result = await db.query<{ rank: number; memberId: number; username: string; score: number; amountMinor: number; paidAtMs: number }>(
    `SELECT p.rank, p.member_id::float8 AS "memberId", m.username, p.score::float8 AS score, p.amount_minor::float8 AS "amountMinor",
            (extract(epoch FROM p.paid_at) * 1000)::float8 AS "paidAtMs"
       FROM mission_leaderboard_payout p JOIN member m ON m.id = p.member_id WHERE p.mission_id = $1 ORDER BY p.rank`,
    [missionId],
  );
  return result.rows;
}

/** The milestone claims of a mission (the operator's view), newest first. */
export async function selectMissionClaims(db: Db, missionId: number, limit: number): Promise<{ milestoneId: number; memberId: number; username: string; rewardMinor: number | null; tickets: number | null; claimedAtMs: number }[]> {
  const result = await db.query<{ milestoneId: number; memberId: number; username: string; rewardMinor: number | null; tickets: number | null; claimedAtMs: number }>(
    `SELECT c.milestone_id AS "milestoneId", c.member_id::float8 AS "memberId", m.username, c.reward_minor::float8 AS "rewardMinor", c.tickets,
            (extract(epoch FROM c.claimed_at) * 1000)::float8 AS "claimedAtMs"
       FROM mission_claim c JOIN member m ON m.id = c.member_id
      WHERE c.mission_id = $1 AND c.claimed_at IS NOT NULL ORDER BY c.claimed_at DESC, c.id DESC LIMIT $2`,
    [missionId, limit],
  );
  return result.rows;
}
