import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';
import { creditMember, waiveWageringOnOperatorCredits } from '../harness/operator';
import { expectNoHorizontalOverflow } from '../harness/layout';

// Withdraw as a member uses it: an operator credits the member (`ops credit` through the
// operator API, harness/operator.ts); the member
// opens Withdraw, is asked for a payment password first, sets one, binds a bank card with it,
// withdraws part of the balance after confirming amount, charge and what arrives; the header's
// balance drops by the amount at once (held until an operator pays), and the latest withdrawals
// list it as pending. On a desktop and on a 390 px phone, with nothing scrolling sideways.

const PAYMENT_PASSWORD = '135790';

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}

/** Opens Withdraw: the header's button on a desktop, the member centre's menu on a phone. */
async function openWithdraw(page: Page): Promise<void> {
  const headerButton = page.getByTestId('header-withdraw');
  if (await headerButton.isVisible()) {
    await headerButton.click();
  } else {
    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-account-record').click();
    await page.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: 'Withdraw' }).click();
  }
  await expect(page.getByTestId('withdraw')).toBeVisible();
}

let member: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
  // The member's funds come from an operator's credit, which would otherwise have to be staked
  // first (the wagering requirement, tested in new-player-journey.spec.ts and on the server).
  await waiveWageringOnOperatorCredits(true);
  await creditMember(member.username, 200_000);
});

test.afterEach(async () => {
  await waiveWageringOnOperatorCredits(false);
});

async function setPasswordBindCardAndWithdraw(page: Page): Promise<void> {
  const withdraw = page.getByTestId('withdraw');
  // No payment password yet: the page asks for one first.
  await withdraw.getByTestId('withdraw-set-password-paymentPassword').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-set-password-confirmPaymentPassword').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-set-password-submit').click();
  await expect(withdraw.getByTestId('withdraw-cards-empty')).toBeVisible();
  await expect(withdraw.getByTestId('withdraw-balance')).toHaveText('৳2,000.00');

  // Bind a bank card with the payment password; the real name becomes the member's.
  await withdraw.getByTestId('withdraw-add-card').click();
  const modal = page.getByTestId('withdraw-add-card-modal');
  await modal.getByTestId('withdraw-card-bank').selectOption({ label: 'Dutch-Bangla Bank' });
  await modal.getByTestId('withdraw-card-payeeName').fill('Rahim Uddin');
  await modal.getByTestId('withdraw-card-cardNumber').fill(`1${String(Date.now()).slice(-12)}`);
  await modal.getByTestId('withdraw-card-paymentPassword').fill(PAYMENT_PASSWORD);
  await modal.getByTestId('withdraw-add-card-submit').click();
  await expect(modal).toHaveCount(0);
  const card = withdraw.getByRole('radiogroup').locator('li').filter({ hasText: 'Dutch-Bangla Bank' });
  await expect(card).toContainText('Rahim Uddin');
  await expect(card).toContainText(/\*\*\*\*\d{4}/);

  // Withdraw ৳600.50: confirm amount, charge and what arrives.
  await withdraw.getByTestId('withdraw-amount').fill('600.50');
  await withdraw.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await withdraw.getByTestId('withdraw-submit').click();
  const confirm = page.getByTestId('withdraw-confirm');
  await expect(confirm.getByTestId('withdraw-confirm-amount')).toHaveText('৳600.50');
  await expect(confirm.getByTestId('withdraw-confirm-charge')).toHaveText('৳0.00');
  await expect(confirm.getByTestId('withdraw-confirm-received')).toHaveText('৳600.50');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);

  // Held at once: the header's balance drops; the latest withdrawals list it as pending.
  await expect(page.getByTestId('header-balance')).toContainText('1,399.50');
  const recent = withdraw.getByTestId('withdraw-recent');
  await expect(recent.locator('li')).toHaveCount(1);
  await expect(recent.locator('li').first()).toContainText('৳600.50');
  await expect(recent.locator('li').first()).toContainText('Pending');
  await expect(withdraw.getByTestId('withdraw-today')).toHaveText('1 / 5');

  const rows = await operatorSql<{ status: string; amount_minor: string }>(
    `SELECT w.status, w.amount_minor FROM withdrawal w JOIN member m ON m.id = w.member_id WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID}`,
    [member.username],
  );
  expect(rows).toEqual([{ status: 'pending', amount_minor: '60050' }]);
}

test('a member sets a payment password, binds a card and withdraws: the balance drops and the withdrawal is pending', async ({ page }) => {
  await openSite(page, '/');
  await logIn(page, member.username, member.password);
  await openWithdraw(page);
  await setPasswordBindCardAndWithdraw(page);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the withdraw page fits the screen through the whole flow', async ({ page }) => {
    await openSite(page, '/');
    await logIn(page, member.username, member.password);
    await openWithdraw(page);
    await expectNoHorizontalOverflow(page, 'withdraw');
    await setPasswordBindCardAndWithdraw(page);
    await expectNoHorizontalOverflow(page, 'withdraw');
  });
});
