import { randomBytes } from 'node:crypto';
import type { MemberProfit } from '@platform/contract';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { TestClock, tokenFor } from '../member/member.testing';
import { payWithdrawal, rejectWithdrawal } from '../withdrawal';
import { bindCard, credit, get, LOGIN_PASSWORD, memberWithSession, outcome, PAYMENT_PASSWORD, post, setPaymentPasswordOf, setWithdrawSettings, valueOf } from '../withdrawal/withdrawal.testing';

// The profit and loss over HTTP on a real PostgreSQL: each ledger kind lands in its column on the
// merchant's day (UTC+6 by default, the merchant's setting otherwise), a withdrawal counts when it
// is paid and only then, other members' and other kinds' money counts nothing, the footer sums the
// period, pages run newest first, and bad periods are refused.

const clock = new TestClock();
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

afterEach(async () => {
  await setWithdrawSettings(context.pool, context.merchantId, {});
});

/** The member's posting of `kind` (signed: positive credits the member), against a test house account. */
async function move(memberId: number, kind: string, amountMinor: number, nowMs: number): Promise<void> {
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_test', nowMs);
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', nowMs);
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `profit-test:${randomBytes(8).toString('hex')}`,
    kind,
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: wallet, amountMinor },
    ],
    nowMs,
  });
}

const profit = async (token: string, query: string) => valueOf<MemberProfit>(await get(context.app, `/wps/relay/ODSFE2_MemPNLDet?${query}`, token));

/** Dhaka midnight of 2025-01-14 is 2025-01-13 18:00 UTC. */
const DAY14 = Date.UTC(2025, 0, 13, 18, 0, 0);
const HOUR = 3_600_000;

const emptyDay = { deposit: 0, withdraw: 0, betAmount: 0, validBetAmount: 0, winAmount: 0, rebate: 0, promotion: 0, totalInvitationAmount: 0, profitAndLoss: 0 };

/** A member with deposits, bets, wins, a refund, rebates, a bonus, an invitation reward and withdrawals over four Dhaka days. */
async function busyMember() {
  // The report is what is tested, not the wagering requirement: neither the deposits nor the
  // operator's adjustment below add to it (modules/wagering).
  await setWithdrawSettings(context.pool, context.merchantId, { turnoverMultiplier: 0 });
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wagering', '{"operatorCreditMultiplier": 0}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId],
  );
  clock.nowMs = DAY14 - 10 * HOUR;
  const member = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, member.token);
  const cardId = await bindCard(context.app, member.token);
  // 2025-01-13 23:59:59 in Dhaka.
  await move(member.memberId, 'deposit', 500, DAY14 - 1000);
  // 2025-01-14, from its first to its last second.
  await move(member.memberId, 'deposit', 100_000, DAY14);
  await move(member.memberId, 'bet', -30_000, DAY14 + HOUR);
  await move(member.memberId, 'win', 45_000, DAY14 + HOUR);
  await move(member.memberId, 'bet_refund', 5_000, DAY14 + 2 * HOUR);
  await move(member.memberId, 'betting_rebate', 1_234, DAY14 + 24 * HOUR - 1000);
  await move(member.memberId, 'bonus', 2_000, DAY14 + 24 * HOUR - 1000);
  // Not profit and loss: an operator's adjustment, a transfer to upline, money of no known kind.
  await move(member.memberId, 'operator_adjustment', 77_700, DAY14 + 3 * HOUR);
  await move(member.memberId, 'upline_transfer', -1_100, DAY14 + 3 * HOUR);
  await credit(context.pool, context.merchantId, member.memberId, 100_000, DAY14 + 3 * HOUR);
  // 2025-01-15: an invitation reward; two withdrawals requested (one rejected the same day, one
  // paid the next day: a withdrawal counts on the day it is paid, and only when paid).
  await move(member.memberId, 'invitation_reward', 800, DAY14 + 24 * HOUR);
  // Sessions end when idle: a new login after each jump of the clock.
  const relogin = () => tokenFor(context.app, member.username, LOGIN_PASSWORD, `10.77.0.${++counter % 250}`);
  let token = member.token;
  const withdraw = async (amount: number) => {
    const response = await post(context.app, '/wps/relay/withdraw', token, { amount, bankCardId: cardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, { 'idempotency-key': `pnl-${randomBytes(8).toString('hex')}` });
    return valueOf<{ withdrawId: number }>(response).withdrawId;
  };
  clock.nowMs = DAY14 + 25 * HOUR;
  token = await relogin();
  const paid = await withdraw(600);
  const rejected = await withdraw(500);
  const pending = await withdraw(700);
  await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: rejected, operatorName: 'op', reason: 'test', nowMs: DAY14 + 26 * HOUR });
  // 2025-01-16.
  await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: paid, operatorName: 'op', nowMs: DAY14 + 49 * HOUR });
  clock.nowMs = DAY14 + 50 * HOUR;
  return { ...member, token: await relogin(), pendingWithdrawalId: pending };
}

