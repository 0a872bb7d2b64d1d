// Bonus / Dividend (agentDividendRecord2; legacy page agentDividendRecordCopy(2)): the
// agent's own dividend contract with its upline (cycle, tiers; accept, reject, ask to end), its
// contracts with direct downline agents (offer tiers on its own cycle, answer, end), and the
// dividend paid to it after each period on its team's net loss. Built on ../contracts.
export { default } from './dividend-page';
export { translationsLoaded } from './translations';
