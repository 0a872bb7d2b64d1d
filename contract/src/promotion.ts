// Promotions a member can receive (server module promotion/): the list and a promotion's page,
// joining one, claiming its bonus, and entering a promo code. Amounts are major units (the
// wallet's), times epoch milliseconds.
import { defineCall, type ValueOf } from './define-call';

/** What starts a promotion's bonus. */
export const PROMOTION_TRIGGERS = [
  'none', 'registration', 'first_deposit', 'deposit', 'promo_code', 'sign_in', 'bet_volume', 'net_loss', 'application', 'issued',
] as const;
export type PromotionTrigger = (typeof PROMOTION_TRIGGERS)[number];

/**
 * A promotion as one member sees it now (for a visitor: as a new member would):
 * - `comingSoon`: not started yet; `close`: ended, or not for this member (`closeReason`);
 * - `join`: a deposit promotion the member may join; `joined`: taking part, waiting for what earns
 *   the reward (a deposit; today's stake or yesterday's loss reaching `progress.target`);
 * - `claim`: a reward is waiting to be claimed (`bonus` or `tickets`, before `claimDeadline`); for
 *   the daily sign-in, claiming is signing in (`streakDay`);
 * - `apply`: a promotion to apply for (comment and images); `applying`: waiting for the operator;
 *   `rejected`: the operator said no (`rejectReason`); `issued`: paid by the operator's decision;
 * - `process`: paid, and the wagering it asked for is not met yet (`wagering`);
 * - `claimed`: claimed and nothing left to do; `none`: a promotion to read, nothing to receive;
 * - a bonus not wagered within `wagering.withinDays` is taken back: `close`, reason `taken_back`.
 * A daily promotion (`repeat` daily) stands anew each merchant day.
 */
export const PROMOTION_STATES = [
  'comingSoon', 'join', 'joined', 'claim', 'apply', 'applying', 'rejected', 'issued', 'process', 'claimed', 'close', 'none',
] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];

/** What the member must have before receiving a promotion's bonus. */
export const PROMOTION_REQUIREMENTS = ['mobile_verified', 'bank_card', 'real_name'] as const;
export type PromotionRequirement = (typeof PROMOTION_REQUIREMENTS)[number];

/**
 * Why a promotion is closed to this member. `vip_level`: the promotion is for the VIP levels in
 * `vipLevels` and the member is at another; `member_label`: it is for members the operator marked
 * (labels a player does not see).
 */
export const PROMOTION_CLOSE_REASONS = [
  'ended', 'not_new_player', 'already_deposited', 'claim_expired', 'linked_account', 'taken_back', 'vip_level', 'member_label',
] as const;

const amount = { type: 'number', minimum: 0 } as const;
const nullableAmount = { type: ['number', 'null'], minimum: 0 } as const;
const nullableTime = { type: ['integer', 'null'] } as const;
const promotionId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

