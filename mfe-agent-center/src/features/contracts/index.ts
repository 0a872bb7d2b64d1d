// What the contract pages (real-time, daily and hourly salary) share: the page with its tabs, the
// contract card and its confirmed actions, the offer's frame, the records of a period, rates in
// 0.01 % units, and the daily and hourly salary page itself (tiers, offer, records). Strings in the
// acContracts namespace (translations.ts; a page's translationsLoaded awaits it).
export type { ContractAction, ContractBase, ContractsOf } from './contract-actions';
export { ContractsPage, type ContractsPageProps, type ContractsPageTexts, type OfferRenderProps } from './contracts-page';
export { OfferDialog, useOfferSending, type OfferDialogProps, type OfferSending } from './offer-dialog';
export { PeriodRecords, type PeriodRecordsLoader, type PeriodRecordsProps } from './period-records';
export { parseRatePercent, ratePercentText } from './rate-percent';
export { SalaryContractsPage, type SalaryContractsPageProps } from './salary-contracts-page';
