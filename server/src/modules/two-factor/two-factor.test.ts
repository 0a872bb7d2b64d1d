import { Secret, TOTP } from 'otpauth';
import type { Envelope, LoginResult } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, knownCaptcha, loginRequest, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { findMemberByUsername } from '../identity';
import { codeIn, lastMessageTo, outboxFor } from '../notification/outbox.testing';
import { createAccountHooks } from '../session';
import type { LoginChallengeValue, SecurityConfig, TwoFactorService } from './two-factor.service';

// Two-factor sign-in: binding an authenticator (TOTP) and SMS verification, login answering
// login_verify_required, and completing it with POST /wps/session/login/verification.

const clock = new TestClock();
const hooks = createAccountHooks();
let context: TestContext;
let counter = 0;
const nextIp = () => `192.0.2.${++counter}`;
const nextUsername = () => `twofa${String(++counter).padStart(4, '0')}`;
const nextNumber = () => `18${String(10_000_000 + ++counter).slice(-8)}`;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: hooks });
});

afterAll(async () => {
  await context.close();
});

const codeAt = (secretKey: string, timestamp: number): string => TOTP.generate({ secret: Secret.fromBase32(secretKey), timestamp });

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) {
  return context.app.inject({ method, url, headers: token ? { authorization: token } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** A change of factors: encrypted, with the member's session (the body carries the current password). */
function change(method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload: Record<string, unknown>, ip?: string) {
  return encryptedInject(context.app, method, url, payload, { headers: { authorization: token }, remoteAddress: ip });
}

const PASSWORD = 'secret123';

/** A member logged in, with an authenticator bound and confirmed. */
async function memberWithTotp(options: { mobile?: string } = {}): Promise<{ username: string; password: string; token: string; secretKey: string }> {
  const username = nextUsername();
  const password = 'secret123';
  await createMember(context.pool, context.merchantId, {
    username,
    password,
    nowMs: clock.nowMs,
    ...(options.mobile ? { countryDialingCode: '+880', mobile: options.mobile } : {}),
  });
  const token = await tokenFor(context.app, username, password, nextIp());
  const started = await call('POST', '/wps/v2/member/2fa/totp', token);
  expect(started.statusCode).toBe(200);
  const { secretKey } = json<Envelope<{ secretKey: string; otpauth: string }>>(started).value;
  const confirmed = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs), password: PASSWORD });
  expect(confirmed.statusCode).toBe(200);
  // The next code must come from a later step (a code is accepted once).
  clock.advance(30_000);
  return { username, password, token, secretKey };
}

async function challengeFor(username: string, password: string, ip = nextIp(), withCaptcha = false): Promise<LoginChallengeValue> {
  // After a failure of the account, login demands a captcha.
  const captcha = withCaptcha ? { captcha: 'AB3K', captchaId: await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs) } : {};
  const response = await loginRequest(context.app, { username, password, ...captcha }, { remoteAddress: ip });
  expect(response.statusCode).toBe(403);
  const body = json<Envelope<LoginChallengeValue>>(response);
  expect(body.errorCode).toBe('login_verify_required');
  return body.value;
}

const verify = (payload: { ticket: string; type: 'totp' | 'sms'; code: string }, ip = nextIp()) =>
  encryptedInject(context.app, 'POST', '/wps/session/login/verification', payload, { remoteAddress: ip });

