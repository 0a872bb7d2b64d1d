import type { Envelope, TurnoverInfo, Withdrawal, WithdrawCharges, WithdrawSettings } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { holdWithdrawal, payWithdrawal, rejectWithdrawal } from './withdrawal.service';
import {
  bet,
  bindCard,
  credit,
  deposit,
  LOGIN_PASSWORD,
  get,
  houseBalanceMinor,
  ledgerSumMinor,
  mainBalanceMinor,
  memberWithSession,
  newKey,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  setWithdrawSettings,
  tronAddress,
  valueOf,
} from './withdrawal.testing';

// The withdraw call through HTTP, on a real PostgreSQL: the rules in their order, the money it
// holds (one ledger transaction, member → house_withdrawal_hold), the idempotency key, and the
// races: many requests of one member at once against the daily count and the balance.

const clock = new TestClock();
let context: TestContext;
let memberCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

afterEach(async () => {
  await setWithdrawSettings(context.pool, context.merchantId, {});
});

/** A member with a payment password, a bound bank card and `balanceMinor` on the main wallet. */
async function readyMember(balanceMinor: number, cardType: 'BC' | 'EW' | 'VM' = 'BC') {
  const session = await memberWithSession(context, `wd${String(++memberCounter).padStart(3, '0')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  const cardId = await bindCard(context.app, session.token, {
    cardType,
    bankCode: { BC: 'DBBL', EW: 'BKASH', VM: 'USDT_TRC20' }[cardType],
    cardNumber: cardType === 'VM' ? tronAddress() : undefined,
  });
  if (balanceMinor > 0) await credit(context.pool, context.merchantId, session.memberId, balanceMinor, clock.nowMs);
  return { ...session, cardId };
}

const withdraw = (token: string, body: Record<string, unknown>, key: string | null = newKey(), language = 'EN') =>
  post(context.app, '/wps/relay/withdraw', token, { password: PAYMENT_PASSWORD, currentWithdrawType: 'BC', ...body }, { ...(key === null ? {} : { 'idempotency-key': key }), language });

const withdrawalCount = async (memberId: number) => Number((await context.pool.query('SELECT count(*) FROM withdrawal WHERE member_id = $1', [memberId])).rows[0].count);

describe('settings, turnover and charges', () => {
  it('answers the defaults, then what the merchant stored', async () => {
    const { token } = await readyMember(0);
    expect(valueOf<WithdrawSettings>(await get(context.app, '/wps/relay/getWithdrawSettings', token))).toEqual({
      minimumAmount: 500,
      maximumAmount: 50000,
      dailyMaxCount: 5,
      todayWithdrawCount: 0,
      charge: { percent: 0, fixed: 0, freePerDay: 0 },
      turnoverMultiplier: 1,
      normalBankWithdrawalSwitch: true,
      eWalletWithdrawalSwitch: true,
      virtualWalletWithdrawalSwitch: true,
      virtualCurrencyRate: 120,
      currency: 'BDT',
      currencySymbol: '৳',
    });
    await setWithdrawSettings(context.pool, context.merchantId, {
      minimumAmount: 100,
      maximumAmount: 2500.5,
      dailyMaxCount: 2,
      charge: { percent: 1.5, fixed: 5, freePerDay: 1 },
      turnoverMultiplier: 2,
      eWalletWithdrawalSwitch: false,
      // Malformed values fall back to their defaults.
      virtualCurrencyRate: 'lots',
      normalBankWithdrawalSwitch: 'yes',
    });
    expect(valueOf<WithdrawSettings>(await get(context.app, '/wps/relay/getWithdrawSettings', token))).toMatchObject({
      minimumAmount: 100,
      maximumAmount: 2500.5,
      dailyMaxCount: 2,
      charge: { percent: 1.5, fixed: 5, freePerDay: 1 },
      turnoverMultiplier: 2,
      normalBankWithdrawalSwitch: true,
      eWalletWithdrawalSwitch: false,
      virtualCurrencyRate: 120,
    });
  });

  it('previews the charge: free withdrawals first, then percent (rounded half up) plus fixed', async () => {
    const { token, cardId } = await readyMember(10_000_000);
    await setWithdrawSettings(context.pool, context.merchantId, { charge: { percent: 1.5, fixed: 5, freePerDay: 1 } });
    const charges = async (amount: string) => valueOf<WithdrawCharges>(await get(context.app, `/wps/relay/getCalculatedWithdrawCharges?withdrawAmount=${amount}&withdrawType=BC`, token));
    expect(await charges('1000')).toEqual({ withdrawAmount: 1000, charge: 0, receivedAmount: 1000, freeWithdrawalsLeft: 1 });
    valueOf(await withdraw(token, { amount: 1000, bankCardId: cardId }));
    // 1.5 % of 1,000.33 is 15.00495 → 15.00; plus 5.
    expect(await charges('1000.33')).toEqual({ withdrawAmount: 1000.33, charge: 20, receivedAmount: 980.33, freeWithdrawalsLeft: 0 });
    // 1.5 % of 1,000.50 is 15.0075 → 15.01; plus 5.
    expect(await charges('1000.5')).toEqual({ withdrawAmount: 1000.5, charge: 20.01, receivedAmount: 980.49, freeWithdrawalsLeft: 0 });
    for (const amount of ['0', '-5', '1.234', 'abc', '1e400']) {
      const response = await get(context.app, `/wps/relay/getCalculatedWithdrawCharges?withdrawAmount=${amount}&withdrawType=BC`, token);
      expect({ amount, status: response.statusCode }).toEqual({ amount, status: 400 });
    }
  });

  it('turnover: a running requirement (deposits × the multiplier) that counted stakes take off; paying a withdrawal clears nothing', async () => {
    const { token, memberId, cardId } = await readyMember(500_000);
    await setWithdrawSettings(context.pool, context.merchantId, { turnoverMultiplier: 1.5 });
    const turnover = async () => {
      const { requiredTurnover, actualTurnover, remainingTurnover, turnoverMultiplier } = valueOf<TurnoverInfo>(await get(context.app, '/wps/relay/getTurnoverInfo', token));
      return { requiredTurnover, actualTurnover, remainingTurnover, turnoverMultiplier };
    };
    expect(await turnover()).toEqual({ requiredTurnover: 0, actualTurnover: 0, remainingTurnover: 0, turnoverMultiplier: 1.5 });
    expect(valueOf<TurnoverInfo>(await get(context.app, '/wps/relay/getTurnoverInfo', token))).toMatchObject({
      requirementMultipliers: { deposit: 1.5, agentTransfer: 1, redEnvelope: 1, operatorCredit: 1 },
      productWeights: { lottery: 1, inhouse: 1, vendor: 1 },
    });
    await deposit(context.pool, context.merchantId, memberId, 200_000, clock.nowMs);
    await bet(context.pool, context.merchantId, memberId, 120_000, clock.nowMs);
    expect(await turnover()).toEqual({ requiredTurnover: 3000, actualTurnover: 1200, remainingTurnover: 1800, turnoverMultiplier: 1.5 });

    const refused = await withdraw(token, { amount: 600, bankCardId: cardId });
    expect(json<Envelope<unknown>>(refused)).toMatchObject({
      success: false,
      errorCode: 'withdraw_turnover_not_enough',
      value: { requiredTurnover: 3000, actualTurnover: 1200, remainingTurnover: 1800 },
      message: 'Turnover requirement not met: 1200.00 of the required 3000.00',
    });
    // Met: nothing remains, and the progress starts again from zero.
    await bet(context.pool, context.merchantId, memberId, 180_000, clock.nowMs);
    expect(await turnover()).toEqual({ requiredTurnover: 0, actualTurnover: 0, remainingTurnover: 0, turnoverMultiplier: 1.5 });
    const { withdrawId } = valueOf<Withdrawal>(await withdraw(token, { amount: 600, bankCardId: cardId }));
    await deposit(context.pool, context.merchantId, memberId, 100_000, clock.nowMs);
    expect((await turnover()).remainingTurnover).toBe(1500);
    // Paying the earlier withdrawal does not clear the later deposit's requirement.
    clock.advance(MINUTE);
    await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: withdrawId, operatorName: 'ops', nowMs: clock.nowMs });
    expect(await turnover()).toEqual({ requiredTurnover: 1500, actualTurnover: 0, remainingTurnover: 1500, turnoverMultiplier: 1.5 });
    await bet(context.pool, context.merchantId, memberId, 5_000, clock.nowMs);
    expect(await turnover()).toEqual({ requiredTurnover: 1500, actualTurnover: 50, remainingTurnover: 1450, turnoverMultiplier: 1.5 });
  });
});

describe('a withdrawal', () => {
  it('holds the amount at once in ONE ledger transaction and is pending', async () => {
    const { token, memberId, cardId } = await readyMember(250_000);
    const holdBefore = await houseBalanceMinor(context.pool, context.merchantId, 'house_withdrawal_hold');
    const response = await withdraw(token, { amount: 1234.56, bankCardId: cardId });
    const value = valueOf<Withdrawal>(response);
    expect(value).toEqual({
      withdrawId: expect.any(Number),
      orderNo: `W${value.withdrawId}`,
      withdrawType: 'BC',
      amount: 1234.56,
      charge: 0,
      receivedAmount: 1234.56,
      virtualAmount: null,
      bankName: 'Dutch-Bangla Bank',
      cardNumber: expect.stringMatching(/^\*\*\*\*\d{4}$/),
      status: 'pending',
      withdrawDate: clock.nowMs,
      remark: null,
    });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(250_000 - 123_456);
    expect(await houseBalanceMinor(context.pool, context.merchantId, 'house_withdrawal_hold')).toBe(holdBefore + 123_456);
    expect(json<Envelope<{ sumBalance: number }>>(await get(context.app, '/wps/v2/wallets/balance', token)).value.sumBalance).toBe(1265.44);

    const transactions = await context.pool.query<{ kind: string; order_no: string; idempotency_key: string; postings: string }>(
      `SELECT t.kind, t.order_no, t.idempotency_key, string_agg(p.amount_minor::text, ',' ORDER BY p.amount_minor) AS postings
         FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
        WHERE t.order_no = $1 GROUP BY t.id`,
      [value.orderNo],
    );
    expect(transactions.rows).toEqual([{ kind: 'withdraw_request', order_no: value.orderNo, idempotency_key: `withdraw_request:${value.withdrawId}`, postings: '-123456,123456' }]);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
    await assertLedgerReconciled(context.pool);
  });

  it('to a USDT wallet records the USDT it pays out', async () => {
    const { token, cardId } = await readyMember(1_000_000, 'VM');
    await setWithdrawSettings(context.pool, context.merchantId, { virtualCurrencyRate: 122.5 });
    const value = valueOf<Withdrawal>(await withdraw(token, { amount: 5000, bankCardId: cardId, currentWithdrawType: 'VM' }));
    // 5,000 / 122.5 = 40.8163… → 40.81
    expect(value).toMatchObject({ withdrawType: 'VM', bankName: 'USDT (TRC20)', virtualAmount: 40.81 });
  });

  it('checks in order: payment password, switch, card, min/max, daily count, turnover, balance; a refusal changes nothing', async () => {
    const { token, memberId, cardId, username } = await readyMember(100_000);
    const eWallet = await bindCard(context.app, token, { cardType: 'EW', bankCode: 'NAGAD', cardNumber: '01812345678' });
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 100, maximumAmount: 900, dailyMaxCount: 1, eWalletWithdrawalSwitch: false, turnoverMultiplier: 1 });
    let before = await mainBalanceMinor(context.pool, memberId);
    const expectRefused = async (body: Record<string, unknown>, status: number, errorCode: string, key: string | null = newKey()) => {
      expect({ body, ...outcome(await withdraw(token, body, key)) }).toEqual({ body, status, errorCode });
      expect(await mainBalanceMinor(context.pool, memberId)).toBe(before);
    };

    // Wrong password before anything else, even with every other rule broken.
    await expectRefused({ amount: 99_999, bankCardId: eWallet, currentWithdrawType: 'EW', password: '000000' }, 400, 'invalid.payment.pw');
    // Then the switch (before the amount and the card).
    await expectRefused({ amount: 99_999, bankCardId: 987_654, currentWithdrawType: 'EW' }, 400, 'withdraw_not_supported');
    // Then the card: another member's, unknown, or not of the type asked.
    const stranger = await readyMember(0);
    await expectRefused({ amount: 99_999, bankCardId: stranger.cardId }, 400, 'withdraw.card.not.found');
    await expectRefused({ amount: 99_999, bankCardId: eWallet }, 400, 'withdraw.card.not.found');
    // Then min and max.
    await expectRefused({ amount: 99.99, bankCardId: cardId }, 400, 'withdraw.amount.too.small');
    const tooLarge = await withdraw(token, { amount: 900.01, bankCardId: cardId });
    expect(json<Envelope<unknown>>(tooLarge)).toMatchObject({ errorCode: 'withdraw.amount.too.large', message: 'The maximum withdrawal amount is 900.00' });
    // Then the turnover: a deposit of one minor unit asks for one of bets.
    await deposit(context.pool, context.merchantId, memberId, 1, clock.nowMs);
    before += 1;
    await expectRefused({ amount: 500, bankCardId: cardId }, 400, 'withdraw_turnover_not_enough');
    await bet(context.pool, context.merchantId, memberId, 1, clock.nowMs);
    before -= 1;
    // Then the balance.
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 100, maximumAmount: 5000, dailyMaxCount: 1 });
    await expectRefused({ amount: 1000.01, bankCardId: cardId }, 400, 'withdraw.insufficient.balance');
    // Malformed amounts and a missing key: refused at the door.
    await expectRefused({ amount: 1.234, bankCardId: cardId }, 400, 'wallet.amount.invalid');
    await expectRefused({ amount: 0, bankCardId: cardId }, 400, 'wallet.amount.invalid');
    await expectRefused({ amount: 500, bankCardId: cardId }, 400, 'wallet.idempotency.key.required', null);
    expect(await withdrawalCount(memberId)).toBe(0);

    // One goes through; the daily count then refuses the next (min/max first, the balance after).
    valueOf(await withdraw(token, { amount: 500, bankCardId: cardId }));
    const afterFirst = await mainBalanceMinor(context.pool, memberId);
    const daily = await withdraw(token, { amount: 999_999, bankCardId: cardId }, newKey(), 'CN');
    expect(json<Envelope<unknown>>(daily)).toMatchObject({ errorCode: 'withdraw.amount.too.large' });
    const dailyRefused = await withdraw(token, { amount: 600, bankCardId: cardId }, newKey(), 'CN');
    expect(json<Envelope<unknown>>(dailyRefused)).toMatchObject({ errorCode: 'withdraw.daily.limit', message: '今日提款次数已达上限（1 次）' });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(afterFirst);
    // The merchant's day (UTC+6 by default) ends at 18:00 UTC: the count starts again.
    clock.advance(8 * 60 * MINUTE);
    const freshToken = await tokenFor(context.app, username, LOGIN_PASSWORD);
    valueOf(await withdraw(freshToken, { amount: 100, bankCardId: cardId }));
    expect(await withdrawalCount(memberId)).toBe(2);
    await assertLedgerReconciled(context.pool);
  });

  it('the charge must stay below the amount', async () => {
    const { token, cardId } = await readyMember(100_000);
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 1, charge: { fixed: 20 } });
    expect(json<Envelope<unknown>>(await withdraw(token, { amount: 20, bankCardId: cardId }))).toMatchObject({ errorCode: 'withdraw.amount.too.small', message: 'The minimum withdrawal amount is 20.01' });
    expect(valueOf<Withdrawal>(await withdraw(token, { amount: 20.01, bankCardId: cardId }))).toMatchObject({ charge: 20, receivedAmount: 0.01 });
  });
});

describe('the Idempotency-Key', () => {
  it('same key, same payload: the same withdrawal, money moved once; another payload: 409', async () => {
    const { token, memberId, cardId } = await readyMember(300_000);
    const key = newKey();
    const first = valueOf<Withdrawal>(await withdraw(token, { amount: 1000, bankCardId: cardId }, key));
    const again = valueOf<Withdrawal>(await withdraw(token, { amount: 1000, bankCardId: cardId }, key));
    expect(again).toEqual(first);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(200_000);
    expect(outcome(await withdraw(token, { amount: 1000.01, bankCardId: cardId }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    const otherCard = await bindCard(context.app, token);
    expect(outcome(await withdraw(token, { amount: 1000, bankCardId: otherCard }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    // Even once it is paid, a replay answers it (paid) and moves nothing.
    await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: first.withdrawId, operatorName: 'ops', nowMs: clock.nowMs });
    expect(valueOf<Withdrawal>(await withdraw(token, { amount: 1000, bankCardId: cardId }, key))).toMatchObject({ withdrawId: first.withdrawId, status: 'paid' });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(200_000);
    // Keys belong to their member: another member's same key is their own withdrawal.
    const other = await readyMember(300_000);
    expect(valueOf<Withdrawal>(await withdraw(other.token, { amount: 1000, bankCardId: other.cardId }, key)).withdrawId).not.toBe(first.withdrawId);
    expect(await withdrawalCount(memberId)).toBe(1);
  });

  it('the same key sent many times at once: one withdrawal', async () => {
    const { token, memberId, cardId } = await readyMember(300_000);
    const key = newKey();
    // Five through HTTP (the payment password's lock lets five tries through at once) …
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(token, { amount: 700, bankCardId: cardId }, key)));
    const ids = new Set(answers.map((answer) => valueOf<Withdrawal>(answer).withdrawId));
    expect(ids.size).toBe(1);
    // … and thirty past the password at once.
    const results = await Promise.all(
      Array.from({ length: 30 }, () => holdWithdrawal(context.pool, { merchantId: context.merchantId, memberId, amountMinor: 70_000, cardId, withdrawType: 'BC', idempotencyKey: key, nowMs: clock.nowMs })),
    );
    expect(new Set(results.map((result) => result.withdrawal.id))).toEqual(ids);
    expect(results.every((result) => result.replayed)).toBe(true);
    expect(await withdrawalCount(memberId)).toBe(1);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(230_000);
  });
});

describe('one member, many requests at once', () => {
  it('daily count 3: ten withdraw calls at once, exactly three accepted', async () => {
    const { token, memberId, cardId } = await readyMember(1_000_000);
    await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 3 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(token, { amount: 500, bankCardId: cardId })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    // The others: the daily count, or (beyond the five tries at once the payment password's lock
    // lets through) told to wait.
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(['withdraw.daily.limit', 'TOO_MANY_REQUESTS']).toContain(outcome(answer).errorCode);
    }
    expect(await withdrawalCount(memberId)).toBe(3);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(1_000_000 - 3 * 50_000);
  });

  it('daily count 3: forty at once past the password, exactly three accepted', async () => {
    const { memberId, cardId } = await readyMember(10_000_000);
    await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 3 });
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        holdWithdrawal(context.pool, { merchantId: context.merchantId, memberId, amountMinor: 50_000, cardId, withdrawType: 'BC', idempotencyKey: newKey(), nowMs: clock.nowMs }).then(
          () => 'accepted',
          (error: { errorCode?: string }) => error.errorCode,
        ),
      ),
    );
    expect(results.filter((result) => result === 'accepted')).toHaveLength(3);
    expect(results.filter((result) => result !== 'accepted').every((result) => result === 'withdraw.daily.limit')).toBe(true);
    expect(await withdrawalCount(memberId)).toBe(3);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(10_000_000 - 150_000);
  });

  it('more than the balance at once: never below zero, what was accepted is exactly what left', async () => {
    const { token, memberId, cardId } = await readyMember(1_000_000);
    await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 1000 });
    // Through HTTP: five of 3,000 against 10,000.
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdraw(token, { amount: 3000, bankCardId: cardId })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) expect(outcome(answer)).toEqual({ status: 400, errorCode: 'withdraw.insufficient.balance' });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(100_000);

    // Past the password: fifty of 700 to 1,300 against what is left (1,000).
    await credit(context.pool, context.merchantId, memberId, 2_000_000, clock.nowMs);
    const amounts = Array.from({ length: 50 }, (_, index) => 70_000 + ((index * 7919) % 60_001));
    const results = await Promise.all(
      amounts.map((amountMinor) =>
        holdWithdrawal(context.pool, { merchantId: context.merchantId, memberId, amountMinor, cardId, withdrawType: 'BC', idempotencyKey: newKey(), nowMs: clock.nowMs }).then(
          () => amountMinor,
          (error: { errorCode?: string }) => error.errorCode,
        ),
      ),
    );
    const accepted = results.filter((result): result is number => typeof result === 'number');
    const refused = amounts.filter((_, index) => typeof results[index] !== 'number');
    expect(results.filter((result) => typeof result !== 'number').every((result) => result === 'withdraw.insufficient.balance')).toBe(true);
    expect(refused.length).toBeGreaterThan(0);
    const left = await mainBalanceMinor(context.pool, memberId);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(2_100_000 - accepted.reduce((sum, amount) => sum + amount, 0));
    // Each refused one was refused for want of money: what is left is below every refused amount.
    expect(left).toBeLessThan(Math.min(...refused));
    const held = await context.pool.query<{ sum: string }>("SELECT coalesce(sum(amount_minor), 0) AS sum FROM withdrawal WHERE member_id = $1 AND status = 'pending'", [memberId]);
    expect(Number(held.rows[0].sum)).toBe(3 * 300_000 + accepted.reduce((sum, amount) => sum + amount, 0));
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
    await assertLedgerReconciled(context.pool);
  });
});

describe('refused callers', () => {
  it('a guest, no session, no payment password', async () => {
    const anonymous = await context.app.inject({ method: 'POST', url: '/wps/relay/withdraw', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const bare = await memberWithSession(context, 'wdbare', clock.nowMs);
    await credit(context.pool, context.merchantId, bare.memberId, 100_000, clock.nowMs);
    expect(outcome(await withdraw(bare.token, { amount: 600, bankCardId: 1 }))).toEqual({ status: 400, errorCode: 'not.exists.payment.password' });
  });

  it('a rejected withdrawal gives everything back, and the same key then still answers it', async () => {
    const { token, memberId, cardId } = await readyMember(100_000);
    await setWithdrawSettings(context.pool, context.merchantId, { charge: { percent: 10 } });
    const key = newKey();
    const value = valueOf<Withdrawal>(await withdraw(token, { amount: 1000, bankCardId: cardId }, key));
    expect(value.charge).toBe(100);
    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: value.withdrawId, operatorName: 'ops', reason: 'Bank account closed', nowMs: clock.nowMs });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(100_000);
    expect(valueOf<Withdrawal>(await withdraw(token, { amount: 1000, bankCardId: cardId }, key))).toMatchObject({ status: 'rejected', remark: 'Bank account closed' });
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(100_000);
  });
});
