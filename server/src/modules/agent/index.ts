// The agent programme: the team tree (member_tree), downlines, affiliate links,
// transfers to downlines, contracts (real-time, daily, hourly salary, dividend) and their jobs,
// agent rebates, reports, agent announcements and the affiliate application.
export { agentRoutes, type AgentRoutesOptions } from './agent.routes';
export { agentMessages } from './agent.messages';
export { linkByCode, type LinkForRegistration } from './links.service';
export { contractFlags } from './contracts.service';
export { paySalaries, type SalaryRunResult } from './salary.service';
export { payRealtimeWages, WAGE_HOUSE_ACCOUNT, type WageRunResult } from './wages.service';
export { createRealtimeWageJob, createSalaryJob, wageIntervalFromEnv } from './agent.jobs';
export { subordinateIdOf, teamBettingHeadOf } from './agent-access';
export { agentOperatorRoutes } from './agent.operator-routes';
export { payDividends, type DividendRunResult } from './dividend.service';
