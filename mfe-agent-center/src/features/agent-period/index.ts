// The periods of the agent centre's reports (My Income, Team Overview, User Profit and Loss): days
// of the merchant's agent time zone (GMT+8 until an answer names another, then asked again in it),
// the period tabs with the note of the zone, and their strings (acAgentPeriod; a page's
// translationsLoaded awaits them).
export { agentPeriodRange, DEFAULT_AGENT_UTC_OFFSET_MINUTES, gmtLabel } from './agent-period';
export { AgentPeriodTabs, type AgentPeriodTabsProps, type AgentPeriodTabsState } from './agent-period-tabs';
export { translationsLoaded } from './translations';
export { useAgentPeriodCall, useAgentZone, useAnsweredZone, type AgentPeriodCall, type AgentZone } from './use-agent-zone';
