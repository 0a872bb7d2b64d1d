import type { DepositMTResult, DepositPromotion, DepositPromotions, Envelope, NewDepositPGResult, PromotionClaimed, PromotionEntry } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { TestClock } from '../member/member.testing';
import { memberWithSession, newKey } from '../withdrawal/withdrawal.testing';

// The deposit page's promotion choice through the real routes on a real PostgreSQL: the offer is
// the deposit promotions the member may join or has joined, in their language; a deposit naming
// one joins it and, once approved, earns the bonus (paid once however many claims at once); a
// promotion the member may not choose (claimed, bonus waiting, closed, not a deposit promotion,
// another merchant's, a hidden promo code) or an amount below its minimum is refused and makes no
// deposit and no joining; a retry answers its deposit; without a promotion nothing changes.

const HOUR = 3_600_000;
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

/** Each request from an address and device of its own (the welcome bonus is once per person, device and address). */
function request(method: 'GET' | 'POST', url: string, token: string | null, payload?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  addressCounter++;
  return context.app.inject({
    method,
    url,
    remoteAddress: `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`,
    headers: { language: 'EN', 'device-id': `choice-device-${String(addressCounter).padStart(8, '0')}`, ...(token ? { authorization: token } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};

type SeededKey = 'welcome-bonus' | 'register-bonus' | 'reload-bonus' | 'promo-code';
async function promotionId(key: SeededKey): Promise<number> {
  const titles = { 'welcome-bonus': 'Welcome Bonus%', 'register-bonus': 'Sign-up Bonus%', 'reload-bonus': 'Reload Bonus%', 'promo-code': 'Promo Code Gift%' };
  const result = await context.pool.query<{ id: number }>('SELECT id FROM promotion WHERE merchant_id = $1 AND title LIKE $2', [context.merchantId, titles[key]]);
  return result.rows[0].id;
}

const member = async () => memberWithSession(context, `choice${String(++counter).padStart(3, '0')}`, clock.nowMs);
const offer = async (token: string, language = 'EN') =>
  valueOf<DepositPromotions>(await request('GET', '/wps/relay/getDepositPromotionsV3', token, undefined, { language })).list;
const entryOf = async (token: string, id: number) =>
  valueOf<{ list: PromotionEntry[] }>(await request('GET', '/wps/promotions', token)).list.find((entry) => entry.id === id);
const claim = (token: string, id: number) => request('POST', '/wps/promotions/claim', token, { promotionId: id });

/** A manual-transfer deposit (the channel asks 500.00 at least), naming `promotionId` when given. */
const depositMT = (token: string, amount: number, promotionId?: number, key = newKey()) =>
  request('POST', '/wps/relay/depositMTV3', token, { amount, payeeName: 'Choice Tester', ...(promotionId === undefined ? {} : { promotionId }) }, { 'idempotency-key': key });

async function bkash(): Promise<{ vendorId: number; bankCode: string }> {
  const result = await context.pool.query<{ id: number }>("SELECT id FROM deposit_channel WHERE merchant_id = $1 AND bank_code = 'BKASH'", [context.merchantId]);
  return { vendorId: result.rows[0].id, bankCode: 'BKASH' };
}
/** An online deposit at the gateway simulator (bKash asks 100.00 at least). */
const depositPG = async (token: string, amount: number, promotionId?: number) =>
  request('POST', '/wps/relay/newDepositPG', token, { amount, ...(await bkash()), ...(promotionId === undefined ? {} : { promotionId }) }, { 'idempotency-key': newKey() });

const approve = (depositId: number, amountMinor: number) =>
  approveDeposit(context.pool, { merchantId: context.merchantId, depositId, operatorName: 'cashier', nowMs: clock.now(), amountMinor });

/** What a refusal must leave: the member's deposits and promotion rows as they were. */
async function footprint(memberId: number): Promise<{ deposits: number; claims: number }> {
  const result = await context.pool.query<{ deposits: number; claims: number }>(
    `SELECT (SELECT count(*)::int FROM deposit WHERE member_id = $1) AS deposits,
            (SELECT count(*)::int FROM promotion_claim WHERE member_id = $1) AS claims`,
    [memberId],
  );
  return result.rows[0];
}
const claimRowOf = async (memberId: number, id: number) =>
  (await context.pool.query<{ state: string }>('SELECT state FROM promotion_claim WHERE member_id = $1 AND promotion_id = $2', [memberId, id])).rows[0];
const depositPromotionOf = async (depositId: number) =>
  (await context.pool.query<{ promotion_id: number | null }>('SELECT promotion_id FROM deposit WHERE id = $1', [depositId])).rows[0].promotion_id;
const promotionCredits = async (memberId: number) =>
  (
    await context.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
        WHERE t.kind = 'promotion' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0].n;

/** Runs `body` with the promotion's columns changed, then puts them back. */
async function withPromotion(id: number, set: string, body: () => Promise<void>): Promise<void> {
  const before = (await context.pool.query('SELECT min_deposit_minor, ends_at FROM promotion WHERE id = $1', [id])).rows[0];
  await context.pool.query(`UPDATE promotion SET ${set} WHERE id = $1`, [id]);
  try {
    await body();
  } finally {
    await context.pool.query('UPDATE promotion SET min_deposit_minor = $2, ends_at = $3 WHERE id = $1', [id, before.min_deposit_minor, before.ends_at]);
  }
}

describe('the offer (getDepositPromotionsV3)', () => {
  it('lists the deposit promotions the member may join, with their reward, minimum and wagering, and no other kind', async () => {
    const [welcome, reload, signUp, code] = await Promise.all(
      (['welcome-bonus', 'reload-bonus', 'register-bonus', 'promo-code'] as const).map(promotionId),
    );
    const { token } = await member();
    const list = await offer(token);
    const ids = list.map((option) => option.id);
    expect(ids).toEqual(expect.arrayContaining([welcome, reload]));
    expect(ids).not.toContain(signUp);
    expect(ids).not.toContain(code);
    for (const option of list) expect(['first_deposit', 'deposit']).toContain(option.trigger);
    expect(list.find((option) => option.id === welcome)).toEqual<DepositPromotion>({
      id: welcome,
      title: 'Welcome Bonus 100% up to $500',
      trigger: 'first_deposit',
      joined: false,
      reward: expect.objectContaining({ kind: 'percent', percent: 100, cap: 500 }),
      minDeposit: 20,
      wagering: { multiplier: 10, includesDeposit: false },
      endTime: null,
    });
    expect(list.find((option) => option.id === reload)).toMatchObject({ trigger: 'deposit', minDeposit: 10, reward: { percent: 20, cap: 200 }, wagering: { multiplier: 5, includesDeposit: true } });
  });

  it("speaks the caller's Language", async () => {
    const welcome = await promotionId('welcome-bonus');
    const { token } = await member();
    expect((await offer(token, 'BN')).find((option) => option.id === welcome)?.title).toBe('স্বাগতম বোনাস ১০০%, সর্বোচ্চ $৫০০');
    expect((await offer(token, 'CN')).find((option) => option.id === welcome)?.title).toBe('首存100%欢迎奖金，最高$500');
  });

  it('marks one joined already, and drops the welcome bonus once the member has deposited without it', async () => {
    const [welcome, reload] = [await promotionId('welcome-bonus'), await promotionId('reload-bonus')];
    const { token } = await member();
    valueOf(await request('POST', '/wps/promotions/join', token, { promotionId: reload }));
    expect((await offer(token)).find((option) => option.id === reload)).toMatchObject({ joined: true });
    const made = valueOf<DepositMTResult>(await depositMT(token, 500));
    await approve(made.depositId, 500_00);
    const ids = (await offer(token)).map((option) => option.id);
    expect(ids).not.toContain(welcome);
    // The reload's bonus is waiting to be claimed: it is not offered for another deposit either.
    expect(ids).not.toContain(reload);
  });

  it('needs a session', async () => {
    expect((await request('GET', '/wps/relay/getDepositPromotionsV3', null)).statusCode).toBe(401);
  });
});

describe('a deposit naming a promotion', () => {
  it('joins it; once approved the bonus waits to be claimed, and ten claims at once pay it once', async () => {
    const welcome = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    const made = valueOf<DepositMTResult>(await depositMT(token, 600, welcome));
    expect(await claimRowOf(memberId, welcome)).toEqual({ state: 'joined' });
    expect(await depositPromotionOf(made.depositId)).toBe(welcome);
    expect(await entryOf(token, welcome)).toMatchObject({ state: 'joined' });
    // The operator credits what arrived: 600.00, doubled up to the 500.00 cap.
    await approve(made.depositId, 600_00);
    expect(await entryOf(token, welcome)).toMatchObject({ state: 'claim', bonus: 500, claimDeadline: clock.nowMs + 72 * HOUR });
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(token, welcome)));
    expect(answers.filter((answer) => envelope(answer).success)).toHaveLength(1);
    expect(valueOf<PromotionClaimed>(answers.find((answer) => envelope(answer).success)!)).toMatchObject({ bonus: 500, balance: 1100 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(1100_00);
    expect(await promotionCredits(memberId)).toBe(1);
  });

  it('works the same for an online deposit', async () => {
    const reload = await promotionId('reload-bonus');
    const { token, memberId } = await member();
    const made = valueOf<NewDepositPGResult>(await depositPG(token, 150, reload));
    expect(await claimRowOf(memberId, reload)).toEqual({ state: 'joined' });
    expect(await depositPromotionOf(made.depositId)).toBe(reload);
  });

  it('refuses an amount below the promotion\'s minimum: no deposit, no joining', async () => {
    const welcome = await promotionId('welcome-bonus');
    const { token, memberId } = await member();
    await withPromotion(welcome, 'min_deposit_minor = 100000', async () => {
      expect((await offer(token)).find((option) => option.id === welcome)).toMatchObject({ minDeposit: 1000 });
      const refused = await depositMT(token, 999.99, welcome);
      expect(refused.statusCode).toBe(400);
      expect(envelope(refused)).toMatchObject({ errorCode: 'promotion.deposit.below_minimum', message: 'The smallest deposit for this promotion is 1000.00' });
      expect(envelope(await depositPG(token, 150, welcome))).toMatchObject({ errorCode: 'promotion.deposit.below_minimum' });
      const bengali = await request('POST', '/wps/relay/depositMTV3', token, { amount: 600, payeeName: 'X', promotionId: welcome }, { 'idempotency-key': newKey(), language: 'BN' });
      expect(envelope(bengali).message).toBe('এই প্রচারের জন্য সর্বনিম্ন জমা 1000.00');
      expect(await footprint(memberId)).toEqual({ deposits: 0, claims: 0 });
      // The minimum itself is enough.
      valueOf<DepositMTResult>(await depositMT(token, 1000, welcome));
      expect(await footprint(memberId)).toEqual({ deposits: 1, claims: 1 });
    });
  });

  it('refuses what the member may not choose, and makes no deposit', async () => {
    const [welcome, reload, signUp, code] = await Promise.all(
      (['welcome-bonus', 'reload-bonus', 'register-bonus', 'promo-code'] as const).map(promotionId),
    );
    const other = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('CHOICEOTHER', 'Other') RETURNING id")).rows[0].id;
    const columns = (
      await context.pool.query<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'promotion' AND column_name NOT IN ('id', 'merchant_id') AND is_generated = 'NEVER'",
      )
    ).rows.map((row) => row.column_name).join(', ');
    const foreign = (
      await context.pool.query<{ id: number }>(`INSERT INTO promotion (merchant_id, ${columns}) SELECT $1, ${columns} FROM promotion WHERE id = $2 RETURNING id`, [other, welcome])
    ).rows[0].id;

    const { token, memberId } = await member();
    const refusal = async (id: number) => {
      const response = await depositMT(token, 600, id);
      return { status: response.statusCode, errorCode: envelope(response).errorCode };
    };
    expect(await refusal(signUp)).toEqual({ status: 409, errorCode: 'promotion.not.joinable' });
    expect(await refusal(code)).toEqual({ status: 404, errorCode: 'promotion.not.found' });
    expect(await refusal(foreign)).toEqual({ status: 404, errorCode: 'promotion.not.found' });
    expect(await refusal(999_999)).toEqual({ status: 404, errorCode: 'promotion.not.found' });
    expect(envelope(await depositMT(token, 600, 0)).errorCode).toBe('request.param.err');
    // Ended a day before the test's clock.
    await withPromotion(reload, "ends_at = '2026-05-31T12:00:00Z'", async () => {
      expect(await refusal(reload)).toEqual({ status: 409, errorCode: 'promotion.not.joinable' });
    });
    expect(await footprint(memberId)).toEqual({ deposits: 0, claims: 0 });

    // The welcome bonus chosen, its bonus earned: waiting to be claimed, then claimed; neither is chosen again.
    const earning = valueOf<DepositMTResult>(await depositMT(token, 600, welcome));
    await approve(earning.depositId, 600_00);
    expect(envelope(await depositMT(token, 600, welcome))).toMatchObject({ errorCode: 'promotion.not.joinable', value: { state: 'claim' } });
    valueOf<PromotionClaimed>(await claim(token, welcome));
    expect(envelope(await depositMT(token, 600, welcome))).toMatchObject({ errorCode: 'promotion.not.joinable', value: { state: 'process' } });
    expect(await footprint(memberId)).toEqual({ deposits: 1, claims: 1 });

    // The welcome bonus after a first deposit made without it: closed to this member.
    const late = await member();
    const first = valueOf<DepositMTResult>(await depositMT(late.token, 500));
    await approve(first.depositId, 500_00);
    expect(envelope(await depositMT(late.token, 600, welcome))).toMatchObject({ errorCode: 'promotion.not.joinable', value: { state: 'close', closeReason: 'already_deposited' } });
    expect(await footprint(late.memberId)).toEqual({ deposits: 1, claims: 0 });
  });

  it('two deposits naming it at once are both made, with one joining and one bonus', async () => {
    const reload = await promotionId('reload-bonus');
    const { token, memberId } = await member();
    const made = await Promise.all([depositMT(token, 500, reload), depositMT(token, 700, reload)]);
    const [a, b] = made.map((response) => valueOf<DepositMTResult>(response));
    expect(await footprint(memberId)).toEqual({ deposits: 2, claims: 1 });
    await approve(a.depositId, 500_00);
    await approve(b.depositId, 700_00);
    // The first approved deposit after joining earns it (approved at the same moment: the first
    // made), 20 % of 500.00 or of 700.00.
    const bonus = a.depositId < b.depositId ? 100 : 140;
    expect(await entryOf(token, reload)).toMatchObject({ state: 'claim', bonus });
    await Promise.all([claim(token, reload), claim(token, reload)]);
    expect(await promotionCredits(memberId)).toBe(1);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(1200_00 + bonus * 100);
  });

  it('a retry with the same key answers the same deposit, also once the bonus is claimed; naming another promotion with it is refused', async () => {
    const [welcome, reload] = [await promotionId('welcome-bonus'), await promotionId('reload-bonus')];
    const { token, memberId } = await member();
    const key = newKey();
    const first = valueOf<DepositMTResult>(await depositMT(token, 500, reload, key));
    expect(valueOf<DepositMTResult>(await depositMT(token, 500, reload, key)).depositId).toBe(first.depositId);
    await approve(first.depositId, 500_00);
    valueOf<PromotionClaimed>(await claim(token, reload));
    expect(valueOf<DepositMTResult>(await depositMT(token, 500, reload, key)).depositId).toBe(first.depositId);
    expect(envelope(await depositMT(token, 500, welcome, key))).toMatchObject({ errorCode: 'wallet.idempotency.conflict' });
    expect(envelope(await depositMT(token, 500, undefined, key))).toMatchObject({ errorCode: 'wallet.idempotency.conflict' });
    // The refused retry joined nothing.
    expect(await claimRowOf(memberId, welcome)).toBeUndefined();
    expect(await footprint(memberId)).toEqual({ deposits: 1, claims: 1 });
  });
});

describe('a daily reload (no joining: the day\'s first qualifying deposit earns it)', () => {
  it('is offered as joined already, and a deposit naming it is made without a row of its own', async () => {
    const dailyReload = (await context.pool.query<{ id: number }>("SELECT id FROM promotion WHERE merchant_id = $1 AND title LIKE 'Daily Reload%'", [context.merchantId])).rows[0].id;
    const { token, memberId } = await member();
    expect((await offer(token)).find((option) => option.id === dailyReload)).toMatchObject({ trigger: 'deposit', joined: true, minDeposit: 20 });
    const made = valueOf<DepositMTResult>(await depositMT(token, 500, dailyReload));
    expect(await depositPromotionOf(made.depositId)).toBe(dailyReload);
    await approve(made.depositId, 500_00);
    expect(await entryOf(token, dailyReload)).toMatchObject({ state: 'claim', bonus: 50 });
    expect(await claimRowOf(memberId, dailyReload)).toBeUndefined();
  });
});

describe('a deposit without a promotion', () => {
  it('joins nothing and records none, as before; a member who pressed Join earlier still earns the bonus', async () => {
    const [welcome, reload] = [await promotionId('welcome-bonus'), await promotionId('reload-bonus')];
    const plain = await member();
    const made = valueOf<DepositMTResult>(await depositMT(plain.token, 500));
    expect(await depositPromotionOf(made.depositId)).toBeNull();
    expect(await footprint(plain.memberId)).toEqual({ deposits: 1, claims: 0 });
    await approve(made.depositId, 500_00);
    expect(await entryOf(plain.token, welcome)).toMatchObject({ state: 'close', closeReason: 'already_deposited' });
    expect(await promotionCredits(plain.memberId)).toBe(0);

    const joiner = await member();
    valueOf(await request('POST', '/wps/promotions/join', joiner.token, { promotionId: reload }));
    const deposit = valueOf<DepositMTResult>(await depositMT(joiner.token, 500));
    await approve(deposit.depositId, 500_00);
    expect(await entryOf(joiner.token, reload)).toMatchObject({ state: 'claim', bonus: 100 });
  });
});
