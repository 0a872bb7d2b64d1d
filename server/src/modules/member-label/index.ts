// Member labels: the operator's marks on members (migration 066). A promotion's audience may name
// them; the `shown` ones appear in the member's own info beside the VIP badge.
export { memberLabelOperatorRoutes } from './member-label.operator-routes';
export { memberLabelMessages } from './member-label.messages';
export { shownLabelsOf, labelIdsByName, labelNamesById } from './member-label.service';
