// Team Overview (agentTeamOverview, REFERENCE.md §5.2): the agent's team now, its activity over a
// period in the agent time zone, and a day-by-day chart of it.
export { default } from './team-overview-page';
export { translationsLoaded } from './translations';
