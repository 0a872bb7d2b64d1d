import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { clearRegistrationLimits, clearThrottles, uniqueUsername, TEST_PASSWORD } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { closeCentre, lotteryStakeOf, memberIdOf, openCentrePage } from '../harness/member-centre';
import { signInOperator } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The money path as a new player walks it, with nothing prepared through the back door: register
// through the form, deposit 1,000.00 by bank transfer with a receipt, the back office approves it
// with the command-line tool, bet 500.00 on the lottery (this merchant asks for half of a deposit to
// be staked before a withdrawal), withdraw 500.00 to a bank card, the back office pays it; the withdrawal's state changes on the open
// page (pushed, no reload), the records list each step, and the ledger reconciles. On a desktop
// and on a 390 px phone, with nothing scrolling sideways.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PAYMENT_PASSWORD = '246810';
const RECONCILE_SCRIPT = path.join(__dirname, '..', '..', 'server', 'dist', 'scripts', 'reconcile.js');

let withdrawSetting: unknown;

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  // A deposit adds half its amount to the wagering requirement (withdraw.turnoverMultiplier): the
  // player can stake what is asked and still have something to withdraw, whatever the draw.
  const rows = await operatorSql<{ value: unknown }>(`SELECT value FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'withdraw'`);
  withdrawSetting = rows[0]?.value;
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'withdraw', '{"turnoverMultiplier": 0.5}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = merchant_setting.value || EXCLUDED.value`,
  );
});

