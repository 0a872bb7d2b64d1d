import { createHash, createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { drawRound, formatDraw, lunarYearOf, playsOf, type Draw, type LotteryKind } from '@platform/lottery-rules';
import type { Db } from '../../db/pool';
import { openText, seal, type SealPurpose, type SecretsKey } from '../../secrets-key';
import { EVERY_WEEKDAY, roundsAfter, type ScheduledRound, type ScheduleOf } from './schedule';

// Rounds: created ahead of time with a sealed server seed and its public hash, drawn when their
// draw time has come (the seed revealed, the numbers and every play's features written in one
// transaction), or voided when no draw can be made (every open bet refunded, settlement.service).

/** Rounds kept on sale ahead of now per game: the current one and the most a chase may follow. */
export const ROUNDS_AHEAD = 122;
/** The channel that tells every replica a round was drawn, settled or voided (payload: round id). */
export const LOTTERY_DRAW_CHANNEL = 'lottery_draw';

export interface GameRow extends ScheduleOf {
  id: number;
  merchantId: number;
  gameCode: string;
  kind: LotteryKind;
  groupCode: string;
  prizeMode: 'Lott' | 'SEA';
  name: string;
  minSeries: number;
  maxBetSeries: number;
  maxSeries: number;
  defaultSeries: number;
  /** The most one bet may win (0: no cap); a bet one of whose winning tickets pays more is refused. */
  maxPrizeMinor: number;
  /** Liability limits (0: none; liability.ts). */
  maxRoundPayoutMinor: number;
  maxNumberPayoutMinor: number;
  maxMemberStakeMinor: number;
  sortOrder: number;
}

type SeriesLimits = Pick<GameRow, 'minSeries' | 'maxBetSeries' | 'maxSeries' | 'defaultSeries'>;

/**
 * The game as a member with the rebate setting `own` (member.rebate_series, given by its agent)
 * may bet on it: the setting caps the series its bets may use and the ceiling its own
 * rebate counts from ((ceiling − series) / 2000 of turnover). Its agents earn the gaps between
 * their settings and the one below them (the agent rebate), so what one stake pays out in prize
 * series and rebates together never passes the game's max_series.
 */
export function limitedBySetting<G extends SeriesLimits>(game: G, own: number | null | undefined): G {
  if (own === null || own === undefined) return game;
  const maxSeries = Math.max(game.minSeries, Math.min(game.maxSeries, own));
  const maxBetSeries = Math.min(game.maxBetSeries, maxSeries);
  return { ...game, maxSeries, maxBetSeries, defaultSeries: Math.min(game.defaultSeries, maxBetSeries) };
}

/**
 * A member's rebate setting: its own, else its nearest upline's (a member registered without one
 * bets within its agent's), by the agent module's closure table; null when none in its line has
 * one (the games' own limits).
 */
export async function rebateSettingOf(db: Pick<pg.Pool, 'query'>, memberId: number): Promise<number | null> {
  const setting = await db.query<{ series: number }>(
    `SELECT m.rebate_series AS series FROM member_tree t JOIN member m ON m.id = t.ancestor_id
      WHERE t.descendant_id = $1 AND m.rebate_series IS NOT NULL ORDER BY t.depth LIMIT 1`,
    [memberId],
  );
  return setting.rows[0]?.series ?? null;
}

export const GAME_COLUMNS = `g.id, g.merchant_id AS "merchantId", g.game_code AS "gameCode", g.kind, g.group_code AS "groupCode",
  g.prize_mode AS "prizeMode", g.name, g.interval_seconds AS "intervalSeconds", g.close_seconds AS "closeSeconds",
  g.first_draw_seconds AS "firstDrawSeconds", g.draws_per_day AS "drawsPerDay", g.numero_digits AS "numeroDigits",
  g.utc_offset_minutes AS "utcOffsetMinutes", g.draw_weekdays AS "drawWeekdays", g.min_series AS "minSeries", g.max_bet_series AS "maxBetSeries",
  g.max_series AS "maxSeries", g.default_series AS "defaultSeries", g.max_prize_minor::float8 AS "maxPrizeMinor",
  g.max_round_payout_minor::float8 AS "maxRoundPayoutMinor", g.max_number_payout_minor::float8 AS "maxNumberPayoutMinor",
  g.max_member_stake_minor::float8 AS "maxMemberStakeMinor", g.sort_order AS "sortOrder"`;

const sealPurpose = (merchantId: number): SealPurpose => `server_secret.lottery_round:${merchantId}`;

export const seedHashOf = (serverSeed: string): string => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

const nodeHmac = (key: string, message: string): Uint8Array => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());