describe('the days and their columns', () => {
  it('puts each kind in its column on the merchant’s day (UTC+6), newest first, with the period’s totals', async () => {
    const member = await busyMember();
    // Another member's money on the same days counts nothing here.
    const other = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    await move(other.memberId, 'deposit', 99_900, DAY14 + HOUR);

    const value = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-16');
    expect(value.list).toEqual([
      { ...emptyDay, balanceDate: '2025-01-16', withdraw: 600 },
      { ...emptyDay, balanceDate: '2025-01-15', totalInvitationAmount: 8 },
      {
        ...emptyDay,
        balanceDate: '2025-01-14',
        deposit: 1000,
        betAmount: 250,
        validBetAmount: 250,
        winAmount: 450,
        rebate: 12.34,
        promotion: 20,
        profitAndLoss: 232.34,
      },
      { ...emptyDay, balanceDate: '2025-01-13', deposit: 5 },
    ]);
    expect(value.totalPages).toBe(1);
    expect(value.footer).toEqual({
      deposit: 1005,
      withdraw: 600,
      betAmount: 250,
      validBetAmount: 250,
      winAmount: 450,
      rebate: 12.34,
      promotion: 20,
      totalInvitationAmount: 8,
      profitAndLoss: 232.34,
    });
    // A player who lost: the result is negative.
    await move(member.memberId, 'bet', -70_000, DAY14 + 2 * HOUR);
    const day = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-14');
    expect(day.list).toEqual([expect.objectContaining({ balanceDate: '2025-01-14', betAmount: 950, winAmount: 450, profitAndLoss: -467.66 })]);
    expect(day.footer).toEqual(expect.objectContaining({ deposit: 1000, withdraw: 0, betAmount: 950, profitAndLoss: -467.66 }));

    const empty = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    expect(await profit(empty.token, 'startDate=2025-01-13&endDate=2025-01-16')).toEqual({ list: [], totalPages: 0, footer: emptyDay });
  });

  it('pages the days; the footer is the whole period’s', async () => {
    const member = await busyMember();
    const first = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-16&page=1&size=3');
    const second = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-16&page=2&size=3');
    expect(first.list.map((row) => row.balanceDate)).toEqual(['2025-01-16', '2025-01-15', '2025-01-14']);
    expect(second.list.map((row) => row.balanceDate)).toEqual(['2025-01-13']);
    expect([first.totalPages, second.totalPages]).toEqual([2, 2]);
    expect(second.footer).toEqual(first.footer);
    expect(first.footer?.deposit).toBe(1005);
  });

  it('follows the merchant’s time zone setting', async () => {
    const member = await busyMember();
    await setWithdrawSettings(context.pool, context.merchantId, { timeZoneOffsetMinutes: 0 });
    const value = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-16');
    // In UTC both deposits and the bets fall on the 13th; the rebate and bonus (17:59:59 UTC) and the
    // invitation reward on the 14th; the payment (19:00 UTC) on the 15th.
    expect(value.list.map((row) => [row.balanceDate, row.deposit, row.betAmount, row.rebate, row.withdraw, row.totalInvitationAmount])).toEqual([
      ['2025-01-15', 0, 0, 0, 600, 0],
      ['2025-01-14', 0, 0, 12.34, 0, 8],
      ['2025-01-13', 1005, 250, 0, 0, 0],
    ]);
  });

  it('refuses an unknown game category', async () => {
    const member = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    expect((await get(context.app, '/wps/relay/ODSFE2_MemPNLDet?startDate=2025-01-13&endDate=2025-01-16&gameCategory=CASINO', member.token)).statusCode).toBe(400);
  });
});

