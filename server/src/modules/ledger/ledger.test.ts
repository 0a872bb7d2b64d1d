import type { Envelope, WalletBalance } from '@platform/shared/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { withTransaction } from '../../db/transaction';
import { ensureHouseAccount, ensureMemberAccount, grantFreePlay, InsufficientFundsError, memberBalanceMinor, minorToMajor, postTransaction } from './ledger.service';

// The ledger's invariants (migrations/005_accounts.sql), including under concurrency.

let context: TestContext;
const NOW = Date.UTC(2025, 0, 1);
let houseCash: number;

beforeAll(async () => {
  context = await createTestApp();
  houseCash = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
});

afterAll(async () => {
  await context.close();
});

let keyCounter = 0;
const nextKey = () => `test:${++keyCounter}`;

async function fund(memberId: number, amountMinor: number): Promise<number> {
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: nextKey(),
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: houseCash, amountMinor: -amountMinor },
      { accountId: account, amountMinor },
    ],
    nowMs: NOW,
  });
  return account;
}

async function totalOfMerchant(): Promise<number> {
  const result = await context.pool.query<{ total: string }>('SELECT COALESCE(sum(balance_minor), 0) AS total FROM ledger_account WHERE merchant_id = $1', [
    context.merchantId,
  ]);
  return Number(result.rows[0].total);
}

it('moves money between accounts and records the balance after each posting', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger01' });
  const account = await fund(memberId, 123_456);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(123_456);
  const postings = await context.pool.query<{ amount_minor: string; balance_after_minor: string }>(
    'SELECT amount_minor, balance_after_minor FROM ledger_posting WHERE account_id = $1',
    [account],
  );
  expect(postings.rows).toEqual([{ amount_minor: '123456', balance_after_minor: '123456' }]);
  expect(await totalOfMerchant()).toBe(0);
});

it('moves money once per idempotency key', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger02' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const transaction = {
    merchantId: context.merchantId,
    idempotencyKey: 'deposit:ledger02:1',
    kind: 'test_deposit',
    unit: 'REAL' as const,
    postings: [
      { accountId: houseCash, amountMinor: -500 },
      { accountId: account, amountMinor: 500 },
    ],
    nowMs: NOW,
  };
  const results = await Promise.all(Array.from({ length: 5 }, () => postTransaction(context.pool, transaction)));
  expect(results.filter((result) => !result.replayed)).toHaveLength(1);
  expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(500);
});

it('never takes a member below zero, even with 20 debits racing', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger03' });
  const account = await fund(memberId, 1_000);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 20 }, () =>
      postTransaction(context.pool, {
        merchantId: context.merchantId,
        idempotencyKey: nextKey(),
        kind: 'test_withdrawal',
        unit: 'REAL',
        postings: [
          { accountId: account, amountMinor: -100 },
          { accountId: houseCash, amountMinor: 100 },
        ],
        nowMs: NOW,
      }),
    ),
  );
  expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
  }
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
  // The refused ones left no transaction behind.
  const recorded = await context.pool.query("SELECT 1 FROM ledger_transaction WHERE kind = 'test_withdrawal'");
  expect(recorded.rowCount).toBe(10);
  expect(await totalOfMerchant()).toBe(0);
});

it('refuses unbalanced, zero, duplicate-account and mixed-unit transactions before touching anything', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger04' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const playHouse = await ensureHouseAccount(context.pool, context.merchantId, 'house_play_money', NOW);
  const attempt = (postings: { accountId: number; amountMinor: number }[], unit: 'REAL' | 'PLAY' = 'REAL') =>
    postTransaction(context.pool, { merchantId: context.merchantId, idempotencyKey: nextKey(), kind: 'test_bad', unit, postings, nowMs: NOW });
  await expect(attempt([{ accountId: houseCash, amountMinor: -5 }, { accountId: account, amountMinor: 4 }])).rejects.toThrow(/does not balance/);
  await expect(attempt([{ accountId: houseCash, amountMinor: 0 }, { accountId: account, amountMinor: 0 }])).rejects.toThrow(/non-zero/);
  await expect(attempt([{ accountId: account, amountMinor: -5 }, { accountId: account, amountMinor: 5 }])).rejects.toThrow(/twice/);
  await expect(attempt([{ accountId: playHouse, amountMinor: -5 }, { accountId: account, amountMinor: 5 }])).rejects.toThrow(/holds/);
  await expect(attempt([{ accountId: houseCash, amountMinor: 0.5 }, { accountId: account, amountMinor: -0.5 }])).rejects.toThrow(/integers/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
});

it('is guarded by the database too: unbalanced postings fail at commit, postings never change', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger05' });
  const account = await fund(memberId, 300);
  await expect(
    withTransaction(context.pool, async (client) => {
      const transaction = await client.query<{ id: string }>(
        "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, 'raw:1', 'raw', 'REAL', now()) RETURNING id",
        [context.merchantId],
      );
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor) VALUES ($1, $2, 7, 7)', [
        transaction.rows[0].id,
        account,
      ]);
    }),
  ).rejects.toThrow(/does not balance/);
  await expect(context.pool.query('UPDATE ledger_posting SET amount_minor = 1 WHERE account_id = $1', [account])).rejects.toThrow(/append-only/);
  await expect(context.pool.query('DELETE FROM ledger_posting WHERE account_id = $1', [account])).rejects.toThrow(/append-only/);
  await expect(context.pool.query('UPDATE ledger_account SET balance_minor = -1 WHERE id = $1', [account])).rejects.toThrow(/check constraint/);
});

it('grants free-play money once per guest', async () => {
  const guestId = await createMember(context.pool, context.merchantId, { username: 'guestledger', memberType: 4 });
  await grantFreePlay(context.pool, context.merchantId, guestId, 200_000, NOW);
  await grantFreePlay(context.pool, context.merchantId, guestId, 200_000, NOW);
  expect(await memberBalanceMinor(context.pool, context.merchantId, guestId)).toBe(200_000);
});

it('answers GET /wps/v2/wallets/balance in major units', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger06', password: 'ledger66' });
  await fund(memberId, 123_405);
  const token = await tokenFor(context.app, 'ledger06', 'ledger66');
  const response = await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance', headers: { authorization: token } });
  expect(json<Envelope<WalletBalance>>(response).value).toEqual({ sumBalance: 1234.05 });
  expect((await context.app.inject({ method: 'GET', url: '/wps/v2/wallets/balance' })).statusCode).toBe(401);
  expect(minorToMajor(1)).toBe(0.01);
});
