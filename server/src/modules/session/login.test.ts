import type { Envelope, LoginResult } from '@platform/contract';
import { encryptForServer } from '../../http/encryption';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { DEFAULT_ACCOUNT_SETTINGS } from '../merchant';
import {
  createMember,
  knownCaptcha,
  loginRequest,
  MINUTE,
  serverKeyOf,
  setAccountSettings,
  setModule,
  TestClock,
} from '../member/member.testing';
import { solvedBotCheck } from '../bot-check/bot-check.testing';
import { createAccountHooks, type AccountRequestContext } from './account-hooks';

// POST /wps/session/login: credentials, captcha demand, lockout timing (injected clock), flags.

const clock = new TestClock();
const hooks = createAccountHooks();
let context: TestContext;
let ipCounter = 0;
/** A fresh client address per test, so IP counters of one test never touch another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: hooks });
});

afterAll(async () => {
  await context.close();
});

beforeEach(() => {
  delete hooks.loginCodeVerifier;
  delete hooks.twoFactorGate;
});

type Failure = Envelope<{ captcha?: boolean; lockedUntil?: number } | null>;

describe('login with account and password', () => {
  it('answers a new session token and the flags, a different token every time', async () => {
    const id = await createMember(context.pool, context.merchantId, { username: 'Alice01', password: 'alice123', nowMs: clock.nowMs });
    const ip = nextIp();
    const first = await loginRequest(context.app, { username: 'alice01', password: 'alice123' }, { remoteAddress: ip });
    expect(first.statusCode).toBe(200);
    const value = json<Envelope<LoginResult>>(first).value;
    expect(value).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), firstTimeLogin: false, passwordExpired: false, userName: 'Alice01', id });
    const second = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'ALICE01', password: 'alice123' }, { remoteAddress: ip })).value;
    expect(second.token).not.toBe(value.token);
    // Only hashes are stored.
    const stored = await context.pool.query('SELECT 1 FROM member_session WHERE token_hash::text LIKE $1', [`%${value.token}%`]);
    expect(stored.rowCount).toBe(0);
    const attempts = await context.pool.query<{ outcome: string }>('SELECT outcome FROM login_attempt WHERE member_id = $1', [id]);
    expect(attempts.rows.map((row) => row.outcome)).toEqual(['ok', 'ok']);
  });

  it('trims the account name but not the password', async () => {
    await createMember(context.pool, context.merchantId, { username: 'trimmed01', password: ' spaced1 ' });
    const ip = nextIp();
    expect((await loginRequest(context.app, { username: '  trimmed01 ', password: ' spaced1 ' }, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('says firstTimeLogin for an account someone else set up', async () => {
    await createMember(context.pool, context.merchantId, { username: 'firsttime01', password: 'given123', firstTimeLogin: true });
    const value = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'firsttime01', password: 'given123' }, { remoteAddress: nextIp() })).value;
    expect(value.firstTimeLogin).toBe(true);
  });

  it('says passwordExpired for an expired password only while PWDEXPFORCECHANGE3 is on', async () => {
    await createMember(context.pool, context.merchantId, {
      username: 'expired01',
      password: 'expired1',
      passwordExpiresAtMs: clock.nowMs - MINUTE,
    });
    const ip = nextIp();
    const on = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'expired01', password: 'expired1' }, { remoteAddress: ip })).value;
    expect(on.passwordExpired).toBe(true);
    await setModule(context.pool, context.merchantId, 'PWDEXPFORCECHANGE3', false);
    try {
      const off = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'expired01', password: 'expired1' }, { remoteAddress: ip })).value;
      expect(off.passwordExpired).toBe(false);
    } finally {
      await setModule(context.pool, context.merchantId, 'PWDEXPFORCECHANGE3', true);
    }
  });

  it("forces a change when the password is the merchant's default weak password", async () => {
    await createMember(context.pool, context.merchantId, { username: 'weakpass01', password: '123456' });
    const value = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'weakpass01', password: '123456' }, { remoteAddress: nextIp() })).value;
    expect(value.passwordExpired).toBe(true);
    await setAccountSettings(context.pool, context.merchantId, { defaultPassword: 'changeme1' });
    try {
      await createMember(context.pool, context.merchantId, { username: 'weakpass02', password: 'changeme1' });
      const other = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'weakpass02', password: 'changeme1' }, { remoteAddress: nextIp() })).value;
      expect(other.passwordExpired).toBe(true);
      const before = json<Envelope<LoginResult>>(await loginRequest(context.app, { username: 'weakpass01', password: '123456' }, { remoteAddress: nextIp() })).value;
      expect(before.passwordExpired).toBe(false);
    } finally {
      await context.pool.query("DELETE FROM merchant_setting WHERE key = 'accounts'");
    }
  });

  it('refuses a wrong password, an unknown account and a blocked one, without saying which', async () => {
    await createMember(context.pool, context.merchantId, { username: 'bob00001', password: 'bob12345' });
    const wrong = await loginRequest(context.app, { username: 'bob00001', password: 'nope1234' }, { remoteAddress: nextIp() });
    expect(wrong.statusCode).toBe(400);
    expect(json<Failure>(wrong)).toEqual({
      success: false,
      value: { captcha: true },
      message: 'Incorrect username or password',
      errorCode: 'username.or.password.err',
    });
    const unknown = await loginRequest(context.app, { username: 'nobody0001', password: 'nope1234' }, { remoteAddress: nextIp() });
    expect(json<Failure>(unknown).errorCode).toBe('username.or.password.err');

    await createMember(context.pool, context.merchantId, { username: 'blocked01', password: 'blocked1', status: 'blocked' });
    const blocked = await loginRequest(context.app, { username: 'blocked01', password: 'blocked1' }, { remoteAddress: nextIp() });
    expect(blocked.statusCode).toBe(403);
    expect(json<Failure>(blocked).errorCode).toBe('member.blocked');
  });

  it('answers in the caller language', async () => {
    const response = await loginRequest(
      context.app,
      { username: 'nobody0002', password: 'x' },
      { remoteAddress: nextIp(), headers: { language: 'BN' } },
    );
    expect(json<Failure>(response).message).toBe('ব্যবহারকারীর নাম বা পাসওয়ার্ড সঠিক নয়');
  });

  it.each([
    [{ password: 'x' }, 'body.username is required'],
    [{ username: 'someone1' }, 'body.password is required'],
    [{ username: '', password: 'x' }, 'body.username'],
    [{ username: 'someone1', password: 'x', type: 'email' }, 'body.type must be one of: username, sms'],
    [{ username: 'x'.repeat(65), password: 'x' }, 'body.username'],
    [{ username: 'someone1', password: 'x'.repeat(129) }, 'body.password'],
  ])('rejects malformed input %j with request.param.err', async (payload, detail) => {
    const response = await loginRequest(context.app, payload as never, { remoteAddress: nextIp() });
    expect(response.statusCode).toBe(400);
    const body = json<Failure>(response);
    expect(body.errorCode).toBe('request.param.err');
    expect(body.message).toContain(detail);
  });
});

describe('encrypted body', () => {
  it('refuses a plaintext login with request_body_required', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: 'alice01', password: 'alice123' },
    });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('request_body_required');
  });

  it('refuses a tampered login with request.decrypt.err', async () => {
    const sealed = await encryptForServer({ username: 'alice01', password: 'alice123' }, await serverKeyOf(context.app));
    const bytes = Buffer.from(sealed.body.value, 'base64');
    bytes[20] ^= 0x01;
    const response = await context.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { encryption: sealed.encryption },
      payload: { value: bytes.toString('base64') },
    });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('request.decrypt.err');
  });

  it('refuses a captured login sent again: no second session', async () => {
    const memberId = await createMember(context.pool, context.merchantId, { username: 'replay01', password: 'replay123' });
    const sealed = await encryptForServer({ username: 'replay01', password: 'replay123' }, await serverKeyOf(context.app));
    const send = (remoteAddress: string) =>
      context.app.inject({ method: 'POST', url: '/wps/session/login', headers: { encryption: sealed.encryption }, payload: sealed.body, remoteAddress });
    expect((await send(nextIp())).statusCode).toBe(200);
    // The eavesdropper's copy, a minute later and from elsewhere.
    clock.advance(MINUTE);
    const replayed = await send(nextIp());
    expect(replayed.statusCode).toBe(400);
    expect(json<Failure>(replayed)).toEqual({
      success: false,
      value: null,
      message: 'This request is out of date or was already sent. Please reload the page and try again',
      errorCode: 'request.replay.err',
    });
    const sessions = await context.pool.query('SELECT 1 FROM member_session WHERE member_id = $1', [memberId]);
    expect(sessions.rowCount).toBe(1);
  });
});

describe('captcha after a failed login', () => {
  it('is demanded for the account after one failure, and a correct one lets the login through', async () => {
    await createMember(context.pool, context.merchantId, { username: 'carol001', password: 'carol123' });
    const ip = nextIp();
    expect(json<Failure>(await loginRequest(context.app, { username: 'carol001', password: 'wrong111' }, { remoteAddress: ip })).value).toEqual({ captcha: true });

    // The right password alone is no longer enough, from this IP or any other.
    const elsewhere = nextIp();
    const noCaptcha = await loginRequest(context.app, { username: 'carol001', password: 'carol123' }, { remoteAddress: elsewhere });
    expect(noCaptcha.statusCode).toBe(400);
    expect(json<Failure>(noCaptcha)).toMatchObject({ errorCode: 'captcha.err', value: { captcha: true } });

    const wrongCaptchaId = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
    const wrongCaptcha = await loginRequest(context.app, { username: 'carol001', password: 'carol123', captcha: 'ZZZZ', captchaId: wrongCaptchaId }, { remoteAddress: ip });
    expect(json<Failure>(wrongCaptcha).errorCode).toBe('captcha.err');

    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
    const passed = await loginRequest(context.app, { username: 'carol001', password: 'carol123', captcha: 'ab3k', captchaId }, { remoteAddress: ip });
    expect(passed.statusCode).toBe(200);

    // Success forgets this address's failures of the account, but not the one from elsewhere (it
    // may be a stranger's): another address is still asked for a captcha...
    const probe = nextIp();
    expect(json<Failure>(await loginRequest(context.app, { username: 'carol001', password: 'carol123' }, { remoteAddress: probe })).errorCode).toBe('captcha.err');
    // ...until the logins from there succeed too. Then no captcha is needed (from a clean IP).
    for (const address of [probe, elsewhere]) {
      const addressCaptcha = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
      const login = await loginRequest(context.app, { username: 'carol001', password: 'carol123', captcha: 'AB3K', captchaId: addressCaptcha }, { remoteAddress: address });
      expect(login.statusCode).toBe(200);
    }
    expect((await loginRequest(context.app, { username: 'carol001', password: 'carol123' }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it('is demanded for a client IP that failed, whatever the account', async () => {
    await createMember(context.pool, context.merchantId, { username: 'dave0001', password: 'dave1234' });
    const ip = nextIp();
    await loginRequest(context.app, { username: 'nobody0003', password: 'x' }, { remoteAddress: ip });
    const response = await loginRequest(context.app, { username: 'dave0001', password: 'dave1234' }, { remoteAddress: ip });
    expect(json<Failure>(response).errorCode).toBe('captcha.err');
  });

  it('cannot be answered twice', async () => {
    await createMember(context.pool, context.merchantId, { username: 'erin0001', password: 'erin1234' });
    const ip = nextIp();
    await loginRequest(context.app, { username: 'erin0001', password: 'bad' }, { remoteAddress: ip });
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'XY7Z', clock.nowMs);
    expect(json<Failure>(await loginRequest(context.app, { username: 'erin0001', password: 'bad2', captcha: 'XY7Z', captchaId }, { remoteAddress: ip })).errorCode).toBe(
      'username.or.password.err',
    );
    const reused = await loginRequest(context.app, { username: 'erin0001', password: 'erin1234', captcha: 'XY7Z', captchaId }, { remoteAddress: ip });
    expect(json<Failure>(reused).errorCode).toBe('captcha.err');
  });
});

describe('asking before the first try whether a captcha will be demanded', () => {
  const needsCaptcha = async (ip: string, username?: string): Promise<boolean> => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/session/login/captcha', query: username === undefined ? {} : { username }, remoteAddress: ip });
    expect(response.statusCode).toBe(200);
    return json<Envelope<{ captcha: boolean }>>(response).value.captcha;
  };

  it('answers what the login would demand: an address that failed, an account that failed from anywhere', async () => {
    await createMember(context.pool, context.merchantId, { username: 'hank0001', password: 'hank1234' });
    const ip = nextIp();
    expect(await needsCaptcha(ip)).toBe(false);
    expect(await needsCaptcha(ip, 'hank0001')).toBe(false);
    await loginRequest(context.app, { username: 'nobody0009', password: 'x' }, { remoteAddress: ip });
    // The address failed: the form shows the captcha before the first submit, whatever the account.
    expect(await needsCaptcha(ip)).toBe(true);
    expect(await needsCaptcha(ip, 'hank0001')).toBe(true);
    // The login agrees: without a captcha the right password is refused from there.
    expect(json<Failure>(await loginRequest(context.app, { username: 'hank0001', password: 'hank1234' }, { remoteAddress: ip })).errorCode).toBe('captcha.err');

    const other = nextIp();
    expect(await needsCaptcha(other)).toBe(false);
    await loginRequest(context.app, { username: 'hank0001', password: 'wrong111' }, { remoteAddress: nextIp() });
    expect(await needsCaptcha(other, 'HANK0001')).toBe(true);
    expect(await needsCaptcha(other, 'someone01')).toBe(false);
  });

  it('counts as no attempt, and forgets failures once their window has passed', async () => {
    await createMember(context.pool, context.merchantId, { username: 'gina0001', password: 'gina1234' });
    const ip = nextIp();
    for (let ask = 0; ask < 10; ask += 1) expect(await needsCaptcha(ip, 'gina0001')).toBe(false);
    expect((await loginRequest(context.app, { username: 'gina0001', password: 'gina1234' }, { remoteAddress: ip })).statusCode).toBe(200);
    await loginRequest(context.app, { username: 'gina0001', password: 'wrong' }, { remoteAddress: ip });
    expect(await needsCaptcha(ip, 'gina0001')).toBe(true);
    clock.advance(DEFAULT_ACCOUNT_SETTINGS.loginFailureWindowMinutes * MINUTE + 1);
    expect(await needsCaptcha(ip, 'gina0001')).toBe(false);
    expect((await loginRequest(context.app, { username: 'gina0001', password: 'gina1234' }, { remoteAddress: ip })).statusCode).toBe(200);
  });
});

describe('lockout', () => {
  async function failFiveTimes(username: string, ip: string): Promise<void> {
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Each later attempt carries a correct captcha, so each one really tests the password.
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
      const response = await loginRequest(context.app, { username, password: `wrong${attempt}`, captcha: 'KM4P', captchaId }, { remoteAddress: ip });
      expect(json<Failure>(response).errorCode).toBe('username.or.password.err');
    }
  }

  it('locks an account from an address at the sixth attempt for exactly 5 minutes, even for the right password', async () => {
    await createMember(context.pool, context.merchantId, { username: 'frank001', password: 'frank123' });
    const ip = nextIp();
    await failFiveTimes('frank001', ip);

    const sixth = await loginRequest(context.app, { username: 'frank001', password: 'frank123' }, { remoteAddress: ip });
    expect(sixth.statusCode).toBe(429);
    expect(json<Failure>(sixth)).toMatchObject({
      success: false,
      errorCode: 'TOO_MANY_REQUESTS',
      message: 'too many requests, try again after 5 minutes',
      value: { captcha: true, lockedUntil: clock.nowMs + 5 * MINUTE },
    });
    const bengali = await loginRequest(context.app, { username: 'frank001', password: 'frank123' }, { remoteAddress: ip, headers: { language: 'BN' } });
    expect(json<Failure>(bengali).message).toBe('অনেক বেশি অনুরোধ, 5 মিনিট পরে আবার চেষ্টা করুন');

    clock.advance(5 * MINUTE - 1000);
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
    const at459 = await loginRequest(context.app, { username: 'frank001', password: 'frank123', captcha: 'KM4P', captchaId }, { remoteAddress: ip });
    expect(at459.statusCode).toBe(429);
    // A refused attempt never reaches the captcha: it is still unused.
    const unused = await context.pool.query('SELECT used_at FROM captcha_challenge WHERE id = $1', [captchaId]);
    expect(unused.rows[0].used_at).toBeNull();

    clock.advance(1000);
    const at500 = await loginRequest(context.app, { username: 'frank001', password: 'frank123', captcha: 'KM4P', captchaId }, { remoteAddress: ip });
    expect(at500.statusCode).toBe(200);
  });

  it('does not lock the account for its owner elsewhere when one address fails it', async () => {
    await createMember(context.pool, context.merchantId, { username: 'frank002', password: 'frank123' });
    await failFiveTimes('frank002', nextIp());
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
    const owner = await loginRequest(context.app, { username: 'frank002', password: 'frank123', captcha: 'KM4P', captchaId }, { remoteAddress: nextIp() });
    expect(owner.statusCode).toBe(200);
  });

  it('starts counting afresh after the window', async () => {
    await createMember(context.pool, context.merchantId, { username: 'grace001', password: 'grace123' });
    const ip = nextIp();
    for (let attempt = 0; attempt < 4; attempt++) {
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
      await loginRequest(context.app, { username: 'grace001', password: 'bad', captcha: 'KM4P', captchaId }, { remoteAddress: ip });
    }
    clock.advance(15 * MINUTE);
    // Four old failures are forgotten: five new ones are needed again, and no captcha at first.
    for (let attempt = 0; attempt < 4; attempt++) {
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
      const response = await loginRequest(context.app, { username: 'grace001', password: 'bad', captcha: 'KM4P', captchaId }, { remoteAddress: nextIp() });
      expect(json<Failure>(response).errorCode).toBe('username.or.password.err');
    }
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
    expect((await loginRequest(context.app, { username: 'grace001', password: 'grace123', captcha: 'KM4P', captchaId }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });

  it('counts captcha failures toward the lockout', async () => {
    await createMember(context.pool, context.merchantId, { username: 'heidi001', password: 'heidi123' });
    const ip = nextIp();
    await loginRequest(context.app, { username: 'heidi001', password: 'bad' }, { remoteAddress: ip });
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await loginRequest(context.app, { username: 'heidi001', password: 'heidi123', captcha: 'NOPE' }, { remoteAddress: ip });
      expect(json<Failure>(response).errorCode).toBe('captcha.err');
    }
    const locked = await loginRequest(context.app, { username: 'heidi001', password: 'heidi123' }, { remoteAddress: ip });
    expect(locked.statusCode).toBe(429);
  });

  it('locks a client IP after the per-IP number of failures across accounts', async () => {
    await createMember(context.pool, context.merchantId, { username: 'ivan0001', password: 'ivan1234' });
    const ip = nextIp();
    for (let attempt = 0; attempt < DEFAULT_ACCOUNT_SETTINGS.loginIpMaxFailures; attempt++) {
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
      await loginRequest(context.app, { username: `spray${attempt}x`, password: 'bad', captcha: 'KM4P', captchaId }, { remoteAddress: ip });
    }
    const fromThatIp = await loginRequest(context.app, { username: 'ivan0001', password: 'ivan1234' }, { remoteAddress: ip });
    expect(fromThatIp.statusCode).toBe(429);
    // The account itself is not locked: from elsewhere it works.
    expect((await loginRequest(context.app, { username: 'ivan0001', password: 'ivan1234' }, { remoteAddress: nextIp() })).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
    // An address that met the limit answers a bot check for a while (bot-check module).
    const botCheck = await solvedBotCheck(context.app, ip);
    expect((await loginRequest(context.app, { username: 'ivan0001', password: 'ivan1234', captcha: 'KM4P', captchaId, botCheck }, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it('does not count successful logins against the IP', async () => {
    await createMember(context.pool, context.merchantId, { username: 'judy0001', password: 'judy1234' });
    const ip = nextIp();
    for (let attempt = 0; attempt < 8; attempt++) {
      expect((await loginRequest(context.app, { username: 'judy0001', password: 'judy1234' }, { remoteAddress: ip })).statusCode).toBe(200);
    }
  });
});

describe('login with an SMS code', () => {
  const codes = new Map<string, string>();
  const verifier = {
    // The verification module's contract: a correct live code is consumed.
    async verifyLoginCode(_context: AccountRequestContext, mobileE164: string, code: string) {
      if (codes.get(mobileE164) !== code) return false;
      codes.delete(mobileE164);
      return true;
    },
  };

  beforeAll(async () => {
    await createMember(context.pool, context.merchantId, { username: 'mallory01', password: 'mallory1', countryDialingCode: '+880', mobile: '1712345678' });
  });

  it('is not available without the verification module', async () => {
    const response = await loginRequest(context.app, { username: '1712345678', password: '123456', type: 'sms', countryDialingCode: '+880' }, { remoteAddress: nextIp() });
    expect(response.statusCode).toBe(400);
    expect(json<Failure>(response).errorCode).toBe('function.not.available');
  });

  it('is not available when MOBILEVERCODELOGIN3 is off', async () => {
    hooks.loginCodeVerifier = verifier;
    await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', false);
    try {
      const response = await loginRequest(context.app, { username: '1712345678', password: '123456', type: 'sms', countryDialingCode: '+880' }, { remoteAddress: nextIp() });
      expect(json<Failure>(response).errorCode).toBe('function.not.available');
    } finally {
      await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', true);
    }
  });

  it('logs in with the code sent to the number, once', async () => {
    hooks.loginCodeVerifier = verifier;
    codes.set('+8801712345678', '482913');
    const ip = nextIp();
    const response = await loginRequest(context.app, { username: '1712345678', password: '482913', type: 'sms', countryDialingCode: '+880' }, { remoteAddress: ip });
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(response).value).toMatchObject({ userName: 'mallory01', passwordExpired: false });
    const again = await loginRequest(context.app, { username: '+8801712345678', password: '482913', type: 'sms' }, { remoteAddress: nextIp() });
    expect(json<Failure>(again)).toMatchObject({ errorCode: 'sms.code.invalid', value: { captcha: true } });
  });

  it('finds the number without a dialling code when it is unambiguous', async () => {
    hooks.loginCodeVerifier = verifier;
    codes.set('+8801712345678', '111222');
    // The failure just above counted against the member's number, whatever its spelling: a captcha is due.
    const withoutCaptcha = await loginRequest(context.app, { username: '01712345678', password: '111222', type: 'sms' }, { remoteAddress: nextIp() });
    expect(json<Failure>(withoutCaptcha).errorCode).toBe('captcha.err');
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'SMS7', clock.nowMs);
    const response = await loginRequest(
      context.app,
      { username: '01712345678', password: '111222', type: 'sms', captcha: 'sms7', captchaId },
      { remoteAddress: nextIp() },
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unknown number like a wrong code', async () => {
    hooks.loginCodeVerifier = verifier;
    const response = await loginRequest(context.app, { username: '1799999999', password: '111222', type: 'sms', countryDialingCode: '+880' }, { remoteAddress: nextIp() });
    expect(json<Failure>(response).errorCode).toBe('sms.code.invalid');
  });
});

describe('two-factor sign-in', () => {
  it('answers login_verify_required with the challenge instead of a token', async () => {
    const id = await createMember(context.pool, context.merchantId, { username: 'oscar001', password: 'oscar123' });
    hooks.twoFactorGate = {
      isRequired: async (_context, member) => member.id === id,
      challenge: async (_context, member, loginType) => ({ ticket: `pending-${member.id}`, factor: 'TOTP', loginType }),
    };
    const response = await loginRequest(context.app, { username: 'oscar001', password: 'oscar123' }, { remoteAddress: nextIp() });
    expect(response.statusCode).toBe(403);
    expect(json<Failure>(response)).toMatchObject({
      errorCode: 'login_verify_required',
      value: { ticket: `pending-${id}`, factor: 'TOTP', loginType: 'username' },
    });
    const sessions = await context.pool.query('SELECT 1 FROM member_session WHERE member_id = $1', [id]);
    expect(sessions.rowCount).toBe(0);
    // Other members are not asked.
    await createMember(context.pool, context.merchantId, { username: 'peggy001', password: 'peggy123' });
    expect((await loginRequest(context.app, { username: 'peggy001', password: 'peggy123' }, { remoteAddress: nextIp() })).statusCode).toBe(200);
  });
});
