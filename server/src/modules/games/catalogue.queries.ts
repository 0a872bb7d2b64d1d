import type { Db } from '../../db/pool';

// The statements of the game catalogue (migration 029). A game is a `game` row under one vendor
// row (game_vendor: per merchant per category); the same game offered in two categories has two
// rows with one game code (the in-house slots under JL-RNG and JL-INHOUSE). Lists that are not
// about one category show such a game once (DISTINCT ON vassalage + game code, the vendor row
// first in display order), and a favourite or a recent launch counts for the game, whichever of
// its rows it was made on.

/** A game row with its vendor row, as every list reads it. */
export interface GameRow {
  id: number;
  merchant_id: number;
  game_vendor_id: number;
  game_code: string;
  name: string;
  display_names: Record<string, unknown>;
  game_classify: string | null;
  min_bet_minor: string;
  line_num: number | null;
  is_hot: boolean;
  is_new: boolean;
  trial_enabled: boolean;
  icon_url: string | null;
  platforms: string[];
  sort_order: number;
  vassalage: string;
  vendor_name: string;
  vendor_display_names: Record<string, unknown>;
  provider: string;
  game_category: string;
  account_type_name: string | null;
  vendor_sort_order: number;
}

/** Columns of GameRow (g: game, v: game_vendor). */
const GAME_COLUMNS = `g.id, g.merchant_id, g.game_vendor_id, g.game_code, g.name, g.display_names, g.game_classify,
  g.min_bet_minor, g.line_num, g.is_hot, g.is_new, g.trial_enabled, g.icon_url, g.platforms, g.sort_order,
  v.vassalage, v.vendor_name, v.display_names AS vendor_display_names, v.provider, v.game_category,
  v.account_type_name, v.sort_order AS vendor_sort_order`;

/** Whether member `$param` has the game of row `alias` (any of its rows) among their favourites. */
const isFavouriteOf = (param: string, alias: string) => `(${param}::bigint IS NOT NULL AND EXISTS (
  SELECT 1 FROM game_favourite f
    JOIN game fg ON fg.id = f.game_id
    JOIN game_vendor fv ON fv.id = fg.game_vendor_id
   WHERE f.member_id = ${param} AND fg.merchant_id = ${alias}.merchant_id
     AND fg.game_code = ${alias}.game_code AND fv.vassalage = ${alias}.vassalage))`;

/** Escapes LIKE's wildcards so that a search text matches itself. */
export const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export interface GameFilter {
  merchantId: number;
  gameCategory: string | null;
  vassalage: string | null;
  gameClassify: string | null;
  /** A LIKE pattern (likeContaining) on the English name or the name in `language`. */
  namePattern: string | null;
  language: string;
  maxMinBetMinor: number | null;
  minLineNum: number | null;
  platforms: string[] | null;
  hotOnly: boolean;
}

export interface ListedGameRow extends GameRow {
  is_favourite: boolean;
  total_count: string;
}

/**
 * One page of the enabled games of enabled vendor rows matching `filter`, each game once, in the
 * vendors' then the games' display order, with the total count of matches and whether member
 * `memberId` has each as a favourite.
 */
