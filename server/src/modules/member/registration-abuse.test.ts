import type { Envelope } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { inFlight } from '../../testing/in-flight';
import { defaultHashGateLimits, passwordHashGate } from '../identity';
import { DEFAULT_ACCOUNT_SETTINGS } from '../merchant';
import { solvedBotCheck } from '../bot-check/bot-check.testing';
import { createMember, encryptedInject, knownCaptcha, loginRequest, MINUTE, setAccountSettings, TestClock } from './member.testing';

// Attacks on registration, shaped like brute-force.test.ts: a bot making
// accounts for bonus abuse from one address or one browser, probing which usernames exist,
// listing the agents' invitation codes, and flooding the server with password hashes.

const clock = new TestClock();
let context: TestContext;
type Failure = Envelope<Record<string, unknown> | null>;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await createMember(context.pool, context.merchantId, { username: 'agent0001', memberType: 1, affiliateCode: 'AGENT77' });
});

afterAll(async () => {
  await context.close();
});

let serial = 0;
const username = (prefix: string) => `${prefix}${String(serial++).padStart(5, '0')}`;

const register = (payload: Record<string, unknown>, remoteAddress: string, headers: Record<string, string> = {}) =>
  encryptedInject(context.app, 'PUT', '/wps/member/register', payload, { remoteAddress, headers });
const account = (name: string, extra: Record<string, unknown> = {}) => ({ username: name, password: 'kestrel42', confirmPassword: 'kestrel42', ...extra });

/** '200', '400 captcha.required', '429 TOO_MANY_REQUESTS', ... */
const outcome = (response: LightMyRequestResponse) =>
  response.statusCode === 200 ? '200' : `${response.statusCode} ${json<Failure>(response).errorCode}`;

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of outcomes) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

const membersFrom = async (address: string) =>
  Number((await context.pool.query<{ count: string }>('SELECT count(*) FROM member WHERE register_ip = $1', [address])).rows[0].count);

it('lets fifty registrations from one address make three accounts without a captcha and none past twenty', async () => {
  const address = '203.0.113.50';
  const responses = await inFlight(
    Array.from({ length: 50 }, () => () => register(account(username('bonus')), address)),
    10,
  );
  expect(tally(responses.map(outcome))).toEqual({ '200': 3, '400 captcha.required': 17, '429 TOO_MANY_REQUESTS': 30 });
  // The form is told to show the captcha (a captcha flag in the value shows it).
  const demanded = responses.find((response) => outcome(response) === '400 captcha.required')!;
  expect(json<Failure>(demanded).value).toEqual({ field: 'captcha', captcha: true });
  expect(await membersFrom(address)).toBe(3);

  // An hour later the address may register again, answering the bot check it now owes (bot-check module).
  clock.advance(60 * MINUTE);
  expect(outcome(await register(account(username('later')), address))).toBe('400 botcheck.required');
  expect(outcome(await register(account(username('later'), { botCheck: await solvedBotCheck(context.app, address) }), address))).toBe('200');
}, 120_000);

it('lets a bot that solves every captcha make twenty accounts an hour from one address, no more', async () => {
  const address = '203.0.113.51';
  const captchas = await Promise.all(Array.from({ length: 50 }, () => knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs)));
  const responses = await inFlight(
    captchas.map((captchaId) => () => register(account(username('solver'), { captcha: 'KM4P', captchaId }), address)),
    10,
  );
  expect(tally(responses.map(outcome))).toEqual({ '200': 20, '429 TOO_MANY_REQUESTS': 30 });
  expect(await membersFrom(address)).toBe(20);
}, 120_000);

