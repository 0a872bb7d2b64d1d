// Withdrawal calls (server module withdrawal/; the legacy member-centre pages withdraw, bindCard,
// securityCenter's payment password, transactionHistory › withdrawLogs).
//
// The payment password: exactly 6 digits, separate from the login password, asked for by every
// call that moves money out or changes where it goes (withdraw, bind or delete a card, transfer to
// upline). Wrong guesses are throttled per member like logins: after PAYMENT_PASSWORD_MAX_FAILURES
// wrong ones the payment password is refused for PAYMENT_PASSWORD_LOCK_MINUTES (429
// TOO_MANY_REQUESTS, even when right). `not.exists.payment.password`: none is set yet (the page
// sends the member to set one); `invalid.payment.pw`: wrong (value.remainingAttempts).
//
// Amounts are major units with at most two decimals on the wire (the server keeps minor units).
// A withdrawal takes the amount from the main wallet at once (held until an operator pays or
// rejects it); the charge is taken when it is paid, so a rejection gives everything back.
import { defineCall, type QueryOf, type RequestOf, type ValueOf } from './define-call';

/** The payment password's length: exactly 6 digits. */
export const PAYMENT_PASSWORD_LENGTH = 6;
/** The payment password's format. */
export const PAYMENT_PASSWORD_PATTERN = `^[0-9]{${PAYMENT_PASSWORD_LENGTH}}$` as const;
/** Wrong payment passwords in a row (within the lock time) that lock it. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
/** How long a locked payment password stays refused. */
export const PAYMENT_PASSWORD_LOCK_MINUTES = 15;
/** Cards, e-wallets and virtual wallets together that one member may bind. */
export const MAX_WITHDRAW_CARDS = 5;
/** The longest period getWithdrawTransactionReport answers for. */
export const WITHDRAW_REPORT_MAX_DAYS = 31;
/** The most rows one getWithdrawTransactionReport page holds (end - start). */
export const WITHDRAW_REPORT_MAX_ROWS = 100;

/** BC bank card, EW e-wallet (bKash, Nagad, Rocket), VM virtual (crypto) wallet. */
export const WITHDRAW_TYPES = ['BC', 'EW', 'VM'] as const;
export type WithdrawType = (typeof WITHDRAW_TYPES)[number];
/** pending: held, waiting for an operator; paid; rejected (refunded in full). */
export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

const paymentPassword = { type: 'string', pattern: PAYMENT_PASSWORD_PATTERN, description: 'payment password: exactly 6 digits' } as const;
const withdrawType = { type: 'string', enum: WITHDRAW_TYPES, description: 'BC bank card, EW e-wallet, VM virtual wallet' } as const;
/** A major-unit amount as the client sends it; the server refuses more than two decimals or ≤ 0 (wallet.amount.invalid). */
const majorAmount = { type: 'number', description: 'major units, positive, two decimals at most' } as const;

// ── Payment password ────────────────────────────────────────────────────────

/** Sets the first payment password; refused with `exists.payment.password` once one is set. */
export const setWithdrawPasswordCall = /*#__PURE__*/ defineCall({
  name: 'setWithdrawPassword',
  method: 'POST',
  path: '/wps/relay/setWithdrawPassword',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['paymentPassword', 'confirmPaymentPassword'],
    additionalProperties: false,
    properties: { paymentPassword, confirmPaymentPassword: paymentPassword },
  },
  value: { type: 'null' },
});

/** Changes it with the current one (a wrong one counts toward the lock: `invalid.payment.pw`). */
export const changeWithdrawPasswordCall = /*#__PURE__*/ defineCall({
  name: 'changeWithdrawPassword',
  method: 'POST',
  path: '/wps/relay/changeWithdrawPassword',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['oldPassword', 'newPassword', 'confirmNewPassword'],
    additionalProperties: false,
    properties: { oldPassword: paymentPassword, newPassword: paymentPassword, confirmNewPassword: paymentPassword },
  },
  value: { type: 'null' },
});