describe('binding an authenticator app', () => {
  it('gives a secret and otpauth URI, keeps it encrypted, and turns on only after a correct code', async () => {
    const username = nextUsername();
    await createMember(context.pool, context.merchantId, { username, password: 'secret123', nowMs: clock.nowMs });
    const token = await tokenFor(context.app, username, 'secret123', nextIp());
    const before = json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value;
    expect(before).toEqual({
      bindGA: false,
      smsLoginVerification: false,
      emailLoginVerification: false,
      bankNameLoginVerification: false,
      bindMobile: false,
      countryDialingCode: null,
      mobile: null,
      email: null,
      bankCard: null,
    });

    const started = json<Envelope<{ secretKey: string; otpauth: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    expect(started.secretKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth).toBe(
      `otpauth://totp/Lucky%20Star:${username}?issuer=Lucky%20Star&secret=${started.secretKey}&algorithm=SHA1&digits=6&period=30`,
    );
    const stored = await context.pool.query<{ secret_ciphertext: string; key_id: string }>(
      'SELECT secret_ciphertext, key_id FROM member_totp m JOIN member USING (merchant_id) WHERE m.member_id = member.id AND member.username = $1',
      [username],
    );
    expect(stored.rows[0].secret_ciphertext).not.toContain(started.secretKey);
    expect(Buffer.from(stored.rows[0].secret_ciphertext, 'base64').toString('latin1')).not.toContain(started.secretKey);
    expect(stored.rows[0].key_id).toMatch(/^db:[0-9a-f]{16}$/);

    // Not in force before confirmation: login still answers a session.
    expect((await loginRequest(context.app, { username, password: 'secret123' }, { remoteAddress: nextIp() })).statusCode).toBe(200);

    const wrong = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: '000000' === codeAt(started.secretKey, clock.nowMs) ? '111111' : '000000', password: PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong)).toMatchObject({ errorCode: 'two.factor.code.invalid', message: 'The verification code is incorrect' });

    const confirmed = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(started.secretKey, clock.nowMs), password: PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect(json<Envelope<SecurityConfig>>(confirmed).value.bindGA).toBe(true);

    const again = await call('POST', '/wps/v2/member/2fa/totp', token);
    expect(again.statusCode).toBe(409);
    expect(json<Envelope<null>>(again).errorCode).toBe('ga.already.bound');
  });

  it('accepts a code one step early or late, not two', async () => {
    const username = nextUsername();
    await createMember(context.pool, context.merchantId, { username, password: 'secret123', nowMs: clock.nowMs });
    const token = await tokenFor(context.app, username, 'secret123', nextIp());
    const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    const stale = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs - 60_000), password: PASSWORD });
    expect(stale.statusCode).toBe(400);
    const late = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs - 30_000), password: PASSWORD });
    expect(late.statusCode).toBe(200);
  });

  it('is for real accounts with a session only', async () => {
    expect((await call('GET', '/wps/v2/member/securityConfig')).statusCode).toBe(401);
    expect(json<Envelope<null>>(await call('POST', '/wps/v2/member/2fa/totp')).errorCode).toBe('CUSTOMER_NOT_LOGIN');
    const guest = nextUsername();
    await createMember(context.pool, context.merchantId, { username: guest, password: 'secret123', memberType: 4, nowMs: clock.nowMs });
    const token = await tokenFor(context.app, guest, 'secret123', nextIp());
    const refused = await call('POST', '/wps/v2/member/2fa/totp', token);
    expect(refused.statusCode).toBe(403);
    expect(json<Envelope<null>>(refused).errorCode).toBe('guest.not.allowed');
  });

  it('locks the settings for 5 minutes after 5 wrong codes', async () => {
    const username = nextUsername();
    await createMember(context.pool, context.merchantId, { username, password: 'secret123', nowMs: clock.nowMs });
    const token = await tokenFor(context.app, username, 'secret123', nextIp());
    const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    const right = codeAt(secretKey, clock.nowMs);
    const wrongCode = right === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) expect((await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: wrongCode, password: PASSWORD })).statusCode).toBe(400);
    const locked = await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: right, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(json<Envelope<null>>(locked).message).toBe('too many requests, try again after 5 minutes');
    clock.advance(5 * MINUTE);
    expect((await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs), password: PASSWORD })).statusCode).toBe(200);
  });
});

