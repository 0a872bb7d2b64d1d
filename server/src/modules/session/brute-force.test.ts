import type { Envelope } from '@platform/shared/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { createMember, knownCaptcha, loginRequest, MINUTE, TestClock } from '../member/member.testing';

// A password-guessing attack: 1,000 wrong passwords against one account, 50 requests in flight
// at a time, from 250 client addresses (each under the per-IP limit, so only the per-account
// lockout can stop it). It must lock the account, let no guess through, check at most five
// passwords (the rest are refused before hashing), and refuse the right password while locked.

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

/** Runs `tasks` with at most `limit` in flight. */
async function inFlight<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]();
      }
    }),
  );
  return results;
}

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
  expect(checked).toBeLessThanOrEqual(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(1000 - checked);

  // The audit trail agrees: at most five attempts got past the lockout.
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

  // Five minutes later the owner gets in.
  clock.advance(5 * MINUTE);
  const owner = await loginRequest(context.app, { username: 'victim01', password: 'Correct42' }, { remoteAddress: '172.16.1.1' });
  expect(owner.statusCode).toBe(200);
}, 120_000);

it('checks at most five passwords when fifty guesses arrive at the same instant', async () => {
  await createMember(context.pool, context.merchantId, { username: 'victim02', password: 'Correct42' });
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, index) =>
      loginRequest(context.app, { username: 'victim02', password: `guess-${index}` }, { remoteAddress: `10.9.0.${index + 1}` }),
    ),
  );
  const statuses = responses.map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(0);
  expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
  const throttle = await context.pool.query<{ failures: number; locked_until: Date }>(
    "SELECT failures, locked_until FROM auth_throttle WHERE scope = 'login.account' AND subject = 'victim02'",
  );
  expect(throttle.rows[0].locked_until.getTime()).toBe(clock.nowMs + 5 * MINUTE);
}, 60_000);
