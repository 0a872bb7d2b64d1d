// Bet records (personalHistoryCopy, REFERENCE.md §5.1 BetHistory): the member's own game rounds per
// category (slots, fishing, live casino, card games, sports, in-house games), with the period's totals.
export { default } from './bet-history-page';
export { translationsLoaded } from './translations';
