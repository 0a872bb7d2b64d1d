import { randomBytes } from 'node:crypto';
import { callEncrypted, clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount, creditMember, signInOperator, waiveWageringOnOperatorCredits, type OperatorAccount } from '../harness/operator';
import { expect, test, type APIRequestContext, type Page } from '../harness/test';

// The back office's C2C desk against the real server. Two members reach a dispute through the
// member API, as the site's pages do (c2c.spec.ts clicks the same calls): the withdrawer asks to
// withdraw 3,517.00 to a bank card, the depositor is matched to that card, sends a proof and
// says they paid, the withdrawer answers "not received" with a screenshot. Two cashiers have the
// disputed order open at the same time: the first decides that 3,000.00 arrived, the second's
// "nothing arrived", pressed after, is refused in the server's words and changes nothing. The
// ledger moved the 3,000.00 once, from the withdrawal's hold to the depositor, and the audit trail
// has the decision once, with the order before and after it.

const PAYMENT_PASSWORD = '135790';
const C2C_SETTING = { enabled: true, minAmount: 100, maxAmount: 50000, payMinutes: 30, confirmMinutes: 30 };
/** The server reads an image's type from its bytes: a png's and a jpeg's signature, then anything. */
const PROOF_PNG = `data:image/png;base64,${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('proof')]).toString('base64')}`;
const EVIDENCE_JPEG = `data:image/jpeg;base64,${Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('evidence')]).toString('base64')}`;

const newKey = () => `bo-c2c-${randomBytes(8).toString('hex')}`;

/** A member's call with their session (plain JSON, as the site's client sends it); throws on a refusal. */
async function asMember<T>(request: APIRequestContext, member: RegisteredMember, url: string, data: unknown, idempotencyKey?: string): Promise<T> {
  const response = await request.post(url, { headers: { Authorization: member.token, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) }, data });
  const body = (await response.json()) as { success: boolean; value: T; errorCode: string | null };
  if (!response.ok() || !body.success) throw new Error(`${url} refused: ${response.status()} ${body.errorCode}`);
  return body.value;
}

/** A member's call carrying a password (encrypted, as the site's client sends it); throws on a refusal. */
async function asMemberEncrypted<T>(request: APIRequestContext, member: RegisteredMember, url: string, data: unknown, headers: Record<string, string> = {}): Promise<T> {
  const { status, body } = await callEncrypted<T>(request, 'POST', url, data, { Authorization: member.token, ...headers });
  if (status !== 200 || !body.success) throw new Error(`${url} refused: ${status} ${body.errorCode}`);
  return body.value;
}

