// Account Record (transactionHistory, REFERENCE.md §5.1): transaction, deposit and withdrawal logs.
export { default } from './transaction-history-page';
export { translationsLoaded } from './translations';
