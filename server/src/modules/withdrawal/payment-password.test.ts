import type { Envelope, WithdrawAccountInfo } from '@platform/contract';
import { PAYMENT_PASSWORD_LOCK_MINUTES, PAYMENT_PASSWORD_MAX_FAILURES } from '@platform/contract';
import { inFlight } from '../../testing/in-flight';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { MINUTE, TestClock } from '../member/member.testing';
import { verifyPaymentPassword } from './payment-password';
import { get, LOGIN_PASSWORD, memberWithSession, outcome, PAYMENT_PASSWORD, post, setPaymentPasswordOf, valueOf } from './withdrawal.testing';

// The payment password through HTTP (set, check, change, reset), and the attack it must hold
// against: a stolen session guessing the six digits, many guesses at once.

const clock = new TestClock();
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

const check = (token: string, password: string) => post(context.app, '/wps/relay/checkWithdrawPassword', token, { password });
const hasPaymentPassword = async (token: string) => valueOf<WithdrawAccountInfo>(await get(context.app, '/wps/relay/MCSFE_getWithdrawAccountInfo', token)).hasPaymentPassword;

describe('setting, checking, changing and resetting', () => {
  it('sets the first one only, six digits typed twice the same', async () => {
    const { token } = await memberWithSession(context, 'paypw01', clock.nowMs);
    expect(await hasPaymentPassword(token)).toBe(false);
    expect(outcome(await check(token, '123456'))).toEqual({ status: 400, errorCode: 'not.exists.payment.password' });

    const set = (paymentPassword: string, confirmPaymentPassword: string) =>
      post(context.app, '/wps/relay/setWithdrawPassword', token, { paymentPassword, confirmPaymentPassword });
    expect(outcome(await set('123456', '123457'))).toEqual({ status: 400, errorCode: 'inconsistent.twice' });
    for (const malformed of ['12345', '1234567', 'abcdef', '12345a', ' 123456', '１２３４５６']) {
      expect({ malformed, ...outcome(await set(malformed, malformed)) }).toEqual({ malformed, status: 400, errorCode: 'request.param.err' });
    }
    expect(await hasPaymentPassword(token)).toBe(false);

    expect((await set('123456', '123456')).statusCode).toBe(200);
    expect(await hasPaymentPassword(token)).toBe(true);
    expect(outcome(await set('654321', '654321'))).toEqual({ status: 400, errorCode: 'exists.payment.password' });
    // The first one stays.
    expect((await check(token, '123456')).statusCode).toBe(200);
    const wrong = await check(token, '654321');
    expect(json<Envelope<unknown>>(wrong)).toMatchObject({ success: false, errorCode: 'invalid.payment.pw', value: { remainingAttempts: PAYMENT_PASSWORD_MAX_FAILURES - 1 } });

    // Stored as an argon2id hash, never as the digits.
    const stored = await context.pool.query<{ payment_password_hash: string }>("SELECT payment_password_hash FROM member WHERE username = 'paypw01'");
    expect(stored.rows[0].payment_password_hash).toMatch(/^\$argon2id\$/);
  });

  it('two first settings at once: one wins, the other is told one exists', async () => {
    const { token } = await memberWithSession(context, 'paypw02', clock.nowMs);
    const answers = await Promise.all(
      ['111111', '222222', '333333', '444444'].map((password) =>
        post(context.app, '/wps/relay/setWithdrawPassword', token, { paymentPassword: password, confirmPaymentPassword: password }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) expect(outcome(answer)).toEqual({ status: 400, errorCode: 'exists.payment.password' });
  });

  it('changes it with the current one', async () => {
    const { token } = await memberWithSession(context, 'paypw03', clock.nowMs);
    await setPaymentPasswordOf(context.app, token);
    const change = (oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
      post(context.app, '/wps/relay/changeWithdrawPassword', token, { oldPassword, newPassword, confirmNewPassword });
    expect(outcome(await change('000000', '246802'))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    expect(outcome(await change(PAYMENT_PASSWORD, '246802', '246803'))).toEqual({ status: 400, errorCode: 'inconsistent.twice' });
    expect(outcome(await change(PAYMENT_PASSWORD, PAYMENT_PASSWORD))).toEqual({ status: 400, errorCode: 'password.same.as.old' });
    expect((await change(PAYMENT_PASSWORD, '246802')).statusCode).toBe(200);
    expect(outcome(await check(token, PAYMENT_PASSWORD))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    expect((await check(token, '246802')).statusCode).toBe(200);
  });

  it('resets a forgotten one with the login password, which also lifts the lock', async () => {
    const { token } = await memberWithSession(context, 'paypw04', clock.nowMs);
    await setPaymentPasswordOf(context.app, token);
    for (let index = 0; index < PAYMENT_PASSWORD_MAX_FAILURES; index++) await check(token, `90000${index}`);
    expect(outcome(await check(token, PAYMENT_PASSWORD))).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });

    const reset = (loginPassword: string, newPassword: string) =>
      post(context.app, '/wps/relay/resetPaymentPassword', token, { loginPassword, newPassword, confirmNewPassword: newPassword });
    expect(outcome(await reset('not-my-login-password', '112233'))).toEqual({ status: 400, errorCode: 'current.password.err' });
    expect(outcome(await check(token, '112233'))).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect((await reset(LOGIN_PASSWORD, '112233')).statusCode).toBe(200);
    expect((await check(token, '112233')).statusCode).toBe(200);
    expect(outcome(await check(token, PAYMENT_PASSWORD))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
  });

  it('reset also sets a first one', async () => {
    const { token } = await memberWithSession(context, 'paypw05', clock.nowMs);
    const response = await post(context.app, '/wps/relay/resetPaymentPassword', token, { loginPassword: LOGIN_PASSWORD, newPassword: '778899', confirmNewPassword: '778899' });
    expect(response.statusCode).toBe(200);
    expect((await check(token, '778899')).statusCode).toBe(200);
  });

  it('is refused without a session', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getWithdrawAccountInfo' });
    expect(response.statusCode).toBe(401);
  });
});

describe('a stolen session guessing the payment password', () => {
  it('checks at most five guesses of forty sent at once, locks, refuses the right one while locked, and opens after the lock', async () => {
    const { token } = await memberWithSession(context, 'paypw10', clock.nowMs);
    await setPaymentPasswordOf(context.app, token);
    const guesses = Array.from({ length: 40 }, (_, index) => String(100_000 + index * 7919));
    const answers = await inFlight(
      guesses.map((guess) => async () => outcome(await check(token, guess))),
      20,
    );
    expect(answers.filter((answer) => answer.status === 200)).toEqual([]);
    const checked = answers.filter((answer) => answer.errorCode === 'invalid.payment.pw').length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(PAYMENT_PASSWORD_MAX_FAILURES);
    expect(answers.filter((answer) => answer.status === 429 && answer.errorCode === 'TOO_MANY_REQUESTS')).toHaveLength(40 - checked);

    // The right password, several times at once, through every call that takes it: refused.
    const right = await Promise.all([
      check(token, PAYMENT_PASSWORD),
      check(token, PAYMENT_PASSWORD),
      post(context.app, '/wps/relay/withdrawAddCard', token, { payeeName: 'Karim Ali', bankCode: 'DBBL', cardNumber: '123456789012', cardType: 'BC', paymentPassword: PAYMENT_PASSWORD }),
      post(context.app, '/wps/relay/changeWithdrawPassword', token, { oldPassword: PAYMENT_PASSWORD, newPassword: '999999', confirmNewPassword: '999999' }),
    ]);
    for (const answer of right) expect(outcome(answer)).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect(json<Envelope<{ lockedUntil: number }>>(right[0]).value.lockedUntil).toBe(clock.nowMs + PAYMENT_PASSWORD_LOCK_MINUTES * MINUTE);

    clock.advance(PAYMENT_PASSWORD_LOCK_MINUTES * MINUTE - 1000);
    expect(outcome(await check(token, PAYMENT_PASSWORD))).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    clock.advance(1000);
    expect((await check(token, PAYMENT_PASSWORD)).statusCode).toBe(200);
    // A right one clears the count: five more wrong ones are needed to lock it again.
    expect(json<Envelope<unknown>>(await check(token, '000001')).value).toEqual({ remainingAttempts: PAYMENT_PASSWORD_MAX_FAILURES - 1 });
  }, 60_000);

  it('one lock whatever the call: wrong guesses through card binding count with the checks', async () => {
    const { token } = await memberWithSession(context, 'paypw11', clock.nowMs);
    await setPaymentPasswordOf(context.app, token);
    for (let index = 0; index < PAYMENT_PASSWORD_MAX_FAILURES - 1; index++) {
      const answer = await post(context.app, '/wps/relay/withdrawAddCard', token, {
        payeeName: 'Karim Ali',
        bankCode: 'DBBL',
        cardNumber: '123456789012',
        cardType: 'BC',
        paymentPassword: `00000${index}`,
      });
      expect(outcome(answer)).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    }
    expect(outcome(await check(token, '000009'))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    expect(outcome(await check(token, PAYMENT_PASSWORD))).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    // Another member is not affected.
    const other = await memberWithSession(context, 'paypw12', clock.nowMs);
    await setPaymentPasswordOf(context.app, other.token);
    expect((await check(other.token, PAYMENT_PASSWORD)).statusCode).toBe(200);
  });

  it('verifyPaymentPassword (for other modules) holds the same lock under 100 concurrent guesses', async () => {
    const { memberId, token } = await memberWithSession(context, 'paypw13', clock.nowMs);
    await setPaymentPasswordOf(context.app, token);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        verifyPaymentPassword(context.pool, context.merchantId, memberId, String(200_000 + index), clock.nowMs).then(
          () => 'right',
          (error: { errorCode?: string }) => error.errorCode,
        ),
      ),
    );
    expect(results.filter((result) => result === 'right')).toEqual([]);
    expect(results.filter((result) => result === 'invalid.payment.pw').length).toBeLessThanOrEqual(PAYMENT_PASSWORD_MAX_FAILURES);
    expect(results.filter((result) => result !== 'invalid.payment.pw').every((result) => result === 'TOO_MANY_REQUESTS')).toBe(true);
    await expect(verifyPaymentPassword(context.pool, context.merchantId, memberId, PAYMENT_PASSWORD, clock.nowMs)).rejects.toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    // A member with none set: nothing to guess, nothing counted.
    const bare = await memberWithSession(context, 'paypw14', clock.nowMs);
    await expect(verifyPaymentPassword(context.pool, context.merchantId, bare.memberId, '123456', clock.nowMs)).rejects.toMatchObject({ errorCode: 'not.exists.payment.password' });
  });
});
