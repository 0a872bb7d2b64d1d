import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { audited, auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { agentChains, bonusOnly, largeWins, lotteryLiability, RISK_MAX_DAYS, sharedIdentities, type PageAsked } from './risk.service';

// The risk desk's reports (/ops/v1/risk, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; risk analysts and admins read them: operator-roles.ts).
// Reads only. Each names members, so each read is audited once (risk.read, the report and what was
// asked in its detail). A query the schema refuses answers 400 request.param.err with the field
// that failed; an unknown lottery game 404 not.found.

const tags = ['operator'];
const time = { type: 'integer', description: 'epoch ms' } as const;
const optionalTime = { type: ['integer', 'null'], description: 'epoch ms' } as const;
const text = { type: 'string' } as const;
const money = { type: 'number', description: 'major units' } as const;
const memberStatus = { type: 'string', enum: ['active', 'blocked'] } as const;

const DAYS = { type: 'integer', minimum: 1, maximum: RISK_MAX_DAYS, default: 7, description: `the last N days up to now (at most ${RISK_MAX_DAYS})` } as const;
const AMOUNT = { type: 'number', minimum: 0, maximum: 1_000_000_000, multipleOf: 0.01, default: 0, description: 'major units' } as const;
const paging = {
  limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
  offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
} as const;

const pageOf = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['total', 'list'],
  properties: { total: { type: 'integer', description: 'rows over every page' }, list: { type: 'array', items: item } },
});

const largeWinSchema: JsonSchema = {
  type: 'object',
  required: ['username', 'product', 'gameCode', 'gameName', 'reference', 'stake', 'win', 'at'],
  properties: {
    username: text,
    product: { type: 'string', enum: ['lottery', 'inhouse', 'vendor'] },
    gameCode: text,
    gameName: text,
    reference: { type: 'string', description: "the lottery order's number, or the vendor's round id" },
    stake: money,
    win: money,
    at: { ...time, description: 'settled (lottery) or ended (game round), epoch ms' },
  },
};

const sharedSchema: JsonSchema = {
  type: 'object',
  required: ['kind', 'value', 'accountCount', 'lastSeenAt', 'accounts'],
  properties: {
    kind: { type: 'string', enum: ['address', 'device'] },
    value: { type: 'string', description: 'the address, or the start of the device fingerprint' },
    accountCount: { type: 'integer' },
    lastSeenAt: optionalTime,
    accounts: {
      type: 'array',
      items: { type: 'object', required: ['username', 'status', 'lastSeenAt'], properties: { username: text, status: memberStatus, lastSeenAt: optionalTime } },
    },
  },
};

const bonusOnlySchema: JsonSchema = {
  type: 'object',
  required: ['username', 'status', 'bonus', 'deposits', 'withdrawals', 'withdrawalsPaid', 'withdrawalCount', 'lastWithdrawalAt'],
  properties: {
    username: text,
    status: memberStatus,
    bonus: { ...money, description: 'bonuses and promotions credited in the period (take-backs deducted), major units' },
    deposits: { ...money, description: 'deposits credited in the period' },
    withdrawals: { ...money, description: 'withdrawals asked for in the period, whatever became of them' },
    withdrawalsPaid: { ...money, description: 'of those, paid' },
    withdrawalCount: { type: 'integer' },
    lastWithdrawalAt: time,
  },
};

const agentChainSchema: JsonSchema = {
  type: 'object',
  required: ['username', 'status', 'contractKind', 'endedAt', 'downlines', 'downlineContracts', 'wagesSinceEnd'],
  properties: {
    username: text,
    status: memberStatus,
    contractKind: { type: 'string', enum: ['realtime', 'daily', 'hourly', 'dividend'] },
    endedAt: time,
    downlines: { type: 'integer', description: 'direct downline accounts' },
    downlineContracts: { type: 'integer', description: 'contracts it still holds as upline, pending or active' },
    wagesSinceEnd: { ...money, description: 'wages of the kind paid to it after the contract ended' },
  },
};

const liabilitySchema: JsonSchema = {
  type: 'object',
  required: ['rounds', 'numbers'],
  properties: {
    rounds: {
      type: 'array',
      items: {
        type: 'object',
        required: ['gameCode', 'gameName', 'numero', 'closeAt', 'drawAt', 'bets', 'stake', 'liability'],
        properties: {
          gameCode: text,
          gameName: text,
          numero: text,
          closeAt: time,
          drawAt: time,
          bets: { type: 'integer', description: 'open bets' },
          stake: money,
          liability: { ...money, description: 'what the round would pay if every open bet won (each at most the game cap)' },
        },
      },
    },
    numbers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['gameCode', 'numero', 'play', 'row', 'number', 'payout'],
        properties: {
          gameCode: text,
          numero: text,
          play: { type: 'string', description: 'the play code' },
          row: { type: 'integer', description: "the play's row (position), from 0" },
          number: { type: 'integer' },
          payout: { ...money, description: 'what the house pays if this number comes up in this row' },
        },
      },
    },
  },
};

