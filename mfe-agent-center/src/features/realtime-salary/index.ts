// Real-time Salary (legacy page agentRealtimeSalary): the agent's own contract with
// its upline (accept, reject, ask to end), its contracts with direct downline agents (offer one,
// answer, end), and the wages paid to it every 5 minutes from settled lottery rounds.
export { default } from './realtime-salary-page';
export { translationsLoaded } from './translations';
