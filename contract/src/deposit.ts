// Deposit calls (server module deposit/), after the legacy member-centre pages depositv2 (the
// deposit hub), the deposit channel pages and transactionHistory › depositLogs.
//
// How a deposit page uses them:
//   1. getDepositSettings: texts, whether the member may start a deposit now (allowDeposit, and
//      allowDepositMessage saying why not), how many of theirs are in progress.
//   2. getDepositBanksList: the merchant's methods, each with its channels (vendorId, mcsBankCode,
//      limits, fixed amounts). MT manual bank transfer, PG online gateway (redirect), QR gateway
//      shown as a QR code. getFixedAmounts answers one channel's amounts and limits.
//   3. MT: depositMTV3 (Idempotency-Key header) creates a pending deposit and answers the
//      merchant's receiving account; the member pays it outside the site, then sends the receipt
//      with uploadDepositEncodedImage; cancelDeposit withdraws it while pending. An operator
//      approves (credited) or rejects it.
//   4. PG / QR: newDepositPG (Idempotency-Key) creates the order at the provider and answers
//      redirectUrl (open it: the provider's payment page) or, for QR channels, qrContent (render it
//      as a QR code; qrImgUrl when the provider gives an image). The provider tells the server when
//      the member has paid; the balance push (balanceEventsCall) shows the credit.
//   5. MCSFE_getDepositTransactionReport: the member's deposits (depositLogs tab).
// Amounts are major units with at most two decimals on the wire (the server keeps minor units).
// Retrying a money call with the same Idempotency-Key answers the same deposit (nothing new is
// made); the same key with other details is refused with 409 wallet.idempotency.conflict.
// Error codes a page may meet (besides the common ones): wallet.amount.invalid,
// wallet.idempotency.key.required, wallet.idempotency.conflict, deposit.channel.not.found,
// deposit.amount.out.of.range, deposit.pending.limit, deposit.not.found, deposit.state.invalid,
// deposit.image.invalid, deposit.image.too.large, deposit.gateway.unavailable,
// deposit.report.period.invalid; with a promotionId (the deposit page's promotion choice,
// getDepositPromotionsV3): promotion.not.found, promotion.not.joinable,
// promotion.deposit.below_minimum (no deposit is made then).
import { defineCall, type QueryOf, type RequestOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';

/** Method codes: manual bank transfer, online payment gateway, gateway shown as a QR code, player-to-player (contract c2c.ts). */
export const DEPOSIT_METHODS = ['MT', 'PG', 'QR', 'C2C'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/**
 * States of a deposit as the records show them: pending (waiting for an operator or the
 * provider; also while the credit is being posted), approved (credited), rejected (by an
 * operator), cancelled (by the member), failed (the provider says so), expired (not paid in time).
 */
export const DEPOSIT_STATES = ['pending', 'approved', 'rejected', 'cancelled', 'failed', 'expired'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** A receipt image: png or jpg, at most this many bytes once decoded. */
export const DEPOSIT_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
/** The longest period one deposit report may span (startDate to endDate, epoch ms). */
export const DEPOSIT_REPORT_MAX_RANGE_MS = 29 * 24 * 60 * 60 * 1000;

const amountSchema = { type: 'number', description: 'major units, positive, two decimals at most (wallet.amount.invalid otherwise)' } as const;
const depositIdSchema = { type: 'integer', minimum: 1, maximum: 9007199254740991, description: 'the deposit, as depositMTV3 / newDepositPG answered it' } as const;
const promotionIdSchema = {
  type: 'integer',
  minimum: 1,
  maximum: 2147483647,
  description: 'optional: the deposit promotion chosen for this deposit (getDepositPromotionsV3); the member joins it, and the deposit, once approved, earns its bonus',
} as const;
const bankCodeSchema = { type: 'string', pattern: '^[A-Z0-9_]{1,32}$', description: "the channel's mcsBankCode (getDepositBanksList)" } as const;

const channelSchema = {
  type: 'object',
  required: ['vendorId', 'vendorName', 'mcsBankCode', 'method', 'minAmount', 'maxAmount', 'fixedAmounts', 'banks'],
  additionalProperties: false,
  properties: {
    vendorId: { type: 'integer', description: 'the channel; newDepositPG sends it back' },
    vendorName: { type: 'string', description: 'shown to the member: bKash, Nagad, VISA, USDT, Bank transfer' },
    mcsBankCode: { type: 'string', description: 'the channel code (bankCode of the calls)' },
    method: { type: 'string', enum: DEPOSIT_METHODS },
    minAmount: { type: 'number', description: 'smallest deposit, major units' },
    maxAmount: { type: 'number', description: 'largest deposit, major units' },
    fixedAmounts: { type: 'array', items: { type: 'number' }, description: 'amounts offered as buttons (may be empty: any amount in the limits)' },
    banks: {
      type: 'array',
      items: {
        type: 'object',
        required: ['bankCode', 'bankType'],
        additionalProperties: false,
        properties: { bankCode: { type: 'string' }, bankType: { type: 'string', description: 'the method code' } },
      },
    },
  },
} as const;

const methodsSchema = {
  type: 'object',
  required: ['methods'],
  additionalProperties: false,
  properties: {
    methods: {
      type: 'array',
      description: 'the methods the merchant offers, in display order; a method is listed only with at least one channel',
      items: {
        type: 'object',
        required: ['method', 'channels'],
        additionalProperties: false,
        properties: {
          method: { type: 'string', enum: DEPOSIT_METHODS },
          channels: { type: 'array', items: channelSchema },
        },
      },
    },
  },
} as const;

export const depositSettingsCall = /*#__PURE__*/ defineCall({
  name: 'depositSettings',
  method: 'GET',
  path: '/wps/relay/getDepositSettings',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: [
      'allowDeposit',
      'allowDepositMessage',
      'inProgressCashInCount',
      'maxInProgressCashIn',
      'depositInfo',
      'description',
      'bindBankCardRequired',
      'phoneVerificationRequired',
      'idPictureVerifiedRequired',
      'default_tab',
      'currency',
      'currencySymbol',
    ],
    additionalProperties: false,
    properties: {
      allowDeposit: { type: 'boolean', description: 'false: the member may not start a deposit now (allowDepositMessage says why)' },
      allowDepositMessage: { type: ['string', 'null'], description: "why not, in the caller's language; null when allowDeposit" },
      inProgressCashInCount: { type: 'integer', description: "the member's deposits in progress (pending)" },
      maxInProgressCashIn: { type: 'integer', description: 'the most a member may have in progress at once' },
      depositInfo: { type: 'string', description: "the merchant's notice shown above the form (plain text, may be empty)" },
      description: { type: 'string', description: "the merchant's instructions shown under the form (plain text, may be empty)" },
      bindBankCardRequired: { type: 'boolean', description: 'always false: no bound card is needed to deposit' },
      phoneVerificationRequired: { type: 'boolean', description: 'always false' },
      idPictureVerifiedRequired: { type: 'boolean', description: 'always false' },
      default_tab: { type: ['string', 'null'], description: 'the method shown first (MT, PG or QR); null when the merchant offers none' },
      currency: { type: 'string', description: 'ISO 4217 code, e.g. BDT' },
      currencySymbol: { type: 'string', description: 'e.g. ৳' },
    },
  },
});

/** The deposit hub's channel list (the legacy "Channel list (S)"): methods → channels. */
export const depositBanksListCall = /*#__PURE__*/ defineCall({
  name: 'depositBanksList',
  method: 'GET',
  path: '/wps/relay/getDepositBanksList',
  moduleId: 'WALLET3',
  token: true,
  value: methodsSchema,
});

/** The same list, for the deposit records' method filter (depositLogs). */
export const depositMethodsCall = /*#__PURE__*/ defineCall({
  name: 'depositMethods',
  method: 'GET',
  path: '/wps/relay/MCSFE_getDepositMethods',
  moduleId: 'WALLET3',
  token: true,
  value: methodsSchema,
});

export const fixedAmountsCall = /*#__PURE__*/ defineCall({
  name: 'fixedAmounts',
  method: 'GET',
  path: '/wps/relay/getFixedAmounts',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    required: ['paymentMethod', 'channelName'],
    properties: {
      paymentMethod: { type: 'string', enum: DEPOSIT_METHODS },
      channelName: bankCodeSchema,
    },
  },
  value: {
    type: 'object',
    required: ['fixedAmounts', 'minAmount', 'maxAmount'],
    additionalProperties: false,
    properties: {
      fixedAmounts: { type: 'array', items: { type: 'number' }, description: 'major units; empty: any amount within the limits' },
      minAmount: { type: 'number' },
      maxAmount: { type: 'number' },
    },
  },
});

const receivingAccountSchema = {
  type: 'object',
  required: ['bankName', 'accountName', 'accountNumber', 'branch'],
  additionalProperties: false,
  properties: {
    bankName: { type: 'string' },
    accountName: { type: 'string' },
    accountNumber: { type: 'string' },
    branch: { type: 'string', description: 'may be empty' },
  },
} as const;

/**
 * Manual bank transfer: a pending deposit of `amount`, to be paid into `receivingAccount` (show
 * it with the amount and refCode, which the member writes in the transfer's note). Takes the
 * Idempotency-Key header. Refused: deposit.pending.limit (too many in progress),
 * deposit.amount.out.of.range, deposit.channel.not.found (no such MT channel).
 */
export const depositMTCall = /*#__PURE__*/ defineCall({
  name: 'depositMT',
  method: 'POST',
  path: '/wps/relay/depositMTV3',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['amount', 'payeeName'],
    additionalProperties: false,
    properties: {
      amount: amountSchema,
      bankCode: { ...bankCodeSchema, description: 'the MT channel (mcsBankCode); the first MT channel when absent' },
      payeeName: { type: 'string', minLength: 1, maxLength: 100, description: 'the name on the account the member pays from' },
      depositAccountNum: { type: 'string', maxLength: 64, description: 'the account the member pays from (optional)' },
      transactionDate: { type: 'string', maxLength: 32, description: 'when the member made the transfer, as they entered it (optional)' },
      promotionId: promotionIdSchema,
    },
  },
  value: {
    type: 'object',
    required: ['depositId', 'refCode', 'amount', 'state', 'receivingAccount', 'currencySymbol'],
    additionalProperties: false,
    properties: {
      depositId: { type: 'integer' },
      refCode: { type: 'string', description: 'the deposit number (D + id): the member quotes it in the transfer' },
      amount: { type: 'number', description: 'major units' },
      state: { type: 'string', enum: DEPOSIT_STATES },
      receivingAccount: receivingAccountSchema,
      currencySymbol: { type: 'string' },
    },
  },
});