/**
 * A forgotten payment password: a new one, proved with the LOGIN password (wrong: 400
 * `current.password.err`, counted toward the login-password proof lock). Also sets one when none
 * was set, and lifts a payment-password lock.
 */
export const resetPaymentPasswordCall = /*#__PURE__*/ defineCall({
  name: 'resetPaymentPassword',
  method: 'POST',
  path: '/wps/relay/resetPaymentPassword',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['loginPassword', 'newPassword', 'confirmNewPassword'],
    additionalProperties: false,
    properties: {
      loginPassword: { type: 'string', minLength: 1, maxLength: 128, description: 'the login password' },
      newPassword: paymentPassword,
      confirmNewPassword: paymentPassword,
    },
  },
  value: { type: 'null' },
});

/** Whether the payment password is right (before an agent's transfer to upline, say); counted like any other try. */
export const checkWithdrawPasswordCall = /*#__PURE__*/ defineCall({
  name: 'checkWithdrawPassword',
  method: 'POST',
  path: '/wps/relay/checkWithdrawPassword',
  moduleId: 'MEMBER3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['password'],
    additionalProperties: false,
    properties: { password: paymentPassword },
  },
  value: { type: 'null' },
});

// ── Banks, cards and wallets ─────────────────────────────────────────────────

const bankSchema = {
  type: 'object',
  required: ['bankCode', 'bankName', 'cardType', 'protocol'],
  properties: {
    bankCode: { type: 'string', description: 'e.g. DBBL, BKASH, USDT_TRC20' },
    bankName: { type: 'string', description: 'e.g. Dutch-Bangla Bank, bKash, USDT (TRC20)' },
    cardType: withdrawType,
    protocol: { type: ['string', 'null'], description: 'virtual wallets: the chain protocol (TRC20); otherwise null' },
  },
} as const;

/** The banks, e-wallet types and virtual wallet types the merchant pays out to. */
export const withdrawBanksCall = /*#__PURE__*/ defineCall({
  name: 'withdrawBanks',
  method: 'GET',
  path: '/wps/relay/MCSFE_getBanks',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['banks'],
    properties: { banks: { type: 'array', items: bankSchema } },
  },
});

const withdrawCardSchema = {
  type: 'object',
  required: ['bankCardId', 'cardType', 'bankCode', 'bankName', 'cardNumber', 'payeeName', 'walletAddress', 'protocol', 'createdAt'],
  properties: {
    bankCardId: { type: 'integer' },
    cardType: withdrawType,
    bankCode: { type: 'string' },
    bankName: { type: 'string' },
    cardNumber: { type: 'string', description: 'masked but for the last 4 characters (****1234); the wallet address for VM, masked alike' },
    payeeName: { type: 'string' },
    walletAddress: { type: ['string', 'null'], description: 'VM only: the address, masked but for its first and last 4 characters' },
    protocol: { type: ['string', 'null'], description: 'VM only: TRC20' },
    createdAt: { type: 'integer', description: 'epoch ms' },
  },
} as const;

/** The member's bound cards by kind, and what the withdraw page needs to know first. */
export const withdrawAccountInfoCall = /*#__PURE__*/ defineCall({
  name: 'withdrawAccountInfo',
  method: 'GET',
  path: '/wps/relay/MCSFE_getWithdrawAccountInfo',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['bankCards', 'eWallets', 'virtualWallets', 'hasPaymentPassword', 'payeeName', 'maxCards'],
    properties: {
      bankCards: { type: 'array', items: withdrawCardSchema },
      eWallets: { type: 'array', items: withdrawCardSchema },
      virtualWallets: { type: 'array', items: withdrawCardSchema },
      hasPaymentPassword: { type: 'boolean', description: 'false: set one first (setWithdrawPassword)' },
      payeeName: { type: ['string', 'null'], description: "the member's real name; a new card's payee must be it (null: the first card sets it)" },
      maxCards: { type: 'integer', description: 'cards, e-wallets and virtual wallets together' },
    },
  },
});

