import type { AllWalletBalance, Consolidated, Envelope, MerchantWallet } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { assertLedgerReconciled } from './ledger.reconcile';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from './ledger.service';

// The wallet routes (GCS_merchantWallet, getAllWalletBalanceV2, GCS_walletTransfer,
// GCS_walletReturn, consolidated) through HTTP, on a real PostgreSQL, as the site runs them.

let context: TestContext;
const NOW = Date.UTC(2025, 0, 1);
let vendors: { id: number; vassalage: string }[];
let keyCounter = 0;
const newKey = () => `test-key-${++keyCounter}-${Date.now()}`;

async function setWallet(value: Record<string, unknown>): Promise<void> {
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wallet', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify(value)],
  );
}

beforeAll(async () => {
  context = await createTestApp();
  vendors = (
    await context.pool.query<{ id: number; vassalage: string }>(
      'SELECT id, vassalage FROM game_vendor WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id',
      [context.merchantId],
    )
  ).rows;
  if (vendors.length < 2) throw new Error('the seeded merchant has fewer than two game vendors');
});

afterAll(async () => {
  await context.close();
});

async function memberWithMoney(username: string, amountMinor: number): Promise<string> {
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `fund:${username}`,
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: account, amountMinor },
    ],
    nowMs: NOW,
  });
  return tokenFor(context.app, username, 'secret123');
}

const get = (url: string, token: string, language = 'EN') => context.app.inject({ method: 'GET', url, headers: { authorization: token, language } });
const transfer = (token: string, body: Record<string, unknown>, key: string | null = newKey(), language = 'EN') =>
  context.app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: { authorization: token, language, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
const recall = (token: string, key: string) =>
  context.app.inject({ method: 'POST', url: '/wps/relay/GCS_walletReturn', headers: { authorization: token, 'idempotency-key': key } });

const balancesOf = (response: { body: string }) => json<Envelope<AllWalletBalance>>(response).value;
const walletOf = (value: AllWalletBalance, accountTypeId: number) => value.balances.find((wallet) => wallet.accountTypeId === accountTypeId)?.availBalance;

describe('single wallet (the default)', () => {
  it('says isSingle, lists only the main wallet and refuses transfers', async () => {
    const token = await memberWithMoney('wallet01', 10_000);
    expect(json<Envelope<MerchantWallet>>(await get('/wps/relay/GCS_merchantWallet', token)).value).toEqual({ isSingle: true });
    expect(balancesOf(await get('/wps/relay/getAllWalletBalanceV2', token))).toEqual({
      balances: [{ accountTypeId: 0, accountTypeName: 'MAIN', availBalance: 100 }],
      sumBalance: 100,
      currency: 'BDT',
      currencySymbol: '৳',
    });
    const refused = await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 1 });
    expect(refused.statusCode).toBe(400);
    expect(json<Envelope<unknown>>(refused)).toMatchObject({ success: false, errorCode: 'wallet.single' });
  });
});

