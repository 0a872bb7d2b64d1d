import { postTransactionIn } from '../ledger/ledger.service';

// A withdrawal's row and its money must never disagree: a pending row whose amount was not held,
// or a hold (or payment, or refund) without the status that says so, would lose or create money
// for somebody after a crash between the two. So the ledger transaction is posted inside the
// database transaction that writes the row (and holds its locks), by the ledger's own
// postTransactionIn (the one writer of balances, in the caller's transaction): everything the
// ledger guarantees still holds (postings in account id order, the balance CHECK, the idempotency
// key, the database's triggers); the posting commits with the caller's transaction or not at all.
// A refusal or a deadlock ends the caller's transaction, which withTransaction retries from the
// start after a deadlock or a serialization failure.

/** postTransaction inside the caller's open database transaction on `client` (see above). */
export const postWithin = postTransactionIn;