/** A game round as the game-provider module records it (game_round, migration 030). */
async function gameRound(
  memberId: number | null,
  input: { category: string; startedAtMs: number; betMinor: number; validBetMinor?: number; winMinor: number; status?: 'open' | 'settled' | 'rolled_back' },
): Promise<void> {
  const account = memberId === null ? null : await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', input.startedAtMs);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id,
                             ledger_account_id, bet_minor, win_minor, valid_bet_minor, status, started_at)
     VALUES ($1, $2, $3, 'JL', 'JLS001', 'Fortune Gems', $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      context.merchantId,
      memberId,
      memberId === null,
      input.category,
      `pnl-round-${randomBytes(6).toString('hex')}`,
      account,
      input.betMinor,
      input.winMinor,
      input.validBetMinor ?? input.betMinor,
      input.status ?? 'settled',
      new Date(input.startedAtMs),
    ],
  );
}

describe('the games’ rounds', () => {
  it('count stakes, valid stakes and wins per day the rounds started, per category when one is asked for', async () => {
    const member = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    const other = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    await move(member.memberId, 'deposit', 100_000, DAY14);
    // 2025-01-14 (Dhaka): two RNG rounds, an INHOUSE round; the last second of the day.
    await gameRound(member.memberId, { category: 'RNG', startedAtMs: DAY14 + HOUR, betMinor: 1_000, validBetMinor: 900, winMinor: 2_500 });
    await gameRound(member.memberId, { category: 'RNG', startedAtMs: DAY14 + 2 * HOUR, betMinor: 500, winMinor: 0, status: 'open' });
    await gameRound(member.memberId, { category: 'INHOUSE', startedAtMs: DAY14 + 24 * HOUR - 1000, betMinor: 10_000, winMinor: 0 });
    // 2025-01-15: a FISH round.
    await gameRound(member.memberId, { category: 'FISH', startedAtMs: DAY14 + 24 * HOUR, betMinor: 300, winMinor: 100 });
    // None of the member's: a rolled-back round, trial play, another member's round.
    await gameRound(member.memberId, { category: 'RNG', startedAtMs: DAY14 + HOUR, betMinor: 77_700, winMinor: 0, status: 'rolled_back' });
    await gameRound(null, { category: 'RNG', startedAtMs: DAY14 + HOUR, betMinor: 55_500, winMinor: 99_900 });
    await gameRound(other.memberId, { category: 'RNG', startedAtMs: DAY14 + HOUR, betMinor: 33_300, winMinor: 0 });

    const all = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-15');
    expect(all.list).toEqual([
      { ...emptyDay, balanceDate: '2025-01-15', betAmount: 3, validBetAmount: 3, winAmount: 1, profitAndLoss: -2 },
      { ...emptyDay, balanceDate: '2025-01-14', deposit: 1000, betAmount: 115, validBetAmount: 114, winAmount: 25, profitAndLoss: -90 },
    ]);
    expect(all.footer).toEqual({ ...emptyDay, deposit: 1000, betAmount: 118, validBetAmount: 117, winAmount: 26, profitAndLoss: -92 });

    // One category: its rounds only; the deposit stays whole.
    const rng = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-15&gameCategory=RNG');
    expect(rng.list).toEqual([{ ...emptyDay, balanceDate: '2025-01-14', deposit: 1000, betAmount: 15, validBetAmount: 14, winAmount: 25, profitAndLoss: 10 }]);
    const inhouse = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-15&gameCategory=INHOUSE');
    expect(inhouse.footer).toEqual({ ...emptyDay, deposit: 1000, betAmount: 100, validBetAmount: 100, winAmount: 0, profitAndLoss: -100 });
    const live = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-15&gameCategory=LIVE');
    expect(live.list).toEqual([{ ...emptyDay, balanceDate: '2025-01-14', deposit: 1000 }]);

    // In UTC the deposit (18:00 UTC on the 13th) falls on the 13th, the INHOUSE round (17:59:59
    // UTC) stays on the 14th and the FISH round (18:00 UTC) moves to the 14th: the days follow the
    // merchant's time zone.
    await setWithdrawSettings(context.pool, context.merchantId, { timeZoneOffsetMinutes: 0 });
    const utc = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-15&gameCategory=INHOUSE');
    expect(utc.list.map((row) => [row.balanceDate, row.betAmount])).toEqual([['2025-01-14', 100], ['2025-01-13', 0]]);
    const utcFish = await profit(member.token, 'startDate=2025-01-13&endDate=2025-01-15&gameCategory=FISH');
    expect(utcFish.list.map((row) => [row.balanceDate, row.betAmount])).toEqual([['2025-01-14', 3], ['2025-01-13', 0]]);
  });

  it('a ledger bet without a round counts only when no category is asked for', async () => {
    const member = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    await move(member.memberId, 'operator_adjustment', 5_000, DAY14);
    await move(member.memberId, 'bet', -2_000, DAY14 + HOUR);
    await move(member.memberId, 'win', 500, DAY14 + HOUR);
    await gameRound(member.memberId, { category: 'RNG', startedAtMs: DAY14 + HOUR, betMinor: 1_000, validBetMinor: 800, winMinor: 0 });
    const all = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-14');
    expect(all.footer).toEqual({ ...emptyDay, betAmount: 30, validBetAmount: 28, winAmount: 5, profitAndLoss: -25 });
    const rng = await profit(member.token, 'startDate=2025-01-14&endDate=2025-01-14&gameCategory=RNG');
    expect(rng.footer).toEqual({ ...emptyDay, betAmount: 10, validBetAmount: 8, winAmount: 0, profitAndLoss: -10 });
  });
});

