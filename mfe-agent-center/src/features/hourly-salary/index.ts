// Hourly Salary (legacy page agentHourSalary): the agent's own hourly salary contract with its upline
// (accept, reject, ask to end), its contracts with direct downline agents (offer tiers, answer,
// end), and the salary paid to it after each hour on its team's betting. Built on ../contracts.
export { default } from './hourly-salary-page';
export { translationsLoaded } from './translations';