export async function selectGames(
  db: Db,
  filter: GameFilter,
  memberId: number | null,
  limit: number,
  offset: number,
): Promise<{ rows: ListedGameRow[]; total: number }> {
  const params = [
    filter.merchantId,
    filter.gameCategory,
    filter.vassalage,
    filter.gameClassify,
    filter.namePattern,
    filter.language,
    filter.maxMinBetMinor,
    filter.minLineNum,
    filter.platforms,
    filter.hotOnly,
    memberId,
  ];
  const matched = `
    SELECT DISTINCT ON (v.vassalage, g.game_code) ${GAME_COLUMNS}
      FROM game g
      JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
     WHERE g.merchant_id = $1 AND g.enabled
       AND ($2::text IS NULL OR v.game_category = $2)
       AND ($3::text IS NULL OR v.vassalage = $3)
       AND ($4::text IS NULL OR g.game_classify = $4)
       AND ($5::text IS NULL OR g.name ILIKE $5 OR g.display_names ->> $6::text ILIKE $5)
       AND ($7::bigint IS NULL OR g.min_bet_minor <= $7)
       AND ($8::integer IS NULL OR g.line_num >= $8)
       AND ($9::text[] IS NULL OR (g.platforms && $9 AND v.platforms && $9))
       AND (NOT $10::boolean OR g.is_hot)
     ORDER BY v.vassalage, g.game_code, v.sort_order, v.id`;
  const result = await db.query<ListedGameRow>(
    `WITH matched AS (${matched})
     SELECT m.*, ${isFavouriteOf('$11', 'm')} AS is_favourite, count(*) OVER () AS total_count
       FROM matched m
      ORDER BY m.vendor_sort_order, m.sort_order, m.id
      LIMIT $12 OFFSET $13`,
    [...params, limit, offset],
  );
  if (result.rows.length > 0 || offset === 0) return { rows: result.rows, total: Number(result.rows[0]?.total_count ?? 0) };
  // A page past the end: count on its own.
  const count = await db.query<{ total: string }>(`WITH matched AS (${matched}) SELECT count(*) AS total FROM matched`, params.slice(0, 10));
  return { rows: [], total: Number(count.rows[0].total) };
}

export interface VendorClassifyRow {
  vassalage: string;
  game_category: string;
  vendor_name: string;
  vendor_display_names: Record<string, unknown>;
  classifies: string[];
}

/** Per enabled vendor row with enabled games: the classifications of its games. */
export async function selectVendorClassifies(
  db: Db,
  merchantId: number,
  gameCategory: string | null,
  vassalage: string | null,
): Promise<VendorClassifyRow[]> {
  const result = await db.query<VendorClassifyRow>(
    `SELECT v.vassalage, v.game_category, v.vendor_name, v.display_names AS vendor_display_names,
            COALESCE(array_agg(DISTINCT g.game_classify ORDER BY g.game_classify) FILTER (WHERE g.game_classify IS NOT NULL), '{}') AS classifies
       FROM game_vendor v
       JOIN game g ON g.game_vendor_id = v.id AND g.enabled
      WHERE v.merchant_id = $1 AND v.enabled
        AND ($2::text IS NULL OR v.game_category = $2)
        AND ($3::text IS NULL OR v.vassalage = $3)
      GROUP BY v.id
      ORDER BY v.sort_order, v.id`,
    [merchantId, gameCategory, vassalage],
  );
  return result.rows;
}

/** An enabled game of an enabled vendor row of the merchant, by id. */
export async function selectEnabledGame(db: Db, merchantId: number, gameId: number): Promise<GameRow | undefined> {
  const result = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS}
       FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
      WHERE g.merchant_id = $1 AND g.id = $2 AND g.enabled`,
    [merchantId, gameId],
  );
  return result.rows[0];
}

export interface LaunchSelector {
  gameId?: number;
  gameCode?: string;
  vassalage?: string;
  gameCategory?: string;
  roomId?: number;
  roomCode?: string;
}

/**
 * The first enabled game of an enabled vendor row matching every given part of `selector`: by id,
 * by room (id or code), by game code (and vassalage / category). A code offered in two categories
 * gives its RNG row unless a category is named.
 */
export async function selectLaunchableGame(db: Db, merchantId: number, selector: LaunchSelector): Promise<GameRow | undefined> {
  const result = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS}
       FROM game g JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
      WHERE g.merchant_id = $1 AND g.enabled
        AND ($2::integer IS NULL OR g.id = $2)
        AND ($3::text IS NULL OR g.game_code = $3)
        AND ($4::text IS NULL OR v.vassalage = $4)
        AND ($5::text IS NULL OR v.game_category = $5)
        AND ($6::integer IS NULL AND $7::text IS NULL OR EXISTS (
              SELECT 1 FROM game_room r
               WHERE r.game_id = g.id AND r.enabled AND ($6::integer IS NULL OR r.id = $6) AND ($7::text IS NULL OR r.room_code = $7)))
      ORDER BY v.game_category <> 'RNG', v.sort_order, g.sort_order, g.id
      LIMIT 1`,
    [
      merchantId,
      selector.gameId ?? null,
      selector.gameCode ?? null,
      selector.vassalage ?? null,
      selector.gameCategory ?? null,
      selector.roomId ?? null,
      selector.roomCode ?? null,
    ],
  );
  return result.rows[0];
}