/** Runs a report under audit, once: risk.read with the report's name and what was asked. */
const auditedRead = <T>(request: FastifyRequest, db: pg.Pool, clock: Clock, report: string, read: () => Promise<T>): Promise<T> =>
  audited(auditContextOf(request, db, clock), { action: 'risk.read', targetType: 'risk_report', targetId: report, detail: { report, asked: request.query } }, read);

export async function riskOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { days: number; minAmount: number } & PageAsked }>('/risk/large-wins', {
    schema: apiSchema({
      tags,
      summary: 'The largest single wins of the period, across the lottery, the in-house games and the vendors’ games',
      description: 'Lottery bets settled won (by settlement time, the prize paid) and game rounds ended with a win (by end time), of at least minAmount; largest first. Audited (risk.read).',
      headers: bearerHeader,
      querystring: { type: 'object', additionalProperties: false, properties: { days: DAYS, minAmount: { ...AMOUNT, description: 'the smallest win listed, major units' }, ...paging } },
      value: pageOf(largeWinSchema),
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedRead(request, db, clock, 'large-wins', () => largeWins(db, merchantId, request.query, clock())));
  });

  app.get<{ Querystring: { days: number; minAccounts: number } & PageAsked }>('/risk/shared-devices', {
    schema: apiSchema({
      tags,
      summary: 'Addresses and devices used by several accounts',
      description:
        'Addresses at least minAccounts accounts logged in from successfully in the period, and devices as many accounts were seen on (device fingerprints carry no time: ' +
        'the period does not apply to them), each with its accounts; most accounts first. Audited (risk.read).',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { days: DAYS, minAccounts: { type: 'integer', minimum: 2, maximum: 1000, default: 2, description: 'the fewest accounts sharing one' }, ...paging },
      },
      value: pageOf(sharedSchema),
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedRead(request, db, clock, 'shared-devices', () => sharedIdentities(db, merchantId, request.query, clock())));
  });

  app.get<{ Querystring: { days: number; maxDeposits: number } & PageAsked }>('/risk/bonus-only', {
    schema: apiSchema({
      tags,
      summary: 'Members given bonuses who deposited little or nothing and withdrew or tried to',
      description:
        'In the period: bonuses and promotions received (take-backs deducted) above zero, deposits credited at most maxDeposits, and at least one withdrawal asked for (paid, pending or rejected). ' +
        'Largest bonus first. Audited (risk.read).',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { days: DAYS, maxDeposits: { ...AMOUNT, description: 'the most a listed member deposited in the period, major units (default 0: nothing)' }, ...paging },
      },
      value: pageOf(bonusOnlySchema),
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedRead(request, db, clock, 'bonus-only', () => bonusOnly(db, merchantId, request.query, clock())));
  });

  app.get<{ Querystring: PageAsked }>('/risk/agent-chains', {
    schema: apiSchema({
      tags,
      summary: 'Agents whose contract ended who still have downlines, downline contracts or wages',
      description: 'Per agent and contract kind whose last contract was terminated (none pending or active of the kind since). Most downlines first. Audited (risk.read).',
      headers: bearerHeader,
      querystring: { type: 'object', additionalProperties: false, properties: { ...paging } },
      value: pageOf(agentChainSchema),
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedRead(request, db, clock, 'agent-chains', () => agentChains(db, merchantId, request.query)));
  });

  app.get<{ Querystring: { gameCode?: string; numero?: string; limit: number } }>('/risk/lottery-liability', {
    schema: apiSchema({
      tags,
      summary: 'What the house would pay on the open lottery rounds: per round if every bet won, and per number if it came up',
      description: 'Open rounds with open bets, highest liability first; numbers of the plays whose ticket is one number per row (position plays, Mark Six specials, đề, 3 càng, lô), highest payout first. 404 not.found: no lottery game of that code. Audited (risk.read).',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          gameCode: { type: 'string', pattern: '^[A-Z0-9]{2,16}$', description: 'one game (SSC1, LHC5, …)' },
          numero: { type: 'string', pattern: '^[0-9]{8}(-[0-9]{2,4})?$', description: 'one issue, YYYYMMDD-NNN' },
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'the most rounds, and the most numbers' },
        },
      },
      value: liabilitySchema,
    }),
  }, async (request) => {
    const { merchantId } = operatorOf(request);
    return ok(await auditedRead(request, db, clock, 'lottery-liability', () => lotteryLiability(db, merchantId, request.query)));
  });
}
