import type { Db } from '../../db/pool';

// The catalogue reads the launch needs. The games module (issue 10 helper A) owns the catalogue;
// these statements read its tables (migration 029) the way its findLaunchableGame /
// recordRecentGame do, kept here behind two small functions until that module exports them.

/** An enabled game of an enabled vendor row, as the launch and the provider API need it. */
export interface LaunchableGame {
  id: number;
  merchantId: number;
  gameVendorId: number;
  vassalage: string;
  gameCategory: string;
  gameCode: string;
  name: string;
  minBetMinor: number;
  trialEnabled: boolean;
  iconUrl: string | null;
}

export interface GameSelector {
  /** The game's id (nodeId on the wire). */
  nodeId?: number;
  /** A game code (with vassalage), or the id as text. */
  gameId?: string;
  gameCode?: string;
  vassalage?: string;
  /** A room of a PVP game: its game. */
  roomId?: string;
}

interface GameRow {
  id: number;
  merchant_id: number;
  game_vendor_id: number;
  vassalage: string;
  game_category: string;
  game_code: string;
  name: string;
  min_bet_minor: string;
  trial_enabled: boolean;
  icon_url: string | null;
}

const SELECT_GAME = `
  SELECT g.id, g.merchant_id, g.game_vendor_id, v.vassalage, v.game_category, g.game_code, g.name, g.min_bet_minor,
         g.trial_enabled, g.icon_url
    FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
   WHERE g.merchant_id = $1 AND g.enabled AND v.enabled`;

const toGame = (row: GameRow): LaunchableGame => ({
  id: row.id,
  merchantId: row.merchant_id,
  gameVendorId: row.game_vendor_id,
  vassalage: row.vassalage,
  gameCategory: row.game_category,
  gameCode: row.game_code,
  name: row.name,
  minBetMinor: Number(row.min_bet_minor),
  trialEnabled: row.trial_enabled,
  iconUrl: row.icon_url,
});

const MAX_INT = 2_147_483_647;
const asId = (text: string | undefined): number | undefined => {
  if (text === undefined || !/^[0-9]{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= MAX_INT ? id : undefined;
};

/**
 * The game a launch names, or undefined: by nodeId (the game id), else by room, else gameId as a
 * game code (of `vassalage` when given; the RNG row first when the code is in two categories),
 * else gameId as an id.
 */
export async function findLaunchableGame(db: Db, merchantId: number, selector: GameSelector): Promise<LaunchableGame | undefined> {
  if (selector.nodeId !== undefined) {
    if (!(selector.nodeId > 0 && selector.nodeId <= MAX_INT)) return undefined;
    const result = await db.query<GameRow>(`${SELECT_GAME} AND g.id = $2`, [merchantId, selector.nodeId]);
    return result.rows[0] && toGame(result.rows[0]);
  }
  if (selector.roomId !== undefined) {
    const roomId = asId(selector.roomId);
    const result = await db.query<GameRow>(
      `${SELECT_GAME} AND g.id = (SELECT r.game_id FROM game_room r WHERE r.enabled AND (r.room_code = $2 OR r.id = $3) ORDER BY r.id LIMIT 1)`,
      [merchantId, selector.roomId, roomId ?? null],
    );
    return result.rows[0] && toGame(result.rows[0]);
  }
  const code = selector.gameCode ?? selector.gameId;
  if (code !== undefined) {
    const result = await db.query<GameRow>(
      `${SELECT_GAME} AND g.game_code = $2 AND ($3::text IS NULL OR v.vassalage = $3)
       ORDER BY v.game_category <> 'RNG', v.sort_order, g.id LIMIT 1`,
      [merchantId, code, selector.vassalage ?? null],
    );
    if (result.rows[0]) return toGame(result.rows[0]);
  }
  const id = asId(selector.gameId);
  if (id !== undefined) {
    const result = await db.query<GameRow>(`${SELECT_GAME} AND g.id = $2`, [merchantId, id]);
    return result.rows[0] && toGame(result.rows[0]);
  }
  return undefined;
}

/** A game by id whatever its state (the provider API's sessions and rounds name it). */
export async function selectGameById(db: Db, merchantId: number, gameId: number): Promise<LaunchableGame | undefined> {
  const result = await db.query<GameRow>(
    `SELECT g.id, g.merchant_id, g.game_vendor_id, v.vassalage, v.game_category, g.game_code, g.name, g.min_bet_minor,
            g.trial_enabled, g.icon_url
       FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id
      WHERE g.merchant_id = $1 AND g.id = $2`,
    [merchantId, gameId],
  );
  return result.rows[0] && toGame(result.rows[0]);
}

/** The member launched the game now (the recent list, newest first). */
export async function recordRecentGame(db: Db, memberId: number, gameId: number, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO game_recent (member_id, game_id, last_played_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, game_id) DO UPDATE SET last_played_at = GREATEST(game_recent.last_played_at, EXCLUDED.last_played_at)`,
    [memberId, gameId, new Date(nowMs)],
  );
}

/**
 * Up to `limit` games that can be launched now, most played in the last week first (real rounds),
 * then hot ones, in catalogue order: enabled, of an enabled vendor with a connected provider not
 * under maintenance, one row per game code.
 */
export async function popularLaunchableGames(db: Db, merchantId: number, nowMs: number, limit: number): Promise<LaunchableGame[]> {
  const result = await db.query<GameRow>(
    `WITH candidates AS (
       SELECT DISTINCT ON (g.game_code, v.vassalage)
              g.id, g.merchant_id, g.game_vendor_id, v.vassalage, v.game_category, g.game_code, g.name, g.min_bet_minor,
              g.trial_enabled, g.icon_url, g.is_hot, g.sort_order,
              (SELECT count(*) FROM game_round r
                WHERE r.merchant_id = g.merchant_id AND r.vassalage = v.vassalage AND r.game_code = g.game_code
                  AND NOT r.trial AND r.started_at > $2::timestamptz - interval '7 days') AS plays
         FROM game g
         JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
         JOIN game_provider p ON p.merchant_id = g.merchant_id AND p.vassalage = v.vassalage AND p.enabled AND p.adapter IS NOT NULL
        WHERE g.merchant_id = $1 AND g.enabled
          AND NOT EXISTS (SELECT 1 FROM game_vendor_maintenance m
                           WHERE m.merchant_id = g.merchant_id AND m.vassalage = v.vassalage
                             AND m.starts_at <= $2 AND (m.ends_at IS NULL OR m.ends_at > $2))
        ORDER BY g.game_code, v.vassalage, v.game_category <> 'RNG', g.id
     )
     SELECT * FROM candidates ORDER BY plays DESC, is_hot DESC, sort_order, id LIMIT $3`,
    [merchantId, new Date(nowMs), limit],
  );
  return result.rows.map(toGame);
}
