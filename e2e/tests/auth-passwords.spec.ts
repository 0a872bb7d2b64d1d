import { Secret, TOTP } from 'otpauth';
import { expect, test, type APIRequestContext, type Page } from '../harness/test';
import {
  callEncrypted,
  clearThrottles,
  outboxMark,
  outboxMessageAfter,
  registerMember,
  setFeatureSwitch,
  setPasswordAsOperator,
  smsCodeAfter,
  type RegisteredMember,
  uniqueMobile,
  uniqueUsername,
} from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Forgotten and forced password changes as a player clicks through them (the forgot-password
// and change-password modals, the forgot flows and login). Texts are the site's own:
// mfe-auth/src/locales/{en,bn}.json for the forms, the server's <module>.messages.ts (composed in
// server/src/messages.ts) for the server's answers. Members are registered through the real API;
// what the site "sends" is read from the built-in sender's outbox.

/** What a player reads, in the two languages these tests click through. */
const TEXTS = {
  EN: {
    lang: /^en/i,
    loginPopup: 'Login or register',
    loginTab: 'Login',
    forgotTitle: 'Forgot password',
    mobileTab: 'Mobile number',
    emailTab: 'E-mail',
    resetLinkTitle: 'Set a new password',
    changeTitle: 'Change password',
    notice: 'Notice',
    confirm: 'Confirm',
    emailSent: 'We have sent password reset instructions to your e-mail. Please check your inbox.',
    noSuchPair: 'Username/Email does not exist',
    resetSuccess: 'Password reset successfully, please log in again',
    twoStepKept:
      'Two-step sign-in stays on: logging in still asks for the code of your authenticator app or SMS. If you did not set it up yourself, contact customer service at once.',
    linkInvalid: 'This password reset link is invalid or has expired, please request a new one',
    wrongPassword: 'Incorrect username or password',
    smsCodeInvalid: 'Verification code not valid, missing or expired, please send again',
    codeSent: /^Code sent \((\d+)\)$/,
    inconsistent: 'Incorrect confirmation input',
    passwordPattern: '8-64 characters',
    passwordHint: '8-64 characters; letters, digits, symbols and spaces are all welcome. Common or leaked passwords are not accepted.',
    tooCommon: 'This password is too common and easy to guess; please choose another',
    newPasswordEmpty: 'New password not empty',
    changed: 'Password changed. Please log in with your new password.',
    usernameEmpty: 'Username not empty',
    emailEmpty: 'E-mail not empty',
    emailPattern: 'Please enter a valid e-mail address (5-64 characters)',
  },
  BN: {
    lang: /^bn/i,
    loginPopup: 'লগইন অথবা নিবন্ধন',
    loginTab: 'লগইন',
    forgotTitle: 'পাসওয়ার্ড ভুলে গেছেন',
    mobileTab: 'মোবাইল নম্বর',
    emailTab: 'ই-মেইল',
    resetLinkTitle: 'নতুন পাসওয়ার্ড সেট করুন',
    changeTitle: 'পাসওয়ার্ড পরিবর্তন',
    notice: 'বিজ্ঞপ্তি',
    confirm: 'নিশ্চিত করুন',
    emailSent: 'আমরা আপনার ই-মেইলে পাসওয়ার্ড রিসেটের নির্দেশনা পাঠিয়েছি। অনুগ্রহ করে ইনবক্স দেখুন।',
    noSuchPair: 'ব্যবহারকারীর নাম/ই-মেইল বিদ্যমান নেই',
    resetSuccess: 'পাসওয়ার্ড সফলভাবে রিসেট হয়েছে, অনুগ্রহ করে আবার লগইন করুন',
    twoStepKept:
      'দুই-ধাপের সাইন-ইন চালু আছে: লগইনে এখনও আপনার অথেন্টিকেটর অ্যাপ বা এসএমএসের কোড চাওয়া হবে। আপনি নিজে এটি চালু না করে থাকলে এখনই গ্রাহক সেবায় যোগাযোগ করুন।',
    linkInvalid: 'এই পাসওয়ার্ড রিসেট লিংকটি অবৈধ বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে নতুন একটি চান',
    wrongPassword: 'ব্যবহারকারীর নাম বা পাসওয়ার্ড সঠিক নয়',
    smsCodeInvalid: 'যাচাইকরণ কোড সঠিক নয়, অনুপস্থিত বা মেয়াদোত্তীর্ণ, অনুগ্রহ করে আবার পাঠান',
    codeSent: /^কোড পাঠানো হয়েছে \((\d+)\)$/,
    inconsistent: 'দুটি এন্ট্রি মেলেনি',
    passwordPattern: '8-64 অক্ষর',
    passwordHint: '8-64 অক্ষর; অক্ষর, সংখ্যা, চিহ্ন ও স্পেস সবই চলবে। সাধারণ বা ফাঁস হওয়া পাসওয়ার্ড গ্রহণযোগ্য নয়।',
    tooCommon: 'এই পাসওয়ার্ডটি খুব সাধারণ এবং সহজে অনুমানযোগ্য; অনুগ্রহ করে অন্য একটি বেছে নিন',
    newPasswordEmpty: 'নতুন পাসওয়ার্ড খালি রাখা যাবে না',
    changed: 'পাসওয়ার্ড পরিবর্তন হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগইন করুন।',
    usernameEmpty: 'ইউজারনেম খালি রাখা যাবে না',
    emailEmpty: 'ই-মেইল খালি রাখা যাবে না',
    emailPattern: 'অনুগ্রহ করে একটি সঠিক ই-মেইল ঠিকানা দিন (5-64 অক্ষর)',
  },
} as const;
type Language = keyof typeof TEXTS;

/** Binds an authenticator app through the member API (its session and password, as the security settings do). */
async function bindAuthenticator(request: APIRequestContext, member: RegisteredMember): Promise<void> {
  const started = await request.post('/wps/v2/member/2fa/totp', { headers: { Authorization: member.token } });
  const { secretKey } = ((await started.json()) as { value: { secretKey: string } }).value;
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretKey) });
  const { status, body } = await callEncrypted(
    request,
    'POST',
    '/wps/v2/member/2fa/totp/confirm',
    { code: app.generate(), password: member.password },
    { Authorization: member.token },
  );
  if (status !== 200 || !body.success) throw new Error(`binding refused: ${status} ${body.errorCode}`);
}

