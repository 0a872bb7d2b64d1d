import { expect, test, type Page } from '../harness/test';
import {
  callEncrypted,
  clearThrottles,
  latestSmsCode,
  promoteToAgent,
  registerPlayer,
  TEST_PASSWORD,
  uniqueMobile,
  uniqueUsername,
} from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Registration as a visitor clicks through it, on the real
// server. Seeded rules: username a letter then letters/digits, 6-16; password any characters, 8-64,
// and not a common one.

async function openRegisterPopup(page: Page) {
  await openSite(page, '/');
  await page.getByTestId('header-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
}

async function fillAccount(page: Page, username: string, password: string, confirm = password) {
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirmPassword').fill(confirm);
}

test.beforeEach(async ({ page }) => {
  await skipAnnouncementPopup(page);
  await clearThrottles();
});

test.describe('registration in English', () => {
  test.beforeEach(async ({ page }) => useEnglish(page));

  test('a visitor registers by username in the popup, is logged in at home and greeted', async ({ page }) => {
    await openRegisterPopup(page);
    // Required fields are marked in their placeholder; the agreement is ticked by default.
    await expect(page.getByTestId('register-username')).toHaveAttribute('placeholder', /＊/);
    await expect(page.getByTestId('register-agreement')).toBeChecked();
    await expect(page.getByTestId('register-agreement-link')).toHaveAttribute('href', '/help');

    const username = uniqueUsername('reg');
    await fillAccount(page, username, TEST_PASSWORD);
    await page.getByTestId('register-submit').click();

    const success = page.getByTestId('register-success');
    await expect(success).toBeVisible();
    await expect(success).toContainText('Registration successful');
    await expect(success).toContainText('৳1,000.00');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-balance')).toContainText('৳0.00');
    await expect(page.getByTestId('header-login')).toHaveCount(0);
  });

  test('every rule is checked under its field before anything is sent', async ({ page }) => {
    await openRegisterPopup(page);
    let registerCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/wps/member/register')) registerCalls += 1;
    });
    // The password field says what it takes before anything is typed.
    await expect(page.getByTestId('register-password-hint')).toHaveText(
      '8-64 characters; letters, digits, symbols and spaces are all welcome. Common or leaked passwords are not accepted.',
    );
    await page.getByTestId('register-submit').click();
    const form = page.getByTestId('register-form');
    await expect(form).toContainText('Username not empty');

    await fillAccount(page, '1player', 'abcdefg', 'abcdefh');
    await page.getByTestId('register-submit').click();
    // reg_pattern_2 with the bounds filled in; reg_pattern_0 for a 7-character password; 'inconsistent twice'.
    const alerts = form.getByRole('alert');
    await expect(alerts.filter({ hasText: '6-16' })).toBeVisible();
    await expect(alerts.filter({ hasText: /^8-64 characters$/ })).toBeVisible();
    await expect(form).toContainText('Incorrect confirmation input');

    // A mobile number without its SMS code is refused too (REGMOBVERF3).
    await fillAccount(page, uniqueUsername('reg'), TEST_PASSWORD);
    await page.getByTestId('register-mobileNum').fill(uniqueMobile());
    await page.getByTestId('register-submit').click();
    await expect(form).toContainText('Verification code not empty');

    await page.getByTestId('register-agreement').uncheck();
    await page.getByTestId('register-mobileNum').fill('');
    await page.getByTestId('register-submit').click();
    await expect(form).toContainText(/Please agree to the/);
    expect(registerCalls).toBe(0);
  });

  test('a common password is refused by the server and said under the field; a long one with spaces and symbols is taken', async ({ page }) => {
    await openRegisterPopup(page);
    const username = uniqueUsername('reg');
    await fillAccount(page, username, 'password1');
    await page.getByTestId('register-submit').click();
    const refusal = page.getByTestId('register-form').getByRole('alert').filter({ hasText: 'This password is too common and easy to guess; please choose another' });
    await expect(refusal).toBeVisible();
    await expect(page.getByTestId('header-login')).toBeVisible();

    // 64 characters, spaces and symbols included.
    const passphrase = 'Seven tidy owls & 3 quiet foxes: "hush" {at} [dusk] — 100% calm!';
    expect([...passphrase]).toHaveLength(64);
    await fillAccount(page, username, passphrase);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toBeVisible();
  });

  test('after three registrations from one address the server asks for the captcha, and the form shows it', async ({ page, request }) => {
    // Three accounts made from this address in the hour (the browser and this test share 127.0.0.1).
    for (let i = 0; i < 3; i++) {
      const username = uniqueUsername('bulk');
      const { status, body } = await callEncrypted(request, 'PUT', '/wps/member/register', { username, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
      expect(status, JSON.stringify(body)).toBe(200);
    }
    await openRegisterPopup(page);
    // The seed shows no captcha on the form.
    await expect(page.getByTestId('register-captcha')).toHaveCount(0);
    await fillAccount(page, uniqueUsername('reg'), TEST_PASSWORD);
    const captchaLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/wps/captcha');
    await page.getByTestId('register-submit').click();
    await expect(page.getByText('Please enter the captcha').first()).toBeVisible();
    await expect(page.getByTestId('register-captcha')).toBeVisible();
    await expect(page.getByTestId('register-captcha-image').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('header-login')).toBeVisible();

    // The operator knows the image's text (its answer is set to one the test can type).
    // The image's value is the PNG in base64; its id is the one the form named in the query.
    const captchaId = new URL((await captchaLoaded).url()).searchParams.get('captchaId');
    expect(captchaId).toMatch(/^[0-9a-f]{32}$/);
    await operatorSql("UPDATE captcha_challenge SET answer_hash = sha256(convert_to($1 || ':E2E7', 'UTF8')) WHERE id = $1", [captchaId]);
    await page.getByTestId('register-captcha').fill('e2e7');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toBeVisible();
  });

  test('a taken username is refused by the server and said under the field', async ({ page, request }) => {
    const { username } = await registerPlayer(request);
    await openRegisterPopup(page);
    await fillAccount(page, username, TEST_PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-form')).toContainText(/already|exists|taken/i);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });

  test('the registration page: heading, way home, referral code from the address, a bad invitation code stops', async ({ page, request }) => {
    await page.goto('/register?referralCode=FRIEND42');
    await expect(page.getByTestId('register-form')).toBeVisible();
    await expect(page.getByTestId('register-home')).toBeVisible();
    await expect(page.getByTestId('register-referralCode')).toHaveValue('FRIEND42');

    const username = uniqueUsername('reg');
    await fillAccount(page, username, TEST_PASSWORD);
    await page.getByTestId('register-affiliateCode').fill('NOSUCHCODE');
    await page.getByTestId('register-submit').click();
    const notice = page.getByTestId('invitation-code-error');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Invitation code error');
    await notice.getByRole('button').last().click();
    await expect(page.getByTestId('header-login')).toBeVisible();

    // An agent's real code lets the same visitor through, and makes the agent their upline.
    const agent = await registerPlayer(request);
    const code = await promoteToAgent(agent.username);
    await page.getByTestId('register-affiliateCode').fill(code);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const [row] = await operatorSql<{ upline: string }>(
      `SELECT u.username AS upline FROM member m JOIN member u ON u.id = m.upline_id WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID}`,
      [username],
    );
    expect(row?.upline).toBe(agent.username);
  });

  test('registration by mobile number: SMS code from the outbox, account generated, logged in', async ({ page }) => {
    await openRegisterPopup(page);
    await page.getByRole('tab', { name: 'Mobile number' }).click();
    await expect(page.getByTestId('register-form')).toHaveAttribute('data-mode', 'registerMobile');

    const mobile = uniqueMobile();
    await page.getByTestId('register-mobileNum').fill(mobile);
    await page.getByTestId('register-sms-code-button').click();
    // The button counts down: 60 s × expiredMinutes.
    await expect(page.getByTestId('register-sms-code-button')).toBeDisabled();
    await expect(page.getByTestId('register-sms-code-button')).toContainText(/\(\d+\)/);
    await page.getByTestId('register-verificationCode').fill(await latestSmsCode(`+880${mobile}`));
    await page.getByTestId('register-submit').click();

    const success = page.getByTestId('register-success');
    await expect(success).toBeVisible();
    await expect(success).toContainText(mobile);
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });

  test('a wrong SMS code is refused and nothing is created', async ({ page }) => {
    await openRegisterPopup(page);
    await page.getByRole('tab', { name: 'Mobile number' }).click();
    const mobile = uniqueMobile();
    await page.getByTestId('register-mobileNum').fill(mobile);
    await page.getByTestId('register-sms-code-button').click();
    const code = await latestSmsCode(`+880${mobile}`);
    await page.getByTestId('register-verificationCode').fill(code === '000000' ? '111111' : '000000');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-form')).toContainText(/verification code/i);
    await expect(page.getByTestId('header-login')).toBeVisible();
  });
});

test.describe('registration in Bengali (the default language)', () => {
  test('messages and the success popup are in Bengali', async ({ page }) => {
    await openRegisterPopup(page);
    await fillAccount(page, '1player', TEST_PASSWORD, 'Kestrel42y');
    await page.getByTestId('register-submit').click();
    const form = page.getByTestId('register-form');
    await expect(form).toContainText('প্রথমে একটি অক্ষর, তারপর অক্ষর ও সংখ্যা, 6-16 অক্ষর');
    await expect(form).toContainText('দুটি এন্ট্রি মেলেনি');

    await fillAccount(page, uniqueUsername('bn'), TEST_PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-success')).toContainText('নিবন্ধন সফল হয়েছে');
    await expect(page.getByTestId('header-balance')).toBeVisible();
  });
});
