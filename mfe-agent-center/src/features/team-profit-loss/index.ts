// User Profit and Loss (legacy page palStatementsAgentCopy): the money of the agent's team
// over a period by kind, and each direct downline's team, one level down at a time.
import { translationsLoaded as periodStringsLoaded } from '../agent-period/translations';
import { translationsLoaded as pageStringsLoaded } from './translations';

export { default } from './team-profit-loss-page';
/** The page's strings and the period tabs', in the language in use. */
export const translationsLoaded: Promise<void> = Promise.all([pageStringsLoaded, periodStringsLoaded]).then(() => undefined);
