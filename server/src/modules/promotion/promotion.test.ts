import type { DepositMTResult, Envelope, PromotionClaimed, PromotionDetail, PromotionEntry, MemberTransactions } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { TestClock } from '../member/member.testing';
import { wageringStateOf } from '../wagering';
import { bet, bindCard, credit, memberWithSession, newKey, PAYMENT_PASSWORD, post, setPaymentPasswordOf, setWithdrawSettings } from '../withdrawal/withdrawal.testing';
import { bonusMinorOf, requirementMinorOf, type PromotionRules } from './promotion.rules';
import { takeBackUnwagered } from './promotion.take-back';

// Promotions against the ways a player games them, through the real routes on a real PostgreSQL:
// a bonus claimed twice at once pays once, a second account on the same phone, card, device or
// address gets no once-per-person bonus, a deposit made before joining or below the minimum earns
// nothing, a claim after its window pays nothing, and every bonus adds the wagering it asks for.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = new TestClock();
clock.nowMs = Date.UTC(2026, 5, 1, 12, 0, 0);
let context: TestContext;
let counter = 0;
let addressCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

/** A request from its own address and device unless told otherwise (a claim names both). */
interface From {
  address?: string;
  device?: string;
}
const freshFrom = (): Required<From> => {
  addressCounter++;
  return { address: `203.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`, device: `device-${String(addressCounter).padStart(12, '0')}` };
};
function request(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, from: From = freshFrom()): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method,
    url,
    remoteAddress: from.address,
    headers: { language: 'EN', ...(token ? { authorization: token } : {}), ...(from.device ? { 'device-id': from.device } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};

async function promotionId(key: 'welcome-bonus' | 'register-bonus' | 'reload-bonus' | 'promo-code'): Promise<number> {
  const titles = { 'welcome-bonus': 'Welcome Bonus%', 'register-bonus': 'Sign-up Bonus%', 'reload-bonus': 'Reload Bonus%', 'promo-code': 'Promo Code Gift%' };
  const result = await context.pool.query<{ id: number }>('SELECT id FROM promotion WHERE merchant_id = $1 AND title LIKE $2', [context.merchantId, titles[key]]);
  return result.rows[0].id;
}

const member = async (registeredAgoMs = 0) => memberWithSession(context, `promo${String(++counter).padStart(3, '0')}`, clock.nowMs - registeredAgoMs);
const list = async (token: string | null) => valueOf<{ list: PromotionEntry[] }>(await request('GET', '/wps/promotions', token)).list;
const entryOf = async (token: string | null, id: number) => (await list(token)).find((entry) => entry.id === id);
const claim = (token: string, id: number, from?: From) => request('POST', '/wps/promotions/claim', token, { promotionId: id }, from);
const join = (token: string, id: number) => request('POST', '/wps/promotions/join', token, { promotionId: id });
const promotionCredits = async (memberId: number) =>
  (
    await context.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.kind = 'promotion' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0].n;

/**
 * A deposit made through the cashier and approved by an operator: the real deposit row the rules
 * read. The channel asks 500.00 at least; the operator credits what arrived (`amount`).
 */
async function approvedDeposit(token: string, amount: number): Promise<number> {
  const made = valueOf<DepositMTResult>(
    await context.app.inject({
      method: 'POST',
      url: '/wps/relay/depositMTV3',
      headers: { authorization: token, language: 'EN', 'idempotency-key': newKey() },
      payload: { amount: 500, payeeName: 'Promo Tester' },
    }),
  );
  const amountMinor = Math.round(amount * 100);
  await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: made.depositId, operatorName: 'cashier', nowMs: clock.now(), amountMinor });
  return made.depositId;
}

