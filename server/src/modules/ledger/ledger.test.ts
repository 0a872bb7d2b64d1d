import type { Envelope, WalletBalance } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { withTransaction } from '../../db/transaction';
import { assertLedgerReconciled, LedgerReconciliationError, reconcile } from './ledger.reconcile';
import {
  ensureHouseAccount,
  ensureMemberAccount,
  grantFreePlay,
  IdempotencyConflictError,
  InsufficientFundsError,
  memberBalanceMinor,
  minorToMajor,
  postTransaction,
  type TransactionInput,
} from './ledger.service';

// The ledger's invariants (migrations/005_accounts.sql, 015_ledger_defence.sql), including under
// concurrency, as the app role the site runs as (context.pool); context.ownerPool is the owner's.

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

it('refuses a reused idempotency key with another payload, and still replays the same payload', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger09' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const otherMemberId = await createMember(context.pool, context.merchantId, { username: 'ledger10' });
  const otherAccount = await ensureMemberAccount(context.pool, context.merchantId, otherMemberId, 'REAL', NOW);
  const first: TransactionInput = {
    merchantId: context.merchantId,
    idempotencyKey: 'deposit:ledger09:1',
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: houseCash, amountMinor: -500 },
      { accountId: account, amountMinor: 500 },
    ],
    nowMs: NOW,
  };
  const posted = await postTransaction(context.pool, first);
  expect(posted.replayed).toBe(false);

  const others: TransactionInput[] = [
    // Another amount, other accounts, another kind.
    { ...first, postings: [{ accountId: houseCash, amountMinor: -5_000 }, { accountId: account, amountMinor: 5_000 }] },
    { ...first, postings: [{ accountId: houseCash, amountMinor: -500 }, { accountId: otherAccount, amountMinor: 500 }] },
    { ...first, kind: 'test_bonus' },
    { ...first, postings: [{ accountId: account, amountMinor: -500 }, { accountId: houseCash, amountMinor: 500 }] },
  ];
  for (const other of others) {
    const refusal = postTransaction(context.pool, other);
    await expect(refusal).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expect(refusal).rejects.toMatchObject({ idempotencyKey: 'deposit:ledger09:1', transactionId: posted.transactionId });
  }
  // The same payload, its postings in another order and at a later time, is the same request.
  const replay = await postTransaction(context.pool, { ...first, postings: [...first.postings].reverse(), nowMs: NOW + 60_000 });
  expect(replay).toEqual({ transactionId: posted.transactionId, replayed: true });
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(500);
  expect(await memberBalanceMinor(context.pool, context.merchantId, otherMemberId)).toBe(0);
});

it('lets exactly one payload win when requests race under one key with different payloads', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger11' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  let expectedBalance = 0;
  for (let round = 0; round < 8; round++) {
    const payload = (amountMinor: number): TransactionInput => ({
      merchantId: context.merchantId,
      idempotencyKey: `race:ledger11:${round}`,
      kind: 'test_deposit',
      unit: 'REAL',
      postings: [
        { accountId: houseCash, amountMinor: -amountMinor },
        { accountId: account, amountMinor },
      ],
      nowMs: NOW,
    });
    const amounts = [100, 7, 100, 7, 100, 7];
    const outcomes = await Promise.allSettled(amounts.map((amount) => postTransaction(context.pool, payload(amount))));
    const fulfilled = outcomes.flatMap((outcome, index) => (outcome.status === 'fulfilled' ? [{ amount: amounts[index], ...outcome.value }] : []));
    // Every request of the winning payload got the one transaction; every other one was refused.
    const winner = fulfilled[0].amount;
    expect(fulfilled.map((result) => result.amount)).toEqual([winner, winner, winner]);
    expect(fulfilled.filter((result) => !result.replayed)).toHaveLength(1);
    expect(new Set(fulfilled.map((result) => result.transactionId)).size).toBe(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(IdempotencyConflictError);
    }
    expectedBalance += winner;
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(expectedBalance);
  }
  await assertLedgerReconciled(context.pool);
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
  await assertLedgerReconciled(context.pool);
});

