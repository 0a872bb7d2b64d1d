// Player-to-player (C2C) deposits (server module c2c/): the legacy member centre's deposit channel
// pages (depositC2C, cancelC2CDeposit, getDepositConfirmationDetail) and its withdrawal
// confirmation; MCSFE_getPaymentConfirmationList is quiet (its failures raise no toast).
//
// The depositor (deposit page, C2C tab — the channel list shows a C2C channel only when the
// merchant has C2C on):
//   1. depositC2C {amount} (Idempotency-Key header): matched to the oldest pending bank-card
//      withdrawal of another member with room for the amount; answers the card to pay (bank,
//      number, payee) and the payment deadline. No match: c2c.no.match.
//   2. the member pays that card from their own bank, optionally sends a proof image
//      (uploadC2CProof), then confirmC2CPaid: the withdrawer now has a set time to confirm.
//      cancelC2CDeposit before paying releases the match; not paid by the deadline: expired.
//   3. getDepositConfirmationDetail {depositId} reads the order again (no depositId: the
//      member's latest open one, or null). When the withdrawer confirms — or does not answer in
//      time, which counts as received in full — the amount received is credited (balance push).
// The withdrawer (withdraw page):
//   MCSFE_getPaymentConfirmationList: orders on their withdrawals (the payer's name, amount, the
//   proof image while waiting for an answer) and each withdrawal's C2C progress (fullyPaid: 'Full
//   payment has been made'); confirmC2CReceipt {orderId, result}: received (in full), partial
//   (receivedAmount, less than the amount: only that is credited, the rest of the match released)
//   or not_received (1-3 images: the order is disputed and an operator decides).
// Amounts are major units with at most two decimals. Error codes a page may meet (besides the
// common ones): c2c.disabled, c2c.amount.out.of.range, c2c.no.match, c2c.order.open,
// c2c.order.not.found, c2c.order.state.invalid, c2c.order.expired, c2c.received.amount.invalid,
// c2c.images.required, c2c.payer.name.required, c2c.daily.limit (429: too many orders let go
// unpaid in 24 hours), deposit.pending.limit, deposit.image.invalid,
// deposit.image.too.large, wallet.amount.invalid, wallet.idempotency.key.required,
// wallet.idempotency.conflict.
import { defineCall, type QueryOf, type RequestOf, type ValueOf } from './define-call';

/** Order statuses (the server's c2c_order.status). */
export const C2C_ORDER_STATUSES = ['matched', 'paid', 'disputed', 'confirmed', 'cancelled', 'expired', 'rejected'] as const;
export type C2COrderStatus = (typeof C2C_ORDER_STATUSES)[number];
/** How a confirmed order was decided: by the withdrawer (in full or in part), by the clock, by an operator. */
export const C2C_OUTCOMES = ['received', 'partial', 'timeout', 'operator'] as const;
export type C2COutcome = (typeof C2C_OUTCOMES)[number];
/** The withdrawer's answers. */
export const C2C_RECEIPT_RESULTS = ['received', 'partial', 'not_received'] as const;
export type C2CReceiptResult = (typeof C2C_RECEIPT_RESULTS)[number];
/** Images a not_received answer carries: at least one, at most this many. */
export const C2C_MAX_DISPUTE_IMAGES = 3;

const amountSchema = { type: 'number', description: 'major units, positive, two decimals at most (wallet.amount.invalid otherwise)' } as const;
const idSchema = { type: 'integer', minimum: 1, maximum: 9007199254740991 } as const;
// No maxLength: the route's body limit (5 MB in base64, 4/3 of it; three of them for not_received)
// bounds it, and the decoded size is checked (deposit.image.too.large), as uploadDepositImageCall.
const imageSchema = { type: 'string', minLength: 1, description: 'data:image/png;base64,… or data:image/jpeg;base64,… (at most 5 MB decoded; the type is read from the bytes)' } as const;
const timeOrNull = { type: ['integer', 'null'], description: 'epoch ms' } as const;

