import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { listInhouseSettings, resetInhouseSetting, updateInhouseSetting, type StakeRangeOnWire } from './inhouse-settings.service';

// The operators' stake settings of the in-house games (/ops/v1/inhouse/settings, registered behind
// the operator token check by app.ts through operatorRoutes' extraRoutes; who may call them:
// operator-roles.ts). A merchant narrows what its players may stake on each game within the
// certified bounds (stake-range.ts), never outside them; the game pages get the range with their
// next session and every spin and bet is held to it. Every change is audited once with the range in
// force before and after it; a refusal changes nothing.

const tags = ['operator'];
const money = { type: 'number', description: 'major units' } as const;
const gameCodeParams: JsonSchema = { type: 'object', required: ['gameCode'], properties: { gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$' } } };

const settingSchema: JsonSchema = {
  type: 'object',
  required: ['gameCode', 'name', 'kind', 'certified', 'minBet', 'maxBet', 'narrowed'],
  properties: {
    gameCode: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['slot', 'crash'] },
    certified: {
      type: 'object',
      required: ['minBet', 'maxBet', 'betSteps', 'rtp'],
      description: "the bounds of the game's certified maths",
      properties: {
        minBet: money,
        maxBet: money,
        betSteps: { type: 'array', items: money, description: 'slot: the stakes a spin may take; crash: empty (any amount from minBet to maxBet)' },
        rtp: { type: 'number', description: 'return to player, 0 to 1' },
      },
    },
    minBet: { ...money, description: "the smallest stake the merchant's players may place now (major units)" },
    maxBet: { ...money, description: "the largest stake the merchant's players may place now (major units)" },
    narrowed: { type: 'boolean', description: 'false: the certified bounds apply' },
  },
};

const refusals =
  '400 inhouse.setting.out.of.bounds: an end outside the certified bounds, a slot amount that is not one of its certified bet steps, or the minimum above the maximum; nothing is changed. 404 inhouse.game.unknown.';

export async function inhouseOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/inhouse/settings', {
    schema: apiSchema({
      tags,
      summary: 'The in-house games: their certified stake bounds and RTP, and the stakes the merchant allows',
      headers: bearerHeader,
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: settingSchema } } },
    }),
  }, async (request) => ok({ list: await listInhouseSettings(db, operatorOf(request).merchantId) }));

  app.put<{ Params: { gameCode: string }; Body: StakeRangeOnWire }>('/inhouse/settings/:gameCode', {
    schema: apiSchema({
      tags,
      summary: "Narrow the stakes the merchant's players may place on an in-house game",
      description: `Both ends are allowed stakes. The game pages show the range from their next session; every spin and bet is held to it. ${refusals}`,
      headers: bearerHeader,
      params: gameCodeParams,
      body: {
        type: 'object',
        required: ['minBet', 'maxBet'],
        additionalProperties: false,
        properties: { minBet: { ...money, exclusiveMinimum: 0 }, maxBet: { ...money, exclusiveMinimum: 0 } },
      },
      value: settingSchema,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { gameCode } = request.params;
    const { minBet, maxBet } = request.body;
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'inhouse_setting.update', targetType: 'inhouse_game', targetId: gameCode, asked: { minBet, maxBet } },
      async () => {
        const { before, after, value } = await updateInhouseSetting(db, clock, merchantId, gameCode, { minBet, maxBet });
        return { before, after, value: ok(value) };
      },
    );
  });

  app.delete<{ Params: { gameCode: string } }>('/inhouse/settings/:gameCode', {
    schema: apiSchema({
      tags,
      summary: "Give an in-house game's players the certified stake bounds again",
      description: '404 inhouse.game.unknown.',
      headers: bearerHeader,
      params: gameCodeParams,
      value: settingSchema,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { gameCode } = request.params;
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'inhouse_setting.reset', targetType: 'inhouse_game', targetId: gameCode },
      async () => {
        const { before, after, value } = await resetInhouseSetting(db, merchantId, gameCode);
        return { before, after, value: ok(value) };
      },
    );
  });
}