/**
 * The receipt of a manual transfer: a data URL (data:image/png;base64,… or image/jpeg) of a png
 * or jpg of at most DEPOSIT_RECEIPT_MAX_BYTES, and the transfer's reference number. The type is
 * read from the image's bytes. A later upload replaces the earlier one; only while pending.
 * Refused: deposit.image.invalid, deposit.image.too.large, deposit.not.found, deposit.state.invalid.
 */
export const uploadDepositImageCall = /*#__PURE__*/ defineCall({
  name: 'uploadDepositImage',
  method: 'POST',
  path: '/wps/relay/uploadDepositEncodedImage',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['depositId', 'image', 'referenceNo'],
    additionalProperties: false,
    properties: {
      depositId: depositIdSchema,
      // No maxLength: the route's body limit (a 5 MB image in base64, 4/3 of it) bounds it, and the
      // decoded size is checked (deposit.image.too.large).
      image: { type: 'string', minLength: 1, description: 'data:image/png;base64,… or data:image/jpeg;base64,… (at most DEPOSIT_RECEIPT_MAX_BYTES decoded)' },
      referenceNo: { type: 'string', minLength: 1, maxLength: 64, description: "the transfer's reference number from the member's bank" },
    },
  },
  value: {
    type: 'object',
    required: ['depositId', 'referenceNo'],
    additionalProperties: false,
    properties: { depositId: { type: 'integer' }, referenceNo: { type: 'string' } },
  },
});

