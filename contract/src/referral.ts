// Invite a friend (server module referral/, the member centre's referral page): every member's
// invitation code and share link, the friends who registered with it and how far each is, and
// what the member earns from them: a reward per friend who qualifies (a first deposit and real
// stake of at least the merchant's thresholds), a share of friends' deposits and settled stakes
// per closed day (level 1: direct friends, level 2: their friends), and achievement bonuses (N
// qualified friends), claimed once. Amounts are major units (the wallet's), times epoch
// milliseconds, rates percent.
//
// Failures (envelope errorCode):
//   referral.disabled                  409 the merchant's programme is off
//   referral.achievement.unknown       404 no such achievement (configId)
//   referral.achievement.not.reached   409 not enough qualified friends yet
//   referral.achievement.claimed       409 claimed before (a second claim pays nothing)
import { defineCall, type ValueOf } from './define-call';
import type { JSONSchema } from './envelope';

/**
 * A friend's progress: registered with the code → deposited (first deposit made) → qualified
 * (first deposit and stake reach the thresholds; paid at once while the programme is on) →
 * rewarded (the inviter was paid), or refused (the friend shares a device, address or bank card
 * with the inviter or with a friend already rewarded: no reward and no rebates).
 */
export const REFERRAL_STATES = ['registered', 'deposited', 'qualified', 'rewarded', 'refused'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** What a reward came from. */
export const REFERRAL_REWARD_SOURCES = ['invitation', 'deposit_rebate', 'bet_rebate', 'achievement'] as const;
export type ReferralRewardSource = (typeof REFERRAL_REWARD_SOURCES)[number];

const amount = { type: 'number', minimum: 0 } as const;
const time = { type: 'integer', description: 'epoch ms' } as const;
const nullableTime = { type: ['integer', 'null'], description: 'epoch ms' } as const;
const percent = { type: 'number', minimum: 0, maximum: 10, description: 'percent, e.g. 0.5 for 0.5 %' } as const;
const state = { type: 'string', enum: REFERRAL_STATES } as const;
const page = { type: 'integer', minimum: 1, maximum: 10000, default: 1 } as const;
const size = { type: 'integer', minimum: 1, maximum: 100, default: 10 } as const;
const pagedQuery = { type: 'object', additionalProperties: false, properties: { page, size } } as const;
const paging = { totalPages: { type: 'integer', minimum: 0 }, total: { type: 'integer', minimum: 0 } } as const;

/** A page of the referral records: its rows, the page count and the row count. */
function pageOf<const Item extends JSONSchema>(item: Item) {
  return { type: 'object', required: ['list', 'totalPages', 'total'], properties: { list: { type: 'array', items: item }, ...paging } } as const;
}

/** A page of the referral records with the column total of all its rows (`footer.<field>`). */
function pageWithTotalOf<const Item extends JSONSchema, const Field extends string>(item: Item, field: Field) {
  return {
    type: 'object',
    required: ['list', 'totalPages', 'total', 'footer'],
    properties: {
      list: { type: 'array', items: item },
      footer: { type: 'object', required: [field], properties: { [field]: amount } as { [K in Field]: typeof amount } },
      ...paging,
    },
  } as const;
}

const levels = { type: 'object', required: ['level1', 'level2'], properties: { level1: percent, level2: percent } } as const;

export const referralRulesSchema = {
  type: 'object',
  required: ['minFirstDeposit', 'minValidStake', 'invitationReward', 'depositRebate', 'betRebate', 'achievements'],
  properties: {
    minFirstDeposit: { ...amount, description: 'a friend qualifies with a first deposit of at least this…' },
    minValidStake: { ...amount, description: '…and real settled stake of at least this' },
    invitationReward: { ...amount, description: 'paid to the inviter per qualified friend' },
    depositRebate: { ...levels, description: "share of friends' approved deposits, per level" },
    betRebate: { ...levels, description: "share of friends' settled stakes, per level" },
    achievements: {
      type: 'array',
      items: { type: 'object', required: ['configId', 'friends', 'bonus'], properties: { configId: { type: 'integer' }, friends: { type: 'integer', minimum: 1 }, bonus: amount } },
    },
  },
} as const;

export const referralDetailsCall = /*#__PURE__*/ defineCall({
  name: 'getReferralDetails',
  method: 'GET',
  path: '/wps/relay/getReferralDetails',
  moduleId: 'PROMO3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: ['enabled', 'code', 'mainDomain', 'link', 'invitedBy', 'invited', 'deposited', 'qualified', 'rules'],
    properties: {
      enabled: { type: 'boolean', description: 'the programme is on: the menu lists the page only then' },
      code: { type: 'string', description: "the member's invitation code (8 letters and digits)" },
      mainDomain: { type: 'string', description: 'the site address the share link is made of' },
      link: { type: 'string', description: 'https://<mainDomain>/register?referralCode=<code>' },
      invitedBy: { type: ['string', 'null'], description: 'who invited this member, if anyone' },
      invited: { type: 'integer', minimum: 0 },
      deposited: { type: 'integer', minimum: 0 },
      qualified: { type: 'integer', minimum: 0, description: 'friends the member was rewarded for' },
      rules: referralRulesSchema,
    },
  },
});

