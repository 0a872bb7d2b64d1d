// Double-entry money: every balance is the sum of postings (invariants in ledger.service.ts).
export { ledgerRoutes, type LedgerRoutesOptions } from './ledger.routes';
export { BalanceStreams, BALANCE_CHANNEL, type BalanceStreamsOptions } from './balance-stream';
export { PaymentStreams, PAYMENT_CHANNEL, type PaymentStreamsOptions } from './payment-stream';
export { LEDGER_APP_ROLE_RIGHTS } from './ledger.queries';
export {
  IdempotencyConflictError,
  InsufficientFundsError,
  MINOR_PER_MAJOR,
  ensureHouseAccount,
  ensureMemberAccount,
  ensureMemberAccounts,
  ensureMemberPointsAccount,
  grantFreePlay,
  memberBalanceMinor,
  minorToMajor,
  postTransaction,
  postTransactionIn,
  postTransactionsIn,
  creditMembersIn,
  MEMBERS_PER_MOVEMENT,
  type MemberCredit,
  type StakeRefund,
  type LedgerUnit,
  type PostedTransaction,
  type PostingInput,
  type TransactionInput,
} from './ledger.service';
export {
  LedgerReconciliationError,
  assertLedgerReconciled,
  reconcile,
  type ReconciliationProblem,
  type ReconciliationReport,
} from './ledger.reconcile';
export { ledgerMessages } from './ledger.messages';
export { recordsMessages } from './records.messages';
export { recordsRoutes, type RecordsRoutesOptions } from './records.routes';
export { ensureGameAccount } from './ledger.queries';
export {
  DEFAULT_WALLET_SETTINGS,
  idempotencyKeyOf,
  readWalletSettings,
  recallAllToMain,
  transferAmountMinor,
  transferBetweenWallets,
  walletBalances,
  type WalletSettings,
} from './wallet.service';
