import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Locator, type Page } from '../harness/test';
import { creditMember } from '../harness/operator';
import { expectNoHorizontalOverflow } from '../harness/layout';

// My Wallet and Account Record as a member uses them, on a merchant with game wallets: an
// operator credits the member (`ops credit` through the operator API, harness/operator.ts), the member moves money to a game wallet and
// recalls it all, and the account record shows the credit and both transfers with their amounts
// and the balance after each; on a desktop and on a 390 px phone, with nothing scrolling sideways.

/** This worker's merchant keeps a wallet per game vendor (merchant setting 'wallet'), for these tests only. */
async function useGameWallets(single: boolean | null): Promise<void> {
  if (single === null) {
    await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'wallet'`);
    return;
  }
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'wallet', $1)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify({ single })],
  );
}

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}

/** Opens the member centre from the avatar menu (on Account Record), then the page named. */
async function openCentrePage(page: Page, name: 'My Wallet' | 'Account Record'): Promise<void> {
  if ((await page.getByRole('navigation', { name: 'Member Centre' }).count()) === 0) {
    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-account-record').click();
  }
  await page.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name }).click();
}

/** The text of each cell of each body row of the records table in `scope`. */
async function tableRows(scope: Locator): Promise<string[][]> {
  return scope.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
  );
}

let member: RegisteredMember;
let vendor: { id: number; name: string };

test.beforeAll(async () => {
  await useGameWallets(false);
});

test.afterAll(async () => {
  await useGameWallets(null);
});

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
  await creditMember(member.username, 123_456, 'Welcome credit');
  const [first] = await operatorSql<{ id: number; vendor_name: string }>(
    `SELECT id, vendor_name FROM game_vendor WHERE merchant_id = ${WORKER_MERCHANT_ID} AND enabled ORDER BY sort_order, id LIMIT 1`,
  );
  vendor = { id: first.id, name: first.vendor_name };
});

async function transferAndRecall(page: Page): Promise<void> {
  await openCentrePage(page, 'My Wallet');
  const wallet = page.getByTestId('transfer-fund');
  await expect(wallet.getByTestId('wallet-total')).toHaveText('৳1,234.56');
  await expect(wallet.getByTestId('wallet-0-balance')).toHaveText('৳1,234.56');
  await expect(wallet.getByTestId(`wallet-${vendor.id}-balance`)).toHaveText('৳0.00');

  // Main → the first game wallet.
  await expect(wallet.getByTestId('transfer-to')).toHaveValue(String(vendor.id));
  await wallet.getByTestId('transfer-amount').fill('200.50');
  await wallet.getByTestId('transfer-submit').click();
  await expect(wallet.getByTestId('transfer-done')).toBeVisible();
  await expect(wallet.getByTestId('wallet-0-balance')).toHaveText('৳1,034.06');
  await expect(wallet.getByTestId(`wallet-${vendor.id}-balance`)).toHaveText('৳200.50');
  await expect(wallet.getByTestId('wallet-total')).toHaveText('৳1,234.56');
  // The recent transfers list it once, with the wallets it went between.
  await expect.poll(() => tableRows(wallet)).toEqual([[expect.stringMatching(/^\d\d-\d\d \d\d:\d\d:\d\d$/), `Main wallet → ${vendor.name}`, '৳200.50']]);

  // Recall all: everything back in the main wallet.
  await wallet.getByTestId('wallet-recall-all').click();
  await expect(wallet.getByTestId('wallet-recall-done')).toBeVisible();
  await expect(wallet.getByTestId('wallet-0-balance')).toHaveText('৳1,234.56');
  await expect(wallet.getByTestId(`wallet-${vendor.id}-balance`)).toHaveText('৳0.00');
  await expect(page.getByTestId('header-balance')).toContainText('1,234.56');
}

/**
 * The account record's rows, newest first (the postings of one transfer in the order the ledger
 * wrote them): type, amount, balance after, remark (time and order number left out).
 */
const expectedRecords = () => [
  ['Transfer out', '-৳200.50', '৳0.00', `${vendor.name} → Main wallet`],
  ['Transfer in', '৳200.50', '৳1,234.56', `${vendor.name} → Main wallet`],
  ['Transfer in', '৳200.50', '৳200.50', `Main wallet → ${vendor.name}`],
  ['Transfer out', '-৳200.50', '৳1,034.06', `Main wallet → ${vendor.name}`],
  ['Adjustment (credit)', '৳1,234.56', '৳1,234.56', 'Welcome credit'],
];

async function checkAccountRecord(page: Page): Promise<Locator> {
  await openCentrePage(page, 'Account Record');
  const records = page.getByTestId('transaction-history');
  await expect
    .poll(async () => (await tableRows(records)).map(([type, , amount, balance, , remark]) => [type, amount, balance, remark]))
    .toEqual(expectedRecords());
  const rows = await tableRows(records);
  expect(rows.every((row) => /^\d\d-\d\d \d\d:\d\d:\d\d$/.test(row[1]) && /^\d+$/.test(row[4]))).toBe(true);
  // Both sides of one transfer carry its order number.
  expect(rows[0][4]).toBe(rows[1][4]);
  // The total over the period: the transfers cancel out.
  await expect(records.locator('tfoot')).toContainText('৳1,234.56');
  // Filtered to transfers, the credit goes.
  await records.getByTestId('transaction-type-filter').selectOption('transfer');
  await expect.poll(async () => (await tableRows(records)).length).toBe(4);
  await expect(records.locator('tfoot')).toContainText('৳0.00');
  return records;
}

test('a member transfers to a game wallet, recalls it all, and the account record shows the credit and both transfers', async ({ page }) => {
  await openSite(page, '/');
  await logIn(page, member.username, member.password);
  await transferAndRecall(page);
  await checkAccountRecord(page);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the wallet page and the account record fit the screen', async ({ page }) => {
    await openSite(page, '/');
    await logIn(page, member.username, member.password);
    await openCentrePage(page, 'My Wallet');
    await expect(page.getByTestId('wallet-total')).toHaveText('৳1,234.56');
    await expectNoHorizontalOverflow(page, 'transfer-fund');
    await transferAndRecall(page);
    await expectNoHorizontalOverflow(page, 'transfer-fund');
    await checkAccountRecord(page);
    await expectNoHorizontalOverflow(page, 'transaction-history');
  });
});
