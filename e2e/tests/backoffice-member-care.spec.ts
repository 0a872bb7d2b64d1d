import { Secret, TOTP } from 'otpauth';
import { callEncrypted, clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount, type OperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '../harness/test';

// Customer service's account help in the back office's Players section, against the real server
// and the player site. A member with an authenticator app calls in: a risk analyst removes the
// second factor, and the member signs in with the password alone; a support agent gives them a
// temporary password (shown once), which signs in once and only to choose a password of their
// own, and writes a staff note. A cashier, who may not do either, is offered neither. Each change
// is in the audit trail once, with before and after, never the temporary password.

/** The member's own password after the temporary one (8-64 characters, not a common one). */
const OWN_PASSWORD = 'Heron-lake 77 dusk';

/** Binds an authenticator app through the member API, as the security settings do; answers the app. */
async function enrolAuthenticator(request: APIRequestContext, member: RegisteredMember): Promise<TOTP> {
  const started = await request.post('/wps/v2/member/2fa/totp', { headers: { Authorization: member.token } });
  const { secretKey } = ((await started.json()) as { value: { secretKey: string } }).value;
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretKey) });
  const { status, body } = await callEncrypted<{ bindGA: boolean }>(
    request,
    'POST',
    '/wps/v2/member/2fa/totp/confirm',
    { code: app.generate(), password: member.password },
    { Authorization: member.token },
  );
  if (status !== 200 || !body.success || !body.value.bindGA) throw new Error(`binding refused: ${status} ${body.errorCode}`);
  return app;
}

/** Signs `account` in to the back office and opens `username` in the Players section. */
async function openPlayer(page: Page, account: OperatorAccount, username: string) {
  await signInToBackOffice(page, account);
  await backOfficeSections(page).filter({ hasText: 'Players' }).click();
  await page.getByLabel('Find a player').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByTestId('player-results').getByRole('button', { name: username, exact: true }).click();
  const detail = page.getByTestId('player-detail');
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(username);
  // The notes load with the detail; every desk here may read them.
  await expect(detail.getByTestId('player-notes')).toBeVisible();
  return detail;
}

/** The player site's login popup, username and password filled and sent; answers the popup. */
async function logIn(page: Page, username: string, password: string) {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
  return popup;
}

async function expectLoggedIn(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  await expect(page.getByTestId('header-login')).toHaveCount(0);
}