/** A C2C deposit as its depositor sees it. */
const depositorOrderSchema = {
  type: 'object',
  required: [
    'depositId',
    'refCode',
    'orderId',
    'amount',
    'status',
    'receivedAmount',
    'bankName',
    'cardNumber',
    'payeeName',
    'payDeadline',
    'paidTime',
    'confirmDeadline',
    'hasProof',
    'createdTime',
    'currencySymbol',
  ],
  additionalProperties: false,
  properties: {
    depositId: { type: 'integer' },
    refCode: { type: 'string', description: 'the deposit number (D + depositId): its records and transaction record show it' },
    orderId: { type: 'integer' },
    amount: { type: 'number', description: 'what the member is to pay, major units' },
    status: { type: 'string', enum: C2C_ORDER_STATUSES },
    receivedAmount: { type: ['number', 'null'], description: 'what was credited (confirmed only)' },
    bankName: { type: 'string', description: "the withdrawer's bank" },
    cardNumber: { type: 'string', description: 'the card to pay, in full while the order is open (masked once closed)' },
    payeeName: { type: 'string', description: "the name on that card, as initials ('K**** A****'): the depositor checks the payee their bank shows by it" },
    payDeadline: { type: 'integer', description: 'epoch ms: not marked paid by then, the order expires' },
    paidTime: timeOrNull,
    confirmDeadline: { type: ['integer', 'null'], description: "epoch ms: the withdrawer's answer is due; none by then counts as received" },
    hasProof: { type: 'boolean', description: 'a proof image was sent' },
    createdTime: { type: 'integer', description: 'epoch ms' },
    currencySymbol: { type: 'string' },
  },
} as const;

/**
 * A C2C deposit: matched to a pending withdrawal (the oldest with room) of another member.
 * Takes the Idempotency-Key header: the same key answers the same order (whatever its status
 * now); another amount under it: 409 wallet.idempotency.conflict. Refused: c2c.disabled,
 * c2c.amount.out.of.range, c2c.no.match (no withdrawal to pay now: try later or another method),
 * c2c.order.open (one order of the member still waits for payment or confirmation),
 * c2c.payer.name.required (no payerName and no real name on the account), deposit.pending.limit.
 */
export const depositC2CCall = /*#__PURE__*/ defineCall({
  name: 'depositC2C',
  method: 'POST',
  path: '/wps/relay/depositC2C',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['amount'],
    additionalProperties: false,
    properties: {
      amount: amountSchema,
      payerName: { type: 'string', minLength: 1, maxLength: 100, description: "the name on the account the member pays from (default: the member's real name)" },
    },
  },
  value: depositorOrderSchema,
});

/** The member's C2C deposit (depositId), or their latest open one (no depositId; null when none). */
export const c2cDepositDetailCall = /*#__PURE__*/ defineCall({
  name: 'c2cDepositDetail',
  method: 'GET',
  path: '/wps/relay/getDepositConfirmationDetail',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    additionalProperties: false,
    properties: { depositId: { ...idSchema, description: 'the C2C deposit (c2c.order.not.found when not the member’s)' } },
  },
  value: { anyOf: [depositorOrderSchema, { type: 'null' }] },
});

/** The depositor's proof of payment (replaces an earlier one), while matched or paid. */
export const uploadC2CProofCall = /*#__PURE__*/ defineCall({
  name: 'uploadC2CProof',
  method: 'POST',
  path: '/wps/relay/uploadC2CProof',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['depositId', 'image'],
    additionalProperties: false,
    properties: { depositId: idSchema, image: imageSchema },
  },
  value: depositorOrderSchema,
});

/** "I have paid": matched → paid (again: the same answer); the confirmation window starts. */
export const confirmC2CPaidCall = /*#__PURE__*/ defineCall({
  name: 'confirmC2CPaid',
  method: 'POST',
  path: '/wps/relay/confirmC2CPaid',
  moduleId: 'WALLET3',
  token: true,
  body: { type: 'object', required: ['depositId'], additionalProperties: false, properties: { depositId: idSchema } },
  value: depositorOrderSchema,
});

/** Cancels a C2C deposit not yet marked paid (again: the same answer); the match is released. */
export const cancelC2CDepositCall = /*#__PURE__*/ defineCall({
  name: 'cancelC2CDeposit',
  method: 'POST',
  path: '/wps/relay/cancelC2CDeposit',
  moduleId: 'WALLET3',
  token: true,
  body: { type: 'object', required: ['depositId'], additionalProperties: false, properties: { depositId: idSchema } },
  value: depositorOrderSchema,
});

