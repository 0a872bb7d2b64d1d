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
