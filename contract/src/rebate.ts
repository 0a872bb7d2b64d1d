// The betting rebate (server module rebate/): a share of what a member staked on settled bets,
// per product category and VIP level, counted per closed day of the merchant's time zone. The
// merchant pays it either by a daily job (mode `auto`) or lets the member claim each day
// (mode `manual`, the member centre's manualRebate page). Amounts are major units (the wallet's),
// rates percent of the settled stake, dates YYYY-MM-DD in the merchant's time zone.
//
// Failures (envelope errorCode):
//   rebate.date.invalid       400 not a date, or older than REBATE_CLAIM_DAYS closed days
//   rebate.day.not.closed     409 today or a future day: a day is counted once it has ended
//   rebate.mode.auto          409 the merchant pays the rebate itself: nothing to claim by hand
//   rebate.nothing.to.claim   409 nothing remains for that day (and category)
//   rebate.amount.mismatch    409 the amount sent is not what remains (value: the day as it stands)
import { defineCall, type ValueOf } from './define-call';

/** The product categories a rate is set for and a day is counted in (lott: the site's own lottery). */
export const REBATE_CATEGORIES = ['lott', 'elott', 'fish', 'live', 'pvp', 'rng', 'sports'] as const;
export type RebateCategory = (typeof REBATE_CATEGORIES)[number];

/** How a merchant pays the rebate: claimed by the member per day, or paid by the house's daily job. */
export const REBATE_MODES = ['manual', 'auto'] as const;
export type RebateMode = (typeof REBATE_MODES)[number];

/** How many closed days back (yesterday is 1) a day's rebate may be read and claimed. */
export const REBATE_CLAIM_DAYS = 7;

const balanceDate = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: "YYYY-MM-DD in the merchant's time zone" } as const;
const amount = { type: 'number', minimum: 0 } as const;
const category = { type: 'string', enum: REBATE_CATEGORIES } as const;
const mode = { type: 'string', enum: REBATE_MODES } as const;
const rebateValue = { type: 'number', minimum: 0, description: 'percent of the settled stake, e.g. 0.5 for 0.5 %' } as const;

/** A day's rebate as it stands: what remains to be claimed in each category (lott and elott apart; the page folds them). */
export const rebateDaySchema = {
  type: 'object',
  required: ['balanceDate', 'mode', 'lottRemain', 'elottRemain', 'lotteryRemain', 'fishRemain', 'liveRemain', 'pvpRemain', 'rngRemain', 'sportsRemain', 'totalRemain', 'totalPaid'],
  properties: {
    balanceDate,
    mode,
    lottRemain: amount,
    elottRemain: amount,
    lotteryRemain: { ...amount, description: 'lottRemain + elottRemain: the lottery row of the page, which folds them' },
    fishRemain: amount,
    liveRemain: amount,
    pvpRemain: amount,
    rngRemain: amount,
    sportsRemain: amount,
    totalRemain: { ...amount, description: 'the sum of the categories: what a claim without a category must send' },
    totalPaid: { ...amount, description: 'what the day has paid already (claimed, or paid by the job)' },
  },
} as const;

export const rebateDayCall = /*#__PURE__*/ defineCall({
  name: 'rebateDay',
  method: 'GET',
  path: '/wps/relay/ODSFE2_getRebate',
  moduleId: 'WALLET3',
  token: true,
  query: { type: 'object', required: ['balanceDate'], additionalProperties: false, properties: { balanceDate } },
  value: rebateDaySchema,
});

export const rebateDisburseCall = /*#__PURE__*/ defineCall({
  name: 'rebateDisburse',
  method: 'POST',
  path: '/wps/relay/ODSFE2_rebateDisburse',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['balanceDate', 'rebateAmount'],
    additionalProperties: false,
    properties: {
      balanceDate,
      rebateAmount: { type: 'number', exclusiveMinimum: 0, maximum: 100_000_000, multipleOf: 0.01, description: 'what remains (of the categories, or of the day): anything else is refused' },
      categories: {
        type: 'array',
        items: category,
        minItems: 1,
        maxItems: REBATE_CATEGORIES.length,
        uniqueItems: true,
        description: 'the categories claimed (the page\'s lottery row: lott and elott); without it, every category of the day',
      },
    },
  },
  value: {
    type: 'object',
    required: ['paid', 'balance', 'day'],
    properties: { paid: { ...amount, description: 'what this claim paid' }, balance: amount, day: rebateDaySchema },
  },
});

const rateItem = {
  type: 'object',
  required: ['productType', 'vipLevel', 'rebateValue'],
  properties: { productType: category, vipLevel: { type: 'integer', minimum: 0 }, rebateValue },
} as const;

/** The merchant's rates by product type and VIP level, and how it pays them. */
export const globalRebateSettingsCall = /*#__PURE__*/ defineCall({
  name: 'globalRebateSettings',
  method: 'GET',
  path: '/wps/relay/MCSFE_getGlobalRebateSettingsByProductType',
  moduleId: 'WALLET3',
  token: true,
  value: { type: 'object', required: ['mode', 'list'], properties: { mode, list: { type: 'array', items: rateItem } } },
});

/** The caller's own rates (its VIP level's): what bonusDetails shows, and whether the claim page is for it. */
export const customerRebateSettingCall = /*#__PURE__*/ defineCall({
  name: 'customerRebateSetting',
  method: 'GET',
  path: '/wps/relay/MCS2_getCustomerRebateSettingByProductType',
  moduleId: 'WALLET3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: ['mode', 'vipLevel', 'list', 'balanceDates'],
    properties: {
      mode,
      vipLevel: { type: 'integer', minimum: 0 },
      balanceDates: { type: 'array', items: balanceDate, description: 'the closed days that may be read and claimed, newest first (the merchant\'s calendar)' },
      list: { type: 'array', items: { type: 'object', required: ['productType', 'rebateValue'], properties: { productType: category, rebateValue } } },
    },
  },
});

export type RebateDay = ValueOf<typeof rebateDayCall>;
export type RebateDisbursed = ValueOf<typeof rebateDisburseCall>;
export type GlobalRebateSettings = ValueOf<typeof globalRebateSettingsCall>;
export type CustomerRebateSetting = ValueOf<typeof customerRebateSettingCall>;
