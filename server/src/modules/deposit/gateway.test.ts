import type { Envelope, NewDepositPGResult } from '@platform/contract';
import Fastify from 'fastify';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { createMember, tokenFor } from '../member/member.testing';
import { reconcileDeposits } from './deposit.settle';
import { signMessage } from './gateways/gateway';
import { createGatewayRegistry, gatewaySecret, simulatorEnabled, type GatewayRegistry } from './gateways/registry';
import { gatewaySimulatorRoutes } from './gateways/simulator.routes';
import type { GatewaySimulator } from './gateways/simulator';

// Online deposits end to end, over real HTTP: the member's order (newDepositPG) → the simulator's
// payment page → the simulator's signed callback to POST /payment/callback/simulator → the credit.
// A callback replayed (5 at once), late or out of order credits once; a tampered or foreign-signed
// one changes nothing; reconciliation settles an order whose callback was lost.

let context: TestContext;
let base: string;
let gateways: GatewayRegistry;
let simulator: GatewaySimulator;
let keyCounter = 0;
const newKey = () => `gateway-test-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  context = await createTestApp();
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const address = context.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  // The same simulator the app runs (its orders live in the database), for paying and inspecting.
  gateways = createGatewayRegistry({ db: context.pool, secretsKey: secretsKeyFromEnv(), clock: Date.now });
  simulator = gateways.simulator as GatewaySimulator;
});

afterAll(async () => {
  await context.close();
});

interface Channel {
  vendorId: number;
  bankCode: string;
}

async function channel(bankCode: string): Promise<Channel> {
  const result = await context.pool.query<{ id: number }>('SELECT id FROM deposit_channel WHERE merchant_id = $1 AND bank_code = $2', [context.merchantId, bankCode]);
  return { vendorId: result.rows[0].id, bankCode };
}

async function member(username: string): Promise<{ id: number; token: string }> {
  const id = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  return { id, token: await tokenFor(context.app, username, 'secret123') };
}

async function newOrder(token: string, amount: number, bankCode = 'BKASH', key = newKey()): Promise<NewDepositPGResult> {
  const response = await fetch(`${base}/wps/relay/newDepositPG`, {
    method: 'POST',
    headers: { authorization: token, 'idempotency-key': key, 'content-type': 'application/json', language: 'EN' },
    body: JSON.stringify({ amount, ...(await channel(bankCode)) }),
  });
  const body = (await response.json()) as Envelope<NewDepositPGResult>;
  if (response.status !== 200) throw new Error(`newDepositPG answered ${response.status}: ${JSON.stringify(body)}`);
  return body.value;
}

const providerOrderOf = async (depositId: number): Promise<string> =>
  (await context.pool.query<{ provider_order_id: string }>('SELECT provider_order_id FROM deposit WHERE id = $1', [depositId])).rows[0].provider_order_id;
const statusOf = async (depositId: number): Promise<string> => (await context.pool.query<{ status: string }>('SELECT status FROM deposit WHERE id = $1', [depositId])).rows[0].status;
const credits = async (depositId: number): Promise<number> =>
  (await context.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transaction WHERE idempotency_key = $1 AND kind = 'deposit'", [`deposit:${depositId}`])).rows[0].n;

const callback = (body: unknown) =>
  fetch(`${base}/payment/callback/simulator`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('create order → simulator pays → signed callback → credited once; the same order again for a retry', async () => {
  const { id, token } = await member('gw_happy');
  const key = newKey();
  const order = await newOrder(token, 250.5, 'BKASH', key);
  expect(order).toEqual({
    depositId: expect.any(Number),
    refCode: `D${order.depositId}`,
    amount: 250.5,
    redirectUrl: expect.stringMatching(/^\/dev\/gateway\/pay\/SIM\d+$/),
    qrImgUrl: null,
    qrContent: null,
    expiresAt: expect.any(Number),
  });
  expect(await newOrder(token, 250.5, 'BKASH', key)).toEqual(order);

  // The member opens the payment page and presses Pay (a form post, as the browser sends it).
  const pageResponse = await fetch(`${base}${order.redirectUrl}`);
  const pageHtml = await pageResponse.text();
  expect(pageResponse.headers.get('content-type')).toMatch(/text\/html/);
  expect(pageHtml).toContain('250.50 BDT');
  expect(pageHtml).toContain('value="paid"');
  const paid = await fetch(`${base}${order.redirectUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=paid&amount=250.50',
  });
  expect(await paid.text()).toContain('Callback: HTTP 200');

  expect(await statusOf(order.depositId)).toBe('approved');
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(25_050);
  const callbacks = await context.pool.query('SELECT status, outcome FROM deposit_callback WHERE deposit_id = $1', [order.depositId]);
  expect(callbacks.rows).toEqual([{ status: 'paid', outcome: 'credited' }]);
});