export const promotionEntrySchema = {
  type: 'object',
  required: [
    'id', 'category', 'title', 'imageUrl', 'trigger', 'state', 'closeReason', 'startTime', 'endTime', 'reward', 'minDeposit',
    'wagering', 'claimWindowHours', 'requirements', 'missingRequirements', 'bonus', 'claimDeadline',
    'repeat', 'tickets', 'points', 'streakDay', 'progress', 'rejectReason', 'vipLevels',
  ],
  properties: {
    id: { type: 'integer' },
    category: { type: 'string', description: 'new_player, limited, special_offer, daily, high_rebate, vip' },
    title: { type: 'string' },
    imageUrl: { type: 'string' },
    trigger: { type: 'string', enum: PROMOTION_TRIGGERS },
    state: { type: 'string', enum: PROMOTION_STATES },
    closeReason: { type: ['string', 'null'], enum: [...PROMOTION_CLOSE_REASONS, null] },
    startTime: nullableTime,
    endTime: nullableTime,
    reward: {
      type: ['object', 'null'],
      required: ['kind', 'amount', 'percent', 'cap', 'tickets', 'points', 'streak'],
      properties: {
        kind: { type: 'string', enum: ['fixed', 'percent', 'streak', 'tickets', 'points'] },
        amount: nullableAmount,
        percent: { type: ['number', 'null'], description: "Of the qualifying deposit (net_loss: of the day's loss), e.g. 100 for 100 %" },
        cap: nullableAmount,
        tickets: { type: ['integer', 'null'], description: 'kind tickets: prize-wheel tickets' },
        points: { type: ['integer', 'null'], description: 'kind points: loyalty points (the point mall)' },
        streak: { type: ['array', 'null'], items: amount, description: 'kind streak (sign_in): the reward of each streak day, day 1 first' },
      },
    },
    minDeposit: nullableAmount,
    wagering: {
      type: 'object',
      required: ['multiplier', 'includesDeposit', 'withinDays', 'remaining'],
      properties: {
        multiplier: { type: 'number', description: 'The bonus (and the deposit, when includesDeposit) × this must be staked before withdrawing' },
        includesDeposit: { type: 'boolean' },
        withinDays: { type: ['integer', 'null'], description: 'Days after the claim to meet it; then what is left of the bonus is taken back' },
        remaining: { ...nullableAmount, description: "State process: what the member still has to stake (the member's whole requirement)" },
      },
    },
    claimWindowHours: { type: ['integer', 'null'] },
    requirements: { type: 'array', items: { type: 'string', enum: PROMOTION_REQUIREMENTS } },
    missingRequirements: { type: 'array', items: { type: 'string', enum: PROMOTION_REQUIREMENTS } },
    bonus: { ...nullableAmount, description: 'States claim, process and claimed: the bonus' },
    claimDeadline: nullableTime,
    repeat: { type: 'string', enum: ['once', 'daily'] },
    tickets: { type: ['integer', 'null'], description: 'A tickets reward: waiting (claim) or given' },
    points: { type: ['integer', 'null'], description: 'A points reward: waiting (claim) or given' },
    streakDay: { type: ['integer', 'null'], description: "sign_in: today's day of the streak (what a sign-in pays, or paid)" },
    progress: {
      type: ['object', 'null'],
      required: ['amount', 'target'],
      description: "bet_volume: staked today; net_loss: lost yesterday; with what earns the reward",
      properties: { amount, target: amount },
    },
    rejectReason: { type: ['string', 'null'], description: 'State rejected: why' },
    vipLevels: {
      type: ['array', 'null'],
      items: { type: 'integer', minimum: 0 },
      description: 'The VIP levels the promotion is for, lowest first (null: every level)',
    },
  },
} as const;

export const promotionListCall = /*#__PURE__*/ defineCall({
  name: 'promotionList',
  method: 'GET',
  path: '/wps/promotions',
  moduleId: 'PROMO3',
  value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: promotionEntrySchema } } },
});

