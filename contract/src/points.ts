// Points and the point mall (server module points/). A member earns whole points by the merchant's
// rules (per amount of settled valid stake of a product category, per amount deposited), counted
// for each closed day of the merchant's time zone; points never expire. They buy items of the
// point mall (money to the main wallet, a bonus to wager, prize-wheel tickets, a gift delivered
// by hand) or convert to main-wallet money at the merchant's rate. Both spend behind the payment
// password, encrypted, and take an Idempotency-Key header (IDEMPOTENCY_KEY_HEADER): the same key
// again answers the first outcome and spends nothing more. Points are integers on the wire;
// money is major units.
//
// Failures (envelope errorCode):
//   point.item.not.found       404 no such item of the merchant
//   point.item.unavailable     409 the item is disabled
//   point.item.sold.out        409 no stock left
//   point.limit.reached        409 the member has redeemed the item as often as it allows
//   point.insufficient         409 not enough points
//   point.convert.disabled     409 the merchant converts no points
//   point.convert.too.small    400 fewer points than the minimum (value.minConvertPoint)
//   point.convert.not.multiple 400 not a whole multiple of the rate's points (value.convertPoint)
//   wallet.idempotency.conflict 409 the key was used for another request
//   (and the payment password's: not.exists.payment.password, invalid.payment.pw, TOO_MANY_REQUESTS)
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';
import { PAYMENT_PASSWORD_PATTERN } from './withdrawal';

/** What an item gives: money to the main wallet, a bonus with wagering, prize-wheel tickets, a gift delivered by hand. */
export const POINT_ITEM_KINDS = ['credit', 'bonus', 'tickets', 'physical'] as const;
export type PointItemKind = (typeof POINT_ITEM_KINDS)[number];

/** What earns points: a product category's settled valid stake (the rebate's categories), or a deposit. */
export const POINT_EARN_SOURCES = ['lott', 'elott', 'rng', 'live', 'fish', 'pvp', 'sports', 'deposit'] as const;
export type PointEarnSource = (typeof POINT_EARN_SOURCES)[number];

/** A physical item's redeem: waiting to be delivered, or delivered. Null for the other kinds (given at once). */
export const POINT_DELIVERY_STATUSES = ['pending', 'delivered'] as const;
export type PointDeliveryStatus = (typeof POINT_DELIVERY_STATUSES)[number];

export const POINT_HISTORY_MAX_PAGE_SIZE = 50;

const points = { type: 'integer', minimum: 0, maximum: 9007199254740991 } as const;
const nullableAmount = { type: ['number', 'null'], minimum: 0 } as const;
const nullableCount = { type: ['integer', 'null'], minimum: 0 } as const;
const paymentPassword = { type: 'string', pattern: PAYMENT_PASSWORD_PATTERN, description: 'payment password: exactly 6 digits' } as const;

export const pointBalanceCall = /*#__PURE__*/ defineCall({
  name: 'pointBalance',
  method: 'GET',
  path: '/wps/relay/MCS2_getPointBalance',
  moduleId: 'WALLET3',
  token: true,
  value: { type: 'object', required: ['point'], properties: { point: { ...points, description: "the member's points" } } },
});

const itemSchema = {
  type: 'object',
  required: ['itemId', 'kind', 'name', 'description', 'imageUrl', 'point', 'amount', 'wageringMultiple', 'ticketCount', 'stock', 'memberLimit', 'redeemed'],
  additionalProperties: false,
  properties: {
    itemId: { type: 'integer', minimum: 1 },
    kind: { type: 'string', enum: POINT_ITEM_KINDS },
    name: { type: 'string', description: "in the caller's language" },
    description: { type: 'string', description: "in the caller's language" },
    imageUrl: { type: ['string', 'null'] },
    point: { ...points, description: 'the price in points' },
    amount: { ...nullableAmount, description: 'credit and bonus: the money given (major units)' },
    wageringMultiple: { ...nullableCount, description: 'bonus: times the amount to wager before it can be withdrawn' },
    ticketCount: { ...nullableCount, description: 'tickets: prize-wheel tickets given' },
    stock: { ...nullableCount, description: 'left to redeem; null: unlimited' },
    memberLimit: { ...nullableCount, description: 'redeems per member; null: no limit' },
    redeemed: { ...nullableCount, description: "the caller's redeems of it so far; null without a session" },
  },
} as const;

/** The merchant's enabled catalogue, in its order. Open to visitors (redeemed is then null). */
export const pointRewardCall = /*#__PURE__*/ defineCall({
  name: 'pointReward',
  method: 'GET',
  path: '/wps/relay/getPointReward',
  moduleId: 'WALLET3',
  quiet: true,
  value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: itemSchema } } },
});

