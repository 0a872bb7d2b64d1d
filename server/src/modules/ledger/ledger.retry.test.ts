import type pg from 'pg';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { createMember } from '../member/member.testing';
import { assertLedgerReconciled } from './ledger.reconcile';
import { movement } from './ledger.testing';
import { ensureHouseAccount, ensureMemberAccount, postTransaction, type TransactionInput } from './ledger.service';

// postTransaction retries a transaction PostgreSQL aborts for a deadlock (40P01): the test makes a
// real one. Another connection (an operator's, as the owner) locks the credited account, the
// posting locks the debited one and waits; the operator then asks for the debited account: a cycle,
// which PostgreSQL breaks by aborting the posting (its deadlock timer started first). The retry
// runs after the operator's commit and moves the money, once.

let context: TestContext;
const NOW = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

async function waitForLockWait(ownerPool: pg.Pool, pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const waiting = await ownerPool.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> $1 AND datname = current_database()",
      [pid],
    );
    if (Number(waiting.rows[0].n) > 0) return;
    if (Date.now() > deadline) throw new Error('the posting never waited for the lock');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Runs `input` through postTransaction with a deadlock made against it; resolves to its outcome. */
async function postIntoDeadlock(input: TransactionInput, maxAttempts: number, retries: string[]): Promise<unknown> {
  const [first, second] = [...input.postings].sort((a, b) => a.accountId - b.accountId);
  const operator = await context.ownerPool.connect();
  try {
    await operator.query('BEGIN');
    // The operator's own deadlock timer is long: PostgreSQL must pick the posting as the victim.
    await operator.query("SET LOCAL deadlock_timeout = '30s'");
    const pid = (await operator.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    await operator.query('SELECT 1 FROM ledger_account WHERE id = $1 FOR UPDATE', [second.accountId]);
    const outcome = postTransaction(context.pool, input, { maxAttempts, baseDelayMs: 5, onRetry: (_attempt, code) => retries.push(code) }).then(
      (posted) => posted,
      (error: unknown) => error,
    );
    await waitForLockWait(context.ownerPool, pid);
    // The posting holds `first` (its insert moved that balance) and waits for `second`.
    await operator.query('SELECT 1 FROM ledger_account WHERE id = $1 FOR UPDATE', [first.accountId]);
    await operator.query('COMMIT');
    return await outcome;
  } finally {
    operator.release();
  }
}

const balanceOf = async (accountId: number): Promise<number> =>
  Number((await context.pool.query<{ balance_minor: string }>('SELECT balance_minor FROM ledger_account WHERE id = $1', [accountId])).rows[0].balance_minor);

it('retries a transaction aborted by a deadlock, and the money moves once', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'retry01' });
  // The member's account is created before the house account here: the member's id is lower, so
  // the posting locks it first and then waits for the house account the operator holds.
  const memberAccount = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const houseCash = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
  expect(memberAccount).toBeLessThan(houseCash);
  const deposit = (key: string): TransactionInput => movement(context.merchantId, key, { from: houseCash, to: memberAccount, amountMinor: 700, nowMs: NOW });

  // Without retries the deadlock reaches the caller, and nothing moved.
  const noRetries: string[] = [];
  const refused = await postIntoDeadlock(deposit('retry:1'), 1, noRetries);
  expect(refused).toMatchObject({ code: '40P01' });
  expect(noRetries).toEqual([]);
  expect(await balanceOf(memberAccount)).toBe(0);

  // With them, the same deadlock is retried and the deposit lands once.
  const retries: string[] = [];
  const posted = await postIntoDeadlock(deposit('retry:2'), 6, retries);
  expect(posted).toMatchObject({ replayed: false });
  expect(retries).toEqual(['40P01']);
  expect(await balanceOf(memberAccount)).toBe(700);
  const transactions = await context.pool.query<{ n: string }>("SELECT count(*) AS n FROM ledger_transaction WHERE idempotency_key LIKE 'retry:%'");
  expect(Number(transactions.rows[0].n)).toBe(1);
  await assertLedgerReconciled(context.pool);
});
