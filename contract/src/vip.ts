// VIP ranks and their benefits (server module vip/): the member's rank level, this month's
// progress against the next level's requirements, the benefits of the level (an upgrade bonus once
// per level reached, a monthly salary once per month and level, the level's betting-rebate rates,
// VIP customer service above level 4, faster withdrawals: more of them a day, more of them free,
// reviewed first), claiming them, the claim history and the levels table.
// Amounts are major units (the wallet's); months YYYY-MM and times epoch ms in the merchant's
// time zone (the one its withdraw settings and rebate days use).
//
// Failures (envelope errorCode):
//   vip.benefit.not.owed      409 nothing of that kind is owed at that level (never reached, or not this month's level)
//   vip.benefit.claimed       409 already claimed (the upgrade bonus of that level; this month's salary of that level)
//   vip.level.unknown         404 no such level at this merchant
//   vip.month.invalid         400 not a month (YYYY-MM), or one that has not ended yet (operators' month end)
//   operator.vip.invalid      400 an operator's level or member change that does not hold together
import { defineCall, type ValueOf } from './define-call';

/** The languages a level's name and texts are kept in. */
export const VIP_LANGUAGES = ['BN', 'CN', 'EN', 'ID', 'TH', 'TY', 'VI'] as const;
export type VipLanguage = (typeof VIP_LANGUAGES)[number];

/** Above this level a member's customer service is the VIP host rather than live chat. */
export const VIP_SERVICE_ABOVE_LEVEL = 4;

/**
 * The most a level may add to the merchant's withdrawals a day, and to its free ones a day: far
 * beyond any real ladder, low enough that a slip of the operator's cannot lift the limit.
 */
export const VIP_WITHDRAW_EXTRA_MAX = 100;

/** The benefits a member claims. */
export const VIP_BENEFIT_TYPES = ['upgrade', 'salary'] as const;
export type VipBenefitType = (typeof VIP_BENEFIT_TYPES)[number];

/** Where a benefit stands for the member: owed and claimable, claimed already, or not owed (yet). */
export const VIP_BENEFIT_STATES = ['claim', 'claimed', 'none'] as const;
export type VipBenefitState = (typeof VIP_BENEFIT_STATES)[number];

const amount = { type: 'number', minimum: 0 } as const;
const rankLevel = { type: 'integer', minimum: 0, maximum: 20 } as const;
const month = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}$', description: "YYYY-MM in the merchant's time zone" } as const;
const str = { type: 'string' } as const;
const withdrawExtra = { type: 'integer', minimum: 0, maximum: VIP_WITHDRAW_EXTRA_MAX } as const;

/** What reaching a level asks, in one month (turnover = valid stakes settled; deposits credited) and over all time; 0: not asked. */
const requirementsSchema = {
  type: 'object',
  required: ['monthlyTurnover', 'monthlyDeposit', 'totalTurnover', 'totalDeposit'],
  properties: { monthlyTurnover: amount, monthlyDeposit: amount, totalTurnover: amount, totalDeposit: amount },
} as const;

/** What keeping a level asks of each month; a month short of it relegates one level at month end. 0: not asked. */
const keepSchema = {
  type: 'object',
  required: ['monthlyTurnover', 'monthlyDeposit'],
  properties: { monthlyTurnover: amount, monthlyDeposit: amount },
} as const;

const benefitsSchema = {
  type: 'object',
  required: [
    'upgradeBonus', 'upgradeWageringMultiplier', 'monthlySalary', 'salaryWageringMultiplier', 'rebate', 'vipService',
    'withdrawDailyCountExtra', 'withdrawFreeExtra', 'withdrawPriority', 'withdrawalText', 'benefitText',
  ],
  properties: {
    upgradeBonus: { ...amount, description: 'paid once per member on reaching the level' },
    upgradeWageringMultiplier: { ...amount, description: 'the bonus × this must be staked before withdrawing' },
    monthlySalary: { ...amount, description: 'claimable once per month while at the level' },
    salaryWageringMultiplier: amount,
    rebate: {
      type: 'array',
      description: "the level's betting-rebate rates (percent of the settled stake)",
      items: { type: 'object', required: ['productType', 'rebateValue'], properties: { productType: str, rebateValue: amount } },
    },
    vipService: { type: 'boolean', description: 'the VIP customer-service host (levels above VIP_SERVICE_ABOVE_LEVEL)' },
    withdrawDailyCountExtra: { ...withdrawExtra, description: "withdrawals a day allowed beyond the merchant's daily count (getWithdrawSettings' dailyMaxCount includes them)" },
    withdrawFreeExtra: { ...withdrawExtra, description: "free (no-charge) withdrawals a day beyond the merchant's (getWithdrawSettings' charge.freePerDay includes them)" },
    withdrawPriority: { type: 'boolean', description: "the member's pending withdrawals are reviewed before others" },
    withdrawalText: { type: ['string', 'null'], description: "the level's withdrawal privilege, in the caller's language" },
    benefitText: { type: ['string', 'null'], description: "more of the level's benefits, in the caller's language" },
  },
} as const;

