// The prize wheel (server module prize-wheel/): tickets a member receives (from a promotion, or
// an operator), each spun once on the merchant's wheel, provably fair. Amounts are major units
// (the wallet's), times epoch milliseconds.
//
// Provably fair: a spin's segment is drawn from HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}`)
// (@platform/inhouse-games/fairness): an integer in [0, total weight) read without modulo bias,
// then the segment whose share of the weights holds it, segments in wheel order. The SHA-256 of
// the member's server seed is shown before spinning (`serverSeedHash`); the member picks each
// spin's client seed; rotating reveals the server seed, after which every spin it drew shows it
// (getPrizeWheelInfo), enough to recompute the segment.
//
// Failures (envelope errorCode):
//   prize_wheel.unavailable          409 the merchant has no wheel to spin (none enabled, or the ticket's wheel is off)
//   prize_wheel.ticket.not_found     404 no such ticket of yours
//   prize_wheel.ticket.used          409 the ticket has been spun (a ticket spins once)
//   prize_wheel.ticket.cancelled     409 the ticket was cancelled
//   prize_wheel.client_seed.invalid  400 1-64 printable characters, no spaces or ':'
//   prize_wheel.spin.not_found       404 no such spin of yours
// The operator API's (server, prize-wheel.operator-routes.ts) also:
//   prize_wheel.spin.not_physical    409 only a physical prize is delivered
//   prize_wheel.cancel.too_many      409 the member has fewer unused tickets than asked to cancel
//   prize_wheel.wheel.not_found      404 no such wheel of the merchant's
//   prize_wheel.period.invalid       400 a report's period ends before it starts, or is over a year
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';
import { CLIENT_SEED_PATTERN } from './inhouse-games';

/** What a segment gives: money to the main wallet, nothing, or a thing delivered by the merchant. */
export const PRIZE_KINDS = ['cash', 'none', 'physical'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];

/** Where a physical prize is: waiting to be delivered, or delivered. */
export const PRIZE_DELIVERY_STATUSES = ['pending', 'delivered'] as const;
export type PrizeDeliveryStatus = (typeof PRIZE_DELIVERY_STATUSES)[number];

const nullableAmount = { type: ['number', 'null'], minimum: 0, description: 'major units; null unless the prize is cash' } as const;
const seedHash = { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 (hex) of the server seed' } as const;
const deliveryStatus = {
  type: ['string', 'null'],
  enum: [...PRIZE_DELIVERY_STATUSES, null],
  description: 'physical prizes: pending until the merchant delivers it; null for cash and none',
} as const;
/** A spin's id as text (a PostgreSQL bigint). */
const spinId = { type: 'string', pattern: '^[1-9][0-9]{0,17}$', description: "the spin's id" } as const;

const prizeSchema = {
  type: 'object',
  required: ['label', 'kind', 'amount'],
  properties: {
    label: { type: 'string', description: "the segment's text on the wheel" },
    kind: { type: 'string', enum: PRIZE_KINDS },
    amount: nullableAmount,
  },
} as const;

const wheelSchema = {
  type: ['object', 'null'],
  description: "the merchant's wheel; null when it has none enabled",
  required: ['wheelId', 'name', 'segments'],
  properties: {
    wheelId: { type: 'integer' },
    name: { type: 'string' },
    segments: {
      type: 'array',
      description: 'in wheel order: a spin answers the index of one of them',
      items: {
        type: 'object',
        required: ['index', 'label', 'kind', 'amount', 'weight', 'percent'],
        properties: {
          index: { type: 'integer' },
          label: { type: 'string' },
          kind: { type: 'string', enum: PRIZE_KINDS },
          amount: nullableAmount,
          weight: { type: 'integer', description: 'the segment is drawn with probability weight / (sum of the weights)' },
          percent: { type: 'number', description: 'that probability in percent, rounded to two decimals' },
        },
      },
    },
  },
} as const;

export const prizeWheelTicketsCall = /*#__PURE__*/ defineCall({
  name: 'prizeWheelTickets',
  method: 'GET',
  path: '/wps/relay/getTickets',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['wheel', 'tickets', 'available', 'serverSeedHash', 'nonce'],
    properties: {
      wheel: wheelSchema,
      tickets: {
        type: 'array',
        description: "the member's tickets for the wheel that can be spun, oldest first (at most 100)",
        items: {
          type: 'object',
          required: ['ticketId', 'source', 'createdAt'],
          properties: {
            ticketId: { type: 'integer' },
            source: { type: 'string', description: 'what gave it: promotion:<id>, operator:…' },
            createdAt: { type: 'integer' },
          },
        },
      },
      available: { type: 'integer', description: 'how many tickets can be spun (all of them, not just those listed)' },
      serverSeedHash: { ...seedHash, type: ['string', 'null'], description: "SHA-256 of the member's current server seed, committed before spinning; null before the member's first ticket" },
      nonce: { type: 'integer', description: 'the nonce the next spin uses' },
    },
  },
});