/** The member withdraws a pending deposit of theirs (deposit.state.invalid once settled). */
export const cancelDepositCall = /*#__PURE__*/ defineCall({
  name: 'cancelDeposit',
  method: 'POST',
  path: '/wps/relay/cancelDeposit',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['depositId'],
    additionalProperties: false,
    properties: { depositId: depositIdSchema },
  },
  value: {
    type: 'object',
    required: ['depositId', 'state'],
    additionalProperties: false,
    properties: { depositId: { type: 'integer' }, state: { type: 'string', enum: DEPOSIT_STATES } },
  },
});

/**
 * An online payment (PG and QR channels): the order is created at the provider. Open
 * `redirectUrl` (PG) or show `qrContent` as a QR code (QR; `qrImgUrl` when the provider gives an
 * image). Pay before `expiresAt`. Takes the Idempotency-Key header. Refused:
 * deposit.channel.not.found, deposit.amount.out.of.range, deposit.pending.limit,
 * deposit.gateway.unavailable (the provider did not answer; nothing was created).
 */
export const newDepositPGCall = /*#__PURE__*/ defineCall({
  name: 'newDepositPG',
  method: 'POST',
  path: '/wps/relay/newDepositPG',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['amount', 'bankCode', 'vendorId'],
    additionalProperties: false,
    properties: {
      amount: amountSchema,
      bankCode: bankCodeSchema,
      vendorId: { type: 'integer', minimum: 1, maximum: 2147483647, description: "the channel's vendorId (getDepositBanksList)" },
      promotionId: promotionIdSchema,
    },
  },
  value: {
    type: 'object',
    required: ['depositId', 'refCode', 'amount', 'redirectUrl', 'qrImgUrl', 'qrContent', 'expiresAt'],
    additionalProperties: false,
    properties: {
      depositId: { type: 'integer' },
      refCode: { type: 'string', description: 'the deposit number (D + id)' },
      amount: { type: 'number', description: 'major units' },
      redirectUrl: { type: ['string', 'null'], description: "the provider's payment page (PG)" },
      qrImgUrl: { type: ['string', 'null'], description: 'an image of the QR code, when the provider gives one' },
      qrContent: { type: ['string', 'null'], description: 'the text to show as a QR code (QR channels)' },
      expiresAt: { type: 'integer', description: 'epoch ms: unpaid after this, the order expires' },
    },
  },
});