/**
 * Binds a card, e-wallet or virtual wallet. cardNumber: digits only, 8–24, for BC and EW; the
 * wallet address for VM (TRC20: T + 33 base58 characters). bankCode must be one of
 * MCSFE_getBanks of that cardType. payeeName: letters and spaces; it must be the member's real
 * name when one is set, else it becomes the member's real name. At most MAX_WITHDRAW_CARDS; the
 * same number (same bank) bound twice is refused.
 */
export const withdrawAddCardCall = /*#__PURE__*/ defineCall({
  name: 'withdrawAddCard',
  method: 'POST',
  path: '/wps/relay/withdrawAddCard',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['payeeName', 'bankCode', 'cardNumber', 'cardType', 'paymentPassword'],
    additionalProperties: false,
    properties: {
      payeeName: { type: 'string', maxLength: 64 },
      bankCode: { type: 'string', maxLength: 32 },
      cardNumber: { type: 'string', maxLength: 128, description: 'digits (BC, EW) or the wallet address (VM)' },
      cardType: withdrawType,
      paymentPassword,
    },
  },
  value: withdrawCardSchema,
});

/** Deletes a bound card (refused while a withdrawal to it is pending: withdraw.card.pending). */
export const withdrawDelCardCall = /*#__PURE__*/ defineCall({
  name: 'withdrawDelCard',
  method: 'POST',
  path: '/wps/relay/withdrawDelCard',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['bankCardId', 'password'],
    additionalProperties: false,
    properties: { bankCardId: { type: 'integer', minimum: 1, maximum: 9007199254740991 }, password: paymentPassword },
  },
  value: { type: 'null' },
});

// ── Settings, turnover, charges ──────────────────────────────────────────────

/** The merchant's withdrawal rules as they apply to this member (its VIP level may add to the counts), and how many of today's withdrawals it has made. */
export const withdrawSettingsCall = /*#__PURE__*/ defineCall({
  name: 'withdrawSettings',
  method: 'GET',
  path: '/wps/relay/getWithdrawSettings',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: [
      'minimumAmount',
      'maximumAmount',
      'dailyMaxCount',
      'todayWithdrawCount',
      'charge',
      'turnoverMultiplier',
      'normalBankWithdrawalSwitch',
      'eWalletWithdrawalSwitch',
      'virtualWalletWithdrawalSwitch',
      'virtualCurrencyRate',
      'currency',
      'currencySymbol',
    ],
    properties: {
      minimumAmount: { type: 'number', description: 'major units' },
      maximumAmount: { type: 'number', description: 'major units' },
      dailyMaxCount: {
        type: 'integer',
        description: 'withdrawals this member may make a day (the merchant’s day, timeZoneOffsetMinutes): the merchant’s count plus what the member’s VIP level adds',
      },
      todayWithdrawCount: { type: 'integer', description: "the member's withdrawals so far today (rejected ones included)" },
      charge: {
        type: 'object',
        required: ['percent', 'fixed', 'freePerDay'],
        properties: {
          percent: { type: 'number', description: 'percent of the amount (1.5 = 1.5 %)' },
          fixed: { type: 'number', description: 'major units added to the percent part' },
          freePerDay: { type: 'integer', description: 'the first this many withdrawals of a day are free: the merchant’s number plus what the member’s VIP level adds' },
        },
      },
      turnoverMultiplier: { type: 'number', description: 'required turnover = deposits since the last paid withdrawal × this' },
      normalBankWithdrawalSwitch: { type: 'boolean' },
      eWalletWithdrawalSwitch: { type: 'boolean' },
      virtualWalletWithdrawalSwitch: { type: 'boolean' },
      virtualCurrencyRate: { type: 'number', description: 'currency units per 1 USDT (the virtualAmount of a VM withdrawal = amount ÷ this)' },
      currency: { type: 'string', description: 'ISO 4217, e.g. BDT' },
      currencySymbol: { type: 'string', description: 'e.g. ৳' },
    },
  },
});

/** The products whose stakes count toward the wagering requirement, each with its weight. */
export type WageringProduct = 'lottery' | 'inhouse' | 'vendor';

