// Account Details (legacy page agentDownlineTransactionDetailsCopy): the transaction
// records of a member of the agent's team, chosen from the direct downlines or named at any depth.
export { default } from './account-details-page';
export { translationsLoaded } from './translations';
