import { expect, test, type Page } from '../harness/test';
import {
  callEncrypted,
  clearRegistrationLimits,
  clearThrottles,
  latestSmsCode,
  registerPlayer,
  TEST_PASSWORD,
  uniqueMobile,
  uniqueUsername,
} from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// The bot check (registration runs it after the invitation code, SMS sends before
// sending) with the merchant requiring it of everyone (merchant setting 'botCheck'
// { required: true }, server module bot-check/): a password login, a registration and an SMS code
// send without a solved proof of work are refused (400 botcheck.required). Through the forms they
// all succeed: the browser fetched the challenge, solved it (altcha-lib, in a chunk of its own) and
// sent the answer, which the server verified and recorded as used (bot_check_used). On a desktop
// and on a 390 px phone.

const VERIFYING = 'Verifying you are not a robot…';

/** The merchant's bot-check setting: required of every client, or back to the default (only after abuse). */
async function requireBotCheck(required: boolean): Promise<void> {
  if (!required) {
    await operatorSql(`DELETE FROM merchant_setting WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'botCheck'`);
    return;
  }
  await operatorSql(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES (${WORKER_MERCHANT_ID}, 'botCheck', $1)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [JSON.stringify({ required: true })],
  );
}

/** How long a challenge can be answered (the setting's default ttlSeconds): a used one is kept that long. */
const CHALLENGE_TTL_MS = 600_000;

/**
 * How many solved checks the server accepted for this worker's merchant, of challenges issued since
 * `sinceMs`: each is recorded as used (bot_check_used) until its challenge expires, so those rows
 * expire at `sinceMs` + CHALLENGE_TTL_MS or later; older rows (and their clean-up) do not count.
 */
async function checksAcceptedSince(sinceMs: number): Promise<number> {
  const [row] = await operatorSql<{ count: string }>(
    `SELECT count(*) AS count FROM bot_check_used WHERE merchant_id = ${WORKER_MERCHANT_ID} AND expires_at >= $1`,
    [new Date(sinceMs + CHALLENGE_TTL_MS)],
  );
  return Number(row?.count ?? 0);
}

/**
 * Keeps every text the forms' bot-check status region (role=status) shows, in the page: it shows
 * only while the browser solves, usually for less than a second.
 */
