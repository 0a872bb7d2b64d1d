import { playsOf, type Draw } from '@platform/lottery-rules';
import { randomBytes } from 'node:crypto';
import type { AgentTeamProfitLoss, CustomerRebateSetting, Envelope, GlobalRebateSettings, MemberProfit, MemberTransactions, RebateDay, RebateDisbursed } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled } from '../ledger';
import { cancelBet, placeOrder, settleRound } from '../lottery';
import { costOf, drawRoundAs, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { credit, LOGIN_PASSWORD, mainBalanceMinor, memberWithSession } from '../withdrawal/withdrawal.testing';
import { createRebateJob, payAutoRebates } from './index';

// The betting rebate against the ways a player would game it, through the real routes on a real
// PostgreSQL: only settled stakes earn (a cancelled or unsettled lottery bet, a rolled-back or
// open game round, trial play earn nothing), a day is claimable once it has ended, a claim must
// send exactly what remains, two claims at once pay once, the job pays once with two runners, and
// what is paid shows in the records, the P&L and the agents' team report.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DHAKA = 6 * HOUR;
const clock = new TestClock();
let context: TestContext;
let jl: Awaited<ReturnType<typeof providerClientFor>>;
let counter = 0;

/** The day the stakes are made on (LOTTERY_TEST_START_MS is 10:00 in Dhaka on 2026-11-27) and its end there. */
const BET_DAY = '2026-11-27';
const BET_DAY_END_MS = Date.UTC(2026, 10, 28) - DHAKA;
const secretsKey = testSecretsKey();

beforeAll(async () => {
  clock.nowMs = LOTTERY_TEST_START_MS;
  context = await createTestApp({ clock: clock.now });
  jl = await providerClientFor(context, 'JL', clock.now);
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const request = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  context.app.inject({ method, url, headers: { authorization: token, language: 'EN' }, ...(payload === undefined ? {} : { payload: payload as object }) });
const valueOf = <T>(response: LightMyRequestResponse): T => {
  const body = envelope<T>(response);
  if (!body.success) throw new Error(`${response.statusCode} ${body.errorCode}: ${body.message}`);
  return body.value as T;
};
const refusal = (response: LightMyRequestResponse) => ({ status: response.statusCode, errorCode: envelope(response).errorCode });

interface Player {
  memberId: number;
  username: string;
  token: string;
}

async function player(): Promise<Player> {
  const session = await memberWithSession(context, `rebate${String(++counter).padStart(3, '0')}`, clock.nowMs);
  await credit(context.pool, context.merchantId, session.memberId, 1_000_00, clock.nowMs);
  return session;
}

/** A fresh session after the clock jumped (sessions end when idle). */
const relogin = async (who: Player): Promise<Player> => ({ ...who, token: await tokenFor(context.app, who.username, LOGIN_PASSWORD, `10.88.0.${(++counter % 250) + 1}`) });

const dayOf = (token: string, balanceDate: string) => request('GET', `/wps/relay/ODSFE2_getRebate?balanceDate=${balanceDate}`, token);
const disburse = (token: string, body: Record<string, unknown>) => request('POST', '/wps/relay/ODSFE2_rebateDisburse', token, body);

const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
const LOST_DRAW: Draw = { kind: 'SSC', numbers: [0, 0, 0, 0, 0] };

/** A lottery bet of `multiple` × 2.00 on 7 in the first position, in the round of `gameCode` on sale. */
async function lotteryBet(who: Player, gameCode: string, multiple: number) {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, clock.nowMs);
  const line = lineOf(position, [[7], [], [], [], []], { multiple });
  const order = await placeOrder(context.pool, {
    merchantId: context.merchantId, memberId: who.memberId, gameCode, currentNumero: round.numero, slip: slipOf([line]),
    betCartAmountSum: costOf([line]), chase: 0, winningStop: false, nowMs: clock.nowMs,
  });
  return { round, order };
}

/** A vendor's game round written as the seamless-wallet API leaves it (vendors other than the in-house JL have no provider here). */
async function vendorRound(who: Player, category: string, stakeMinor: number, { status = 'settled', trial = false, endedAtMs = clock.nowMs } = {}) {
  const account = await context.pool.query<{ id: string }>("SELECT id FROM ledger_account WHERE member_id = $1 AND kind = 'member_main'", [who.memberId]);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, 'TESTVENDOR', 'G1', 'Game', $4, $5, $6, $7, $7, $8, $9, $10)`,
    [context.merchantId, trial ? null : who.memberId, trial, category, `r-${randomBytes(6).toString('hex')}`, trial ? null : account.rows[0].id, stakeMinor, status, new Date(clock.nowMs - 60_000), status === 'open' ? null : new Date(endedAtMs)],
  );
}

async function jlSession(who: Player): Promise<string> {
  const launched = valueOf<{ game_url: string }>(await launch(context.app, who.token, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
  return sessionTokenOf(launched.game_url);
}
const id = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

const rebateCredits = async (memberId: number) =>
  (
    await context.pool.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n, sum(p.amount_minor)::text AS sum FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
         JOIN ledger_account a ON a.id = p.account_id WHERE t.kind = 'product_rebate' AND a.member_id = $1`,
      [memberId],
    )
  ).rows[0];