describe('the bonus and its wagering, worked by hand', () => {
  const rules = (overrides: Partial<PromotionRules>): PromotionRules => ({
    id: 1, trigger: 'deposit', startsAtMs: null, endsAtMs: null, rewardKind: 'percent', rewardFixedMinor: null, rewardBasisPoints: 2000,
    rewardCapMinor: 20_000, minDepositMinor: 1000, wageringMultiplierX100: 500, wageringIncludesDeposit: true, wagerWithinDays: null,
    claimWindowHours: null, newPlayerDays: null, requirements: [], onePerPerson: false, repeat: 'once', signInRewardsMinor: null,
  minBetMinor: null, minLossMinor: null, rewardTickets: null, rewardPoints: null, audienceVipLevels: null, audienceLabelIds: null, ...overrides,
  });

  it('pays a percentage of the deposit in whole cents, rounded down, never above the cap', () => {
    // 20 % of 123.45 = 24.69; of 33.33 = 6.666 → 6.66; of 5,000.00 = 1,000.00 → the cap, 200.00.
    expect(bonusMinorOf(rules({}), 12_345)).toBe(2469);
    expect(bonusMinorOf(rules({}), 3333)).toBe(666);
    expect(bonusMinorOf(rules({}), 500_000)).toBe(20_000);
    expect(bonusMinorOf(rules({ rewardKind: 'fixed', rewardFixedMinor: 888 }), null)).toBe(888);
  });

  it('asks the multiplier × (bonus + deposit when the promotion says so), rounded up', () => {
    // 5 × (24.69 + 123.45) = 740.70; without the deposit 5 × 24.69 = 123.45; 2.5 × 0.03 = 0.075 → 0.08.
    expect(requirementMinorOf(rules({}), 2469, 12_345)).toBe(74_070);
    expect(requirementMinorOf(rules({ wageringIncludesDeposit: false }), 2469, 12_345)).toBe(12_345);
    expect(requirementMinorOf(rules({ wageringMultiplierX100: 250, wageringIncludesDeposit: false }), 3, null)).toBe(8);
  });
});

describe('what a visitor and a member see', () => {
  it('shows a visitor the sign-up bonus to claim and the deposit bonuses to join; a promo code stays hidden', async () => {
    const [welcome, signUp, code] = await Promise.all([promotionId('welcome-bonus'), promotionId('register-bonus'), promotionId('promo-code')]);
    const entries = await list(null);
    expect(entries.find((entry) => entry.id === signUp)).toMatchObject({ trigger: 'registration', state: 'claim', bonus: 8.88, wagering: { multiplier: 3 } });
    expect(entries.find((entry) => entry.id === welcome)).toMatchObject({ trigger: 'first_deposit', state: 'join', reward: { kind: 'percent', percent: 100, cap: 500 } });
    expect(entries.find((entry) => entry.id === code)).toBeUndefined();
    expect(envelope(await request('GET', `/wps/promotions/detail?promotionId=${code}`, null)).errorCode).toBe('promotion.not.found');
    const detail = valueOf<PromotionDetail>(await request('GET', `/wps/promotions/detail?promotionId=${welcome}`, null));
    expect(detail.content).toContain('first deposit');
    expect(envelope(await request('GET', '/wps/promotions/detail?promotionId=999999', null))).toMatchObject({ success: false, errorCode: 'promotion.not.found' });
    expect(envelope(await request('GET', '/wps/promotions/detail?promotionId=9999999999', null))).toMatchObject({ errorCode: 'promotion.not.found' });
    expect(envelope(await request('GET', '/wps/promotions/detail?promotionId=0x1', null))).toMatchObject({ success: false, errorCode: 'request.param.err' });
  });

  it('speaks the Language asked for: the seeded promotions have their texts in every set', async () => {
    const signUp = await promotionId('register-bonus');
    for (const [language, title] of [['BN', 'সাইন-আপ বোনাস $৮.৮৮'], ['CN', '注册奖金$8.88'], ['VI', 'Thưởng đăng ký $8.88'], ['EN', 'Sign-up Bonus $8.88']]) {
      const response = await context.app.inject({ method: 'GET', url: `/wps/promotions/detail?promotionId=${signUp}`, headers: { language } });
      expect(valueOf<PromotionDetail>(response).promotion.title).toBe(title);
    }
    const seeded = await context.pool.query<{ texts: Record<string, { title?: string }> }>("SELECT texts FROM promotion WHERE merchant_id = $1 AND trigger <> 'none'", [context.merchantId]);
    for (const row of seeded.rows) expect(Object.keys(row.texts).sort()).toEqual(['BN', 'CN', 'ID', 'TH', 'TY', 'VI']);
  });

  it('refuses joining and claiming without a session', async () => {
    const response = await request('POST', '/wps/promotions/claim', null, { promotionId: await promotionId('register-bonus') });
    expect(response.statusCode).toBe(401);
  });
});

