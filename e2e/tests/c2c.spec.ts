import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';
import { creditMember, waiveWageringOnOperatorCredits } from '../harness/operator';
import { expectNoHorizontalOverflow } from '../harness/layout';

// Player-to-player deposits, two members in two browsers: A withdraws to a bank card in
// the member centre; B, on a phone (390 px), deposits by C2C, is shown A's card, marks the payment
// made; A sees the payment on the withdraw page and confirms it received: B's balance shows the
// amount (pushed), A's withdrawal is paid ('Full payment has been made'), and the ledger moved the
// money once, from A's hold to B. The merchant has C2C switched on for this test only.

const PAYMENT_PASSWORD = '135790';
const C2C_SETTING = { enabled: true, minAmount: 100, maxAmount: 50000, payMinutes: 30, confirmMinutes: 30 };

/** Opens the site logged in as `member` (the session token of its registration) and a member-centre page. */
async function openPage(page: Page, member: RegisteredMember, name: 'Deposit' | 'Withdraw', testId: string) {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  const headerButton = page.getByTestId(name === 'Deposit' ? 'header-deposit' : 'header-withdraw');
  if (await headerButton.isVisible()) {
    await headerButton.click();
  } else {
    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-account-record').click();
    await page.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name }).click();
  }
  const overlay = page.getByTestId('mfe_member_center-overlay');
  await expect(overlay.getByTestId(testId)).toBeVisible();
  return overlay;
}

test.beforeEach(async () => {
  await clearThrottles();
  await clearRegistrationLimits();
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'c2c', $1)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(C2C_SETTING)],
  );
  // The withdrawers' funds come from an operator's credit, which would otherwise have to be staked
  // before they may withdraw (the wagering requirement is not what these tests are about).
  await waiveWageringOnOperatorCredits(true);
});

test.afterEach(async () => {
  // Other tests of this worker's merchant see the deposit page without C2C.
  await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'c2c'`);
  await waiveWageringOnOperatorCredits(false);
});

test('B deposits by paying A’s withdrawal card; A confirms it received: B is credited, A’s withdrawal is paid', async ({ page, browser, request }) => {
  const withdrawer = await registerMember(request);
  const depositor = await registerMember(request);
  await creditMember(withdrawer.username, 600_000);
  // An amount no other withdrawal of this merchant has room for: B is matched to A's.
  const amount = '4,321.00';

  // A: payment password, a bank card, a withdrawal of 4,321.00 (held at once).
  const a = await openPage(page, withdrawer, 'Withdraw', 'withdraw');
  await a.getByTestId('withdraw-set-password-paymentPassword').fill(PAYMENT_PASSWORD);
  await a.getByTestId('withdraw-set-password-confirmPaymentPassword').fill(PAYMENT_PASSWORD);
  await a.getByTestId('withdraw-set-password-submit').click();
  await a.getByTestId('withdraw-add-card').click();
  const modal = page.getByTestId('withdraw-add-card-modal');
  const cardNumber = `2${String(Date.now()).slice(-12)}`;
  await modal.getByTestId('withdraw-card-bank').selectOption({ label: 'Dutch-Bangla Bank' });
  await modal.getByTestId('withdraw-card-payeeName').fill('Karim Ahmed');
  await modal.getByTestId('withdraw-card-cardNumber').fill(cardNumber);
  await modal.getByTestId('withdraw-card-paymentPassword').fill(PAYMENT_PASSWORD);
  await modal.getByTestId('withdraw-add-card-submit').click();
  await expect(modal).toHaveCount(0);
  // The charge of the amount shows ~300 ms after it is typed, above the button: the button must
  // not move when it does, or a press already on its way lands beside it (seen on a busy machine:
  // pressed, focused, no confirmation).
  // (Measured from the amount field: filling scrolls the centre's page.)
  const submitBelowAmount = async () => {
    const [amount, submit] = await Promise.all([a.getByTestId('withdraw-amount').boundingBox(), a.getByTestId('withdraw-submit').boundingBox()]);
    return (submit?.y ?? NaN) - (amount?.y ?? NaN);
  };
  const before = await submitBelowAmount();
  await a.getByTestId('withdraw-amount').fill('4321');
  await a.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
  await expect(a.getByTestId('withdraw-charge-preview')).toContainText('4,321.00');
  expect(await submitBelowAmount()).toBe(before);
  await a.getByTestId('withdraw-submit').click();
  const confirm = page.getByTestId('withdraw-confirm');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('1,679.00');
  await expect(a.getByTestId('withdraw-recent').locator('li').first()).toContainText('Pending');

  // B, on a phone: the C2C tab, matched to A's card.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const bPage = await phone.newPage();
  const b = await openPage(bPage, depositor, 'Deposit', 'deposit-page');
  await b.getByTestId('deposit-tab-c2c').click();
  await b.getByTestId('c2c-amount').fill('4321');
  await b.getByTestId('c2c-payerName').fill('Rahim Payer');
  await b.getByTestId('c2c-submit').click();
  const order = b.getByTestId('c2c-order');
  await expect(order.getByTestId('c2c-order-status')).toHaveText('Waiting for your payment');
  await expect(order.getByTestId('c2c-card')).toHaveText(cardNumber);
  await expect(order.getByTestId('c2c-payee')).toHaveText('K**** A****');
  await expect(order.getByTestId('c2c-amount')).toHaveText(`৳${amount}`);
  await expectNoHorizontalOverflow(bPage, 'deposit-page');
  await order.getByTestId('c2c-paid').click();
  await expect(order.getByTestId('c2c-order-status')).toHaveText('Waiting for confirmation');
  await expectNoHorizontalOverflow(bPage, 'deposit-page');

  // A sees the payment to confirm (the page opened again) and confirms it received.
  await page.reload();
  const a2 = await openPage(page, withdrawer, 'Withdraw', 'withdraw');
  const confirmations = a2.getByTestId('c2c-confirmations');
  const item = confirmations.locator('li').first();
  await expect(item).toContainText('From Rahim Payer');
  await expect(item).toContainText(`৳${amount}`);
  await item.getByRole('button', { name: 'Received', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, received' }).click();
  await expect(confirmations).toContainText('Full payment has been made');
  await expect(a2.getByTestId('withdraw-recent').locator('li').first()).toContainText('Paid');

  // B's balance shows the amount (pushed); the order says credited.
  await expect(bPage.getByTestId('header-balance')).toContainText('4,321.00');
  await expect(order.getByTestId('c2c-order-status')).toHaveText('Credited');

  // The money moved once, from A's hold to B, as a deposit.
  const moved = await operatorSql<{ kind: string; n: number }>(
    `SELECT t.kind, count(*)::int AS n FROM c2c_order o JOIN ledger_transaction t ON t.idempotency_key = 'c2c:' || o.id
       JOIN member m ON m.id = o.depositor_id WHERE m.username = $1 GROUP BY t.kind`,
    [depositor.username],
  );
  expect(moved).toEqual([{ kind: 'deposit', n: 1 }]);
  await phone.close();
});
