import type { Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { inFlight } from '../../testing/in-flight';
import { DEFAULT_ACCOUNT_SETTINGS } from '../merchant';
import { solvedBotCheck } from '../bot-check/bot-check.testing';
import { createMember, knownCaptcha, loginRequest, MINUTE, TestClock } from '../member/member.testing';

// A password-guessing attack: 1,000 wrong passwords against one account, 50 requests in flight
// at a time, from 250 client addresses (each under the per-IP and per-address-and-account limits,
// so only the account-wide lockout can stop it). It must lock the account, let no guess through,
// check at most loginAccountMaxFailures (20) passwords (the rest are refused before hashing), and
// refuse the right password while locked.
// And the other side: a stranger who knows the name, failing from one address however often,
// must not keep its owner out (only that address and account pair locks).

const PER_ADDRESS = DEFAULT_ACCOUNT_SETTINGS.loginMaxFailures;
const ACCOUNT_WIDE = DEFAULT_ACCOUNT_SETTINGS.loginAccountMaxFailures;

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

it('locks the account, lets no guess through, and refuses the right password while locked', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'victim01', password: 'Correct42' });
  // Attackers even answer the captcha correctly; it makes no difference.
  const captchas = await Promise.all(Array.from({ length: 20 }, () => knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs)));
  const attackerIp = (index: number) => `10.0.${Math.floor(index / 4 / 250)}.${Math.floor(index / 4) % 250}`;

  const statuses = await inFlight(
    Array.from({ length: 1000 }, (_, index) => async () => {
      const response = await loginRequest(
        context.app,
        { username: index % 2 ? 'victim01' : 'VICTIM01', password: `guess-${index}`, captcha: 'KM4P', captchaId: captchas[index % captchas.length] },
        { remoteAddress: attackerIp(index) },
      );
      return response.statusCode;
    }),
    50,
  );

  expect(statuses.filter((status) => status === 200)).toHaveLength(0);
  const checked = statuses.filter((status) => status === 400).length;
  expect(checked).toBeGreaterThanOrEqual(1);
  expect(checked).toBeLessThanOrEqual(ACCOUNT_WIDE);
  expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - checked);

  // The audit trail agrees: at most twenty attempts got past the lockout.
  const outcomes = await context.pool.query<{ outcome: string; count: string }>(
    "SELECT outcome, count(*) FROM login_attempt WHERE lower(username) = 'victim01' GROUP BY outcome",
  );
  const byOutcome = Object.fromEntries(outcomes.rows.map((row) => [row.outcome, Number(row.count)]));
  expect((byOutcome.bad_password ?? 0) + (byOutcome.bad_captcha ?? 0)).toBe(checked);
  expect(byOutcome.locked).toBe(1000 - checked);
  expect(byOutcome.ok).toBeUndefined();

  // The right password, many times at once, from fresh addresses and with fresh captchas: refused.
  const rightCaptchas = await Promise.all(Array.from({ length: 20 }, () => knownCaptcha(context.pool, context.merchantId, 'RT7W', clock.nowMs)));
  const rightAttempts = await Promise.all(
    rightCaptchas.map((captchaId, index) =>
      loginRequest(context.app, { username: 'victim01', password: 'Correct42', captcha: 'RT7W', captchaId }, { remoteAddress: `172.16.0.${index + 1}` }),
    ),
  );
  for (const response of rightAttempts) {
    expect(response.statusCode).toBe(429);
    expect(json<Envelope<unknown>>(response).errorCode).toBe('TOO_MANY_REQUESTS');
  }
  const sessions = await context.pool.query('SELECT 1 FROM member_session WHERE member_id = $1', [memberId]);
  expect(sessions.rowCount).toBe(0);

  // Five minutes later the owner gets in, answering the bot check a locked account now demands.
  clock.advance(5 * MINUTE);
  const botCheck = await solvedBotCheck(context.app, '172.16.1.1');
  const owner = await loginRequest(context.app, { username: 'victim01', password: 'Correct42', botCheck }, { remoteAddress: '172.16.1.1' });
  expect(owner.statusCode).toBe(200);
}, 120_000);

