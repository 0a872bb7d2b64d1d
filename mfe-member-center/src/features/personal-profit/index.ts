// Profit and loss (personalProfit, REFERENCE.md §5.1): the member's deposits, withdrawals, bets,
// wins, rebates and promotions per day, with the period's totals.
export { default } from './personal-profit-page';
export { translationsLoaded } from './translations';
