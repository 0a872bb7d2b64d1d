import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the back office's dashboard (dashboard.service.ts): reads only. Every figure is counted by
// the merchant's day it happened on: UTC + offsetMinutes, the day of timestamp x being
// ((x AT TIME ZONE 'UTC') + offset)::date, as the profit and loss counts it.

/** The products the dashboard splits the play into. */
export const DASHBOARD_PRODUCTS = ['lottery', 'inhouse', 'vendor'] as const;
export type DashboardProduct = (typeof DASHBOARD_PRODUCTS)[number];

export interface DashboardPeriod {
  merchantId: number;
  /** The first day's start and the last day's end (epoch ms, end exclusive). */
  fromMs: number;
  toMs: number;
  /** The first and last day, YYYY-MM-DD. */
  fromDay: string;
  toDay: string;
  offsetMinutes: number;
}

const dayOf = (column: string) => `((${column} AT TIME ZONE 'UTC') + make_interval(mins => $4))::date`;

function toSafeNumber(value: string | number | null): number {
  const number = Number(value ?? 0);
  if (!Number.isSafeInteger(number)) throw new Error(`Dashboard amount ${value} is beyond safe integer range`);
  return number;
}

export interface DayMoney {
  day: string;
  registrations: number;
  firstDeposits: number;
  depositCount: number;
  depositMinor: number;
  withdrawalCount: number;
  withdrawalMinor: number;
  bonusMinor: number;
}

/**
 * Every day of the period (a row even when nothing happened): members registered (free-play guests
 * are no one's money and are left out); deposits approved (credited: the amount that reached the
 * wallet, by when it was credited, however it came: manual, gateway or C2C) and among them each
 * member's first ever; withdrawals paid (their amount, by when they were paid); and the money the
 * house gave members as bonuses — the sum of members' real-money postings of `bonusKinds` (a
 * take-back, a debit, lowers it).
 */
