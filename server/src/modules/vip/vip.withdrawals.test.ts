import { randomBytes } from 'node:crypto';
import type { Envelope, MemberClubBenefit, PlayerRankRule, Withdrawal, WithdrawCharges, WithdrawSettings } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { holdWithdrawal } from '../withdrawal';
import {
  bindCard,
  credit,
  get,
  mainBalanceMinor,
  memberWithSession,
  newKey,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  setWithdrawSettings,
  valueOf,
  type TestMemberSession,
} from '../withdrawal/withdrawal.testing';
import { vipWithdrawalPerks } from './index';

// Faster withdrawals as a VIP level's benefit, tried the way a player would try to get more than
// its level gives, through the real routes on a real PostgreSQL: a member at a level gets exactly
// the level's extra withdrawals a day and extra free ones (the charges worked by hand), a member
// without a level gets the merchant's rules and nothing more, requests at once at the limit never
// pass the level's count, a member moved down loses the perks on its very next request (and moved
// up gets them at once), the operators' review queue lists priority withdrawals first, and the
// operator's ladder refuses figures out of range without changing anything.

const HOUR = 3_600_000;
const clock = new TestClock();
let context: TestContext;
let counter = 0;
const tokens: Record<'content' | 'risk' | 'cashier', string> = { content: '', risk: '', cashier: '' };

beforeAll(async () => {
  // Noon in Dhaka (the merchant's day is UTC+6): every withdrawal below falls on one merchant day.
  clock.nowMs = Date.UTC(2026, 10, 10, 12) - 6 * HOUR;
  context = await createTestApp({ clock: clock.now });
  for (const role of ['content', 'risk', 'cashier'] as const) {
    tokens[role] = (await operatorLogin(context, { username: `vipwd-${role}`, role, nowMs: clock.nowMs })).token;
  }
});