/** The member's deposits (depositLogs), newest first. */
export const depositReportCall = /*#__PURE__*/ defineCall({
  name: 'depositReport',
  method: 'GET',
  path: '/wps/relay/MCSFE_getDepositTransactionReport',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms, first millisecond of the period (the member’s day start)' },
      endDate: {
        type: 'integer',
        minimum: 0,
        maximum: 8640000000000000,
        description: 'epoch ms, last millisecond of the period; at most 29 days after startDate (deposit.report.period.invalid otherwise)',
      },
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: 100, default: 13 },
      depositType: { type: 'string', enum: DEPOSIT_METHODS, description: 'only this method; all when absent' },
      depositState: { type: 'string', enum: DEPOSIT_STATES, description: 'only this state; all when absent' },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'accepted for compatibility; ignored' },
    },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['depositId', 'refCode', 'depositMethod', 'vendorName', 'requestedAmount', 'amount', 'customerBankCharge', 'depositDate', 'actualDepositDate', 'state'],
      additionalProperties: false,
      properties: {
        depositId: { type: 'integer' },
        refCode: { type: 'string', description: 'D + depositId; the orderNo of its transaction record' },
        depositMethod: { type: 'string', enum: DEPOSIT_METHODS },
        vendorName: { type: 'string', description: 'the channel: bKash, Bank transfer, ...' },
        requestedAmount: { type: 'number', description: 'what the member asked to deposit, major units' },
        amount: { type: 'number', description: 'what was credited, major units (0 unless approved)' },
        customerBankCharge: { type: 'number', description: "charged by the member's bank, major units" },
        depositDate: { type: 'integer', description: 'epoch ms, when the member made the request' },
        actualDepositDate: { type: ['integer', 'null'], description: 'epoch ms, when it was credited or closed; null while pending' },
        state: { type: 'string', enum: DEPOSIT_STATES },
      },
    },
    {
      type: 'object',
      required: ['requestedAmount', 'amount', 'customerBankCharge'],
      additionalProperties: false,
      properties: {
        requestedAmount: { type: 'number', description: 'sums over the whole filtered period, not just this page' },
        amount: { type: 'number' },
        customerBankCharge: { type: 'number' },
      },
    },
  ),
});

export type DepositSettings = ValueOf<typeof depositSettingsCall>;
export type DepositMethods = ValueOf<typeof depositBanksListCall>;
export type DepositChannel = DepositMethods['methods'][number]['channels'][number];
export type FixedAmounts = ValueOf<typeof fixedAmountsCall>;
export type DepositMTRequest = RequestOf<typeof depositMTCall>;
export type DepositMTResult = ValueOf<typeof depositMTCall>;
export type UploadDepositImageRequest = RequestOf<typeof uploadDepositImageCall>;
export type NewDepositPGRequest = RequestOf<typeof newDepositPGCall>;
export type NewDepositPGResult = ValueOf<typeof newDepositPGCall>;
export type DepositReportQuery = QueryOf<typeof depositReportCall>;
export type DepositReport = ValueOf<typeof depositReportCall>;
export type DepositReportRow = DepositReport['list'][number];