const redeemSchema = {
  type: 'object',
  required: ['redeemId', 'itemId', 'name', 'kind', 'point', 'amount', 'ticketCount', 'deliveryStatus', 'redeemTime', 'deliveredTime'],
  additionalProperties: false,
  properties: {
    redeemId: { type: 'integer', minimum: 1 },
    itemId: { type: 'integer', minimum: 1 },
    name: { type: 'string', description: "the item's name when redeemed, in the caller's language" },
    kind: { type: 'string', enum: POINT_ITEM_KINDS },
    point: { ...points, description: 'points paid' },
    amount: { ...nullableAmount, description: 'money given (credit, bonus)' },
    ticketCount: nullableCount,
    deliveryStatus: { type: ['string', 'null'], enum: [...POINT_DELIVERY_STATUSES, null], description: 'physical items only' },
    redeemTime: { type: 'integer', description: 'epoch ms' },
    deliveredTime: { type: ['integer', 'null'], description: 'epoch ms' },
  },
} as const;

/** Redeems one item: the points, then the reward, in one transaction. Encrypted; Idempotency-Key. */
export const redeemPointRewardCall = /*#__PURE__*/ defineCall({
  name: 'redeemPointReward',
  method: 'POST',
  path: '/wps/relay/MCS2_redeemPointReward',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['itemId', 'paymentPassword'],
    additionalProperties: false,
    properties: { itemId: { type: 'integer', minimum: 1, maximum: 9007199254740991 }, paymentPassword },
  },
  value: {
    type: 'object',
    required: ['redeem', 'point', 'replayed'],
    properties: { redeem: redeemSchema, point: { ...points, description: 'points left' }, replayed: { type: 'boolean', description: 'the key had redeemed already: nothing was spent this time' } },
  },
});

/** Converts points to main-wallet money at the merchant's rate. Encrypted; Idempotency-Key. */
export const convertPointCall = /*#__PURE__*/ defineCall({
  name: 'convertPoint',
  method: 'POST',
  path: '/wps/relay/MCS2_convertPoint',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  quiet: true,
  body: {
    type: 'object',
    required: ['point', 'paymentPassword'],
    additionalProperties: false,
    properties: { point: { type: 'integer', minimum: 1, maximum: 1_000_000_000, description: 'points to convert: at least the minimum, a multiple of the rate\'s points' }, paymentPassword },
  },
  value: {
    type: 'object',
    required: ['point', 'amount', 'pointBalance', 'balance', 'replayed'],
    properties: {
      point: { ...points, description: 'points converted' },
      amount: { type: 'number', minimum: 0, description: 'money credited to the main wallet' },
      pointBalance: { ...points, description: 'points left' },
      balance: { type: 'number', description: 'the main wallet after it' },
      replayed: { type: 'boolean' },
    },
  },
});

/** The member's redeems, newest first, with the delivery of physical items. */
export const redeemPointListCall = /*#__PURE__*/ defineCall({
  name: 'redeemPointList',
  method: 'GET',
  path: '/wps/relay/getRedeemPointList',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: POINT_HISTORY_MAX_PAGE_SIZE, default: 10 },
    },
  },
  value: pagedListSchemaOf(redeemSchema, { type: 'object', required: ['point'], additionalProperties: false, properties: { point: { ...points, description: 'points spent on redeems, all pages' } } }),
});

/** The merchant's earning rules and conversion. Open to visitors. */
export const pointConfigCall = /*#__PURE__*/ defineCall({
  name: 'pointConfig',
  method: 'GET',
  path: '/wps/relay/getPointConfig',
  moduleId: 'WALLET3',
  quiet: true,
  value: {
    type: 'object',
    required: ['earnRules', 'convertEnabled', 'convertPoint', 'convertAmount', 'minConvertPoint'],
    properties: {
      earnRules: {
        type: 'array',
        items: {
          type: 'object',
          required: ['source', 'perAmount', 'point'],
          properties: {
            source: { type: 'string', enum: POINT_EARN_SOURCES },
            perAmount: { type: 'number', exclusiveMinimum: 0, description: 'every whole amount of this (major units) earns `point`' },
            point: points,
          },
        },
      },
      convertEnabled: { type: 'boolean' },
      convertPoint: { ...points, description: 'convertPoint points are worth convertAmount' },
      convertAmount: { type: 'number', minimum: 0 },
      minConvertPoint: points,
    },
  },
});

export type PointBalance = ValueOf<typeof pointBalanceCall>;
export type PointReward = ValueOf<typeof pointRewardCall>;
export type PointItem = PointReward['list'][number];
export type PointRedeemed = ValueOf<typeof redeemPointRewardCall>;
export type PointConverted = ValueOf<typeof convertPointCall>;
export type PointRedeemList = ValueOf<typeof redeemPointListCall>;
export type PointRedeem = PointRedeemList['list'][number];
export type PointRedeemListQuery = QueryOf<typeof redeemPointListCall>;
export type PointConfig = ValueOf<typeof pointConfigCall>;