describe('the sign-up bonus', () => {
  it('pays 8.88 once, adds 3 × 8.88 to the wagering, and shows in the records and as in progress', async () => {
    const id = await promotionId('register-bonus');
    const { token, memberId } = await member();
    const paid = valueOf<PromotionClaimed>(await claim(token, id));
    expect(paid).toMatchObject({ bonus: 8.88, balance: 8.88, promotion: { state: 'process', bonus: 8.88, wagering: { remaining: 26.64 } } });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(888);
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor).toBe(2664);
    expect(envelope(await claim(token, id))).toMatchObject({ success: false, errorCode: 'promotion.already.claimed' });
    const records = valueOf<MemberTransactions>(await request('GET', `/wps/relay/ODSFE2_MemTransDet?startTime=${clock.nowMs - DAY}&endTime=${clock.nowMs + DAY}&page=1&size=13`, token));
    expect(records.list.map((row) => row.txTypeName)).toContain('Promotion bonus');
    expect(await promotionCredits(memberId)).toBe(1);
  });

  it('is not for a member registered more than 7 days ago', async () => {
    const id = await promotionId('register-bonus');
    const { token, memberId } = await member(8 * DAY);
    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'not_new_player' });
    expect(envelope(await claim(token, id))).toMatchObject({ success: false, errorCode: 'promotion.not.claimable' });
    expect(await promotionCredits(memberId)).toBe(0);
  });

  it('pays once when the same member claims ten times at once', async () => {
    const id = await promotionId('register-bonus');
    const { token, memberId } = await member();
    const from = freshFrom();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(token, id, from)));
    expect(answers.filter((answer) => envelope(answer).success)).toHaveLength(1);
    expect(new Set(answers.filter((answer) => !envelope(answer).success).map((answer) => envelope(answer).errorCode))).toEqual(new Set(['promotion.already.claimed']));
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(888);
    expect(await promotionCredits(memberId)).toBe(1);
  });

  it('is once per person: a second account on the same device, address or mobile number gets nothing', async () => {
    const id = await promotionId('register-bonus');
    const first = await member();
    const shared = freshFrom();
    valueOf<PromotionClaimed>(await claim(first.token, id, shared));
    // The same device from another address: the page says so before any claim.
    const sameDevice = await member();
    const sameDeviceList = valueOf<{ list: PromotionEntry[] }>(await request('GET', '/wps/promotions', sameDevice.token, undefined, { address: freshFrom().address, device: shared.device })).list;
    expect(sameDeviceList.find((entry) => entry.id === id)).toMatchObject({ state: 'close', closeReason: 'linked_account', bonus: null });
    expect(envelope(await claim(sameDevice.token, id, { address: freshFrom().address, device: shared.device }))).toMatchObject({
      errorCode: 'promotion.linked.account',
      value: { matched: ['device'] },
    });
    // The same address with another device.
    const sameAddress = await member();
    expect(envelope(await claim(sameAddress.token, id, { address: shared.address, device: freshFrom().device }))).toMatchObject({ errorCode: 'promotion.linked.account' });
    // The same mobile number: an account claims with it, then it moves to another account.
    const third = await member();
    await context.pool.query("UPDATE member SET country_dialing_code = '+880', mobile = '1711000002' WHERE id = $1", [third.memberId]);
    valueOf<PromotionClaimed>(await claim(third.token, id));
    await context.pool.query('UPDATE member SET country_dialing_code = NULL, mobile = NULL WHERE id = $1', [third.memberId]);
    const mobileHolder = await member();
    await context.pool.query("UPDATE member SET country_dialing_code = '+880', mobile = '1711000002' WHERE id = $1", [mobileHolder.memberId]);
    expect(envelope(await claim(mobileHolder.token, id))).toMatchObject({ errorCode: 'promotion.linked.account', value: { matched: ['mobile'] } });
    for (const refused of [sameDevice, sameAddress, mobileHolder]) expect(await promotionCredits(refused.memberId)).toBe(0);
    // A refused claim keeps none of its identities: the refused account's own device claims nothing away from anyone.
    const count = await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM promotion_identity WHERE member_id = ANY($1)', [[sameDevice.memberId, sameAddress.memberId, mobileHolder.memberId]]);
    expect(count.rows[0].n).toBe(0);
  });

  it('pays one of two linked accounts claiming at the same moment', async () => {
    const id = await promotionId('register-bonus');
    const [a, b] = [await member(), await member()];
    const device = freshFrom().device;
    const answers = await Promise.all([claim(a.token, id, { address: freshFrom().address, device }), claim(b.token, id, { address: freshFrom().address, device })]);
    expect(answers.map((answer) => envelope(answer).success).sort()).toEqual([false, true]);
    expect((await promotionCredits(a.memberId)) + (await promotionCredits(b.memberId))).toBe(1);
  });

  it('asks for what the member lacks first (prom_claim_req_field), and pays once it is there', async () => {
    const id = await promotionId('register-bonus');
    await context.pool.query('UPDATE promotion SET requires_mobile_verified = true WHERE id = $1', [id]);
    try {
      const { token, memberId } = await member();
      expect(await entryOf(token, id)).toMatchObject({ state: 'claim', requirements: ['mobile_verified'], missingRequirements: ['mobile_verified'] });
      expect(envelope(await claim(token, id))).toMatchObject({ errorCode: 'prom_claim_req_field', value: { data: ['required.mobile_no_verified'] } });
      await context.pool.query("UPDATE member SET country_dialing_code = '+880', mobile = '1711000099' WHERE id = $1", [memberId]);
      expect(valueOf<PromotionClaimed>(await claim(token, id)).bonus).toBe(8.88);
    } finally {
      await context.pool.query('UPDATE promotion SET requires_mobile_verified = false WHERE id = $1', [id]);
    }
  });
});