describe('signing in with an authenticator', () => {
  it('answers login_verify_required, then a session for the right code', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const challenge = await challengeFor(username, password);
    expect(challenge).toEqual({
      ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      factors: ['totp'],
      verifyType: 'totp',
      mobile: null,
      smsSent: false,
      email: null,
      emailSent: false,
      bankCard: null,
      expirationTime: clock.nowMs + 5 * MINUTE,
    });
    const wrong = await verify({ ticket: challenge.ticket, type: 'totp', code: '12345' });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong).errorCode).toBe('two.factor.code.invalid');

    const response = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<LoginResult & { userName: string }>>(response).value;
    expect(value).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), firstTimeLogin: false, passwordExpired: false, userName: username });
    expect((await call('GET', '/wps/v2/member/securityConfig', value.token)).statusCode).toBe(200);

    // The ticket is used up.
    clock.advance(30_000);
    const reused = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(reused.statusCode).toBe(400);
    expect(json<Envelope<null>>(reused)).toMatchObject({ errorCode: 'login.verify.expired', message: 'Verification has expired, please log in again' });
  });

  it('never accepts the same code twice', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const code = codeAt(secretKey, clock.nowMs);
    const first = await challengeFor(username, password);
    expect((await verify({ ticket: first.ticket, type: 'totp', code })).statusCode).toBe(200);
    const second = await challengeFor(username, password);
    const replay = await verify({ ticket: second.ticket, type: 'totp', code });
    expect(replay.statusCode).toBe(400);
    clock.advance(30_000);
    expect((await verify({ ticket: second.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) })).statusCode).toBe(200);
  });

  it('lets a ticket expire after 5 minutes', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const challenge = await challengeFor(username, password);
    clock.advance(5 * MINUTE);
    const late = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(late.statusCode).toBe(400);
    expect(json<Envelope<null>>(late).errorCode).toBe('login.verify.expired');
  });

  it('ends a ticket after 5 wrong codes, and wrong codes lock the account from that address like wrong passwords', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const ip = nextIp();
    const challenge = await challengeFor(username, password, ip);
    const wrongCode = () => {
      const right = codeAt(secretKey, clock.nowMs);
      return right === '000000' ? '111111' : '000000';
    };
    for (let i = 0; i < 4; i++) expect((await verify({ ticket: challenge.ticket, type: 'totp', code: wrongCode() }, ip)).statusCode).toBe(400);
    // The fifth wrong code ends the ticket and (5 failures) locks the account from there for 5 minutes.
    expect((await verify({ ticket: challenge.ticket, type: 'totp', code: wrongCode() }, ip)).statusCode).toBe(400);
    const afterLock = await loginRequest(context.app, { username, password }, { remoteAddress: ip });
    expect(afterLock.statusCode).toBe(429);
    expect(json<Envelope<null>>(afterLock).errorCode).toBe('TOO_MANY_REQUESTS');
    clock.advance(5 * MINUTE);
    // The account's failures are still counted (from everywhere, for 15 minutes): a captcha is due.
    const fresh = await challengeFor(username, password, ip, true);
    const dead = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(json<Envelope<null>>(dead).errorCode).toBe('login.verify.expired');
    expect((await verify({ ticket: fresh.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) })).statusCode).toBe(200);
  });

  it('does not give fresh guesses to someone who knows the password', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const wrongCode = () => (codeAt(secretKey, clock.nowMs) === '000000' ? '111111' : '000000');
    // Four wrong codes, a correct password (which clears the login counter), one more wrong code.
    const first = await challengeFor(username, password);
    for (let i = 0; i < 4; i++) await verify({ ticket: first.ticket, type: 'totp', code: wrongCode() });
    const second = await challengeFor(username, password, nextIp(), true);
    await verify({ ticket: second.ticket, type: 'totp', code: wrongCode() });
    const third = await challengeFor(username, password, nextIp(), true);
    const refused = await verify({ ticket: third.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(refused.statusCode).toBe(429);
  });

  it('lets at most 5 of many parallel guesses at one ticket be checked', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    const challenge = await challengeFor(username, password);
    const right = codeAt(secretKey, clock.nowMs);
    const guesses = Array.from({ length: 40 }, (_, i) => String(i).padStart(6, '0')).filter((guess) => guess !== right);
    const responses = await Promise.all(guesses.map((code) => verify({ ticket: challenge.ticket, type: 'totp', code })));
    const checked = responses.filter((response) => json<Envelope<null>>(response).errorCode === 'two.factor.code.invalid');
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(responses.every((response) => response.statusCode !== 200)).toBe(true);
  });

  it('refuses a factor the ticket does not offer, and a plaintext body', async () => {
    const { username, password } = await memberWithTotp();
    const challenge = await challengeFor(username, password);
    const sms = await verify({ ticket: challenge.ticket, type: 'sms', code: '123456' });
    expect(sms.statusCode).toBe(400);
    expect(json<Envelope<null>>(sms)).toMatchObject({ errorCode: 'request.param.err', message: 'Invalid request parameter: type must be one of: totp' });
    const plain = await context.app.inject({
      method: 'POST',
      url: '/wps/session/login/verification',
      payload: { ticket: challenge.ticket, type: 'totp', code: '123456' },
    });
    expect(plain.statusCode).toBe(400);
    expect(json<Envelope<null>>(plain).errorCode).toBe('request_body_required');
    const missing = await encryptedInject(context.app, 'POST', '/wps/session/login/verification', { ticket: challenge.ticket });
    expect(missing.statusCode).toBe(400);
    expect(json<Envelope<null>>(missing).errorCode).toBe('request.param.err');
  });

  it('keeps passwordExpired when the first factor was the default password', async () => {
    const { username, secretKey } = await memberWithTotp();
    const member = (await findMemberByUsername(context.pool, context.merchantId, username))!;
    const gate = hooks.twoFactorGate as TwoFactorService;
    const challenge = await gate.challenge(
      { db: context.pool, merchantId: context.merchantId, clientIp: '192.0.2.250', userAgent: undefined, nowMs: clock.nowMs },
      member,
      'username',
      { enteredPassword: '123456' },
    );
    const response = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
    expect(response.statusCode).toBe(200);
    const value = json<Envelope<LoginResult>>(response).value;
    expect(value.passwordExpired).toBe(true);
    // And the session it gives may only change the password.
    const restricted = await call('GET', '/wps/member/info', value.token);
    expect(restricted.statusCode).toBe(403);
    expect(json<Envelope<null>>(restricted).errorCode).toBe('password.change.required');
  });

  it('restricts the session of a first-time login completed by a second factor until the password changes', async () => {
    const { username, password, secretKey } = await memberWithTotp();
    await context.pool.query('UPDATE member SET first_time_login = true WHERE merchant_id = $1 AND lower(username) = $2', [context.merchantId, username]);
    const challenge = await challengeFor(username, password);
    const value = json<Envelope<LoginResult>>(await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) })).value;
    expect(value.firstTimeLogin).toBe(true);
    expect(json<Envelope<null>>(await call('GET', '/wps/v2/wallets/balance', value.token)).errorCode).toBe('password.change.required');
    const changed = await change('POST', '/wps/member/password', value.token, { oldPassword: password, newPassword: 'changed99', confirmNewPassword: 'changed99' });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/wps/v2/wallets/balance', value.token)).statusCode).toBe(200);
  });

  it('can be unbound with a current code and the password', async () => {
    const { username, password, token, secretKey } = await memberWithTotp();
    const refused = await change('DELETE', '/wps/v2/member/2fa/totp', token, { code: '99999a', password });
    expect(refused.statusCode).toBe(400);
    expect(json<Envelope<null>>(refused).errorCode).toBe('two.factor.code.invalid');
    const removed = await change('DELETE', '/wps/v2/member/2fa/totp', token, { code: codeAt(secretKey, clock.nowMs), password });
    expect(removed.statusCode).toBe(200);
    expect(json<Envelope<SecurityConfig>>(removed).value.bindGA).toBe(false);
    expect((await loginRequest(context.app, { username, password }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });
});

/** A member logged in, with SMS sign-in verification turned on. */
async function memberWithSms(): Promise<{ username: string; password: string; token: string; mobile: string }> {
  const username = nextUsername();
  const mobile = nextNumber();
  await createMember(context.pool, context.merchantId, { username, password: 'secret123', countryDialingCode: '+880', mobile, nowMs: clock.nowMs });
  const token = await tokenFor(context.app, username, 'secret123', nextIp());
  const sent = await call('POST', '/wps/v2/member/2fa/sms/code', token);
  expect(sent.statusCode).toBe(200);
  expect(json<Envelope<{ mobile: string }>>(sent).value.mobile).toBe(`+880${mobile.slice(0, 3)}*****${mobile.slice(-2)}`);
  const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
  const enabled = await change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: true, code, password: PASSWORD });
  expect(enabled.statusCode).toBe(200);
  expect(json<Envelope<SecurityConfig>>(enabled).value).toMatchObject({ smsLoginVerification: true, bindMobile: true, countryDialingCode: '+880' });
  clock.advance(MINUTE);
  return { username, password: 'secret123', token, mobile };
}