/** A content operator signed in now (operator sessions end as the clock jumps days). */
const operatorToken = async (role: 'content' | 'risk' = 'content') => (await operatorLogin(context, { username: `rebate-${role}-${++counter}`, role, nowMs: clock.nowMs })).token;
const putSettings = async (body: unknown, token?: string) =>
  context.app.inject({ method: 'PUT', url: '/ops/v1/rebate/settings', headers: { authorization: `Bearer ${token ?? (await operatorToken())}` }, payload: body as object });

describe('a day of every category, worked by hand', () => {
  let alice: Player;
  let agent: Player;

  beforeAll(async () => {
    alice = await player();
    // An agent whose team is alice: the team report's rebates.
    agent = await memberWithSession(context, `rebateag${String(++counter).padStart(2, '0')}`, clock.nowMs);
    await context.pool.query('UPDATE member SET member_type = 1 WHERE id = $1', [agent.memberId]);
    await context.pool.query('UPDATE member SET upline_id = $2 WHERE id = $1', [alice.memberId, agent.memberId]);

    // The lottery (lott, 0.5 %): 10.00 settled lost → 0.05. 10.00 cancelled and 10.00 still open earn nothing.
    const lost = await lotteryBet(alice, 'SSC1', 5);
    const cancelled = await lotteryBet(alice, 'SSC1', 5);
    await cancelBet(context.pool, context.merchantId, alice.memberId, cancelled.order.bets[0].orderDetailId, clock.nowMs);
    await lotteryBet(alice, 'SSC5', 5);
    await drawRoundAs(context.pool, lost.round.roundId, LOST_DRAW, clock.nowMs);
    await settleRound(context.pool, lost.round.roundId, clock.nowMs);

    // The in-house slots through the seamless-wallet API (rng, 0.8 %): 12.34 in a round that ended → 0.098720 → 0.09.
    // A round whose bet was rolled back and a round never ended earn nothing.
    const session = await jlSession(alice);
    const settled = id('round');
    await jl.bet({ sessionToken: session, transactionId: id('bet'), roundId: settled, gameCode: 'JLS001', amount: 1234 });
    await jl.endRound({ playerId: String(alice.memberId), roundId: settled });
    const rolledBack = id('bet');
    await jl.bet({ sessionToken: session, transactionId: rolledBack, roundId: id('round'), gameCode: 'JLS001', amount: 500 });
    await jl.rollback({ transactionId: id('rb'), referenceTransactionId: rolledBack });
    await jl.bet({ sessionToken: session, transactionId: id('bet'), roundId: id('round'), gameCode: 'JLS001', amount: 700 });

    // Vendors' rounds: live 250.00 × 0.6 % = 1.50; fish 33.33 × 0.8 % = 0.26664 → 0.26; pvp 100.00 × 0.5 % = 0.50;
    // sports 77.77 + e-sports 22.23 = 100.00 × 0.5 % = 0.50; a vendor's lottery (elott) 40.00 × 0.5 % = 0.20.
    await vendorRound(alice, 'LIVE', 250_00);
    await vendorRound(alice, 'FISH', 33_33);
    await vendorRound(alice, 'PVP', 100_00);
    await vendorRound(alice, 'SPORTS', 77_77);
    await vendorRound(alice, 'ESPORTS', 22_23);
    await vendorRound(alice, 'ELOTT', 40_00);
    // Not this day's, or no one's money: a round still open, trial play, a round that ended the next day.
    await vendorRound(alice, 'LIVE', 999_00, { status: 'open' });
    await vendorRound(alice, 'LIVE', 999_00, { trial: true });
    await vendorRound(alice, 'LIVE', 500_00, { endedAtMs: BET_DAY_END_MS + 1000 });
  });

  it('refuses today, a future day and a day that is not one, and tells the member', async () => {
    expect(refusal(await dayOf(alice.token, BET_DAY))).toEqual({ status: 409, errorCode: 'rebate.day.not.closed' });
    expect(refusal(await dayOf(alice.token, '2026-12-01'))).toEqual({ status: 409, errorCode: 'rebate.day.not.closed' });
    expect(refusal(await dayOf(alice.token, '2026-02-30'))).toEqual({ status: 400, errorCode: 'rebate.date.invalid' });
    expect(refusal(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 3.1 }))).toEqual({ status: 409, errorCode: 'rebate.day.not.closed' });
    expect(envelope(await dayOf(alice.token, BET_DAY)).message).toMatch(/once the day is over/);
    // A minute after midnight the day has not been counted yet (settlements started before midnight finish first).
    clock.nowMs = BET_DAY_END_MS + 60_000;
    alice = await relogin(alice);
    expect(refusal(await dayOf(alice.token, BET_DAY))).toEqual({ status: 409, errorCode: 'rebate.day.not.closed' });
  });

  it('counts each category from the settled stakes only, at the member’s level’s rate', async () => {
    clock.nowMs = BET_DAY_END_MS + HOUR;
    alice = await relogin(alice);
    const day = valueOf<RebateDay>(await dayOf(alice.token, BET_DAY));
    expect(day).toEqual({
      balanceDate: BET_DAY, mode: 'manual', lottRemain: 0.05, elottRemain: 0.2, lotteryRemain: 0.25, fishRemain: 0.26, liveRemain: 1.5, pvpRemain: 0.5, rngRemain: 0.09, sportsRemain: 0.5,
      totalRemain: 3.1, totalPaid: 0,
    });
    // Level 1's higher rates are not alice's: members have no VIP level yet, so all earn level 0's.
    const global = valueOf<GlobalRebateSettings>(await request('GET', '/wps/relay/MCSFE_getGlobalRebateSettingsByProductType', alice.token));
    expect(global.list).toContainEqual({ productType: 'live', vipLevel: 1, rebateValue: 0.7 });
    const own = valueOf<CustomerRebateSetting>(await request('GET', '/wps/relay/MCS2_getCustomerRebateSettingByProductType', alice.token));
    expect(own).toEqual({
      mode: 'manual', vipLevel: 0,
      list: [
        { productType: 'lott', rebateValue: 0.5 }, { productType: 'elott', rebateValue: 0.5 }, { productType: 'fish', rebateValue: 0.8 }, { productType: 'live', rebateValue: 0.6 },
        { productType: 'pvp', rebateValue: 0.5 }, { productType: 'rng', rebateValue: 0.8 }, { productType: 'sports', rebateValue: 0.5 },
      ],
      // The seven closed days of Dhaka's calendar, yesterday first.
      balanceDates: ['2026-11-27', '2026-11-26', '2026-11-25', '2026-11-24', '2026-11-23', '2026-11-22', '2026-11-21'],
    });
    // A rate changed after the day was counted does not change the day.
    expect((await putSettings({ rates: [{ vipLevel: 0, category: 'live', percent: 5 }] })).statusCode).toBe(200);
    expect(valueOf<RebateDay>(await dayOf(alice.token, BET_DAY)).liveRemain).toBe(1.5);
    expect((await putSettings({ rates: [{ vipLevel: 0, category: 'live', percent: 0.6 }] })).statusCode).toBe(200);
  });

  it('refuses an amount other than what remains, and moves nothing', async () => {
    const before = await mainBalanceMinor(context.pool, alice.memberId);
    for (const body of [
      { balanceDate: BET_DAY, rebateAmount: 3.11 },
      { balanceDate: BET_DAY, rebateAmount: 3.09 },
      { balanceDate: BET_DAY, rebateAmount: 1.51, categories: ['live'] },
      { balanceDate: BET_DAY, rebateAmount: 100 },
    ]) {
      expect(refusal(await disburse(alice.token, body))).toEqual({ status: 409, errorCode: 'rebate.amount.mismatch' });
    }
    expect(envelope(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 3 }))).toMatchObject({ message: expect.stringContaining('3.10') });
    expect(refusal(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: -1 })).status).toBe(400);
    expect(refusal(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 0.001 })).status).toBe(400);
    expect(await mainBalanceMinor(context.pool, alice.memberId)).toBe(before);
    expect((await rebateCredits(alice.memberId)).n).toBe(0);
  });

  it('pays a category, then the rest, each once however many claims arrive at once', async () => {
    const before = await mainBalanceMinor(context.pool, alice.memberId);
    const live = await Promise.all(Array.from({ length: 8 }, () => disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 1.5, categories: ['live'] })));
    expect(live.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(new Set(live.filter((response) => response.statusCode !== 200).map((response) => envelope(response).errorCode))).toEqual(new Set(['rebate.nothing.to.claim']));
    const paid = valueOf<RebateDisbursed>(live.find((response) => response.statusCode === 200)!);
    expect(paid).toMatchObject({ paid: 1.5, balance: (before + 150) / 100, day: { liveRemain: 0, totalRemain: 1.6, totalPaid: 1.5 } });

    // The page's lottery row: the site's lottery and the vendors' in one claim, 0.05 + 0.20.
    expect(refusal(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 0.2, categories: ['lott', 'elott'] }))).toEqual({ status: 409, errorCode: 'rebate.amount.mismatch' });
    expect(valueOf<RebateDisbursed>(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 0.25, categories: ['lott', 'elott'] }))).toMatchObject({ paid: 0.25, day: { lotteryRemain: 0, totalRemain: 1.35 } });

    const rest = await Promise.all(Array.from({ length: 8 }, () => disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 1.35 })));
    expect(rest.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(valueOf<RebateDay>(await dayOf(alice.token, BET_DAY))).toMatchObject({ totalRemain: 0, totalPaid: 3.1, lottRemain: 0, rngRemain: 0 });
    expect(await mainBalanceMinor(context.pool, alice.memberId)).toBe(before + 310);
    // One movement per category (seven), 3.10 in all; a claim after that finds nothing.
    expect(await rebateCredits(alice.memberId)).toEqual({ n: 7, sum: '310' });
    expect(refusal(await disburse(alice.token, { balanceDate: BET_DAY, rebateAmount: 1.35 }))).toEqual({ status: 409, errorCode: 'rebate.nothing.to.claim' });
  });

  it('pays a member only its own rebate: another member sending alice’s amount for her day gets nothing', async () => {
    const mallory = await player();
    const before = await mainBalanceMinor(context.pool, mallory.memberId);
    expect(valueOf<RebateDay>(await dayOf(mallory.token, BET_DAY))).toMatchObject({ totalRemain: 0, totalPaid: 0 });
    expect(refusal(await disburse(mallory.token, { balanceDate: BET_DAY, rebateAmount: 3.1 }))).toEqual({ status: 409, errorCode: 'rebate.nothing.to.claim' });
    expect(refusal(await disburse(mallory.token, { balanceDate: BET_DAY, rebateAmount: 1.5, categories: ['live'] }))).toEqual({ status: 409, errorCode: 'rebate.nothing.to.claim' });
    expect(await mainBalanceMinor(context.pool, mallory.memberId)).toBe(before);
  });

  it('shows in the account records (betting rebate filter), the P&L’s rebate and the team report’s rebates', async () => {
    const dayStart = Date.UTC(2026, 10, 28) - DHAKA;
    const records = valueOf<MemberTransactions>(
      await request('GET', `/wps/relay/ODSFE2_MemTransDet?language=EN&startTime=${dayStart}&endTime=${dayStart + DAY - 1}&codeTypes=betting_rebate&page=1&size=13`, alice.token),
    );
    expect(records.list).toHaveLength(7);
    expect(records.list.every((row) => row.txTypeName === 'Daily betting rebate')).toBe(true);
    expect(records.footer?.amount).toBe(3.1);

    const profit = valueOf<MemberProfit>(await request('GET', '/wps/relay/ODSFE2_MemPNLDet?startDate=2026-11-28&endDate=2026-11-28&page=1&size=10', alice.token));
    expect(profit.list).toEqual([expect.objectContaining({ balanceDate: '2026-11-28', rebate: 3.1 })]);

    const team = valueOf<AgentTeamProfitLoss>(await request('GET', `/wps/report/teamProfitLoss?startDate=${dayStart}&endDate=${dayStart + DAY}`, (await relogin(agent)).token));
    expect(team.list).toEqual([expect.objectContaining({ username: alice.username, rebates: 3.1 })]);
  });
});

