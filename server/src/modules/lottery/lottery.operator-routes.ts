import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { MINOR_PER_MAJOR, minorToMajor } from '../ledger';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import type { SecretsKey } from '../../secrets-key';
import { officialResultsOperatorRoutes } from './official-results.operator-routes';
import { replanRounds, type Replanned } from './replan';
import { voidRoundIn } from './settlement.service';

// The operators' side of the lottery (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; the command-line tool's `lottery-void`), audited: voiding a
// round that cannot settle (no result, a broken draw). Every open bet of it is refunded once, in
// one transaction with the round's state change (settlement.service voidRoundIn, the same as the
// scheduler's void of a round whose seed cannot be read): a second void of it, or one racing the
// first, finds it void and is refused; a round already settled cannot be voided.
//
// Also the games' operator settings, those the engine reads (migrations 039 and 045): whether a
// game is on sale (ensureRounds and betting read enabled), its prize series (the range a bet's
// series may take, where the bet page starts, and the ceiling rebates count from; a member's
// rebate setting is capped by it: rounds.service limitedBySetting), how long before its draw sales close
// (close_seconds: the schedule of every round not open yet), the most one bet may win
// (max_prize_minor) and the liability limits of liability.ts (per draw, per number, per member's
// stake; 0: none), and the weekdays it draws on (draw_weekdays, migration 088: a Vietnamese
// province draws on its own days, and the state may move them). The rest of the schedule
// (interval, draws per day, numbering) names the rounds and their numeros, so it is not an
// operator setting here. Every change is audited with the settings before and after. The lobby
// and betting read lottery_game on every request (no cache).

export interface VoidedRound {
  gameCode: string;
  numero: string;
  refundedBets: number;
  refundedMembers: number;
  /** Major units. */
  refunded: number;
}

export async function voidRound(pool: pg.Pool, input: { merchantId: number; gameCode: string; numero: string; reason: string; nowMs: number }): Promise<VoidedRound> {
  return withTransaction(pool, async (client) => {
    const found = await client.query<{ id: string; state: string }>(
      `SELECT r.id, r.state FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.numero = $3 FOR UPDATE OF r`,
      [input.merchantId, input.gameCode, input.numero],
    );
    const round = found.rows[0];
    if (!round) throw new AppError(404, 'lottery.round.unknown');
    if (round.state !== 'open' && round.state !== 'drawn') throw new AppError(409, 'lottery.round.not_voidable');
    const open = await client.query<{ bets: string; amountMinor: string | null }>(
      "SELECT count(*) AS bets, sum(amount_minor) AS \"amountMinor\" FROM lottery_bet WHERE round_id = $1 AND state = 'open'",
      [round.id],
    );
    const members = await voidRoundIn(client, Number(round.id), `operator: ${input.reason}`.slice(0, 200), input.nowMs);
    return {
      gameCode: input.gameCode,
      numero: input.numero,
      refundedBets: Number(open.rows[0].bets),
      refundedMembers: members,
      refunded: minorToMajor(Number(open.rows[0].amountMinor ?? 0)),
    };
  });
}

/** A round as a void records it: its state and its open bets (null: no such round of the merchant). */
async function roundOpenBets(db: pg.Pool, merchantId: number, gameCode: string, numero: string): Promise<{ state: string; openBets: number; openStake: number } | null> {
  const result = await db.query<{ state: string; bets: string; amountMinor: string | null }>(
    `SELECT r.state, count(b.id) AS bets, sum(b.amount_minor) AS "amountMinor"
       FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id LEFT JOIN lottery_bet b ON b.round_id = r.id AND lottery_bet_state(b.state, r.state) = 'open'
      WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.numero = $3 GROUP BY r.id, r.state`,
    [merchantId, gameCode, numero],
  );
  const row = result.rows[0];
  return row ? { state: row.state, openBets: Number(row.bets), openStake: minorToMajor(Number(row.amountMinor ?? 0)) } : null;
}

/** The lottery desk; the secrets key seals the seeds of rounds a change of weekdays creates. */
export function lotteryOperatorRoutes(secretsKey: SecretsKey): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return (app, { db, clock }) => lotteryDeskRoutes(app, { db, clock, secretsKey });
}

