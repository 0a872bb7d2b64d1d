import { Secret, TOTP } from 'otpauth';
import type { Envelope, LoginResult } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, loginRequest, MINUTE, setModule, TestClock, tokenFor } from '../member/member.testing';
import { codeIn, lastMessageTo, outboxFor } from '../notification/outbox.testing';
import { createAccountHooks } from '../session';

// Changing a password, and resetting a forgotten one by e-mail and by SMS, end to end (codes
// and links are read from the outbox, as a person would read their phone or mailbox).

const clock = new TestClock();
let context: TestContext;
let counter = 0;
const nextIp = () => `203.0.113.${++counter}`;
const nextUsername = () => `pw${String(++counter).padStart(6, '0')}`;
const nextNumber = () => `19${String(10_000_000 + ++counter).slice(-8)}`;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: createAccountHooks() });
});

afterAll(async () => {
  await context.close();
});

const securityConfig = (token: string) =>
  context.app.inject({ method: 'GET', url: '/wps/v2/member/securityConfig', headers: { authorization: token } });

const changePassword = (token: string, payload: Record<string, unknown>, language = 'EN') =>
  encryptedInject(context.app, 'POST', '/wps/member/password', payload, { headers: { authorization: token, language } });

async function member(options: { email?: string; mobile?: string; firstTimeLogin?: boolean; memberType?: 0 | 4 } = {}) {
  const username = nextUsername();
  const password = 'oldpass42';
  const id = await createMember(context.pool, context.merchantId, {
    username,
    password,
    nowMs: clock.nowMs,
    firstTimeLogin: options.firstTimeLogin,
    memberType: options.memberType,
    ...(options.mobile ? { countryDialingCode: '+880', mobile: options.mobile } : {}),
  });
  if (options.email) await context.pool.query('UPDATE member SET email = $2 WHERE id = $1', [id, options.email]);
  return { id, username, password };
}