describe('the merchant pays it by itself (mode auto)', () => {
  afterAll(async () => {
    expect((await putSettings({ mode: 'manual' })).statusCode).toBe(200);
  });

  it('pays the closed day once with two runners, and refuses the member’s claim', async () => {
    clock.nowMs = LOTTERY_TEST_START_MS + 2 * DAY;
    const bob = await player();
    const carol = await player();
    await vendorRound(bob, 'LIVE', 100_00);
    await vendorRound(carol, 'RNG', 50_00);
    const balanceDate = '2026-11-29';
    expect((await putSettings({ mode: 'auto' })).statusCode).toBe(200);

    clock.nowMs = Date.UTC(2026, 10, 30) - DHAKA + HOUR;
    const [bobNow, carolNow] = [await relogin(bob), await relogin(carol)];
    expect(refusal(await disburse(bobNow.token, { balanceDate, rebateAmount: 0.6 }))).toEqual({ status: 409, errorCode: 'rebate.mode.auto' });
    expect(valueOf<RebateDay>(await dayOf(bobNow.token, balanceDate))).toMatchObject({ mode: 'auto', liveRemain: 0.6, totalPaid: 0 });

    // Two replicas' jobs at once, then a plain run twice more: 0.60 to bob, 0.40 to carol, once.
    const jobs = [createRebateJob({ db: context.pool, clock: clock.now }), createRebateJob({ db: context.pool, clock: clock.now })];
    await Promise.all(jobs.map((job) => job.runOnce()));
    await Promise.all(jobs.map((job) => job.close()));
    await payAutoRebates(context.pool, clock.nowMs);
    await Promise.all([payAutoRebates(context.pool, clock.nowMs), payAutoRebates(context.pool, clock.nowMs)]);
    expect(await rebateCredits(bob.memberId)).toEqual({ n: 1, sum: '60' });
    expect(await rebateCredits(carol.memberId)).toEqual({ n: 1, sum: '40' });
    expect(valueOf<RebateDay>(await dayOf(carolNow.token, balanceDate))).toMatchObject({ rngRemain: 0, totalPaid: 0.4 });
  });
});

