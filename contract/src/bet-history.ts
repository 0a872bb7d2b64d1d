// Bet records (the legacy member-centre BetHistory = personalHistoryCopy › rngHistory /
// fishHistory / liveHistory / pvpHistory / sportsHistory, and inhouseHistory for the in-house games;
// server module bet-history/): the member's own game rounds of one category, one row per round
// (game_round of migration 030), newest first, with the period's totals. Real money only: trial
// play is never a bet record. Amounts are major units with at most two decimals.
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';

/** The categories with a bet records tab, each its own call (`getPersonal<CATEGORY>History`). */
export const BET_HISTORY_CATEGORIES = ['RNG', 'FISH', 'LIVE', 'PVP', 'SPORTS', 'INHOUSE'] as const;
export type BetHistoryCategory = (typeof BET_HISTORY_CATEGORIES)[number];

/** The longest period one request may span: 31 days (startDate to endDate, epoch ms), so a whole month fits. */
export const BET_HISTORY_MAX_RANGE_MS = 31 * 24 * 60 * 60 * 1000;
/** Rows per page when the request names none, and the most a page may hold. */
export const BET_HISTORY_DEFAULT_PAGE_SIZE = 10;
export const BET_HISTORY_MAX_PAGE_SIZE = 100;

/** A round's state: bets taken and not yet settled, settled (won or lost). Rolled-back rounds are not records. */
export const BET_RECORD_STATUSES = ['open', 'settled'] as const;
export type BetRecordStatus = (typeof BET_RECORD_STATUSES)[number];

const amount = (description: string) => ({ type: 'number', description: `${description}; major units` }) as const;

const amounts = {
  betAmount: amount('the stake of the round (all its bets)'),
  validBetAmount: amount('the part of the stake that counts as turnover'),
  winAmount: amount('paid to the member by the round (0 for a loss)'),
  profitAndLoss: amount('winAmount − betAmount: positive when the member won'),
} as const;
const AMOUNT_KEYS = ['betAmount', 'validBetAmount', 'winAmount', 'profitAndLoss'] as const;

const historyQuery = {
  type: 'object',
  required: ['startDate', 'endDate'],
  properties: {
    language: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'language of gameName; the Language header when absent' },
    startDate: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms, first millisecond of the period (the member’s day start)' },
    endDate: {
      type: 'integer',
      minimum: 0,
      maximum: 8640000000000000,
      description: 'epoch ms, last millisecond of the period; at most 31 days after startDate (bet.history.period.invalid otherwise)',
    },
    accountType: {
      type: 'string',
      maxLength: 40,
      pattern: '^[A-Za-z0-9_]*$',
      description: "a game vendor's code (vassalage): only that vendor's rounds; every vendor of the category when absent or empty",
    },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    size: { type: 'integer', minimum: 1, maximum: BET_HISTORY_MAX_PAGE_SIZE, default: BET_HISTORY_DEFAULT_PAGE_SIZE },
  },
} as const;

const historyValue = pagedListSchemaOf(
  {
    type: 'object',
    required: ['roundId', 'betTimeInTimestamp', 'gameName', 'gameCode', 'vassalage', 'status', ...AMOUNT_KEYS],
    additionalProperties: false,
    properties: {
      roundId: { type: 'string', description: 'the round as its game shows it (the vendor’s round id)' },
      betTimeInTimestamp: { type: 'integer', description: 'epoch ms: when the round started (its first bet)' },
      gameName: { type: 'string', description: 'the game’s name in the caller’s language' },
      gameCode: { type: 'string' },
      vassalage: { type: 'string', description: 'the game vendor’s code' },
      status: { type: 'string', enum: BET_RECORD_STATUSES },
      ...amounts,
    },
  },
  {
    type: 'object',
    required: AMOUNT_KEYS,
    additionalProperties: false,
    properties: amounts,
  },
);

function historyCall<const Category extends BetHistoryCategory>(category: Category) {
  return {
    name: `personal${category}History`,
    method: 'GET',
    path: `/wps/relay/getPersonal${category}History`,
    moduleId: 'GAME3',
    token: true,
    query: historyQuery,
    value: historyValue,
  } as const;
}

export const personalRngHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('RNG'));
export const personalFishHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('FISH'));
export const personalLiveHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('LIVE'));
export const personalPvpHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('PVP'));
export const personalSportsHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('SPORTS'));
export const personalInhouseHistoryCall = /*#__PURE__*/ defineCall(/*#__PURE__*/ historyCall('INHOUSE'));

/** The call of each category's tab. */
export const BET_HISTORY_CALLS = {
  RNG: personalRngHistoryCall,
  FISH: personalFishHistoryCall,
  LIVE: personalLiveHistoryCall,
  PVP: personalPvpHistoryCall,
  SPORTS: personalSportsHistoryCall,
  INHOUSE: personalInhouseHistoryCall,
} as const;

export type BetHistoryCall = (typeof BET_HISTORY_CALLS)[BetHistoryCategory];
export type BetHistoryQuery = QueryOf<typeof personalRngHistoryCall>;
export type BetHistory = ValueOf<typeof personalRngHistoryCall>;
export type BetRecord = BetHistory['list'][number];
export type BetHistoryTotals = NonNullable<BetHistory['footer']>;
