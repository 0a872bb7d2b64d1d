import type { RebateCategory, RebateMode } from '@platform/contract';
import type { Db } from '../../db/pool';
import { memberVipLevelSql } from '../vip';

// SQL of the betting rebate (migration 058). Counting a day reads the lottery's and the games'
// settled bets and writes rebate_day and rebate_accrual; the rest reads and marks accruals.

/**
 * The rebate category of a game round's category (the game catalogue's codes, contract
 * game-categories.ts): the vendors' lotteries count as elott, the in-house games as rng, e-sports and
 * cockfights as sports. A category not listed earns nothing.
 */
export const GAME_CATEGORY_REBATE: Readonly<Record<string, RebateCategory>> = {
  LOTT: 'elott',
  ELOTT: 'elott',
  RNG: 'rng',
  INHOUSE: 'rng',
  LIVE: 'live',
  FISH: 'fish',
  PVP: 'pvp',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  COCKFIGHT: 'sports',
};

const gameCategoryCase = `CASE g.game_category ${Object.entries(GAME_CATEGORY_REBATE)
  .map(([code, category]) => `WHEN '${code}' THEN '${category}'`)
  .join(' ')} END`;

export interface RebateSettingsRow {
  mode: RebateMode;
  rates: { vipLevel: number; category: RebateCategory; rateBp: number }[];
}

export async function selectSettings(db: Db, merchantId: number): Promise<RebateSettingsRow> {
  const [setting, rates] = await Promise.all([
    db.query<{ mode: RebateMode }>('SELECT mode FROM rebate_setting WHERE merchant_id = $1', [merchantId]),
    db.query<{ vip_level: number; category: RebateCategory; rate_bp: number }>(
      'SELECT vip_level, category, rate_bp FROM rebate_rate WHERE merchant_id = $1 ORDER BY vip_level, category',
      [merchantId],
    ),
  ]);
  return {
    mode: setting.rows[0]?.mode ?? 'manual',
    rates: rates.rows.map((row) => ({ vipLevel: row.vip_level, category: row.category, rateBp: row.rate_bp })),
  };
}

/** Sets the mode and the rates given (each replaces its level and category; a rate of 0 stays, earning nothing). */
export async function upsertSettings(db: Db, merchantId: number, change: Partial<RebateSettingsRow>, nowMs: number): Promise<void> {
  if (change.mode !== undefined) {
    await db.query(
      `INSERT INTO rebate_setting (merchant_id, mode, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (merchant_id) DO UPDATE SET mode = EXCLUDED.mode, updated_at = EXCLUDED.updated_at`,
      [merchantId, change.mode, new Date(nowMs)],
    );
  }
  for (const rate of change.rates ?? []) {
    await db.query(
      `INSERT INTO rebate_rate (merchant_id, vip_level, category, rate_bp) VALUES ($1, $2, $3, $4)
       ON CONFLICT (merchant_id, vip_level, category) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`,
      [merchantId, rate.vipLevel, rate.category, rate.rateBp],
    );
  }
}

/**
 * Counts a closed day once: the rebate_day row and the day's accruals in the caller's transaction.
 * A second counter (another replica, a member reading the same day) waits on the row's key and
 * then counts nothing. Stakes: the lottery's bets settled won or lost in rounds settled that day
 * (a push, a cancelled, stopped or voided bet is refunded and counts nothing), and the valid stake
 * of game rounds that ended settled that day (a rolled-back round counts nothing; trial play is
 * no member's money). Each member's stake per category is summed, then × the rate of the member's
 * VIP level when the day is counted (modules/vip: levels change at month ends, so a day's level
 * is the one its month had), rounded down to whole minor units; the accrual keeps that level.
 * Answers whether this call counted the day.
 */