afterEach(async () => {
  await setWithdrawSettings(context.pool, context.merchantId, {});
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

interface Player extends TestMemberSession {
  cardId: number;
}

const ops = (method: 'GET' | 'PUT', url: string, role: keyof typeof tokens, body?: unknown) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${tokens[role]}` }, ...(body === undefined ? {} : { payload: body as object }) });
const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode });

interface OperatorLevel {
  level: number;
  withdrawDailyCountExtra: number;
  withdrawFreeExtra: number;
  withdrawPriority: boolean;
  upgradeBonus: number;
}
const ladder = async () => valueOf<{ list: OperatorLevel[] }>(await ops('GET', '/vip/levels', 'content')).list;
const setLevel = async (level: number, body: Record<string, unknown>) => valueOf<{ list: OperatorLevel[] }>(await ops('PUT', `/vip/levels/${level}`, 'content', body));
const setMemberLevel = async (who: Player, level: number) =>
  valueOf<{ level: number }>(await ops('PUT', `/vip/members/${who.username}/level`, 'risk', { level, note: 'withdrawal perks test' }));

/** A member with a payment password, a bound bank card and 100,000.00 on its main wallet. */
async function player(): Promise<Player> {
  const session = await memberWithSession(context, `vipwd${String(++counter).padStart(3, '0')}${randomBytes(2).toString('hex')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  const cardId = await bindCard(context.app, session.token);
  await credit(context.pool, context.merchantId, session.memberId, 100_000_00, clock.nowMs);
  return { ...session, cardId };
}

const withdraw = (who: Player, amount: number) =>
  post(context.app, '/wps/relay/withdraw', who.token, { password: PAYMENT_PASSWORD, currentWithdrawType: 'BC', amount, bankCardId: who.cardId }, { 'idempotency-key': newKey() });
const settingsOf = async (who: Player) => valueOf<WithdrawSettings>(await get(context.app, '/wps/relay/getWithdrawSettings', who.token));
const chargesOf = async (who: Player, amount: number) =>
  valueOf<WithdrawCharges>(await get(context.app, `/wps/relay/getCalculatedWithdrawCharges?withdrawAmount=${amount}&withdrawType=BC`, who.token));
/** The charges the member's withdrawals were given, in the order requested (major units). */
const chargesTaken = async (who: Player) =>
  (await context.pool.query<{ charge_minor: string }>('SELECT charge_minor FROM withdrawal WHERE member_id = $1 ORDER BY id', [who.memberId])).rows.map((row) => Number(row.charge_minor) / 100);
const withdrawalCount = async (who: Player) => Number((await context.pool.query('SELECT count(*) FROM withdrawal WHERE member_id = $1', [who.memberId])).rows[0].count);

// The merchant's rules in these tests: 2 withdrawals a day, the first free, then 1.5 % + 10.00.
// A withdrawal of 1,234.57 is charged 1,234.57 × 1.5 % = 18.51855 → 18.52 (half up) + 10.00 = 28.52.
const RULES = { minimumAmount: 100, maximumAmount: 50_000, dailyMaxCount: 2, charge: { percent: 1.5, fixed: 10, freePerDay: 1 } };
const AMOUNT = 1234.57;
const CHARGE = 28.52;

describe('the ladder', () => {
  it('comes seeded with perks on the higher levels, none on level 0; the operator sets them and reads them back', async () => {
    const seeded = await ladder();
    expect(seeded.map((level) => [level.level, level.withdrawDailyCountExtra, level.withdrawFreeExtra, level.withdrawPriority])).toEqual([
      [0, 0, 0, false], [1, 1, 1, false], [2, 2, 1, false], [3, 3, 2, true], [4, 5, 3, true], [5, 10, 5, true],
    ]);
    // Only the fields given change; the others (the upgrade bonus here) stay.
    const after = await setLevel(2, { withdrawDailyCountExtra: 3, withdrawFreeExtra: 2 });
    expect(after.list[2]).toMatchObject({ level: 2, withdrawDailyCountExtra: 3, withdrawFreeExtra: 2, withdrawPriority: false, upgradeBonus: seeded[2].upgradeBonus });
    expect((await setLevel(3, { withdrawPriority: true, withdrawDailyCountExtra: 0, withdrawFreeExtra: 0 })).list[3]).toMatchObject({
      withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: true,
    });
  });

  it('refuses a figure out of range, not a whole number, or a perk at level 0, in the envelope, changing nothing', async () => {
    const before = await ladder();
    const audited = async () => Number((await context.pool.query("SELECT count(*) FROM operator_action WHERE action = 'vip.level' AND outcome = 'ok'")).rows[0].count);
    const okBefore = await audited();
    for (const body of [
      { withdrawDailyCountExtra: -1 },
      { withdrawDailyCountExtra: 101 },
      { withdrawFreeExtra: 1.5 },
      { withdrawFreeExtra: 'plenty' },
      { withdrawPriority: 'maybe' },
      { withdrawDailyCountExtra: 4, withdrawFreeExtra: 1_000_000 },
    ]) {
      const answer = await ops('PUT', '/vip/levels/2', 'content', body);
      expect({ body, ...refusal(answer) }).toEqual({ body, status: 400, errorCode: 'request.param.err' });
      expect(json<Envelope<unknown>>(answer).message).toMatch(/withdraw(DailyCount|Free)Extra|withdrawPriority/);
    }
    // Level 0 is every member's: a perk there would be the merchant's setting in disguise.
    for (const body of [{ withdrawDailyCountExtra: 1 }, { withdrawFreeExtra: 1 }, { withdrawPriority: true }]) {
      const answer = await ops('PUT', '/vip/levels/0', 'content', body);
      expect(refusal(answer)).toEqual({ status: 400, errorCode: 'operator.vip.invalid' });
      expect(json<Envelope<unknown>>(answer).message).toContain('no withdrawal perks');
    }
    // And the database holds to it whoever writes.
    await expect(context.pool.query('UPDATE vip_level SET withdraw_priority = true WHERE merchant_id = $1 AND level = 0', [context.merchantId])).rejects.toThrow(/vip_level_entry_withdraw_perks/);
    await expect(context.pool.query('UPDATE vip_level SET withdraw_free_extra = 101 WHERE merchant_id = $1 AND level = 2', [context.merchantId])).rejects.toThrow(/check constraint/);
    expect(await ladder()).toEqual(before);
    expect(await audited()).toBe(okBefore);
  });

  it("tells the member its level's perks, and the rules page every level's", async () => {
    const who = await player();
    const plain = valueOf<MemberClubBenefit>(await get(context.app, '/wps/relay/MCSFE_getMemberClubBenefit', who.token));
    expect(plain.level.benefits).toMatchObject({ withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: false });
    await setMemberLevel(who, 2);
    const ranked = valueOf<MemberClubBenefit>(await get(context.app, '/wps/relay/MCSFE_getMemberClubBenefit', who.token));
    expect(ranked.level.benefits).toMatchObject({ withdrawDailyCountExtra: 3, withdrawFreeExtra: 2, withdrawPriority: false });
    const rules = valueOf<PlayerRankRule>(await get(context.app, '/wps/relay/MCSFE_getPlayerRankRule', who.token));
    expect(rules.list.map((level) => [level.rankLevel, level.benefits.withdrawDailyCountExtra, level.benefits.withdrawFreeExtra, level.benefits.withdrawPriority])).toEqual([
      [0, 0, 0, false], [1, 1, 1, false], [2, 3, 2, false], [3, 0, 0, true], [4, 5, 3, true], [5, 10, 5, true],
    ]);
  });
});

describe('a day of withdrawals', () => {
  it('a level 2 member: exactly 3 more a day and 2 more free; a member without a level: the merchant’s 2 and 1', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, RULES);
    const vip = await player();
    const plain = await player();
    await setMemberLevel(vip, 2);

    // What the withdraw page reads: the member's own count and free withdrawals.
    expect(await settingsOf(vip)).toMatchObject({ dailyMaxCount: 5, todayWithdrawCount: 0, charge: { percent: 1.5, fixed: 10, freePerDay: 3 } });
    expect(await settingsOf(plain)).toMatchObject({ dailyMaxCount: 2, todayWithdrawCount: 0, charge: { percent: 1.5, fixed: 10, freePerDay: 1 } });
    expect(await chargesOf(vip, AMOUNT)).toEqual({ withdrawAmount: AMOUNT, charge: 0, receivedAmount: AMOUNT, freeWithdrawalsLeft: 3 });
    expect(await chargesOf(plain, AMOUNT)).toEqual({ withdrawAmount: AMOUNT, charge: 0, receivedAmount: AMOUNT, freeWithdrawalsLeft: 1 });

    // The VIP member: three free, two charged 28.52, the sixth refused.
    const answers: Withdrawal[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(valueOf<Withdrawal>(await withdraw(vip, AMOUNT)));
      if (i === 2) expect(await chargesOf(vip, AMOUNT)).toEqual({ withdrawAmount: AMOUNT, charge: CHARGE, receivedAmount: 1206.05, freeWithdrawalsLeft: 0 });
    }
    expect(answers.map((answer) => [answer.charge, answer.receivedAmount])).toEqual([
      [0, AMOUNT], [0, AMOUNT], [0, AMOUNT], [CHARGE, 1206.05], [CHARGE, 1206.05],
    ]);
    const sixth = await withdraw(vip, AMOUNT);
    expect(outcome(sixth)).toEqual({ status: 400, errorCode: 'withdraw.daily.limit' });
    expect(json<Envelope<unknown>>(sixth).message).toBe("You have reached today's limit of 5 withdrawals");
    expect(await chargesTaken(vip)).toEqual([0, 0, 0, CHARGE, CHARGE]);
    expect(await settingsOf(vip)).toMatchObject({ dailyMaxCount: 5, todayWithdrawCount: 5 });

    // The member without a level: one free, one charged, the third refused.
    expect(valueOf<Withdrawal>(await withdraw(plain, AMOUNT)).charge).toBe(0);
    expect(await chargesOf(plain, AMOUNT)).toMatchObject({ charge: CHARGE, freeWithdrawalsLeft: 0 });
    expect(valueOf<Withdrawal>(await withdraw(plain, AMOUNT)).charge).toBe(CHARGE);
    const third = await withdraw(plain, AMOUNT);
    expect(outcome(third)).toEqual({ status: 400, errorCode: 'withdraw.daily.limit' });
    expect(json<Envelope<unknown>>(third).message).toBe("You have reached today's limit of 2 withdrawals");
    expect(await chargesTaken(plain)).toEqual([0, CHARGE]);
    // What left the wallets is exactly what was accepted.
    expect(await mainBalanceMinor(context.pool, vip.memberId)).toBe(100_000_00 - 5 * 1234_57);
    expect(await mainBalanceMinor(context.pool, plain.memberId)).toBe(100_000_00 - 2 * 1234_57);
  });

  it('a member moved down loses the perks on its very next request; moved up, it has them at once', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { ...RULES, dailyMaxCount: 3, charge: { percent: 1.5, fixed: 10, freePerDay: 0 } });
    const who = await player();
    await setMemberLevel(who, 2);
    // Level 2: 3 + 3 a day, the first 0 + 2 free.
    expect(valueOf<Withdrawal>(await withdraw(who, AMOUNT)).charge).toBe(0);
    expect(valueOf<Withdrawal>(await withdraw(who, AMOUNT)).charge).toBe(0);
    await setMemberLevel(who, 0);
    expect(await settingsOf(who)).toMatchObject({ dailyMaxCount: 3, todayWithdrawCount: 2, charge: { freePerDay: 0 } });
    expect(await chargesOf(who, AMOUNT)).toMatchObject({ charge: CHARGE, freeWithdrawalsLeft: 0 });
    // Level 2 would have left this one free; at level 0 it is charged, and the next is past the merchant's 3.
    expect(valueOf<Withdrawal>(await withdraw(who, AMOUNT)).charge).toBe(CHARGE);
    expect(outcome(await withdraw(who, AMOUNT))).toEqual({ status: 400, errorCode: 'withdraw.daily.limit' });
    // Back at level 2: three more a day again (the free ones were used today).
    await setMemberLevel(who, 2);
    expect(valueOf<Withdrawal>(await withdraw(who, AMOUNT)).charge).toBe(CHARGE);
    // A level's perks lowered by the operator apply at once as well.
    await setLevel(2, { withdrawDailyCountExtra: 1 });
    try {
      expect(outcome(await withdraw(who, AMOUNT))).toEqual({ status: 400, errorCode: 'withdraw.daily.limit' });
    } finally {
      await setLevel(2, { withdrawDailyCountExtra: 3 });
    }
    expect(await chargesTaken(who)).toEqual([0, 0, CHARGE, CHARGE]);
  });
});