it('a callback replayed five times at once, and again later, credits once', async () => {
  const { id, token } = await member('gw_replay');
  const order = await newOrder(token, 300);
  const providerOrderId = await providerOrderOf(order.depositId);
  await simulator.pay(providerOrderId, 'paid', { notify: false });
  const body = await simulator.callbackMessage(providerOrderId);
  const answers = await Promise.all(Array.from({ length: 5 }, () => callback(body)));
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  const outcomes = (await context.pool.query<{ outcome: string }>('SELECT outcome FROM deposit_callback WHERE deposit_id = $1 ORDER BY outcome', [order.depositId])).rows;
  expect(outcomes.map((row) => row.outcome)).toEqual(['already_credited', 'already_credited', 'already_credited', 'already_credited', 'credited']);
  expect((await callback(body)).status).toBe(200);
  expect(await credits(order.depositId)).toBe(1);
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(30_000);
});

it('a tampered body, a foreign signature or an unsigned one changes nothing (401), nor does an unknown order or provider', async () => {
  const { id, token } = await member('gw_tamper');
  const order = await newOrder(token, 400);
  const providerOrderId = await providerOrderOf(order.depositId);
  await simulator.pay(providerOrderId, 'paid', { notify: false });
  const genuine = await simulator.callbackMessage(providerOrderId);
  const before = await context.pool.query('SELECT * FROM deposit WHERE id = $1', [order.depositId]);

  const tampered = await callback({ ...genuine, amount: '40000.00' });
  expect([tampered.status, ((await tampered.json()) as Envelope<null>).errorCode]).toEqual([401, 'deposit.callback.signature.invalid']);
  const foreign = signMessage({ ...genuine }, 'not-the-merchant-secret-0123456789');
  expect((await callback(foreign)).status).toBe(401);
  const { sign: _sign, ...unsigned } = genuine;
  expect((await callback(unsigned)).status).toBe(401);
  // Signed properly but for another merchant number: refused too.
  const secret = (await gatewaySecret(context.pool, secretsKeyFromEnv(), context.merchantId, 'simulator')) as string;
  expect((await callback(signMessage({ ...genuine, merchantNo: 'M999' }, secret))).status).toBe(401);
  const unknownOrder = await callback(signMessage({ ...genuine, orderId: 'D999999999' }, secret));
  expect([unknownOrder.status, ((await unknownOrder.json()) as Envelope<null>).errorCode]).toEqual([400, 'deposit.callback.invalid']);
  expect((await fetch(`${base}/payment/callback/nosuchprovider`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(genuine) })).status).toBe(404);

  expect((await context.pool.query('SELECT * FROM deposit WHERE id = $1', [order.depositId])).rows).toEqual(before.rows);
  expect((await context.pool.query('SELECT count(*)::int AS n FROM deposit_callback WHERE deposit_id = $1', [order.depositId])).rows[0].n).toBe(0);
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(0);
  // The genuine one still credits.
  expect((await callback(genuine)).status).toBe(200);
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(40_000);
});

it('out of order: failed then paid credits (the money arrived); paid then failed stays credited', async () => {
  const secret = (await gatewaySecret(context.pool, secretsKeyFromEnv(), context.merchantId, 'simulator')) as string;
  const { id, token } = await member('gw_order');
  const first = await newOrder(token, 150);
  const firstProvider = await providerOrderOf(first.depositId);
  await simulator.pay(firstProvider, 'paid', { notify: false });
  const paidBody = await simulator.callbackMessage(firstProvider);
  const failedBody = signMessage({ ...paidBody, status: 'failed', paidAt: '', notifyId: 'f1' }, secret);
  expect((await callback(failedBody)).status).toBe(200);
  expect(await statusOf(first.depositId)).toBe('failed');
  expect((await callback(paidBody)).status).toBe(200);
  expect(await statusOf(first.depositId)).toBe('approved');
  expect((await callback(failedBody)).status).toBe(200);
  expect(await statusOf(first.depositId)).toBe('approved');
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(15_000);

  // A member who cancelled and paid anyway is credited too; a payment of another amount credits what arrived.
  const second = await newOrder(token, 200, 'NAGAD');
  await fetch(`${base}/wps/relay/cancelDeposit`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ depositId: second.depositId }),
  });
  expect(await statusOf(second.depositId)).toBe('cancelled');
  const delivery = (await simulator.pay(await providerOrderOf(second.depositId), 'paid', { paidMinor: 12_345 })).delivery;
  expect(delivery).toEqual({ delivered: true, outcome: 'HTTP 200' });
  expect(await statusOf(second.depositId)).toBe('approved');
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(15_000 + 12_345);

  // A payment in another currency is not credited.
  const third = await newOrder(token, 100);
  const thirdProvider = await providerOrderOf(third.depositId);
  await simulator.pay(thirdProvider, 'paid', { notify: false });
  const usd = signMessage({ ...(await simulator.callbackMessage(thirdProvider)), currency: 'USD' }, secret);
  expect((await callback(usd)).status).toBe(200);
  expect(await statusOf(third.depositId)).toBe('pending');
  await assertLedgerReconciled(context.pool);
});

it('QR channels answer a QR payload', async () => {
  const { token } = await member('gw_qr');
  const order = await newOrder(token, 1000, 'USDT');
  expect(order).toMatchObject({ redirectUrl: null, qrImgUrl: null, qrContent: expect.stringMatching(/^\/dev\/gateway\/pay\/SIM\d+$/) });
});

