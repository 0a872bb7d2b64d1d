import { createTestApp, type TestContext } from '../../testing/test-app';
import { clearFailures, forgiveAttempt, lockedUntil, reserveAttempts, type ThrottleKey, type ThrottleRule } from './rate-limit.service';

// The lockout counter itself, straight against PostgreSQL.

let context: TestContext;
const rule: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 5 * 60_000 };
const T0 = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

const reserve = (key: ThrottleKey, nowMs = T0, keyRule = rule) => reserveAttempts(context.pool, context.merchantId, [{ key, rule: keyRule }], nowMs);

it('allows max attempts, locks with the last of them, and reports prior failures', async () => {
  const key = { scope: 'test.unit', subject: 'a' };
  const results = [];
  for (let i = 0; i < 7; i++) results.push(await reserve(key));
  expect(results.map((result) => result.allowed)).toEqual([true, true, true, true, true, false, false]);
  expect(results.slice(0, 5).map((result) => result.priorFailures)).toEqual([0, 1, 2, 3, 4]);
  expect(results[5].lockedUntilMs).toBe(T0 + rule.lockMs);
  expect(await lockedUntil(context.pool, context.merchantId, key, T0 + rule.lockMs - 1)).toBe(T0 + rule.lockMs);
  expect(await lockedUntil(context.pool, context.merchantId, key, T0 + rule.lockMs)).toBeNull();
  // At the end of the lock a new run starts.
  expect(await reserve(key, T0 + rule.lockMs)).toEqual({ allowed: true, lockedUntilMs: null, priorFailures: 0 });
});

it('never lets more than max through when 200 attempts race', async () => {
  const key = { scope: 'test.unit', subject: 'race' };
  const results = await Promise.all(Array.from({ length: 200 }, () => reserve(key)));
  expect(results.filter((result) => result.allowed)).toHaveLength(5);
});

it('takes an attempt back with forgiveAttempt, and forgets everything with clearFailures', async () => {
  const key = { scope: 'test.unit', subject: 'forgive' };
  for (let i = 0; i < 4; i++) await reserve(key);
  await forgiveAttempt(context.pool, context.merchantId, key, rule);
  expect((await reserve(key)).priorFailures).toBe(3);
  // This fifth count locks; taking it back unlocks.
  expect((await reserve(key)).allowed).toBe(true);
  expect(await lockedUntil(context.pool, context.merchantId, key, T0)).toBe(T0 + rule.lockMs);
  await forgiveAttempt(context.pool, context.merchantId, key, rule);
  expect(await lockedUntil(context.pool, context.merchantId, key, T0)).toBeNull();
  await clearFailures(context.pool, context.merchantId, key);
  expect((await reserve(key)).priorFailures).toBe(0);
});

it('stops at the first locked key without counting the rest', async () => {
  const ip = { scope: 'test.ip', subject: '192.0.2.1' };
  const account = { scope: 'test.account', subject: 'someone' };
  const oneShot = { ...rule, maxFailures: 1 };
  expect((await reserveAttempts(context.pool, context.merchantId, [{ key: ip, rule: oneShot }], T0)).allowed).toBe(true);
  const refused = await reserveAttempts(context.pool, context.merchantId, [{ key: ip, rule: oneShot }, { key: account, rule }], T0);
  expect(refused.allowed).toBe(false);
  expect((await reserve(account)).priorFailures).toBe(0);
});

it('forgets failures older than the window', async () => {
  const key = { scope: 'test.unit', subject: 'window' };
  for (let i = 0; i < 4; i++) await reserve(key);
  expect((await reserve(key, T0 + rule.windowMs)).priorFailures).toBe(0);
});