describe('SMS sign-in verification', () => {
  it('sends a code with login_verify_required and logs in with it', async () => {
    const { username, password, mobile } = await memberWithSms();
    const challenge = await challengeFor(username, password);
    expect(challenge).toMatchObject({ factors: ['sms'], verifyType: 'sms', smsSent: true, mobile: `+880${mobile.slice(0, 3)}*****${mobile.slice(-2)}` });
    const message = await lastMessageTo(context.pool, `+880${mobile}`);
    // No caller language reaches the login gate, so the site's default language (BN) is used.
    expect(message.body).toContain('আপনার সাইন-ইন যাচাইকরণ কোড');
    const wrong = await verify({ ticket: challenge.ticket, type: 'sms', code: '000000' === codeIn(message.body) ? '111111' : '000000' });
    expect(json<Envelope<null>>(wrong).errorCode).toBe('sms.code.invalid');
    const response = await verify({ ticket: challenge.ticket, type: 'sms', code: codeIn(message.body) });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(response).value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('sends the code again on request, throttled', async () => {
    const { username, password, mobile } = await memberWithSms();
    const challenge = await challengeFor(username, password);
    const early = await call('POST', '/wps/session/login/verification/sms', undefined, { ticket: challenge.ticket });
    expect(early.statusCode).toBe(429);
    expect(json<Envelope<null>>(early).errorCode).toBe('sms.too.frequent');
    clock.advance(MINUTE);
    const resent = await call('POST', '/wps/session/login/verification/sms', undefined, { ticket: challenge.ticket });
    expect(resent.statusCode).toBe(200);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    expect((await verify({ ticket: challenge.ticket, type: 'sms', code })).statusCode).toBe(200);
    const unknown = await call('POST', '/wps/session/login/verification/sms', undefined, { ticket: 'nope' });
    expect(json<Envelope<null>>(unknown).errorCode).toBe('login.verify.expired');
  });

  it('offers both factors, authenticator first, and sends no SMS until asked', async () => {
    const mobile = nextNumber();
    const { username, password, token } = await memberWithTotp({ mobile });
    await call('POST', '/wps/v2/member/2fa/sms/code', token);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    expect((await change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: true, code, password: PASSWORD })).statusCode).toBe(200);
    const before = (await outboxFor(context.pool, `+880${mobile}`)).length;
    const challenge = await challengeFor(username, password);
    expect(challenge).toMatchObject({ factors: ['totp', 'sms'], verifyType: 'totp', smsSent: false });
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(before);
    const config = json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value;
    expect(config).toMatchObject({ bindGA: true, smsLoginVerification: true });
  });

  it('needs a mobile number and a right code to turn on', async () => {
    const username = nextUsername();
    await createMember(context.pool, context.merchantId, { username, password: 'secret123', nowMs: clock.nowMs });
    const token = await tokenFor(context.app, username, 'secret123', nextIp());
    const noMobile = await call('POST', '/wps/v2/member/2fa/sms/code', token);
    expect(noMobile.statusCode).toBe(400);
    expect(json<Envelope<null>>(noMobile)).toMatchObject({ errorCode: 'mobile.not.bound', message: 'Please bind a mobile number first' });
    const { token: other } = await memberWithSms();
    const wrong = await change('PUT', '/wps/v2/member/2fa/sms', other, { enabled: false, code: '12', password: PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong).errorCode).toBe('sms.code.invalid');
  });
});