/** A new password the policy takes: 64 characters, spaces and symbols included. */
const PASSPHRASE = 'Seven tidy owls & 3 quiet foxes: "hush" {at} [dusk] — 100% calm!';

/** The seed's default weak password (server/seed/default-merchant.json, accounts.defaultPassword). */
const DEFAULT_PASSWORD = '123456';

/** An operator's change to one member row (`assignment` is SQL of the test's own, never input). */
async function memberSql(username: string, assignment: string): Promise<void> {
  const rows = await operatorSql(
    `UPDATE member SET ${assignment}
      WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}
      RETURNING id`,
    [username],
  );
  if (!rows[0]) throw new Error(`no member ${username}`);
}

async function useLanguage(page: Page, language: Language): Promise<void> {
  if (language === 'EN') return useEnglish(page);
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('lang')) {
      window.localStorage.setItem('lang', 'BN');
      window.localStorage.setItem('hisLang', 'BN');
    }
  });
}

/** A message the site shows as a toast (role alert) or in a form (role alert). */
function alertWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function openLoginPopup(page: Page, texts: (typeof TEXTS)[Language]) {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: texts.loginPopup });
  await expect(popup.getByTestId('login-form')).toBeVisible();
  return popup;
}

async function logIn(page: Page, texts: (typeof TEXTS)[Language], username: string, password: string) {
  const popup = await openLoginPopup(page, texts);
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
  // The shell's confirmation (its own texts, header_sign_out).
  await page.getByRole('dialog', { name: /^(Sign out|সাইন আউট)$/ }).getByRole('button', { name: /^(Sign out|সাইন আউট)$/ }).click();
  await expect(page.getByTestId('header-login')).toBeVisible();
}

/** Dismisses a one-button notice (a dialog titled Notice carrying `testId`), checking its text. */
async function confirmNotice(page: Page, texts: (typeof TEXTS)[Language], testId: string, message: string) {
  const notice = page.getByRole('dialog', { name: texts.notice }).and(page.getByTestId(testId));
  await expect(notice).toContainText(message);
  await notice.getByRole('button', { name: texts.confirm }).click();
  await expect(page.getByTestId(testId)).toHaveCount(0);
}

