import { expect, test, type Page } from '../harness/test';
import {
  callEncrypted,
  clearThrottles,
  latestSmsCode,
  registerPlayer,
  setFeatureSwitch,
  TEST_PASSWORD,
  uniqueMobile,
  uniqueUsername,
} from '../harness/accounts';
import { E2E_BASE_URL } from '../harness/constants';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Logging in and out as a player clicks through it (header, login form, free-play login,
// logout, field checks, error messages), on the real server.

async function openLoginPopup(page: Page) {
  await openSite(page, '/');
  await page.getByTestId('header-login').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

test.beforeEach(async ({ page }) => {
  await skipAnnouncementPopup(page);
  await clearThrottles();
});

test.describe('login in English', () => {
  test.beforeEach(async ({ page }) => useEnglish(page));

  test('a player logs in by username: popup closes, home, balance in the header, member in the account menu', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    await openLoginPopup(page);
    // Inputs are trimmed.
    await logIn(page, `  ${username} `, password);
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-balance')).toContainText('৳0.00');

    // Hide/show and the account menu.
    await page.getByTestId('header-balance-toggle').click();
    await expect(page.getByTestId('header-balance')).toContainText('*');
    await expect(page.getByTestId('header-balance')).not.toContainText('0.00');
    await page.getByTestId('header-balance-toggle').click();
    await expect(page.getByTestId('header-balance')).toContainText('৳0.00');
    await page.getByTestId('header-account-menu').click();
    await expect(page.getByTestId('header-menu-members')).toBeVisible();
    await expect(page.getByTestId('header-menu-sign-out')).toBeVisible();
    // A plain member is no agent.
    await expect(page.getByTestId('header-menu-agent')).toHaveCount(0);
  });

  test('a wrong password is refused, then the captcha is demanded and a wrong captcha refused', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    await openLoginPopup(page);
    await expect(page.getByTestId('login-captcha')).toHaveCount(0);
    await logIn(page, username, 'Wrong1234');
    await expect(page.getByText('Incorrect username or password').first()).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();

    // The failure answer asks for the captcha: it shows with its image.
    await expect(page.getByTestId('login-captcha')).toBeVisible();
    const image = page.getByTestId('login-captcha-image').locator('img');
    await expect(image).toHaveAttribute('src', /^data:image\/png;base64,/);
    const firstImage = await image.getAttribute('src');
    // A click gets a new one, at most once a second: clicks within the second are ignored, so it is
    // clicked until the picture changes.
    await expect(async () => {
      await page.getByTestId('login-captcha-image').click();
      expect(await image.getAttribute('src')).not.toBe(firstImage);
    }).toPass({ intervals: [250] });

    // Even the right password needs the right captcha now.
    await page.getByTestId('login-captcha').fill('ZZZZ');
    await logIn(page, username, password);
    await expect(page.getByText('Incorrect or expired captcha, please try again').first()).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();
  });

  test('five failures lock the account for 5 minutes, even for the right password', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    for (let attempt = 0; attempt < 5; attempt++) {
      const { status } = await callEncrypted(request, 'POST', '/wps/session/login', { username, password: 'Wrong1234', type: 'username' });
      expect(status).toBe(400);
    }
    await openLoginPopup(page);
    // The account has failed: the form shows the captcha before the first submit, and the member
    // types something in it; the lock is what the server answers, before looking at the captcha.
    await page.getByTestId('login-username').fill(username);
    await expect(page.getByTestId('login-captcha')).toBeVisible();
    await page.getByTestId('login-captcha').fill('ZZZZ');
    await logIn(page, username, password);
    await expect(page.getByText('too many requests, try again after 5 minutes').first()).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();
  });

  test('SMS-code login: the code from the outbox logs the player in', async ({ page, request }) => {
    // A player registered with a mobile number (registration SMS off, so the only SMS is the login code).
    const mobile = uniqueMobile();
    await setFeatureSwitch('REGMOBVERF3', false);
    try {
      const { status, body } = await callEncrypted(request, 'PUT', '/wps/member/register', {
        username: uniqueUsername('sms'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        mobileNum: mobile,
        countryDialingCode: '+880',
      });
      expect(status, JSON.stringify(body)).toBe(200);
    } finally {
      await setFeatureSwitch('REGMOBVERF3', true);
    }

    await openLoginPopup(page);
    await page.getByTestId('login-method').click();
    await page.getByTestId('login-method-sms').click();
    await expect(page.getByTestId('login-mobileNum')).toBeVisible();
    // No code before a valid number.
    await page.getByTestId('login-sms-code-button').click();
    await expect(page.getByTestId('login-form')).toContainText('Mobile number not empty');
    await page.getByTestId('login-mobileNum').fill('12');
    await page.getByTestId('login-sms-code-button').click();
    await expect(page.getByTestId('login-form')).toContainText('Please enter a valid mobile number');

    await page.getByTestId('login-mobileNum').fill(mobile);
    await page.getByTestId('login-sms-code-button').click();
    await expect(page.getByTestId('login-sms-code-button')).toBeDisabled();
    await expect(page.getByTestId('login-sms-code-button')).toContainText(/\(\d+\)/);
    await page.getByTestId('login-code').fill(await latestSmsCode(`+880${mobile}`));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });

  test('remember me keeps the username for next time and never the password; unticked, it is forgotten', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    await openLoginPopup(page);
    // Fields the browser's password manager recognises: it, not the site, keeps the password.
    await expect(page.getByTestId('login-username')).toHaveAttribute('autocomplete', 'username');
    await expect(page.getByTestId('login-password')).toHaveAttribute('autocomplete', 'current-password');
    await page.getByTestId('login-remember').check();
    await logIn(page, username, password);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    // Cookies: the last user, kept one day; no password anywhere a script can read.
    const cookies = await page.context().cookies();
    const lastUser = cookies.find((candidate) => candidate.name === 'lastUser');
    expect(lastUser?.value).toBe(username);
    expect(lastUser!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(lastUser!.expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    expect(cookies.some((candidate) => candidate.name.startsWith('pwd_') || candidate.value.includes(password))).toBe(false);
    const storage = await page.evaluate(() => JSON.stringify([{ ...window.localStorage }, { ...window.sessionStorage }]));
    expect(storage).not.toContain(password);

    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-sign-out').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-username')).toHaveValue(username);
    await expect(page.getByTestId('login-remember')).toBeChecked();

    await page.getByTestId('login-remember').uncheck();
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-balance')).toBeVisible();
    expect((await page.context().cookies()).some((candidate) => candidate.name === 'lastUser' || candidate.name.startsWith('pwd_'))).toBe(false);
  });

  test('a password an earlier version remembered in a cookie is deleted on the first visit', async ({ page }) => {
    const url = new URL(E2E_BASE_URL);
    await page.context().addCookies([
      { name: 'lastUser', value: 'olduser01', domain: url.hostname, path: '/' },
      { name: 'remember', value: 'true', domain: url.hostname, path: '/' },
      { name: 'pwd_olduser01', value: 'old-secret-1', domain: url.hostname, path: '/' },
    ]);
    await openSite(page, '/');
    await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('pwd_olduser01');
    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-username')).toHaveValue('olduser01');
    await expect(page.getByTestId('login-password')).toHaveValue('');
  });

  test('sign out asks first, ends the session on the server and shows the Login button', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    await openLoginPopup(page);
    await logIn(page, username, password);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-sign-out').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Are you sure you want to sign out?');
    // Cancel keeps the session.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('header-balance')).toBeVisible();

    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-sign-out').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByTestId('header-login')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => window.sessionStorage.getItem('token'))).toBeNull();
    const after = await request.get('/wps/member/info', { headers: { Authorization: token! } });
    expect(after.status()).toBe(401);
  });

  test('free play: a guest with play money, blocked from real-account actions', async ({ page, request }) => {
    await openLoginPopup(page);
    await page.getByTestId('free-play-button').click();
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toContainText('2,000.00');

    await page.getByTestId('header-deposit').click();
    const notice = page.getByRole('dialog');
    await expect(notice).toContainText('Please Register An Account First');
    await notice.getByRole('button', { name: /OK|Confirm/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The server refuses the guest whatever the page shows.
    const token = await page.evaluate(() => window.sessionStorage.getItem('token'));
    const { status, body } = await callEncrypted(request, 'POST', '/wps/member/password', { oldPassword: 'x', newPassword: TEST_PASSWORD, confirmNewPassword: TEST_PASSWORD }, { Authorization: token! });
    expect(status).toBe(403);
    expect(body.errorCode).toBe('guest.not.allowed');
  });

  test('a login in one tab reaches the site\'s other open tabs, and so does the sign-out', async ({ context, request }) => {
    const { username, password } = await registerPlayer(request);
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) {
      await useEnglish(page);
      await skipAnnouncementPopup(page);
    }
    await openSite(second, '/');
    await expect(second.getByTestId('header-login')).toBeVisible();

    await openLoginPopup(first);
    await logIn(first, username, password);
    await expect(first.getByTestId('header-balance')).toBeVisible();
    await expect(second.getByTestId('header-balance')).toBeVisible();

    await first.getByTestId('header-account-menu').click();
    await first.getByTestId('header-menu-sign-out').click();
    await first.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByTestId('header-login')).toBeVisible();
  });
});

