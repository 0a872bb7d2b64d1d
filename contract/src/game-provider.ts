// The seamless-wallet game-provider API (server module game-provider/): what a game
// vendor's server calls to move a player's money, `POST /provider/v1/<vassalage>/<action>`. No
// member session: every request is signed, header X-Signature = hex HMAC-SHA256(the vendor's
// secret, "<METHOD>\n<path>\n<X-Timestamp>\n<raw body>"), X-Timestamp = epoch milliseconds.
// Amounts and balances are integers of minor units (cents) in `currency`.
//
// Rules (the server's module README and tests spell them out):
//   - a missing or wrong signature, or a timestamp more than 5 minutes from the server's clock:
//     401 provider.signature.invalid; a vendor unknown or disabled:
//     404 provider.vendor.unknown;
//   - idempotent by (vassalage, transactionId): a repeat with the same body answers the original
//     result (the balance as it was then); the same id with other fields: 409
//     provider.transaction.mismatch; every transaction lands in the ledger exactly once;
//   - bet: the session must be live (401 provider.session.expired: expired, or the member's site
//     session that launched it ended, or the member is blocked), the player must have the
//     money (409 provider.insufficient.funds), the vendor must not be under maintenance (503
//     provider.vendor.maintenance); a bet whose id was rolled back: 409 provider.transaction.rolled_back;
//   - win needs no session (a round may finish after it expired): the round must exist and be the
//     player's (404 provider.round.not_found); a closed round takes no new bet or win (409
//     provider.round.closed);
//   - rollback reverses a bet once, by ids alone, session or not; a rollback of an id never seen
//     is recorded, so that the bet arriving later is refused; a bet whose round was settled with a
//     win is not rolled back (409 provider.rollback.settled);
//   - endRound settles a round.
// Trial sessions (playerId "T<session>") play with play money kept on the session, never the ledger.
import { defineCall, type ValueOf } from './define-call';

/** The header carrying hex HMAC-SHA256(vendor secret, "<METHOD>\n<path>\n<timestamp>\n<raw body>"). */
export const PROVIDER_SIGNATURE_HEADER = 'X-Signature';

/** The header carrying the signed moment, epoch milliseconds in decimal. */
export const PROVIDER_TIMESTAMP_HEADER = 'X-Timestamp';

/** How far a signed timestamp may be from the server's clock, either way: 5 minutes. */
export const PROVIDER_SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

/** The API's path prefix: `${PROVIDER_API_PREFIX}/<vassalage>/<action>`. */
export const PROVIDER_API_PREFIX = '/provider/v1';

const params = {
  type: 'object',
  required: ['vassalage'],
  properties: { vassalage: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', description: 'the vendor code, e.g. JL' } },
} as const;

const sessionToken = { type: 'string', pattern: '^[A-Za-z0-9_-]{20,128}$', description: 'the session token of the launch URL' } as const;
const vendorId = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,100}$' } as const;
const playerId = { type: 'string', pattern: '^T?[0-9]{1,19}$', description: 'as authenticate answered it' } as const;
const gameCode = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$' } as const;
/** Minor units; up to 10^13 (a hundred billion major units). */
const amount = (minimum: number) => ({ type: 'integer', minimum, maximum: 10_000_000_000_000, description: 'minor units' }) as const;
const balance = { type: 'integer', description: 'minor units' } as const;
const currency = { type: 'string', description: 'ISO 4217, e.g. BDT' } as const;

const moneyValue = {
  type: 'object',
  required: ['balance', 'currency', 'transactionId'],
  properties: { balance, currency, transactionId: { type: 'string' } },
} as const;

export const providerAuthenticateCall = /*#__PURE__*/ defineCall({
  name: 'providerAuthenticate',
  method: 'POST',
  path: '/provider/v1/:vassalage/authenticate',
  moduleId: 'GAME3',
  params,
  body: { type: 'object', required: ['sessionToken'], additionalProperties: false, properties: { sessionToken } },
  value: {
    type: 'object',
    required: ['playerId', 'currency', 'balance', 'trial', 'gameCode', 'expiresAt', 'language'],
    properties: {
      playerId: { type: 'string' },
      currency,
      balance,
      trial: { type: 'boolean', description: 'play money (a trial launch): nothing reaches the ledger' },
      gameCode: { type: 'string', description: 'the game the session was launched for' },
      expiresAt: { type: 'integer', description: 'epoch ms: no bet after it' },
      language: { type: 'string', description: 'the language of the launch' },
    },
  },
});