/** A withdrawal of `amount` to a new bank card, held at once: the card number and the withdrawal's id. */
async function withdrawToCard(request: APIRequestContext, member: RegisteredMember, amount: number): Promise<{ cardNumber: string; withdrawalId: number }> {
  await asMemberEncrypted(request, member, '/wps/relay/setWithdrawPassword', { paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD });
  const cardNumber = `3${String(Date.now()).slice(-12)}`;
  const { bankCardId } = await asMemberEncrypted<{ bankCardId: number }>(request, member, '/wps/relay/withdrawAddCard', {
    payeeName: 'Karim Ahmed',
    bankCode: 'DBBL',
    cardNumber,
    cardType: 'BC',
    paymentPassword: PAYMENT_PASSWORD,
  });
  const withdrawal = await asMemberEncrypted<{ withdrawId: number }>(
    request,
    member,
    '/wps/relay/withdraw',
    { amount, bankCardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' },
    { 'Idempotency-Key': newKey() },
  );
  return { cardNumber, withdrawalId: withdrawal.withdrawId };
}

/** Signs `account` in, opens the C2C desk (disputed orders first) and the order's detail. */
async function openDispute(page: Page, account: OperatorAccount, orderNumber: string) {
  await signInToBackOffice(page, account);
  await backOfficeSections(page).filter({ hasText: 'C2C disputes' }).click();
  await expect(page.getByRole('heading', { name: 'C2C disputes' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('disputed');
  const row = page.locator(`[data-testid="c2c-row"][data-number="${orderNumber}"]`);
  await row.getByRole('button', { name: 'Open' }).click();
  const detail = page.getByTestId('c2c-detail');
  await expect(detail.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  return { row, detail, decision: detail.getByTestId('c2c-decision') };
}

test.beforeEach(async () => {
  await clearThrottles();
  await clearRegistrationLimits();
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'c2c', $1)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify(C2C_SETTING)],
  );
  // The withdrawer's funds are an operator's credit, which would otherwise have to be staked first.
  await waiveWageringOnOperatorCredits(true);
});

test.afterEach(async () => {
  // Other tests of this worker's merchant see the deposit page without C2C.
  await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'c2c'`);
  await waiveWageringOnOperatorCredits(false);
});

test('a cashier decides a disputed C2C order: the part that arrived is credited once; a second decision is refused; audited once', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const withdrawer = await registerMember(request);
  const depositor = await registerMember(request);
  await creditMember(withdrawer.username, 400_000);
  const { cardNumber, withdrawalId } = await withdrawToCard(request, withdrawer, 3517);

  // The depositor is matched to that card (no other withdrawal of the merchant has room for
  // 3,517.00 while this test runs), pays, sends the proof and says so.
  const order = await asMember<{ depositId: number; orderId: number; cardNumber: string }>(
    request,
    depositor,
    '/wps/relay/depositC2C',
    { amount: 3517, payerName: 'Rahim Payer' },
    newKey(),
  );
  expect(order.cardNumber).toBe(cardNumber);
  await asMember(request, depositor, '/wps/relay/uploadC2CProof', { depositId: order.depositId, image: PROOF_PNG });
  await asMember(request, depositor, '/wps/relay/confirmC2CPaid', { depositId: order.depositId });
  // The withdrawer says nothing arrived, with a screenshot of their bank: the order is disputed.
  const answered = await asMember<{ status: string }>(
    request,
    withdrawer,
    '/wps/relay/confirmC2CReceipt',
    { orderId: order.orderId, result: 'not_received', images: [EVIDENCE_JPEG] },
    newKey(),
  );
  expect(answered.status).toBe('disputed');
  const orderNumber = `C${order.orderId}`;

  // The second cashier opens the same order first and gets as far as the confirmation of
  // "nothing arrived". Their list refreshes itself every 15 s, which would take the decided order
  // away from under them: their page's clock stands still from then on (time moves for everything
  // else), so the press below lands on the order as they last saw it, as it would for a cashier
  // pressing a moment after a colleague.
  const second = await createOperatorAccount('cashier');
  const secondContext = await browser.newContext();
  const late = await secondContext.newPage();
  await late.clock.install();
  const lateDesk = await openDispute(late, second, orderNumber);
  await lateDesk.decision.getByLabel('Decision').selectOption({ label: 'Nothing arrived' });
  await expect(lateDesk.decision.getByLabel('Amount that arrived')).toHaveCount(0);
  await lateDesk.decision.getByRole('button', { name: 'Decide' }).click();
  const lateConfirm = lateDesk.decision.getByRole('group', { name: 'Confirm' });
  await expect(lateConfirm).toContainText(`Reject order ${orderNumber}: ${depositor.username} is credited nothing and ${withdrawer.username}'s withdrawal is released?`);
  await late.clock.pauseAt(Date.now() + 2_000);

  // The first cashier: both sides' images, the amount (the whole order unless changed), 3,000.00.
  const cashier = await createOperatorAccount('cashier');
  const desk = await openDispute(page, cashier, orderNumber);
  await expect(desk.row).toContainText(depositor.username);
  await expect(desk.row).toContainText('Rahim Payer');
  await expect(desk.row).toContainText(withdrawer.username);
  await expect(desk.row).toContainText('3,517.00');
  await expect(desk.row).toContainText('Disputed');
  await expect(desk.detail).toContainText(cardNumber);
  await expect(desk.detail.locator('figcaption')).toHaveText(["Payer's proof of payment", "Withdrawer's evidence"]);
  const amount = desk.decision.getByLabel('Amount that arrived');
  await expect(amount).toHaveValue('3517');
  // More than the order is not offered.
  await amount.fill('3600');
  await expect(desk.decision.getByRole('button', { name: 'Decide' })).toBeDisabled();
  await amount.fill('3000');
  await desk.decision.getByRole('button', { name: 'Decide' }).click();
  const confirm = desk.decision.getByRole('group', { name: 'Confirm' });
  await expect(confirm).toContainText(`Credit 3,000.00 to ${depositor.username} from ${withdrawer.username}'s withdrawal?`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${orderNumber} decided: 3,000.00 credited to ${depositor.username}.` })).toBeVisible();
  // Decided: out of the disputed list; among every status, confirmed by an operator.
  await expect(desk.row).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Every status' });
  await expect(desk.row).toContainText('Confirmed');
  await expect(desk.row).toContainText('decided by an operator');
  await expect(desk.row.locator('td').nth(4)).toHaveText('3,000.00');
  // The order opened before is open again, decided, with who decided it and no decision to make.
  await expect(desk.row.getByRole('button', { name: 'Close' })).toBeVisible();
  await expect(desk.detail.locator('dt:text-is("Decided by") + dd')).toHaveText(cashier.username);
  await expect(desk.detail.getByTestId('c2c-decision')).toHaveCount(0);

  // The second cashier confirms "nothing arrived" now: refused in the server's words, no notice.
  await lateConfirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(late.getByRole('alert')).toContainText('This payment order can no longer be changed this way');
  await expect(late.getByRole('status')).toHaveCount(0);
  await secondContext.close();

  // The money moved once, as decided: 3,000.00 from the withdrawal's hold to the depositor.
  const moved = await operatorSql<{ kind: string; account: string; amount: string; member: string | null }>(
    `SELECT t.kind, a.kind AS account, p.amount_minor::text AS amount, m.username AS member
       FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
       JOIN ledger_account a ON a.id = p.account_id LEFT JOIN member m ON m.id = a.member_id
      WHERE t.merchant_id = ${WORKER_MERCHANT_ID} AND t.idempotency_key = $1 ORDER BY p.amount_minor`,
    [`c2c:${order.orderId}`],
  );
  expect(moved).toEqual([
    { kind: 'deposit', account: 'house_withdrawal_hold', amount: '-300000', member: null },
    { kind: 'deposit', account: 'member_main', amount: '300000', member: depositor.username },
  ]);
  const balances = async () =>
    Object.fromEntries(
      (
        await operatorSql<{ username: string; balance: string }>(
          `SELECT m.username, a.balance_minor::text AS balance FROM ledger_account a JOIN member m ON m.id = a.member_id
            WHERE a.kind = 'member_main' AND a.unit = 'REAL' AND m.merchant_id = ${WORKER_MERCHANT_ID} AND m.username IN ($1, $2)`,
          [depositor.username, withdrawer.username],
        )
      ).map((row) => [row.username, row.balance]),
    );
  expect(await balances()).toEqual({ [depositor.username]: '300000', [withdrawer.username]: '48300' });
  const [stored] = await operatorSql<{ status: string; outcome: string; received: string; operator: string; settled: string; reserved: string; withdrawal: string }>(
    `SELECT o.status, o.outcome, o.received_minor::text AS received, o.operator_name AS operator,
            w.c2c_settled_minor::text AS settled, w.c2c_reserved_minor::text AS reserved, w.status AS withdrawal
       FROM c2c_order o JOIN withdrawal w ON w.id = o.withdrawal_id WHERE o.id = $1`,
    [order.orderId],
  );
  expect(stored).toEqual({ status: 'confirmed', outcome: 'operator', received: '300000', operator: cashier.username, settled: '300000', reserved: '0', withdrawal: 'pending' });

  // The audit trail: the decision once, with the order before and after; the late one refused.
  const trail = await operatorSql<{ operator: string; outcome: string; error_code: string | null; detail: Record<string, unknown> }>(
    `SELECT o.username AS operator, a.outcome, a.error_code, a.detail FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE a.merchant_id = ${WORKER_MERCHANT_ID} AND a.action = 'peer_payment.resolve' AND a.target_type = 'peer_payment' AND a.target_id = $1 AND a.outcome <> 'started'
      ORDER BY a.id`,
    [orderNumber],
  );
  expect(trail).toEqual([
    {
      operator: cashier.username,
      outcome: 'ok',
      error_code: null,
      detail: {
        before: { status: 'disputed', outcome: null, amount: 3517, receivedAmount: null, operator: null },
        after: { status: 'confirmed', outcome: 'operator', amount: 3517, receivedAmount: 3000, operator: cashier.username },
      },
    },
    { operator: second.username, outcome: 'refused', error_code: 'c2c.order.state.invalid', detail: { received: false } },
  ]);

  // Clean-up: the 517.00 nobody paid goes back to the withdrawer (an operator rejects the rest of
  // the withdrawal), so no open withdrawal of this test is left for another test's depositor.
  const admin = await signInOperator();
  const rejected = await admin.ops(['reject-withdrawal', `W${withdrawalId}`, '--reason', 'Rest not paid by C2C']);
  expect(rejected.code, rejected.lines.join('\n')).toBe(0);
  expect(await balances()).toEqual({ [depositor.username]: '300000', [withdrawer.username]: '100000' });
});
