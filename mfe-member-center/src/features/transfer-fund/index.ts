// My Wallet (legacy page transferFund): the member's wallets, transfers between the main
// wallet and a game wallet, recall all, and the recent transfers.
export { default } from './transfer-fund-page';
export { translationsLoaded } from './translations';
