import { REBATE_CATEGORIES, REBATE_MODES, type RebateCategory, type RebateMode } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import * as queries from './rebate.queries';

// The operators' rebate settings (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; content staff write them as they write promotions, risk
// reads them: operator-roles.ts): the mode and the rates per VIP level and product category, in
// percent of the settled stake with at most two decimals (basis points), at most 10 %. Every
// change is audited. A rate changed applies to the days counted after it; a counted day keeps its own.

const rateSchema = {
  type: 'object',
  required: ['vipLevel', 'category', 'percent'],
  additionalProperties: false,
  properties: {
    vipLevel: { type: 'integer', minimum: 0, maximum: 99 },
    category: { type: 'string', enum: REBATE_CATEGORIES },
    percent: { type: 'number', minimum: 0, maximum: 10, description: 'percent of the settled stake, two decimals at most (0.5 = 0.5 %)' },
  },
} as const;

const settingsValue = {
  type: 'object',
  required: ['mode', 'rates'],
  properties: { mode: { type: 'string', enum: REBATE_MODES }, rates: { type: 'array', items: rateSchema } },
} as const;

interface RateInput {
  vipLevel: number;
  category: RebateCategory;
  percent: number;
}

/** A percent with at most two decimals → basis points; anything finer is refused, not rounded. */
function basisPointsOf(percent: number): number {
  const bp = Math.round(percent * 100);
  if (Math.abs(bp - percent * 100) > 1e-6) throw new AppError(400, 'operator.rebate.invalid', { detail: `${percent} has more than two decimals` });
  return bp;
}

async function settingsOnWire(db: pg.Pool, merchantId: number) {
  const settings = await queries.selectSettings(db, merchantId);
  return { mode: settings.mode, rates: settings.rates.map((rate) => ({ vipLevel: rate.vipLevel, category: rate.category, percent: rate.rateBp / 100 })) };
}

export async function rebateOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/rebate/settings', {
    schema: apiSchema({ tags: ['operator'], summary: "The merchant's betting rebate: mode (manual or auto) and rates", headers: bearerHeader, value: settingsValue }),
  }, async (request) => ok(await settingsOnWire(db, operatorOf(request).merchantId)));

  app.put<{ Body: { mode?: RebateMode; rates?: RateInput[] } }>('/rebate/settings', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Change the mode and/or rates given (each rate replaces its level and category); answers the settings',
      description: '400 operator.rebate.invalid: a rate with more than two decimals, or a level and category given twice.',
      headers: bearerHeader,
      body: {
        type: 'object',
        minProperties: 1,
        additionalProperties: false,
        properties: { mode: { type: 'string', enum: REBATE_MODES }, rates: { type: 'array', maxItems: 700, items: rateSchema } },
      },
      value: settingsValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { mode, rates } = request.body;
    const seen = new Set<string>();
    const parsed = (rates ?? []).map((rate) => {
      const key = `${rate.vipLevel}:${rate.category}`;
      if (seen.has(key)) throw new AppError(400, 'operator.rebate.invalid', { detail: `level ${rate.vipLevel} ${rate.category} given twice` });
      seen.add(key);
      return { vipLevel: rate.vipLevel, category: rate.category, rateBp: basisPointsOf(rate.percent) };
    });
    // The trail records what the change touched: the mode when given, and each rate given as it
    // was and is (percent null: none set), not the whole table.
    const touched = (settings: Awaited<ReturnType<typeof settingsOnWire>>) => ({
      ...(mode === undefined ? {} : { mode: settings.mode }),
      ...(rates === undefined ? {} : {
        rates: parsed.map(({ vipLevel, category }) => ({
          vipLevel, category, percent: settings.rates.find((rate) => rate.vipLevel === vipLevel && rate.category === category)?.percent ?? null,
        })),
      }),
    });
    return auditedChange(auditContextOf(request, db, clock), { action: 'rebate.settings', targetType: 'rebate', targetId: String(merchantId), asked: { ...request.body } }, async () => {
      const before = await settingsOnWire(db, merchantId);
      await withTransaction(db, (client) => queries.upsertSettings(client, merchantId, { ...(mode === undefined ? {} : { mode }), ...(rates === undefined ? {} : { rates: parsed }) }, clock()));
      const after = await settingsOnWire(db, merchantId);
      return { before: touched(before), after: touched(after), value: ok(after) };
    });
  });
}