export async function countDayIn(
  db: Db,
  input: { merchantId: number; balanceDate: string; fromMs: number; toMs: number; nowMs: number },
): Promise<boolean> {
  const day = await db.query(
    `INSERT INTO rebate_day (merchant_id, balance_date, counted_at) VALUES ($1, $2::date, $3)
     ON CONFLICT (merchant_id, balance_date) DO NOTHING RETURNING balance_date`,
    [input.merchantId, input.balanceDate, new Date(input.nowMs)],
  );
  if (!day.rowCount) return false;
  await db.query(
    `WITH stakes AS (
       SELECT b.member_id, 'lott'::text AS category, b.amount_minor AS stake_minor
         FROM lottery_round r JOIN lottery_bet b ON b.round_id = r.id
        WHERE r.merchant_id = $1 AND r.state = 'settled' AND r.settled_at >= $3 AND r.settled_at < $4
          AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')
       UNION ALL
       SELECT g.member_id, ${gameCategoryCase}, g.valid_bet_minor
         FROM game_round g
        WHERE g.merchant_id = $1 AND g.status = 'settled' AND NOT g.trial AND g.ended_at >= $3 AND g.ended_at < $4
     ), summed AS (
       SELECT member_id, category, sum(stake_minor) AS stake_minor FROM stakes
        WHERE category IS NOT NULL AND member_id IS NOT NULL GROUP BY member_id, category
     ), earned AS (
       SELECT s.member_id, s.category, s.stake_minor, r.vip_level, r.rate_bp, floor(s.stake_minor * r.rate_bp / 10000) AS amount_minor
         FROM summed s JOIN rebate_rate r ON r.merchant_id = $1 AND r.vip_level = ${memberVipLevelSql('$1', 's.member_id')} AND r.category = s.category
     )
     INSERT INTO rebate_accrual (merchant_id, member_id, balance_date, category, vip_level, stake_minor, rate_bp, amount_minor)
     SELECT $1, member_id, $2::date, category, vip_level, stake_minor, rate_bp, amount_minor FROM earned
      WHERE amount_minor > 0`,
    [input.merchantId, input.balanceDate, new Date(input.fromMs), new Date(input.toMs)],
  );
  return true;
}

export interface AccrualRow {
  category: RebateCategory;
  amountMinor: number;
  paid: boolean;
}

/** The member's accruals of a day (of the categories given, or all), locked FOR UPDATE when `lock`. */
export async function selectAccruals(
  db: Db,
  input: { merchantId: number; memberId: number; balanceDate: string; categories?: readonly RebateCategory[]; lock?: boolean },
): Promise<AccrualRow[]> {
  const result = await db.query<{ category: RebateCategory; amount_minor: string; paid: boolean }>(
    `SELECT category, amount_minor, paid_at IS NOT NULL AS paid FROM rebate_accrual
      WHERE merchant_id = $1 AND member_id = $2 AND balance_date = $3::date AND ($4::text[] IS NULL OR category = ANY ($4::text[]))
      ORDER BY category${input.lock ? ' FOR UPDATE' : ''}`,
    [input.merchantId, input.memberId, input.balanceDate, input.categories ?? null],
  );
  return result.rows.map((row) => ({ category: row.category, amountMinor: Number(row.amount_minor), paid: row.paid }));
}

export async function markPaid(
  db: Db,
  input: { merchantId: number; memberId: number; balanceDate: string; category: RebateCategory; by: 'claim' | 'auto'; ledgerTransactionId: number; nowMs: number },
): Promise<void> {
  await db.query(
    `UPDATE rebate_accrual SET paid_at = $5, paid_by = $6, ledger_transaction_id = $7
      WHERE merchant_id = $1 AND member_id = $2 AND balance_date = $3::date AND category = $4 AND paid_at IS NULL`,
    [input.merchantId, input.memberId, input.balanceDate, input.category, new Date(input.nowMs), input.by, input.ledgerTransactionId],
  );
}

/** A member's VIP level now (modules/vip): the rates it earns at. */
export async function selectMemberVipLevel(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ level: number }>(`SELECT ${memberVipLevelSql('$1', '$2::bigint')} AS level`, [merchantId, memberId]);
  return result.rows[0].level;
}

/** The merchants that pay the rebate by the job. */
export async function selectAutoMerchants(db: Db): Promise<number[]> {
  const result = await db.query<{ merchant_id: number }>("SELECT merchant_id FROM rebate_setting WHERE mode = 'auto' ORDER BY merchant_id");
  return result.rows.map((row) => row.merchant_id);
}

/** Members with something unpaid on a day (a batch, in member order after `afterMemberId`). */
export async function selectUnpaidMembers(db: Db, merchantId: number, balanceDate: string, afterMemberId: number, limit: number): Promise<number[]> {
  const result = await db.query<{ member_id: string }>(
    `SELECT DISTINCT member_id FROM rebate_accrual
      WHERE merchant_id = $1 AND balance_date = $2::date AND paid_at IS NULL AND member_id > $3
      ORDER BY member_id LIMIT $4`,
    [merchantId, balanceDate, afterMemberId, limit],
  );
  return result.rows.map((row) => Number(row.member_id));
}