export const promotionDetailCall = /*#__PURE__*/ defineCall({
  name: 'promotionDetail',
  method: 'GET',
  path: '/wps/promotions/detail',
  moduleId: 'PROMO3',
  query: {
    type: 'object',
    required: ['promotionId'],
    additionalProperties: false,
    properties: { promotionId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' } },
  },
  value: {
    type: 'object',
    required: ['promotion', 'content'],
    properties: { promotion: promotionEntrySchema, content: { type: 'string', description: 'The terms, HTML (shown sanitized)' } },
  },
});

const promotionAction = { type: 'object', required: ['promotionId'], additionalProperties: false, properties: { promotionId } } as const;

export const promotionJoinCall = /*#__PURE__*/ defineCall({
  name: 'promotionJoin',
  method: 'POST',
  path: '/wps/promotions/join',
  moduleId: 'PROMO3',
  token: true,
  body: promotionAction,
  value: promotionEntrySchema,
});

export const promotionClaimCall = /*#__PURE__*/ defineCall({
  name: 'promotionClaim',
  method: 'POST',
  path: '/wps/promotions/claim',
  moduleId: 'PROMO3',
  token: true,
  body: promotionAction,
  value: {
    type: 'object',
    required: ['promotion', 'bonus', 'balance'],
    properties: { promotion: promotionEntrySchema, bonus: amount, balance: amount },
  },
});

export const PROMO_CODE_PATTERN = '^[A-Za-z0-9]{4,20}$';

export const claimPromoCodeCall = /*#__PURE__*/ defineCall({
  name: 'claimPromoCode',
  method: 'POST',
  path: '/wps/relay/MCSFE_claimPromoCode',
  moduleId: 'PROMO3',
  token: true,
  body: { type: 'object', required: ['promoCode'], additionalProperties: false, properties: { promoCode: { type: 'string', pattern: PROMO_CODE_PATTERN } } },
  value: promotionClaimCall.value,
});

/**
 * The deposit page's promotion choice: the deposit promotions the member may choose for their next
 * deposit now (state join, or joined and waiting for the deposit), titles in the caller's
 * Language. A deposit sent with one of these ids (depositMTV3 / newDepositPG `promotionId`) joins
 * the member to it; that deposit, once approved, earns the bonus as a deposit after pressing Join
 * would. Quiet: a page that cannot read it offers no choice and the deposit goes on without one.
 */
export const depositPromotionsCall = /*#__PURE__*/ defineCall({
  name: 'depositPromotions',
  method: 'GET',
  path: '/wps/relay/getDepositPromotionsV3',
  moduleId: 'PROMO3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: ['list'],
    properties: {
      list: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'title', 'trigger', 'joined', 'reward', 'minDeposit', 'wagering', 'endTime'],
          properties: {
            id: { type: 'integer', description: 'the promotionId a deposit sends' },
            title: { type: 'string', description: "in the caller's Language (the merchant's own words where it has none)" },
            trigger: { type: 'string', enum: ['first_deposit', 'deposit'] },
            joined: { type: 'boolean', description: 'the member joined it already (state joined)' },
            reward: promotionEntrySchema.properties.reward,
            minDeposit: { ...nullableAmount, description: 'a deposit below this earns nothing (refused: promotion.deposit.below_minimum)' },
            wagering: {
              type: 'object',
              required: ['multiplier', 'includesDeposit'],
              properties: {
                multiplier: { type: 'number', description: 'e.g. 10 for 10×' },
                includesDeposit: { type: 'boolean', description: 'the deposit is staked that many times too' },
              },
            },
            endTime: nullableTime,
          },
        },
      },
    },
  },
});

export const PROMOTION_APPLICATION_COMMENT_MAX = 140;
export const PROMOTION_APPLICATION_IMAGES_MAX = 3;
export const PROMOTION_APPLICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const promotionApplyCall = /*#__PURE__*/ defineCall({
  name: 'promotionApply',
  method: 'POST',
  path: '/wps/promotions/apply',
  moduleId: 'PROMO3',
  token: true,
  body: {
    type: 'object',
    required: ['promotionId', 'comment', 'images'],
    additionalProperties: false,
    properties: {
      promotionId,
      comment: { type: 'string', maxLength: PROMOTION_APPLICATION_COMMENT_MAX },
      images: {
        type: 'array',
        maxItems: PROMOTION_APPLICATION_IMAGES_MAX,
        items: { type: 'string', maxLength: 7_000_000, description: 'A data URL of a png or jpg of at most 5 MB' },
      },
    },
  },
  value: promotionEntrySchema,
});

export type PromotionEntry = ValueOf<typeof promotionJoinCall>;
export type PromotionDetail = ValueOf<typeof promotionDetailCall>;
export type PromotionClaimed = ValueOf<typeof promotionClaimCall>;
export type DepositPromotions = ValueOf<typeof depositPromotionsCall>;
export type DepositPromotion = DepositPromotions['list'][number];
