import { expect, test, type APIRequestContext, type Page } from '../harness/test';
import { Secret, TOTP } from 'otpauth';
import {
  callEncrypted,
  clearThrottles,
  letSmsResendIntervalPass,
  outboxMark,
  registerMember,
  smsCodeAfter,
  uniqueMobile,
  type RegisteredMember,
} from '../harness/accounts';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Two-step sign-in as a player meets it (TOTP and SMS second factors, with their messages).
// The member turns the factors on through the member API with their own session and password,
// exactly as the security settings page does; the browser then logs in through the login popup.

const TEXTS = {
  EN: {
    loginPopup: 'Login or register',
    totpHint: 'Enter the 6-digit code from your authenticator app.',
    smsHint: (masked: string) => `Enter the code we sent by SMS to ${masked}.`,
    useSms: 'Use an SMS code instead',
    totpWrong: 'The verification code is incorrect',
    smsWrong: 'Verification code not valid, missing or expired, please send again',
    codeSent: /^Code sent \(\d+\)$/,
    getCode: 'Get code',
  },
  BN: {
    loginPopup: 'লগইন অথবা নিবন্ধন',
    totpHint: 'আপনার অথেন্টিকেটর অ্যাপের ৬ অঙ্কের কোডটি দিন।',
    smsHint: (masked: string) => `${masked} নম্বরে এসএমএসে পাঠানো কোডটি দিন।`,
    useSms: 'এর বদলে এসএমএস কোড ব্যবহার করুন',
    totpWrong: 'যাচাইকরণ কোড সঠিক নয়',
    smsWrong: 'যাচাইকরণ কোড সঠিক নয়, অনুপস্থিত বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে আবার পাঠান',
    codeSent: /^কোড পাঠানো হয়েছে \(\d+\)$/,
    getCode: 'কোড নিন',
  },
} as const;
type Language = keyof typeof TEXTS;

async function useLanguage(page: Page, language: Language): Promise<void> {
  if (language === 'EN') return useEnglish(page);
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('lang')) {
      window.localStorage.setItem('lang', 'BN');
      window.localStorage.setItem('hisLang', 'BN');
    }
  });
}

/** A member API call with the member's own session token (sent raw, as the site's client does). */
async function asMember<T>(request: APIRequestContext, token: string, method: 'POST', url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: { Authorization: token }, data });
  const body = (await response.json()) as { success: boolean; value: T; errorCode: string | null };
  if (!response.ok() || !body.success) throw new Error(`${method} ${url} refused: ${response.status()} ${body.errorCode}`);
  return body.value;
}

/**
 * A change of the member's sign-in factors: encrypted, with the session token and the member's
 * current password in the body, as the server requires of every bind and unbind.
 */
async function changeFactors<T>(request: APIRequestContext, member: RegisteredMember, method: 'POST' | 'PUT', url: string, data: Record<string, unknown>): Promise<T> {
  const { status, body } = await callEncrypted<T>(request, method, url, { ...data, password: member.password }, { Authorization: member.token });
  if (status !== 200 || !body.success) throw new Error(`${method} ${url} refused: ${status} ${body.errorCode}`);
  return body.value;
}

/**
 * Binds an authenticator app: the secret the site shows, confirmed with a code of the app. The
 * app's previous 30-second code is used (the site accepts one step of drift), because the site
 * never accepts the same code twice and the login that follows types the current one.
 */
async function enrolAuthenticator(request: APIRequestContext, member: RegisteredMember): Promise<TOTP> {
  const { secretKey } = await asMember<{ secretKey: string; otpauth: string }>(request, member.token, 'POST', '/wps/v2/member/2fa/totp');
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretKey) });
  // The previous step's code (the server takes one step either side), so the sign-in's code, of the
  // current step, is newer than the one used here (a code is never taken twice). Should the step
  // turn while the request travels, that code is two steps old on arrival and refused: then a new
  // one, once the clock shows the turn.
  for (;;) {
    const now = Date.now();
    try {
      const config = await changeFactors<{ bindGA: boolean }>(request, member, 'POST', '/wps/v2/member/2fa/totp/confirm', { code: app.generate({ timestamp: now - 30_000 }) });
      expect(config.bindGA).toBe(true);
      return app;
    } catch (error) {
      if (Math.floor(Date.now() / 30_000) === Math.floor(now / 30_000)) throw error;
    }
  }
}

/** Turns SMS sign-in verification on, proving the member's number with a code sent to it. */
async function enableSmsVerification(request: APIRequestContext, member: RegisteredMember): Promise<void> {
  const mark = await outboxMark();
  await asMember(request, member.token, 'POST', '/wps/v2/member/2fa/sms/code');
  const code = await smsCodeAfter(member.e164!, mark);
  const config = await changeFactors<{ smsLoginVerification: boolean }>(request, member, 'PUT', '/wps/v2/member/2fa/sms', { enabled: true, code });
  expect(config.smsLoginVerification).toBe(true);
  await letSmsResendIntervalPass(member.e164!);
}