describe('a change of sign-in factors', () => {
  const wrongCodeFor = (right: string) => (right === '000000' ? '111111' : '000000');

  interface PreparedChange {
    username: string;
    token: string;
    /** Makes the change with this password (undefined: the field left out). */
    make: (password: unknown) => ReturnType<typeof change>;
    /** Another live session of the member, as a second device would hold it. */
    secondSession: () => Promise<string>;
  }

  const withPassword = (password: unknown) => (password === undefined ? {} : { password });

  /** Each change of the factors in force, ready to be made. */
  const CHANGES: { name: string; prepare: () => Promise<PreparedChange> }[] = [
    {
      name: 'binding an authenticator',
      prepare: async () => {
        const username = nextUsername();
        await createMember(context.pool, context.merchantId, { username, password: PASSWORD, nowMs: clock.nowMs });
        const token = await tokenFor(context.app, username, PASSWORD, nextIp());
        const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
        return {
          username,
          token,
          make: (password) => change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs), ...withPassword(password) }),
          secondSession: () => tokenFor(context.app, username, PASSWORD, nextIp()),
        };
      },
    },
    {
      name: 'removing the authenticator',
      prepare: async () => {
        const { username, token, secretKey } = await memberWithTotp();
        return {
          username,
          token,
          make: (password) => change('DELETE', '/wps/v2/member/2fa/totp', token, { code: codeAt(secretKey, clock.nowMs), ...withPassword(password) }),
          secondSession: async () => {
            const challenge = await challengeFor(username, PASSWORD);
            const login = await verify({ ticket: challenge.ticket, type: 'totp', code: codeAt(secretKey, clock.nowMs) });
            // The removal needs a code of a later step (a code is accepted once).
            clock.advance(30_000);
            return json<Envelope<LoginResult>>(login).value.token;
          },
        };
      },
    },
    {
      name: 'turning SMS verification off',
      prepare: async () => {
        const { username, token, mobile } = await memberWithSms();
        return {
          username,
          token,
          make: async (password) => {
            clock.advance(MINUTE);
            await call('POST', '/wps/v2/member/2fa/sms/code', token);
            const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
            return change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: false, code, ...withPassword(password) });
          },
          secondSession: async () => {
            clock.advance(MINUTE);
            const challenge = await challengeFor(username, PASSWORD);
            const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
            return json<Envelope<LoginResult>>(await verify({ ticket: challenge.ticket, type: 'sms', code })).value.token;
          },
        };
      },
    },
  ];

  const factorsOf = async (token: string) => json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value;

  describe.each(CHANGES)('$name', ({ prepare }) => {
    it('is refused without the password, with an empty one and with a wrong one; nothing changes', async () => {
      const { token, make } = await prepare();
      const before = await factorsOf(token);
      const missing = await make(undefined);
      expect(missing.statusCode).toBe(400);
      expect(json<Envelope<null>>(missing)).toMatchObject({ errorCode: 'request.param.err', message: 'Invalid request parameter: body.password is required' });
      const empty = await make('');
      expect(json<Envelope<null>>(empty)).toMatchObject({ errorCode: 'reg_field_required', value: { field: 'password' } });
      const wrong = await make('not-my-password1');
      expect(wrong.statusCode).toBe(400);
      expect(json<Envelope<null>>(wrong)).toEqual({ success: false, value: { field: 'password' }, errorCode: 'current.password.err', message: 'The current password is incorrect' });
      expect(await factorsOf(token)).toEqual(before);
      expect((await make(PASSWORD)).statusCode).toBe(200);
      expect(await factorsOf(token)).not.toEqual(before);
    });

    it("ends the member's other sessions, keeping the one that made it", async () => {
      const { username, token, make, secondSession } = await prepare();
      const second = await secondSession();
      expect((await call('GET', '/wps/member/info', second)).statusCode).toBe(200);
      expect((await make(PASSWORD)).statusCode).toBe(200);
      expect((await call('GET', '/wps/member/info', token)).statusCode).toBe(200);
      const ended = await call('GET', '/wps/member/info', second);
      expect(ended.statusCode).toBe(401);
      expect(json<Envelope<null>>(ended).errorCode).toBe('user.or.token.invalid');
      const reasons = await context.pool.query<{ revoke_reason: string }>(
        'SELECT s.revoke_reason FROM member_session s JOIN member m ON m.id = s.member_id WHERE m.username = $1 AND s.revoked_at IS NOT NULL',
        [username],
      );
      expect(reasons.rows.map((row) => row.revoke_reason)).toEqual(['two_factor_change']);
    });
  });

  it('counts wrong passwords toward a lock shared with changing the password, like a login', async () => {
    const username = nextUsername();
    await createMember(context.pool, context.merchantId, { username, password: PASSWORD, nowMs: clock.nowMs });
    const token = await tokenFor(context.app, username, PASSWORD, nextIp());
    const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    const bind = (password: string) => change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs), password });
    for (let i = 0; i < 4; i++) expect(json<Envelope<null>>(await bind(`wrong${i}x`)).errorCode).toBe('current.password.err');
    // The fifth wrong guess at the password, through changing it, locks both.
    const guess = await change('POST', '/wps/member/password', token, { oldPassword: 'wrong4x', newPassword: 'changed99', confirmNewPassword: 'changed99' });
    expect(json<Envelope<null>>(guess).errorCode).toBe('old.password.err');
    const locked = await bind(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(json<Envelope<null>>(locked)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', message: 'too many requests, try again after 5 minutes' });
    expect(json<Envelope<SecurityConfig>>(await call('GET', '/wps/v2/member/securityConfig', token)).value.bindGA).toBe(false);
    clock.advance(5 * MINUTE);
    expect((await bind(PASSWORD)).statusCode).toBe(200);
  });

  it('checks the password before the SMS code, so a wrong password does not use the code up', async () => {
    const { token, mobile } = await memberWithSms();
    await call('POST', '/wps/v2/member/2fa/sms/code', token);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const wrong = await change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: false, code, password: 'nope1234' });
    expect(json<Envelope<null>>(wrong).errorCode).toBe('current.password.err');
    const right = await change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: false, code, password: PASSWORD });
    expect(right.statusCode).toBe(200);
    expect(json<Envelope<SecurityConfig>>(right).value.smsLoginVerification).toBe(false);
    // A wrong code after a right password is the code's error.
    const badCode = await change('PUT', '/wps/v2/member/2fa/sms', token, { enabled: true, code: wrongCodeFor(code), password: PASSWORD });
    expect(json<Envelope<null>>(badCode).errorCode).toBe('sms.code.invalid');
  });

  it('ends pending logins of the member: a ticket opened under the old factors logs nobody in', async () => {
    const { username, password, token, mobile } = await memberWithSms();
    const pending = await challengeFor(username, password);
    const loginCode = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const { secretKey } = json<Envelope<{ secretKey: string }>>(await call('POST', '/wps/v2/member/2fa/totp', token)).value;
    expect((await change('POST', '/wps/v2/member/2fa/totp/confirm', token, { code: codeAt(secretKey, clock.nowMs), password })).statusCode).toBe(200);
    const late = await verify({ ticket: pending.ticket, type: 'sms', code: loginCode });
    expect(late.statusCode).toBe(400);
    expect(json<Envelope<null>>(late).errorCode).toBe('login.verify.expired');
  });
});
