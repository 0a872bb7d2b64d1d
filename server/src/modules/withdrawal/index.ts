// Withdrawals: the payment password, bound cards and wallets, the merchant's withdrawal rules, and
// withdrawal requests held on the ledger until an operator pays or rejects them (the operator API
// calls listWithdrawals / payWithdrawal / rejectWithdrawal; the transfer to upline calls
// verifyPaymentPassword). A member's perks (more withdrawals a day, more free ones, first in the
// review queue) come from outside through WithdrawalPerksOf: app.ts passes the VIP module's.
export { withdrawalRoutes, type WithdrawalRoutesOptions } from './withdrawal.routes';
export { withdrawalMessages } from './withdrawal.messages';
export { PAYMENT_PASSWORD_RULE, verifyPaymentPassword } from './payment-password';
export {
  getWithdrawal,
  holdWithdrawal,
  houseRestMinorOf,
  listWithdrawals,
  orderNoOf,
  payoutMinorOf,
  restChargeMinorOf,
  payWithdrawal,
  rejectWithdrawal,
  type OperatorWithdrawal,
  type SettleInput,
  type SettleResult,
} from './withdrawal.service';
export {
  DEFAULT_WITHDRAW_SETTINGS,
  readWithdrawSettings,
  type WithdrawalPerks,
  type WithdrawalPerksOf,
  type WithdrawSettings,
} from './withdrawal.settings';
// For C2C deposits (modules/c2c): a ledger posting inside the caller's database transaction.
export { maskTail } from './cards.service';
