import { hashPassword } from '../../server/src/modules/identity';
import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Page } from '../harness/test';
import { expectNoHorizontalOverflow } from '../harness/layout';

// Transfer to upline and profit and loss as members use them. Two members register; the
// operator makes them an agent and the agent's upline (member type, upline and the agent's payment
// password set with the owner's SQL role, as the back office would) and credits the agent (a
// ledger transaction and its postings). The agent opens Transfer to Upline from the member
// centre's menu, sends part of the balance with a remark and the payment password after the
// confirmation: their balance and the header drop at once, the log lists the transfer, and the
// upline's balance grows by the amount, with the transfer in the upline's records. A plain member
// has no Transfer to Upline in the menu, and sees a deposit in Profit and Loss. On a desktop and on
// a 390 px phone, with nothing scrolling sideways.

const PAYMENT_PASSWORD = '135790';
let keyCounter = 0;

/** Moves `amountMinor` to the member's main wallet from a house account, with the ledger kind given. */
async function credit(username: string, amountMinor: number, kind: 'operator_adjustment' | 'deposit'): Promise<void> {
  const house = kind === 'deposit' ? 'house_deposits' : 'house_adjustments';
  const [member] = await operatorSql<{ id: string; merchant_id: number }>(
    `SELECT id, merchant_id FROM member WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`,
    [username],
  );
  await operatorSql(
    `INSERT INTO ledger_account (merchant_id, member_id, kind, unit, created_at) VALUES ($1, $2, 'member_main', 'REAL', now())
     ON CONFLICT (member_id) WHERE kind = 'member_main' DO NOTHING`,
    [member.merchant_id, member.id],
  );
  await operatorSql(
    `INSERT INTO ledger_account (merchant_id, kind, unit, created_at) VALUES ($1, $2, 'REAL', now())
     ON CONFLICT (merchant_id, kind) WHERE member_id IS NULL DO NOTHING`,
    [member.merchant_id, house],
  );
  const accounts = await operatorSql<{ id: string; member_id: string | null }>(
    `SELECT id, member_id FROM ledger_account
      WHERE merchant_id = $1 AND ((member_id = $2 AND kind = 'member_main') OR (member_id IS NULL AND kind = $3))`,
    [member.merchant_id, member.id, house],
  );
  const playerAccount = accounts.find((account) => account.member_id !== null)!.id;
  const houseAccount = accounts.find((account) => account.member_id === null)!.id;
  // One statement: the transaction and its two postings (in account id order, as the ledger locks).
  await operatorSql(
    `WITH t AS (
       INSERT INTO ledger_transaction (merchant_id, idempotency_key, kind, unit, created_at)
       VALUES ($1, $2, $7, 'REAL', now()) RETURNING id
     )
     INSERT INTO ledger_posting (transaction_id, account_id, amount_minor, balance_after_minor)
     SELECT t.id, p.account_id, p.amount_minor, 0
       FROM t, (VALUES ($3::bigint, $4::bigint), ($5::bigint, $6::bigint)) AS p (account_id, amount_minor)
      ORDER BY p.account_id`,
    [member.merchant_id, `e2e-upline-${Date.now()}-${++keyCounter}`, playerAccount, amountMinor, houseAccount, -amountMinor, kind],
  );
}