describe('the operators’ settings', () => {
  it('reads and changes the mode and rates (two decimals at most), audited; risk reads only', async () => {
    const read = valueOf<{ mode: string; rates: { vipLevel: number; category: string; percent: number }[] }>(
      await context.app.inject({ method: 'GET', url: '/ops/v1/rebate/settings', headers: { authorization: `Bearer ${await operatorToken()}` } }),
    );
    expect(read.mode).toBe('manual');
    expect(read.rates).toContainEqual({ vipLevel: 0, category: 'rng', percent: 0.8 });
    expect(refusal(await putSettings({ rates: [{ vipLevel: 0, category: 'rng', percent: 0.125 }] }))).toEqual({ status: 400, errorCode: 'operator.rebate.invalid' });
    expect((await putSettings({ rates: [{ vipLevel: 0, category: 'rng', percent: 11 }] })).statusCode).toBe(400);
    expect(valueOf<{ rates: unknown[] }>(await putSettings({ rates: [{ vipLevel: 2, category: 'fish', percent: 1.25 }] })).rates).toContainEqual({ vipLevel: 2, category: 'fish', percent: 1.25 });
    const audit = await context.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM operator_action WHERE action = 'rebate.settings'");
    expect(audit.rows[0].n).toBeGreaterThanOrEqual(3);
    // The change's outcome: the rate it touched as it was and is, not the whole table.
    const change = await context.pool.query("SELECT detail FROM operator_action WHERE action = 'rebate.settings' AND outcome = 'ok' ORDER BY id DESC LIMIT 1");
    expect(change.rows[0].detail).toEqual({
      before: { rates: [{ vipLevel: 2, category: 'fish', percent: read.rates.find((rate) => rate.vipLevel === 2 && rate.category === 'fish')?.percent ?? null }] },
      after: { rates: [{ vipLevel: 2, category: 'fish', percent: 1.25 }] },
    });
    expect(refusal(await putSettings({ mode: 'auto' }, await operatorToken('risk')))).toEqual({ status: 403, errorCode: 'operator.role.forbidden' });
  });
});