describe('many requests at once', () => {
  it('ten withdraw calls at once from a level 2 member with one of the merchant’s a day: exactly 1 + 3 accepted, then none', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { ...RULES, dailyMaxCount: 1 });
    const who = await player();
    await setMemberLevel(who, 2);
    // At most five tries at once get past the payment password's lock: more than the four allowed.
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(who, 500)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(4);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect(['withdraw.daily.limit', 'TOO_MANY_REQUESTS']).toContain(outcome(answer).errorCode);
    }
    expect(await withdrawalCount(who)).toBe(4);
    // At the limit: another round at once gets nothing through.
    const again = await Promise.all(Array.from({ length: 4 }, () => withdraw(who, 500)));
    expect(again.filter((answer) => answer.statusCode === 200)).toHaveLength(0);
    expect(await withdrawalCount(who)).toBe(4);
    expect(await mainBalanceMinor(context.pool, who.memberId)).toBe(100_000_00 - 4 * 500_00);
  });

  it('forty at once past the password, with the perks hook the server uses: exactly the level’s count, the free ones exactly once each', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { ...RULES, dailyMaxCount: 2 });
    const who = await player();
    await setMemberLevel(who, 2);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        holdWithdrawal(
          context.pool,
          { merchantId: context.merchantId, memberId: who.memberId, amountMinor: 1234_57, cardId: who.cardId, withdrawType: 'BC', idempotencyKey: newKey(), nowMs: clock.nowMs },
          vipWithdrawalPerks,
        ).then(
          () => 'accepted',
          (error: { errorCode?: string }) => error.errorCode,
        ),
      ),
    );
    expect(results.filter((result) => result === 'accepted')).toHaveLength(5);
    expect(results.filter((result) => result !== 'accepted').every((result) => result === 'withdraw.daily.limit')).toBe(true);
    // 1 + 2 free, then charged: whichever request came first, the charges are those of the count.
    expect(await chargesTaken(who)).toEqual([0, 0, 0, CHARGE, CHARGE]);
    expect(await mainBalanceMinor(context.pool, who.memberId)).toBe(100_000_00 - 5 * 1234_57);
  });
});

