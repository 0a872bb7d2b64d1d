import type { Envelope, LoginResult } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, encryptedInject, knownCaptcha, loginRequest, MINUTE, setAccountSettings, TestClock } from '../member/member.testing';
import { decodeChallenge, fetchBotCheck, setBotCheckSettings, solveBotCheck, solvedBotCheck } from './bot-check.testing';

// The bot check: GET /wps/botcheck/challenge, and its answer in password logins,
// registrations and SMS sends. Shaped like the attacks: a solution sent twice (also at the same
// instant), a forged or altered one, one for another brand, an expired one; then when it is
// demanded: by the merchant's setting, and by itself after an address, an account or a number met
// an abuse limit.

const clock = new TestClock();
let context: TestContext;
let counter = 0;
const nextIp = () => `192.0.2.${++counter}`;
const nextNumber = () => `17${String(20_000_000 + ++counter).slice(-8)}`;

type Failure = Envelope<Record<string, unknown> | null>;
const outcome = (response: LightMyRequestResponse) => (response.statusCode === 200 ? '200' : `${response.statusCode} ${json<Failure>(response).errorCode}`);

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  // Cheap challenges: the tests solve many.
  await setBotCheckSettings(context.pool, context.merchantId, { maxNumber: 500 });
});

afterAll(async () => {
  await context.close();
});

async function member(prefix: string): Promise<string> {
  const username = `${prefix}${++counter}`;
  await createMember(context.pool, context.merchantId, { username, password: 'kestrel42', nowMs: clock.nowMs });
  return username;
}

const login = (username: string, ip: string, botCheck?: string, password = 'kestrel42', extra: Record<string, string> = {}) =>
  loginRequest(context.app, { username, password, ...extra, ...(botCheck === undefined ? {} : { botCheck }) } as never, { remoteAddress: ip });
/** A right captcha answer (demanded after a failed login of the account or from the address). */
const captcha = async () => ({ captcha: 'KM4P', captchaId: await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs) });
const register = (username: string, ip: string, botCheck?: string) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register', { username, password: 'kestrel42', confirmPassword: 'kestrel42', botCheck }, { remoteAddress: ip });
const sendSms = (mobileNo: string, ip: string, botCheck?: string) =>
  context.app.inject({ method: 'POST', url: '/wps/verification/sms/noLogin', payload: { countryDialingCode: '+880', mobileNo, botCheck }, remoteAddress: ip });

describe('the challenge', () => {
  it('is open, signed, not cached, and not demanded by default', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/botcheck/challenge', remoteAddress: nextIp() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const value = json<Envelope<{ required: boolean; challenge: string }>>(response).value;
    expect(value.required).toBe(false);
    const challenge = decodeChallenge(value.challenge);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(challenge.parameters.data).toEqual({ merchant: context.merchantId, expiresAt: clock.nowMs + 600_000 });
  });
});

