// User Profit and Loss (palStatementsAgentCopy, REFERENCE.md §5.2): the money of the agent's team
// over a period by kind, and each direct downline's team, one level down at a time.
export { default } from './team-profit-loss-page';
export { translationsLoaded } from './translations';
