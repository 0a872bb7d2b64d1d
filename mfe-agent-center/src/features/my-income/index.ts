// My Income (agentRevenueReport, REFERENCE.md §5.2): what the agent itself was credited over a
// period (rebates, dividends, salaries), in total and per day.
export { default } from './my-income-page';
export { translationsLoaded } from './translations';