describe('withdrawing a bonus', () => {
  it('is refused with promotion_turnover_not_enough until the bonus is wagered, then allowed', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 1 });
    try {
      const id = await promotionId('register-bonus');
      const { token, memberId } = await member();
      await setPaymentPasswordOf(context.app, token);
      const cardId = await bindCard(context.app, token);
      valueOf<PromotionClaimed>(await claim(token, id));
      // Money of the member's own to stake with (no requirement of its own).
      await credit(context.pool, context.merchantId, memberId, 50_00, clock.nowMs);
      const withdraw = () =>
        post(context.app, '/wps/relay/withdraw', token, { password: PAYMENT_PASSWORD, currentWithdrawType: 'BC', amount: 5, bankCardId: cardId }, { 'idempotency-key': newKey() });
      const refused = envelope<{ remainingTurnover: number }>(await withdraw());
      expect(refused).toMatchObject({ errorCode: 'promotion_turnover_not_enough', value: { remainingTurnover: 26.64 } });
      expect(refused.message).toBe('Wager your promotion bonus first: 0.00 of the required 26.64 staked');
      // 26.63 staked: a cent short.
      await bet(context.pool, context.merchantId, memberId, 2663, clock.nowMs);
      expect(envelope(await withdraw())).toMatchObject({ errorCode: 'promotion_turnover_not_enough', value: { remainingTurnover: 0.01 } });
      await bet(context.pool, context.merchantId, memberId, 1, clock.nowMs);
      expect(await entryOf(token, id)).toMatchObject({ state: 'claimed' });
      expect(envelope(await withdraw())).toMatchObject({ success: true });
      // A deposit afterwards asks its own turnover (500.00 × 1): the bonus stays wagered, and the
      // refusal names the deposit's turnover, not the promotion's.
      await approvedDeposit(token, 500);
      expect(await entryOf(token, id)).toMatchObject({ state: 'claimed', wagering: { remaining: null } });
      expect(envelope(await withdraw())).toMatchObject({ errorCode: 'withdraw_turnover_not_enough', value: { remainingTurnover: 500 } });
    } finally {
      await setWithdrawSettings(context.pool, context.merchantId, {});
    }
  });
});