it('checks at most twenty passwords when fifty guesses from fifty addresses arrive at the same instant', async () => {
  await createMember(context.pool, context.merchantId, { username: 'victim02', password: 'Correct42' });
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      loginRequest(context.app, { username: 'victim02', password: `guess-${index}` }, { remoteAddress: `10.9.0.${index + 1}` }),
    ),
  );
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(0);
  expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(ACCOUNT_WIDE);
  const throttle = await context.pool.query<{ failures: number; locked_until: Date }>(
    "SELECT failures, locked_until FROM auth_throttle WHERE scope = 'login.account' AND subject = 'victim02'",
  );
  expect(throttle.rows[0].locked_until.getTime()).toBe(clock.nowMs + 5 * MINUTE);
}, 60_000);

it('lets the owner in while a stranger guesses from one address, however often', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'victim03', password: 'Correct42' });
  const captchas = await Promise.all(Array.from({ length: 20 }, () => knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs)));
  const statuses = await inFlight(
    Array.from({ length: 200 }, (_, index) => async () => {
      const response = await loginRequest(
        context.app,
        { username: 'victim03', password: `guess-${index}`, captcha: 'KM4P', captchaId: captchas[index % captchas.length] },
        { remoteAddress: '10.66.0.1' },
      );
      return response.statusCode;
    }),
    20,
  );
  expect(statuses.filter((status) => status === 200)).toHaveLength(0);
  expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(PER_ADDRESS);

  // The stranger's address is locked for this account...
  const strangerCaptcha = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
  const fromStranger = await loginRequest(context.app, { username: 'victim03', password: 'Correct42', captcha: 'KM4P', captchaId: strangerCaptcha }, { remoteAddress: '10.66.0.1' });
  expect(fromStranger.statusCode).toBe(429);
  // ...the account is not: its owner, elsewhere, answers the captcha the failures ask for and gets in.
  const ownerCaptcha = await knownCaptcha(context.pool, context.merchantId, 'RT7W', clock.nowMs);
  const owner = await loginRequest(context.app, { username: 'victim03', password: 'Correct42', captcha: 'RT7W', captchaId: ownerCaptcha }, { remoteAddress: '172.16.2.1' });
  expect(owner.statusCode).toBe(200);
  const sessions = await context.pool.query('SELECT 1 FROM member_session WHERE member_id = $1', [memberId]);
  expect(sessions.rowCount).toBe(1);
}, 60_000);

it('locks the account for everyone once strangers from enough addresses reach the account-wide limit', async () => {
  await createMember(context.pool, context.merchantId, { username: 'victim04', password: 'Correct42' });
  const addresses = Array.from({ length: ACCOUNT_WIDE / PER_ADDRESS }, (_, index) => `10.77.0.${index + 1}`);
  /** Every address fails until its own pair is locked: PER_ADDRESS guesses checked, then refusals. */
  async function strangerAt(address: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < PER_ADDRESS + 2; attempt++) {
      const captchaId = await knownCaptcha(context.pool, context.merchantId, 'KM4P', clock.nowMs);
      const response = await loginRequest(context.app, { username: 'victim04', password: `guess-${attempt}`, captcha: 'KM4P', captchaId }, { remoteAddress: address });
      statuses.push(response.statusCode);
    }
    return statuses;
  }
  const ownerLogin = async (address: string) => {
    const captchaId = await knownCaptcha(context.pool, context.merchantId, 'RT7W', clock.nowMs);
    // The owner's browser answers the bot check too (demanded once the account was locked).
    const botCheck = await solvedBotCheck(context.app, address);
    return loginRequest(context.app, { username: 'victim04', password: 'Correct42', captcha: 'RT7W', captchaId, botCheck }, { remoteAddress: address });
  };

  // One address short of the limit: the owner still gets in (and forgets only their own failures).
  for (const address of addresses.slice(0, -1)) expect(await strangerAt(address)).toEqual([400, 400, 400, 400, 400, 429, 429]);
  expect((await ownerLogin('172.16.3.1')).statusCode).toBe(200);
  // The last address brings the account's count to the limit: locked for everyone, owner included.
  expect((await strangerAt(addresses[addresses.length - 1])).slice(0, PER_ADDRESS)).toEqual([400, 400, 400, 400, 400]);
  const locked = await ownerLogin('172.16.3.2');
  expect(locked.statusCode).toBe(429);
  expect(json<Envelope<unknown>>(locked).errorCode).toBe('TOO_MANY_REQUESTS');
  clock.advance(5 * MINUTE);
  expect((await ownerLogin('172.16.3.3')).statusCode).toBe(200);
}, 60_000);