test.afterEach(async () => {
  if (withdrawSetting === undefined) await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'withdraw'`);
  else await operatorSql(`UPDATE merchant_setting SET value = $1 WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'withdraw'`, [JSON.stringify(withdrawSetting)]);
});

async function walkTheMoneyPath(page: Page, testInfo: { outputPath(name: string): string }, phone: boolean): Promise<void> {
  // 1. Register through the form.
  await openSite(page, '/');
  await page.getByTestId('header-register').click();
  const username = uniqueUsername('np');
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(TEST_PASSWORD);
  await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
  await page.getByTestId('register-submit').click();
  const success = page.getByTestId('register-success');
  await expect(success).toBeVisible();
  await success.getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  const memberId = await memberIdOf(username);

  // 2. Deposit 1,000.00 by bank transfer, with the bank's receipt.
  let overlay = await openCentrePage(page, 'header-deposit', 'Deposit');
  if (phone) await expectNoHorizontalOverflow(page, 'deposit-page');
  await expect(overlay.getByRole('tab', { name: 'Bank transfer' })).toHaveAttribute('aria-selected', 'true');
  await overlay.getByTestId('deposit-amount').fill('1000.00');
  await overlay.getByTestId('deposit-payeeName').fill('Karim Hossain');
  await overlay.getByTestId('deposit-submit').click();
  const manual = overlay.getByTestId('deposit-manual');
  await expect(manual).toBeVisible();
  const refCode = (await manual.getByTestId('deposit-ref').textContent())!;
  const receipt = testInfo.outputPath('receipt.png');
  await writeFile(receipt, PNG);
  await manual.getByTestId('deposit-receipt-file').setInputFiles(receipt);
  await expect(manual.getByTestId('deposit-receipt-preview')).toBeVisible();
  await manual.getByTestId('deposit-referenceNo').fill(`TRX-${Date.now()}`);
  await manual.getByTestId('deposit-receipt-submit').click();
  await expect(manual.getByTestId('deposit-status')).toHaveText('Submitted, waiting for approval');
  if (phone) await expectNoHorizontalOverflow(page, 'deposit-page');

  // 3. The back office approves it: the balance and the deposit's state change on the open page.
  const operator = await signInOperator();
  const approval = await operator.ops(['approve-deposit', refCode]);
  expect(approval.code).toBe(0);
  await expect(page.getByTestId('header-balance')).toContainText('1,000.00');
  await expect(overlay.getByTestId('deposit-status')).toContainText('Approved');
  await closeCentre(page);

  // 4. Bet what the requirement asks on the lottery: SSC, every digit on the first position, 25
  // times (500.00).
  await openSite(page, '/lottery');
  await page.getByTestId('lottery-lobby').locator('[data-testid="lottery-game-card"][data-game-code="SSC1"]').first().getByRole('link').click();
  const screen = page.getByTestId('betting-screen');
  await expect(screen).toHaveAttribute('data-game-code', 'SSC1');
  await screen.getByRole('tab', { name: 'Fixed position' }).click();
  await screen.locator('[data-testid="play-button"][data-play-code="SSC_POSITION"]').click();
  await screen.getByTestId('pick-row').first().getByTestId('quick-all').click();
  await screen.getByTestId('bet-multiple').fill('25');
  await screen.getByTestId('add-to-slip').click();
  await expect(screen.getByTestId('slip-total')).toContainText('500.00');
  if (phone) await expectNoHorizontalOverflow(page, 'betting-screen');
  for (let attempt = 1; attempt <= 3 && (await lotteryStakeOf(memberId)) === 0; attempt += 1) {
    await screen.getByTestId('place-bet').click();
    await page.getByTestId('bet-confirm').getByRole('button', { name: 'Place bet' }).click();
    const placed = screen.getByTestId('bet-placed');
    const failed = screen.getByTestId('bet-error');
    await expect(placed.or(failed)).toBeVisible();
    if (await failed.isVisible()) {
      await expect(failed).toContainText(/closed/i);
      await expect(screen.getByTestId('round-status')).not.toContainText(/closed/i, { timeout: 30_000 });
    }
  }
  expect(await lotteryStakeOf(memberId)).toBe(50_000);

  // 5. Withdraw 500.00 (the site's least) to a bank card: the requirement is met (a round that
  // settles meanwhile may pay a prize: the balance is not asserted to the cent here).
  await openSite(page, '/');
  overlay = await openCentrePage(page, 'header-withdraw', 'Withdraw');
  const withdraw = overlay.getByTestId('withdraw');
  await withdraw.getByTestId('withdraw-set-password-paymentPassword').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-set-password-confirmPaymentPassword').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-set-password-submit').click();
  await withdraw.getByTestId('withdraw-add-card').click();
  const cardModal = page.getByTestId('withdraw-add-card-modal');
  await cardModal.getByTestId('withdraw-card-bank').selectOption({ label: 'Dutch-Bangla Bank' });
  await cardModal.getByTestId('withdraw-card-payeeName').fill('Karim Hossain');
  await cardModal.getByTestId('withdraw-card-cardNumber').fill(`2${String(Date.now()).slice(-12)}`);
  await cardModal.getByTestId('withdraw-card-paymentPassword').fill(PAYMENT_PASSWORD);
  await cardModal.getByTestId('withdraw-add-card-submit').click();
  await expect(cardModal).toHaveCount(0);
  if (phone) await expectNoHorizontalOverflow(page, 'withdraw');
  await withdraw.getByTestId('withdraw-amount').fill('500.00');
  await withdraw.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-submit').click();
  const confirm = page.getByTestId('withdraw-confirm');
  await expect(confirm.getByTestId('withdraw-confirm-amount')).toContainText('500.00');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  const latest = withdraw.getByTestId('withdraw-recent').locator('li').first();
  await expect(latest).toContainText('500.00');
  await expect(latest).toContainText('Pending');

  // 6. The back office pays it: the open page says so without being left and reopened.
  const withdrawals = await operatorSql<{ id: string }>(`SELECT id::text FROM withdrawal WHERE member_id = $1`, [memberId]);
  expect(withdrawals).toHaveLength(1);
  const paid = await operator.ops(['pay-withdrawal', `W${withdrawals[0].id}`]);
  expect(paid.code).toBe(0);
  await expect(latest).not.toContainText('Pending');

  // 7. The records: the approved deposit and the paid withdrawal.
  overlay = await openCentrePage(page, 'header-deposit', 'Account Record');
  await overlay.getByRole('tab', { name: 'Deposit records' }).click();
  await expect(overlay.getByRole('row').filter({ hasText: refCode })).toContainText('Approved');
  if (phone) await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // 8. The ledger reconciles: every balance equals the sum of its postings.
  const { stdout } = await promisify(execFile)(process.execPath, [RECONCILE_SCRIPT], { env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL } });
  expect(stdout).toContain('no differences');
}

test('a new player registers, deposits by bank transfer, bets, withdraws and is paid', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await walkTheMoneyPath(page, testInfo, false);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the same path fits the screen at every step', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await walkTheMoneyPath(page, testInfo, true);
  });
});