const incomeSchema = {
  type: 'object',
  required: ['total', 'invitation', 'depositRebate', 'betRebate', 'achievement'],
  properties: { total: amount, invitation: amount, depositRebate: amount, betRebate: amount, achievement: amount },
} as const;

export const myIncomeOverviewCall = /*#__PURE__*/ defineCall({
  name: 'getMyIncomeOverview',
  method: 'GET',
  path: '/wps/relay/getMyIncomeOverview',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    required: ['startTodayDate', 'endTodayDate', 'startYesterdayDate', 'endYesterdayDate'],
    additionalProperties: false,
    properties: { startTodayDate: time, endTodayDate: time, startYesterdayDate: time, endYesterdayDate: time },
  },
  value: { type: 'object', required: ['today', 'yesterday', 'total'], properties: { today: incomeSchema, yesterday: incomeSchema, total: incomeSchema } },
});

export const referralMyIncomeCall = /*#__PURE__*/ defineCall({
  name: 'getReferralMyIncome',
  method: 'GET',
  path: '/wps/relay/getReferralMyIncome',
  moduleId: 'PROMO3',
  token: true,
  value: incomeSchema,
});

export const earningsEstimateCall = /*#__PURE__*/ defineCall({
  name: 'getEarningsEstimate',
  method: 'GET',
  path: '/wps/relay/getEarningsEstimate',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['friends', 'invitation', 'achievement', 'total'],
          properties: { friends: { type: 'integer', minimum: 1 }, invitation: amount, achievement: amount, total: { ...amount, description: 'invitation rewards and achievement bonuses for that many qualified friends (rebates come on top)' } },
        },
      },
    },
  },
});

export const referralRankingCall = /*#__PURE__*/ defineCall({
  name: 'getReferralRanking',
  method: 'GET',
  path: '/wps/relay/getReferralRanking',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['rank', 'username', 'amount', 'friends'],
          properties: { rank: { type: 'integer', minimum: 1 }, username: { type: 'string', description: 'masked' }, amount, friends: { type: 'integer', minimum: 0 } },
        },
      },
    },
  },
});

export const recentRewardsCall = /*#__PURE__*/ defineCall({
  name: 'getRecentRewards',
  method: 'GET',
  path: '/wps/relay/getRecentRewards',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['username', 'source', 'amount', 'time'],
          properties: { username: { type: 'string', description: 'masked' }, source: { type: 'string', enum: REFERRAL_REWARD_SOURCES }, amount, time },
        },
      },
    },
  },
});

export const referralListCall = /*#__PURE__*/ defineCall({
  name: 'getReferralList',
  method: 'GET',
  path: '/wps/relay/getReferralList',
  moduleId: 'PROMO3',
  token: true,
  query: { type: 'object', additionalProperties: false, properties: { status: { type: 'string', enum: [...REFERRAL_STATES, 'all'] }, page, size } },
  value: pageOf({
    type: 'object',
    required: ['registerTime', 'inviteeName', 'firstDepositTime', 'status', 'reward'],
    properties: { registerTime: time, inviteeName: { type: 'string' }, firstDepositTime: nullableTime, status: state, reward: { type: ['number', 'null'], minimum: 0 } },
  }),
});

export const inviteListCall = /*#__PURE__*/ defineCall({
  name: 'getInviteList',
  method: 'GET',
  path: '/wps/relay/getInviteList',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: { type: 'string', enum: [...REFERRAL_STATES, 'all'] },
      page,
      size,
      startDate: { ...time, description: 'invited at or after (epoch ms)' },
      endDate: { ...time, description: 'invited before (epoch ms)' },
      timeType: { type: 'string', enum: ['inviteTime'], description: 'what startDate/endDate bound: the invitation time' },
    },
  },
  value: pageOf({ type: 'object', required: ['username', 'registerTime', 'inviteTime', 'status'], properties: { username: { type: 'string' }, registerTime: time, inviteTime: time, status: state } }),
});

