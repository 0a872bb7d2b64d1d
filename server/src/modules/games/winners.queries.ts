import type { Db } from '../../db/pool';

// The winners board and the jackpot figures: real figures read from game_round (migration 030,
// the game-provider module's bookkeeping of every vendor round), never invented. Only real-money
// rounds (not trial) that were not rolled back count.

export interface WinRow {
  username: string;
  game_code: string;
  game_name: string;
  vassalage: string;
  game_category: string;
  bet_minor: string;
  win_minor: string;
  at: Date;
  /** The catalogue's names of the game while it exists (English, per language). */
  catalogue_name: string | null;
  display_names: Record<string, unknown> | null;
}

const WIN_COLUMNS = `m.username, r.game_code, r.game_name, r.vassalage, r.game_category, r.bet_minor, r.win_minor,
  COALESCE(r.ended_at, r.started_at) AS at, g.name AS catalogue_name, g.display_names`;

const COUNTED_WINS = `
  FROM game_round r
  JOIN member m ON m.id = r.member_id
  LEFT JOIN game g ON g.id = r.game_id AND g.merchant_id = r.merchant_id
 WHERE r.merchant_id = $1 AND NOT r.trial AND r.status <> 'rolled_back' AND r.win_minor > 0 AND r.started_at >= $2`;

/** The biggest wins of rounds started since `sinceMs`, biggest first. */
export async function selectBiggestWins(db: Db, merchantId: number, sinceMs: number, limit: number): Promise<WinRow[]> {
  const result = await db.query<WinRow>(
    `SELECT ${WIN_COLUMNS} ${COUNTED_WINS} ORDER BY r.win_minor DESC, r.started_at DESC, r.id LIMIT $3`,
    [merchantId, new Date(sinceMs), limit],
  );
  return result.rows;
}

/** The win with the largest multiple of its (non-zero) bet among rounds started since `sinceMs`. */
export async function selectBiggestMultiple(db: Db, merchantId: number, sinceMs: number): Promise<WinRow | undefined> {
  const result = await db.query<WinRow>(
    `SELECT ${WIN_COLUMNS} ${COUNTED_WINS} AND r.bet_minor > 0
      ORDER BY r.win_minor::numeric / r.bet_minor DESC, r.win_minor DESC, r.started_at DESC, r.id LIMIT 1`,
    [merchantId, new Date(sinceMs)],
  );
  return result.rows[0];
}

/** Everything won in counted rounds started since `sinceMs`, minor units. */
export async function selectTotalWon(db: Db, merchantId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ total: string }>(
    `SELECT COALESCE(sum(r.win_minor), 0) AS total
       FROM game_round r
      WHERE r.merchant_id = $1 AND NOT r.trial AND r.status <> 'rolled_back' AND r.started_at >= $2`,
    [merchantId, new Date(sinceMs)],
  );
  return Number(result.rows[0].total);
}