test.describe('login in Bengali (the default language)', () => {
  test('a wrong password and the lockout speak Bengali; the right password logs in', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    await openLoginPopup(page);
    await expect(page.getByTestId('login-submit')).toHaveText('লগইন করুন');
    await logIn(page, username, 'Wrong1234');
    await expect(page.getByText('ব্যবহারকারীর নাম বা পাসওয়ার্ড সঠিক নয়').first()).toBeVisible();

    await clearThrottles();
    await page.reload();
    await page.getByTestId('header-login').click();
    await logIn(page, username, password);
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });

  test('the lockout message is in Bengali', async ({ page, request }) => {
    const { username, password } = await registerPlayer(request);
    for (let attempt = 0; attempt < 5; attempt++) {
      await callEncrypted(request, 'POST', '/wps/session/login', { username, password: 'Wrong1234', type: 'username' });
    }
    await openLoginPopup(page);
    await page.getByTestId('login-username').fill(username);
    await expect(page.getByTestId('login-captcha')).toBeVisible();
    await page.getByTestId('login-captcha').fill('ZZZZ');
    await logIn(page, username, password);
    await expect(page.getByText('অনেক বেশি অনুরোধ, 5 মিনিট পরে আবার চেষ্টা করুন').first()).toBeVisible();
  });
});
