// Profit and loss (legacy page personalProfit): the member's deposits, withdrawals, bets,
// wins, rebates and promotions per day, with the period's totals.
export { default } from './personal-profit-page';
export { translationsLoaded } from './translations';
