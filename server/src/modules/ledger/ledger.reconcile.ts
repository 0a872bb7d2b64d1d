import type pg from 'pg';

// Reconciliation: proof, from the rows alone, that the ledger's invariants hold. Every account's
// balance equals the sum of its postings, and each posting's recorded balance-after equals the
// running sum of the account's postings up to it; every transaction has at least two postings,
// summing to zero, on accounts of its own merchant and unit; so every merchant's balances per unit
// sum to zero. Tests call it after they move money (assertLedgerReconciled); an operator may run
// it at any time: it reads one consistent snapshot and changes nothing.

export type ReconciliationProblem =
  | { kind: 'balance_differs_from_postings'; accountId: number; balanceMinor: number; postedMinor: number }
  | { kind: 'balance_after_differs_from_running_sum'; postingId: number; accountId: number; balanceAfterMinor: number; runningMinor: number }
  | { kind: 'transaction_unbalanced'; transactionId: number; sumMinor: number }
  | { kind: 'transaction_has_too_few_postings'; transactionId: number; postings: number }
  | { kind: 'transaction_touches_another_merchant'; transactionId: number }
  | { kind: 'transaction_mixes_units'; transactionId: number }
  | { kind: 'merchant_total_not_zero'; merchantId: number; unit: string; totalMinor: number };

export interface ReconciliationReport {
  accounts: number;
  transactions: number;
  postings: number;
  /** Empty when the ledger reconciles. */
  problems: ReconciliationProblem[];
}

const num = (value: string | number): number => Number(value);

/** Checks the whole ledger (every merchant) in one REPEATABLE READ, read-only transaction. */
export async function reconcile(pool: pg.Pool): Promise<ReconciliationReport> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const problems: ReconciliationProblem[] = [];

    const counts = await client.query<{ accounts: string; transactions: string; postings: string }>(
      `SELECT (SELECT count(*) FROM ledger_account) AS accounts,
              (SELECT count(*) FROM ledger_transaction) AS transactions,
              (SELECT count(*) FROM ledger_posting) AS postings`,
    );

    const balances = await client.query<{ id: string; balance_minor: string; posted_minor: string }>(
      `SELECT a.id, a.balance_minor, COALESCE(sum(p.amount_minor), 0) AS posted_minor
         FROM ledger_account a LEFT JOIN ledger_posting p ON p.account_id = a.id
        GROUP BY a.id
       HAVING a.balance_minor <> COALESCE(sum(p.amount_minor), 0)
        ORDER BY a.id`,
    );
    for (const row of balances.rows) {
      problems.push({ kind: 'balance_differs_from_postings', accountId: num(row.id), balanceMinor: num(row.balance_minor), postedMinor: num(row.posted_minor) });
    }

    const running = await client.query<{ id: string; account_id: string; balance_after_minor: string; running_minor: string }>(
      `SELECT id, account_id, balance_after_minor, running_minor
         FROM (SELECT p.id, p.account_id, p.balance_after_minor,
                      sum(p.amount_minor) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running_minor
                 FROM ledger_posting p) chain
        WHERE balance_after_minor <> running_minor
        ORDER BY id`,
    );
    for (const row of running.rows) {
      problems.push({
        kind: 'balance_after_differs_from_running_sum',
        postingId: num(row.id),
        accountId: num(row.account_id),
        balanceAfterMinor: num(row.balance_after_minor),
        runningMinor: num(row.running_minor),
      });
    }

    const transactions = await client.query<{ id: string; sum_minor: string; postings: string; foreign_account: boolean; mixed_unit: boolean }>(
      `SELECT t.id, COALESCE(sum(p.amount_minor), 0) AS sum_minor, count(p.id) AS postings,
              COALESCE(bool_or(a.merchant_id <> t.merchant_id), false) AS foreign_account,
              COALESCE(bool_or(a.unit <> t.unit), false) AS mixed_unit
         FROM ledger_transaction t
         LEFT JOIN ledger_posting p ON p.transaction_id = t.id
         LEFT JOIN ledger_account a ON a.id = p.account_id
        GROUP BY t.id
       HAVING COALESCE(sum(p.amount_minor), 0) <> 0 OR count(p.id) < 2
           OR bool_or(a.merchant_id <> t.merchant_id) OR bool_or(a.unit <> t.unit)
        ORDER BY t.id`,
    );
    for (const row of transactions.rows) {
      const transactionId = num(row.id);
      if (num(row.sum_minor) !== 0) problems.push({ kind: 'transaction_unbalanced', transactionId, sumMinor: num(row.sum_minor) });
      if (num(row.postings) < 2) problems.push({ kind: 'transaction_has_too_few_postings', transactionId, postings: num(row.postings) });
      if (row.foreign_account) problems.push({ kind: 'transaction_touches_another_merchant', transactionId });
      if (row.mixed_unit) problems.push({ kind: 'transaction_mixes_units', transactionId });
    }

    const totals = await client.query<{ merchant_id: number; unit: string; total_minor: string }>(
      `SELECT merchant_id, unit, sum(balance_minor) AS total_minor
         FROM ledger_account GROUP BY merchant_id, unit
       HAVING sum(balance_minor) <> 0
        ORDER BY merchant_id, unit`,
    );
    for (const row of totals.rows) {
      problems.push({ kind: 'merchant_total_not_zero', merchantId: row.merchant_id, unit: row.unit, totalMinor: num(row.total_minor) });
    }

    await client.query('COMMIT');
    return {
      accounts: num(counts.rows[0].accounts),
      transactions: num(counts.rows[0].transactions),
      postings: num(counts.rows[0].postings),
      problems,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The ledger does not reconcile; `report` says where. */
export class LedgerReconciliationError extends Error {
  constructor(readonly report: ReconciliationReport) {
    super(`The ledger does not reconcile: ${JSON.stringify(report.problems.slice(0, 10))}${report.problems.length > 10 ? ` and ${report.problems.length - 10} more` : ''}`);
    this.name = 'LedgerReconciliationError';
  }
}

/** Reconciles and throws LedgerReconciliationError on any problem (tests call it after moving money). */
export async function assertLedgerReconciled(pool: pg.Pool): Promise<ReconciliationReport> {
  const report = await reconcile(pool);
  if (report.problems.length) throw new LedgerReconciliationError(report);
  return report;
}
