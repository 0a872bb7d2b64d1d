import type { Envelope, LoginResult } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, loginRequest, MINUTE, setModule, TestClock } from '../member/member.testing';
import { codeIn, lastMessageTo, outboxFor } from '../notification/outbox.testing';
import { createAccountHooks, type AccountRequestContext } from '../session';
import { solvedBotCheck } from '../bot-check/bot-check.testing';

// SMS codes: POST /wps/verification/sms/noLogin and /register, the throttle in front of them,
// and the verifier login and registration use (expiry, single use, wrong-try limit).

const clock = new TestClock();
const hooks = createAccountHooks();
let context: TestContext;
let counter = 0;
/** A fresh Bangladeshi number and client address per test, so counters never meet. */
const nextNumber = () => `17${String(10_000_000 + ++counter).slice(-8)}`;
const nextIp = () => `198.51.100.${++counter}`;

type CodeSent = { expiredMinutes: number; expirationTime: number };

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now, accountHooks: hooks });
});

afterAll(async () => {
  await context.close();
});

function send(kind: 'noLogin' | 'register', body: Record<string, unknown>, ip: string, language = 'EN', merchant?: string) {
  return context.app.inject({
    method: 'POST',
    url: `/wps/verification/sms/${kind}`,
    headers: merchant ? { language, merchant } : { language },
    payload: body,
    remoteAddress: ip,
  });
}

function hookContext(): AccountRequestContext {
  return { db: context.pool, merchantId: context.merchantId, clientIp: '127.0.0.1', userAgent: undefined, nowMs: clock.nowMs };
}

async function memberWithNumber(mobile: string): Promise<string> {
  const username = `sms${mobile}`;
  await createMember(context.pool, context.merchantId, { username, password: 'secret123', countryDialingCode: '+880', mobile, nowMs: clock.nowMs });
  return username;
}

describe('POST /wps/verification/sms/noLogin', () => {
  it('sends a 6-digit code to a member, stores only its hash, and says how long it lasts', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    const response = await send('noLogin', { countryDialingCode: '+880', mobileNo: `0${mobile}`, geetest: 'ignored' }, nextIp());
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<CodeSent>>(response)).toEqual({
      success: true,
      value: { expiredMinutes: 5, expirationTime: clock.nowMs + 5 * MINUTE },
      message: null,
      errorCode: null,
    });
    const message = await lastMessageTo(context.pool, `+880${mobile}`);
    expect(message.channel).toBe('sms');
    expect(message.body).toMatch(/^Lucky Star: your login code is \d{6}\. It expires in 5 minutes\./);
    const code = codeIn(message.body);
    const stored = await context.pool.query<{ code_hash: string; purpose: string }>(
      'SELECT code_hash, purpose FROM verification_code WHERE mobile = $1',
      [`+880${mobile}`],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].purpose).toBe('login');
    expect(stored.rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.rows[0].code_hash).not.toContain(code);
  });

  it("writes the SMS in the caller's language", async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    expect((await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp(), 'BN')).statusCode).toBe(200);
    expect((await lastMessageTo(context.pool, `+880${mobile}`)).body).toContain('আপনার লগইন কোড');
  });

  it('answers an unknown number exactly like a known one, and sends nothing', async () => {
    const mobile = nextNumber();
    const response = await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<CodeSent>>(response).value).toEqual({ expiredMinutes: 5, expirationTime: clock.nowMs + 5 * MINUTE });
    expect(await outboxFor(context.pool, `+880${mobile}`)).toEqual([]);
  });

  it('takes the first offered dialling code when none is sent', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    expect((await send('noLogin', { mobileNo: mobile }, nextIp())).statusCode).toBe(200);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(1);
  });

  it.each([
    [{ countryDialingCode: '+880', mobileNo: 'abcdefgh' }, 400, 'mobile.format.err', 'Invalid phone number format'],
    [{ countryDialingCode: '+880', mobileNo: '123456' }, 400, 'mobile.format.err', 'Invalid phone number format'],
    [{ countryDialingCode: '+880', mobileNo: '1234567890123456' }, 400, 'mobile.format.err', 'Invalid phone number format'],
    [{ countryDialingCode: '880x', mobileNo: '1712345678' }, 400, 'mobile.format.err', 'Invalid phone number format'],
    [{ countryDialingCode: '+880', mobileNo: '  ' }, 400, 'mobile.invalid', 'Please enter a valid phone number'],
    [{ countryDialingCode: '+999', mobileNo: '1712345678' }, 400, 'invalid.country.code', 'This country dialling code is not supported'],
    [{ countryDialingCode: '+880' }, 400, 'request.param.err', 'Invalid request parameter: body.mobileNo is required'],
    [{ countryDialingCode: '+880', mobileNo: { digits: '1712345678' } }, 400, 'request.param.err', 'Invalid request parameter: body.mobileNo must be string'],
  ])('refuses %j with %i %s', async (body, status, errorCode, message) => {
    const response = await send('noLogin', body, nextIp());
    expect(response.statusCode).toBe(status);
    expect(json<Envelope<null>>(response)).toEqual({ success: false, value: null, message, errorCode });
  });

  it('is refused while SMS login is switched off', async () => {
    await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', false);
    try {
      const response = await send('noLogin', { countryDialingCode: '+880', mobileNo: nextNumber() }, nextIp());
      expect(response.statusCode).toBe(403);
      expect(json<Envelope<null>>(response)).toMatchObject({
        errorCode: 'function.not.enabled',
        message: 'Function not enabled, please contact customer service',
      });
    } finally {
      await setModule(context.pool, context.merchantId, 'MOBILEVERCODELOGIN3', true);
    }
  });
});

