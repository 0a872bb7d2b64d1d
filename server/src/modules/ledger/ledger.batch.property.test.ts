import fc from 'fast-check';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { reconcile } from './ledger.reconcile';
import { ensureHouseAccount, ensureMemberAccounts, InsufficientFundsError, postTransactionIn, postTransactionsIn, type TransactionInput } from './ledger.service';

// A batch of movements (postTransactionsIn: one statement, balances moved set-based by
// ledger_insert_postings, migration 095) is the same as the same movements posted one by one
// (postTransactionIn: each posting's balance moved by the row trigger of migration 015), on a
// real PostgreSQL: over random starting balances and random movements between members and the
// house, with amounts that take a member below zero now and then, both refuse the same histories,
// and the ones they accept leave the same balances and the same balance after every posting, in
// id order. Each history runs twice, on two sets of fresh members that mirror each other.

let database: TestDatabase;
let merchantId: number;
let house: number;
let runs = 0;
const NOW = Date.UTC(2026, 0, 1);
const MEMBERS = 4;

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
  house = await ensureHouseAccount(database.appPool, merchantId, 'house_lottery', NOW);
});

afterAll(async () => {
  await database.drop();
});

/** A movement: from the house to a member (amount > 0) or back (< 0), or from one member to another. */
type Movement = { kind: 'house'; member: number; amount: number } | { kind: 'transfer'; from: number; to: number; amount: number };

const movement: fc.Arbitrary<Movement> = fc.oneof(
  fc.record({ kind: fc.constant('house' as const), member: fc.integer({ min: 0, max: MEMBERS - 1 }), amount: fc.integer({ min: -600, max: 600 }).filter((amount) => amount !== 0) }),
  fc
    .record({ kind: fc.constant('transfer' as const), from: fc.integer({ min: 0, max: MEMBERS - 1 }), to: fc.integer({ min: 0, max: MEMBERS - 1 }), amount: fc.integer({ min: 1, max: 600 }) })
    .filter((transfer) => transfer.from !== transfer.to),
);

/** A fresh set of members' wallets, funded with `balances`. */
async function wallets(tag: string, balances: readonly number[]): Promise<number[]> {
  const members = (
    await database.pool.query<{ id: string }>(
      `INSERT INTO member (merchant_id, username, password_hash, password_changed_at, created_at)
       SELECT $1, $2 || g, 'not-a-hash', now(), now() FROM generate_series(1, ${MEMBERS}) g ORDER BY g RETURNING id`,
      [merchantId, tag],
    )
  ).rows.map((row) => Number(row.id));
  const byMember = await withTransaction(database.appPool, (client) => ensureMemberAccounts(client, merchantId, members, 'REAL', NOW));
  const accounts = members.map((memberId) => byMember.get(memberId)!);
  const funding = accounts.flatMap((account, index) => (balances[index] > 0 ? [inputOf(`${tag}:fund:${index}`, [{ accountId: account, amountMinor: balances[index] }, { accountId: house, amountMinor: -balances[index] }])] : []));
  if (funding.length > 0) await withTransaction(database.appPool, (client) => postTransactionsIn(client, funding));
  return accounts;
}

function inputOf(key: string, postings: TransactionInput['postings']): TransactionInput {
  return { merchantId, idempotencyKey: key, kind: 'transfer', unit: 'REAL', postings, nowMs: NOW };
}

function inputsOf(tag: string, accounts: readonly number[], movements: readonly Movement[]): TransactionInput[] {
  return movements.map((move, index) =>
    move.kind === 'house'
      ? inputOf(`${tag}:${index}`, [{ accountId: accounts[move.member], amountMinor: move.amount }, { accountId: house, amountMinor: -move.amount }])
      : inputOf(`${tag}:${index}`, [{ accountId: accounts[move.from], amountMinor: -move.amount }, { accountId: accounts[move.to], amountMinor: move.amount }]),
  );
}

/** Accepted, or refused for a member below zero; anything else fails the test. */
async function outcomeOf(post: () => Promise<unknown>): Promise<'accepted' | 'refused'> {
  try {
    await post();
    return 'accepted';
  } catch (error) {
    if (error instanceof InsufficientFundsError) return 'refused';
    throw error;
  }
}

/** Each wallet's balance and its postings' (amount, balance after) in id order. */
async function historyOf(accounts: readonly number[]): Promise<{ balance: string; postings: string[] }[]> {
  return Promise.all(
    accounts.map(async (account) => ({
      balance: (await database.pool.query<{ balance: string }>('SELECT balance_minor AS balance FROM ledger_account WHERE id = $1', [account])).rows[0].balance,
      postings: (
        await database.pool.query<{ entry: string }>("SELECT amount_minor || ' → ' || balance_after_minor AS entry FROM ledger_posting WHERE account_id = $1 ORDER BY id", [account])
      ).rows.map((row) => row.entry),
    })),
  );
}

it('posts a batch exactly as the same movements one by one: the same refusals, balances and balances after', async () => {
  let accepted = 0;
  let refused = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 800 }), { minLength: MEMBERS, maxLength: MEMBERS }), fc.array(movement, { minLength: 1, maxLength: 12 }), async (balances, movements) => {
      runs += 1;
      const batchAccounts = await wallets(`pb${runs}a`, balances);
      const oneByOneAccounts = await wallets(`pb${runs}b`, balances);
      const batch = await outcomeOf(() => withTransaction(database.appPool, (client) => postTransactionsIn(client, inputsOf(`pb${runs}a`, batchAccounts, movements))));
      const oneByOne = await outcomeOf(() =>
        withTransaction(database.appPool, async (client) => {
          // The batch writes every posting in account id order, then transaction order: one by
          // one, each account meets its postings in the same order (the movements' order).
          for (const input of inputsOf(`pb${runs}b`, oneByOneAccounts, movements)) await postTransactionIn(client, input);
        }),
      );
      expect(batch).toBe(oneByOne);
      if (batch === 'accepted') accepted += 1;
      else refused += 1;
      expect(await historyOf(batchAccounts)).toEqual(await historyOf(oneByOneAccounts));
    }),
    { numRuns: Number(process.env.LEDGER_BATCH_PROPERTY_RUNS ?? 100) },
  );
  // Not vacuous: both outcomes were met.
  expect(accepted).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});
