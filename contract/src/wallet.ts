// Wallet calls (server module ledger/).
import { defineCall, type ValueOf } from './define-call';

export const balanceCall = /*#__PURE__*/ defineCall({
  name: 'balance',
  method: 'GET',
  path: '/wps/v2/wallets/balance',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: ['sumBalance'],
    properties: { sumBalance: { type: 'number', description: 'e.g. 2000.5 for 2,000.50' } },
  },
});

/** `GET /wps/v2/wallets/balance` value, in major units. */
export type WalletBalance = ValueOf<typeof balanceCall>;

/**
 * The member's balance pushed: a `text/event-stream`, not an envelope. Each `balance`
 * event's data is this row's value (the same as GET /wps/v2/wallets/balance): one when the
 * stream opens, then one whenever the balance changes, on whichever server replica moved it. The
 * stream ends after a few minutes (the client reconnects, and the session is checked again); a
 * failure before it opens is an ordinary error envelope (401: the session is gone).
 */
export const balanceEventsCall = /*#__PURE__*/ defineCall({
  name: 'balanceEvents',
  method: 'GET',
  path: '/wps/v2/wallets/balance/events',
  moduleId: 'WALLET3',
  token: true,
  quiet: true,
  value: balanceCall.value,
});

/** The event a balance stream sends, and how often a dropped stream is tried again (ms). */
export const BALANCE_EVENT = 'balance';
export const BALANCE_STREAM_RETRY_MS = 3000;

/**
 * The event the same stream sends when one of the member's deposits, withdrawals or C2C orders
 * changes status (an operator paid a withdrawal, a gateway confirmed a deposit), so a page that
 * lists it shows the new status without being reopened. `status` is the server's status word
 * (deposit: pending, crediting, approved, rejected, cancelled, failed, expired; withdrawal:
 * pending, paid, rejected; c2c: matched, paid, disputed, confirmed, cancelled, expired, rejected).
 */
export const PAYMENT_STATUS_EVENT = 'paymentStatus';

/**
 * The live chat's unread count (chat.ts), pushed on the same stream, which the header keeps open
 * anyway: a `chatUnread` event whose data is { unreadCount }, when the stream opens and whenever
 * it changes.
 */
export const CHAT_UNREAD_EVENT = 'chatUnread';

export type PaymentStatusKind = 'deposit' | 'withdrawal' | 'c2c';

export interface PaymentStatusChange {
  kind: PaymentStatusKind;
  /** The deposit's, withdrawal's or C2C order's id (a withdrawal's order number is W + id). */
  id: number;
  status: string;
}

// Wallets (the legacy page transferFund). A member has a main wallet (accountTypeId 0)
// and, when the merchant is not single-wallet, one game wallet per game vendor (accountTypeId =
// the vendor's id, as GCSGAME_newGameVendor lists it). Amounts are major units with at most two
// decimals on the wire; the server keeps integers of minor units.

/** accountTypeId of the main wallet. */
export const MAIN_WALLET_ACCOUNT_TYPE_ID = 0;

/**
 * Header every money call carries (GCS_walletTransfer, GCS_walletReturn): a key the client draws
 * once per user action (a UUID) and repeats when it retries. The same key moves money once; the
 * same key with another payload is refused with `wallet.idempotency.conflict`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_.:-]{8,100}$';

const walletBalancesSchema = {
  type: 'object',
  required: ['balances', 'sumBalance', 'currency', 'currencySymbol'],
  properties: {
    balances: {
      type: 'array',
      items: {
        type: 'object',
        required: ['accountTypeId', 'accountTypeName', 'availBalance'],
        properties: {
          accountTypeId: { type: 'integer', description: '0: main wallet; otherwise the game vendor id' },
          accountTypeName: { type: 'string', description: 'MAIN, or the vendor code (vassalage)' },
          availBalance: { type: 'number', description: 'major units, two decimals at most' },
        },
      },
    },
    sumBalance: { type: 'number', description: 'all wallets together, major units' },
    currency: { type: 'string', description: 'ISO 4217 code, e.g. BDT' },
    currencySymbol: { type: 'string', description: 'e.g. ৳' },
  },
} as const;

export const merchantWalletCall = /*#__PURE__*/ defineCall({
  name: 'merchantWallet',
  method: 'GET',
  path: '/wps/relay/GCS_merchantWallet',
  moduleId: 'WALLET3',
  token: true,
  quiet: true,
  value: {
    type: 'object',
    required: ['isSingle'],
    properties: { isSingle: { type: 'boolean', description: 'true: only the main wallet (no transfers between wallets)' } },
  },
});

