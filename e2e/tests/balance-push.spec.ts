import { clearRegistrationLimits, clearThrottles, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The balance pushed to the page: money credited to a player shows in the header of their
// open page at once, with no reload and no refresh click. (A dropped stream catching up is tested
// where it can be made to drop at will: the server's listener in
// server/src/modules/ledger/balance-stream.test.ts, the browser's reconnection in
// shared/src/balance/balance-stream.test.ts; Chromium's offline mode leaves an open stream to
// localhost open.) The money is moved as the ledger moves it (a transaction and its postings,
// which move the balances), here by the operator's database role: the operator API is still to
// come.

let keyCounter = 0;

/** Credits `amountMinor` to the player's main wallet from the house's cash account. */
async function credit(username: string, amountMinor: number): Promise<void> {
  const [member] = await operatorSql<{ id: string; merchant_id: number }>('SELECT id, merchant_id FROM member WHERE username = $1', [username]);
  await operatorSql(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at) VALUES ($1, $2, 'member_main', 'REAL', now())
     ON CONFLICT (member_id) WHERE kind = 'member_main' DO NOTHING`,
    [member.merchant_id, member.id],
  );
  await operatorSql(
    `INSERT INTO ledger_account (merchant_id, kind, unit, created_at) VALUES ($1, 'house_cash', 'REAL', now())
     ON CONFLICT (merchant_id, kind) WHERE member_id IS NULL DO NOTHING`,
    [member.merchant_id],
  );
  const accounts = await operatorSql<{ id: string; member_id: string | null }>(
    `SELECT id, member_id FROM ledger_account WHERE merchant_id = $1 AND ((member_id = $2 AND kind = 'member_main') OR (member_id IS NULL AND kind = 'house_cash'))`,
    [member.merchant_id, member.id],
  );
  const playerAccount = accounts.find((account) => account.member_id !== null)!.id;
  const houseAccount = accounts.find((account) => account.member_id === null)!.id;
  // One statement: the transaction and its two postings (in account id order, as the ledger locks).
  await operatorSql(
    `WITH t AS (
       INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at)
       VALUES ($1, $2, 'operator_credit', 'REAL', now()) RETURNING id
     )
     INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor)
     SELECT t.id, p.account_id, p.amount_minor, 0
       FROM t, (VALUES ($3::bigint, $4::bigint), ($5::bigint, $6::bigint)) AS p (account_id, amount_minor)
      ORDER BY p.account_id`,
    [member.merchant_id, `e2e-push-${Date.now()}-${++keyCounter}`, playerAccount, amountMinor, houseAccount, -amountMinor],
  );
}

async function registerInPopup(page: Page): Promise<string> {
  const username = uniqueUsername('push');
  await openSite(page, '/');
  await page.getByTestId('header-register').click();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(TEST_PASSWORD);
  await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  return username;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('money credited to a player shows in the header of their open page without a reload', async ({ page }) => {
  const username = await registerInPopup(page);
  const requestsBefore = { count: 0 };
  page.on('request', (request) => {
    if (request.url().includes('/wps/v2/wallets/balance') && !request.url().includes('/events')) requestsBefore.count += 1;
  });

  await credit(username, 1_234_550);
  await expect(page.getByTestId('header-balance')).toContainText('12,345.50', { timeout: 5000 });
  // Pushed, not polled: the page asked for no balance.
  expect(requestsBefore.count).toBe(0);
});
