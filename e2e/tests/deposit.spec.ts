import { readFile, writeFile } from 'node:fs/promises';
import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { signInOperator } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// Deposits as a member makes them in the member centre's Deposit page (depositv2):
//   - a manual bank transfer of 500.00 with a receipt (a real PNG written here), pending until an
//     operator approves it with the command-line tool; the header's balance shows the credit with
//     no reload (the balance push), Account Record's deposit tab shows it approved;
//   - an online deposit through the gateway simulator (the stand-in for bKash, Nagad, VISA, USDT):
//     its payment page opens in a new window, Pay credits the member once, also when the provider
//     sends its callback again.

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

/** A new member, logged in on the home page, with the Deposit page open from the header. */
async function openDeposit(page: Page, request: Parameters<typeof registerMember>[0]) {
  const member = await registerMember(request);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await page.getByTestId('header-deposit').click();
  const overlay = page.getByTestId('mfe_member_center-overlay');
  await expect(overlay.getByRole('button', { name: 'Deposit' })).toHaveAttribute('aria-current', 'page');
  await expect(overlay.getByTestId('deposit-page')).toBeVisible();
  return { member, overlay };
}

/** How many times the ledger credited a deposit (its one transaction, under the key deposit:<id>). */
async function creditsOf(refCode: string): Promise<number> {
  const rows = await operatorSql<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transaction WHERE idempotency_key = $1 AND kind = 'deposit'", [`deposit:${refCode.slice(1)}`]);
  return rows[0].n;
}

test('a manual bank transfer with its receipt, approved by an operator, shows in the header and in Account Record', async ({ page, request }, testInfo) => {
  const { overlay } = await openDeposit(page, request);
  await expect(overlay.getByRole('tab', { name: 'Bank transfer' })).toHaveAttribute('aria-selected', 'true');
  await expect(overlay.getByTestId('deposit-amount-hint')).toContainText('500.00');

  // Below the channel's minimum: refused here, nothing sent.
  await overlay.getByTestId('deposit-amount').fill('499.99');
  await overlay.getByTestId('deposit-payeeName').fill('Rahim Uddin');
  await overlay.getByTestId('deposit-submit').click();
  await expect(overlay.getByTestId('deposit-form').getByRole('alert')).toContainText('The amount must be between');
  await expect(overlay.getByTestId('deposit-manual')).toHaveCount(0);

  await overlay.getByTestId('deposit-amount').fill('500.00');
  await overlay.getByTestId('deposit-submit').click();
  const manual = overlay.getByTestId('deposit-manual');
  await expect(manual).toBeVisible();
  const refCode = (await manual.getByTestId('deposit-ref').textContent())!;
  expect(refCode).toMatch(/^D\d+$/);
  await expect(manual.getByTestId('deposit-amount')).toContainText('500.00');
  await expect(manual.getByTestId('deposit-bank-name')).toHaveText('Demo Bank');
  await expect(manual.getByTestId('deposit-account-number')).toHaveText('0123456789');
  await expect(manual.getByTestId('deposit-branch')).toHaveText('Demo Branch');
  await expect(manual.getByTestId('deposit-status')).toHaveText('Waiting for your transfer and its receipt');

  // The receipt: a real PNG from disk, previewed, sent with the bank's reference number.
  const receipt = testInfo.outputPath('receipt.png');
  await writeFile(receipt, PNG);
  await manual.getByTestId('deposit-receipt-file').setInputFiles(receipt);
  await expect(manual.getByTestId('deposit-receipt-preview')).toBeVisible();
  await manual.getByTestId('deposit-referenceNo').fill('TRX-20261125-01');
  await manual.getByTestId('deposit-receipt-submit').click();
  await expect(manual.getByTestId('deposit-status')).toHaveText('Submitted, waiting for approval');

  // Closing the member centre and coming back: the deposit is still there, pending.
  await overlay.getByRole('button', { name: 'Close' }).or(overlay.getByRole('button', { name: 'Back' })).first().click();
  await expect(overlay).toHaveCount(0);
  await page.getByTestId('header-deposit').click();
  await expect(overlay.getByTestId(`deposit-pending-${refCode}`)).toContainText('In progress');
  await overlay.getByTestId(`deposit-pending-open-${refCode}`).click();
  await expect(overlay.getByTestId('deposit-ref')).toHaveText(refCode);
  await expect(overlay.getByTestId('deposit-account-number')).toHaveText('0123456789');

  // The operator sees the receipt the member sent, and approves.
  const operator = await signInOperator();
  const saved = testInfo.outputPath('saved-receipt.png');
  expect((await operator.ops(['deposit-receipt', refCode, '--out', saved])).code).toBe(0);
  expect(Buffer.compare(await readFile(saved), PNG)).toBe(0);
  const approval = await operator.ops(['approve-deposit', refCode]);
  expect(approval.code).toBe(0);
  expect(approval.lines.join('\n')).toContain('500.00');

  // Pushed to the open page: the header's balance, and the deposit's state on the page.
  await expect(page.getByTestId('header-balance')).toContainText('500.00');
  await expect(overlay.getByTestId('deposit-status')).toContainText('Approved');
  expect(await creditsOf(refCode)).toBe(1);

  // Account Record › Deposit records: approved.
  await overlay.getByRole('button', { name: 'Account Record' }).click();
  await overlay.getByRole('tab', { name: 'Deposit records' }).click();
  await expect(overlay.getByRole('row').filter({ hasText: refCode })).toContainText('Approved');
});

