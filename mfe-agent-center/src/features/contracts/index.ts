// What the contract pages (real-time, daily and hourly salary, dividend) share: the page with its
// tabs, the contract card and its confirmed actions, the offer's frame, the tiered terms (their
// table and offer, on team betting or net loss), the records of a period, rates in 0.01 % units,
// and the daily and hourly salary page itself. Strings in the acContracts namespace
// (translations.ts; a page's translationsLoaded awaits it).
export type { ContractAction, ContractBase, ContractsOf } from './contract-actions';
export { ContractsPage, type ContractsPageProps, type ContractsPageTexts, type OfferRenderProps } from './contracts-page';
export { OfferDialog, useOfferSending, type OfferDialogProps, type OfferForm, type OfferSending } from './offer-dialog';
export { OfferTiersDialog, type OfferTiersDialogProps } from './offer-tiers-dialog';
export { PeriodRecords, type PeriodRecordsLoader, type PeriodRecordsProps } from './period-records';
export { parseRatePercent, ratePercentText } from './rate-percent';
export { SalaryContractsPage, type SalaryContractsPageProps } from './salary-contracts-page';
export type { Tier, TierAmountField, TierTerms } from './salary-tiers';
export { SelectField, type SelectFieldProps } from './select-field';
export { TierTable, type TierTableProps } from './tier-table';