describe('an answer', () => {
  it('lets a login through once; the same answer again is refused, and moved nothing', async () => {
    const username = await member('once');
    const ip = nextIp();
    const answer = await solvedBotCheck(context.app, ip);
    expect(outcome(await login(username, ip, answer))).toBe('200');
    const replay = await login(username, ip, answer);
    expect(json<Failure>(replay)).toMatchObject({ errorCode: 'botcheck.invalid', message: 'invalid reCaptcha input', value: { botCheck: true } });
    expect(replay.statusCode).toBe(400);
    // Refused before the attempt is counted or recorded: one login attempt, the successful one.
    const attempts = await context.pool.query<{ outcome: string }>('SELECT outcome FROM login_attempt WHERE username = $1', [username]);
    expect(attempts.rows.map((row) => row.outcome)).toEqual(['ok']);
  });

  it('is used up by the first of twenty calls sent at the same instant', async () => {
    const ip = nextIp();
    const answer = await solvedBotCheck(context.app, ip);
    const names: string[] = [];
    for (let i = 0; i < 20; i++) names.push(await member('race'));
    const responses = await Promise.all(names.map((name) => login(name, ip, answer)));
    expect(responses.map(outcome).sort()).toEqual(['200', ...Array<string>(19).fill('400 botcheck.invalid')]);
  });

  it('is refused when the solution is wrong, the challenge altered or forged, or the text is not an answer', async () => {
    const username = await member('wrong');
    const ip = nextIp();
    const encoded = (await fetchBotCheck(context.app, ip)).challenge;
    const solved = JSON.parse(Buffer.from(await solveBotCheck(encoded), 'base64').toString('utf8'));
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
    const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
    const attempts = [
      // A guessed key.
      { ...solved, solution: { counter: 0, derivedKey: flip(solved.solution.derivedKey) } },
      // An easier prefix (the signature covers it).
      { ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, keyPrefix: '00' } } },
      // A later expiry (the signature covers it).
      { ...solved, challenge: { ...solved.challenge, parameters: { ...solved.challenge.parameters, data: { merchant: context.merchantId, expiresAt: clock.nowMs + 86_400_000 } } } },
      // A challenge signed by someone else.
      { ...solved, challenge: { ...solved.challenge, signature: flip(solved.challenge.signature) } },
    ].map(encode);
    for (const attempt of [...attempts, 'not base64 at all', encode({ challenge: 1, solution: 2 })]) {
      expect(outcome(await login(username, ip, attempt))).toBe('400 botcheck.invalid');
    }
    // The real answer still works: the forgeries did not use it up.
    expect(outcome(await login(username, ip, encode(solved)))).toBe('200');
  });

  it('is refused once its challenge expired (by the server clock)', async () => {
    const username = await member('late');
    const ip = nextIp();
    const answer = await solvedBotCheck(context.app, ip);
    clock.advance(10 * MINUTE);
    expect(outcome(await login(username, ip, answer))).toBe('400 botcheck.invalid');
  });

  it('of one brand is refused by another', async () => {
    await context.pool.query("INSERT INTO merchant (code, name) VALUES ('BOTX', 'Other brand')");
    const ip = nextIp();
    const answer = await solvedBotCheck(context.app, ip, { merchant: 'BOTX' });
    const username = await member('brand');
    expect(outcome(await login(username, ip, answer))).toBe('400 botcheck.invalid');
  });
});

describe('demanded by the merchant setting', () => {
  beforeAll(async () => {
    await setBotCheckSettings(context.pool, context.merchantId, { maxNumber: 500, required: true });
  });
  afterAll(async () => {
    await setBotCheckSettings(context.pool, context.merchantId, { maxNumber: 500 });
  });

  it('is said by the challenge, and refuses a password login, a registration and an SMS send without one', async () => {
    const ip = nextIp();
    expect((await fetchBotCheck(context.app, ip)).required).toBe(true);
    const username = await member('required');
    const refused = await login(username, ip);
    expect(refused.statusCode).toBe(400);
    expect(json<Failure>(refused)).toMatchObject({ errorCode: 'botcheck.required', message: 'Please complete verification first', value: { botCheck: true } });
    expect(outcome(await register(`newbie${++counter}`, ip))).toBe('400 botcheck.required');
    expect(outcome(await sendSms(nextNumber(), ip))).toBe('400 botcheck.required');
    expect((await context.pool.query("SELECT 1 FROM member WHERE username LIKE 'newbie%'")).rowCount).toBe(0);
    expect((await context.pool.query('SELECT 1 FROM verification_send WHERE ip = $1', [ip])).rowCount).toBe(0);
  });

  it('lets each of them through with its own solved check', async () => {
    const ip = nextIp();
    const username = await member('solved');
    expect(outcome(await login(username, ip, await solvedBotCheck(context.app, ip)))).toBe('200');
    expect(outcome(await register(`solver${++counter}`, ip, await solvedBotCheck(context.app, ip)))).toBe('200');
    expect(outcome(await sendSms(nextNumber(), ip, await solvedBotCheck(context.app, ip)))).toBe('200');
  });
});

