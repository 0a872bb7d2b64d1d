import { withTransaction } from '../../db/transaction';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { createMember } from '../member/member.testing';
import { assertLedgerReconciled } from './ledger.reconcile';
import { movement } from './ledger.testing';
import {
  ensureHouseAccount,
  ensureMemberAccount,
  IdempotencyConflictError,
  InsufficientFundsError,
  memberBalanceMinor,
  postTransaction,
  postTransactionIn,
} from './ledger.service';

// A money movement is one statement sent without BEGIN / COMMIT (postTransaction) or inside a
// caller's transaction (postTransactionIn), and the database's balance check is migration 032's:
// what a caller (or an attacker with the app role's SQL) sees must be what it was with a
// transaction around several statements.

let context: TestContext;
const NOW = Date.UTC(2025, 0, 1);
let houseCash: number;
let playHouse: number;

beforeAll(async () => {
  context = await createTestApp();
  houseCash = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
  playHouse = await ensureHouseAccount(context.pool, context.merchantId, 'house_play_money', NOW);
});

afterAll(async () => {
  await context.close();
});

let keyCounter = 0;
const nextKey = () => `statement:${++keyCounter}`;

async function funded(username: string, amountMinor: number): Promise<{ memberId: number; account: number }> {
  const memberId = await createMember(context.pool, context.merchantId, { username });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  if (amountMinor > 0) await postTransaction(context.pool, movement(context.merchantId, nextKey(), { from: houseCash, to: account, amountMinor, nowMs: NOW }));
  return { memberId, account };
}

const transactionsUnder = async (key: string): Promise<number> =>
  Number((await context.pool.query<{ n: string }>('SELECT count(*) AS n FROM ledger_transaction WHERE idempotency_key = $1', [key])).rows[0].n);

it('refuses the whole transaction when one posting names a wrong account, though the others balance without it', async () => {
  const a = await funded('stmt01', 1_000);
  const b = await funded('stmt02', 0);
  const key = nextKey();
  // a → b balances on its own; so does the PLAY account's pair with house_cash: dropping the
  // wrong posting (or its pair) would record a balanced transaction with a part of what was asked.
  const attempt = postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: key,
    kind: 'test_mixed',
    unit: 'REAL',
    postings: [
      { accountId: a.account, amountMinor: -300 },
      { accountId: b.account, amountMinor: 300 },
      { accountId: playHouse, amountMinor: -50 },
      { accountId: houseCash, amountMinor: 50 },
    ],
    nowMs: NOW,
  });
  await expect(attempt).rejects.toThrow(`Account ${playHouse} holds PLAY, not REAL`);
  await expect(
    postTransaction(context.pool, movement(context.merchantId, nextKey(), { from: a.account, to: 987_654_321, amountMinor: 5, nowMs: NOW })),
  ).rejects.toThrow(/another merchant or none/);
  expect(await transactionsUnder(key)).toBe(0);
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(1_000);
  expect(await memberBalanceMinor(context.pool, context.merchantId, b.memberId)).toBe(0);
  // The key was not used up: the right payload moves the money, once.
  const right = movement(context.merchantId, key, { from: a.account, to: b.account, amountMinor: 300, nowMs: NOW });
  expect(await postTransaction(context.pool, right)).toMatchObject({ replayed: false });
  expect(await postTransaction(context.pool, right)).toMatchObject({ replayed: true });
  expect(await memberBalanceMinor(context.pool, context.merchantId, b.memberId)).toBe(300);
  await assertLedgerReconciled(context.pool);
});

it('posts inside a caller’s transaction: committed with it, rolled back with it, replayed in it', async () => {
  const a = await funded('stmt03', 1_000);
  const committedKey = nextKey();
  const pay = (key: string, amountMinor: number) => movement(context.merchantId, key, { from: a.account, to: houseCash, amountMinor, nowMs: NOW });
  await withTransaction(context.pool, async (client) => {
    const posted = await postTransactionIn(client, pay(committedKey, 100));
    expect(posted.replayed).toBe(false);
    // Inside the caller's transaction the same key replays and another payload is refused; the
    // transaction stays usable after both.
    expect(await postTransactionIn(client, pay(committedKey, 100))).toEqual({ transactionId: posted.transactionId, replayed: true });
    await expect(postTransactionIn(client, pay(committedKey, 101))).rejects.toBeInstanceOf(IdempotencyConflictError);
    // Not visible outside before the caller commits.
    expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(1_000);
  });
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(900);

  const rolledBackKey = nextKey();
  await expect(
    withTransaction(context.pool, async (client) => {
      await postTransactionIn(client, pay(rolledBackKey, 200));
      throw new Error('the caller fails after the posting');
    }),
  ).rejects.toThrow('the caller fails after the posting');
  expect(await transactionsUnder(rolledBackKey)).toBe(0);
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(900);
  await assertLedgerReconciled(context.pool);
});

