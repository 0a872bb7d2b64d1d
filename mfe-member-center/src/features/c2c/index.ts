// Player-to-player (C2C) deposits (with the withdrawal confirmation): the depositor's panel
// (a tab of the deposit page) and the withdrawer's confirmations (a section of the withdraw page).
export { C2CConfirmations, C2CDepositTab } from './lazy-panels';
export type { C2CDepositPanelProps } from './c2c-deposit-panel';
export type { C2CConfirmationPanelProps } from './c2c-confirmation-panel';
export { NAMESPACE, translationsLoaded } from './translations';