describe('demanded by itself past the abuse limits', () => {
  it('from an address whose login failures locked it, for 24 hours after the lock, and not from others', async () => {
    await setAccountSettings(context.pool, context.merchantId, { loginIpMaxFailures: 3 });
    const ip = nextIp();
    const username = await member('owner');
    expect((await fetchBotCheck(context.app, ip)).required).toBe(false);
    const failures = [];
    for (let i = 0; i < 3; i++) failures.push(outcome(await login(await member('sprayed'), ip, undefined, 'wrong-password', await captcha())));
    expect(failures).toEqual(['400 username.or.password.err', '400 username.or.password.err', '400 username.or.password.err']);
    // While the lock runs, the lock answers.
    expect(outcome(await login(username, ip))).toBe('429 TOO_MANY_REQUESTS');
    await setAccountSettings(context.pool, context.merchantId, {});

    clock.advance(5 * MINUTE);
    // The lock is over, but this address now has to solve a check.
    expect((await fetchBotCheck(context.app, ip)).required).toBe(true);
    expect(outcome(await login(username, ip))).toBe('400 botcheck.required');
    expect(outcome(await register(`after${++counter}`, ip))).toBe('400 botcheck.required');
    expect(outcome(await sendSms(nextNumber(), ip))).toBe('400 botcheck.required');
    expect(outcome(await login(username, ip, await solvedBotCheck(context.app, ip)))).toBe('200');
    // Still demanded after a new run of attempts started (the throttle row forgot its lock).
    expect(outcome(await login(username, ip))).toBe('400 botcheck.required');
    // Another address is not concerned.
    expect(outcome(await login(username, nextIp()))).toBe('200');

    clock.advance(24 * 60 * MINUTE);
    expect((await fetchBotCheck(context.app, ip)).required).toBe(false);
    expect(outcome(await login(username, ip))).toBe('200');
  });

  it('for an account that strangers locked from many addresses, from every address', async () => {
    await setAccountSettings(context.pool, context.merchantId, { loginAccountMaxFailures: 3 });
    const username = await member('target');
    for (let i = 0; i < 3; i++) expect(outcome(await login(username, nextIp(), undefined, 'guess', await captcha()))).toBe('400 username.or.password.err');
    await setAccountSettings(context.pool, context.merchantId, {});
    clock.advance(5 * MINUTE);
    const owner = nextIp();
    expect(outcome(await login(username, owner))).toBe('400 botcheck.required');
    expect(outcome(await login(username, owner, await solvedBotCheck(context.app, owner), 'kestrel42', await captcha()))).toBe('200');
    // Other accounts from that address are not concerned.
    expect(outcome(await login(await member('bystander'), owner))).toBe('200');
  });

  it('not after a lock that a right password took back at once', async () => {
    await setAccountSettings(context.pool, context.merchantId, { loginIpMaxFailures: 3 });
    const ip = nextIp();
    const username = await member('typo');
    for (let i = 0; i < 2; i++) expect(outcome(await login(username, ip, undefined, 'typo', await captcha()))).toBe('400 username.or.password.err');
    // The third attempt reaches the limit (and sets the lock) but is checked: the right password.
    const right = await login(username, ip, undefined, 'kestrel42', await captcha());
    expect(right.statusCode).toBe(200);
    expect(json<Envelope<LoginResult>>(right).value.userName).toBe(username);
    await setAccountSettings(context.pool, context.merchantId, {});
    expect((await fetchBotCheck(context.app, ip)).required).toBe(false);
  });

  it('for SMS sends to a number that met its limit, whatever the address', async () => {
    const mobile = nextNumber();
    const outcomes = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push(outcome(await sendSms(mobile, nextIp())));
      clock.advance(MINUTE);
    }
    expect(outcomes).toEqual(['200', '200', '200', '200', '200', '429 TOO_MANY_REQUESTS']);
    clock.advance(5 * MINUTE);
    const ip = nextIp();
    expect(outcome(await sendSms(mobile, ip))).toBe('400 botcheck.required');
    expect(outcome(await sendSms(mobile, ip, await solvedBotCheck(context.app, ip)))).toBe('200');
  });
});
