import type { LotteryDraw, LotteryGame, LotteryGameGroup, LotteryOpened, LotteryPrizeMode, LotteryRound } from '@platform/contract';
import { formatDraw, type LotteryKind } from '@platform/lottery-rules';
import type { Db } from '../../db/pool';
import { minorToMajor } from '../ledger';
import { GAME_COLUMNS, type GameRow } from './rounds.service';

// What the lobby and the betting page read: games and their groups, the round on sale, the
// rounds after it (for a chase), and results. Nothing here writes.

/** English labels of the lobby groups (pages translate by code). */
const GROUP_LABELS: Record<string, string> = {
  SSC: 'SSC',
  '11X5': '11 Choose 5',
  PK10: 'Racing (PK10)',
  LHC: 'Mark Six',
  VN: 'Vietnam Lottery',
  VNS: 'Southern Vietnam (XSMN)',
  VNC: 'Central Vietnam (XSMT)',
  K3: 'Fast 3 (dice)',
  PC28: 'Lucky 28',
  '3D': '3D',
  P5: 'Pick 3 / Pick 5',
};

export const gameOf = (row: GameRow): LotteryGame => ({
  gameId: row.id,
  gameCode: row.gameCode,
  gameName: row.name,
  kind: row.kind,
  gameGroupCode: row.groupCode,
  prizeMode: row.prizeMode,
  intervalSeconds: row.intervalSeconds,
  closeSeconds: row.closeSeconds,
  minSeries: row.minSeries,
  maxSeries: row.maxSeries,
  maxBetSeries: row.maxBetSeries,
  defaultSeries: row.defaultSeries,
  maxPrize: minorToMajor(row.maxPrizeMinor),
});

export async function listGames(db: Db, merchantId: number, prizeMode?: LotteryPrizeMode): Promise<LotteryGame[]> {
  const result = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM lottery_game g WHERE g.merchant_id = $1 AND g.enabled AND ($2::text IS NULL OR g.prize_mode = $2)
      ORDER BY g.sort_order, g.id`,
    [merchantId, prizeMode ?? null],
  );
  return result.rows.map(gameOf);
}

export function groupGames(games: LotteryGame[]): LotteryGameGroup[] {
  const groups = new Map<string, LotteryGameGroup>();
  for (const game of games) {
    let group = groups.get(game.gameGroupCode);
    if (!group) {
      group = { gameGroupCode: game.gameGroupCode, labelName: GROUP_LABELS[game.gameGroupCode] ?? game.gameGroupCode, gameMenus: [] };
      groups.set(game.gameGroupCode, group);
    }
    group.gameMenus.push(game);
  }
  return [...groups.values()];
}

/** The games the member bet on, most recent first. */
export async function recentGames(db: Db, merchantId: number, memberId: number, prizeMode: LotteryPrizeMode | undefined, limit = 8): Promise<LotteryGame[]> {
  const result = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM lottery_game g
       JOIN (SELECT game_id, max(created_at) AS last FROM lottery_order WHERE member_id = $2 AND merchant_id = $1 GROUP BY game_id) o ON o.game_id = g.id
      WHERE g.enabled AND ($3::text IS NULL OR g.prize_mode = $3)
      ORDER BY o.last DESC LIMIT $4`,
    [merchantId, memberId, prizeMode ?? null, limit],
  );
  return result.rows.map(gameOf);
}

/** Games by bets over the last 7 days, then the merchant's order. */
export async function popularGames(db: Db, merchantId: number, prizeMode: LotteryPrizeMode | undefined, count: number, nowMs: number): Promise<LotteryGame[]> {
  const result = await db.query<GameRow>(
    `SELECT ${GAME_COLUMNS} FROM lottery_game g
       LEFT JOIN (SELECT game_id, count(*) AS orders FROM lottery_order WHERE merchant_id = $1 AND created_at > $3 GROUP BY game_id) o ON o.game_id = g.id
      WHERE g.merchant_id = $1 AND g.enabled AND ($2::text IS NULL OR g.prize_mode = $2)
      ORDER BY COALESCE(o.orders, 0) DESC, g.sort_order, g.id LIMIT $4`,
    [merchantId, prizeMode ?? null, new Date(nowMs - 7 * 86_400_000), count],
  );
  return result.rows.map(gameOf);
}

interface RoundRow {
  gameCode: string;
  kind: LotteryKind;
  numero: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
  serverSeedHash: string;
  serverSeed: string | null;
  salesHash: string | null;
  numbers: number[] | null;
  state: LotteryRound['state'];
  voidReason: string | null;
}

const ROUND_COLUMNS = `g.game_code AS "gameCode", g.kind, r.numero, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt",
  r.server_seed_hash AS "serverSeedHash", r.server_seed AS "serverSeed", r.sales_hash AS "salesHash", r.numbers, r.state, r.void_reason AS "voidReason"`;

const roundOf = (row: RoundRow): LotteryRound => ({
  gameCode: row.gameCode,
  numero: row.numero,
  openTime: row.openAt.getTime(),
  closeTime: row.closeAt.getTime(),
  drawTime: row.drawAt.getTime(),
  serverSeedHash: row.serverSeedHash,
  state: row.state,
});