it('reconciliation settles an order whose callback was lost (once), marks failed and expired ones', async () => {
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'deposit', '{"maxPending": 10}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId],
  );
  const { id, token } = await member('gw_recon');
  const lost = await newOrder(token, 500);
  const failed = await newOrder(token, 600, 'NAGAD');
  const abandoned = await newOrder(token, 700, 'VISA');
  const fresh = await newOrder(token, 800);
  await simulator.pay(await providerOrderOf(lost.depositId), 'paid', { notify: false });
  await simulator.pay(await providerOrderOf(failed.depositId), 'failed', { notify: false });
  await simulator.pay(await providerOrderOf(fresh.depositId), 'paid', { notify: false });
  // Make the three older than the reconciliation's threshold, and the abandoned one past its expiry.
  await context.pool.query("UPDATE deposit SET created_at = created_at - interval '20 minutes' WHERE id = ANY($1)", [[lost.depositId, failed.depositId, abandoned.depositId]]);
  await context.pool.query("UPDATE deposit SET expires_at = now() - interval '1 minute' WHERE id = $1", [abandoned.depositId]);

  const report = await reconcileDeposits(context.pool, gateways, { nowMs: Date.now(), olderThanMs: 10 * 60_000 });
  expect(report).toMatchObject({ credited: [lost.depositId], failed: [failed.depositId], expired: [abandoned.depositId], errors: [] });
  expect(await statusOf(fresh.depositId)).toBe('pending');
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(50_000);

  // Run again, and the lost callback arriving at last: nothing more is credited.
  const again = await reconcileDeposits(context.pool, gateways, { nowMs: Date.now(), olderThanMs: 10 * 60_000 });
  expect(again.credited).toEqual([]);
  expect((await simulator.notify(await providerOrderOf(lost.depositId))).delivered).toBe(true);
  expect(await credits(lost.depositId)).toBe(1);
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(50_000);

  // The abandoned order paid late (after it expired): the next run credits it.
  await simulator.pay(await providerOrderOf(abandoned.depositId), 'paid', { notify: false });
  expect((await reconcileDeposits(context.pool, gateways, { nowMs: Date.now(), olderThanMs: 10 * 60_000 })).credited).toEqual([abandoned.depositId]);
  expect(await memberBalanceMinor(context.pool, context.merchantId, id)).toBe(120_000);
  await assertLedgerReconciled(context.pool);
});

it('refuses an amount outside the channel, an unknown channel and a missing key; the simulator refuses unsigned orders', async () => {
  const { token } = await member('gw_refuse');
  const send = (body: unknown, key: string | null = newKey()) =>
    context.app.inject({ method: 'POST', url: '/wps/relay/newDepositPG', headers: { authorization: token, ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });
  const bkash = await channel('BKASH');
  expect(json<Envelope<null>>(await send({ amount: 99.99, ...bkash })).errorCode).toBe('deposit.amount.out.of.range');
  expect(json<Envelope<null>>(await send({ amount: 100, ...bkash, bankCode: 'NAGAD' })).errorCode).toBe('deposit.channel.not.found');
  expect(json<Envelope<null>>(await send({ amount: 100, ...(await channel('DEMOBANK')) })).errorCode).toBe('deposit.channel.not.found');
  expect(json<Envelope<null>>(await send({ amount: 100, ...bkash }, null)).errorCode).toBe('wallet.idempotency.key.required');
  const created = await fetch(`${base}/dev/gateway/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantNo: `M${context.merchantId}`, orderId: 'D1', amount: '1.00', currency: 'BDT', channel: 'x', notifyUrl: 'http://x', returnUrl: 'http://x', expiresAt: '1', sign: '0'.repeat(64) }),
  });
  expect(created.status).toBe(401);
});

it('has no simulator unless PAYMENT_SIMULATOR=1, and never in production: no pages, no adapter, no sandbox channels', async () => {
  expect(simulatorEnabled({})).toBe(false);
  expect(simulatorEnabled({ NODE_ENV: 'development' })).toBe(false);
  expect(simulatorEnabled({ NODE_ENV: 'development', PAYMENT_SIMULATOR: '0' })).toBe(false);
  expect(simulatorEnabled({ NODE_ENV: 'development', PAYMENT_SIMULATOR: '1' })).toBe(true);
  expect(() => simulatorEnabled({ NODE_ENV: 'production', PAYMENT_SIMULATOR: '1' })).toThrow(/refused with NODE_ENV=production/);
  const bare = Fastify();
  await bare.register(gatewaySimulatorRoutes, { db: context.pool, secretsKey: secretsKeyFromEnv(), enabled: false });
  expect((await bare.inject({ method: 'GET', url: '/dev/gateway/pay/SIM1' })).statusCode).toBe(404);
  await bare.close();
  const production = createGatewayRegistry({ db: context.pool, secretsKey: secretsKeyFromEnv(), clock: Date.now, simulator: false });
  expect([production.adapter('simulator'), production.simulator, production.sandbox, await production.account(context.merchantId, 'simulator')]).toEqual([undefined, undefined, false, undefined]);
});