describe('a bonus not wagered in time', () => {
  /** The member's claim of the promotion as if made `daysAgo` days ago. */
  const backdateClaim = (memberId: number, promotion: number, daysAgo: number) =>
    context.pool.query(`UPDATE promotion_claim SET claimed_at = claimed_at - $3 * interval '1 day' WHERE member_id = $1 AND promotion_id = $2`, [memberId, promotion, daysAgo]);
  const claimState = async (memberId: number, promotion: number) =>
    (await context.pool.query<{ state: string; taken_back_minor: string | null }>('SELECT state, taken_back_minor FROM promotion_claim WHERE member_id = $1 AND promotion_id = $2', [memberId, promotion])).rows[0];

  it('is taken back after its days with what it added to the wagering, once, however many runs', async () => {
    const id = await promotionId('register-bonus');
    const { token, memberId } = await member();
    await credit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    valueOf<PromotionClaimed>(await claim(token, id));
    // 10.00 staked of the 26.64 asked, then the 14 days pass.
    await bet(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    await backdateClaim(memberId, id, 13);
    expect(await takeBackUnwagered(context.pool, clock.nowMs)).toBe(0);
    await backdateClaim(memberId, id, 1);
    const [first, second] = await Promise.all([takeBackUnwagered(context.pool, clock.nowMs), takeBackUnwagered(context.pool, clock.nowMs)]);
    expect(first + second).toBe(1);
    // The wallet had 8.88 left (10.00 + 8.88 − 10.00): the whole bonus goes; the requirement the
    // bonus added (26.64) is removed from what remained (16.64): nothing is owed any more.
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor).toBe(0);
    expect(await claimState(memberId, id)).toEqual({ state: 'taken_back', taken_back_minor: '888' });
    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'taken_back' });
    expect(await takeBackUnwagered(context.pool, clock.nowMs)).toBe(0);
  });

  it('takes back only what is left of it, and leaves a wagered bonus alone', async () => {
    const id = await promotionId('register-bonus');
    const spent = await member();
    valueOf<PromotionClaimed>(await claim(spent.token, id));
    // 5.00 of the bonus staked and lost: 3.88 is left to take back.
    await bet(context.pool, context.merchantId, spent.memberId, 5_00, clock.nowMs);
    const wagered = await member();
    await credit(context.pool, context.merchantId, wagered.memberId, 30_00, clock.nowMs);
    valueOf<PromotionClaimed>(await claim(wagered.token, id));
    await bet(context.pool, context.merchantId, wagered.memberId, 26_64, clock.nowMs);
    await backdateClaim(spent.memberId, id, 14);
    await backdateClaim(wagered.memberId, id, 14);
    await takeBackUnwagered(context.pool, clock.nowMs);
    expect(await memberBalanceMinor(context.pool, context.merchantId, spent.memberId)).toBe(0);
    expect(await claimState(spent.memberId, id)).toEqual({ state: 'taken_back', taken_back_minor: '388' });
    expect(await memberBalanceMinor(context.pool, context.merchantId, wagered.memberId)).toBe(30_00 + 888 - 26_64);
    expect(await claimState(wagered.memberId, id)).toMatchObject({ state: 'claimed' });
    expect(await entryOf(wagered.token, id)).toMatchObject({ state: 'claimed' });
  });
});

