// Account Record (legacy page transactionHistory): transaction, deposit and withdrawal logs.
export { default } from './transaction-history-page';
export { translationsLoaded } from './translations';