export const invitationClaimReportCall = /*#__PURE__*/ defineCall({
  name: 'getInvitationClaimReport',
  method: 'GET',
  path: '/wps/relay/getInvitationClaimReport',
  moduleId: 'PROMO3',
  token: true,
  query: pagedQuery,
  value: pageWithTotalOf({ type: 'object', required: ['registerTime', 'referredName', 'bonus'], properties: { registerTime: time, referredName: { type: 'string' }, bonus: amount } }, 'bonus'),
});

export const depositRebateClaimReportCall = /*#__PURE__*/ defineCall({
  name: 'getDepositRebateClaimReport',
  method: 'GET',
  path: '/wps/relay/getDepositRebateClaimReport',
  moduleId: 'PROMO3',
  token: true,
  query: pagedQuery,
  value: pageWithTotalOf(
    {
      type: 'object',
      required: ['requestTime', 'referredName', 'levelTree', 'depositAmount', 'depositBonusRate', 'bonus', 'claimDate'],
      properties: {
        requestTime: { type: 'string', description: 'the day the deposits were made (YYYY-MM-DD)' },
        referredName: { type: 'string' },
        levelTree: { type: 'integer', enum: [1, 2] },
        depositAmount: amount,
        depositBonusRate: percent,
        bonus: amount,
        claimDate: nullableTime,
      },
    },
    'bonus',
  ),
});

export const rebateRecordCall = /*#__PURE__*/ defineCall({
  name: 'getRebateRecord',
  method: 'GET',
  path: '/wps/relay/getRebateRecord',
  moduleId: 'PROMO3',
  token: true,
  query: pagedQuery,
  value: pageWithTotalOf(
    {
      type: 'object',
      required: ['createTimeTimestamp', 'balanceDate', 'referredName', 'gameCategory', 'levelTree', 'validGameBetting', 'rate', 'amount'],
      properties: {
        createTimeTimestamp: nullableTime,
        balanceDate: { type: 'string' },
        referredName: { type: 'string' },
        gameCategory: { type: 'string', description: 'the game catalogue category (LOTT, RNG, LIVE, …)' },
        levelTree: { type: 'integer', enum: [1, 2] },
        validGameBetting: amount,
        rate: percent,
        amount,
      },
    },
    'amount',
  ),
});

export const REFERRAL_ACHIEVEMENT_STATES = ['locked', 'claimable', 'claimed'] as const;
export type ReferralAchievementState = (typeof REFERRAL_ACHIEVEMENT_STATES)[number];

export const achievementCall = /*#__PURE__*/ defineCall({
  name: 'getAchievement',
  method: 'GET',
  path: '/wps/relay/getAchievement',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['qualified', 'list', 'records'],
    properties: {
      qualified: { type: 'integer', minimum: 0, description: 'friends the member was rewarded for' },
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['configId', 'friends', 'bonus', 'status'],
          properties: { configId: { type: 'integer' }, friends: { type: 'integer', minimum: 1 }, bonus: amount, status: { type: 'string', enum: REFERRAL_ACHIEVEMENT_STATES } },
        },
      },
      records: {
        type: 'array',
        description: 'bonuses claimed, newest first',
        items: { type: 'object', required: ['requestTime', 'bonus', 'friends'], properties: { requestTime: time, bonus: amount, friends: { type: 'integer' } } },
      },
    },
  },
});

export const claimAchievementCall = /*#__PURE__*/ defineCall({
  name: 'claimAchievementPromo',
  method: 'POST',
  path: '/wps/relay/claimAchievementPromo',
  moduleId: 'PROMO3',
  token: true,
  quiet: true,
  body: { type: 'object', required: ['configId'], additionalProperties: false, properties: { configId: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
  value: { type: 'object', required: ['bonus', 'balance'], properties: { bonus: amount, balance: amount } },
});

export type ReferralDetails = ValueOf<typeof referralDetailsCall>;
export type ReferralRules = ReferralDetails['rules'];
export type ReferralIncome = ValueOf<typeof referralMyIncomeCall>;
export type ReferralIncomeOverview = ValueOf<typeof myIncomeOverviewCall>;
export type ReferralEarningsEstimate = ValueOf<typeof earningsEstimateCall>;
export type ReferralRanking = ValueOf<typeof referralRankingCall>;
export type ReferralRecentRewards = ValueOf<typeof recentRewardsCall>;
export type ReferralList = ValueOf<typeof referralListCall>;
export type ReferralInviteList = ValueOf<typeof inviteListCall>;
export type ReferralInvitationReport = ValueOf<typeof invitationClaimReportCall>;
export type ReferralDepositRebateReport = ValueOf<typeof depositRebateClaimReportCall>;
export type ReferralRebateRecord = ValueOf<typeof rebateRecordCall>;
export type ReferralAchievements = ValueOf<typeof achievementCall>;
export type ReferralAchievementClaimed = ValueOf<typeof claimAchievementCall>;