async function lotteryDeskRoutes(app: FastifyInstance, { db, clock, secretsKey }: { db: pg.Pool; clock: Clock; secretsKey: SecretsKey }): Promise<void> {
  await lotteryGamesOperatorRoutes(app, { db, clock, secretsKey });
  await officialResultsOperatorRoutes(app, { db, clock });
  app.post<{ Body: { gameCode: string; numero: string; reason: string } }>('/lottery/rounds/void', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Void a lottery round that cannot settle: every open bet refunded, once',
      description: '404 lottery.round.unknown: no such round of this merchant; 409 lottery.round.not_voidable: already settled or void.',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['gameCode', 'numero', 'reason'],
        additionalProperties: false,
        properties: {
          gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$' },
          numero: { type: 'string', pattern: '^[0-9]{8}(-[0-9]{2,4})?$' },
          reason: { type: 'string', minLength: 1, maxLength: 180, description: 'kept in the audit trail and on the round' },
        },
      },
      value: {
        type: 'object',
        required: ['gameCode', 'numero', 'refundedBets', 'refundedMembers', 'refunded'],
        properties: {
          gameCode: { type: 'string' },
          numero: { type: 'string' },
          refundedBets: { type: 'integer' },
          refundedMembers: { type: 'integer' },
          refunded: { type: 'number', description: 'the stakes given back; major units' },
        },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { gameCode, numero, reason } = request.body;
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'lottery_round.void', targetType: 'lottery_round', targetId: `${gameCode} ${numero}`, asked: { reason } },
      async () => {
        const before = await roundOpenBets(db, operator.merchantId, gameCode, numero);
        const voided = await voidRound(db, { merchantId: operator.merchantId, gameCode, numero, reason, nowMs: clock() });
        const { refundedBets, refundedMembers, refunded } = voided;
        return { before, after: { ...(await roundOpenBets(db, operator.merchantId, gameCode, numero)), refundedBets, refundedMembers, refunded }, value: ok(voided) };
      },
    );
  });
}

/** What an operator sets of a lottery game; money in major units, 0: no limit. */
export interface LotteryGameSettings {
  enabled: boolean;
  /** 'house': drawn from the house's seed; 'official': staff enter the official result, four eyes. */
  resultSource: 'house' | 'official';
  closeSeconds: number;
  /** The local weekdays it draws on: Monday 1, Tuesday 2 … Sunday 64 added up; 127 every day. */
  drawWeekdays: number;
  /** Prize series (奖金组, migration 039): prizes pay series ÷ 2000 of fair; min ≤ default ≤ maxBet ≤ max ≤ 2000. */
  minSeries: number;
  defaultSeries: number;
  maxBetSeries: number;
  /** The ceiling rebates count from: (maxSeries − a bet's series) ÷ 2000 of its stake. */
  maxSeries: number;
  maxPrize: number;
  maxRoundPayout: number;
  maxNumberPayout: number;
  maxMemberStake: number;
}

interface SettingsRow {
  id: number;
  intervalSeconds: number;
  enabled: boolean;
  resultSource: 'house' | 'official';
  closeSeconds: number;
  drawWeekdays: number;
  minSeries: number;
  defaultSeries: number;
  maxBetSeries: number;
  maxSeries: number;
  maxPrizeMinor: string;
  maxRoundPayoutMinor: string;
  maxNumberPayoutMinor: string;
  maxMemberStakeMinor: string;
}

const SETTINGS_COLUMNS = `g.id, g.interval_seconds AS "intervalSeconds", g.enabled, g.result_source AS "resultSource", g.close_seconds AS "closeSeconds",
  g.draw_weekdays AS "drawWeekdays", g.min_series AS "minSeries", g.default_series AS "defaultSeries", g.max_bet_series AS "maxBetSeries", g.max_series AS "maxSeries",
  g.max_prize_minor AS "maxPrizeMinor", g.max_round_payout_minor AS "maxRoundPayoutMinor",
  g.max_number_payout_minor AS "maxNumberPayoutMinor", g.max_member_stake_minor AS "maxMemberStakeMinor"`;