/** One level of the merchant's ladder, its name and texts in the caller's language. */
export const vipLevelSchema = {
  type: 'object',
  required: ['rankLevel', 'playerRankName', 'clubLabel', 'color', 'color2', 'requirements', 'keep', 'benefits'],
  properties: {
    rankLevel,
    playerRankName: str,
    clubLabel: { ...str, description: 'the club the level belongs to (Bronze, Silver, Gold, …)' },
    color: { ...str, description: '#rrggbb' },
    color2: { ...str, description: '#rrggbb, the second colour of the badge' },
    requirements: requirementsSchema,
    keep: keepSchema,
    benefits: benefitsSchema,
  },
} as const;

/**
 * A figure of the member's against what a level asks of it: `expected` null when the level does not
 * ask it; `remaining` what is still missing (0 once reached, or when not asked) and `percent` the
 * part reached (0-100; 100 when not asked), worked out by the server so the page does no arithmetic on money.
 */
const figureSchema = {
  type: 'object',
  required: ['actual', 'expected', 'remaining', 'percent'],
  properties: {
    actual: amount,
    expected: { type: ['number', 'null'], minimum: 0 },
    remaining: amount,
    percent: { type: 'integer', minimum: 0, maximum: 100 },
  },
} as const;

export const playerRankProgressCall = /*#__PURE__*/ defineCall({
  name: 'playerRankProgress',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerRankProgress',
  moduleId: 'PROMO3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: [
      'rankLevel', 'playerRankName', 'clubLabel', 'color', 'color2', 'month', 'monthEndsAt', 'nextLevel',
      'monthlyTurnover', 'monthlyDeposit', 'totalTurnover', 'totalDeposit', 'keepTurnover', 'keepDeposit', 'currentProgress', 'completeProgress',
    ],
    properties: {
      rankLevel,
      playerRankName: str,
      clubLabel: str,
      color: str,
      color2: str,
      month,
      monthEndsAt: { type: 'integer', description: 'when this month ends (epoch ms): levels change then' },
      nextLevel: { anyOf: [vipLevelSchema, { type: 'null' }], description: 'null at the top level' },
      monthlyTurnover: { ...figureSchema, description: "this month's valid stakes against the next level's monthly turnover" },
      monthlyDeposit: figureSchema,
      totalTurnover: figureSchema,
      totalDeposit: figureSchema,
      keepTurnover: { ...figureSchema, description: "this month's valid stakes against what keeping the current level asks" },
      keepDeposit: figureSchema,
      currentProgress: { type: 'integer', minimum: 0, maximum: 100, description: 'percent of the next level reached: the least met of its requirements' },
      completeProgress: { type: 'integer', description: '100' },
    },
  },
});

export const playerRankNearbyLevelsCall = /*#__PURE__*/ defineCall({
  name: 'playerRankNearbyLevels',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerRankNearbyLevels',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['previous', 'current', 'next'],
    properties: {
      previous: { anyOf: [vipLevelSchema, { type: 'null' }] },
      current: vipLevelSchema,
      next: { anyOf: [vipLevelSchema, { type: 'null' }] },
    },
  },
});

const benefitItemSchema = {
  type: 'object',
  required: ['benefitType', 'rankLevel', 'playerRankName', 'amount', 'wageringMultiplier', 'state', 'month'],
  properties: {
    benefitType: { type: 'string', enum: VIP_BENEFIT_TYPES },
    rankLevel,
    playerRankName: str,
    amount,
    wageringMultiplier: amount,
    state: { type: 'string', enum: VIP_BENEFIT_STATES },
    month: { anyOf: [month, { type: 'null' }], description: "a salary's month; null for an upgrade bonus" },
  },
} as const;