/**
 * The numbers of a round from its seed and sales hash: what anybody can recompute once the seed
 * is revealed (salesHash null: a round drawn before sales hashes, by its seed alone).
 */
export const roundDraw = (kind: LotteryKind, gameCode: string, numero: string, serverSeed: string, salesHash: string | null): Draw =>
  drawRound(kind, gameCode, numero, serverSeed, salesHash, nodeHmac);

/**
 * SHA-256 (hex) of a round's bets: the line `${gameCode}-${numero}`, then one line per bet in id
 * order, `id:member:play:multiple:amount:content`, every bet ever accepted for the round whatever
 * became of it (cancelled and stopped ones included: rows are never deleted). Bets are refused
 * from close time on (betting.service locks the round FOR SHARE, the draw FOR UPDATE), so at the
 * draw this is the round's sales as they closed. Nobody knows it while bets can be placed, not
 * even whoever can read the seed (server/README.md, Lottery: provably fair draws).
 */
export async function salesHashOf(client: Pick<pg.PoolClient, 'query'>, roundId: number, gameCode: string, numero: string): Promise<string> {
  const hashed = await client.query<{ salesHash: string }>(
    `SELECT encode(sha256(convert_to($2 || coalesce(string_agg(E'\\n' || concat_ws(':', b.id, b.member_id, b.play_id, b.multiple, b.amount_minor, b.content), '' ORDER BY b.id), ''), 'UTF8')), 'hex') AS "salesHash"
       FROM lottery_bet b WHERE b.round_id = $1`,
    [roundId, `${gameCode}-${numero}`],
  );
  return hashed.rows[0].salesHash;
}

/**
 * Creates the rounds of every enabled game that are missing up to ROUNDS_AHEAD past `nowMs`. One
 * query finds the games short of rounds (none, usually), so the scheduler runs it every tick: a
 * new merchant's or a re-enabled game's rounds are on sale within a second. A game drawing on some
 * weekdays only (draw_weekdays, migration 088) gets rounds on those days of its own time zone
 * (schedule.ts roundsAfter).
 */
export async function ensureRounds(db: Db, secretsKey: SecretsKey, nowMs: number, merchantId?: number): Promise<number> {
  const games = await db.query<GameRow & { ahead: string; lastDrawAt: Date | null }>(
    `SELECT ${GAME_COLUMNS}, ahead.count AS ahead, ahead.last AS "lastDrawAt"
       FROM lottery_game g
       CROSS JOIN LATERAL (SELECT count(*) AS count, max(r.draw_at) AS last FROM lottery_round r WHERE r.game_id = g.id AND r.draw_at > $1) ahead
      WHERE g.enabled AND ($2::int IS NULL OR g.merchant_id = $2) AND ahead.count < $3`,
    [new Date(nowMs), merchantId ?? null, ROUNDS_AHEAD],
  );
  let created = 0;
  for (const game of games.rows) {
    const from = game.lastDrawAt?.getTime() ?? nowMs;
    // Guarded by the schedule read above: a change of the game's schedule that commits meanwhile
    // (replan.ts, under the game's row lock) has planned the rounds itself; these would be stale.
    created += await insertRounds(db, secretsKey, game, roundsAfter(game, from, ROUNDS_AHEAD - Number(game.ahead)), game);
  }
  return created;
}

/**
 * Creates a game's rounds at the given times, each with a new server seed sealed for its merchant
 * and the seed's public hash; a numero the game already has is left as it is. Answers how many
 * were created. Used by ensureRounds and by a change of the game's weekdays (replan.ts).
 * With `plannedBy`, the rounds are created only while the game's schedule is still that one: the
 * check takes the game's row in share mode, so it waits for a schedule change in progress and
 * then reads the changed row, creating nothing.
 */
