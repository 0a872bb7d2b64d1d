// Team Management (legacy page downlineManagmentView): an agent's direct agents and direct
// players with their team figures, and what the agent may do to each: promote a player to agent,
// note a remark, block or unblock, transfer money to it.
export { default } from './downline-management-page';
export { translationsLoaded } from './translations';