export const memberClubBenefitCall = /*#__PURE__*/ defineCall({
  name: 'memberClubBenefit',
  method: 'GET',
  path: '/wps/relay/MCSFE_getMemberClubBenefit',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['rankLevel', 'level', 'list'],
    properties: {
      rankLevel,
      level: vipLevelSchema,
      list: {
        type: 'array',
        items: benefitItemSchema,
        description: "the upgrade bonus of every level up to the highest reached, then this month's salary of the current level",
      },
    },
  },
});

export const rankSalaryRewardDetailCall = /*#__PURE__*/ defineCall({
  name: 'rankSalaryRewardDetail',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRankSalaryRewardDetail',
  moduleId: 'PROMO3',
  token: true,
  value: benefitItemSchema,
});

export const claimMemberClubBenefitCall = /*#__PURE__*/ defineCall({
  name: 'claimMemberClubBenefit',
  method: 'POST',
  path: '/wps/relay/MCSFE_claimMemberClubBenefit',
  moduleId: 'PROMO3',
  token: true,
  body: {
    type: 'object',
    required: ['benefitType', 'rankLevel'],
    additionalProperties: false,
    properties: { benefitType: { type: 'string', enum: VIP_BENEFIT_TYPES }, rankLevel },
  },
  value: {
    type: 'object',
    required: ['paid', 'balance', 'benefit'],
    properties: { paid: amount, balance: amount, benefit: benefitItemSchema },
  },
});

const date = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' } as const;

export const rankSalaryClaimHistoryCall = /*#__PURE__*/ defineCall({
  name: 'rankSalaryClaimHistory',
  method: 'GET',
  path: '/wps/relay/MCSFE_getRankSalaryClaimHistory',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      claimDateFrom: { ...date, description: "first day (merchant's calendar), inclusive" },
      claimDateTo: { ...date, description: 'last day, inclusive' },
      page: { type: 'integer', minimum: 1, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    },
  },
  value: {
    type: 'object',
    required: ['list', 'totalPages', 'footer'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['claimDate', 'promoName', 'bonusAmount', 'pointAmount', 'ticketType', 'ticketUsed', 'benefitType', 'rankLevel', 'month'],
          properties: {
            claimDate: { type: 'integer', description: 'epoch ms' },
            promoName: { ...str, description: 'what was claimed, in the caller\'s language (e.g. "VIP 3 upgrade bonus")' },
            bonusAmount: amount,
            pointAmount: amount,
            ticketType: { type: ['string', 'null'] },
            ticketUsed: { type: ['boolean', 'null'] },
            benefitType: { type: 'string', enum: VIP_BENEFIT_TYPES },
            rankLevel,
            month: { anyOf: [month, { type: 'null' }] },
          },
        },
      },
      totalPages: { type: 'integer' },
      footer: { type: 'object', required: ['bonusAmount'], properties: { bonusAmount: amount } },
    },
  },
});

export const playerRankRuleCall = /*#__PURE__*/ defineCall({
  name: 'playerRankRule',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerRankRule',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['list', 'vipServiceAboveLevel'],
    properties: {
      list: { type: 'array', items: vipLevelSchema, description: 'every level, lowest first' },
      vipServiceAboveLevel: { type: 'integer' },
    },
  },
});

export type VipLevel = ValueOf<typeof playerRankRuleCall>['list'][number];
export type PlayerRankProgress = ValueOf<typeof playerRankProgressCall>;
export type PlayerRankNearbyLevels = ValueOf<typeof playerRankNearbyLevelsCall>;
export type MemberClubBenefit = ValueOf<typeof memberClubBenefitCall>;
export type VipBenefitItem = MemberClubBenefit['list'][number];
export type VipBenefitClaimed = ValueOf<typeof claimMemberClubBenefitCall>;
export type RankSalaryClaimHistory = ValueOf<typeof rankSalaryClaimHistoryCall>;
export type PlayerRankRule = ValueOf<typeof playerRankRuleCall>;
export type VipFigure = PlayerRankProgress['monthlyTurnover'];