it('keeps every balance equal to its postings with transfers racing between members', async () => {
  const accounts: number[] = [];
  for (let index = 0; index < 5; index++) {
    const memberId = await createMember(context.pool, context.merchantId, { username: `ledgerrace${index}` });
    accounts.push(await fund(memberId, 1_000));
  }
  let seed = 7;
  const random = (below: number): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % below;
  };
  const transfers = Array.from({ length: 60 }, () => {
    const from = accounts[random(accounts.length)];
    const to = random(4) === 0 ? houseCash : accounts[random(accounts.length)];
    return { from, to: to === from ? houseCash : to, amountMinor: 1 + random(400) };
  });
  const outcomes = await Promise.allSettled(
    transfers.map((transfer) =>
      postTransaction(context.pool, {
        merchantId: context.merchantId,
        idempotencyKey: nextKey(),
        kind: 'test_transfer',
        unit: 'REAL',
        postings: [
          { accountId: transfer.from, amountMinor: -transfer.amountMinor },
          { accountId: transfer.to, amountMinor: transfer.amountMinor },
        ],
        nowMs: NOW,
      }),
    ),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(InsufficientFundsError);
  }
  expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
  const report = await assertLedgerReconciled(context.pool);
  expect(report.problems).toEqual([]);
  expect(report.postings).toBeGreaterThan(2 * 60 / 2);
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

it('is guarded by the database too: unbalanced postings fail at commit', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger05' });
  const account = await fund(memberId, 300);
  await expect(
    withTransaction(context.pool, async (client) => {
      const transaction = await client.query<{ id: string }>(
        "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, 'raw:1', 'raw', 'REAL', now()) RETURNING id",
        [context.merchantId],
      );
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, 7)', [transaction.rows[0].id, account]);
    }),
  ).rejects.toThrow(/does not balance/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(300);
});

it('moves a balance only by a posting, which the database applies however it is inserted', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger07' });
  const account = await fund(memberId, 300);
  // A balanced pair inserted by hand (the app role may insert rows): the trigger moves both
  // balances and writes each balance-after, whatever the statement would have liked.
  await withTransaction(context.pool, async (client) => {
    const transaction = await client.query<{ id: string }>(
      "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, 'raw:2', 'raw', 'REAL', now()) RETURNING id",
      [context.merchantId],
    );
    for (const [accountId, amount] of [[account, -120], [houseCash, 120]]) {
      await client.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, $3)', [transaction.rows[0].id, accountId, amount]);
    }
  });
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(180);
  const last = await context.pool.query<{ balance_after_minor: string }>(
    'SELECT balance_after_minor FROM ledger_posting WHERE account_id = $1 ORDER BY id DESC LIMIT 1',
    [account],
  );
  expect(last.rows[0].balance_after_minor).toBe('180');
  await assertLedgerReconciled(context.pool);
});

it('runs as a role that cannot change ledger rows or the schema that guards them', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'ledger08' });
  const account = await fund(memberId, 300);
  const refused = [
    ['UPDATE ledger_posting SET amount_minor = 1 WHERE account_id = $1', [account]],
    ['DELETE FROM ledger_posting WHERE account_id = $1', [account]],
    ["UPDATE ledger_transaction SET kind = 'other' WHERE merchant_id = $1", [context.merchantId]],
    ['DELETE FROM ledger_transaction WHERE merchant_id = $1', [context.merchantId]],
    ['UPDATE ledger_account SET balance_minor = balance_minor + 1000 WHERE id = $1', [account]],
    ['DELETE FROM ledger_account WHERE id = $1', [account]],
    // A new account starting with money, a posting with a made-up balance-after.
    ["INSERT INTO ledger_account (merchant_id, member_id, kind, unit, balance_minor, created_at) VALUES ($1, NULL, 'house_cash', 'REAL', 1000, now())", [context.merchantId]],
    ['INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor) SELECT id, $1, 1, 99 FROM ledger_transaction LIMIT 1', [account]],
    ['DROP TRIGGER ledger_posting_no_change ON ledger_posting', []],
    ['ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_no_change', []],
    ['ALTER TABLE ledger_account DROP CONSTRAINT ledger_account_check1', []],
    ['TRUNCATE ledger_posting', []],
    ['DROP FUNCTION ledger_posting_apply() CASCADE', []],
    ['CREATE TABLE ledger_shadow (id bigint)', []],
  ] as const;
  for (const [sql, params] of refused) {
    const outcome = await context.pool.query(sql, [...params]).then(
      () => 'done',
      (error: { code?: string }) => error.code,
    );
    // 42501: insufficient_privilege ("permission denied", "must be owner").
    expect({ sql, outcome }).toEqual({ sql, outcome: '42501' });
  }
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(300);
  // The owner is refused by the triggers: history is append-only for everyone.
  await expect(context.ownerPool.query('UPDATE ledger_posting SET amount_minor = 1 WHERE account_id = $1', [account])).rejects.toThrow(/append-only/);
  await expect(context.ownerPool.query('DELETE FROM ledger_transaction WHERE merchant_id = $1', [context.merchantId])).rejects.toThrow(/append-only/);
  await expect(context.ownerPool.query('UPDATE ledger_account SET balance_minor = -1 WHERE id = $1', [account])).rejects.toThrow(/check constraint/);
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

