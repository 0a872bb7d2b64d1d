// Profit and loss (the legacy page personalProfit; server module profit/): the member's
// money per day, computed from the ledger. A day is the merchant's calendar day (its time zone);
// dates are 'YYYY-MM-DD' both ways. Amounts are major units with at most two decimals.
import { defineCall, type QueryOf, type ValueOf } from './define-call';
import { pagedListSchemaOf } from './envelope';
import { GAME_CATEGORY_CODES } from './game-categories';

/** The longest period one request may span: 31 days, startDate and endDate included. */
export const PROFIT_MAX_DAYS = 31;
/** Rows (days) per page when the request names none, and the most a page may hold. */
export const PROFIT_DEFAULT_PAGE_SIZE = 10;
export const PROFIT_MAX_PAGE_SIZE = 31;

const DATE_PATTERN = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';

const amount = (description: string) => ({ type: 'number', description: `${description}; major units` }) as const;

/** The money columns of a day, and of the footer's totals. */
const amounts = {
  deposit: amount('deposits credited'),
  withdraw: amount('withdrawals paid out (a pending or rejected withdrawal counts nothing)'),
  betAmount: amount('stakes of the game rounds started that day (rolled-back rounds count nothing), less bets refunded'),
  validBetAmount: amount('the part of the stakes that counts as turnover (the rounds’ valid stakes)'),
  winAmount: amount('wins paid by those rounds'),
  rebate: amount('betting rebates'),
  promotion: amount('bonuses and promotions'),
  totalInvitationAmount: amount('invitation (referral) rewards'),
  profitAndLoss: amount('the game result: winAmount + rebate + promotion − betAmount'),
} as const;
const AMOUNT_KEYS = ['deposit', 'withdraw', 'betAmount', 'validBetAmount', 'winAmount', 'rebate', 'promotion', 'totalInvitationAmount', 'profitAndLoss'] as const;

export const memberProfitCall = /*#__PURE__*/ defineCall({
  name: 'memberProfit',
  method: 'GET',
  path: '/wps/relay/ODSFE2_MemPNLDet',
  moduleId: 'WALLET3',
  token: true,
  query: {
    type: 'object',
    required: ['startDate', 'endDate'],
    properties: {
      startDate: { type: 'string', pattern: DATE_PATTERN, description: 'YYYY-MM-DD, the first day (the merchant’s calendar)' },
      endDate: {
        type: 'string',
        pattern: DATE_PATTERN,
        description: `YYYY-MM-DD, the last day, included; at most ${PROFIT_MAX_DAYS} days from startDate (profit.period.invalid otherwise)`,
      },
      gameCategory: {
        type: 'string',
        enum: GAME_CATEGORY_CODES,
        description: 'narrows betAmount, validBetAmount and winAmount to the game rounds of one category; the other columns stay whole',
      },
      page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
      size: { type: 'integer', minimum: 1, maximum: PROFIT_MAX_PAGE_SIZE, default: PROFIT_DEFAULT_PAGE_SIZE },
    },
  },
  value: pagedListSchemaOf(
    {
      type: 'object',
      required: ['balanceDate', ...AMOUNT_KEYS],
      additionalProperties: false,
      properties: { balanceDate: { type: 'string', description: 'YYYY-MM-DD, the merchant’s day' }, ...amounts },
    },
    {
      type: 'object',
      required: AMOUNT_KEYS,
      additionalProperties: false,
      properties: amounts,
    },
  ),
});

export type MemberProfitQuery = QueryOf<typeof memberProfitCall>;
export type MemberProfit = ValueOf<typeof memberProfitCall>;
export type MemberProfitDay = MemberProfit['list'][number];
export type MemberProfitTotals = NonNullable<MemberProfit['footer']>;