const settingsOf = (row: SettingsRow): LotteryGameSettings => ({
  enabled: row.enabled,
  resultSource: row.resultSource,
  closeSeconds: row.closeSeconds,
  drawWeekdays: row.drawWeekdays,
  minSeries: row.minSeries,
  defaultSeries: row.defaultSeries,
  maxBetSeries: row.maxBetSeries,
  maxSeries: row.maxSeries,
  maxPrize: minorToMajor(Number(row.maxPrizeMinor)),
  maxRoundPayout: minorToMajor(Number(row.maxRoundPayoutMinor)),
  maxNumberPayout: minorToMajor(Number(row.maxNumberPayoutMinor)),
  maxMemberStake: minorToMajor(Number(row.maxMemberStakeMinor)),
});

const toMinor = (major: number): number => Math.round(major * MINOR_PER_MAJOR);

interface RoundRow {
  numero: string;
  state: string;
  openAt: Date;
  closeAt: Date;
  drawAt: Date;
  numbers: number[] | null;
  voidReason: string | null;
  bets: string;
  stakeMinor: string | null;
}

const roundOf = (row: RoundRow) => ({
  numero: row.numero,
  state: row.state,
  openAt: row.openAt.getTime(),
  closeAt: row.closeAt.getTime(),
  drawAt: row.drawAt.getTime(),
  numbers: row.numbers,
  voidReason: row.voidReason,
  bets: Number(row.bets),
  stake: minorToMajor(Number(row.stakeMinor ?? 0)),
});

const ROUND_COLUMNS = `r.numero, r.state, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt", r.numbers,
  r.void_reason AS "voidReason", sold.bets, sold.stake AS "stakeMinor"`;
/** Per round r: how many bets it took and their stakes, whatever became of them. */
const SOLD = `CROSS JOIN LATERAL (SELECT count(*) AS bets, sum(b.amount_minor) AS stake FROM lottery_bet b WHERE b.round_id = r.id) sold`;

const roundSchema: JsonSchema = {
  type: 'object',
  required: ['numero', 'state', 'openAt', 'closeAt', 'drawAt', 'numbers', 'voidReason', 'bets', 'stake'],
  properties: {
    numero: { type: 'string' },
    state: { type: 'string', enum: ['open', 'drawn', 'settled', 'void'] },
    openAt: { type: 'integer', description: 'epoch ms' },
    closeAt: { type: 'integer', description: 'epoch ms: sales close' },
    drawAt: { type: 'integer', description: 'epoch ms' },
    numbers: { type: ['array', 'null'], items: { type: 'integer' }, description: 'drawn numbers; null before the draw or when void' },
    voidReason: { type: ['string', 'null'] },
    bets: { type: 'integer', description: 'bets taken (any state)' },
    stake: { type: 'number', description: 'their stakes; major units' },
  },
};

const settingsProperties: Record<string, JsonSchema> = {
  enabled: { type: 'boolean', description: 'false: off sale; new rounds are not made, open bets still settle' },
  resultSource: {
    type: 'string',
    enum: ['house', 'official'],
    description: "house: drawn from the house's seed at draw time; official: each round waits past its draw time for staff to enter the official result (two operators, POST /lottery/results/:roundId)",
  },
  closeSeconds: { type: 'integer', minimum: 0, maximum: 86_399, description: 'sales close this long before each draw; below the interval' },
  drawWeekdays: {
    type: 'integer',
    minimum: 1,
    maximum: 127,
    description: "the game's local weekdays with draws, added up: Monday 1, Tuesday 2, Wednesday 4, Thursday 8, Friday 16, Saturday 32, Sunday 64; 127: every day",
  },
  minSeries: { type: 'integer', minimum: 1000, maximum: 2000, description: 'the lowest prize series a bet may use' },
  defaultSeries: { type: 'integer', minimum: 1000, maximum: 2000, description: 'the series the bet page starts at' },
  maxBetSeries: { type: 'integer', minimum: 1000, maximum: 2000, description: 'the highest series a bet may use (RTP = series / 2000)' },
  maxSeries: { type: 'integer', minimum: 1000, maximum: 2000, description: 'the ceiling rebates count from: (maxSeries - series) / 2000 of the stake' },
  maxPrize: { type: 'number', minimum: 0, maximum: 1_000_000_000, multipleOf: 0.01, description: 'the most one bet may win; 0: no cap' },
  maxRoundPayout: { type: 'number', minimum: 0, maximum: 1_000_000_000, multipleOf: 0.01, description: 'the most a draw may owe over its open bets; 0: no limit' },
  maxNumberPayout: { type: 'number', minimum: 0, maximum: 1_000_000_000, multipleOf: 0.01, description: 'the most one number of one play may owe in a draw; 0: no limit' },
  maxMemberStake: { type: 'number', minimum: 0, maximum: 1_000_000_000, multipleOf: 0.01, description: 'the most one member may stake on a draw; 0: no limit' },
};

