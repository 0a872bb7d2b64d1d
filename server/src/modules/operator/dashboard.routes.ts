import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { DASHBOARD_PRODUCTS } from './dashboard.queries';
import { DASHBOARD_MAX_DAYS, dashboardOf } from './dashboard.service';

// The back office's dashboard (dashboard.service.ts): the merchant's figures per day. Counts and
// sums only, no member named: cashiers, risk and content staff read it (operator-roles.ts), unaudited.

export interface DashboardRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const MONEY = { type: 'number', description: 'major units' } as const;
const COUNT = { type: 'integer', minimum: 0 } as const;

const figures: Record<string, JsonSchema> = {
  registrations: { ...COUNT, description: 'members registered (free-play guests not counted)' },
  firstDeposits: { ...COUNT, description: 'members whose first deposit ever was credited' },
  depositCount: { ...COUNT, description: 'deposits credited (approved)' },
  depositAmount: { ...MONEY, description: 'what they credited, major units' },
  withdrawalCount: { ...COUNT, description: 'withdrawals paid' },
  withdrawalAmount: { ...MONEY, description: 'their amount (the charge included), major units' },
  activePlayers: { ...COUNT, description: 'distinct members with a settled stake (the totals: over the whole period)' },
  stakes: { ...MONEY, description: 'settled stakes: lottery bets won or lost, game rounds ended' },
  wins: { ...MONEY, description: 'what those paid the members' },
  ggr: { ...MONEY, description: 'stakes − wins' },
  bonusCost: { ...MONEY, description: 'bonuses, promotions (net of take-backs), rebates, VIP, missions, points money and invitation rewards paid to members' },
};

const figuresSchema = (extra: Record<string, JsonSchema>, required: string[]): JsonSchema => ({
  type: 'object',
  required: [...required, ...Object.keys(figures)],
  properties: { ...extra, ...figures },
});

export async function dashboardRoutes(app: FastifyInstance, { db, clock = systemClock }: DashboardRoutesOptions): Promise<void> {
  app.get<{ Querystring: { from?: string; to?: string; days?: number } }>('/dashboard', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's figures per day of a period, and their totals",
      description:
        `Days of the merchant's time zone (its withdraw settings' timeZoneOffsetMinutes), both ends included, every day listed (zeros when nothing happened). ` +
        `Default: today; a missing from is to, a missing to is today; days=N: the last N days of the merchant's calendar ending today. 400 operator.period.invalid: a text that is no date, from after to, more than ${DASHBOARD_MAX_DAYS} days.`,
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          from: { type: 'string', maxLength: 32, description: 'first day, YYYY-MM-DD' },
          to: { type: 'string', maxLength: 32, description: 'last day, YYYY-MM-DD' },
          days: { type: 'integer', minimum: 1, maximum: DASHBOARD_MAX_DAYS, description: "the last N days of the merchant's calendar, today included (not with from/to)" },
        },
      },
      value: {
        type: 'object',
        required: ['from', 'to', 'totals', 'days'],
        properties: {
          from: { type: 'string' },
          to: { type: 'string' },
          currency: { type: 'string', description: "the merchant's currency code (ISO 4217)" },
          totals: figuresSchema(
            {
              byProduct: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['product', 'stakes', 'wins', 'ggr'],
                  properties: { product: { type: 'string', enum: DASHBOARD_PRODUCTS }, stakes: MONEY, wins: MONEY, ggr: MONEY },
                },
              },
            },
            ['byProduct'],
          ),
          days: { type: 'array', items: figuresSchema({ day: { type: 'string', description: 'YYYY-MM-DD' } }, ['day']) },
        },
      },
    }),
  }, async (request) =>
    ok(await dashboardOf(db, { merchantId: operatorOf(request).merchantId, from: request.query.from, to: request.query.to, days: request.query.days, nowMs: clock() })));
}