it('refuses a wrong captcha once one is required, and takes a right one', async () => {
  const address = '203.0.113.52';
  for (let i = 0; i < 3; i++) expect(outcome(await register(account(username('human')), address))).toBe('200');
  expect(outcome(await register(account(username('human')), address))).toBe('400 captcha.required');
  const wrong = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
  const refused = await register(account(username('human'), { captcha: 'ZZZZ', captchaId: wrong }), address);
  expect(json<Failure>(refused)).toMatchObject({ errorCode: 'captcha.err', value: { field: 'captcha', captcha: true } });
  const right = await knownCaptcha(context.pool, context.merchantId, 'AB3K', clock.nowMs);
  expect(outcome(await register(account(username('human'), { captcha: 'ab3k', captchaId: right }), address))).toBe('200');
}, 60_000);

it('lets one browser make three accounts a day, whatever address it comes from', async () => {
  const device = { 'device-id': '6f9c2d1e-4b7a-4c3e-9a1f-0d2b3c4e5f60' };
  const responses = await inFlight(
    Array.from({ length: 20 }, (_, index) => () => register(account(username('device')), `198.18.0.${index + 1}`, device)),
    5,
  );
  expect(tally(responses.map(outcome))).toEqual({ '200': 3, '429 TOO_MANY_REQUESTS': 17 });
  // Another browser on the same addresses is not held back.
  expect(outcome(await register(account(username('other')), '198.18.0.20', { 'device-id': '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }))).toBe('200');
  // A day later the first browser may register again.
  clock.advance(24 * 60 * MINUTE);
  expect(outcome(await register(account(username('device')), '198.18.1.1', device))).toBe('200');
}, 120_000);

it('counts an IPv6 subscriber by its /64, however many addresses it picks from it', async () => {
  const responses = [];
  for (let i = 1; i <= 5; i++) responses.push(outcome(await register(account(username('six')), `2001:db8:7:8::${i.toString(16)}`)));
  expect(responses).toEqual(['200', '200', '200', '400 captcha.required', '400 captcha.required']);
  // Another /64 is another subscriber.
  expect(outcome(await register(account(username('six')), '2001:db8:7:9::1'))).toBe('200');
}, 60_000);

it('keeps username probing within the same limit: no more than twenty answers an hour per address', async () => {
  const names = Array.from({ length: 40 }, () => username('taken'));
  for (const name of names) await createMember(context.pool, context.merchantId, { username: name });
  const address = '203.0.113.53';
  const captchas = await Promise.all(names.map(() => knownCaptcha(context.pool, context.merchantId, 'PRBK', clock.nowMs)));
  const responses = await inFlight(
    names.map((name, index) => () => register(account(name, { captcha: 'PRBK', captchaId: captchas[index] }), address)),
    10,
  );
  expect(tally(responses.map(outcome))).toEqual({ '400 exists.username.err': 20, '429 TOO_MANY_REQUESTS': 20 });
}, 120_000);

it("follows the merchant's settings", async () => {
  await setAccountSettings(context.pool, context.merchantId, { ...DEFAULT_ACCOUNT_SETTINGS, registerCaptchaAfter: 1, registerPerIpPerHour: 2 });
  try {
    const address = '203.0.113.54';
    expect(outcome(await register(account(username('strict')), address))).toBe('200');
    expect(outcome(await register(account(username('strict')), address))).toBe('400 captcha.required');
    expect(outcome(await register(account(username('strict')), address))).toBe('429 TOO_MANY_REQUESTS');
  } finally {
    await setAccountSettings(context.pool, context.merchantId, { ...DEFAULT_ACCOUNT_SETTINGS });
  }
}, 60_000);

describe('GET /wps/agent/affiliate under a flood', () => {
  const check = (code: string, remoteAddress: string) =>
    context.app.inject({ method: 'GET', url: `/wps/agent/affiliate?code=${encodeURIComponent(code)}`, remoteAddress });

  it('answers at most ten wrong guesses from an address, then refuses even the right code until the lock ends', async () => {
    const address = '203.0.113.60';
    const guesses = await inFlight(
      Array.from({ length: 100 }, (_, index) => () => check(`AG${String(index).padStart(4, '0')}`, address)),
      20,
    );
    expect(tally(guesses.map(outcome))).toEqual({ '400 invalid.affiliate.code': 10, '429 TOO_MANY_REQUESTS': 90 });
    // Locked: the answer no longer says whether a code exists.
    expect(outcome(await check('AGENT77', address))).toBe('429 TOO_MANY_REQUESTS');
    // Another address is served, and after the lockout this one is too.
    expect(outcome(await check('AGENT77', '203.0.113.61'))).toBe('200');
    clock.advance(5 * MINUTE);
    expect(outcome(await check('AGENT77', address))).toBe('200');
  }, 60_000);

  it('does not count codes that exist: a registration form may check its code many times', async () => {
    const responses = await inFlight(
      Array.from({ length: 30 }, () => () => check('agent77', '203.0.113.62')),
      10,
    );
    expect(tally(responses.map(outcome))).toEqual({ '200': 30 });
  }, 60_000);
});

describe('a flood of password hashing', () => {
  afterEach(() => {
    passwordHashGate.configure(defaultHashGateLimits());
  });

  it('refuses registrations past the hashing queue at once, creates nothing for them, and still serves a login', async () => {
    await createMember(context.pool, context.merchantId, { username: 'loyal001', password: 'Correct42' });
    // The gate is taken: one hash running, no room to wait for new hashes.
    passwordHashGate.configure({ concurrency: 1, maxQueued: { verify: 4, hash: 0 } });
    let release!: () => void;
    const blocker = passwordHashGate.run('hash', () => new Promise<void>((resolve) => (release = resolve)));

    const flood = await Promise.all(Array.from({ length: 20 }, (_, index) => register(account(username('flood')), `198.19.0.${index + 1}`)));
    expect(tally(flood.map(outcome))).toEqual({ '503 server.busy': 20 });
    expect(Number((await context.pool.query("SELECT count(*) FROM member WHERE username LIKE 'flood%'")).rows[0].count)).toBe(0);

    // A login waits in the verifications' own lane, and is served as soon as the slot frees.
    const login = loginRequest(context.app, { username: 'loyal001', password: 'Correct42' }, { remoteAddress: '198.19.1.1' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(passwordHashGate.stats().queued.verify).toBe(1);
    release();
    await blocker;
    expect((await login).statusCode).toBe(200);
  }, 60_000);

  it('keeps the queue bounded under a real flood, answers every request, and logins still complete', async () => {
    // Five players log in during the storm (each their own account: concurrent logins of one
    // account would ask each other for a captcha).
    for (let i = 0; i < 5; i++) await createMember(context.pool, context.merchantId, { username: `loyal10${i}`, password: 'Correct42' });
    passwordHashGate.configure({ concurrency: 2, maxQueued: { verify: 64, hash: 8 } });
    const registrations = Array.from({ length: 80 }, (_, index) => register(account(username('storm')), `198.20.0.${index + 1}`));
    const logins = Array.from({ length: 5 }, (_, index) =>
      loginRequest(context.app, { username: `loyal10${index}`, password: 'Correct42' }, { remoteAddress: `198.20.1.${index + 1}` }),
    );
    const outcomes = (await Promise.all(registrations)).map(outcome);
    expect(outcomes.every((item) => item === '200' || item === '503 server.busy')).toBe(true);
    for (const response of await Promise.all(logins)) expect(response.statusCode).toBe(200);
    const created = Number((await context.pool.query("SELECT count(*) FROM member WHERE username LIKE 'storm%'")).rows[0].count);
    expect(created).toBe(outcomes.filter((item) => item === '200').length);
    // The flood did reach the gate, and never queued past its bound.
    const stats = passwordHashGate.stats();
    expect(stats.highWater.hash + stats.refused).toBeGreaterThan(0);
    expect(stats.highWater.hash).toBeLessThanOrEqual(8);
  }, 120_000);
});
