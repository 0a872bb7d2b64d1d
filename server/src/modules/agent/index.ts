// The agent programme (issue 12): the team tree (member_tree), downlines, affiliate links,
// transfers to downlines, real-time salary contracts and the 5-minute wage job.
export { agentRoutes, type AgentRoutesOptions } from './agent.routes';
export { agentMessages } from './agent.messages';
export { linkByCode, type LinkForRegistration } from './links.service';
export { contractFlags } from './contracts.service';
export { paySalaries, type SalaryRunResult } from './salary.service';
export { payRealtimeWages, WAGE_HOUSE_ACCOUNT, type WageRunResult } from './wages.service';
export { RealtimeWageJob, SalaryJob, wageIntervalFromEnv } from './agent.jobs';
export { subordinateIdOf } from './agent-access';
