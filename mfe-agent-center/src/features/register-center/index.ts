// Register Centre (legacy page registerCenter): an agent opens accounts for its downline
// (agent or player, with a rebate setting no higher than its own) and manages invitation links,
// with the members who registered through them.
export { default } from './register-center-page';
export { translationsLoaded } from './translations';