test.describe('passwords', () => {
  test.beforeEach(async ({ page }) => {
    await skipAnnouncementPopup(page);
    await clearThrottles();
  });

  for (const language of ['EN', 'BN'] as const) {
    test(`forgot password by e-mail (${language}): a wrong pair is refused, the right one e-mails a link that sets a new password`, async ({ page, request }) => {
      const texts = TEXTS[language];
      await useLanguage(page, language);
      const email = `${uniqueUsername('mail')}@mail.example`.toLowerCase();
      const member = await registerMember(request, { email });

      await openSite(page, '/');
      await expect(page.locator('html')).toHaveAttribute('lang', texts.lang);
      const popup = await openLoginPopup(page, texts);
      await popup.getByTestId('login-forgot-password').click();
      const forgot = page.getByRole('dialog', { name: texts.forgotTitle });
      await expect(forgot.getByTestId('forgot-email-form')).toBeVisible();
      // E-mail is the first way; help is a click away.
      await expect(forgot.getByRole('tab', { name: texts.emailTab })).toHaveAttribute('aria-selected', 'true');
      await expect(forgot.getByTestId('forgot-customer-service')).toBeVisible();

      // Both fields required and checked before anything is sent.
      await forgot.getByTestId('forgot-email-submit').click();
      await expect(forgot).toContainText(texts.usernameEmpty);
      await expect(forgot).toContainText(texts.emailEmpty);
      await forgot.getByTestId('forgot-username').fill(member.username);
      await forgot.getByTestId('forgot-email').fill('not-an-address');
      await forgot.getByTestId('forgot-email-submit').click();
      await expect(forgot).toContainText(texts.emailPattern);
      await expect(forgot).not.toContainText(texts.usernameEmpty);

      // A username and an address that do not belong together: the server's message.
      await forgot.getByTestId('forgot-username').fill(member.username);
      await forgot.getByTestId('forgot-email').fill(`other.${email}`);
      await forgot.getByTestId('forgot-email-submit').click();
      await expect(alertWith(page, texts.noSuchPair)).toBeVisible();
      await expect(forgot).toBeVisible();

      // The right pair: a confirmation, the modal closes, the e-mail is on its way.
      const mark = await outboxMark();
      await forgot.getByTestId('forgot-email').fill(email);
      await forgot.getByTestId('forgot-email-submit').click();
      await confirmNotice(page, texts, 'forgot-email-sent', texts.emailSent);
      await expect(page.getByRole('dialog', { name: texts.forgotTitle })).toHaveCount(0);

      const mail = await outboxMessageAfter(email, mark);
      const link = /https?:\/\/\S+\/\?resetToken=[A-Za-z0-9_-]+/.exec(mail.body)?.[0];
      expect(link, `a reset link in: ${mail.body}`).toBeTruthy();
      expect(new URL(link!).origin).toBe(new URL(page.url()).origin);

      // The link opens the new-password form of the site.
      await page.goto(link!);
      const resetForm = page.getByRole('dialog', { name: texts.resetLinkTitle });
      await expect(resetForm.getByTestId('reset-link-form')).toBeVisible();
      await resetForm.getByTestId('reset-link-newPassword').fill('Brand2new');
      await resetForm.getByTestId('reset-link-confirmNewPassword').fill('Brand2neW');
      await resetForm.getByTestId('reset-link-submit').click();
      await expect(resetForm).toContainText(texts.inconsistent);
      await resetForm.getByTestId('reset-link-confirmNewPassword').fill('Brand2new');
      await resetForm.getByTestId('reset-link-submit').click();
      await confirmNotice(page, texts, 'reset-success', texts.resetSuccess);
      await expect(page).not.toHaveURL(/resetToken/);

      // Back on the login form, with the account name filled in: the new password logs in.
      const loginPopup = page.getByRole('dialog', { name: texts.loginPopup });
      await expect(loginPopup.getByRole('tab', { name: texts.loginTab })).toHaveAttribute('aria-selected', 'true');
      await expect(loginPopup.getByTestId('login-username')).toHaveValue(member.username);
      await loginPopup.getByTestId('login-password').fill('Brand2new');
      await loginPopup.getByTestId('login-submit').click();
      await expectLoggedIn(page);

      // The link worked once.
      await signOut(page);
      await page.goto(link!);
      await resetForm.getByTestId('reset-link-newPassword').fill('Another2go');
      await resetForm.getByTestId('reset-link-confirmNewPassword').fill('Another2go');
      await resetForm.getByTestId('reset-link-submit').click();
      await expect(alertWith(page, texts.linkInvalid)).toBeVisible();
    });
  }

  test('forgot password by e-mail with an authenticator bound (EN): the site and an e-mail say two-step sign-in stays on', async ({ page, request }) => {
    const texts = TEXTS.EN;
    await useEnglish(page);
    const email = `${uniqueUsername('kept')}@mail.example`.toLowerCase();
    const member = await registerMember(request, { email });
    await bindAuthenticator(request, member);

    await openSite(page, '/');
    const popup = await openLoginPopup(page, texts);
    await popup.getByTestId('login-forgot-password').click();
    const forgot = page.getByRole('dialog', { name: texts.forgotTitle });
    await forgot.getByTestId('forgot-username').fill(member.username);
    const mark = await outboxMark();
    await forgot.getByTestId('forgot-email').fill(email);
    await forgot.getByTestId('forgot-email-submit').click();
    await confirmNotice(page, texts, 'forgot-email-sent', texts.emailSent);
    const link = /https?:\/\/\S+\/\?resetToken=[A-Za-z0-9_-]+/.exec((await outboxMessageAfter(email, mark)).body)![0];

    await page.goto(link);
    const resetForm = page.getByRole('dialog', { name: texts.resetLinkTitle });
    await resetForm.getByTestId('reset-link-newPassword').fill('Brand2new');
    await resetForm.getByTestId('reset-link-confirmNewPassword').fill('Brand2new');
    const afterReset = await outboxMark();
    await resetForm.getByTestId('reset-link-submit').click();
    const notice = page.getByRole('dialog', { name: texts.notice }).and(page.getByTestId('reset-success'));
    await expect(notice).toContainText(texts.resetSuccess);
    await expect(notice.getByTestId('reset-two-step-kept')).toHaveText(texts.twoStepKept);
    await notice.getByRole('button', { name: texts.confirm }).click();

    // The member's mailbox hears it too, and the login still asks for the app's code.
    const mail = await outboxMessageAfter(email, afterReset);
    expect(mail.subject).toMatch(/two-step sign-in stays on$/);
    expect(mail.body).toContain(`the password of your account ${member.username} was reset`);
    const loginPopup = page.getByRole('dialog', { name: texts.loginPopup });
    await loginPopup.getByTestId('login-password').fill('Brand2new');
    await loginPopup.getByTestId('login-submit').click();
    await expect(loginPopup.getByTestId('two-factor-form')).toHaveAttribute('data-factor', 'totp');
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
  });

  for (const language of ['EN', 'BN'] as const) {
    test(`forgot password by mobile (${language}): the SMS code sets a new password and logs in; the old one no longer works`, async ({ browser, page, request }) => {
      const texts = TEXTS[language];
      await useLanguage(page, language);
      const mobile = uniqueMobile();
      const member = await registerMember(request, { mobile });

      // The member is also signed in on another device.
      const otherDevice = await browser.newContext();
      const other = await otherDevice.newPage();
      await useLanguage(other, language);
      await skipAnnouncementPopup(other);
      await openSite(other, '/');
      await logIn(other, texts, member.username, member.password);
      await expectLoggedIn(other);

      await openSite(page, '/');
      const popup = await openLoginPopup(page, texts);
      await popup.getByTestId('login-forgot-password').click();
      const forgot = page.getByRole('dialog', { name: texts.forgotTitle });
      // CHNGPASSVERIF3 is on in the seed: the mobile tab is offered.
      await forgot.getByRole('tab', { name: texts.mobileTab }).click();
      await expect(forgot.getByTestId('forgot-mobile-form')).toBeVisible();
      await expect(forgot.getByTestId('forgot-country-code')).toContainText('+880');

      const mark = await outboxMark();
      await forgot.getByTestId('forgot-mobileNum').fill(mobile);
      const codeButton = forgot.getByTestId('forgot-sms-code-button');
      await codeButton.click();
      // The countdown follows the code's expiry the server gave (5 minutes), not the usual 60 s.
      await expect(codeButton).toHaveText(texts.codeSent);
      await expect(codeButton).toBeDisabled();
      const secondsLeft = Number(texts.codeSent.exec((await codeButton.textContent()) ?? '')?.[1]);
      expect(secondsLeft).toBeGreaterThan(240);
      expect(secondsLeft).toBeLessThanOrEqual(300);
      const code = await smsCodeAfter(member.e164!, mark);

      // A wrong code is refused with the server's message.
      const wrongCode = code === '000000' ? '111111' : '000000';
      await forgot.getByTestId('forgot-verificationCode').fill(wrongCode);
      await forgot.getByTestId('forgot-newPassword').fill('Mobile2new');
      await forgot.getByTestId('forgot-mobile-submit').click();
      await expect(alertWith(page, texts.smsCodeInvalid)).toBeVisible();

      // The right code: the password is set and the player is logged in with it, at once.
      await forgot.getByTestId('forgot-verificationCode').fill(code);
      await forgot.getByTestId('forgot-mobile-submit').click();
      await expectLoggedIn(page);

      // The reset ended the other device's session: its next request finds it signed out.
      await other.getByTestId('header-balance-refresh').click();
      await expect(other.getByTestId('header-login')).toBeVisible();
      await expect(other.getByTestId('header-balance')).toHaveCount(0);
      await otherDevice.close();

      // Later visits: the new password logs in, the old one is refused.
      await signOut(page);
      await logIn(page, texts, member.username, 'Mobile2new');
      await expectLoggedIn(page);
      await signOut(page);
      const again = await logIn(page, texts, member.username, member.password);
      await expect(alertWith(page, texts.wrongPassword)).toBeVisible();
      await expect(again).toBeVisible();
      await expect(page.getByTestId('header-balance')).toHaveCount(0);
    });
  }

  /** Why the site demands a new password at login, and how a member comes to that state; answers the password to log in with. */
  const FORCED_CHANGES: { reason: string; prepare: (member: RegisteredMember) => Promise<string> }[] = [
    {
      reason: "the merchant's default password",
      prepare: async (member) => {
        await setPasswordAsOperator(member.username, DEFAULT_PASSWORD);
        return DEFAULT_PASSWORD;
      },
    },
    {
      reason: 'a first login (an account the back office opened)',
      prepare: async (member) => {
        await memberSql(member.username, 'first_time_login = true');
        return member.password;
      },
    },
    {
      reason: 'an expired password (PWDEXPFORCECHANGE3 on)',
      prepare: async (member) => {
        await memberSql(member.username, "password_expires_at = now() - interval '1 day'");
        return member.password;
      },
    },
  ];

  for (const { reason, prepare } of FORCED_CHANGES) {
    test(`${reason}: the change-password modal comes first, then the login tab, where the new password logs in`, async ({ page, request }) => {
      const texts = TEXTS.EN;
      await useEnglish(page);
      const member = await registerMember(request);
      const oldPassword = await prepare(member);

      await openSite(page, '/');
      await logIn(page, texts, member.username, oldPassword);

      // The change-password modal instead of a session: the account named, no old password asked
      // (it was just typed), nothing of the logged-in header yet.
      const change = page.getByRole('dialog', { name: texts.changeTitle });
      await expect(change.getByTestId('change-password-form')).toBeVisible();
      await expect(change.getByTestId('change-password-username')).toHaveValue(member.username);
      await expect(change.getByTestId('change-password-oldPassword')).toHaveCount(0);
      await expect(page.getByTestId('header-balance')).toHaveCount(0);

      await expect(change.getByTestId('change-password-newPassword-hint')).toHaveText(texts.passwordHint);
      expect([...PASSPHRASE]).toHaveLength(64);
      await change.getByTestId('change-password-newPassword').fill(PASSPHRASE);
      await change.getByTestId('change-password-confirmNewPassword').fill(PASSPHRASE);
      await change.getByTestId('change-password-submit').click();

      // Changed: a confirmation, and the login modal on its login tab with the account filled in.
      await expect(page.getByRole('status').filter({ hasText: texts.changed })).toBeVisible();
      await expect(change).toHaveCount(0);
      const popup = page.getByRole('dialog', { name: texts.loginPopup });
      await expect(popup.getByRole('tab', { name: texts.loginTab })).toHaveAttribute('aria-selected', 'true');
      await expect(popup.getByTestId('login-username')).toHaveValue(member.username);
      await expect(popup.getByTestId('login-password')).toHaveValue('');
      await expect(page.getByTestId('header-balance')).toHaveCount(0);

      // The new password logs in without asking again.
      await popup.getByTestId('login-password').fill(PASSPHRASE);
      await popup.getByTestId('login-submit').click();
      await expectLoggedIn(page);

      // The old password is gone.
      await signOut(page);
      await logIn(page, texts, member.username, oldPassword);
      await expect(alertWith(page, texts.wrongPassword)).toBeVisible();
      await expect(page.getByRole('dialog', { name: texts.changeTitle })).toHaveCount(0);
    });
  }

  test('an expired password is not forced to change without PWDEXPFORCECHANGE3, nor after an SMS-code login', async ({ page, request }) => {
    const texts = TEXTS.EN;
    await useEnglish(page);
    const mobile = uniqueMobile();
    const member = await registerMember(request, { mobile });
    await memberSql(member.username, "password_expires_at = now() - interval '1 day'");

    // SMS-code login (MOBILEVERCODELOGIN3): the player proved the phone, no change asked.
    await openSite(page, '/');
    const popup = await openLoginPopup(page, texts);
    await popup.getByTestId('login-method').click();
    await popup.getByTestId('login-method-sms').click();
    await popup.getByTestId('login-mobileNum').fill(mobile);
    const mark = await outboxMark();
    await popup.getByTestId('login-sms-code-button').click();
    await popup.getByTestId('login-code').fill(await smsCodeAfter(member.e164!, mark));
    await popup.getByTestId('login-submit').click();
    await expectLoggedIn(page);
    await signOut(page);

    // The switch off: the expired password simply logs in.
    await setFeatureSwitch('PWDEXPFORCECHANGE3', false);
    try {
      await logIn(page, texts, member.username, member.password);
      await expectLoggedIn(page);
      await expect(page.getByRole('dialog', { name: texts.changeTitle })).toHaveCount(0);
    } finally {
      await setFeatureSwitch('PWDEXPFORCECHANGE3', true);
    }
  });

  for (const language of ['EN', 'BN'] as const) {
    test(`change password (${language}): an empty, a rule-breaking, a mismatched and a common new password are refused under their fields`, async ({ page, request }) => {
      const texts = TEXTS[language];
      await useLanguage(page, language);
      const member = await registerMember(request);
      await setPasswordAsOperator(member.username, DEFAULT_PASSWORD);

      await openSite(page, '/');
      await logIn(page, texts, member.username, DEFAULT_PASSWORD);
      const change = page.getByRole('dialog', { name: texts.changeTitle });
      await expect(change.getByTestId('change-password-username')).toHaveValue(member.username);
      const requests: string[] = [];
      page.on('request', (sent) => {
        if (new URL(sent.url()).pathname === '/wps/member/password') requests.push(sent.method());
      });

      // The field tells the rule before anything is typed.
      await expect(change.getByTestId('change-password-newPassword-hint')).toHaveText(texts.passwordHint);
      await change.getByTestId('change-password-submit').click();
      await expect(change).toContainText(texts.newPasswordEmpty);

      // 7 characters break the site's password rule (8-64, anything).
      await change.getByTestId('change-password-newPassword').fill('Short7x');
      await change.getByTestId('change-password-confirmNewPassword').fill('Short7x');
      await change.getByTestId('change-password-submit').click();
      const patternError = change.getByRole('alert').filter({ hasText: texts.passwordPattern });
      await expect(patternError).toBeVisible();

      // Valid, but the confirmation differs.
      await change.getByTestId('change-password-newPassword').fill('Valid2025');
      await change.getByTestId('change-password-confirmNewPassword').fill('Valid2026');
      await change.getByTestId('change-password-submit').click();
      await expect(change).toContainText(texts.inconsistent);
      await expect(patternError).toHaveCount(0);

      // Nothing reached the server, and the password is still the default one.
      expect(requests).toEqual([]);
      await expect(page.getByTestId('header-balance')).toHaveCount(0);

      // A common password passes the form's rule; the server refuses it, said under the field.
      await change.getByTestId('change-password-newPassword').fill('password1');
      await change.getByTestId('change-password-confirmNewPassword').fill('password1');
      await change.getByTestId('change-password-submit').click();
      await expect(change.getByRole('alert').filter({ hasText: texts.tooCommon }).first()).toBeVisible();
      expect(requests).toEqual(['POST']);
      await expect(page.getByTestId('header-balance')).toHaveCount(0);
    });
  }
});
