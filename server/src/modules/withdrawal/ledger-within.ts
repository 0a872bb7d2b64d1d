import type pg from 'pg';
import { postTransaction, type PostedTransaction, type TransactionInput } from '../ledger';

// A withdrawal's row and its money must never disagree: a pending row whose amount was not held,
// or a hold (or payment, or refund) without the status that says so, would lose or create money
// for somebody after a crash between the two. So the ledger transaction is posted inside the
// database transaction that writes the row (and holds its locks), through the ledger's own
// postTransaction, the one writer of balances: it is handed a pool whose only connection is the
// caller's, where its BEGIN / COMMIT / ROLLBACK become a savepoint, its release / rollback to it.
// Everything the ledger guarantees still holds (postings in account id order, the balance CHECK,
// the idempotency key, the database's triggers); the posting commits with the caller's
// transaction or not at all. A deadlock or serialization failure is not retried inside (the
// caller's locks are still held): it ends the caller's transaction, which withTransaction retries
// from the start.

const SAVEPOINT = 'ledger_post';

const TRANSLATED: Readonly<Record<string, string>> = {
  BEGIN: `SAVEPOINT ${SAVEPOINT}`,
  COMMIT: `RELEASE SAVEPOINT ${SAVEPOINT}`,
  ROLLBACK: `ROLLBACK TO SAVEPOINT ${SAVEPOINT}`,
};

function poolOver(client: pg.PoolClient): pg.Pool {
  const connection = {
    query: (text: unknown, values?: unknown) => {
      if (typeof text === 'string') {
        const control = TRANSLATED[text.trim().toUpperCase()];
        if (control) return client.query(control);
        if (/^\s*(BEGIN|START|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(text)) {
          throw new Error(`postWithin cannot translate the ledger's transaction statement "${text}"`);
        }
      }
      return (client.query as (text: unknown, values?: unknown) => Promise<unknown>)(text, values);
    },
    // The caller's connection is the caller's to release.
    release: () => undefined,
  };
  return { connect: async () => connection } as unknown as pg.Pool;
}

/** postTransaction inside the caller's open database transaction on `client` (see above). */
export function postWithin(client: pg.PoolClient, input: TransactionInput): Promise<PostedTransaction> {
  return postTransaction(poolOver(client), input, { maxAttempts: 1 });
}
