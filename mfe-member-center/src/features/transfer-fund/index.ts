// My Wallet (transferFund, REFERENCE.md §5.1): the member's wallets, transfers between the main
// wallet and a game wallet, recall all, and the recent transfers.
export { default } from './transfer-fund-page';
export { translationsLoaded } from './translations';
