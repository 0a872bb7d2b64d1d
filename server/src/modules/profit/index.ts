// Profit and loss: the member's deposits, withdrawals, bets, wins, rebates and promotions
// per day of the merchant's calendar, computed from the ledger (the table of kinds: profit.service.ts).
export { profitRoutes, type ProfitRoutesOptions } from './profit.routes';
export { profitMessages } from './profit.messages';
export { memberProfit, PROFIT_KINDS } from './profit.service';