describe("the operators' review queue", () => {
  it('lists pending withdrawals of priority levels first, then by time; the priority is the level’s when requested', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { ...RULES, dailyMaxCount: 10 });
    const [early, gold, late, platinum] = [await player(), await player(), await player(), await player()];
    await setMemberLevel(gold, 3);
    await setMemberLevel(platinum, 4);
    const numbers: Record<string, string> = {};
    const request = async (name: string, who: Player) => {
      clock.advance(60_000);
      numbers[name] = valueOf<Withdrawal>(await withdraw(who, 500)).orderNo;
    };
    await request('early', early);
    await request('gold', gold);
    await request('late', late);
    await request('platinum', platinum);
    // Moved down after asking: what waits keeps its place, the next request has none.
    await setMemberLevel(gold, 1);
    await request('gold again', gold);

    const ours = new Set(Object.values(numbers));
    const listed = async (query: string) =>
      valueOf<{ list: { number: string; priority: boolean }[] }>(await ops('GET', `/withdrawals${query}`, 'cashier')).list.filter((row) => ours.has(row.number));
    const name = (number: string) => Object.keys(numbers).find((key) => numbers[key] === number);
    const queue = await listed('?status=pending&limit=1000');
    expect(queue.map((row) => [name(row.number), row.priority])).toEqual([
      ['gold', true], ['platinum', true], ['early', false], ['late', false], ['gold again', false],
    ]);
    // Every status at once: the plain order of time.
    expect((await listed('?limit=1000')).map((row) => name(row.number))).toEqual(['early', 'gold', 'late', 'platinum', 'gold again']);
    // Once decided, a priority withdrawal leaves the queue like any other.
    valueOf(await context.app.inject({ method: 'POST', url: `/ops/v1/withdrawals/${numbers.gold}/pay`, headers: { authorization: `Bearer ${tokens.cashier}` } }));
    expect((await listed('?status=pending&limit=1000')).map((row) => name(row.number))).toEqual(['platinum', 'early', 'late', 'gold again']);
  });
});
