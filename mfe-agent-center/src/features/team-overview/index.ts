// Team Overview (legacy page agentTeamOverview): the agent's team now — or the team of one
// member of its downline (subordinateName) — its activity over a period in the agent time zone, and
// a day-by-day chart of it.
import { translationsLoaded as periodStringsLoaded } from '../agent-period/translations';
import { translationsLoaded as scopeStringsLoaded } from '../team-scope/translations';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './team-overview-page';
/** The page's strings, the period tabs' and the team scope's (with its downline picker's), in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, periodStringsLoaded, scopeStringsLoaded]).then(() => undefined);
