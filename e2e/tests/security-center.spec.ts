import { Secret, TOTP } from 'otpauth';
import { callEncrypted, clearRegistrationLimits, clearThrottles, outboxMark, registerMember, smsCodeAfter, uniqueMobile, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';
import { expectNoHorizontalOverflow } from '../harness/layout';

// "My Account" (securityCenter) as a member uses it: the profile (nickname, real name set
// once), the login password changed and used for the next login, an authenticator app bound with
// the key the page shows (the code computed here, as the app would), and a mobile number bound
// with the SMS code the server sent — on a desktop and on a 390 px phone.

async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-sign-out').click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

/** Opens the member centre on My Account, from the avatar menu. */
async function openMyAccount(page: Page) {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-members').click();
  const account = page.getByTestId('security-center');
  await expect(account).toBeVisible();
  return account;
}

let member: RegisteredMember;

test.beforeEach(async ({ page, request }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  member = await registerMember(request);
});

test('a member edits the profile, changes the login password, logs in with it, and binds an authenticator app', async ({ page, request }) => {
  await openSite(page, '/');
  await logIn(page, member.username, member.password);
  let account = await openMyAccount(page);
  await expect(page.getByTestId('security-level')).toContainText('1 of 5 protections on');

  // Profile: a nickname and the real name (which cannot be changed afterwards).
  await account.getByTestId('security-profile-open').click();
  await account.getByTestId('security-profile-nickname').fill('Lucky Tiger');
  await account.getByTestId('security-profile-payeeName').fill('Rahim Khan');
  await account.getByTestId('security-profile-submit').click();
  await expect(account.getByTestId('security-profile-value-nickname')).toHaveText('Lucky Tiger');
  await expect(account.getByTestId('security-profile-value-payeeName')).toHaveText('Rahim Khan');
  await account.getByTestId('security-profile-open').click();
  await expect(account.getByTestId('security-profile-payeeName')).toHaveCount(0);
  await account.getByTestId('security-profile-cancel').click();
  const stored = await operatorSql<{ nickname: string; payee_name: string }>(
    `SELECT nickname, payee_name FROM member WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`,
    [member.username],
  );
  expect(stored[0]).toEqual({ nickname: 'Lucky Tiger', payee_name: 'Rahim Khan' });

  // Login password: a wrong current one is refused under its field; the right one changes it.
  const newPassword = 'Heron77quill';
  await account.getByTestId('security-login-password-open').click();
  await account.getByTestId('security-login-password-oldPassword').fill('Wrong1pass');
  await account.getByTestId('security-login-password-newPassword').fill(newPassword);
  await account.getByTestId('security-login-password-confirmNewPassword').fill(newPassword);
  await account.getByTestId('security-login-password-submit').click();
  await expect(account.getByTestId('security-login-password-oldPassword')).toHaveAttribute('aria-invalid', 'true');
  await account.getByTestId('security-login-password-oldPassword').fill(member.password);
  await account.getByTestId('security-login-password-submit').click();
  await expect(account.getByTestId('security-login-password-form')).toHaveCount(0);

  // The next login takes the new password, not the old one.
  // The member centre's own close (the page also has the mini-game widget's 'Close the instant game').
  await page.getByTestId('mfe_member_center-overlay').getByRole('button', { name: 'Close', exact: true }).first().click();
  await signOut(page);
  const old = await callEncrypted(request, 'POST', '/wps/session/login', { username: member.username, password: member.password, type: 'username' });
  expect(old.body.errorCode).toBe('username.or.password.err');
  await clearThrottles();
  await logIn(page, member.username, newPassword);

  // Authenticator app: the page shows the key; the app's code (computed here) and the password bind it.
  account = await openMyAccount(page);
  await account.getByTestId('security-totp-open').click();
  await expect(account.getByTestId('security-totp-qr')).toBeVisible();
  const secretKey = (await account.getByTestId('security-totp-secret').textContent())!.trim();
  expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretKey) });
  await account.getByTestId('security-totp-code').fill(app.generate());
  await account.getByTestId('security-totp-password').fill(newPassword);
  await account.getByTestId('security-totp-submit').click();
  await expect(account.getByTestId('security-totp-state')).toHaveText('Authenticator app: on');
  await expect(page.getByTestId('security-level')).toContainText('2 of 5 protections on');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('binds a mobile number with the SMS code, and nothing scrolls sideways', async ({ page }) => {
    await openSite(page, '/');
    await logIn(page, member.username, member.password);
    const account = await openMyAccount(page);
    await expectNoHorizontalOverflow(page, 'security-center');

    const mobile = uniqueMobile();
    await account.getByTestId('security-mobile-open').click();
    await account.getByTestId('security-mobile-mobileNum').fill(mobile);
    const mark = await outboxMark();
    await account.getByTestId('security-mobile-code-button').click();
    await expect(account.getByTestId('security-mobile-code-button')).toHaveText(/^Code sent \(\d+\)$/);
    const code = await smsCodeAfter(`+880${mobile}`, mark);
    await account.getByTestId('security-mobile-verificationCode').fill(code);
    await account.getByTestId('security-mobile-password').fill(member.password);
    await expectNoHorizontalOverflow(page, 'security-center');
    await account.getByTestId('security-mobile-submit').click();
    await expect(account.getByTestId('security-mobile-status')).toHaveText(`+880 ${mobile.slice(0, 3)}*****${mobile.slice(-2)}`);

    // The other forms open without overflowing either (the authenticator's key wraps).
    await account.getByTestId('security-totp-open').click();
    await expect(account.getByTestId('security-totp-secret')).toBeVisible();
    await account.getByTestId('security-payment-password-open').click();
    await account.getByTestId('security-email-open').click();
    await expectNoHorizontalOverflow(page, 'security-center');
  });
});