it('reconciles everything the tests above did', async () => {
  const report = await reconcile(context.pool);
  expect(report.problems).toEqual([]);
  expect(report.transactions).toBeGreaterThan(20);
  expect(report.accounts).toBeGreaterThan(10);
});

describe('reconciliation', () => {
  let tampered: TestContext;
  let memberAccount: number;
  let house: number;

  beforeAll(async () => {
    tampered = await createTestApp();
    house = await ensureHouseAccount(tampered.pool, tampered.merchantId, 'house_cash', NOW);
    const memberId = await createMember(tampered.pool, tampered.merchantId, { username: 'tampered01' });
    memberAccount = await ensureMemberAccount(tampered.pool, tampered.merchantId, memberId, 'REAL', NOW);
    for (let index = 0; index < 3; index++) {
      await postTransaction(tampered.pool, {
        merchantId: tampered.merchantId,
        idempotencyKey: `tampered:${index}`,
        kind: 'test_deposit',
        unit: 'REAL',
        postings: [
          { accountId: house, amountMinor: -100 },
          { accountId: memberAccount, amountMinor: 100 },
        ],
        nowMs: NOW,
      });
    }
  });

  afterAll(async () => {
    await tampered.close();
  });

  it('finds a balance changed behind the ledger’s back (by the owner: the app role cannot)', async () => {
    expect((await assertLedgerReconciled(tampered.pool)).postings).toBe(6);
    await tampered.ownerPool.query('UPDATE ledger_account SET balance_minor = balance_minor + 1 WHERE id = $1', [memberAccount]);
    const report = await reconcile(tampered.pool);
    expect(report.problems).toEqual([
      { kind: 'balance_differs_from_postings', accountId: memberAccount, balanceMinor: 301, postedMinor: 300 },
      { kind: 'merchant_total_not_zero', merchantId: tampered.merchantId, unit: 'REAL', totalMinor: 1 },
    ]);
    await expect(assertLedgerReconciled(tampered.pool)).rejects.toBeInstanceOf(LedgerReconciliationError);
    await tampered.ownerPool.query('UPDATE ledger_account SET balance_minor = balance_minor - 1 WHERE id = $1', [memberAccount]);
    expect((await reconcile(tampered.pool)).problems).toEqual([]);
  });

  it('finds a rewritten posting and a transaction that does not balance (with the owner’s triggers off)', async () => {
    const owner = tampered.ownerPool;
    await owner.query('ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_no_change');
    const rewritten = await owner.query<{ id: string }>(
      'UPDATE ledger_posting SET balance_after_minor = 250 WHERE id = (SELECT min(id) FROM ledger_posting WHERE account_id = $1) RETURNING id',
      [memberAccount],
    );
    await owner.query('ALTER TABLE ledger_posting ENABLE TRIGGER ledger_posting_no_change');
    await owner.query('ALTER TABLE ledger_posting DISABLE TRIGGER ledger_posting_balanced');
    const lone = await owner.query<{ id: string }>(
      "INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at) VALUES ($1, 'lone', 'test_lone', 'REAL', now()) RETURNING id",
      [tampered.merchantId],
    );
    await owner.query('INSERT INTO ledger_posting (transaction_id, account_id, amount_minor) VALUES ($1, $2, 5)', [lone.rows[0].id, house]);
    await owner.query('ALTER TABLE ledger_posting ENABLE TRIGGER ledger_posting_balanced');
    const problems = (await reconcile(tampered.pool)).problems;
    expect(problems).toEqual(
      expect.arrayContaining([
        { kind: 'balance_after_differs_from_running_sum', postingId: Number(rewritten.rows[0].id), accountId: memberAccount, balanceAfterMinor: 250, runningMinor: 100 },
        { kind: 'transaction_unbalanced', transactionId: Number(lone.rows[0].id), sumMinor: 5 },
        { kind: 'transaction_has_too_few_postings', transactionId: Number(lone.rows[0].id), postings: 1 },
        { kind: 'merchant_total_not_zero', merchantId: tampered.merchantId, unit: 'REAL', totalMinor: 5 },
      ]),
    );
    expect(problems).toHaveLength(4);
  });
});