/** The member favours the game (one row per game row; adding twice changes nothing). */
export async function insertFavourite(db: Db, memberId: number, gameId: number, nowMs: number): Promise<void> {
  await db.query(
    'INSERT INTO game_favourite (member_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT (member_id, game_id) DO NOTHING',
    [memberId, gameId, new Date(nowMs)],
  );
}

/** The member no longer favours the game of row `gameId` (any of its rows); unknown ids change nothing. */
export async function deleteFavourite(db: Db, merchantId: number, memberId: number, gameId: number): Promise<void> {
  await db.query(
    `DELETE FROM game_favourite f
      USING game g, game_vendor v, game named, game_vendor named_vendor
      WHERE f.member_id = $2 AND g.id = f.game_id AND v.id = g.game_vendor_id
        AND named.id = $3 AND named.merchant_id = $1 AND named_vendor.id = named.game_vendor_id
        AND g.merchant_id = named.merchant_id AND g.game_code = named.game_code AND v.vassalage = named_vendor.vassalage`,
    [merchantId, memberId, gameId],
  );
}

/** Ids of every enabled row of the member's favourite games, newest favourite first. */
export async function selectFavouriteIds(db: Db, merchantId: number, memberId: number): Promise<number[]> {
  const result = await db.query<{ id: number }>(
    `SELECT g2.id
       FROM game_favourite f
       JOIN game g ON g.id = f.game_id
       JOIN game_vendor v ON v.id = g.game_vendor_id
       JOIN game g2 ON g2.merchant_id = g.merchant_id AND g2.game_code = g.game_code AND g2.enabled
       JOIN game_vendor v2 ON v2.id = g2.game_vendor_id AND v2.enabled AND v2.vassalage = v.vassalage
      WHERE f.member_id = $2 AND g.merchant_id = $1
      GROUP BY g2.id
      ORDER BY max(f.created_at) DESC, g2.id`,
    [merchantId, memberId],
  );
  return result.rows.map((row) => row.id);
}

export interface TimedGameRow extends GameRow {
  /** When the member favoured or last launched it. */
  at: Date;
  total_count: string;
}

/**
 * A page of the member's favourite games still enabled, newest favourite first: the row of
 * `gameCategory` when given, else each game once.
 */
export async function selectFavouriteGames(
  db: Db,
  merchantId: number,
  memberId: number,
  gameCategory: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: TimedGameRow[]; total: number }> {
  const result = await db.query<TimedGameRow>(
    `WITH favourites AS (
       SELECT g.game_code, v.vassalage, max(f.created_at) AS at
         FROM game_favourite f
         JOIN game g ON g.id = f.game_id
         JOIN game_vendor v ON v.id = g.game_vendor_id
        WHERE f.member_id = $2 AND g.merchant_id = $1
        GROUP BY g.game_code, v.vassalage
     ), listed AS (
       SELECT DISTINCT ON (v.vassalage, g.game_code) ${GAME_COLUMNS}, fa.at
         FROM favourites fa
         JOIN game g ON g.merchant_id = $1 AND g.game_code = fa.game_code AND g.enabled
         JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled AND v.vassalage = fa.vassalage
        WHERE ($3::text IS NULL OR v.game_category = $3)
        ORDER BY v.vassalage, g.game_code, v.sort_order, v.id
     )
     SELECT l.*, count(*) OVER () AS total_count FROM listed l ORDER BY l.at DESC, l.id LIMIT $4 OFFSET $5`,
    [merchantId, memberId, gameCategory, limit, offset],
  );
  if (result.rows.length > 0 || offset === 0) return { rows: result.rows, total: Number(result.rows[0]?.total_count ?? 0) };
  const all = await selectFavouriteGames(db, merchantId, memberId, gameCategory, 1_000_000, 0);
  return { rows: [], total: all.total };
}

