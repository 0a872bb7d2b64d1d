import { randomBytes } from 'node:crypto';
import { playsOf, type Draw } from '@platform/lottery-rules';
import type { Envelope } from '@platform/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { cancelBet, placeOrder, settleRound } from '../lottery';
import { costOf, drawRoundAs, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { createMember, tokenFor } from '../member/member.testing';
import {
  bindCard,
  credit,
  LOGIN_PASSWORD,
  memberWithSession,
  newKey,
  PAYMENT_PASSWORD,
  post as encryptedPost,
  setPaymentPasswordOf,
  valueOf,
} from '../withdrawal/withdrawal.testing';
import type { Dashboard } from './dashboard.service';
import type { OperatorRole } from './operator-roles';
import { operatorLogin } from './operator.testing';

// The back office's dashboard on a small world built through the real services, over two days of
// Dhaka's calendar (the default merchant's, UTC+6): members registered, deposits credited (and one
// left pending), a withdrawal paid (and one pending), lottery bets settled, in-house slots through
// the seamless-wallet API, vendors' rounds, bonuses. Every figure is checked to the cent; what is
// not the merchant's money (guests, trial play, open rounds, refunded bets, another merchant) is
// in the world too, and counts nothing.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** LOTTERY_TEST_START_MS is 10:00 in Dhaka on 2026-11-27: today. */
const TODAY = '2026-11-27';
const YESTERDAY = '2026-11-26';
const secretsKey = testSecretsKey();

let now = LOTTERY_TEST_START_MS - DAY;
let context: TestContext;
let counter = 0;

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const operator = async (role: OperatorRole) => (await operatorLogin(context, { username: `dash-${role}-${++counter}`, role, nowMs: now })).token;
const memberToken = (username: string) => tokenFor(context.app, username, LOGIN_PASSWORD, `10.77.0.${++counter}`);
const refusal = (response: LightMyRequestResponse) => [response.statusCode, json<Envelope<null>>(response).errorCode];
const id = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

async function deposit(username: string, amount: number, cashier: string | null): Promise<void> {
  const response = await context.app.inject({
    method: 'POST',
    url: '/wps/relay/depositMTV3',
    headers: { authorization: await memberToken(username), 'idempotency-key': newKey() },
    payload: { amount, payeeName: 'Karim Ahmed' },
  });
  const { depositId } = valueOf<{ depositId: number }>(response);
  if (cashier) expect(valueOf<{ deposit: { status: string } }>(await ops(cashier, 'POST', `/deposits/D${depositId}/approve`, {})).deposit.status).toBe('approved');
}

async function withdraw(token: string, bankCardId: number, amount: number): Promise<string> {
  const response = await encryptedPost(context.app, '/wps/relay/withdraw', token, { amount, bankCardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, { 'idempotency-key': newKey() });
  const value = valueOf<{ orderNo?: string; withdrawId?: number }>(response);
  return value.orderNo ?? `W${value.withdrawId}`;
}

/** A vendor's game round as the seamless-wallet API leaves it (only the in-house JL has a provider here). */
async function vendorRound(memberId: number, stakeMinor: number, winMinor: number, { status = 'settled', trial = false, unit = 'REAL' } = {}) {
  const account = await context.pool.query<{ id: string }>('SELECT id FROM ledger_account WHERE member_id = $1 AND unit = $2', [memberId, unit]);
  await context.pool.query(
    `INSERT INTO game_round (merchant_id, member_id, trial, vassalage, game_code, game_name, game_category, vendor_round_id, ledger_account_id,
                             bet_minor, valid_bet_minor, win_minor, status, started_at, ended_at)
     VALUES ($1, $2, $3, 'TESTVENDOR', 'G1', 'Game', 'LIVE', $4, $5, $6, $6, $7, $8, $9, $10)`,
    [context.merchantId, trial ? null : memberId, trial, id('round'), trial ? null : account.rows[0].id, stakeMinor, winMinor, status, new Date(now - 60_000), status === 'open' ? null : new Date(now)],
  );
}

/** Money the promotions module pays (kind promotion) or takes back (promotion_takeback). */
async function promotion(memberId: number, amountMinor: number, kind: 'promotion' | 'promotion_takeback' = 'promotion') {
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_promotions', now);
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', now);
  const postings = [{ accountId: house, amountMinor: -amountMinor }, { accountId: wallet, amountMinor }];
  await postTransaction(context.pool, {
    merchantId: context.merchantId, idempotencyKey: id(kind), kind, unit: 'REAL',
    postings: kind === 'promotion' ? postings : postings.map((posting) => ({ ...posting, amountMinor: -posting.amountMinor })),
    wageringRequirementMinor: 0, nowMs: now,
  });
}

const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;

async function lotteryBet(memberId: number, gameCode: string, digit: number) {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, now);
  const line = lineOf(position, [[digit], [], [], [], []], { multiple: 5 });
  const order = await placeOrder(context.pool, {
    merchantId: context.merchantId, memberId, gameCode, currentNumero: round.numero, slip: slipOf([line]),
    betCartAmountSum: costOf([line]), chase: 0, winningStop: false, nowMs: now,
  });
  return { round, order };
}

const dashboard = async (query: string, token?: string): Promise<Dashboard> => {
  const response = await ops(token ?? (await operator('risk')), 'GET', `/dashboard${query}`);
  expect(response.statusCode).toBe(200);
  return json<Envelope<Dashboard>>(response).value;
};

beforeAll(async () => {
  context = await createTestApp({ clock: () => now });
  await context.app.ready();
  const jl = await providerClientFor(context, 'JL', () => now);

  // Long before: carl, who only withdraws (money credited, no deposit).
  const carl = await memberWithSession(context, 'dash_carl', Date.UTC(2026, 10, 1, 4));
  await credit(context.pool, context.merchantId, carl.memberId, 2_000_00, Date.UTC(2026, 10, 1, 4));

  // Yesterday, 10:00 in Dhaka: ann registers and deposits 500.00 (her first); a guest arrives;
  // ann plays a vendor's round, 100.00 staked, 40.00 won; a promotion pays her 7.50.
  let cashier = await operator('cashier');
  const ann = await memberWithSession(context, 'dash_ann', now);
  const guestYesterday = await createMember(context.pool, context.merchantId, { username: 'dash_guest1', memberType: 4, nowMs: now });
  await deposit('dash_ann', 500, cashier);
  await vendorRound(ann.memberId, 100_00, 40_00);
  await promotion(ann.memberId, 7_50);
  // Guests' play money is no one's: a round of theirs counts nothing.
  await vendorRound(guestYesterday, 999_00, 0, { unit: 'PLAY' });

  // Today, 10:00:20 in Dhaka.
  now = LOTTERY_TEST_START_MS;
  cashier = await operator('cashier');
  const bob = await memberWithSession(context, 'dash_bob', now);
  await createMember(context.pool, context.merchantId, { username: 'dash_guest2', memberType: 4, nowMs: now });
  const other = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('DASHOTHER', 'Other') RETURNING id")).rows[0].id;
  await createMember(context.pool, other, { username: 'dash_outsider', nowMs: now });

  // Deposits: bob 800.00 (his first) and 600.50, ann 700.00 (not her first); ann's 999.00 waits.
  await deposit('dash_bob', 800, cashier);
  await deposit('dash_bob', 600.5, cashier);
  await deposit('dash_ann', 700, cashier);
  await deposit('dash_ann', 999, null);

  // Withdrawals: carl's 600.00 paid, his 700.00 pending.
  const carlToken = await memberToken('dash_carl');
  await setPaymentPasswordOf(context.app, carlToken);
  const card = await bindCard(context.app, carlToken);
  const paid = await withdraw(carlToken, card, 600);
  await withdraw(carlToken, card, 700);
  expect(valueOf<{ changed: boolean }>(await ops(cashier, 'POST', `/withdrawals/${paid}/pay`)).changed).toBe(true);
  // An operator's adjustment is no bonus.
  expect((await context.app.inject({
    method: 'POST', url: '/ops/v1/members/dash_carl/adjustments', headers: { authorization: `Bearer ${cashier}`, 'idempotency-key': newKey() },
    payload: { amount: 12.5, direction: 'credit', reason: 'goodwill' },
  })).statusCode).toBe(200);

  // The lottery: ann and bob stake 10.00 each on the first digit of one round, drawn 7: ann's 7
  // wins, bob's 3 loses. Bob's bet cancelled and ann's bet in a round not drawn count nothing.
  const won = await lotteryBet(ann.memberId, 'SSC1', 7);
  await lotteryBet(bob.memberId, 'SSC1', 3);
  const cancelled = await lotteryBet(bob.memberId, 'SSC1', 5);
  await cancelBet(context.pool, context.merchantId, bob.memberId, cancelled.order.bets[0].orderDetailId, now);
  await lotteryBet(ann.memberId, 'SSC5', 7);
  await drawRoundAs(context.pool, won.round.roundId, { kind: 'SSC', numbers: [7, 0, 0, 0, 0] } satisfies Draw, now);
  await settleRound(context.pool, won.round.roundId, now);

  // The in-house slots: ann stakes 12.34 + 7.66 in a round that ends with 5.00 won; a bet rolled
  // back and a round never ended count nothing.
  const launched = valueOf<{ game_url: string }>(await launch(context.app, await memberToken('dash_ann'), { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
  const session = sessionTokenOf(launched.game_url);
  const round = id('round');
  await jl.bet({ sessionToken: session, transactionId: id('bet'), roundId: round, gameCode: 'JLS001', amount: 12_34 });
  await jl.bet({ sessionToken: session, transactionId: id('bet'), roundId: round, gameCode: 'JLS001', amount: 7_66 });
  await jl.win({ playerId: String(ann.memberId), transactionId: id('win'), roundId: round, gameCode: 'JLS001', amount: 5_00 });
  await jl.endRound({ playerId: String(ann.memberId), roundId: round });
  const rolledBack = id('bet');
  await jl.bet({ sessionToken: session, transactionId: rolledBack, roundId: id('round'), gameCode: 'JLS001', amount: 3_00 });
  await jl.rollback({ transactionId: id('rb'), referenceTransactionId: rolledBack });
  await jl.bet({ sessionToken: session, transactionId: id('bet'), roundId: id('round'), gameCode: 'JLS001', amount: 4_00 });

  // Vendors: bob stakes 50.00 and wins 80.00; a round still open and trial play count nothing.
  await vendorRound(bob.memberId, 50_00, 80_00);
  await vendorRound(bob.memberId, 70_00, 0, { status: 'open' });
  await vendorRound(bob.memberId, 60_00, 0, { trial: true });

  // Promotions: 25.00 to bob, 5.00 of it taken back.
  await promotion(bob.memberId, 25_00);
  await promotion(bob.memberId, 5_00, 'promotion_takeback');
  now += HOUR;
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

it('settled the lottery as the world says: ann’s 10.00 on 7 won 95.00, each bet paid 0.30 of rebate', async () => {
  const paid = await context.pool.query<{ kind: string; minor: string }>(
    `SELECT t.kind, sum(p.amount_minor)::text AS minor FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id
       JOIN ledger_account a ON a.id = p.account_id AND a.member_id IS NOT NULL
      WHERE t.kind IN ('win', 'betting_rebate') GROUP BY t.kind ORDER BY t.kind`,
  );
  expect(paid.rows).toEqual([{ kind: 'betting_rebate', minor: '60' }, { kind: 'win', minor: '9500' }]);
});

describe('the dashboard', () => {
  const yesterday = () => ({
    day: YESTERDAY, registrations: 1, firstDeposits: 1, depositCount: 1, depositAmount: 500, withdrawalCount: 0, withdrawalAmount: 0,
    activePlayers: 1, stakes: 100, wins: 40, ggr: 60, bonusCost: 7.5,
  });
  const today = () => ({
    day: TODAY, registrations: 1, firstDeposits: 1, depositCount: 3, depositAmount: 2100.5, withdrawalCount: 1, withdrawalAmount: 600,
    activePlayers: 2,
    // Lottery 20.00, in-house 20.00, vendors 50.00; won 95.00, 5.00 and 80.00.
    stakes: 90, wins: 180, ggr: -90,
    // The promotion net of its take-back, and the lottery's rebates.
    bonusCost: 20.6,
  });

  it('answers today by default, every figure to the cent', async () => {
    const { day: _day, ...totals } = today();
    expect(await dashboard('')).toEqual({
      from: TODAY,
      to: TODAY,
      currency: 'BDT',
      totals: {
        ...totals,
        byProduct: [
          { product: 'lottery', stakes: 20, wins: 95, ggr: -75 },
          { product: 'inhouse', stakes: 20, wins: 5, ggr: 15 },
          { product: 'vendor', stakes: 50, wins: 80, ggr: -30 },
        ],
      },
      days: [today()],
    });
  });

  it('adds up two days, counting a player of both once', async () => {
    const value = await dashboard(`?from=${YESTERDAY}&to=${TODAY}`);
    expect(value.days).toEqual([yesterday(), today()]);
    expect(value.totals).toEqual({
      registrations: 2, firstDeposits: 2, depositCount: 4, depositAmount: 2600.5, withdrawalCount: 1, withdrawalAmount: 600,
      activePlayers: 2,
      stakes: 190, wins: 220, ggr: -30, bonusCost: 28.1,
      byProduct: [
        { product: 'lottery', stakes: 20, wins: 95, ggr: -75 },
        { product: 'inhouse', stakes: 20, wins: 5, ggr: 15 },
        { product: 'vendor', stakes: 150, wins: 120, ggr: 30 },
      ],
    });
    // Only yesterday; a missing to is today.
    expect((await dashboard(`?to=${YESTERDAY}`)).days).toEqual([yesterday()]);
    expect((await dashboard(`?from=${YESTERDAY}`)).days).toEqual([yesterday(), today()]);
  });

  it("answers the last days of the merchant's calendar, whatever calendar the back office is on", async () => {
    expect(await dashboard('?days=2')).toEqual(await dashboard(`?from=${YESTERDAY}&to=${TODAY}`));
    expect(await dashboard('?days=1')).toEqual(await dashboard(''));
    const token = await operator('cashier');
    expect(refusal(await ops(token, 'GET', `/dashboard?days=2&to=${TODAY}`))).toEqual([400, 'operator.period.invalid']);
    for (const days of ['0', '93', 'x']) expect((await ops(token, 'GET', `/dashboard?days=${days}`)).statusCode).toBe(400);
  });

  it('lists every day of the period, zeros where nothing happened', async () => {
    const value = await dashboard('?from=2026-11-24&to=2026-11-28');
    expect(value.days.map((day) => day.day)).toEqual(['2026-11-24', '2026-11-25', YESTERDAY, TODAY, '2026-11-28']);
    const zero = { registrations: 0, firstDeposits: 0, depositCount: 0, depositAmount: 0, withdrawalCount: 0, withdrawalAmount: 0, activePlayers: 0, stakes: 0, wins: 0, ggr: 0, bonusCost: 0 };
    for (const day of [value.days[0], value.days[1], value.days[4]]) expect(day).toEqual({ day: day.day, ...zero });
    expect(value.totals.activePlayers).toBe(2);
    // Another merchant sees none of it.
    const other = (await operatorLogin(context, { merchantCode: 'DASHOTHER', username: 'dash-other', role: 'cashier', nowMs: now })).token;
    const outside = await dashboard(`?from=${YESTERDAY}&to=${TODAY}`, other);
    expect(outside.days.map(({ day, ...figures }) => [day, figures])).toEqual([
      [YESTERDAY, zero],
      [TODAY, { ...zero, registrations: 1 }],
    ]);
  });

  it('refuses periods that are none, or too long, and changes nothing', async () => {
    const token = await operator('cashier');
    const before = await dashboard(`?from=${YESTERDAY}&to=${TODAY}`, token);
    const actions = (await context.pool.query('SELECT count(*)::int AS n FROM operator_action')).rows[0].n as number;
    for (const query of [
      `?from=${TODAY}&to=${YESTERDAY}`, '?from=2026-02-30', '?to=2026-13-01', '?from=yesterday', '?from=2026-1-27', `?from=2026-08-27&to=${TODAY}`,
    ]) {
      expect(refusal(await ops(token, 'GET', `/dashboard${query}`))).toEqual([400, 'operator.period.invalid']);
    }
    expect((await dashboard(`?from=2026-08-28&to=${TODAY}`, token)).days).toHaveLength(92);
    expect(await dashboard(`?from=${YESTERDAY}&to=${TODAY}`, token)).toEqual(before);
    expect((await context.pool.query('SELECT count(*)::int AS n FROM operator_action')).rows[0].n).toBe(actions);
  });

  it('is read by cashiers, risk and content staff, not by support', async () => {
    for (const role of ['cashier', 'risk', 'content', 'admin'] as const) expect((await ops(await operator(role), 'GET', '/dashboard')).statusCode).toBe(200);
    expect(refusal(await ops(await operator('support'), 'GET', '/dashboard'))).toEqual([403, 'operator.role.forbidden']);
  });
});
