import type pg from 'pg';

// Helpers of the agent programme's tests (not a test file): settled lottery rounds and bets
// written directly, so wages are computed from chosen stakes and outcomes.

/** A settled round of the merchant's SSC1 drawn at `atMs` (seed and numbers are placeholders). */
export async function insertSettledRound(pool: pg.Pool, merchantId: number, numero: string, atMs: number): Promise<number> {
  const result = await pool.query<{ id: string }>(
    `INSERT INTO lottery_round (merchant_id, game_id, numero, open_at, close_at, draw_at, server_seed_sealed, server_seed_hash, server_seed, numbers, state, drawn_at, settled_at)
     SELECT $1, g.id, $2, $3, $4, $5, 'sealed', repeat('a', 64), repeat('b', 64), '{1,2,3,4,5}', 'settled', $5, $5
       FROM lottery_game g WHERE g.merchant_id = $1 AND g.game_code = 'SSC1' RETURNING id`,
    [merchantId, numero, new Date(atMs - 60_000), new Date(atMs - 5_000), new Date(atMs)],
  );
  return Number(result.rows[0].id);
}

/**
 * A settled bet of the member in the round: its stake, won (with a prize) or lost, placed at `atMs`
 * and settled when its round was (as settlement does; readers of settled bets go by the round), at
 * `series` (default 1800, the games' minimum) with `rebateMinor` of own rebate (default none).
 */
export async function insertSettledBet(
  pool: pg.Pool,
  bet: { merchantId: number; roundId: number; memberId: number; amountMinor: number; state: 'won' | 'lost'; prizeMinor: number; atMs: number; series?: number; rebateMinor?: number },
): Promise<void> {
  const order = await pool.query<{ id: string }>(
    `INSERT INTO lottery_order (merchant_id, member_id, game_id, order_no, chase, win_stop, rounds, first_numero, slip, amount_minor, created_at)
     SELECT $1, $2::bigint, g.id, 'LTEST' || $3::text || 'X' || $2::text || 'X' || floor(random() * 1e9)::bigint::text, false, false, 1, '20250115-0001', 'x', $4, $5
       FROM lottery_game g WHERE g.merchant_id = $1 AND g.game_code = 'SSC1' RETURNING id`,
    [bet.merchantId, bet.memberId, bet.roundId, bet.amountMinor, new Date(bet.atMs)],
  );
  await pool.query(
    `INSERT INTO lottery_bet (order_id, merchant_id, member_id, round_id, chase_index, play_id, picks, content, tickets, money_mode, series, multiple,
       amount_minor, unit_prize_minor, max_prize_minor, rebate_minor, state, win_count, prize_minor, created_at, settled_at)
     VALUES ($1, $2, $3, $4, 0, 1011, '{1}', '0____', 1, 1, $10, 1, $5, 1900, 0, $11, $6, $7, $8, $9, (SELECT settled_at FROM lottery_round WHERE id = $4))`,
    [order.rows[0].id, bet.merchantId, bet.memberId, bet.roundId, bet.amountMinor, bet.state, bet.state === 'won' ? 1 : 0, bet.prizeMinor, new Date(bet.atMs), bet.series ?? 1800, bet.rebateMinor ?? 0],
  );
}