/**
 * The member's `max` most recently launched games still enabled, each game once (the row last
 * launched), most recent first.
 */
export async function selectRecentGames(db: Db, merchantId: number, memberId: number, max: number): Promise<(TimedGameRow & { is_favourite: boolean })[]> {
  const result = await db.query<TimedGameRow & { is_favourite: boolean }>(
    `WITH played AS (
       SELECT DISTINCT ON (v.vassalage, g.game_code) ${GAME_COLUMNS}, r.last_played_at AS at
         FROM game_recent r
         JOIN game g ON g.id = r.game_id AND g.enabled AND g.merchant_id = $1
         JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled
        WHERE r.member_id = $2
        ORDER BY v.vassalage, g.game_code, r.last_played_at DESC, g.id
     )
     SELECT p.*, ${isFavouriteOf('$2', 'p')} AS is_favourite FROM played p ORDER BY p.at DESC, p.id LIMIT $3`,
    [merchantId, memberId, max],
  );
  return result.rows;
}

/** Rows kept per member in game_recent (the list shows RECENT_GAMES_MAX games; a game may have two rows). */
const RECENT_ROWS_KEPT = 40;

/** The member launched the game now: its last launch moves forward, the oldest rows beyond the kept ones go. */
export async function upsertRecentGame(db: Db, memberId: number, gameId: number, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO game_recent (member_id, game_id, last_played_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, game_id) DO UPDATE SET last_played_at = GREATEST(game_recent.last_played_at, EXCLUDED.last_played_at)`,
    [memberId, gameId, new Date(nowMs)],
  );
  await db.query(
    `DELETE FROM game_recent
      WHERE member_id = $1
        AND game_id NOT IN (SELECT game_id FROM game_recent WHERE member_id = $1 ORDER BY last_played_at DESC, game_id DESC LIMIT $2)`,
    [memberId, RECENT_ROWS_KEPT],
  );
}

export interface RoomRow {
  id: number;
  room_code: string;
  name: string;
  min_bet_minor: string;
  max_bet_minor: string | null;
  game_id: number;
  game_code: string;
  game_name: string;
  display_names: Record<string, unknown>;
  vassalage: string;
}

/** Enabled rooms of enabled games of enabled PVP vendor rows, in display order. */
export async function selectRooms(db: Db, merchantId: number, vassalage: string | null, gameId: number | null): Promise<RoomRow[]> {
  const result = await db.query<RoomRow>(
    `SELECT r.id, r.room_code, r.name, r.min_bet_minor, r.max_bet_minor, g.id AS game_id, g.game_code,
            g.name AS game_name, g.display_names, v.vassalage
       FROM game_room r
       JOIN game g ON g.id = r.game_id AND g.enabled
       JOIN game_vendor v ON v.id = g.game_vendor_id AND v.enabled AND v.game_category = 'PVP'
      WHERE g.merchant_id = $1 AND r.enabled
        AND ($2::text IS NULL OR v.vassalage = $2)
        AND ($3::integer IS NULL OR g.id = $3)
      ORDER BY v.sort_order, g.sort_order, g.id, r.sort_order, r.id`,
    [merchantId, vassalage, gameId],
  );
  return result.rows;
}
