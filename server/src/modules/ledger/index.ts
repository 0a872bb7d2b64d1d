// Double-entry money: every balance is the sum of postings (invariants in ledger.service.ts).
export { ledgerRoutes, type LedgerRoutesOptions } from './ledger.routes';
export {
  InsufficientFundsError,
  MINOR_PER_MAJOR,
  ensureHouseAccount,
  ensureMemberAccount,
  grantFreePlay,
  memberBalanceMinor,
  minorToMajor,
  postTransaction,
  type LedgerUnit,
  type PostedTransaction,
  type PostingInput,
  type TransactionInput,
} from './ledger.service';
