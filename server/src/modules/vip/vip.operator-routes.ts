import { VIP_LANGUAGES, VIP_WITHDRAW_EXTRA_MAX } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { runMonthEnd } from './vip.month-end';
import * as queries from './vip.queries';

// The operators' VIP ranks (/ops/v1, registered behind the operator token check by app.ts through
// operatorRoutes' extraRoutes; content staff write the ladder as they write promotions, risk sets
// a member's level by hand and runs a month end: operator-roles.ts): the levels with their
// requirements, benefits (the withdrawal perks among them) and texts (major units), a member's
// level and history, the month end of an ended month (once: a second run answers the first's
// figures), and the claims paid. Every change is audited.

const money = { type: 'number', minimum: 0, maximum: 1_000_000_000 } as const;
const multiplier = { type: 'number', minimum: 0, maximum: 100, description: 'wagering: × the amount paid, two decimals at most' } as const;
const withdrawExtra = (what: string) => ({ type: 'integer', minimum: 0, maximum: VIP_WITHDRAW_EXTRA_MAX, description: `${what} a day beyond the merchant's withdraw setting` }) as const;
const texts = {
  type: 'object',
  additionalProperties: false,
  properties: Object.fromEntries(VIP_LANGUAGES.map((language) => [language, { type: 'string', maxLength: 500 }])),
} as const;

const levelBody = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    names: texts,
    clubLabel: { type: 'string', minLength: 1, maxLength: 40 },
    color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    color2: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
    reach: {
      type: 'object',
      additionalProperties: false,
      properties: { monthlyTurnover: money, monthlyDeposit: money, totalTurnover: money, totalDeposit: money },
    },
    keep: { type: 'object', additionalProperties: false, properties: { monthlyTurnover: money, monthlyDeposit: money } },
    upgradeBonus: money,
    upgradeWageringMultiplier: multiplier,
    monthlySalary: money,
    salaryWageringMultiplier: multiplier,
    withdrawDailyCountExtra: withdrawExtra('withdrawals'),
    withdrawFreeExtra: withdrawExtra('free (no-charge) withdrawals'),
    withdrawPriority: { type: 'boolean', description: "the members' pending withdrawals come first in the review queue" },
    withdrawalTexts: texts,
    benefitTexts: texts,
  },
} as const;

interface LevelBody {
  names?: Record<string, string>;
  clubLabel?: string;
  color?: string;
  color2?: string;
  reach?: { monthlyTurnover?: number; monthlyDeposit?: number; totalTurnover?: number; totalDeposit?: number };
  keep?: { monthlyTurnover?: number; monthlyDeposit?: number };
  upgradeBonus?: number;
  upgradeWageringMultiplier?: number;
  monthlySalary?: number;
  salaryWageringMultiplier?: number;
  withdrawDailyCountExtra?: number;
  withdrawFreeExtra?: number;
  withdrawPriority?: boolean;
  withdrawalTexts?: Record<string, string>;
  benefitTexts?: Record<string, string>;
}

/** A count a level adds to the withdraw setting: a whole number from 0 to VIP_WITHDRAW_EXTRA_MAX (the route's schema says so too; this holds for any caller). */
function withdrawExtraOf(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > VIP_WITHDRAW_EXTRA_MAX) {
    throw new AppError(400, 'operator.vip.invalid', { detail: `${what} must be a whole number from 0 to ${VIP_WITHDRAW_EXTRA_MAX}` });
  }
  return value;
}

/** A major amount with at most two decimals → minor units; anything finer is refused, not rounded. */
function hundredthsOf(value: number, what: string): number {
  const hundredths = Math.round(value * 100);
  if (Math.abs(hundredths - value * 100) > 1e-6) throw new AppError(400, 'operator.vip.invalid', { detail: `${what} ${value} has more than two decimals` });
  return hundredths;
}