export const allWalletBalanceCall = /*#__PURE__*/ defineCall({
  name: 'allWalletBalance',
  method: 'GET',
  path: '/wps/relay/getAllWalletBalanceV2',
  moduleId: 'WALLET3',
  token: true,
  value: walletBalancesSchema,
});

export const walletTransferCall = /*#__PURE__*/ defineCall({
  name: 'walletTransfer',
  method: 'POST',
  path: '/wps/relay/GCS_walletTransfer',
  moduleId: 'WALLET3',
  token: true,
  body: {
    type: 'object',
    required: ['fromAccountTypeId', 'toAccountTypeId', 'amount'],
    additionalProperties: false,
    properties: {
      fromAccountTypeId: { type: 'integer', minimum: 0, maximum: 2147483647 },
      toAccountTypeId: { type: 'integer', minimum: 0, maximum: 2147483647 },
      amount: { type: 'number', description: 'major units, positive, two decimals at most' },
    },
  },
  value: walletBalancesSchema,
});

export const walletReturnCall = /*#__PURE__*/ defineCall({
  name: 'walletReturn',
  method: 'POST',
  path: '/wps/relay/GCS_walletReturn',
  moduleId: 'WALLET3',
  token: true,
  value: walletBalancesSchema,
});

/**
 * A contract kind's info type in the consolidated answer, per product: `LOTT.agent` is true
 * while the member is a side of an active contract of the kind (the legacy agent centre reads
 * `realtimesalinfotype.LOTT.agent`). The lottery is the one product contracts cover here.
 */
const contractInfoSchema = {
  type: 'object',
  required: ['LOTT'],
  properties: {
    LOTT: {
      type: 'object',
      required: ['agent'],
      properties: { agent: { type: 'boolean', description: 'a side of an active contract of the kind' } },
    },
  },
} as const;

export const consolidatedCall = /*#__PURE__*/ defineCall({
  name: 'consolidated',
  method: 'GET',
  path: '/wps/member/info/funds/consolidated',
  moduleId: 'WALLET3',
  token: true,
  value: {
    type: 'object',
    required: [
      'isSingle',
      'sumBalance',
      'dailysalreqtype',
      'divtypereq',
      'contracthoursalreq',
      'realtimesalreqtype',
      'dailysalinfotype',
      'divtypeinfo',
      'contracthoursalinfo',
      'realtimesalinfotype',
    ],
    properties: {
      isSingle: { type: 'boolean' },
      sumBalance: { type: 'number', description: 'all wallets together, major units' },
      // The agent programme's contract flags: the member is a side of a pending or
      // active contract of the kind (the menu's contract pages follow them).
      dailysalreqtype: { type: 'boolean' },
      divtypereq: { type: 'boolean' },
      contracthoursalreq: { type: 'boolean' },
      realtimesalreqtype: { type: 'boolean' },
      // Their info types: the contracts in force. (The legacy contractmrdailysalinfotype, the manual
      // daily salary of DAYSALMR, is not sent: this platform has no such contract.)
      dailysalinfotype: contractInfoSchema,
      divtypeinfo: contractInfoSchema,
      contracthoursalinfo: contractInfoSchema,
      realtimesalinfotype: contractInfoSchema,
    },
  },
});

export type AllWalletBalance = ValueOf<typeof allWalletBalanceCall>;
export type MerchantWallet = ValueOf<typeof merchantWalletCall>;
export type Consolidated = ValueOf<typeof consolidatedCall>;
/** The agent-contract part of the consolidated answer. */
export type ConsolidatedContractFlags = Omit<Consolidated, 'isSingle' | 'sumBalance'>;