/** Username and password in the login popup; the popup then asks for the second step. */
async function logIn(page: Page, language: Language, member: RegisteredMember) {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: TEXTS[language].loginPopup });
  await popup.getByTestId('login-username').fill(member.username);
  await popup.getByTestId('login-password').fill(member.password);
  await popup.getByTestId('login-submit').click();
  return popup;
}

async function expectLoggedIn(page: Page) {
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
  await expect(page.getByTestId('header-login')).toHaveCount(0);
}

/** Some 6-digit code other than `right`. */
const wrongCodeFor = (right: string) => String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');

/** The masked number the site shows for a Bangladeshi mobile (maskMobile: 3 digits, stars, last 2). */
const masked = (mobile: string) => `+880${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-2)}`;

test.describe('two-factor sign-in', () => {
  test.beforeEach(async ({ page }) => {
    await skipAnnouncementPopup(page);
    await clearThrottles();
  });

  for (const language of ['EN', 'BN'] as const) {
    test(`authenticator app (${language}): the second step appears, a wrong code is refused, the app's code logs in`, async ({ page, request }) => {
      const texts = TEXTS[language];
      await useLanguage(page, language);
      const member = await registerMember(request);
      const app = await enrolAuthenticator(request, member);

      await openSite(page, '/');
      const popup = await logIn(page, language, member);

      // No session yet: the popup asks for the app's code.
      const step = popup.getByTestId('two-factor-form');
      await expect(step).toBeVisible();
      await expect(step).toHaveAttribute('data-factor', 'totp');
      await expect(step).toContainText(texts.totpHint);
      await expect(popup.getByTestId('login-form')).toHaveCount(0);
      // The member has no SMS factor: nothing to switch to.
      await expect(step.getByTestId('two-factor-switch')).toHaveCount(0);
      await expect(page.getByTestId('header-balance')).toHaveCount(0);

      const current = app.generate();
      await step.getByTestId('two-factor-code').fill(wrongCodeFor(current));
      await step.getByTestId('two-factor-submit').click();
      await expect(step.getByTestId('two-factor-error')).toHaveText(texts.totpWrong);
      await expect(page.getByTestId('header-balance')).toHaveCount(0);

      await step.getByTestId('two-factor-code').fill(app.generate());
      await step.getByTestId('two-factor-submit').click();
      await expectLoggedIn(page);
    });
  }

  test('SMS code (EN): sent with the login to the masked number, a wrong code is refused, the right one logs in', async ({ page, request }) => {
    const texts = TEXTS.EN;
    await useEnglish(page);
    const member = await registerMember(request, { mobile: uniqueMobile() });
    await enableSmsVerification(request, member);

    await openSite(page, '/');
    const mark = await outboxMark();
    const popup = await logIn(page, 'EN', member);

    const step = popup.getByTestId('two-factor-form');
    await expect(step).toHaveAttribute('data-factor', 'sms');
    await expect(step).toContainText(texts.smsHint(masked(member.mobile!)));
    // The code went out with the login: the button counts down before another can be asked for.
    const resend = step.getByTestId('two-factor-sms-button');
    await expect(resend).toHaveText(texts.codeSent);
    await expect(resend).toBeDisabled();
    const code = await smsCodeAfter(member.e164!, mark);

    await step.getByTestId('two-factor-code').fill(wrongCodeFor(code));
    await step.getByTestId('two-factor-submit').click();
    await expect(step.getByTestId('two-factor-error')).toHaveText(texts.smsWrong);
    await expect(page.getByTestId('header-balance')).toHaveCount(0);

    await step.getByTestId('two-factor-code').fill(code);
    await step.getByTestId('two-factor-submit').click();
    await expectLoggedIn(page);
  });

  test('both factors (EN): the app is asked first; switching to SMS sends a code on request, which logs in', async ({ page, request }) => {
    const texts = TEXTS.EN;
    await useEnglish(page);
    const member = await registerMember(request, { mobile: uniqueMobile() });
    await enableSmsVerification(request, member);
    await enrolAuthenticator(request, member);

    await openSite(page, '/');
    const popup = await logIn(page, 'EN', member);
    const step = popup.getByTestId('two-factor-form');
    await expect(step).toHaveAttribute('data-factor', 'totp');
    await expect(step).toContainText(texts.totpHint);

    await step.getByTestId('two-factor-switch').click();
    await expect(step).toHaveAttribute('data-factor', 'sms');
    await expect(step).toContainText(texts.smsHint(masked(member.mobile!)));
    // With the app as first factor no SMS went out with the login: the player asks for one.
    const send = step.getByTestId('two-factor-sms-button');
    await expect(send).toHaveText(texts.getCode);
    const mark = await outboxMark();
    await send.click();
    await expect(send).toHaveText(texts.codeSent);
    const code = await smsCodeAfter(member.e164!, mark);

    await step.getByTestId('two-factor-code').fill(code);
    await step.getByTestId('two-factor-submit').click();
    await expectLoggedIn(page);
  });
});