async function signOut(page: Page) {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-sign-out').click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

/** The member's audit entries of `action` that went through, oldest first. */
async function auditedOk(username: string, action: string) {
  return operatorSql<{ operator: string; detail: Record<string, unknown> }>(
    `SELECT o.username AS operator, a.detail FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE a.merchant_id = ${WORKER_MERCHANT_ID} AND a.action = $1 AND a.target_type = 'member' AND a.target_id = $2 AND a.outcome = 'ok'
      ORDER BY a.id`,
    [action, username],
  );
}

test.beforeEach(async ({ page }) => {
  await clearThrottles();
  await clearRegistrationLimits();
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test('account help: the second factor removed, a temporary password shown once that must be changed, a staff note; a cashier is offered neither', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const member = await registerMember(request);
  await enrolAuthenticator(request, member);

  // The member's password alone no longer signs in: the site asks for the app's code.
  await openSite(page, '/');
  const asked = await logIn(page, member.username, member.password);
  await expect(asked.getByTestId('two-factor-form')).toHaveAttribute('data-factor', 'totp');
  await expect(page.getByTestId('header-balance')).toHaveCount(0);

  // Each member of staff in a browser of their own.
  const desks: BrowserContext[] = [];
  const deskPage = async () => {
    desks.push(await browser.newContext());
    return desks[desks.length - 1].newPage();
  };

  // A cashier reads the member and their notes, and is offered no account help.
  const cashier = await createOperatorAccount('cashier');
  let detail = await openPlayer(await deskPage(), cashier, member.username);
  await expect(detail.getByTestId('player-care')).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Reset password' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Reset second factor' })).toHaveCount(0);
  await expect(detail.getByTestId('player-notes')).toContainText('No note yet.');

  // A risk analyst removes the lost authenticator, giving the reason.
  const analyst = await createOperatorAccount('risk');
  detail = await openPlayer(await deskPage(), analyst, member.username);
  const care = detail.getByTestId('player-care');
  await care.getByRole('button', { name: 'Reset second factor' }).click();
  await expect(care).toContainText('the password alone will sign in');
  const remove = care.getByRole('button', { name: 'Remove the second factors' });
  await expect(remove).toBeDisabled();
  await care.getByLabel('Reason: how the member was identified (kept in the audit log)').fill('Lost phone; identity checked by video call');
  await remove.click();
  await expect(care.getByRole('status')).toHaveText(`Removed from ${member.username}: authenticator app. Their sessions ended.`);
  await expect(remove).toHaveCount(0);

  // The member signs in with the password alone (the login asked for a code before is over).
  await page.reload();
  await logIn(page, member.username, member.password);
  await expectLoggedIn(page);

  // A support agent gives a temporary password: shown once, then hidden for good.
  const agent = await createOperatorAccount('support');
  detail = await openPlayer(await deskPage(), agent, member.username);
  const help = detail.getByTestId('player-care');
  await help.getByRole('button', { name: 'Reset password' }).click();
  await help.getByLabel('Reason: how the member was identified (kept in the audit log)').fill('Caller answered the security questions');
  await help.getByRole('button', { name: 'Replace the password' }).click();
  // The member's session of a moment ago is the one that ended.
  await expect(help.getByRole('status')).toHaveText(`${member.username} has a temporary password; 1 session(s) ended.`);
  const shown = help.getByTestId('temporary-password');
  await expect(shown).toContainText('Shown only this once');
  const temporary = (await shown.locator('code').textContent()) ?? '';
  expect(temporary).toMatch(/^[a-km-zA-HJ-NP-Z2-9]{12}$/);
  await shown.getByRole('button', { name: 'Done, hide it' }).click();
  await expect(help.getByTestId('temporary-password')).toHaveCount(0);
  await expect(detail).not.toContainText(temporary);

  // And a staff note, shown with who wrote it.
  const note = `Called about a lost phone; password reset to a temporary one (${Date.now()})`;
  const notes = detail.getByTestId('player-notes');
  await notes.getByLabel('New note').fill(note);
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByRole('status')).toHaveText('Note added.');
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('listitem').first()).toContainText(note);
  await expect(notes.getByRole('listitem').first()).toContainText(agent.username);

  // The member's session ended: the site finds them signed out.
  await page.getByTestId('header-balance-refresh').click();
  await expect(page.getByTestId('header-login')).toBeVisible();

  // The temporary password signs in only to choose their own: the change comes first.
  await logIn(page, member.username, temporary);
  const change = page.getByRole('dialog', { name: 'Change password' });
  await expect(change.getByTestId('change-password-form')).toBeVisible();
  await expect(change.getByTestId('change-password-username')).toHaveValue(member.username);
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await change.getByTestId('change-password-newPassword').fill(OWN_PASSWORD);
  await change.getByTestId('change-password-confirmNewPassword').fill(OWN_PASSWORD);
  await change.getByTestId('change-password-submit').click();
  await expect(page.getByRole('status').filter({ hasText: 'Password changed. Please log in with your new password.' })).toBeVisible();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await expect(popup.getByTestId('login-username')).toHaveValue(member.username);
  await popup.getByTestId('login-password').fill(OWN_PASSWORD);
  await popup.getByTestId('login-submit').click();
  await expectLoggedIn(page);

  // The temporary password worked once: it signs in no more.
  await signOut(page);
  await logIn(page, member.username, temporary);
  await expect(page.getByRole('alert').filter({ hasText: 'Incorrect username or password' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Change password' })).toHaveCount(0);

  // The audit trail: each change once, with before and after; the temporary password nowhere.
  expect(await auditedOk(member.username, 'member.second_factor_reset')).toEqual([
    { operator: analyst.username, detail: { reason: 'Lost phone; identity checked by video call', before: { secondFactors: ['totp'] }, after: { secondFactors: [] } } },
  ]);
  const resets = await auditedOk(member.username, 'member.password_reset');
  expect(resets).toHaveLength(1);
  expect(resets[0]).toMatchObject({
    operator: agent.username,
    detail: { reason: 'Caller answered the security questions', after: { mustChangePassword: true, sessionsEnded: 1 } },
  });
  expect(resets[0].detail).toHaveProperty('before.passwordChangedAt');
  const notesAudited = await auditedOk(member.username, 'member_note.add');
  expect(notesAudited).toHaveLength(1);
  expect(notesAudited[0]).toMatchObject({ operator: agent.username, detail: { before: null, after: { text: note, operator: agent.username } } });
  const leaked = await operatorSql(`SELECT id FROM operator_action WHERE merchant_id = ${WORKER_MERCHANT_ID} AND detail::text LIKE $1`, [`%${temporary}%`]);
  expect(leaked).toEqual([]);
  for (const desk of desks) await desk.close();
});