async function recordBotCheckStatus(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { botCheckStatusTexts: string[] }).botCheckStatusTexts = seen;
    new MutationObserver(() => {
      for (const region of document.querySelectorAll('[role="status"][data-testid$="-bot-check-status"]')) {
        const text = region.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const statusTexts = (page: Page) => page.evaluate(() => (window as unknown as { botCheckStatusTexts: string[] }).botCheckStatusTexts);

const isPath = (path: string) => (response: { url(): string }) => new URL(response.url()).pathname === path;

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await recordBotCheckStatus(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test.afterEach(async () => {
  // Other tests of this worker's merchant run without the check.
  await requireBotCheck(false);
});

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390 px phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`with the bot check required, on a ${label}`, () => {
    test.use({ viewport });

    test('a visitor registers by username through the form: the browser solves the check and is logged in', async ({ page, request }) => {
      await requireBotCheck(true);
      // Demanded of this client now: without a solved check the registration is refused.
      const challenge = (await (await request.get('/wps/botcheck/challenge')).json()) as { value: { required: boolean } };
      expect(challenge.value.required).toBe(true);
      const bare = await callEncrypted(request, 'PUT', '/wps/member/register', { username: uniqueUsername('bcx'), password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD });
      expect({ status: bare.status, errorCode: bare.body.errorCode }).toEqual({ status: 400, errorCode: 'botcheck.required' });
      const since = Date.now();

      await openSite(page, '/');
      await page.getByTestId('header-register').click();
      await expect(page.getByTestId('register-form')).toBeVisible();
      await page.getByTestId('register-username').fill(uniqueUsername('bc'));
      await page.getByTestId('register-password').fill(TEST_PASSWORD);
      await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
      const challenged = page.waitForResponse(isPath('/wps/botcheck/challenge'));
      const registered = page.waitForResponse((response) => isPath('/wps/member/register')(response) && response.request().method() === 'PUT');
      await page.getByTestId('register-submit').click();

      expect(((await (await challenged).json()) as { value: { required: boolean } }).value.required).toBe(true);
      expect((await registered).status()).toBe(200);
      await expect(page.getByTestId('register-success')).toBeVisible();
      await expect(page.getByTestId('header-balance')).toContainText('৳0.00');
      await expect(page.getByTestId('header-login')).toHaveCount(0);
      expect(await checksAcceptedSince(since)).toBe(1);
      expect(await statusTexts(page)).toContain(VERIFYING);
    });

    test('a player logs in by username and password through the form: the browser solves the check', async ({ page, request }) => {
      const { username, password } = await registerPlayer(request);
      await requireBotCheck(true);
      // Without a solved check the right password is refused.
      const bare = await callEncrypted(request, 'POST', '/wps/session/login', { username, password, type: 'username' });
      expect({ status: bare.status, errorCode: bare.body.errorCode }).toEqual({ status: 400, errorCode: 'botcheck.required' });
      const since = Date.now();

      await openSite(page, '/');
      await page.getByTestId('header-login').click();
      await expect(page.getByTestId('login-form')).toBeVisible();
      await page.getByTestId('login-username').fill(username);
      await page.getByTestId('login-password').fill(password);
      const challenged = page.waitForResponse(isPath('/wps/botcheck/challenge'));
      const loggedIn = page.waitForResponse((response) => isPath('/wps/session/login')(response) && response.request().method() === 'POST');
      await page.getByTestId('login-submit').click();

      expect(((await (await challenged).json()) as { value: { required: boolean } }).value.required).toBe(true);
      expect((await loggedIn).status()).toBe(200);
      await expect(page.getByTestId('login-form')).toHaveCount(0);
      await expect(page.getByTestId('header-balance')).toContainText('৳0.00');
      expect(await checksAcceptedSince(since)).toBe(1);
      expect(await statusTexts(page)).toContain(VERIFYING);
    });

    test('a visitor registers by mobile number: the SMS code send and the registration each carry a solved check', async ({ page, request }) => {
      await requireBotCheck(true);
      const mobile = uniqueMobile();
      const bare = await request.post('/wps/verification/sms/register', { data: { countryDialingCode: '+880', mobileNo: mobile } });
      expect({ status: bare.status(), errorCode: ((await bare.json()) as { errorCode: string | null }).errorCode }).toEqual({ status: 400, errorCode: 'botcheck.required' });
      const since = Date.now();

      await openSite(page, '/');
      await page.getByTestId('header-register').click();
      await page.getByRole('tab', { name: 'Mobile number' }).click();
      await expect(page.getByTestId('register-form')).toHaveAttribute('data-mode', 'registerMobile');
      await page.getByTestId('register-mobileNum').fill(mobile);
      const sent = page.waitForResponse(isPath('/wps/verification/sms/register'));
      await page.getByTestId('register-sms-code-button').click();
      expect((await sent).status()).toBe(200);
      await expect(page.getByTestId('register-sms-code-button')).toContainText(/\(\d+\)/);
      await page.getByTestId('register-verificationCode').fill(await latestSmsCode(`+880${mobile}`));
      // The browser solves a second check before it registers: on a busy machine that outlasts an
      // expectation's timeout, so wait for the registration's answer itself (the test's timeout).
      const registered = page.waitForResponse((response) => isPath('/wps/member/register/mobile')(response) && response.request().method() === 'PUT');
      await page.getByTestId('register-submit').click();

      expect((await registered).status()).toBe(200);
      await expect(page.getByTestId('register-success')).toContainText(mobile);
      await expect(page.getByTestId('header-balance')).toBeVisible();
      expect(await checksAcceptedSince(since)).toBe(2);
    });
  });
}
