// Deposit (legacy page depositv2): the merchant's channels as tabs, a manual bank transfer
// with its receiving account and receipt, online payments through the provider's page or QR code,
// and the member's deposits in progress.
export { default } from './deposit-page';
export { translationsLoaded } from './translations';