/** What adds to the wagering requirement, each with its multiplier. */
export type WageringRequirementSource = 'deposit' | 'agentTransfer' | 'redEnvelope' | 'operatorCredit';

/**
 * The wagering requirement (turnover) the member must meet before withdrawing: a running balance
 * that deposits and other credits add to and counted stakes take off, never below zero.
 */
export const turnoverInfoCall = /*#__PURE__*/ defineCall({
  name: 'turnoverInfo',
  method: 'GET',
  path: '/wps/relay/getTurnoverInfo',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['requiredTurnover', 'actualTurnover', 'remainingTurnover', 'turnoverMultiplier', 'requirementMultipliers', 'productWeights'],
    properties: {
      requiredTurnover: { type: 'number', description: 'the requirement added since it was last met (remainingTurnover + actualTurnover), major units' },
      actualTurnover: { type: 'number', description: 'stakes counted toward it since then (weighted, net of refunds), major units' },
      remainingTurnover: { type: 'number', description: 'what is still to be staked before a withdrawal is allowed (0: none), major units' },
      turnoverMultiplier: { type: 'number', description: 'a deposit adds its amount × this' },
      requirementMultipliers: {
        type: 'object',
        description: 'each credit adds its amount × its multiplier to the requirement',
        required: ['deposit', 'agentTransfer', 'redEnvelope', 'operatorCredit'],
        properties: { deposit: { type: 'number' }, agentTransfer: { type: 'number' }, redEnvelope: { type: 'number' }, operatorCredit: { type: 'number' } },
      },
      productWeights: {
        type: 'object',
        description: 'a stake counts stake × the weight of its product (0: it does not count), net of refunds',
        required: ['lottery', 'inhouse', 'vendor'],
        properties: { lottery: { type: 'number' }, inhouse: { type: 'number' }, vendor: { type: 'number' } },
      },
    },
  },
});

/** What a withdrawal of this amount would be charged now (the charge is fixed when it is requested, taken when paid). */
export const withdrawChargesCall = /*#__PURE__*/ defineCall({
  name: 'withdrawCharges',
  method: 'GET',
  path: '/wps/relay/getCalculatedWithdrawCharges',
  moduleId: 'WALLET3',
  token: true,
  quiet: true,
  query: {
    type: 'object',
    required: ['withdrawAmount', 'withdrawType'],
    properties: { withdrawAmount: majorAmount, withdrawType },
  },
  value: {
    type: 'object',
    required: ['withdrawAmount', 'charge', 'receivedAmount', 'freeWithdrawalsLeft'],
    properties: {
      withdrawAmount: { type: 'number' },
      charge: { type: 'number', description: 'major units' },
      receivedAmount: { type: 'number', description: 'withdrawAmount − charge' },
      freeWithdrawalsLeft: { type: 'integer', description: "free withdrawals left today (the member's VIP level included)" },
    },
  },
});

// ── Withdraw ─────────────────────────────────────────────────────────────────

const withdrawalSchema = {
  type: 'object',
  required: ['withdrawId', 'orderNo', 'withdrawType', 'amount', 'charge', 'receivedAmount', 'virtualAmount', 'bankName', 'cardNumber', 'status', 'withdrawDate', 'remark'],
  properties: {
    withdrawId: { type: 'integer' },
    orderNo: { type: 'string', description: 'W + withdrawId, as the transaction records show it' },
    withdrawType: withdrawType,
    amount: { type: 'number', description: 'taken from the wallet, major units' },
    charge: { type: 'number', description: 'taken from the amount when paid' },
    receivedAmount: { type: 'number', description: 'amount − charge: what reaches the card' },
    virtualAmount: { type: ['number', 'null'], description: 'VM: the USDT paid out (receivedAmount ÷ rate), else null' },
    bankName: { type: 'string' },
    cardNumber: { type: 'string', description: 'masked' },
    status: { type: 'string', enum: WITHDRAWAL_STATUSES },
    withdrawDate: { type: 'integer', description: 'when it was requested, epoch ms' },
    remark: { type: ['string', 'null'], description: "the operator's reason of a rejection" },
  },
} as const;

