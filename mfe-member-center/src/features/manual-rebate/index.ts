// Manual Rebate (manualRebate): a closed day's betting rebate per product category, claimed by
// the member when the merchant lets members claim it (rebate mode manual).
export { default } from './manual-rebate-page';
export { translationsLoaded } from './translations';
