// Bonus Details (legacy page bonusDetails, "odds / rebate table"): each lottery
// game's plays with the prize of one winning ticket and the rebate, for the member's series.
import { translationsLoaded as lotteryNamesLoaded } from '../lottery-names';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './bonus-details-page';
/** The page's strings and the lottery's names, in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, lotteryNamesLoaded]).then(() => undefined);