test('an online deposit through the gateway simulator credits the member once', async ({ page, request }) => {
  const { overlay } = await openDeposit(page, request);
  await overlay.getByRole('tab', { name: 'bKash' }).click();
  await overlay.getByTestId('deposit-chip-500').click();
  await expect(overlay.getByTestId('deposit-amount')).toHaveValue('500');

  // The provider's page opens in a new window (opened within the click, then sent to the page).
  const popupOpened = page.waitForEvent('popup');
  await overlay.getByTestId('deposit-submit').click();
  const gateway = await popupOpened;
  await gateway.waitForURL(/\/dev\/gateway\/pay\/SIM\d+$/);
  const online = overlay.getByTestId('deposit-online');
  await expect(online.getByTestId('deposit-status')).toHaveText('Waiting for your payment');
  const refCode = (await online.getByTestId('deposit-ref').textContent())!;
  await expect(online.getByTestId('deposit-pay-link')).toHaveAttribute('href', gateway.url());
  await expect(gateway.locator('[data-field="Order"]')).toHaveText(refCode);
  await expect(gateway.locator('[data-field="Amount"]')).toContainText('500.00');

  // "I have paid / check status" before paying: still waiting.
  await online.getByTestId('deposit-check').click();
  await expect(online.getByTestId('deposit-check')).toBeEnabled();
  await expect(online.getByTestId('deposit-status')).toHaveText('Waiting for your payment');

  await gateway.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(gateway.getByRole('heading', { name: 'Gateway simulator: paid' })).toBeVisible();
  // The credit is pushed: the header's balance, and the page reads the deposit again by itself.
  await expect(page.getByTestId('header-balance')).toContainText('500.00');
  await expect(online.getByTestId('deposit-status')).toContainText('Approved');

  // The provider sends its callback again: nothing more is credited.
  await gateway.goto(gateway.url());
  await gateway.getByRole('button', { name: 'Send the callback again' }).click();
  await expect(gateway.locator('body')).toContainText('delivered');
  expect(await creditsOf(refCode)).toBe(1);
  // Read afresh, the balance is the one credit.
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('500.00');
  await expect(page.getByTestId('header-balance')).not.toContainText('1,000.00');
});

test('at 390 px the deposit page and a manual transfer fit the screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await registerMember(request);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await page.getByTestId('tab-deposit').click();
  const overlay = page.getByTestId('mfe_member_center-overlay');
  await expect(overlay.getByRole('button', { name: 'Deposit' })).toHaveAttribute('aria-current', 'page');
  const fits = () =>
    overlay.getByTestId('deposit-page').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { right: box.right, scrollWidth: element.scrollWidth, clientWidth: element.clientWidth, pageScroll: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
    });
  await expect(overlay.getByTestId('deposit-form')).toBeVisible();
  let measured = await fits();
  expect(measured.right).toBeLessThanOrEqual(measured.innerWidth);
  expect(measured.scrollWidth).toBeLessThanOrEqual(measured.clientWidth);
  expect(measured.pageScroll).toBeLessThanOrEqual(measured.innerWidth);

  await overlay.getByTestId('deposit-chip-1000').click();
  await overlay.getByTestId('deposit-payeeName').fill('Rahim Uddin');
  await overlay.getByTestId('deposit-submit').click();
  await expect(overlay.getByTestId('deposit-manual')).toBeVisible();
  measured = await fits();
  expect(measured.right).toBeLessThanOrEqual(measured.innerWidth);
  expect(measured.scrollWidth).toBeLessThanOrEqual(measured.clientWidth);
  expect(measured.pageScroll).toBeLessThanOrEqual(measured.innerWidth);

  // In Bengali (the default language, longer words), with the pending deposit listed under the form.
  await page.evaluate(() => {
    window.localStorage.setItem('lang', 'BN');
    window.localStorage.setItem('hisLang', 'BN');
  });
  await openSite(page, '/');
  await page.getByTestId('tab-deposit').click();
  await expect(overlay.getByTestId('deposit-pending')).toBeVisible();
  await expect(overlay.getByTestId('deposit-form')).toContainText('জমা');
  measured = await fits();
  expect(measured.right).toBeLessThanOrEqual(measured.innerWidth);
  expect(measured.scrollWidth).toBeLessThanOrEqual(measured.clientWidth);
  expect(measured.pageScroll).toBeLessThanOrEqual(measured.innerWidth);
});