const levelOnWire = (level: queries.LevelRow) => ({
  level: level.level,
  names: level.names,
  clubLabel: level.clubLabel,
  color: level.color,
  color2: level.color2,
  reach: {
    monthlyTurnover: minorToMajor(level.reachMonthTurnoverMinor),
    monthlyDeposit: minorToMajor(level.reachMonthDepositMinor),
    totalTurnover: minorToMajor(level.reachTotalTurnoverMinor),
    totalDeposit: minorToMajor(level.reachTotalDepositMinor),
  },
  keep: { monthlyTurnover: minorToMajor(level.keepMonthTurnoverMinor), monthlyDeposit: minorToMajor(level.keepMonthDepositMinor) },
  upgradeBonus: minorToMajor(level.upgradeBonusMinor),
  upgradeWageringMultiplier: level.upgradeWageringX100 / 100,
  monthlySalary: minorToMajor(level.monthlySalaryMinor),
  salaryWageringMultiplier: level.salaryWageringX100 / 100,
  withdrawDailyCountExtra: level.withdrawDailyCountExtra,
  withdrawFreeExtra: level.withdrawFreeExtra,
  withdrawPriority: level.withdrawPriority,
  withdrawalTexts: level.withdrawalTexts,
  benefitTexts: level.benefitTexts,
});

/** The level as it will be: `body` over what it was (or over nothing for a new one). */
export function mergeLevel(level: number, before: queries.LevelRow | undefined, body: LevelBody): queries.LevelRow {
  if (!before && (body.clubLabel === undefined || body.color === undefined || body.color2 === undefined)) {
    throw new AppError(400, 'operator.vip.invalid', { detail: 'a new level needs clubLabel, color and color2' });
  }
  const pick = (value: number | undefined, what: string, previous: number) => (value === undefined ? previous : hundredthsOf(value, what));
  const merged: queries.LevelRow = {
    level,
    names: { ...(before?.names ?? {}), ...(body.names ?? {}) },
    clubLabel: body.clubLabel ?? before!.clubLabel,
    color: body.color ?? before!.color,
    color2: body.color2 ?? before!.color2,
    reachMonthTurnoverMinor: pick(body.reach?.monthlyTurnover, 'reach.monthlyTurnover', before?.reachMonthTurnoverMinor ?? 0),
    reachMonthDepositMinor: pick(body.reach?.monthlyDeposit, 'reach.monthlyDeposit', before?.reachMonthDepositMinor ?? 0),
    reachTotalTurnoverMinor: pick(body.reach?.totalTurnover, 'reach.totalTurnover', before?.reachTotalTurnoverMinor ?? 0),
    reachTotalDepositMinor: pick(body.reach?.totalDeposit, 'reach.totalDeposit', before?.reachTotalDepositMinor ?? 0),
    keepMonthTurnoverMinor: pick(body.keep?.monthlyTurnover, 'keep.monthlyTurnover', before?.keepMonthTurnoverMinor ?? 0),
    keepMonthDepositMinor: pick(body.keep?.monthlyDeposit, 'keep.monthlyDeposit', before?.keepMonthDepositMinor ?? 0),
    upgradeBonusMinor: pick(body.upgradeBonus, 'upgradeBonus', before?.upgradeBonusMinor ?? 0),
    upgradeWageringX100: pick(body.upgradeWageringMultiplier, 'upgradeWageringMultiplier', before?.upgradeWageringX100 ?? 100),
    monthlySalaryMinor: pick(body.monthlySalary, 'monthlySalary', before?.monthlySalaryMinor ?? 0),
    salaryWageringX100: pick(body.salaryWageringMultiplier, 'salaryWageringMultiplier', before?.salaryWageringX100 ?? 100),
    withdrawDailyCountExtra:
      body.withdrawDailyCountExtra === undefined ? (before?.withdrawDailyCountExtra ?? 0) : withdrawExtraOf(body.withdrawDailyCountExtra, 'withdrawDailyCountExtra'),
    withdrawFreeExtra: body.withdrawFreeExtra === undefined ? (before?.withdrawFreeExtra ?? 0) : withdrawExtraOf(body.withdrawFreeExtra, 'withdrawFreeExtra'),
    withdrawPriority: body.withdrawPriority ?? before?.withdrawPriority ?? false,
    withdrawalTexts: { ...(before?.withdrawalTexts ?? {}), ...(body.withdrawalTexts ?? {}) },
    benefitTexts: { ...(before?.benefitTexts ?? {}), ...(body.benefitTexts ?? {}) },
  };
  if (level === 0) {
    const asked = merged.reachMonthTurnoverMinor + merged.reachMonthDepositMinor + merged.reachTotalTurnoverMinor + merged.reachTotalDepositMinor;
    if (asked + merged.keepMonthTurnoverMinor + merged.keepMonthDepositMinor + merged.upgradeBonusMinor > 0) {
      throw new AppError(400, 'operator.vip.invalid', { detail: 'level 0 is where members start: no requirements and no upgrade bonus' });
    }
    // Every member has level 0: a perk there would be the merchant's withdraw setting under another name.
    if (merged.withdrawDailyCountExtra > 0 || merged.withdrawFreeExtra > 0 || merged.withdrawPriority) {
      throw new AppError(400, 'operator.vip.invalid', { detail: "level 0 is where members start: no withdrawal perks (change the merchant's withdraw setting instead)" });
    }
  }
  return merged;
}

