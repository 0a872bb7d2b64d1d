import { createTestApp, type TestContext } from '../testing/test-app';
import { createMember } from '../modules/member/member.testing';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../modules/ledger';
import { movement } from '../modules/ledger/ledger.testing';
import { reconcileDatabase } from './reconcile';

// The on-demand reconciliation command: silent success on a sound ledger, every difference printed
// and a failing exit code on a tampered one.

let context: TestContext;
const NOW = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

it('prints no difference and answers 0 on a sound ledger, and every difference with 1 after tampering', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'recon01' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
  await postTransaction(context.pool, movement(context.merchantId, 'recon:1', { from: house, to: account, amountMinor: 500, nowMs: NOW }));
  const sound: string[] = [];
  expect(await reconcileDatabase(context.databaseUrl, (line) => sound.push(line))).toBe(0);
  expect(sound).toEqual([expect.stringMatching(/postings; no differences\.$/)]);

  // The owner changes a balance behind the ledger's back (the app role cannot).
  await context.ownerPool.query('UPDATE ledger_account SET balance_minor = balance_minor + 7 WHERE id = $1', [account]);
  const tampered: string[] = [];
  expect(await reconcileDatabase(context.databaseUrl, (line) => tampered.push(line))).toBe(1);
  expect(tampered[0]).toMatch(/2 difference\(s\):$/);
  expect(tampered.slice(1)).toEqual([
    `  balance_differs_from_postings accountId=${account} balanceMinor=507 postedMinor=500`,
    `  merchant_total_not_zero merchantId=${context.merchantId} unit=REAL totalMinor=7`,
  ]);
});