/** The operator makes `agent` an agent (type 2) under `upline` (an agent, type 1), with the agent's payment password. */
async function makeAgentUnder(agent: string, upline: string): Promise<void> {
  await operatorSql(`UPDATE member SET member_type = 1 WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [upline]);
  const rows = await operatorSql(
    `UPDATE member SET member_type = 2, payment_password_hash = $3,
            upline_id = (SELECT id FROM member WHERE username = $2 AND merchant_id = ${WORKER_MERCHANT_ID})
      WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID} RETURNING id`,
    [agent, upline, await hashPassword(PAYMENT_PASSWORD)],
  );
  if (!rows[0]) throw new Error(`no member ${agent}`);
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

/** Opens the member centre from the avatar menu (on Account Record). */
async function openCentre(page: Page) {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-account-record').click();
  const menu = page.getByRole('navigation', { name: 'Member Centre' });
  await expect(menu).toBeVisible();
  return menu;
}

/** A member's answer of a GET with their token. */
async function getAs<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { Authorization: token } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { value: T }).value;
}

let agent: RegisteredMember;
let upline: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  upline = await registerMember(request);
  agent = await registerMember(request);
  await makeAgentUnder(agent.username, upline.username);
  await credit(agent.username, 200_000, 'operator_adjustment');
});

async function transferToUpline(page: Page, request: APIRequestContext): Promise<void> {
  const menu = await openCentre(page);
  await menu.getByRole('button', { name: 'Transfer to Upline' }).click();
  const panel = page.getByTestId('transfer-upline');
  await expect(panel.getByTestId('transfer-upline-balance')).toHaveText('৳2,000.00');
  await expectNoHorizontalOverflow(page, 'transfer-upline');

  await panel.getByTestId('transfer-upline-amount').fill('345.67');
  await panel.getByTestId('transfer-upline-remark').fill('Weekly settlement');
  await panel.getByTestId('transfer-upline-password').fill(PAYMENT_PASSWORD);
  await panel.getByTestId('transfer-upline-submit').click();
  const confirm = page.getByTestId('transfer-upline-confirm');
  await expect(confirm.getByTestId('transfer-upline-confirm-amount')).toHaveText('৳345.67');
  await expect(confirm.getByTestId('transfer-upline-confirm-remark')).toHaveText('Weekly settlement');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm).toHaveCount(0);

  // The agent's balance drops at once, here and in the header; the log lists the transfer.
  await expect(panel.getByTestId('transfer-upline-balance')).toHaveText('৳1,654.33');
  await expect(page.getByTestId('header-balance')).toContainText('1,654.33');
  const log = panel.getByRole('table', { name: 'Transfers to upline' });
  await expect(log.locator('tbody tr')).toHaveCount(1);
  await expect(log.locator('tbody tr').first()).toContainText('৳345.67');
  await expect(log.locator('tbody tr').first()).toContainText('Weekly settlement');
  await expectNoHorizontalOverflow(page, 'transfer-upline');

  // The upline's balance grew by the amount, and their records show where it came from.
  expect(await getAs<{ sumBalance: number }>(request, upline.token, '/wps/v2/wallets/balance')).toEqual({ sumBalance: 345.67 });
  const now = Date.now();
  const records = await getAs<{ list: { txTypeName: string; amount: number; remark: string }[] }>(
    request,
    upline.token,
    `/wps/relay/ODSFE2_MemTransDet?startTime=${now - 3_600_000}&endTime=${now + 60_000}`,
  );
  expect(records.list).toEqual([expect.objectContaining({ txTypeName: 'Transfer from downline', amount: 345.67, remark: 'Weekly settlement' })]);
}

test('an agent transfers to their upline: the agent’s balance drops, the upline’s grows', async ({ page, request }) => {
  await openSite(page, '/');
  await logIn(page, agent.username, agent.password);
  await transferToUpline(page, request);
});

test.describe('profit and loss', () => {
  // The site's days are the merchant's (UTC+6): a member there sees today's deposit under today.
  test.use({ timezoneId: 'Asia/Dhaka' });

  test('a plain member has no transfer to upline, and sees a deposit in profit and loss', async ({ page }) => {
    const player = upline;
    await operatorSql(`UPDATE member SET member_type = 0 WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [player.username]);
    await credit(player.username, 123_450, 'deposit');
    await openSite(page, '/');
    await logIn(page, player.username, player.password);
    const menu = await openCentre(page);
    await expect(menu.getByRole('button', { name: 'Profit and Loss' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Transfer to Upline' })).toHaveCount(0);
    await menu.getByRole('button', { name: 'Profit and Loss' }).click();
    const table = page.getByTestId('personal-profit').getByRole('table', { name: 'Profit and loss' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr').first()).toContainText('৳1,234.50');
    await expect(table.locator('tfoot')).toContainText('৳1,234.50');
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Asia/Dhaka' });

  test('the transfer to upline fits the screen through the whole flow', async ({ page, request }) => {
    await openSite(page, '/');
    await logIn(page, agent.username, agent.password);
    await transferToUpline(page, request);
  });

  test('profit and loss fits the screen', async ({ page }) => {
    await credit(agent.username, 5_000, 'deposit');
    await openSite(page, '/');
    await logIn(page, agent.username, agent.password);
    const menu = await openCentre(page);
    await menu.getByRole('button', { name: 'Profit and Loss' }).click();
    await expect(page.getByTestId('personal-profit').locator('tbody tr')).toHaveCount(1);
    await expectNoHorizontalOverflow(page, 'personal-profit');
  });
});