describe('the period', () => {
  it('takes at most 31 days, ending on or after the start, of dates that exist', async () => {
    const member = await memberWithSession(context, `pnl${String(++counter).padStart(3, '0')}`, clock.nowMs);
    expect((await profit(member.token, 'startDate=2025-01-01&endDate=2025-01-31')).list).toEqual([]);
    expect((await profit(member.token, 'startDate=2024-02-29&endDate=2024-02-29')).list).toEqual([]);
    const refused = async (query: string) => outcome(await get(context.app, `/wps/relay/ODSFE2_MemPNLDet?${query}`, member.token));
    expect(await refused('startDate=2025-01-01&endDate=2025-02-01')).toEqual({ status: 400, errorCode: 'profit.period.invalid' });
    expect(await refused('startDate=2025-01-02&endDate=2025-01-01')).toEqual({ status: 400, errorCode: 'profit.period.invalid' });
    expect(await refused('startDate=2025-02-29&endDate=2025-03-01')).toEqual({ status: 400, errorCode: 'profit.period.invalid' });
    const response = await get(context.app, '/wps/relay/ODSFE2_MemPNLDet?startDate=2025-01-01&endDate=2025-03-01', member.token);
    expect(JSON.parse(response.body).message).toBe('Choose a period of at most 31 days that ends after it starts');
    for (const query of ['startDate=2025-1-1&endDate=2025-01-02', 'startDate=2025-01-01', 'endDate=2025-01-01', 'startDate=2025-13-01&endDate=2025-01-02', 'startDate=2025-01-01&endDate=2025-01-02&size=32']) {
      expect({ query, status: (await get(context.app, `/wps/relay/ODSFE2_MemPNLDet?${query}`, member.token)).statusCode }).toEqual({ query, status: 400 });
    }
    expect((await context.app.inject({ method: 'GET', url: '/wps/relay/ODSFE2_MemPNLDet?startDate=2025-01-01&endDate=2025-01-02' })).statusCode).toBe(401);
  });
});
