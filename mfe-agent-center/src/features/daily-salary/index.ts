// Daily Wages (legacy page agentDailyWages2): the agent's own daily salary contract with its upline
// (accept, reject, ask to end), its contracts with direct downline agents (offer tiers, answer,
// end), and the salary paid to it after each day on its team's betting. Built on ../contracts.
export { default } from './daily-salary-page';
export { translationsLoaded } from './translations';