export const drawOf = (row: RoundRow): LotteryDraw => ({
  gameCode: row.gameCode,
  numero: row.numero,
  drawTime: row.drawAt.getTime(),
  state: row.state,
  numbers: row.numbers ? formatDraw({ kind: row.kind, numbers: row.numbers }) : [],
  serverSeedHash: row.serverSeedHash,
  serverSeed: row.serverSeed,
  salesHash: row.salesHash,
  ...(row.voidReason ? { voidReason: row.voidReason } : {}),
});

/** The round on sale now (null between a close and the next opening) and the latest one past its draw time. */
export async function openedRound(db: Db, merchantId: number, gameCode: string, nowMs: number): Promise<LotteryOpened | undefined> {
  const game = await db.query<{ id: number }>('SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = $2 AND enabled', [merchantId, gameCode]);
  if (!game.rowCount) return undefined;
  const gameId = game.rows[0].id;
  const now = new Date(nowMs);
  const [current, previous] = await Promise.all([
    db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE r.game_id = $1 AND r.state = 'open' AND r.open_at <= $2 AND r.close_at > $2 ORDER BY r.draw_at LIMIT 1`,
      [gameId, now],
    ),
    db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE r.game_id = $1 AND r.draw_at <= $2 ORDER BY r.draw_at DESC LIMIT 1`,
      [gameId, now],
    ),
  ]);
  return {
    serverTime: nowMs,
    current: current.rows[0] ? roundOf(current.rows[0]) : null,
    previous: previous.rows[0] ? drawOf(previous.rows[0]) : null,
  };
}

/** The round on sale and the `count − 1` after it, in draw order. */
export async function nearRounds(db: Db, merchantId: number, gameCode: string, count: number, nowMs: number): Promise<LotteryRound[] | undefined> {
  const game = await db.query<{ id: number }>('SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = $2 AND enabled', [merchantId, gameCode]);
  if (!game.rowCount) return undefined;
  const result = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE r.game_id = $1 AND r.state = 'open' AND r.close_at > $2 ORDER BY r.draw_at LIMIT $3`,
    [game.rows[0].id, new Date(nowMs), count],
  );
  return result.rows.map(roundOf);
}

/** Results of past rounds, newest first. */
export async function draws(db: Db, merchantId: number, gameCode: string, page: number, size: number, nowMs: number): Promise<{ list: LotteryDraw[]; totalPages: number } | undefined> {
  const game = await db.query<{ id: number }>('SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = $2 AND enabled', [merchantId, gameCode]);
  if (!game.rowCount) return undefined;
  const gameId = game.rows[0].id;
  const [rows, count] = await Promise.all([
    db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE r.game_id = $1 AND r.state IN ('drawn', 'settled', 'void') ORDER BY r.draw_at DESC LIMIT $2 OFFSET $3`,
      [gameId, size, (page - 1) * size],
    ),
    db.query<{ count: string }>("SELECT count(*) AS count FROM lottery_round WHERE game_id = $1 AND state IN ('drawn', 'settled', 'void') AND draw_at <= $2", [gameId, new Date(nowMs)]),
  ]);
  return { list: rows.rows.map(drawOf), totalPages: Math.ceil(Number(count.rows[0].count) / size) };
}

/** The latest drawn or void round of a game, or null. */
export async function latestDraw(db: Db, merchantId: number, gameCode: string, nowMs: number): Promise<LotteryDraw | null | undefined> {
  const result = await draws(db, merchantId, gameCode, 1, 1, nowMs);
  return result === undefined ? undefined : (result.list[0] ?? null);
}

/** A drawn, settled or void round by id (the draw push). */
export async function drawById(db: Db, roundId: number): Promise<(LotteryDraw & { merchantId: number }) | undefined> {
  const result = await db.query<RoundRow & { merchantId: number }>(
    `SELECT ${ROUND_COLUMNS}, r.merchant_id AS "merchantId" FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE r.id = $1`,
    [roundId],
  );
  const row = result.rows[0];
  return row ? { ...drawOf(row), merchantId: row.merchantId } : undefined;
}

/** Vietnamese games (the northern draw and the southern and central ones) with a round on sale, soonest close first. */
export async function vnOpened(db: Db, merchantId: number, count: number, nowMs: number): Promise<{ game: LotteryGame; current: LotteryRound }[]> {
  const result = await db.query<GameRow & { round: RoundRow }>(
    `SELECT ${GAME_COLUMNS}, row_to_json(x) AS round FROM lottery_game g
       JOIN LATERAL (SELECT g.game_code AS "gameCode", g.kind, r.numero, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt",
                            r.server_seed_hash AS "serverSeedHash", NULL AS "serverSeed", NULL AS "salesHash", NULL AS numbers, r.state, NULL AS "voidReason"
                       FROM lottery_round r WHERE r.game_id = g.id AND r.state = 'open' AND r.open_at <= $2 AND r.close_at > $2
                      ORDER BY r.draw_at LIMIT 1) x ON true
      WHERE g.merchant_id = $1 AND g.enabled AND g.kind IN ('VN', 'VN18')
      ORDER BY x."closeAt", g.sort_order LIMIT $3`,
    [merchantId, new Date(nowMs), count],
  );
  return result.rows.map((row) => ({
    game: gameOf(row),
    current: roundOf({ ...row.round, openAt: new Date(row.round.openAt), closeAt: new Date(row.round.closeAt), drawAt: new Date(row.round.drawAt) }),
  }));
}
