import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { withTransaction } from '../../db/transaction';
import { AppError, ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { minorToMajor } from '../ledger';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import * as queries from './referral.queries';

// The operators' invite-a-friend (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes; content staff write the settings as they write promotions,
// risk reads them and members' friends: operator-roles.ts): whether the programme is on, the
// qualification thresholds, the reward per friend, the rebate rates per level, the achievements,
// whether addresses are compared, the share link's domain; and a member's friends and rewards.
// Amounts are major units with at most two decimals, rates percent (two decimals, at most 10 %).
// Every change is audited. Rates changed apply to the days counted after the change.

const money = { type: 'number', minimum: 0, maximum: 100_000_000, multipleOf: 0.01 } as const;
const rate = { type: 'number', minimum: 0, maximum: 10, description: 'percent, two decimals at most' } as const;
const achievementSchema = {
  type: 'object',
  required: ['friends', 'bonus'],
  additionalProperties: false,
  properties: { friends: { type: 'integer', minimum: 1, maximum: 100000 }, bonus: { ...money, exclusiveMinimum: 0 } },
} as const;

const settingsProperties = {
  enabled: { type: 'boolean' },
  minFirstDeposit: money,
  minValidStake: money,
  invitationReward: money,
  depositRateLevel1: rate,
  depositRateLevel2: rate,
  betRateLevel1: rate,
  betRateLevel2: rate,
  checkAddress: { type: 'boolean', description: 'refuse a friend sharing an address with the inviter or a rewarded friend (devices and cards are always compared)' },
  mainDomain: { type: ['string', 'null'], pattern: '^[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?$', description: "the share link's domain; null: the address the member is on" },
  achievements: { type: 'array', maxItems: 50, items: achievementSchema },
} as const;

const settingsValue = {
  type: 'object',
  required: Object.keys(settingsProperties),
  properties: { ...settingsProperties, achievements: { type: 'array', items: { ...achievementSchema, required: ['configId', 'friends', 'bonus'], properties: { ...achievementSchema.properties, configId: { type: 'integer' } } } } },
} as const;

const major = { type: ['number', 'null'] } as const;
const memberValue = {
  type: 'object',
  required: ['username', 'code', 'invitedBy', 'counts', 'income', 'friends', 'achievements'],
  properties: {
    username: { type: 'string' },
    code: { type: ['string', 'null'] },
    invitedBy: { type: ['string', 'null'] },
    counts: {
      type: 'object',
      required: ['invited', 'deposited', 'qualified', 'refused'],
      properties: { invited: { type: 'integer' }, deposited: { type: 'integer' }, qualified: { type: 'integer' }, refused: { type: 'integer' } },
    },
    income: {
      type: 'object',
      required: ['invitation', 'depositRebate', 'betRebate', 'achievement'],
      properties: { invitation: { type: 'number' }, depositRebate: { type: 'number' }, betRebate: { type: 'number' }, achievement: { type: 'number' } },
    },
    friends: {
      type: 'array',
      items: {
        type: 'object',
        required: ['username', 'invitedAt', 'state', 'refusedReason', 'firstDepositAt', 'reward', 'rewardedAt'],
        properties: {
          username: { type: 'string' },
          invitedAt: { type: 'integer' },
          state: { type: 'string' },
          refusedReason: { type: ['string', 'null'] },
          firstDepositAt: { type: ['integer', 'null'] },
          reward: major,
          rewardedAt: { type: ['integer', 'null'] },
        },
      },
    },
    achievements: {
      type: 'array',
      items: { type: 'object', required: ['friends', 'bonus', 'claimedAt'], properties: { friends: { type: 'integer' }, bonus: { type: 'number' }, claimedAt: { type: 'integer' } } },
    },
  },
} as const;

interface SettingsBody {
  enabled?: boolean;
  minFirstDeposit?: number;
  minValidStake?: number;
  invitationReward?: number;
  depositRateLevel1?: number;
  depositRateLevel2?: number;
  betRateLevel1?: number;
  betRateLevel2?: number;
  checkAddress?: boolean;
  mainDomain?: string | null;
  achievements?: { friends: number; bonus: number }[];
}

const minorOf = (major: number) => Math.round(major * 100);

/** A percent with at most two decimals → basis points; anything finer is refused, not rounded. */
function basisPointsOf(percent: number): number {
  const bp = Math.round(percent * 100);
  if (Math.abs(bp - percent * 100) > 1e-6) throw new AppError(400, 'operator.referral.invalid', { detail: `${percent} has more than two decimals` });
  return bp;
}

async function settingsOnWire(db: pg.Pool, merchantId: number) {
  const [settings, achievements] = await Promise.all([queries.selectSettings(db, merchantId), queries.selectAchievements(db, merchantId)]);
  return {
    enabled: settings.enabled,
    minFirstDeposit: minorToMajor(settings.minFirstDepositMinor),
    minValidStake: minorToMajor(settings.minValidStakeMinor),
    invitationReward: minorToMajor(settings.invitationRewardMinor),
    depositRateLevel1: settings.depositRateL1Bp / 100,
    depositRateLevel2: settings.depositRateL2Bp / 100,
    betRateLevel1: settings.betRateL1Bp / 100,
    betRateLevel2: settings.betRateL2Bp / 100,
    checkAddress: settings.checkAddress,
    mainDomain: settings.mainDomain,
    achievements: achievements.map((row) => ({ configId: row.id, friends: row.friends, bonus: minorToMajor(row.bonusMinor) })),
  };
}

function changeOf(body: SettingsBody): Partial<queries.ReferralSettingsRow> {
  const change: Partial<queries.ReferralSettingsRow> = {};
  if (body.enabled !== undefined) change.enabled = body.enabled;
  if (body.minFirstDeposit !== undefined) change.minFirstDepositMinor = minorOf(body.minFirstDeposit);
  if (body.minValidStake !== undefined) change.minValidStakeMinor = minorOf(body.minValidStake);
  if (body.invitationReward !== undefined) change.invitationRewardMinor = minorOf(body.invitationReward);
  if (body.depositRateLevel1 !== undefined) change.depositRateL1Bp = basisPointsOf(body.depositRateLevel1);
  if (body.depositRateLevel2 !== undefined) change.depositRateL2Bp = basisPointsOf(body.depositRateLevel2);
  if (body.betRateLevel1 !== undefined) change.betRateL1Bp = basisPointsOf(body.betRateLevel1);
  if (body.betRateLevel2 !== undefined) change.betRateL2Bp = basisPointsOf(body.betRateLevel2);
  if (body.checkAddress !== undefined) change.checkAddress = body.checkAddress;
  if (body.mainDomain !== undefined) change.mainDomain = body.mainDomain;
  return change;
}

export async function referralOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get('/referral/settings', {
    schema: apiSchema({ tags: ['operator'], summary: "The merchant's invite-a-friend programme", headers: bearerHeader, value: settingsValue }),
  }, async (request) => ok(await settingsOnWire(db, operatorOf(request).merchantId)));

  app.put<{ Body: SettingsBody }>('/referral/settings', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Change the fields given (achievements: the whole list, by number of friends); answers the settings',
      description: '400 operator.referral.invalid: a rate with more than two decimals, or two achievements for the same number of friends.',
      headers: bearerHeader,
      body: { type: 'object', minProperties: 1, additionalProperties: false, properties: settingsProperties },
      value: settingsValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const change = changeOf(request.body);
    const achievements = request.body.achievements?.map((row) => ({ friends: row.friends, bonusMinor: minorOf(row.bonus) }));
    if (achievements && new Set(achievements.map((row) => row.friends)).size !== achievements.length) {
      throw new AppError(400, 'operator.referral.invalid', { detail: 'two achievements for the same number of friends' });
    }
    // The trail records the settings the change touched, as they were and are.
    const touched = (settings: Awaited<ReturnType<typeof settingsOnWire>>) =>
      Object.fromEntries(Object.entries(settings).filter(([name]) => name in request.body));
    return auditedChange(auditContextOf(request, db, clock), { action: 'referral.settings', targetType: 'referral', targetId: String(merchantId), asked: { ...request.body } }, async () => {
      const before = await settingsOnWire(db, merchantId);
      await withTransaction(db, async (client) => {
        await queries.upsertSettings(client, merchantId, change, clock());
        if (achievements) await queries.replaceAchievements(client, merchantId, achievements);
      });
      const after = await settingsOnWire(db, merchantId);
      return { before: touched(before), after: touched(after), value: ok(after) };
    });
  });

  app.get<{ Params: { username: string } }>('/referral/members/:username', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A member's invitation code, who invited it, its friends (state, first deposit, reward) and its income from friends",
      description: '404 operator.member.not.found.',
      headers: bearerHeader,
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      value: memberValue,
    }),
  }, async (request) => {
    const merchantId = operatorOf(request).merchantId;
    const member = await queries.selectMemberByUsername(db, merchantId, request.params.username);
    if (!member) throw new AppError(404, 'operator.member.not.found');
    const [code, inviter, counts, income, friends, achievements] = await Promise.all([
      queries.selectCodeOf(db, member.id),
      queries.selectInviterOf(db, member.id),
      queries.selectFriendCounts(db, merchantId, member.id),
      queries.selectIncome(db, { merchantId, memberId: member.id }),
      queries.selectFriends(db, { merchantId, inviterId: member.id, states: null, offset: 0, limit: 100 }),
      queries.selectAchievementRecords(db, { merchantId, memberId: member.id, offset: 0, limit: 50 }),
    ]);
    const refused = await db.query<{ username: string; refused_reason: string }>(
      "SELECT m.username, r.refused_reason FROM referral r JOIN member m ON m.id = r.invitee_id WHERE r.inviter_id = $1 AND r.state = 'refused'",
      [member.id],
    );
    const reasons = new Map(refused.rows.map((row) => [row.username, row.refused_reason]));
    return ok({
      username: member.username,
      code: code ?? null,
      invitedBy: inviter?.username ?? null,
      counts,
      income: {
        invitation: minorToMajor(income.invitationMinor),
        depositRebate: minorToMajor(income.depositRebateMinor),
        betRebate: minorToMajor(income.betRebateMinor),
        achievement: minorToMajor(income.achievementMinor),
      },
      friends: friends.rows.map((row) => ({
        username: row.username,
        invitedAt: row.invitedAtMs,
        state: row.state,
        refusedReason: reasons.get(row.username) ?? null,
        firstDepositAt: row.firstDepositAtMs,
        reward: row.rewardMinor === null ? null : minorToMajor(row.rewardMinor),
        rewardedAt: row.rewardedAtMs,
      })),
      achievements: achievements.rows.map((row) => ({ friends: row.friends, bonus: minorToMajor(row.bonusMinor), claimedAt: row.requestTimeMs })),
    });
  });
}
