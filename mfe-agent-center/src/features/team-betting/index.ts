// Team Betting (legacy agent-centre page personalHistoryCopy): the lottery bets of
// the agent's whole downline, or of one downline's team (subordinateName), with the member centre's
// bet-record columns (legacy lottHistory / vlottHistory) and a Username column first.
import { translationsLoaded as scopeStringsLoaded } from '../team-scope/translations';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './team-betting-page';
/** The page's strings (lottery names included) and the team scope's (with its downline picker's), in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, scopeStringsLoaded]).then(() => undefined);