export async function insertRounds(
  db: Db,
  secretsKey: SecretsKey,
  game: Pick<GameRow, 'id' | 'merchantId'>,
  rounds: readonly ScheduledRound[],
  plannedBy?: ScheduleOf,
): Promise<number> {
  if (rounds.length === 0) return 0;
  const seeds = rounds.map(() => randomBytes(32).toString('hex'));
  const schedule = plannedBy
    ? [plannedBy.intervalSeconds, plannedBy.closeSeconds, plannedBy.firstDrawSeconds, plannedBy.drawsPerDay, plannedBy.numeroDigits, plannedBy.utcOffsetMinutes, plannedBy.drawWeekdays ?? EVERY_WEEKDAY]
    : null;
  const inserted = await db.query(
    `INSERT INTO lottery_round (merchant_id, game_id, numero, open_at, close_at, draw_at, server_seed_sealed, server_seed_hash)
     SELECT $1, $2, r.numero, to_timestamp(r.open_at / 1000.0), to_timestamp(r.close_at / 1000.0), to_timestamp(r.draw_at / 1000.0), r.sealed, r.hash
       FROM unnest($3::text[], $4::float8[], $5::float8[], $6::float8[], $7::text[], $8::text[]) AS r(numero, open_at, close_at, draw_at, sealed, hash)
      WHERE $9::integer[] IS NULL OR EXISTS (
              SELECT 1 FROM lottery_game g
               WHERE g.id = $2
                 AND ARRAY[g.interval_seconds, g.close_seconds, g.first_draw_seconds, g.draws_per_day, g.numero_digits, g.utc_offset_minutes, g.draw_weekdays] = $9::integer[]
                 FOR SHARE)
     ON CONFLICT (game_id, numero) DO NOTHING`,
    [
      game.merchantId,
      game.id,
      rounds.map((round) => round.numero),
      rounds.map((round) => round.openAt),
      rounds.map((round) => round.closeAt),
      rounds.map((round) => round.drawAt),
      seeds.map((seed) => seal(secretsKey, sealPurpose(game.merchantId), seed)),
      seeds.map(seedHashOf),
      schedule,
    ],
  );
  return inserted.rowCount ?? 0;
}

interface DueRound {
  id: number;
  merchantId: number;
  gameCode: string;
  kind: LotteryKind;
  numero: string;
  serverSeedSealed: string;
  serverSeedHash: string;
}

/**
 * Rounds past their draw time and not yet drawn, oldest first: the house draws them. A game with
 * official results (migration 086) is left out: its rounds wait for staff to enter the numbers
 * (official-results.service.ts).
 */
export async function dueRounds(db: Db, nowMs: number, limit = 1000): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    `SELECT r.id FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE r.state = 'open' AND r.draw_at <= $1 AND g.result_source = 'house' ORDER BY r.draw_at, r.id LIMIT $2`,
    [new Date(nowMs), limit],
  );
  return result.rows.map((row) => Number(row.id));
}

/**
 * Stores every play's features of a round's draw (what settlement matches bets against). A play's
 * feature words go as one text array literal per play ('{1,2}'), since unnest cannot take an array
 * of arrays of different lengths.
 */
export async function insertDrawFeatures(client: pg.PoolClient, roundId: number, draw: Draw): Promise<void> {
  const plays = playsOf(draw.kind);
  const features = plays.map((play) => play.features(draw));
  await client.query(
    `INSERT INTO lottery_draw_feature (round_id, play_id, rule, k, f, push)
     SELECT $1, x.play_id, x.rule, x.k, x.f::bigint[], x.push
       FROM unnest($2::int[], $3::text[], $4::int[], $5::text[], $6::bool[]) AS x(play_id, rule, k, f, push)`,
    [
      roundId,
      plays.map((play) => play.id),
      plays.map((play) => play.rule),
      plays.map((play) => play.k ?? 0),
      features.map((feature) => `{${feature.f.map((word) => word.toString()).join(',')}}`),
      features.map((feature) => feature.push),
    ],
  );
}

