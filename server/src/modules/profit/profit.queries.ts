import type { Db } from '../../db/pool';

// SQL of the profit and loss (profit.service.ts): reads the ledger, never writes.

export interface DayKindSum {
  /** YYYY-MM-DD in the merchant's time zone. */
  day: string;
  kind: string;
  /** The sum of the member's postings of that kind that day (signed: credits positive). */
  sumMinor: number;
}

function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Ledger amount ${value} is beyond safe integer range`);
  return number;
}

/**
 * Per day and kind, over [fromMs, toMs): the sum of the member's own postings (main and game
 * wallets) of the kinds asked for; and, under the kind withdraw_paid, the withdrawals paid that day
 * that the member requested: a payment moves the hold (house accounts only), so it is found
 * through its withdraw_request (same order number), whose member posting is the amount, and
 * counted positive. Days are the merchant's: UTC + offsetMinutes.
 */
export async function selectDayKindSums(
  db: Db,
  input: { merchantId: number; memberId: number; fromMs: number; toMs: number; offsetMinutes: number; kinds: readonly string[] },
): Promise<DayKindSum[]> {
  const result = await db.query<{ day: string; kind: string; sum_minor: string }>(
    `WITH accounts AS (
       SELECT id FROM ledger_account
        WHERE merchant_id = $1 AND member_id = $2 AND kind IN ('member_main', 'member_game') AND unit = 'REAL'
     ), movements AS (
       SELECT t.created_at, t.kind, p.amount_minor
         FROM accounts a
         JOIN ledger_posting p ON p.account_id = a.id
         JOIN ledger_transaction t ON t.id = p.transaction_id
        WHERE t.merchant_id = $1 AND t.created_at >= $3 AND t.created_at < $4 AND t.kind = ANY ($6::text[])
       UNION ALL
       SELECT paid.created_at, paid.kind, -p.amount_minor
         FROM accounts a
         JOIN ledger_posting p ON p.account_id = a.id
         JOIN ledger_transaction request ON request.id = p.transaction_id AND request.kind = 'withdraw_request'
         JOIN ledger_transaction paid ON paid.merchant_id = request.merchant_id AND paid.order_no = request.order_no AND paid.kind = 'withdraw_paid'
        WHERE request.merchant_id = $1 AND paid.created_at >= $3 AND paid.created_at < $4
     )
     SELECT ((created_at AT TIME ZONE 'UTC') + make_interval(mins => $5))::date::text AS day, kind, sum(amount_minor)::text AS sum_minor
       FROM movements
      GROUP BY 1, 2`,
    [input.merchantId, input.memberId, new Date(input.fromMs), new Date(input.toMs), input.offsetMinutes, input.kinds],
  );
  return result.rows.map((row) => ({ day: row.day, kind: row.kind, sumMinor: toSafeNumber(row.sum_minor) }));
}

export interface DayRoundSums {
  /** YYYY-MM-DD in the merchant's time zone: the day the rounds started. */
  day: string;
  betMinor: number;
  validBetMinor: number;
  winMinor: number;
}

/**
 * Per day, over [fromMs, toMs): the member's game rounds (game_round, migration 030: written by the
 * game-provider module as the vendors' bets and wins land in the ledger) summed by the day they
 * started: stakes, valid stakes and wins. Real money only (trial play has no member); rolled-back
 * rounds count nothing. `category` narrows to one game category; null: every category.
 */
export async function selectDayRoundSums(
  db: Db,
  input: { merchantId: number; memberId: number; fromMs: number; toMs: number; offsetMinutes: number; category: string | null },
): Promise<DayRoundSums[]> {
  const result = await db.query<{ day: string; bet_minor: string; valid_bet_minor: string; win_minor: string }>(
    `SELECT ((started_at AT TIME ZONE 'UTC') + make_interval(mins => $5))::date::text AS day,
            sum(bet_minor)::text AS bet_minor, sum(valid_bet_minor)::text AS valid_bet_minor, sum(win_minor)::text AS win_minor
       FROM game_round
      WHERE member_id = $2 AND merchant_id = $1 AND NOT trial AND status <> 'rolled_back'
        AND started_at >= $3 AND started_at < $4
        AND ($6::text IS NULL OR game_category = $6)
      GROUP BY 1`,
    [input.merchantId, input.memberId, new Date(input.fromMs), new Date(input.toMs), input.offsetMinutes, input.category],
  );
  return result.rows.map((row) => ({
    day: row.day,
    betMinor: toSafeNumber(row.bet_minor),
    validBetMinor: toSafeNumber(row.valid_bet_minor),
    winMinor: toSafeNumber(row.win_minor),
  }));
}