export const providerBalanceCall = /*#__PURE__*/ defineCall({
  name: 'providerBalance',
  method: 'POST',
  path: '/provider/v1/:vassalage/balance',
  moduleId: 'GAME3',
  params,
  body: { type: 'object', required: ['sessionToken'], additionalProperties: false, properties: { sessionToken } },
  value: { type: 'object', required: ['balance', 'currency'], properties: { balance, currency } },
});

export const providerBetCall = /*#__PURE__*/ defineCall({
  name: 'providerBet',
  method: 'POST',
  path: '/provider/v1/:vassalage/bet',
  moduleId: 'GAME3',
  params,
  body: {
    type: 'object',
    required: ['sessionToken', 'transactionId', 'roundId', 'gameCode', 'amount'],
    additionalProperties: false,
    properties: { sessionToken, transactionId: vendorId, roundId: vendorId, gameCode, amount: amount(1) },
  },
  value: moneyValue,
});

export const providerWinCall = /*#__PURE__*/ defineCall({
  name: 'providerWin',
  method: 'POST',
  path: '/provider/v1/:vassalage/win',
  moduleId: 'GAME3',
  params,
  body: {
    type: 'object',
    required: ['playerId', 'transactionId', 'roundId', 'gameCode', 'amount'],
    additionalProperties: false,
    properties: { playerId, transactionId: vendorId, roundId: vendorId, gameCode, amount: amount(0) },
  },
  value: moneyValue,
});

export const providerRollbackCall = /*#__PURE__*/ defineCall({
  name: 'providerRollback',
  method: 'POST',
  path: '/provider/v1/:vassalage/rollback',
  moduleId: 'GAME3',
  params,
  body: {
    type: 'object',
    required: ['transactionId', 'referenceTransactionId'],
    additionalProperties: false,
    properties: { transactionId: vendorId, referenceTransactionId: vendorId },
  },
  value: {
    type: 'object',
    required: ['balance', 'currency', 'transactionId', 'rolledBack'],
    properties: {
      balance: { type: ['integer', 'null'], description: "the player's balance after it; null when the bet was never seen" },
      currency,
      transactionId: { type: 'string' },
      rolledBack: { type: 'boolean', description: 'false: no such bet was seen (it is refused should it arrive)' },
    },
  },
});

export const providerEndRoundCall = /*#__PURE__*/ defineCall({
  name: 'providerEndRound',
  method: 'POST',
  path: '/provider/v1/:vassalage/endRound',
  moduleId: 'GAME3',
  params,
  body: { type: 'object', required: ['playerId', 'roundId'], additionalProperties: false, properties: { playerId, roundId: vendorId } },
  value: {
    type: 'object',
    required: ['roundId', 'status'],
    properties: { roundId: { type: 'string' }, status: { type: 'string', enum: ['open', 'settled', 'rolled_back'] } },
  },
});

export type ProviderAuthenticateValue = ValueOf<typeof providerAuthenticateCall>;
export type ProviderBalanceValue = ValueOf<typeof providerBalanceCall>;
export type ProviderMoneyValue = ValueOf<typeof providerBetCall>;
export type ProviderRollbackValue = ValueOf<typeof providerRollbackCall>;
export type ProviderEndRoundValue = ValueOf<typeof providerEndRoundCall>;

/** The provider API's actions and their rows. */
export const PROVIDER_CALLS = {
  authenticate: providerAuthenticateCall,
  balance: providerBalanceCall,
  bet: providerBetCall,
  win: providerWinCall,
  rollback: providerRollbackCall,
  endRound: providerEndRoundCall,
} as const;
export type ProviderAction = keyof typeof PROVIDER_CALLS;