export type DrawOutcome = { drawn: true; numbers: string[] } | { drawn: false; reason: 'not_due' | 'not_open' | 'seed_unreadable' | 'official' };

/**
 * Draws one round: reveals its seed, writes its numbers and each play's features, state drawn, in
 * one transaction on `client` (the caller's BEGIN … COMMIT). A round whose seed cannot be opened
 * (the secrets key changed) is not drawn: the caller voids it.
 */
export async function drawRoundIn(client: pg.PoolClient, secretsKey: SecretsKey, roundId: number, nowMs: number): Promise<DrawOutcome> {
  const found = await client.query<DueRound & { drawAt: Date; state: string; resultSource: string }>(
    `SELECT r.id, r.merchant_id AS "merchantId", g.game_code AS "gameCode", g.kind, r.numero, r.state, r.draw_at AS "drawAt", g.result_source AS "resultSource",
            r.server_seed_sealed AS "serverSeedSealed", r.server_seed_hash AS "serverSeedHash"
       FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE r.id = $1 FOR UPDATE OF r`,
    [roundId],
  );
  const round = found.rows[0];
  if (!round || round.state !== 'open') return { drawn: false, reason: 'not_open' };
  if (round.drawAt.getTime() > nowMs) return { drawn: false, reason: 'not_due' };
  if (round.resultSource === 'official') return { drawn: false, reason: 'official' };
  let serverSeed: string;
  try {
    serverSeed = openText(secretsKey, sealPurpose(round.merchantId), round.serverSeedSealed);
  } catch {
    return { drawn: false, reason: 'seed_unreadable' };
  }
  if (seedHashOf(serverSeed) !== round.serverSeedHash) return { drawn: false, reason: 'seed_unreadable' };
  const salesHash = await salesHashOf(client, roundId, round.gameCode, round.numero);
  // Mark Six zodiac plays settle on the map of the draw's own lunar year (lhc.ts).
  const seeded = roundDraw(round.kind, round.gameCode, round.numero, serverSeed, salesHash);
  const draw: Draw = round.kind === 'LHC' ? { ...seeded, lunarYear: lunarYearOf(round.drawAt.getTime()) } : seeded;
  await client.query("UPDATE lottery_round SET state = 'drawn', numbers = $2, server_seed = $3, sales_hash = $4, drawn_at = $5 WHERE id = $1", [
    roundId,
    draw.numbers,
    serverSeed,
    salesHash,
    new Date(nowMs),
  ]);
  await insertDrawFeatures(client, roundId, draw);
  await client.query('SELECT pg_notify($1, $2)', [LOTTERY_DRAW_CHANNEL, String(roundId)]);
  return { drawn: true, numbers: formatDraw(draw) };
}

/**
 * Draws a round of a game with official results from the numbers staff entered and agreed on
 * (official-results.service.ts): the same writes as a house draw (numbers, every play's features,
 * the sales hash for the record, state drawn, the notice to every replica) in the caller's
 * transaction, but no seed is revealed: it decided nothing. The caller holds the round's lock and
 * has checked it is open and due.
 */
export async function drawRoundFromResult(client: pg.PoolClient, round: { id: number; gameCode: string; numero: string; kind: LotteryKind; drawAt: Date }, numbers: readonly number[], nowMs: number): Promise<string[]> {
  const salesHash = await salesHashOf(client, round.id, round.gameCode, round.numero);
  const entered: Draw = { kind: round.kind, numbers };
  const draw: Draw = round.kind === 'LHC' ? { ...entered, lunarYear: lunarYearOf(round.drawAt.getTime()) } : entered;
  await client.query("UPDATE lottery_round SET state = 'drawn', numbers = $2, sales_hash = $3, drawn_at = $4, result_source = 'official' WHERE id = $1", [
    round.id,
    draw.numbers,
    salesHash,
    new Date(nowMs),
  ]);
  await insertDrawFeatures(client, round.id, draw);
  await client.query('SELECT pg_notify($1, $2)', [LOTTERY_DRAW_CHANNEL, String(round.id)]);
  return formatDraw(draw);
}