describe('login codes', () => {
  it('log in once (type sms), and not again', async () => {
    const mobile = nextNumber();
    const username = await memberWithNumber(mobile);
    const ip = nextIp();
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, ip);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const login = await loginRequest(context.app, { type: 'sms', username: mobile, password: code, countryDialingCode: '+880' }, { remoteAddress: ip });
    expect(login.statusCode).toBe(200);
    expect(json<Envelope<LoginResult & { userName: string }>>(login).value.userName).toBe(username);
    const again = await loginRequest(context.app, { type: 'sms', username: mobile, password: code, countryDialingCode: '+880' }, { remoteAddress: ip });
    expect(again.statusCode).toBe(400);
    expect(json<Envelope<unknown>>(again).errorCode).toBe('sms.code.invalid');
  });

  it('expire after expiredMinutes', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    clock.advance(5 * MINUTE);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, code)).toBe(false);
  });

  it('still work just before they expire', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    clock.advance(5 * MINUTE - 1000);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, code)).toBe(true);
  });

  it('die after 5 wrong tries, even if the right one follows', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, wrong)).toBe(false);
    // Four wrong tries leave it usable...
    const probe = await context.pool.query<{ attempts: number; consumed_at: Date | null }>(
      'SELECT attempts, consumed_at FROM verification_code WHERE mobile = $1',
      [`+880${mobile}`],
    );
    expect(probe.rows[0]).toEqual({ attempts: 4, consumed_at: null });
    // ...the fifth retires it.
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, 'abc')).toBe(false);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, code)).toBe(false);
  });

  it('are only good for their purpose and number', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    expect(await hooks.registrationCodeVerifier!.verifyRegistrationCode(hookContext(), `+880${mobile}`, code)).toBe(false);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${nextNumber()}`, code)).toBe(false);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, code)).toBe(true);
  });

  it('replace each other: only the newest works', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    const ip = nextIp();
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, ip);
    const first = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    clock.advance(MINUTE);
    await send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, ip);
    const second = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    if (first !== second) expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, first)).toBe(false);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, second)).toBe(true);
  });
});

describe('send throttling', () => {
  it('allows one send per number per 60 s', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    const body = { countryDialingCode: '+880', mobileNo: mobile };
    expect((await send('noLogin', body, nextIp())).statusCode).toBe(200);
    clock.advance(59_000);
    const early = await send('noLogin', body, nextIp());
    expect(early.statusCode).toBe(429);
    expect(json<Envelope<null>>(early)).toMatchObject({
      errorCode: 'sms.too.frequent',
      message: 'A code was just sent, please wait 1 seconds before asking for another',
    });
    clock.advance(1000);
    expect((await send('noLogin', body, nextIp())).statusCode).toBe(200);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(2);
  });

  it('locks a number for 5 minutes after too many sends, known or not', async () => {
    for (const known of [true, false]) {
      const mobile = nextNumber();
      if (known) await memberWithNumber(mobile);
      const body = { countryDialingCode: '+880', mobileNo: mobile };
      for (let i = 0; i < 5; i++) {
        expect((await send('noLogin', body, nextIp())).statusCode).toBe(200);
        clock.advance(MINUTE);
      }
      const refused = await send('noLogin', body, nextIp());
      expect(refused.statusCode).toBe(429);
      expect(json<Envelope<null>>(refused)).toEqual({
        success: false,
        value: null,
        message: 'too many requests, try again after 5 minutes',
        errorCode: 'TOO_MANY_REQUESTS',
      });
      // The lock was set by the fifth send: it ends 5 minutes after it.
      clock.advance(3 * MINUTE);
      expect((await send('noLogin', body, nextIp())).statusCode).toBe(429);
      clock.advance(MINUTE);
      // After its lock the number's sends answer a bot check for a while (bot-check module).
      const ip = nextIp();
      expect((await send('noLogin', { ...body, botCheck: await solvedBotCheck(context.app, ip) }, ip)).statusCode).toBe(200);
      expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(known ? 6 : 0);
      clock.advance(MINUTE);
    }
  });

  it('locks a client address that asks for codes for too many numbers', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await send('noLogin', { countryDialingCode: '+880', mobileNo: nextNumber() }, ip)).statusCode).toBe(200);
    }
    const refused = await send('noLogin', { countryDialingCode: '+880', mobileNo: nextNumber() }, ip, 'CN');
    expect(refused.statusCode).toBe(429);
    expect(json<Envelope<null>>(refused)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', message: '请求过于频繁，请 5 分钟后再试' });
    // Another address is not affected.
    expect((await send('noLogin', { countryDialingCode: '+880', mobileNo: nextNumber() }, nextIp())).statusCode).toBe(200);
    clock.advance(5 * MINUTE);
    // After its lock the address answers a bot check for a while (bot-check module).
    const botCheck = await solvedBotCheck(context.app, ip);
    expect((await send('noLogin', { countryDialingCode: '+880', mobileNo: nextNumber(), botCheck }, ip)).statusCode).toBe(200);
  });

  it('never lets parallel requests slip past the 60-second spacing', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => send('noLogin', { countryDialingCode: '+880', mobileNo: mobile }, nextIp())),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(1);
  });
});

describe('send throttling across merchants', () => {
  const second = 'SECOND';
  let secondId: number;

  // A second brand, set up like the seeded one as far as SMS codes go.
  beforeAll(async () => {
    const created = await context.pool.query<{ id: number }>('INSERT INTO merchant (code, name) VALUES ($1, $2) RETURNING id', [second, 'Second brand']);
    secondId = created.rows[0].id;
    await context.pool.query(
      `INSERT INTO country (merchant_id, country_code, dialing_code, name, enabled, sort_order)
       SELECT $1, country_code, dialing_code, name, enabled, sort_order FROM country WHERE merchant_id = $2`,
      [secondId, context.merchantId],
    );
    await setModule(context.pool, secondId, 'REGMOBVERF3', true);
  });

  it('counts the sends to one number through every merchant: another Merchant header does not multiply them', async () => {
    const mobile = nextNumber();
    const body = { countryDialingCode: '+880', mobileNo: mobile };
    // A stranger alternates brands, one request a minute: each brand allows five and then locks
    // the number for five minutes, so ten codes reach the phone in ten minutes.
    for (let i = 0; i < 10; i++) {
      const response = await send('register', body, nextIp(), 'EN', i % 2 ? second : undefined);
      expect(response.statusCode).toBe(200);
      clock.advance(MINUTE);
    }
    // Both brands' own locks are over four minutes later, but the number has had ten codes in
    // the last fifteen minutes: every brand refuses until the first of them is that old.
    clock.advance(4 * MINUTE);
    // After its locks the number's sends answer a bot check for a while (bot-check module).
    const checked = async (ip: string, merchant?: string) => ({ ...body, botCheck: await solvedBotCheck(context.app, ip, merchant ? { merchant } : {}) });
    for (const merchant of [undefined, second]) {
      const ip = nextIp();
      const refused = await send('register', await checked(ip, merchant), ip, 'EN', merchant);
      expect(refused.statusCode).toBe(429);
      expect(json<Envelope<null>>(refused)).toEqual({
        success: false,
        value: null,
        message: 'too many requests, try again after 1 minutes',
        errorCode: 'TOO_MANY_REQUESTS',
      });
    }
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(10);
    clock.advance(MINUTE);
    const last = nextIp();
    expect((await send('register', await checked(last, second), last, 'EN', second)).statusCode).toBe(200);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(11);
  });

  it('lets one request through when the last allowed send is asked for through both brands at once', async () => {
    const mobile = nextNumber();
    // Nine earlier sends, two or more minutes ago, through both brands: one more is allowed.
    for (let i = 0; i < 9; i++) {
      await context.pool.query('INSERT INTO verification_send (merchant_id, mobile, ip, sent_at) VALUES ($1, $2, $3, $4)', [
        i % 2 ? secondId : context.merchantId,
        `+880${mobile}`,
        nextIp(),
        new Date(clock.nowMs - (2 + i) * MINUTE),
      ]);
    }
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send('register', { countryDialingCode: '+880', mobileNo: mobile }, nextIp(), 'EN', i % 2 ? second : undefined)),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    expect(await outboxFor(context.pool, `+880${mobile}`)).toHaveLength(1);
  });
});

describe('POST /wps/verification/sms/register', () => {
  it('sends a registration code that the registration verifier accepts once', async () => {
    const mobile = nextNumber();
    const response = await send('register', { countryDialingCode: '+880', mobileNo: mobile }, nextIp(), 'VI');
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<CodeSent>>(response).value.expiredMinutes).toBe(5);
    const message = await lastMessageTo(context.pool, `+880${mobile}`);
    expect(message.body).toContain('mã đăng ký của bạn là');
    const code = codeIn(message.body);
    expect(await hooks.loginCodeVerifier!.verifyLoginCode(hookContext(), `+880${mobile}`, code)).toBe(false);
    expect(await hooks.registrationCodeVerifier!.verifyRegistrationCode(hookContext(), `+880${mobile}`, code)).toBe(true);
    expect(await hooks.registrationCodeVerifier!.verifyRegistrationCode(hookContext(), `+880${mobile}`, code)).toBe(false);
  });

  it('lets PUT /wps/member/register/mobile register with the code from the SMS, once', async () => {
    const mobile = nextNumber();
    const ip = nextIp();
    await send('register', { countryDialingCode: '+880', mobileNo: `0${mobile}` }, ip);
    const code = codeIn((await lastMessageTo(context.pool, `+880${mobile}`)).body);
    const wrong = await encryptedInject(context.app, 'PUT', '/wps/member/register/mobile', {
      mobileNum: mobile,
      countryDialingCode: '+880',
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(json<Envelope<null>>(wrong).errorCode).toBe('sms.code.invalid');
    const registered = await encryptedInject(context.app, 'PUT', '/wps/member/register/mobile', {
      mobileNum: `0${mobile}`,
      countryDialingCode: '+880',
      verificationCode: code,
    });
    expect(registered.statusCode).toBe(200);
    expect(json<Envelope<{ userName: string }>>(registered).value.userName).toBe(mobile);
  });

  it('tells the owner of a registered number instead of sending a code, with the same answer', async () => {
    const mobile = nextNumber();
    await memberWithNumber(mobile);
    const response = await send('register', { countryDialingCode: '+880', mobileNo: mobile }, nextIp());
    expect(response.statusCode).toBe(200);
    expect(json<Envelope<CodeSent>>(response).value).toEqual({ expiredMinutes: 5, expirationTime: clock.nowMs + 5 * MINUTE });
    const message = await lastMessageTo(context.pool, `+880${mobile}`);
    expect(message.body).toContain('It already has an account');
    expect(message.body).not.toMatch(/\d{6}/);
    const codes = await context.pool.query('SELECT 1 FROM verification_code WHERE mobile = $1', [`+880${mobile}`]);
    expect(codes.rowCount).toBe(0);
  });

  it('is refused while REGMOBVERF3 is off', async () => {
    await setModule(context.pool, context.merchantId, 'REGMOBVERF3', false);
    try {
      const response = await send('register', { countryDialingCode: '+880', mobileNo: nextNumber() }, nextIp());
      expect(response.statusCode).toBe(403);
      expect(json<Envelope<null>>(response).errorCode).toBe('function.not.enabled');
    } finally {
      await setModule(context.pool, context.merchantId, 'REGMOBVERF3', true);
    }
  });
});