describe('deposit bonuses', () => {
  it('doubles a first deposit made after joining, claimable for 72 hours, with 10 × the bonus to wager', async () => {
    const id = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    expect(valueOf<PromotionEntry>(await join(token, id))).toMatchObject({ state: 'joined' });
    // Joining again answers the same and changes nothing.
    expect(valueOf<PromotionEntry>(await join(token, id))).toMatchObject({ state: 'joined' });
    await approvedDeposit(token, 150);
    const waiting = await entryOf(token, id);
    expect(waiting).toMatchObject({ state: 'claim', bonus: 150, claimDeadline: clock.nowMs + 72 * HOUR });
    const before = (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;
    const paid = valueOf<PromotionClaimed>(await claim(token, id));
    expect(paid).toMatchObject({ bonus: 150, balance: 300 });
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor - before).toBe(10 * 150_00);
  });

  it('joins once when the same member presses Join ten times at once: every answer is joined', async () => {
    const id = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    const answers = await Promise.all(Array.from({ length: 10 }, () => join(token, id)));
    expect(answers.map((answer) => envelope<PromotionEntry>(answer).value?.state)).toEqual(Array(10).fill('joined'));
    const rows = await context.pool.query('SELECT 1 FROM promotion_claim WHERE member_id = $1 AND promotion_id = $2', [memberId, id]);
    expect(rows.rowCount).toBe(1);
  });

  it('gives nothing for a first deposit made before joining, and refuses joining after it', async () => {
    const id = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    await approvedDeposit(token, 100);
    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'already_deposited' });
    expect(envelope(await join(token, id))).toMatchObject({ errorCode: 'promotion.not.joinable' });
    expect(envelope(await claim(token, id))).toMatchObject({ errorCode: 'promotion.not.claimable' });
    expect(await promotionCredits(memberId)).toBe(0);
  });

  it('closes a bonus not claimed within its window', async () => {
    const id = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    valueOf(await join(token, id));
    const depositId = await approvedDeposit(token, 50);
    // The join and the deposit as if made 72 hours ago (the session would not last as long as
    // moving the clock): the window closed a moment ago.
    await context.pool.query("UPDATE promotion_claim SET joined_at = joined_at - interval '72 hours' WHERE member_id = $1", [memberId]);
    await context.pool.query("UPDATE deposit SET created_at = created_at - interval '72 hours', settled_at = settled_at - interval '72 hours' WHERE id = $1", [depositId]);
    expect(await entryOf(token, id)).toMatchObject({ state: 'close', closeReason: 'claim_expired' });
    expect(envelope(await claim(token, id))).toMatchObject({ errorCode: 'promotion.not.claimable' });
    expect(await promotionCredits(memberId)).toBe(0);
    await context.pool.query("UPDATE deposit SET settled_at = settled_at + interval '1 second' WHERE id = $1", [depositId]);
    expect(await entryOf(token, id)).toMatchObject({ state: 'claim', bonus: 50 });
  });

  it('reload: a deposit below the minimum earns nothing; the next one earns 20 %, capped at 200, with 5 × (bonus + deposit)', async () => {
    const id = await promotionId('reload-bonus');
    const { token, memberId } = await member();
    valueOf(await join(token, id));
    await approvedDeposit(token, 9.99);
    expect(await entryOf(token, id)).toMatchObject({ state: 'joined' });
    await approvedDeposit(token, 5000);
    expect(await entryOf(token, id)).toMatchObject({ state: 'claim', bonus: 200 });
    const before = (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;
    valueOf<PromotionClaimed>(await claim(token, id));
    expect((await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor - before).toBe(5 * (200_00 + 5000_00));
  });
});

describe('promo codes', () => {
  it('pays the code once per person, whatever its case; a wrong code pays nothing', async () => {
    const id = await promotionId('promo-code');
    const { token, memberId } = await member();
    const code = (promoCode: string) => request('POST', '/wps/relay/MCSFE_claimPromoCode', token, { promoCode });
    expect(envelope(await code('NOPE1234'))).toMatchObject({ errorCode: 'promotion.code.invalid' });
    expect(envelope(await code('no'))).toMatchObject({ success: false, errorCode: 'request.param.err' });
    expect(valueOf<PromotionClaimed>(await code('lucky2026'))).toMatchObject({ bonus: 5, promotion: { id, trigger: 'promo_code' } });
    expect(envelope(await code('LUCKY2026'))).toMatchObject({ errorCode: 'promotion.already.claimed' });
    expect(await entryOf(token, id)).toMatchObject({ state: 'process' });
    expect(await promotionCredits(memberId)).toBe(1);
  });
});
