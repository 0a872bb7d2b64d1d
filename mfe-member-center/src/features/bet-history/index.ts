// Bet records (legacy page personalHistoryCopy): the member's lottery bets
// (lottHistory, chaseHistory, vlottHistory) with each order's detail and the cancel of an
// open bet, and the member's own game rounds per category (slots, fishing, live casino, card games,
// sports, in-house games), each with the period's totals.
import { translationsLoaded as lotteryNamesLoaded } from '../lottery-names';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './bet-history-page';
/** The page's strings and the lottery's names, in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, lotteryNamesLoaded]).then(() => undefined);
