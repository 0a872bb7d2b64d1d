// My Income (legacy page agentRevenueReport): what the agent itself was credited over a
// period (rebates, dividends, salaries), in total and per day.
import { translationsLoaded as periodStringsLoaded } from '../agent-period/translations';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './my-income-page';
/** The page's strings and the period tabs', in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, periodStringsLoaded]).then(() => undefined);