export async function selectDayMoney(db: Db, period: DashboardPeriod, bonusKinds: readonly string[]): Promise<DayMoney[]> {
  const result = await db.query<{
    day: string; registrations: number; first_deposits: number; deposit_count: number; deposit_minor: string;
    withdrawal_count: number; withdrawal_minor: string; bonus_minor: string;
  }>(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series($5::date, $6::date, interval '1 day') AS d
     ), registered AS (
       SELECT ${dayOf('m.created_at')} AS day, count(*)::int AS n
         FROM member m
        WHERE m.merchant_id = $1 AND m.member_type <> $7 AND m.created_at >= $2 AND m.created_at < $3
        GROUP BY 1
     ), deposited AS (
       SELECT ${dayOf('d.settled_at')} AS day, count(*)::int AS n, sum(d.credited_minor) AS minor,
              count(*) FILTER (WHERE NOT EXISTS (
                SELECT 1 FROM deposit e
                 WHERE e.member_id = d.member_id AND e.status = 'approved' AND (e.settled_at, e.id) < (d.settled_at, d.id)
              ))::int AS firsts
         FROM deposit d
        WHERE d.merchant_id = $1 AND d.status = 'approved' AND d.settled_at >= $2 AND d.settled_at < $3
        GROUP BY 1
     ), paid AS (
       SELECT ${dayOf('w.decided_at')} AS day, count(*)::int AS n, sum(w.amount_minor) AS minor
         FROM withdrawal w
        WHERE w.merchant_id = $1 AND w.status = 'paid' AND w.decided_at >= $2 AND w.decided_at < $3
        GROUP BY 1
     ), bonus AS (
       SELECT ${dayOf('t.created_at')} AS day, sum(p.amount_minor) AS minor
         FROM ledger_transaction t
         JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id
        WHERE t.merchant_id = $1 AND t.created_at >= $2 AND t.created_at < $3 AND t.kind = ANY ($8::text[])
          AND a.member_id IS NOT NULL AND a.unit = 'REAL'
        GROUP BY 1
     )
     SELECT days.day::text AS day,
            coalesce(registered.n, 0) AS registrations,
            coalesce(deposited.firsts, 0) AS first_deposits,
            coalesce(deposited.n, 0) AS deposit_count,
            coalesce(deposited.minor, 0)::text AS deposit_minor,
            coalesce(paid.n, 0) AS withdrawal_count,
            coalesce(paid.minor, 0)::text AS withdrawal_minor,
            coalesce(bonus.minor, 0)::text AS bonus_minor
       FROM days
       LEFT JOIN registered USING (day)
       LEFT JOIN deposited USING (day)
       LEFT JOIN paid USING (day)
       LEFT JOIN bonus USING (day)
      ORDER BY days.day`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), period.offsetMinutes, period.fromDay, period.toDay, GUEST_MEMBER_TYPE, bonusKinds],
  );
  return result.rows.map((row) => ({
    day: row.day,
    registrations: row.registrations,
    firstDeposits: row.first_deposits,
    depositCount: row.deposit_count,
    depositMinor: toSafeNumber(row.deposit_minor),
    withdrawalCount: row.withdrawal_count,
    withdrawalMinor: toSafeNumber(row.withdrawal_minor),
    bonusMinor: toSafeNumber(row.bonus_minor),
  }));
}

export interface PlaySums {
  /** null: the whole period. */
  day: string | null;
  /** null: every product. */
  product: DashboardProduct | null;
  stakeMinor: number;
  winMinor: number;
  activePlayers: number;
}

/**
 * The settled play, as the betting rebate, points, VIP and missions count it: the lottery's bets
 * settled won or lost, by when they settled (a push, a cancelled, stopped or voided bet was
 * refunded and counts nothing), stake and prize; game rounds that ended settled, by when they
 * ended (a rolled-back round counts nothing, trial play is no one's money), stake and win — the
 * in-house games (the provider connected through the in-house adapter) apart from the other
 * vendors'. Guests' play money is left out. Sums per day and product, per day, and for the whole
 * period; active players: distinct members with a stake.
 */
export async function selectPlaySums(db: Db, period: DashboardPeriod): Promise<PlaySums[]> {
  const result = await db.query<{ day: string | null; product: DashboardProduct | null; stake_minor: string; win_minor: string; active_players: number }>(
    `WITH play AS (
       SELECT b.member_id, 'lottery'::text AS product, ${dayOf('r.settled_at')} AS day, b.amount_minor AS stake_minor, b.prize_minor AS win_minor
         FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $2 AND r.settled_at < $3
          AND b.merchant_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
       UNION ALL
       SELECT g.member_id, CASE WHEN p.adapter = 'inhouse' THEN 'inhouse' ELSE 'vendor' END, ${dayOf('g.ended_at')}, g.bet_minor, g.win_minor
         FROM game_round g
         LEFT JOIN game_provider p ON p.merchant_id = g.merchant_id AND p.vassalage = g.vassalage
        WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $2 AND g.ended_at < $3
     )
     SELECT play.day::text AS day, play.product, sum(play.stake_minor)::text AS stake_minor, sum(play.win_minor)::text AS win_minor,
            (count(DISTINCT play.member_id) FILTER (WHERE play.stake_minor > 0))::int AS active_players
       FROM play JOIN member m ON m.id = play.member_id AND m.member_type <> $5
      GROUP BY GROUPING SETS ((play.day, play.product), (play.day), ())`,
    [period.merchantId, new Date(period.fromMs), new Date(period.toMs), period.offsetMinutes, GUEST_MEMBER_TYPE],
  );
  return result.rows.map((row) => ({
    day: row.day,
    product: row.product,
    stakeMinor: toSafeNumber(row.stake_minor),
    winMinor: toSafeNumber(row.win_minor),
    activePlayers: row.active_players,
  }));
}