async function memberOrRefuse(db: pg.Pool, merchantId: number, username: string) {
  const member = await queries.selectMemberByUsername(db, merchantId, username);
  if (!member) throw new AppError(404, 'operator.vip.invalid', { detail: `no member ${username}` });
  return member;
}

export async function vipOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  const tags = ['operator'];
  const anyObject = { type: 'object', additionalProperties: true } as const;
  const ladderValue = { type: 'object', required: ['list'], properties: { list: { type: 'array', items: anyObject } } } as const;

  app.get('/vip/levels', {
    schema: apiSchema({ tags, summary: "The merchant's VIP levels, lowest first (amounts in major units)", headers: bearerHeader, value: ladderValue }),
  }, async (request) => ok({ list: (await queries.selectLevels(db, operatorOf(request).merchantId)).map(levelOnWire) }));

  app.put<{ Params: { level: number }; Body: LevelBody }>('/vip/levels/:level', {
    schema: apiSchema({
      tags,
      summary: 'Create a level or change the fields given (texts are merged per language); answers the ladder',
      description:
        '400 operator.vip.invalid: a new level without its label and colours, or above a level that does not exist; level 0 with requirements or withdrawal perks. ' +
        `400 request.param.err: a field out of its range (withdrawDailyCountExtra and withdrawFreeExtra: whole numbers 0-${VIP_WITHDRAW_EXTRA_MAX}). Nothing is changed by a refusal.`,
      headers: bearerHeader,
      params: { type: 'object', required: ['level'], properties: { level: { type: 'integer', minimum: 0, maximum: 20 } } },
      body: levelBody,
      value: ladderValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { level } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'vip.level', targetType: 'vip_level', targetId: String(level), asked: { ...request.body } }, async () => {
      const previous = await withTransaction(db, async (client) => {
        // One writer of the ladder at a time: the check of the level below holds until commit.
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`vip_level:${merchantId}`]);
        const levels = await queries.selectLevels(client, merchantId);
        const before = levels.find((row) => row.level === level);
        if (!before && level > 0 && !levels.some((row) => row.level === level - 1)) {
          throw new AppError(400, 'operator.vip.invalid', { detail: `level ${level - 1} comes first` });
        }
        await queries.upsertLevel(client, merchantId, mergeLevel(level, before, request.body), clock());
        return before;
      });
      const ladder = await queries.selectLevels(db, merchantId);
      const after = ladder.find((row) => row.level === level);
      return { before: previous && levelOnWire(previous), after: after && levelOnWire(after), value: ok({ list: ladder.map(levelOnWire) }) };
    });
  });

  app.get<{ Params: { username: string } }>('/vip/members/:username', {
    schema: apiSchema({ tags, summary: "A member's VIP level, the highest reached and the changes (newest first)", headers: bearerHeader, value: anyObject }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const member = await memberOrRefuse(db, merchantId, request.params.username);
    const [level, changes] = await Promise.all([queries.selectMemberLevel(db, merchantId, member.id), queries.selectChanges(db, merchantId, member.id, 50)]);
    return ok({ username: member.username, level: level.level, highestLevel: level.highestLevel, changes });
  });

  app.put<{ Params: { username: string }; Body: { level: number; note: string } }>('/vip/members/:username/level', {
    schema: apiSchema({
      tags,
      summary: "Set a member's level by hand (recorded in its history and audited); a level above the highest reached owes its upgrade bonuses",
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['level', 'note'],
        additionalProperties: false,
        properties: { level: { type: 'integer', minimum: 0, maximum: 20 }, note: { type: 'string', minLength: 1, maxLength: 200 } },
      },
      value: anyObject,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const member = await memberOrRefuse(db, operator.merchantId, request.params.username);
    const { level, note } = request.body;
    return auditedChange(auditContextOf(request, db, clock), { action: 'vip.member_level', targetType: 'member', targetId: member.username, asked: { level, note } }, async () => {
      const changed = await withTransaction(db, async (client) => {
        const levels = await queries.selectLevels(client, operator.merchantId);
        if (!levels.some((row) => row.level === level)) throw new AppError(400, 'operator.vip.invalid', { detail: `no level ${level}` });
        // The member's row (when it has one) is locked: a claim or a month end at the same moment waits.
        const before = await queries.selectMemberLevel(client, operator.merchantId, member.id, true);
        const was = { level: before.level, highestLevel: before.highestLevel };
        if (before.level === level) return { from: before.level, to: level, changed: false, was };
        const nowMs = clock();
        await queries.setMemberLevel(client, { merchantId: operator.merchantId, memberId: member.id, level, nowMs });
        await queries.insertChange(client, { merchantId: operator.merchantId, memberId: member.id, fromLevel: before.level, toLevel: level, reason: 'operator', month: null, operatorId: operator.id, note, nowMs });
        return { from: before.level, to: level, changed: true, was };
      });
      const now = await queries.selectMemberLevel(db, operator.merchantId, member.id);
      return {
        before: changed.was,
        after: { level: now.level, highestLevel: now.highestLevel },
        value: ok({ username: member.username, fromLevel: changed.from, level: changed.to, changed: changed.changed }),
      };
    });
  });

  app.post<{ Body: { month: string } }>('/vip/month-end', {
    schema: apiSchema({
      tags,
      summary: 'Decide an ended month: promotions and relegations, once (a second run answers the first one\'s figures, ran false)',
      description: '400 vip.month.invalid: not YYYY-MM, or a month that has not ended.',
      headers: bearerHeader,
      body: { type: 'object', required: ['month'], additionalProperties: false, properties: { month: { type: 'string', maxLength: 7 } } },
      value: anyObject,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    // The month's run as stored (null: not decided yet): a second run changes nothing.
    const monthRun = (month: string) => queries.selectMonthRun(db, operator.merchantId, month).then((run) => run ?? null);
    return auditedChange(auditContextOf(request, db, clock), { action: 'vip.month_end', targetType: 'vip_month', targetId: request.body.month }, async () => {
      const before = await monthRun(request.body.month);
      const result = await runMonthEnd(db, { merchantId: operator.merchantId, month: request.body.month, ranBy: `operator:${operator.id}`, nowMs: clock() });
      return { before, after: await monthRun(result.month), value: ok(result) };
    });
  });

  app.get<{ Querystring: { username?: string; page?: number; size?: number } }>('/vip/claims', {
    schema: apiSchema({
      tags,
      summary: 'VIP benefits claimed (of one member, or all), newest first',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { username: { type: 'string' }, page: { type: 'integer', minimum: 1, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      },
      value: { type: 'object', required: ['list', 'total', 'sum'], properties: { list: { type: 'array', items: anyObject }, total: { type: 'integer' }, sum: { type: 'number' } } },
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const { username, page = 1, size = 50 } = request.query;
    const memberId = username === undefined ? null : (await memberOrRefuse(db, merchantId, username)).id;
    const result = await queries.selectClaimPage(db, { merchantId, memberId, fromMs: null, toMs: null, limit: size, offset: (page - 1) * size });
    return ok({
      list: result.rows.map((row) => ({ username: row.username, kind: row.kind, level: row.level, period: row.period || null, amount: minorToMajor(row.amountMinor), claimedAt: row.claimedAtMs })),
      total: result.count,
      sum: minorToMajor(result.sumMinor),
    });
  });
}
