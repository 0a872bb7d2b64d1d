// Records calls (the legacy page transactionHistory › transactionLogs; server module
// ledger/, records.*): the member's money movements, one row per ledger posting on the member's own
// wallets (main and game wallets). Amounts are major units with at most two decimals on the wire.
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';

/**
 * The type filter of the transaction records (`codeTypes`): each group stands for some ledger
 * movements (the table of kinds and type ids is in server/src/modules/ledger/records.service.ts).
 * The filter list is these constants rather than a call: it is the same for every merchant, and
 * the pages name each group in their own translations. `other`: movements of kinds no group
 * names yet.
 */
export const TRANSACTION_CODE_TYPES = [
  'deposit',
  'withdraw',
  'transfer',
  'adjustment',
  'bet',
  'bonus',
  'betting_rebate',
  'agent_rebate',
  'dividend',
  'salary',
  'hourly_salary',
  'other',
] as const;
export type TransactionCodeType = (typeof TRANSACTION_CODE_TYPES)[number];

/** txTypeId of a transfer into one of the member's wallets from another of them (the legacy API's). */
export const TX_TYPE_TRANSFER_IN = 8102;
/** txTypeId of a transfer out of one of the member's wallets into another of them. */
export const TX_TYPE_TRANSFER_OUT = 8202;

/** The longest period one records request may span: 29 days (startTime to endTime, epoch ms). */
export const RECORDS_MAX_RANGE_MS = 29 * 24 * 60 * 60 * 1000;
/** Rows per page when the request names none (the legacy pages' size 13), and the most a page may hold. */
export const RECORDS_DEFAULT_PAGE_SIZE = 13;
export const RECORDS_MAX_PAGE_SIZE = 100;

const codeTypePattern = `^(${TRANSACTION_CODE_TYPES.join('|')})(,(${TRANSACTION_CODE_TYPES.join('|')}))*$`;

export const memberTransactionsCall = /*#__PURE__*/ defineCall({
  name: 'memberTransactions',
  method: 'GET',
  path: '/wps/relay/ODSFE2_MemTransDet',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    required: ['startTime', 'endTime'],
    properties: {
      startTime: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms, first millisecond of the period' },
      endTime: {
        type: 'integer',
        minimum: 0,
        maximum: 8640000000000000,
        description: 'epoch ms, last millisecond of the period; at most 29 days after startTime (records.period.invalid otherwise)',
      },
      codeTypes: { type: 'string', maxLength: 400, pattern: codeTypePattern, description: 'comma list of TRANSACTION_CODE_TYPES; all types when absent' },
      subordinateName: {
        type: 'string',
        maxLength: 64,
        description: 'an agent reads a member of its own downline (agent centre › account details); the caller’s own records when absent or its own name (agent.only, agent.downline.unknown otherwise)',
      },
      txTypeIds: { type: 'string', maxLength: 200, pattern: '^\\d{1,6}(,\\d{1,6})*$', description: 'comma list of txTypeId (8102,8202: transfers); all when absent' },
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: RECORDS_MAX_PAGE_SIZE, default: RECORDS_DEFAULT_PAGE_SIZE },
      language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'language of txTypeName and remark; the Language header when absent' },
      unit: {
        type: 'string',
        enum: ['REAL', 'POINT'],
        default: 'REAL',
        description: 'REAL: the money wallets (main and game); POINT: the member’s points account, amount and currentAvailBalance in whole points',
      },
    },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['txTypeId', 'txTypeName', 'txTimeInTimestamp', 'amount', 'currentAvailBalance', 'orderNo', 'remark', 'accountTypeId'],
      additionalProperties: false,
      properties: {
        txTypeId: { type: 'integer', description: 'what the movement was (8102 transfer in, 8202 transfer out, ...)' },
        txTypeName: { type: 'string', description: "the type's name in the caller's language" },
        txTimeInTimestamp: { type: 'integer', description: 'epoch ms' },
        amount: { type: 'number', description: 'signed, major units: positive credits the wallet' },
        currentAvailBalance: { type: 'number', description: "the wallet's balance right after the movement, major units" },
        orderNo: { type: 'string', description: "the deposit's or withdrawal's number, or the ledger transaction id" },
        remark: { type: 'string', description: 'for transfers between the member’s wallets: the wallets, from → to' },
        accountTypeId: { type: 'integer', description: 'the wallet: 0 main, otherwise the game vendor id' },
      },
    },
    {
      type: 'object',
      required: ['amount'],
      additionalProperties: false,
      properties: { amount: { type: 'number', description: 'sum of the amounts over the whole filtered period, not just this page' } },
    },
  ),
});

export type MemberTransactionsQuery = QueryOf<typeof memberTransactionsCall>;
export type MemberTransactions = ValueOf<typeof memberTransactionsCall>;
export type MemberTransaction = MemberTransactions['list'][number];