describe('POST /wps/member/password (change)', () => {
  it('changes the password, ends the other sessions, keeps this one, clears firstTimeLogin', async () => {
    const { username, password } = await member({ firstTimeLogin: true });
    const other = await tokenFor(context.app, username, password, nextIp());
    const loginValue = json<Envelope<LoginResult>>(await loginRequest(context.app, { username, password }, { remoteAddress: nextIp() })).value;
    expect(loginValue.firstTimeLogin).toBe(true);
    const response = await changePassword(loginValue.token, { oldPassword: password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<null>>(response)).toEqual({ success: true, value: null, message: null, errorCode: null });

    expect((await securityConfig(loginValue.token)).statusCode).toBe(200);
    const ended = await securityConfig(other);
    expect(ended.statusCode).toBe(401);
    expect(json<Envelope<null>>(ended).errorCode).toBe('user.or.token.invalid');

    const after = await loginRequest(context.app, { username, password: 'newpass99' }, { remoteAddress: nextIp() });
    expect(json<Envelope<LoginResult>>(after).value.firstTimeLogin).toBe(false);
    expect((await loginRequest(context.app, { username, password }, { remoteAddress: nextIp() })).statusCode).toBe(400);
  });

  it.each([
    [{ newPassword: 'newpass99', confirmNewPassword: 'newpass99' }, 'reg_field_required', 'oldPassword not empty'],
    [{ oldPassword: 'WRONG', newPassword: 'newpass99', confirmNewPassword: 'newpass99' }, 'old.password.err', 'The old password is incorrect'],
    [{ oldPassword: '$old', newPassword: 'newpass99', confirmNewPassword: 'newpass98' }, 'inconsistent.twice', 'The two passwords are inconsistent'],
    [{ oldPassword: '$old', newPassword: 'abc', confirmNewPassword: 'abc' }, 'reg_pattern_0', 'newPassword: any characters, 8-64 characters'],
    [{ oldPassword: '$old', newPassword: 'newpas9', confirmNewPassword: 'newpas9' }, 'reg_pattern_0', 'newPassword: any characters, 8-64 characters'],
    [{ oldPassword: '$old', newPassword: 'n'.repeat(65), confirmNewPassword: 'n'.repeat(65) }, 'reg_pattern_0', 'newPassword: any characters, 8-64 characters'],
    [{ oldPassword: '$old', newPassword: 'password1', confirmNewPassword: 'password1' }, 'password.too.common', 'This password is too common and easy to guess; please choose another'],
    [{ oldPassword: '$old', newPassword: '12345678', confirmNewPassword: '12345678' }, 'password.too.common', 'This password is too common and easy to guess; please choose another'],
    [{ oldPassword: '$old', newPassword: '', confirmNewPassword: '' }, 'reg_field_required', 'newPassword not empty'],
    [{ oldPassword: '$old', newPassword: 'newpass99', confirmNewPassword: '' }, 'reg_field_required', 'confirmNewPassword not empty'],
    [{ oldPassword: '$old', newPassword: '$old', confirmNewPassword: '$old' }, 'password.same.as.old', 'The new password must be different from the current one'],
    [{ oldPassword: '$old', newPassword: 'newpass99' }, 'request.param.err', 'Invalid request parameter: body.confirmNewPassword is required'],
  ])('refuses %j: %s', async (template, errorCode, message) => {
    const { username, password } = await member();
    const token = await tokenFor(context.app, username, password, nextIp());
    const payload = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, value === '$old' ? password : value]));
    const response = await changePassword(token, payload);
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<unknown>>(response)).toMatchObject({ success: false, errorCode, message });
    // Nothing changed.
    expect((await loginRequest(context.app, { username, password }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it('takes 64 characters of anything, spaces and symbols included', async () => {
    const { username, password } = await member();
    const token = await tokenFor(context.app, username, password, nextIp());
    const strong = 'a long pass phrase: "with" {symbols} & spaces ✓ অক্ষর — 64 chars';
    expect([...strong]).toHaveLength(64);
    expect((await changePassword(token, { oldPassword: password, newPassword: strong, confirmNewPassword: strong })).statusCode).toBe(200);
    expect((await loginRequest(context.app, { username, password: strong }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it("still applies the merchant's own pattern, within the floors of 8 and 64", async () => {
    const lettersAndDigits = '^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z0-9]+$';
    await context.pool.query(
      "UPDATE register_field_rule SET accepted_pattern = $2, pattern_id = 5, min_length = 6, max_length = 20 WHERE merchant_id = $1 AND field = 'password'",
      [context.merchantId, lettersAndDigits],
    );
    try {
      const { username, password } = await member();
      const token = await tokenFor(context.app, username, password, nextIp());
      const refused = await changePassword(token, { oldPassword: password, newPassword: 'only letters here', confirmNewPassword: 'only letters here' });
      expect(json<Envelope<unknown>>(refused)).toMatchObject({
        errorCode: 'reg_pattern_5',
        message: 'newPassword: a combination of letters and digits, 8-64 characters',
        value: { field: 'newPassword', minLength: 8, maxLength: 64 },
      });
      const long = 'abc123'.repeat(6);
      expect((await changePassword(token, { oldPassword: password, newPassword: long, confirmNewPassword: long })).statusCode).toBe(200);
    } finally {
      await context.pool.query(
        "UPDATE register_field_rule SET accepted_pattern = '*', pattern_id = 0, min_length = 8, max_length = 64 WHERE merchant_id = $1 AND field = 'password'",
        [context.merchantId],
      );
    }
  });

  it("answers in the caller's language", async () => {
    const { username, password } = await member();
    const token = await tokenFor(context.app, username, password, nextIp());
    const response = await changePassword(token, { oldPassword: 'nope', newPassword: 'newpass99', confirmNewPassword: 'newpass99' }, 'TH');
    expect(json<Envelope<null>>(response).message).toBe('รหัสผ่านเดิมไม่ถูกต้อง');
  });

  it('locks after 5 wrong old passwords', async () => {
    const { username, password } = await member();
    const token = await tokenFor(context.app, username, password, nextIp());
    for (let i = 0; i < 5; i++) {
      expect((await changePassword(token, { oldPassword: `wrong${i}`, newPassword: 'newpass99', confirmNewPassword: 'newpass99' })).statusCode).toBe(400);
    }
    const locked = await changePassword(token, { oldPassword: password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' });
    expect(locked.statusCode).toBe(429);
    clock.advance(5 * MINUTE);
    expect((await changePassword(token, { oldPassword: password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' })).statusCode).toBe(200);
  });

  it('needs a session, a real account, and an encrypted body', async () => {
    const anonymous = await encryptedInject(context.app, 'POST', '/wps/member/password', { oldPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' });
    expect(anonymous.statusCode).toBe(401);
    expect(json<Envelope<null>>(anonymous).errorCode).toBe('CUSTOMER_NOT_LOGIN');

    const guest = await member({ memberType: 4 });
    const guestToken = await tokenFor(context.app, guest.username, guest.password, nextIp());
    expect((await changePassword(guestToken, { oldPassword: guest.password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' })).statusCode).toBe(403);

    const { username, password } = await member();
    const token = await tokenFor(context.app, username, password, nextIp());
    const plain = await context.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: { authorization: token },
      payload: { oldPassword: password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' },
    });
    expect(plain.statusCode).toBe(400);
    expect(json<Envelope<null>>(plain).errorCode).toBe('request_body_required');
  });
});

describe('forgot password by e-mail', () => {
  const form = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    context.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(body).toString(),
      remoteAddress: nextIp(),
    });

  it('e-mails a single-use link that sets a new password and ends every session', async () => {
    const { username, password } = await member({ email: 'Reset.Me@Example.com' });
    const session = await tokenFor(context.app, username, password, nextIp());
    const response = await form({ username: username.toUpperCase(), email: 'reset.me@example.com' }, { host: 'www.luckystar.example', language: 'ID' });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<null>>(response)).toEqual({
      success: true,
      value: null,
      message: 'Tautan atur ulang kata sandi telah dikirim ke e-mail Anda',
      errorCode: null,
    });
    const mail = await lastMessageTo(context.pool, 'Reset.Me@Example.com');
    expect(mail.channel).toBe('email');
    expect(mail.subject).toBe('Lucky Star: atur ulang kata sandi Anda');
    const link = /https:\/\/www\.luckystar\.example\/\?resetToken=([A-Za-z0-9_-]{22})/.exec(mail.body);
    expect(link).not.toBeNull();
    const token = link![1];
    const stored = await context.pool.query('SELECT 1 FROM password_reset_token WHERE token_hash LIKE $1', [`%${token}%`]);
    expect(stored.rowCount).toBe(0);

    const reset = await encryptedInject(context.app, 'POST', '/wps/member/password/email/reset', {
      token,
      newPassword: 'fresh123',
      confirmNewPassword: 'fresh123',
    });
    expect(reset.statusCode).toBe(200);
    expect(json<Envelope<{ userName: string }>>(reset)).toEqual({
      success: true,
      value: { userName: username, secondFactors: [] },
      message: 'Password reset successfully, please log in again',
      errorCode: null,
    });
    expect((await securityConfig(session)).statusCode).toBe(401);
    expect((await loginRequest(context.app, { username, password: 'fresh123' }, { remoteAddress: nextIp() })).statusCode).toBe(200);

    const again = await encryptedInject(context.app, 'POST', '/wps/member/password/email/reset', {
      token,
      newPassword: 'other123',
      confirmNewPassword: 'other123',
    });
    expect(again.statusCode).toBe(400);
    expect(json<Envelope<null>>(again).errorCode).toBe('reset.link.invalid');
  });

  it('lifts the login locks of the account, from every address, when its owner resets the password', async () => {
    const { username, password } = await member({ email: 'locked.out@example.com' });
    const addresses = [nextIp(), nextIp()];
    for (const address of addresses) {
      for (let attempt = 0; attempt < 6; attempt++) await loginRequest(context.app, { username, password: `wrong${attempt}` }, { remoteAddress: address });
      expect((await loginRequest(context.app, { username, password }, { remoteAddress: address })).statusCode).toBe(429);
    }
    await form({ username, email: 'locked.out@example.com' });
    const token = /resetToken=([A-Za-z0-9_-]{22})/.exec((await lastMessageTo(context.pool, 'locked.out@example.com')).body)![1];
    const reset = await encryptedInject(context.app, 'POST', '/wps/member/password/email/reset', { token, newPassword: 'fresh123', confirmNewPassword: 'fresh123' });
    expect(reset.statusCode).toBe(200);
    const left = await context.pool.query("SELECT scope, subject FROM auth_throttle WHERE scope LIKE 'login.account%' AND subject LIKE $1", [`${username}%`]);
    expect(left.rows).toEqual([]);
  });

  it('never points the link at a host that is not the merchant\'s', async () => {
    await member({ email: 'host@example.com' }).then(({ username }) => form({ username, email: 'host@example.com' }, { host: 'evil.example' }));
    const mail = await lastMessageTo(context.pool, 'host@example.com');
    expect(mail.body).toContain('https://luckystar.example/?resetToken=');
    expect(mail.body).not.toContain('evil.example');
  });

  it('links expire after 30 minutes', async () => {
    const { username } = await member({ email: 'late@example.com' });
    await form({ username, email: 'late@example.com' });
    const token = /resetToken=([A-Za-z0-9_-]+)/.exec((await lastMessageTo(context.pool, 'late@example.com')).body)![1];
    clock.advance(30 * MINUTE);
    const late = await encryptedInject(context.app, 'POST', '/wps/member/password/email/reset', {
      token,
      newPassword: 'fresh123',
      confirmNewPassword: 'fresh123',
    });
    expect(json<Envelope<null>>(late)).toMatchObject({
      errorCode: 'reset.link.invalid',
      message: 'This password reset link is invalid or has expired, please request a new one',
    });
  });

  it.each([
    [{ username: 'nobody99', email: 'x@example.com' }, 'username.email.not.exist', 'Username/Email does not exist'],
    [{ username: '$user', email: 'other@example.com' }, 'username.email.not.exist', 'Username/Email does not exist'],
    [{ username: '', email: 'x@example.com' }, 'reg_field_required', 'username not empty'],
    [{ username: '$user', email: ' ' }, 'reg_field_required', 'email not empty'],
    [{ username: '$user', email: 'not-an-email' }, 'reg_pattern_3', 'email: a valid e-mail address, 5-254 characters'],
  ])('answers %j with %s', async (template, errorCode, message) => {
    const { username } = await member({ email: 'owner@example.com' });
    const body = { username: template.username === '$user' ? username : template.username, email: template.email };
    const response = await form(body);
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response)).toMatchObject({ errorCode, message });
    expect(await outboxFor(context.pool, 'owner@example.com')).toEqual([]);
  });

  it('also takes JSON, and throttles one address and one account name', async () => {
    const { username } = await member({ email: 'json@example.com' });
    const ip = nextIp();
    const post = (i: number) =>
      context.app.inject({ method: 'POST', url: '/wps/member/password/email', payload: { username: `ghost${i}`, email: 'g@example.com' }, remoteAddress: ip });
    for (let i = 0; i < 10; i++) expect((await post(i)).statusCode).toBe(400);
    const locked = await post(10);
    expect(locked.statusCode).toBe(429);
    expect(json<Envelope<null>>(locked).errorCode).toBe('TOO_MANY_REQUESTS');
    const ok = await context.app.inject({ method: 'POST', url: '/wps/member/password/email', payload: { username, email: 'json@example.com' }, remoteAddress: nextIp() });
    expect(ok.statusCode).toBe(200);
    // Five requests for one account name from anywhere lock that name.
    for (let i = 0; i < 4; i++) {
      await context.app.inject({ method: 'POST', url: '/wps/member/password/email', payload: { username, email: 'x@example.com' }, remoteAddress: nextIp() });
    }
    const nameLocked = await context.app.inject({ method: 'POST', url: '/wps/member/password/email', payload: { username, email: 'json@example.com' }, remoteAddress: nextIp() });
    expect(nameLocked.statusCode).toBe(429);
  });

  it('leaves other routes refusing form bodies', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'mobileNo=1712345678',
    });
    expect(response.statusCode).toBe(415);
    expect(json<Envelope<null>>(response).errorCode).toBe('request.media.type.err');
  });
});

describe('forgot password by SMS', () => {
  const sendCode = (payload: Record<string, unknown>, ip = nextIp()) =>
    encryptedInject(context.app, 'POST', '/wps/member/password/sms', payload, { remoteAddress: ip });
  const reset = (payload: Record<string, unknown>) => encryptedInject(context.app, 'POST', '/wps/member/password/verification', payload);

  it('sends a code with its expiry time, resets with it, and ends every session', async () => {
    const mobile = nextNumber();
    const { username, password } = await member({ mobile });
    const session = await tokenFor(context.app, username, password, nextIp());
    const sent = await sendCode({ countryDialingCode: '+880', mobileNum: mobile });
    expect(sent.statusCode).toBe(200);
    expect(json<Envelope<{ expirationTime: number; expiredMinutes: number }>>(sent).value).toEqual({
      expirationTime: clock.nowMs + 5 * MINUTE,
      expiredMinutes: 5,
    });
    const message = await lastMessageTo(context.pool, `+880${mobile}`);
    expect(message.body).toContain('your password reset code is');
    const code = codeIn(message.body);

    // A password that breaks the rule is refused without using the code up.
    const weak = await reset({ countryDialingCode: '+880', mobileNum: mobile, verificationCode: code, newPassword: 'abc' });
    expect(json<Envelope<null>>(weak).errorCode).toBe('reg_pattern_0');
    const common = await reset({ countryDialingCode: '+880', mobileNum: mobile, verificationCode: code, newPassword: 'Password1' });
    expect(json<Envelope<null>>(common)).toMatchObject({ errorCode: 'password.too.common', value: { field: 'newPassword' } });

    const done = await reset({ countryDialingCode: '+880', mobileNum: mobile, verificationCode: code, newPassword: 'phone123' });
    expect(done.statusCode).toBe(200);
    expect(json<Envelope<{ userName: string }>>(done)).toEqual({
      success: true,
      value: { userName: username, secondFactors: [] },
      message: 'Password reset successfully, please log in again',
      errorCode: null,
    });
    expect((await securityConfig(session)).statusCode).toBe(401);
    expect((await loginRequest(context.app, { username, password: 'phone123' }, { remoteAddress: nextIp() })).statusCode).toBe(200);
    const reused = await reset({ countryDialingCode: '+880', mobileNum: mobile, verificationCode: code, newPassword: 'again123' });
    expect(json<Envelope<null>>(reused)).toMatchObject({
      errorCode: 'sms.code.invalid',
      message: 'Verification code not valid, missing or expired, please send again',
    });
  });

  it('answers an unknown number like a known one; its reset fails like a wrong code', async () => {
    const mobile = nextNumber();
    const sent = await sendCode({ countryDialingCode: '+880', mobileNum: mobile });
    expect(sent.statusCode).toBe(200);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toEqual([]);
    const refused = await reset({ countryDialingCode: '+880', mobileNum: mobile, verificationCode: '123456', newPassword: 'phone123' });
    expect(refused.statusCode).toBe(400);
    expect(json<Envelope<null>>(refused).errorCode).toBe('sms.code.invalid');
  });

  it('reports the expiry the client counts down to, and refuses early resends', async () => {
    const mobile = nextNumber();
    await member({ mobile });
    const ip = nextIp();
    await sendCode({ countryDialingCode: '+880', mobileNum: mobile }, ip);
    clock.advance(30_000);
    const early = await sendCode({ countryDialingCode: '+880', mobileNum: mobile }, ip);
    expect(early.statusCode).toBe(429);
    expect(json<Envelope<null>>(early).errorCode).toBe('sms.too.frequent');
  });

  it.each([
    [{ countryDialingCode: '+880', mobileNum: '12ab' }, 'mobile.format.err'],
    [{ countryDialingCode: '+880', mobileNum: '' }, 'mobile.invalid'],
  ])('refuses %j with %s', async (payload, errorCode) => {
    const response = await sendCode(payload);
    expect(response.statusCode).toBe(400);
    expect(json<Envelope<null>>(response).errorCode).toBe(errorCode);
  });

  it('is off without CHNGPASSVERIF3, and needs encrypted bodies', async () => {
    await setModule(context.pool, context.merchantId, 'CHNGPASSVERIF3', false);
    try {
      const off = await sendCode({ countryDialingCode: '+880', mobileNum: nextNumber() });
      expect(off.statusCode).toBe(403);
      expect(json<Envelope<null>>(off).errorCode).toBe('function.not.enabled');
      const offReset = await reset({ countryDialingCode: '+880', mobileNum: nextNumber(), verificationCode: '123456', newPassword: 'phone123' });
      expect(offReset.statusCode).toBe(403);
    } finally {
      await setModule(context.pool, context.merchantId, 'CHNGPASSVERIF3', true);
    }
    for (const url of ['/wps/member/password/sms', '/wps/member/password/verification', '/wps/member/password/email/reset']) {
      const plain = await context.app.inject({ method: 'POST', url, payload: { mobileNum: '1712345678' } });
      expect(plain.statusCode).toBe(400);
      expect(json<Envelope<null>>(plain).errorCode).toBe('request_body_required');
    }
  });
});

describe('second factors across a reset or a change', () => {
  const codeAt = (secretKey: string, timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secretKey), timestamp });

  /** Binds an authenticator through the member API, as the security settings do. */
  async function bindAuthenticator(token: string, password: string): Promise<void> {
    const started = await context.app.inject({ method: 'POST', url: '/wps/v2/member/2fa/totp', headers: { authorization: token } });
    const { secretKey } = json<Envelope<{ secretKey: string }>>(started).value;
    const confirmed = await encryptedInject(context.app, 'POST', '/wps/v2/member/2fa/totp/confirm', { code: codeAt(secretKey, clock.nowMs), password }, {
      headers: { authorization: token },
    });
    expect(confirmed.statusCode).toBe(200);
  }

  /** Turns SMS sign-in verification on through the member API. */
  async function turnOnSmsVerification(token: string, password: string, mobile: string): Promise<void> {
    expect((await context.app.inject({ method: 'POST', url: '/wps/v2/member/2fa/sms/code', headers: { authorization: token } })).statusCode).toBe(200);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const on = await encryptedInject(context.app, 'PUT', '/wps/v2/member/2fa/sms', { enabled: true, code, password }, { headers: { authorization: token } });
    expect(on.statusCode).toBe(200);
    clock.advance(MINUTE);
  }

  const KEPT_SUBJECT = 'Lucky Star: your password was changed, two-step sign-in stays on';

  it('an e-mailed reset keeps the authenticator, answers it, and tells the member by e-mail and SMS', async () => {
    const mobile = nextNumber();
    const { username, password } = await member({ email: 'kept@example.com', mobile });
    const token = await tokenFor(context.app, username, password, nextIp());
    await bindAuthenticator(token, password);

    await context.app.inject({ method: 'POST', url: '/wps/member/password/email', payload: { username, email: 'kept@example.com' }, remoteAddress: nextIp() });
    const link = /resetToken=([A-Za-z0-9_-]+)/.exec((await lastMessageTo(context.pool, 'kept@example.com')).body)![1];
    const reset = await encryptedInject(
      context.app,
      'POST',
      '/wps/member/password/email/reset',
      { token: link, newPassword: 'fresh123', confirmNewPassword: 'fresh123' },
      { headers: { language: 'EN' } },
    );
    expect(reset.statusCode).toBe(200);
    expect(json<Envelope<unknown>>(reset).value).toEqual({ userName: username, secondFactors: ['totp'] });

    const mail = await lastMessageTo(context.pool, 'kept@example.com');
    expect(mail.subject).toBe(KEPT_SUBJECT);
    expect(mail.body).toBe(
      `Lucky Star: the password of your account ${username} was reset. Two-step sign-in stays on: logging in still asks for the code of ` +
        'your authenticator app or SMS. If you did not set up two-step sign-in yourself, contact customer service at once.',
    );
    expect((await lastMessageTo(context.pool, `+880${mobile}`)).body).toBe(mail.body);
    // The factor is still in force: the new password alone does not log in.
    const login = await loginRequest(context.app, { username, password: 'fresh123' }, { remoteAddress: nextIp() });
    expect(json<Envelope<null>>(login).errorCode).toBe('login_verify_required');
  });

  it('a reset by SMS code with SMS verification on answers it and tells the member', async () => {
    const mobile = nextNumber();
    const { username, password } = await member({ mobile });
    await turnOnSmsVerification(await tokenFor(context.app, username, password, nextIp()), password, mobile);
    await encryptedInject(context.app, 'POST', '/wps/member/password/sms', { countryDialingCode: '+880', mobileNum: mobile }, { remoteAddress: nextIp() });
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const reset = await encryptedInject(
      context.app,
      'POST',
      '/wps/member/password/verification',
      { countryDialingCode: '+880', mobileNum: mobile, verificationCode: code, newPassword: 'phone123' },
      { headers: { language: 'ID' } },
    );
    expect(json<Envelope<unknown>>(reset).value).toEqual({ userName: username, secondFactors: ['sms'] });
    expect((await lastMessageTo(context.pool, `+880${mobile}`)).body).toContain(`kata sandi akun Anda ${username} telah diatur ulang`);
  });

  it('a change with a factor bound tells the member; without one nothing is sent', async () => {
    const { username, password } = await member({ email: 'changed@example.com' });
    const token = await tokenFor(context.app, username, password, nextIp());
    await bindAuthenticator(token, password);
    expect((await changePassword(token, { oldPassword: password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' })).statusCode).toBe(200);
    const mail = await lastMessageTo(context.pool, 'changed@example.com');
    expect(mail.subject).toBe(KEPT_SUBJECT);
    expect(mail.body).toContain(`the password of your account ${username} was changed`);

    const plain = await member({ email: 'plain@example.com' });
    const plainToken = await tokenFor(context.app, plain.username, plain.password, nextIp());
    expect((await changePassword(plainToken, { oldPassword: plain.password, newPassword: 'newpass99', confirmNewPassword: 'newpass99' })).statusCode).toBe(200);
    expect(await outboxFor(context.pool, 'plain@example.com')).toEqual([]);
  });
});
