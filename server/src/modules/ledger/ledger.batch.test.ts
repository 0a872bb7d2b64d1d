import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { createMember } from '../member/member.testing';
import { reconcile } from './ledger.reconcile';
import {
  ensureHouseAccount,
  ensureMemberAccounts,
  IdempotencyConflictError,
  InsufficientFundsError,
  memberBalanceMinor,
  postTransactionsIn,
  type TransactionInput,
} from './ledger.service';

// postTransactionsIn: many movements in one statement inside the caller's transaction (a lottery
// round's prizes), with each movement's guarantees: a key moves money once, a repeated key with
// the same payload is a replay and with another payload a conflict, a member is never below zero,
// and everything commits or rolls back with the caller.

let database: TestDatabase;
let merchantId: number;
const NOW = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

const credit = (key: string, house: number, wallet: number, amountMinor: number): TransactionInput => ({
  merchantId,
  idempotencyKey: key,
  kind: 'win',
  unit: 'REAL',
  postings: [
    { accountId: wallet, amountMinor },
    { accountId: house, amountMinor: -amountMinor },
  ],
  nowMs: NOW,
});

it('posts a batch once, replays it, refuses a changed payload, and rolls back with the caller', async () => {
  const members = await Promise.all([1, 2, 3].map((index) => createMember(database.appPool, merchantId, { username: `batch${index}`, nowMs: NOW })));
  const house = await ensureHouseAccount(database.appPool, merchantId, 'house_lottery', NOW);
  const wallets = await withTransaction(database.appPool, (client) => ensureMemberAccounts(client, merchantId, members, 'REAL', NOW));
  expect([...wallets.keys()].sort()).toEqual([...members].sort());
  const batch = members.map((memberId, index) => credit(`batch:${index}`, house, wallets.get(memberId)!, 100 * (index + 1)));

  const first = await withTransaction(database.appPool, (client) => postTransactionsIn(client, batch));
  expect(first.map((posted) => posted.replayed)).toEqual([false, false, false]);
  const again = await withTransaction(database.appPool, (client) => postTransactionsIn(client, batch));
  expect(again).toEqual(first.map((posted) => ({ ...posted, replayed: true })));
  expect(await Promise.all(members.map((memberId) => memberBalanceMinor(database.appPool, merchantId, memberId)))).toEqual([100, 200, 300]);

  await expect(withTransaction(database.appPool, (client) => postTransactionsIn(client, [credit('batch:0', house, wallets.get(members[0])!, 999)]))).rejects.toBeInstanceOf(
    IdempotencyConflictError,
  );
  // A member taken below zero refuses the whole batch, the movements before it in the batch too.
  await expect(
    withTransaction(database.appPool, async (client) => {
      await postTransactionsIn(client, [credit('batch:new', house, wallets.get(members[1])!, 50), credit('batch:short', wallets.get(members[2])!, house, 10_000)]);
    }),
  ).rejects.toBeInstanceOf(InsufficientFundsError);
  expect(await Promise.all(members.map((memberId) => memberBalanceMinor(database.appPool, merchantId, memberId)))).toEqual([100, 200, 300]);
  expect((await database.appPool.query("SELECT 1 FROM ledger_transaction WHERE idempotency_key IN ('batch:new', 'batch:short')")).rowCount).toBe(0);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

it('refuses a batch with a repeated key or movements of two units before writing anything', async () => {
  const house = await ensureHouseAccount(database.appPool, merchantId, 'house_lottery', NOW);
  const [memberId] = await Promise.all([createMember(database.appPool, merchantId, { username: 'batchtwice', nowMs: NOW })]);
  const wallets = await withTransaction(database.appPool, (client) => ensureMemberAccounts(client, merchantId, [memberId], 'REAL', NOW));
  const movement = credit('twice', house, wallets.get(memberId)!, 10);
  await expect(withTransaction(database.appPool, (client) => postTransactionsIn(client, [movement, movement]))).rejects.toThrow('appears twice');
  await expect(withTransaction(database.appPool, (client) => postTransactionsIn(client, [movement, { ...movement, idempotencyKey: 'other', unit: 'PLAY' }]))).rejects.toThrow(
    'one merchant and one unit',
  );
  expect(await memberBalanceMinor(database.appPool, merchantId, memberId)).toBe(0);
});

it('refuses a batch that dips a member below zero between its movements though it ends above, and writes each posting its balance after', async () => {
  // The batch moves balances set-based (migration 095): the end balance alone would pass the
  // account's CHECK, so the dip must be caught on the way. A member with 300 spends 500 and then
  // wins 500 in one batch: ends at 300, but was at −200 in between.
  const house = await ensureHouseAccount(database.appPool, merchantId, 'house_lottery', NOW);
  const memberId = await createMember(database.appPool, merchantId, { username: 'batchdip', nowMs: NOW });
  const wallet = (await withTransaction(database.appPool, (client) => ensureMemberAccounts(client, merchantId, [memberId], 'REAL', NOW))).get(memberId)!;
  await withTransaction(database.appPool, (client) => postTransactionsIn(client, [credit('dip:fund', house, wallet, 300)]));
  await expect(
    withTransaction(database.appPool, (client) => postTransactionsIn(client, [credit('dip:spend', wallet, house, 500), credit('dip:win', house, wallet, 500)])),
  ).rejects.toBeInstanceOf(InsufficientFundsError);
  expect(await memberBalanceMinor(database.appPool, merchantId, memberId)).toBe(300);
  expect((await database.appPool.query("SELECT 1 FROM ledger_transaction WHERE idempotency_key LIKE 'dip:s%' OR idempotency_key = 'dip:win'")).rowCount).toBe(0);

  // Win first, then spend: never below zero. Each posting's balance after, in id order: 300 → 800 → 300.
  await withTransaction(database.appPool, (client) => postTransactionsIn(client, [credit('dip:win2', house, wallet, 500), credit('dip:spend2', wallet, house, 500)]));
  const history = await database.appPool.query<{ amount: string; after: string }>(
    'SELECT amount_minor AS amount, balance_after_minor AS after FROM ledger_posting WHERE account_id = $1 ORDER BY id',
    [wallet],
  );
  expect(history.rows).toEqual([
    { amount: '300', after: '300' },
    { amount: '500', after: '800' },
    { amount: '-500', after: '300' },
  ]);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

it('lets the application insert a posting only through the trigger that moves its balance: never with a balance-after of its own', async () => {
  // A posting that arrives with its balance-after moves no balance (ledger_insert_postings moved
  // it already), so the application's role must not be able to write that column.
  const outcome = await database.appPool
    .query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor) SELECT id, 1, 1, 1 FROM ledger_transaction LIMIT 1')
    .then(
      () => 'done',
      (error: { code?: string }) => error.code,
    );
  expect(outcome).toBe('42501');
});

it('moves the balance of an owner\'s posting that carries a placeholder balance-after: only the batch function\'s own postings are taken as moved', async () => {
  // A repair script or a test may insert postings as the owner with balance_after_minor = 0 for
  // the trigger to overwrite. The trigger trusts a balance-after only while
  // ledger_insert_postings has its transaction-local setting on, so these still move.
  const house = await ensureHouseAccount(database.appPool, merchantId, 'house_lottery', NOW);
  const memberId = await createMember(database.appPool, merchantId, { username: 'ownerpost', nowMs: NOW });
  const wallet = (await withTransaction(database.appPool, (client) => ensureMemberAccounts(client, merchantId, [memberId], 'REAL', NOW))).get(memberId)!;
  const insertAsOwner = (key: string) =>
    withTransaction(database.pool, async (client) => {
      await client.query(
        `WITH t AS (
           INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at)
           VALUES ($1, $2, 'operator_credit', 'REAL', now()) RETURNING id
         )
         INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor)
         SELECT t.id, p.account_id, p.amount_minor, 0
           FROM t, (VALUES ($3::bigint, 700::bigint), ($4::bigint, -700::bigint)) AS p (account_id, amount_minor)
          ORDER BY p.account_id`,
        [merchantId, key, wallet, house],
      );
    });
  await insertAsOwner('owner:placeholder');
  expect(await memberBalanceMinor(database.appPool, merchantId, memberId)).toBe(700);
  // The application's role may set the setting (any role may), but it cannot write a balance-after.
  await expect(
    withTransaction(database.appPool, async (client) => {
      await client.query("SELECT set_config('ledger.postings_moved', 'on', true)");
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor) SELECT id, $1, 1, 1 FROM ledger_transaction LIMIT 1', [wallet]);
    }),
  ).rejects.toMatchObject({ code: '42501' });
  const history = await database.appPool.query<{ after: string }>('SELECT balance_after_minor AS after FROM ledger_posting WHERE account_id = $1 ORDER BY id', [wallet]);
  expect(history.rows).toEqual([{ after: '700' }]);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});