export const prizeWheelSpinCall = /*#__PURE__*/ defineCall({
  name: 'prizeWheelSpin',
  method: 'POST',
  path: '/wps/relay/claimTickets',
  moduleId: 'PROMO3',
  token: true,
  body: {
    type: 'object',
    required: ['ticketId', 'clientSeed'],
    additionalProperties: false,
    properties: {
      ticketId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      clientSeed: { type: 'string', pattern: CLIENT_SEED_PATTERN, description: '1-64 printable characters, no spaces or ":"' },
    },
  },
  value: {
    type: 'object',
    required: ['transactionId', 'ticketId', 'segmentIndex', 'prize', 'serverSeedHash', 'clientSeed', 'nonce', 'deliveryStatus', 'balance'],
    properties: {
      transactionId: { ...spinId, description: "the spin's id (getPrizeWheelInfo)" },
      ticketId: { type: 'integer' },
      segmentIndex: { type: 'integer', description: 'index into wheel.segments' },
      prize: prizeSchema,
      serverSeedHash: seedHash,
      clientSeed: { type: 'string' },
      nonce: { type: 'integer', description: 'the nonce this spin used' },
      deliveryStatus,
      balance: { type: 'number', description: "the main wallet after the spin (a cash prize paid), major units" },
    },
  },
});

export const prizeWheelSpinInfoCall = /*#__PURE__*/ defineCall({
  name: 'prizeWheelSpinInfo',
  method: 'GET',
  path: '/wps/relay/getPrizeWheelInfo',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    required: ['transactionId'],
    additionalProperties: false,
    properties: { transactionId: spinId },
  },
  value: {
    type: 'object',
    required: ['transactionId', 'ticketId', 'wheelName', 'spunAt', 'segmentIndex', 'prize', 'weights', 'serverSeedHash', 'serverSeed', 'clientSeed', 'nonce', 'deliveryStatus'],
    properties: {
      transactionId: spinId,
      ticketId: { type: 'integer' },
      wheelName: { type: 'string' },
      spunAt: { type: 'integer' },
      segmentIndex: { type: 'integer' },
      prize: prizeSchema,
      weights: { type: 'array', items: { type: 'integer' }, description: "the wheel's segment weights when it was spun, in wheel order" },
      serverSeedHash: seedHash,
      serverSeed: { type: ['string', 'null'], description: 'null until the member rotates the seed (revealed)' },
      clientSeed: { type: 'string' },
      nonce: { type: 'integer' },
      deliveryStatus,
    },
  },
});

export const prizeWheelRotateSeedCall = /*#__PURE__*/ defineCall({
  name: 'prizeWheelRotateSeed',
  method: 'POST',
  path: '/wps/relay/rotatePrizeWheelSeed',
  moduleId: 'PROMO3',
  token: true,
  value: {
    type: 'object',
    required: ['revealed', 'serverSeedHash', 'nonce'],
    properties: {
      revealed: {
        type: ['object', 'null'],
        description: 'the seed just retired (every spin it drew can now be verified); null when the member had none',
        required: ['serverSeed', 'serverSeedHash', 'nonces'],
        properties: {
          serverSeed: { type: 'string', description: 'hex; its SHA-256 is serverSeedHash' },
          serverSeedHash: seedHash,
          nonces: { type: 'integer', description: 'spins drawn with it (nonces 0 … nonces-1)' },
        },
      },
      serverSeedHash: { ...seedHash, description: 'SHA-256 of the new server seed' },
      nonce: { type: 'integer', description: 'the nonce the next spin uses (0)' },
    },
  },
});

export const prizeWheelHistoryCall = /*#__PURE__*/ defineCall({
  name: 'prizeWheelHistory',
  method: 'GET',
  path: '/wps/relay/getGetClaimHistory',
  moduleId: 'PROMO3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
    },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['transactionId', 'name', 'type', 'usedDate', 'amount', 'deliveryStatus', 'deliveredAt'],
      additionalProperties: false,
      properties: {
        transactionId: spinId,
        name: { type: 'string', description: "the prize's label" },
        type: { type: 'string', enum: PRIZE_KINDS },
        usedDate: { type: 'integer', description: 'when the ticket was spun, epoch ms' },
        amount: nullableAmount,
        deliveryStatus,
        deliveredAt: { type: ['integer', 'null'], description: 'when the merchant delivered the physical prize, epoch ms; null until then' },
      },
    },
    {
      type: 'object',
      required: ['amount'],
      additionalProperties: false,
      properties: { amount: { type: 'number', description: 'cash won over every spin, not just this page' } },
    },
  ),
});

export type PrizeWheelTickets = ValueOf<typeof prizeWheelTicketsCall>;
export type PrizeWheelSegment = NonNullable<PrizeWheelTickets['wheel']>['segments'][number];
export type PrizeWheelSpun = ValueOf<typeof prizeWheelSpinCall>;
export type PrizeWheelSpinInfo = ValueOf<typeof prizeWheelSpinInfoCall>;
export type PrizeWheelRotation = ValueOf<typeof prizeWheelRotateSeedCall>;
export type PrizeWheelHistoryQuery = QueryOf<typeof prizeWheelHistoryCall>;
export type PrizeWheelHistory = ValueOf<typeof prizeWheelHistoryCall>;
