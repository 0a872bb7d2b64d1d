// The member centre's withdraw page: balance, bound cards and wallets, the payment password, the
// withdrawal form with its charge and confirmation, and the latest withdrawals.
export { WithdrawPage as default } from './withdraw-page';
export { translationsLoaded } from './translations';