it('refuses inside a caller’s transaction too: a debit beyond the balance or a wrong account moves nothing', async () => {
  const a = await funded('stmt04', 500);
  const key = nextKey();
  await expect(
    withTransaction(context.pool, (client) =>
      postTransactionIn(client, movement(context.merchantId, key, { from: a.account, to: houseCash, amountMinor: 501, nowMs: NOW })),
    ),
  ).rejects.toBeInstanceOf(InsufficientFundsError);
  await expect(
    withTransaction(context.pool, (client) =>
      postTransactionIn(client, movement(context.merchantId, key, { from: playHouse, to: a.account, amountMinor: 5, nowMs: NOW })),
    ),
  ).rejects.toThrow(/names an account that is not merchant/);
  expect(await transactionsUnder(key)).toBe(0);
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(500);
});

it('checks a transaction’s sum and unit at commit however its postings were inserted (by hand, as the app role)', async () => {
  const a = await funded('stmt05', 1_000);
  const b = await funded('stmt05b', 0);
  const byHand = (postings: [number, number][]) =>
    withTransaction(context.pool, async (client) => {
      const transaction = await client.query<{ id: string }>(
        "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, $2, 'raw', 'REAL', now()) RETURNING id",
        [context.merchantId, nextKey()],
      );
      // One statement per posting: only the whole transaction balances.
      for (const [accountId, amountMinor] of postings) {
        await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, $3)', [transaction.rows[0].id, accountId, amountMinor]);
      }
    });
  await expect(byHand([[a.account, -100], [houseCash, 99]])).rejects.toThrow(/does not balance \(sum -1\)/);
  await expect(byHand([[a.account, -100], [playHouse, 100]])).rejects.toThrow(/mixes play money and real money/);
  await byHand([[a.account, -100], [b.account, 60], [houseCash, 40]]);
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(900);
  expect(await memberBalanceMinor(context.pool, context.merchantId, b.memberId)).toBe(60);
  await assertLedgerReconciled(context.pool);
});

it('adds up the whole transaction at its last posting, even when an earlier part was checked on its own (constraints set immediate)', async () => {
  const a = await funded('stmt07', 1_000);
  const b = await funded('stmt07b', 0);
  // The check runs once per transaction, when its last posting's trigger fires (migration 092).
  // Checked immediately, a balanced first pair passes; a posting added after it is the last one
  // then, and its firing adds up all three.
  const late = (accountId: number, amountMinor: number) =>
    withTransaction(context.pool, async (client) => {
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      const transaction = await client.query<{ id: string }>(
        "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, $2, 'raw', 'REAL', now()) RETURNING id",
        [context.merchantId, nextKey()],
      );
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, -100), ($1, $3, 100)', [transaction.rows[0].id, a.account, houseCash]);
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, $3)', [transaction.rows[0].id, accountId, amountMinor]);
    });
  await expect(late(b.account, 30)).rejects.toThrow(/does not balance \(sum 30\)/);
  await expect(late(a.account, -30)).rejects.toThrow(/does not balance \(sum -30\)/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(1_000);
  expect(await memberBalanceMinor(context.pool, context.merchantId, b.memberId)).toBe(0);
  await assertLedgerReconciled(context.pool);
});

it('is not fooled by a temporary table standing in for the postings', async () => {
  const a = await funded('stmt06', 1_000);
  const client = await context.pool.connect();
  try {
    // An empty temporary ledger_posting comes first in the app role's search path for tables: a
    // check reading it would find nothing to add up, and let any posting through (migration 005's
    // did). Without the right to make temporary tables there is nothing to stand in.
    const temporary = await client.query('CREATE TEMPORARY TABLE ledger_posting (transaction_id bigint, account_id bigint, amount_minor bigint)').then(
      () => true,
      () => false,
    );
    await client.query('BEGIN');
    const outcome = await (async () => {
      const transaction = await client.query<{ id: string }>(
        "INSERT INTO public.ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, $2, 'raw', 'REAL', now()) RETURNING id",
        [context.merchantId, nextKey()],
      );
      await client.query('INSERT INTO public.ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, 700)', [transaction.rows[0].id, a.account]);
      await client.query('COMMIT');
      return 'committed';
    })().catch(async (error: Error) => {
      await client.query('ROLLBACK');
      return error.message;
    });
    expect({ temporary, outcome }).toEqual({ temporary, outcome: expect.stringMatching(/does not balance \(sum 700\)/) });
  } finally {
    await client.query('DISCARD TEMP').catch(() => undefined);
    client.release();
  }
  expect(await memberBalanceMinor(context.pool, context.merchantId, a.memberId)).toBe(1_000);
  await assertLedgerReconciled(context.pool);
});