/** Every lottery game of the merchant (on sale or not) with its schedule, settings and the round on sale and the next one. */
export async function listLotteryGames(db: pg.Pool, merchantId: number, nowMs: number) {
  const games = await db.query<SettingsRow & { gameCode: string; name: string; kind: string; firstDrawSeconds: number; drawsPerDay: number; utcOffsetMinutes: number }>(
    `SELECT ${SETTINGS_COLUMNS}, g.game_code AS "gameCode", g.name, g.kind, g.first_draw_seconds AS "firstDrawSeconds",
            g.draws_per_day AS "drawsPerDay", g.utc_offset_minutes AS "utcOffsetMinutes"
       FROM lottery_game g WHERE g.merchant_id = $1 ORDER BY g.sort_order, g.id`,
    [merchantId],
  );
  const rounds = await db.query<RoundRow & { gameId: number; which: 'current' | 'next' }>(
    `SELECT x.* FROM lottery_game g
       CROSS JOIN LATERAL (
         (SELECT g.id AS "gameId", 'current' AS which, ${ROUND_COLUMNS} FROM lottery_round r ${SOLD}
           WHERE r.game_id = g.id AND r.state = 'open' AND r.open_at <= $2 AND r.close_at > $2 ORDER BY r.draw_at LIMIT 1)
         UNION ALL
         (SELECT g.id, 'next', ${ROUND_COLUMNS} FROM lottery_round r ${SOLD}
           WHERE r.game_id = g.id AND r.state = 'open' AND r.open_at > $2 ORDER BY r.draw_at LIMIT 1)
       ) x
      WHERE g.merchant_id = $1`,
    [merchantId, new Date(nowMs)],
  );
  const roundFor = (gameId: number, which: 'current' | 'next') => {
    const row = rounds.rows.find((round) => round.gameId === gameId && round.which === which);
    return row ? roundOf(row) : null;
  };
  return {
    list: games.rows.map((game) => ({
      gameCode: game.gameCode,
      name: game.name,
      kind: game.kind,
      intervalSeconds: game.intervalSeconds,
      firstDrawSeconds: game.firstDrawSeconds,
      drawsPerDay: game.drawsPerDay,
      utcOffsetMinutes: game.utcOffsetMinutes,
      ...settingsOf(game),
      current: roundFor(game.id, 'current'),
      next: roundFor(game.id, 'next'),
    })),
  };
}

/**
 * Changes what was asked of the merchant's game, under its row's lock; answers the settings
 * before and after. A new closing time reschedules the rounds not open yet (the round on sale
 * keeps the close its buyers were shown); later rounds are made with it. New weekdays re-plan the
 * rounds not on sale yet in the same transaction (replan.ts: a round of a day dropped is removed,
 * or voided with its bets refunded; the new days' rounds are created); replanned is null when the
 * weekdays stayed. 404 lottery.game.unknown; 400 lottery.game.close_invalid when sales would not
 * close before the draw.
 */
