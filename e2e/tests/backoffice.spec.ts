import { readFile } from 'node:fs/promises';
import { clearRegistrationLimits, registerMember, type RegisteredMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { E2E_BASE_URL, E2E_OPS_URL } from '../harness/constants';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The operator back office in a browser, against the real server: served on the operator
// listener only (its root sends to /ops/), signed in with a password and the authenticator's
// code, the sections a role opens and no others (the server refuses the rest whatever the page
// shows). A cashier approves a member's deposit from the queue: the member's open page shows the
// money without a reload, the dashboard counts it, and the audit log has the approval once, in
// its CSV export too.


/** A dashboard card's figure as a number (1,234.50 → 1234.5). */
async function figure(page: Page, name: string): Promise<number> {
  const text = (await page.getByTestId('dashboard-totals').locator(`[data-figure="${name}"] p`).nth(1).textContent()) ?? '';
  return Number(text.replace(/,/g, ''));
}

let member: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearRegistrationLimits();
  member = await registerMember(request);
});

test('a cashier approves a deposit: the member sees the money at once, the dashboard counts it, the audit log has it once', async ({ page, browser, request }) => {
  // The member's page is open, balance 0.00.
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/download');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  const deposit = await request.post('/wps/relay/depositMTV3', { headers: { authorization: member.token, 'Idempotency-Key': `e2e-${member.username}-deposit` }, data: { amount: 500, payeeName: 'Rahim Uddin' } });
  expect(deposit.ok(), await deposit.text()).toBe(true);
  const refCode = ((await deposit.json()) as { value: { refCode: string } }).value.refCode;

  // The cashier, in a browser of their own.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const cashier = await createOperatorAccount('cashier');
  await signInToBackOffice(office, cashier);
  await expect(backOfficeSections(office)).toHaveText(['Dashboard', 'Players', 'Deposits', 'Withdrawals', 'Adjustments', 'C2C disputes']);
  await expect(office.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(office.getByTestId('dashboard-totals').locator('[data-figure="depositAmount"] p').nth(1)).toHaveText(/\d/);
  const depositedBefore = await figure(office, 'depositAmount');

  await backOfficeSections(office).filter({ hasText: 'Deposits' }).click();
  const row = office.locator(`[data-testid="deposit-row"][data-number="${refCode}"]`);
  await expect(row).toContainText(member.username);
  await expect(row).toContainText('500.00');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(row.getByLabel('Amount received')).toHaveValue('500');
  await row.getByRole('button', { name: 'Credit the member' }).click();
  await expect(office.getByRole('status').filter({ hasText: `${refCode} approved: 500.00 credited.` })).toBeVisible();
  // Decided: out of the pending queue.
  await expect(row).toHaveCount(0);

  // Pushed to the member's open page.
  await expect(page.getByTestId('header-balance')).toContainText('500.00');

  // The player's page in the back office: the balance and the movement, with the cashier's name on it.
  await backOfficeSections(office).filter({ hasText: 'Players' }).click();
  await office.getByLabel('Find a player').fill(member.username);
  await office.getByRole('button', { name: 'Search' }).click();
  await office.getByTestId('player-results').getByRole('button', { name: member.username }).click();
  const player = office.getByTestId('player-detail');
  await expect(player.getByTestId('player-balance').first()).toHaveText('500.00');
  await expect(player.getByTestId('player-movements')).toContainText(refCode);

  // The dashboard counts it.
  await backOfficeSections(office).filter({ hasText: 'Dashboard' }).click();
  await expect(async () => {
    await office.getByRole('button', { name: 'Refresh' }).click();
    expect(await figure(office, 'depositAmount')).toBeCloseTo(depositedBefore + 500, 2);
  }).toPass({ timeout: 15_000 });

  // The audit log: the cashier cannot read it; an admin finds the approval once, and exports it.
  await expect(backOfficeSections(office).filter({ hasText: 'Audit log' })).toHaveCount(0);
  const admin = await createOperatorAccount('admin');
  // A tab of its own: the back office keeps its session per tab.
  const auditDesk = await desk.newPage();
  await signInToBackOffice(auditDesk, admin);
  await backOfficeSections(auditDesk).filter({ hasText: 'Audit log' }).click();
  await auditDesk.getByLabel('Operator').fill(cashier.username);
  await auditDesk.getByLabel('Action').fill('deposit.approve');
  await auditDesk.getByRole('button', { name: 'Search' }).click();
  const entries = auditDesk.getByTestId('audit-row').filter({ hasText: refCode }).filter({ hasText: 'done' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText(cashier.username);
  const download = auditDesk.waitForEvent('download');
  await auditDesk.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\n')[0]).toMatch(/operator/i);
  expect(csv).toContain(refCode);
  expect(csv).toContain(cashier.username);
  await desk.close();
});

test('an adjustment above the four-eyes threshold moves nothing until a second cashier approves it; the member sees it at once then', async ({ page, browser }) => {
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/download');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');

  // The first cashier asks for 60,000.00 (above the default threshold of 50,000.00).
  const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const asker = await first.newPage();
  const carol = await createOperatorAccount('cashier');
  await signInToBackOffice(asker, carol);
  await backOfficeSections(asker).filter({ hasText: 'Players' }).click();
  await asker.getByLabel('Find a player').fill(member.username);
  await asker.getByRole('button', { name: 'Search' }).click();
  await asker.getByTestId('player-results').getByRole('button', { name: member.username }).click();
  await asker.getByRole('button', { name: 'Adjust balance' }).click();
  await asker.getByLabel('Amount').fill('60000');
  await asker.getByLabel('Reason (kept in the audit log)').fill('Tournament prize');
  await asker.getByRole('button', { name: 'Post the adjustment' }).click();
  await expect(asker.getByRole('status').filter({ hasText: 'is above the four-eyes threshold: nothing moved yet' })).toBeVisible();
  // Their own request: no approval offered to them.
  await backOfficeSections(asker).filter({ hasText: 'Adjustments' }).click();
  const own = asker.getByTestId('adjustment-row').filter({ hasText: member.username });
  await expect(own).toContainText('Yours: another cashier approves it');
  await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');

  // A second cashier approves it: the member's open page shows the money without a reload.
  const second = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const approver = await second.newPage();
  await signInToBackOffice(approver, await createOperatorAccount('cashier'));
  await backOfficeSections(approver).filter({ hasText: 'Adjustments' }).click();
  const request = approver.getByTestId('adjustment-row').filter({ hasText: member.username });
  await expect(request).toContainText('60,000.00');
  await expect(request).toContainText(carol.username);
  await request.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByRole('status').filter({ hasText: `60,000.00 posted to ${member.username}` })).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('60,000.00');
  await first.close();
  await second.close();
});

test('roles decide what appears, and the server refuses the rest; the site never serves the back office', async ({ browser, request }) => {
  const desk = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const office = await desk.newPage();

  // Content staff: the dashboard, not the money queues or the audit log, even by their address.
  await signInToBackOffice(office, await createOperatorAccount('content'));
  await expect(backOfficeSections(office).filter({ hasText: 'Dashboard' })).toHaveCount(1);
  for (const name of ['Deposits', 'Withdrawals', 'Audit log']) await expect(backOfficeSections(office).filter({ hasText: name })).toHaveCount(0);
  await office.goto(`${E2E_OPS_URL}/ops/deposits`);
  await expect(office.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(office.getByTestId('deposits')).toHaveCount(0);

  // Whatever the page shows, the server decides: content's token cannot approve a deposit.
  const refused = await office.evaluate(async () => {
    const { token } = JSON.parse(window.sessionStorage.getItem('backoffice.session')!) as { token: string };
    const response = await fetch('/ops/v1/deposits/D1/approve', { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    return { status: response.status, errorCode: ((await response.json()) as { errorCode: string }).errorCode };
  });
  expect(refused).toEqual({ status: 403, errorCode: 'operator.role.forbidden' });

  // Signing out ends the token on the server: the page is back at the sign-in, and the token is refused.
  const token = await office.evaluate(() => (JSON.parse(window.sessionStorage.getItem('backoffice.session')!) as { token: string }).token);
  await office.getByRole('button', { name: 'Sign out' }).click();
  await expect(office.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await expect(async () => {
    const after = await request.get(`${E2E_OPS_URL}/ops/v1/session`, { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  }).toPass({ timeout: 10_000 });

  // A wrong code is refused with the server's words; nothing opens.
  const cashier = await createOperatorAccount('cashier');
  await office.getByLabel('Merchant code').fill(cashier.merchantCode);
  await office.getByLabel('Username').fill(cashier.username);
  await office.getByLabel('Password').fill(cashier.password);
  await office.getByLabel('Authenticator code (6 digits)').fill(cashier.code() === '000000' ? '111111' : '000000');
  await office.getByRole('button', { name: 'Sign in' }).click();
  await expect(office.getByRole('alert')).not.toBeEmpty();
  await expect(office.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);

  // Customer service finds a player but has no adjustment: the action is not offered, and the
  // server refuses it anyway.
  const support = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const desk2 = await support.newPage();
  await signInToBackOffice(desk2, await createOperatorAccount('support'));
  await expect(backOfficeSections(desk2)).toHaveText(['Players', 'Support']);
  await desk2.getByLabel('Find a player').fill(member.username);
  await desk2.getByRole('button', { name: 'Search' }).click();
  await desk2.getByTestId('player-results').getByRole('button', { name: member.username }).click();
  await expect(desk2.getByTestId('player-detail').getByRole('heading', { name: member.username })).toBeVisible();
  await expect(desk2.getByRole('button', { name: 'Adjust balance' })).toHaveCount(0);
  await expect(desk2.getByRole('button', { name: 'Block' })).toHaveCount(0);
  const adjusted = await desk2.evaluate(async (username) => {
    const { token } = JSON.parse(window.sessionStorage.getItem('backoffice.session')!) as { token: string };
    const response = await fetch(`/ops/v1/members/${username}/adjustments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'support-tries-0001' },
      body: JSON.stringify({ amount: 100, direction: 'credit', reason: 'Not mine to give' }),
    });
    return { status: response.status, errorCode: ((await response.json()) as { errorCode: string }).errorCode };
  }, member.username);
  expect(adjusted).toEqual({ status: 403, errorCode: 'operator.role.forbidden' });
  await support.close();

  // The player site's listener answers none of it.
  expect((await request.get(`${E2E_BASE_URL}/ops/`, { headers: { accept: 'text/html' } })).status()).toBe(404);
  expect((await request.get(`${E2E_BASE_URL}/ops/v1/session`)).status()).toBe(404);
  await desk.close();
});
