import { secretsKeyFromEnv } from '../secrets-key';
import { createTestApp, type TestContext } from '../testing/test-app';
import { createMember, tokenFor } from '../modules/member/member.testing';
import { gatewayRegistryFor, type GatewaySimulator } from '../modules/deposit';
import { memberBalanceMinor } from '../modules/ledger';
import { reconcileDepositsDatabase } from './reconcile-deposits';

// The deposit reconciliation command: an order paid at the provider whose callback never came is
// credited by the command (in a process of its own, with its own pool), once.

let context: TestContext;

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

it('credits an order paid without a callback, once, and reports it', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'recondep1', password: 'secret123' });
  const token = await tokenFor(context.app, 'recondep1', 'secret123');
  const channel = (await context.pool.query<{ id: number }>("SELECT id FROM deposit_channel WHERE merchant_id = $1 AND bank_code = 'BKASH'", [context.merchantId])).rows[0];
  const created = await context.app.inject({
    method: 'POST',
    url: '/wps/relay/newDepositPG',
    headers: { authorization: token, 'idempotency-key': 'recon-deposit-1' },
    payload: { amount: 321, bankCode: 'BKASH', vendorId: channel.id },
  });
  expect(created.statusCode).toBe(200);
  const { depositId } = (JSON.parse(created.body) as { value: { depositId: number } }).value;
  const providerOrderId = (await context.pool.query<{ provider_order_id: string }>('SELECT provider_order_id FROM deposit WHERE id = $1', [depositId])).rows[0].provider_order_id;
  const simulator = gatewayRegistryFor({ db: context.pool, secretsKey: secretsKeyFromEnv(), clock: Date.now }).simulator as GatewaySimulator;
  // Paid at the provider; the callback is lost (the injected app listens on no port anyway).
  await simulator.pay(providerOrderId, 'paid', { notify: false });

  const soon: string[] = [];
  expect(await reconcileDepositsDatabase(context.databaseUrl, secretsKeyFromEnv(), { nowMs: Date.now() }, (line) => soon.push(line))).toBe(0);
  expect(soon[0]).toMatch(/^Deposits: 0 online order\(s\) asked; credited -/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);

  const later: string[] = [];
  const nowMs = Date.now() + 11 * 60_000;
  expect(await reconcileDepositsDatabase(context.databaseUrl, secretsKeyFromEnv(), { nowMs }, (line) => later.push(line))).toBe(0);
  expect(later).toEqual([`Deposits: 1 online order(s) asked; credited D${depositId}; failed -; expired -; half-credited finished -; 0 error(s).`]);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(32_100);

  const again: string[] = [];
  await reconcileDepositsDatabase(context.databaseUrl, secretsKeyFromEnv(), { nowMs }, (line) => again.push(line));
  expect(again[0]).toMatch(/asked; credited -/);
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(32_100);
});
