// The withdrawal wagering requirement (turnover): a running balance per member, moved by the
// ledger's movements as they are posted (the ledger calls recordWagering), read by withdrawals.
export { countsForWagering, recordWagering, wageringStateOf, type StakeRefund, type WageringMovement, type WageringState } from './wagering.service';
export { DEFAULT_WAGERING_SETTINGS, readWageringSettings, WAGERING_PRODUCTS, type WageringProduct, type WageringSettings } from './wagering.settings';
export { WAGERING_APP_ROLE_RIGHTS } from './wagering.queries';