describe('game wallets', () => {
  beforeAll(async () => {
    await setWallet({ single: false });
    // The merchant's one currency (merchant/currency.ts) is what the wallets answer with.
    await context.pool.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'currency', '{"code": "USD", "symbol": "$", "decimals": 2, "symbolPlacement": "before"}')
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [context.merchantId],
    );
  });

  it('lists main and one wallet per enabled vendor, and moves money between them', async () => {
    const token = await memberWithMoney('wallet02', 100_000);
    expect(json<Envelope<MerchantWallet>>(await get('/wps/relay/GCS_merchantWallet', token)).value).toEqual({ isSingle: false });
    const before = balancesOf(await get('/wps/relay/getAllWalletBalanceV2', token));
    expect(before.balances.map((wallet) => wallet.accountTypeId)).toEqual([0, ...vendors.map((vendor) => vendor.id)]);
    expect(before.currency).toBe('USD');

    const moved = await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 123.45 });
    expect(moved.statusCode).toBe(200);
    const after = balancesOf(moved);
    expect(walletOf(after, 0)).toBe(876.55);
    expect(walletOf(after, vendors[0].id)).toBe(123.45);
    expect(after.sumBalance).toBe(1000);

    const back = balancesOf(await transfer(token, { fromAccountTypeId: vendors[0].id, toAccountTypeId: 0, amount: 23.4 }));
    expect(walletOf(back, 0)).toBe(899.95);
    expect(walletOf(back, vendors[0].id)).toBe(100.05);
    // The header's balance is every wallet together.
    expect(json<Envelope<{ sumBalance: number }>>(await get('/wps/v2/wallets/balance', token)).value).toEqual({ sumBalance: 1000 });
    expect(json<Envelope<Consolidated>>(await get('/wps/member/info/funds/consolidated', token)).value).toEqual({
      isSingle: false,
      sumBalance: 1000,
      dailysalreqtype: false,
      divtypereq: false,
      contracthoursalreq: false,
      realtimesalreqtype: false,
      dailysalinfotype: { LOTT: { agent: false } },
      divtypeinfo: { LOTT: { agent: false } },
      contracthoursalinfo: { LOTT: { agent: false } },
      realtimesalinfotype: { LOTT: { agent: false } },
    });
    await assertLedgerReconciled(context.pool);
  });

  it('refuses bad transfers with clear codes, in the caller’s language, and moves nothing', async () => {
    const token = await memberWithMoney('wallet03', 5_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 50.01 }, 'wallet.insufficient.balance'],
      [{ fromAccountTypeId: vendors[0].id, toAccountTypeId: 0, amount: 1 }, 'wallet.insufficient.balance'],
      [{ fromAccountTypeId: 0, toAccountTypeId: 987_654, amount: 1 }, 'wallet.not.found'],
      [{ fromAccountTypeId: vendors[0].id, toAccountTypeId: vendors[1].id, amount: 1 }, 'wallet.transfer.invalid'],
      [{ fromAccountTypeId: 0, toAccountTypeId: 0, amount: 1 }, 'wallet.transfer.invalid'],
      [{ fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 1.234 }, 'wallet.amount.invalid'],
      [{ fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 0 }, 'wallet.amount.invalid'],
      [{ fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: -5 }, 'wallet.amount.invalid'],
    ];
    for (const [body, errorCode] of cases) {
      const response = await transfer(token, body);
      expect({ body, status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode }).toEqual({ body, status: 400, errorCode });
    }
    const chinese = json<Envelope<unknown>>(await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 51 }, newKey(), 'CN'));
    expect(chinese.message).toBe('转出钱包余额不足');
    const noKey = await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 1 }, null);
    expect([noKey.statusCode, json<Envelope<unknown>>(noKey).errorCode]).toEqual([400, 'wallet.idempotency.key.required']);
    const value = balancesOf(await get('/wps/relay/getAllWalletBalanceV2', token));
    expect(value.sumBalance).toBe(50);
    expect(walletOf(value, 0)).toBe(50);
  });

  it('moves money once per idempotency key, and refuses the key with another payload', async () => {
    const token = await memberWithMoney('wallet04', 10_000);
    const key = newKey();
    const body = { fromAccountTypeId: 0, toAccountTypeId: vendors[1].id, amount: 10 };
    const answers = await Promise.all(Array.from({ length: 5 }, () => transfer(token, body, key)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const value = balancesOf(await get('/wps/relay/getAllWalletBalanceV2', token));
    expect(walletOf(value, 0)).toBe(90);
    expect(walletOf(value, vendors[1].id)).toBe(10);

    for (const other of [{ ...body, amount: 11 }, { ...body, toAccountTypeId: vendors[0].id }, { fromAccountTypeId: vendors[1].id, toAccountTypeId: 0, amount: 10 }]) {
      const refused = await transfer(token, other, key);
      expect([refused.statusCode, json<Envelope<unknown>>(refused).errorCode]).toEqual([409, 'wallet.idempotency.conflict']);
    }
    // Another member's key space is their own.
    const otherToken = await memberWithMoney('wallet05', 1_000);
    expect((await transfer(otherToken, { ...body, amount: 1 }, key)).statusCode).toBe(200);
    expect(walletOf(balancesOf(await get('/wps/relay/getAllWalletBalanceV2', token)), 0)).toBe(90);
  });

  it('recalls every game wallet to main, once per key', async () => {
    const token = await memberWithMoney('wallet06', 30_000);
    await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 100 });
    await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[1].id, amount: 50.5 });
    const key = newKey();
    const first = await recall(token, key);
    expect(first.statusCode).toBe(200);
    expect(balancesOf(first).balances.map((wallet) => [wallet.accountTypeId, wallet.availBalance])).toEqual([
      [0, 300],
      ...vendors.map((vendor) => [vendor.id, 0]),
    ]);
    // Money put in a game wallet afterwards stays there when the same recall is retried.
    await transfer(token, { fromAccountTypeId: 0, toAccountTypeId: vendors[0].id, amount: 7 });
    expect(walletOf(balancesOf(await recall(token, key)), vendors[0].id)).toBe(7);
    expect(walletOf(balancesOf(await recall(token, newKey())), vendors[0].id)).toBe(0);
    const recalls = await context.pool.query<{ n: string }>("SELECT count(*) AS n FROM ledger_transaction WHERE kind = 'wallet_return'");
    expect(Number(recalls.rows[0].n)).toBe(2);
    await assertLedgerReconciled(context.pool);
  });

  it('is closed to visitors without a session', async () => {
    for (const [method, url] of [
      ['GET', '/wps/relay/GCS_merchantWallet'],
      ['GET', '/wps/relay/getAllWalletBalanceV2'],
      ['POST', '/wps/relay/GCS_walletTransfer'],
      ['POST', '/wps/relay/GCS_walletReturn'],
      ['GET', '/wps/member/info/funds/consolidated'],
    ] as const) {
      expect((await context.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