export async function updateLotteryGame(
  db: pg.Pool,
  secretsKey: SecretsKey,
  merchantId: number,
  gameCode: string,
  asked: Partial<LotteryGameSettings>,
  nowMs: number,
): Promise<{ before: LotteryGameSettings; after: LotteryGameSettings; rescheduled: number; replanned: Replanned | null }> {
  return withTransaction(db, async (client) => {
    const found = await client.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM lottery_game g WHERE g.merchant_id = $1 AND g.game_code = $2 FOR UPDATE`, [merchantId, gameCode]);
    const row = found.rows[0];
    if (!row) throw new AppError(404, 'lottery.game.unknown');
    const before = settingsOf(row);
    const after: LotteryGameSettings = { ...before, ...asked };
    if (after.closeSeconds >= row.intervalSeconds) throw new AppError(400, 'lottery.game.close_invalid', { detail: String(row.intervalSeconds - 1) });
    if (!(after.minSeries <= after.defaultSeries && after.defaultSeries <= after.maxBetSeries && after.maxBetSeries <= after.maxSeries)) {
      throw new AppError(400, 'lottery.game.series_invalid', { detail: `${after.minSeries} ≤ ${after.defaultSeries} ≤ ${after.maxBetSeries} ≤ ${after.maxSeries}` });
    }
    await client.query(
      `UPDATE lottery_game SET enabled = $2, close_seconds = $3, max_prize_minor = $4, max_round_payout_minor = $5,
              max_number_payout_minor = $6, max_member_stake_minor = $7, result_source = $8,
              min_series = $9, default_series = $10, max_bet_series = $11, max_series = $12, draw_weekdays = $13 WHERE id = $1`,
      [
        row.id,
        after.enabled,
        after.closeSeconds,
        toMinor(after.maxPrize),
        toMinor(after.maxRoundPayout),
        toMinor(after.maxNumberPayout),
        toMinor(after.maxMemberStake),
        after.resultSource,
        after.minSeries,
        after.defaultSeries,
        after.maxBetSeries,
        after.maxSeries,
        after.drawWeekdays,
      ],
    );
    let rescheduled = 0;
    if (after.closeSeconds !== before.closeSeconds) {
      const moved = await client.query(
        // Sales open when the round before closes: open_at moves with the close, by as much (a
        // round after days off, schedule.ts, opened that many days earlier and still does).
        `UPDATE lottery_round SET close_at = draw_at - make_interval(secs => $2), open_at = open_at - make_interval(secs => $2 - $3)
          WHERE game_id = $1 AND state = 'open' AND open_at > $4`,
        [row.id, after.closeSeconds, before.closeSeconds, new Date(nowMs)],
      );
      rescheduled = moved.rowCount ?? 0;
    }
    // After the closing time: the re-plan makes every round it keeps or creates with the new one.
    const replanned = after.drawWeekdays !== before.drawWeekdays ? await replanRounds(client, secretsKey, row.id, nowMs) : null;
    return { before, after, rescheduled, replanned };
  });
}

const replannedSchema: JsonSchema = {
  type: 'object',
  required: ['moved', 'created', 'deleted', 'voided', 'refundedBets'],
  properties: {
    moved: { type: 'integer', description: 'rounds not on sale yet given new times' },
    created: { type: 'integer', description: 'rounds of the new weekdays created' },
    deleted: { type: 'integer', description: 'rounds of weekdays dropped, without bets, removed' },
    voided: { type: 'integer', description: 'rounds of weekdays dropped that had bets (chases), voided' },
    refundedBets: { type: 'integer', description: 'open bets of the voided rounds, each refunded once' },
  },
};

export async function lotteryGamesOperatorRoutes(app: FastifyInstance, { db, clock, secretsKey }: { db: pg.Pool; clock: Clock; secretsKey: SecretsKey }): Promise<void> {
  app.get('/lottery/games', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's lottery games: schedule, operator settings, the round on sale and the next",
      headers: bearerHeader,
      value: {
        type: 'object',
        required: ['list'],
        properties: {
          list: {
            type: 'array',
            items: {
              type: 'object',
              required: ['gameCode', 'name', 'kind', 'intervalSeconds', 'firstDrawSeconds', 'drawsPerDay', 'utcOffsetMinutes', ...Object.keys(settingsProperties), 'current', 'next'],
              properties: {
                gameCode: { type: 'string' },
                name: { type: 'string' },
                kind: { type: 'string' },
                intervalSeconds: { type: 'integer', description: 'between two draws' },
                firstDrawSeconds: { type: 'integer', description: "the day's first draw, seconds after local midnight" },
                drawsPerDay: { type: 'integer' },
                utcOffsetMinutes: { type: 'integer', description: "the game's local time" },
                ...settingsProperties,
                current: { anyOf: [roundSchema, { type: 'null' }], description: 'the round on sale now' },
                next: { anyOf: [roundSchema, { type: 'null' }], description: 'the next round to open' },
              },
            },
          },
        },
      },
    }),
  }, async (request) => ok(await listLotteryGames(db, operatorOf(request).merchantId, clock())));

  app.post<{ Params: { gameCode: string }; Body: Partial<LotteryGameSettings> }>('/lottery/games/:gameCode', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Change a lottery game's operator settings",
      description:
        'Only what is sent changes. closeSeconds reschedules the rounds not open yet (the round on sale keeps its close). drawWeekdays re-plans the rounds not on sale yet: those of a day dropped are removed, or voided with every open bet refunded once when they had bets; the new days get their rounds; the round on sale and every round before it stay. 404 lottery.game.unknown; 400 lottery.game.close_invalid: closeSeconds not below the interval between draws.',
      headers: bearerHeader,
      params: { type: 'object', required: ['gameCode'], properties: { gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$' } } },
      body: { type: 'object', additionalProperties: false, minProperties: 1, properties: settingsProperties },
      value: {
        type: 'object',
        required: ['gameCode', ...Object.keys(settingsProperties), 'rescheduledRounds', 'replannedRounds'],
        properties: {
          gameCode: { type: 'string' },
          ...settingsProperties,
          rescheduledRounds: { type: 'integer', description: 'rounds not open yet given the new closing time' },
          replannedRounds: { anyOf: [replannedSchema, { type: 'null' }], description: 'what new weekdays did to the rounds not on sale yet; null: the weekdays stayed' },
        },
      },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const gameCode = request.params.gameCode;
    // Unknown fields are dropped by the schema (removeAdditional): a body left with nothing to change is refused.
    if (Object.keys(request.body).length === 0) throw new AppError(400, 'request.param.err', { detail: 'nothing to change' });
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'lottery_game.update', targetType: 'lottery_game', targetId: gameCode, asked: { ...request.body } },
      async () => {
        const { before, after, rescheduled, replanned } = await updateLotteryGame(db, secretsKey, merchantId, gameCode, request.body, clock());
        // The audit keeps what a re-plan did: voided rounds moved money back to members.
        return { before, after: replanned ? { ...after, replannedRounds: replanned } : after, value: ok({ gameCode, ...after, rescheduledRounds: rescheduled, replannedRounds: replanned }) };
      },
    );
  });

  app.get<{ Querystring: { gameCode: string; state?: string; limit: number } }>('/lottery/rounds', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A game's rounds that have opened, latest draw first, with their sales",
      description: 'state: only rounds in it (open: on sale or waiting for the draw). 404 lottery.game.unknown.',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        required: ['gameCode'],
        additionalProperties: false,
        properties: {
          gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$' },
          state: { type: 'string', enum: ['open', 'drawn', 'settled', 'void'] },
          limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: roundSchema } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { gameCode, state, limit } = request.query;
    const game = await db.query<{ id: number }>('SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = $2', [merchantId, gameCode]);
    if (!game.rows[0]) throw new AppError(404, 'lottery.game.unknown');
    const rounds = await db.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM lottery_round r ${SOLD}
        WHERE r.game_id = $1 AND r.open_at <= $2 AND ($3::text IS NULL OR r.state = $3)
        ORDER BY r.draw_at DESC LIMIT $4`,
      [game.rows[0].id, new Date(clock()), state ?? null, limit],
    );
    return ok({ list: rounds.rows.map(roundOf) });
  });
}