/**
 * Requests a withdrawal to a bound card. Takes the Idempotency-Key header (IDEMPOTENCY_KEY_HEADER):
 * the same key with the same payload answers the same withdrawal and moves money once; with
 * another payload 409 `wallet.idempotency.conflict`. Checked in this order: the payment password
 * (`not.exists.payment.password`, `invalid.payment.pw`, 429), the switch of its type
 * (`withdraw_not_supported`), the card, min/max (`withdraw.amount.too.small` /
 * `withdraw.amount.too.large`), the daily count (`withdraw.daily.limit`), the turnover
 * (`withdraw_turnover_not_enough`, value {requiredTurnover, actualTurnover}), the balance
 * (`withdraw.insufficient.balance`).
 */
export const withdrawCall = /*#__PURE__*/ defineCall({
  name: 'withdraw',
  method: 'POST',
  path: '/wps/relay/withdraw',
  moduleId: 'WALLET3',
  token: true,
  encrypted: true,
  body: {
    type: 'object',
    required: ['amount', 'bankCardId', 'password', 'currentWithdrawType'],
    additionalProperties: false,
    properties: {
      amount: majorAmount,
      bankCardId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
      password: paymentPassword,
      currentWithdrawType: withdrawType,
    },
  },
  value: withdrawalSchema,
});

/**
 * The member's withdrawals requested in [startDateTs, endDateTs] (epoch ms, at most
 * WITHDRAW_REPORT_MAX_DAYS apart: `withdraw.report.range.invalid` otherwise), newest first, rows
 * start (inclusive) to end (exclusive), at most WITHDRAW_REPORT_MAX_ROWS. A legacy exception
 * to list/totalPages: value.records, value.footer.amount (the sum over the whole filtered range)
 * and value.total (its row count).
 */
export const withdrawReportCall = /*#__PURE__*/ defineCall({
  name: 'withdrawReport',
  method: 'GET',
  path: '/wps/relay/getWithdrawTransactionReport',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    required: ['startDateTs', 'endDateTs'],
    properties: {
      startDateTs: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms' },
      endDateTs: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms' },
      start: { type: 'integer', minimum: 0, maximum: 1000000, default: 0 },
      end: { type: 'integer', minimum: 0, maximum: 1000000, default: 10 },
      status: { type: 'string', enum: ['', ...WITHDRAWAL_STATUSES], default: '', description: 'empty: every status' },
    },
  },
  value: {
    type: 'object',
    required: ['records', 'footer', 'total'],
    properties: {
      records: { type: 'array', items: withdrawalSchema },
      footer: { type: 'object', required: ['amount'], properties: { amount: { type: 'number', description: 'sum of amount over the range' } } },
      total: { type: 'integer', description: 'rows in the range' },
    },
  },
});

export type SetWithdrawPasswordRequest = RequestOf<typeof setWithdrawPasswordCall>;
export type ChangeWithdrawPasswordRequest = RequestOf<typeof changeWithdrawPasswordCall>;
export type ResetPaymentPasswordRequest = RequestOf<typeof resetPaymentPasswordCall>;
export type WithdrawBank = ValueOf<typeof withdrawBanksCall>['banks'][number];
export type WithdrawAccountInfo = ValueOf<typeof withdrawAccountInfoCall>;
export type WithdrawCard = ValueOf<typeof withdrawAddCardCall>;
export type WithdrawAddCardRequest = RequestOf<typeof withdrawAddCardCall>;
export type WithdrawSettings = ValueOf<typeof withdrawSettingsCall>;
export type TurnoverInfo = ValueOf<typeof turnoverInfoCall>;
export type WithdrawCharges = ValueOf<typeof withdrawChargesCall>;
export type WithdrawRequest = RequestOf<typeof withdrawCall>;
export type Withdrawal = ValueOf<typeof withdrawCall>;
export type WithdrawReportQuery = QueryOf<typeof withdrawReportCall>;
export type WithdrawReport = ValueOf<typeof withdrawReportCall>;