/** An order on one of the withdrawer's withdrawals. */
const confirmationSchema = {
  type: 'object',
  required: ['orderId', 'withdrawId', 'withdrawOrderNo', 'amount', 'payerName', 'status', 'outcome', 'receivedAmount', 'proofImage', 'createdTime', 'paidTime', 'confirmDeadline', 'closedTime'],
  additionalProperties: false,
  properties: {
    orderId: { type: 'integer', description: 'confirmC2CReceipt names it' },
    withdrawId: { type: 'integer' },
    withdrawOrderNo: { type: 'string', description: 'W + withdrawId' },
    amount: { type: 'number', description: 'what the payer is to send, major units' },
    payerName: { type: 'string', description: "the name on the payer's account" },
    status: { type: 'string', enum: C2C_ORDER_STATUSES },
    outcome: { type: ['string', 'null'], enum: [...C2C_OUTCOMES, null] },
    receivedAmount: { type: ['number', 'null'], description: 'confirmed: what was counted as received' },
    proofImage: { type: ['string', 'null'], description: "the payer's proof (a data URL) while the order waits for an answer or is disputed" },
    createdTime: { type: 'integer', description: 'epoch ms' },
    paidTime: timeOrNull,
    confirmDeadline: { type: ['integer', 'null'], description: 'epoch ms: no answer by then counts as received in full' },
    closedTime: timeOrNull,
  },
} as const;

const withdrawalProgressSchema = {
  type: 'object',
  required: ['withdrawId', 'orderNo', 'amount', 'settledAmount', 'reservedAmount', 'status', 'fullyPaid'],
  additionalProperties: false,
  properties: {
    withdrawId: { type: 'integer' },
    orderNo: { type: 'string' },
    amount: { type: 'number' },
    settledAmount: { type: 'number', description: 'paid by depositors and confirmed' },
    reservedAmount: { type: 'number', description: 'promised by open orders' },
    status: { type: 'string', enum: ['pending', 'paid', 'rejected'] },
    fullyPaid: { type: 'boolean', description: "depositors paid all of it: 'Full payment has been made'" },
  },
} as const;

/** The withdrawer's orders to confirm (and the recent ones), newest first. Quiet: no toast on failure. */
export const paymentConfirmationListCall = /*#__PURE__*/ defineCall({
  name: 'paymentConfirmationList',
  method: 'GET',
  path: '/wps/relay/MCSFE_getPaymentConfirmationList',
  moduleId: 'WALLET3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: ['list', 'withdrawals', 'currencySymbol'],
    additionalProperties: false,
    properties: {
      list: { type: 'array', items: confirmationSchema, description: 'open orders first, then those closed in the last 7 days; at most 50' },
      withdrawals: { type: 'array', items: withdrawalProgressSchema, description: 'the withdrawals those orders are on' },
      currencySymbol: { type: 'string' },
    },
  },
});

/**
 * The withdrawer's answer on an order (matched or paid; not_received only once paid). Takes the
 * Idempotency-Key header: the same answer again answers the order as it is; another answer once
 * decided: 409 c2c.order.state.invalid (under the same key: wallet.idempotency.conflict).
 * received: the whole amount is credited to the payer; partial: receivedAmount (0 < x < amount)
 * is, the rest is released (c2c.received.amount.invalid otherwise); not_received: 1-3 images
 * (c2c.images.required), the order is disputed, nothing moves until an operator decides.
 */
export const confirmC2CReceiptCall = /*#__PURE__*/ defineCall({
  name: 'confirmC2CReceipt',
  method: 'POST',
  path: '/wps/relay/confirmC2CReceipt',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['orderId', 'result'],
    additionalProperties: false,
    properties: {
      orderId: idSchema,
      result: { type: 'string', enum: C2C_RECEIPT_RESULTS },
      receivedAmount: { ...amountSchema, description: 'partial only: what arrived, major units' },
      images: { type: 'array', minItems: 1, maxItems: C2C_MAX_DISPUTE_IMAGES, items: imageSchema, description: 'not_received only: 1-3 png or jpg images' },
    },
  },
  value: confirmationSchema,
});

export type C2CDeposit = ValueOf<typeof depositC2CCall>;
export type DepositC2CRequest = RequestOf<typeof depositC2CCall>;
export type C2CDepositDetailQuery = QueryOf<typeof c2cDepositDetailCall>;
export type C2CConfirmation = ValueOf<typeof confirmC2CReceiptCall>;
export type C2CConfirmationList = ValueOf<typeof paymentConfirmationListCall>;
export type C2CWithdrawalProgress = C2CConfirmationList['withdrawals'][number];
export type ConfirmC2CReceiptRequest = RequestOf<typeof confirmC2CReceiptCall>;
