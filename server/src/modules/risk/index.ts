// The risk desk's reports (operator API, /ops/v1/risk): large wins, addresses and devices shared by
// accounts, bonus-only players, agents cut off above who still run below, the lottery's liability.
export { riskOperatorRoutes } from './risk.operator-routes';
