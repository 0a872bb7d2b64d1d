import { randomBytes } from 'node:crypto';
import type { Envelope, JlSpin, LotteryBetResult, PromotionClaimed, PromotionEntry } from '@platform/contract';
import { playsOf } from '@platform/lottery-rules';
import type { LightMyRequestResponse } from 'fastify';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import type { ProviderClient } from '../game-provider';
import { launch, outsideVendorSession, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import { assertLedgerReconciled, memberBalanceMinor } from '../ledger';
import { settleRound } from '../lottery';
import { costOf, drawRoundAs, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf } from '../lottery/lottery.testing';
import { TestClock } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { wageringStateOf } from '../wagering';
import { bindCard, credit, memberWithSession, newKey, PAYMENT_PASSWORD, post, setPaymentPasswordOf, setWithdrawSettings, valueOf } from '../withdrawal/withdrawal.testing';

// A promotion bonus's wagering met from each product, worked by hand, through the routes a player
// and a vendor use on a real PostgreSQL (every stake is a real ledger movement, which records its
// wagering in the same transaction).
//
// One member claims a bonus of 100.00 with 5× to wager: 100.00 × 5 = 500.00 to stake. The merchant
// weighs the products (merchant setting 'wagering'): a lottery stake counts 1×, an in-house game's
// 0.5×, an outside vendor's 1.5×, each stake × weight rounded half up to the cent. A stake counts
// when its money leaves the wallet; wins, rebates and the end of a round move nothing. A refund
// that names its stake (a cancelled lottery bet names its order, a rollback its bet) puts back
// exactly what that stake took off, whatever the weights are by then.
//
// The running figures, remaining after each step:
//   claim                                                        500.00
//   lottery order 1 ticket × 2.00 × 10 = 20.00, × 1              480.00  (won and settled: still 480.00)
//   in-house spin of 100.00, × 0.5 = 50.00                       430.00
//   vendor bet 33.33, × 1.5 = 49.995 → 50.00                     380.00  (its win of 12.00: still 380.00)
//   lottery order 40.00 (−40.00), cancelled (+40.00)             380.00
//   in-house bet 10.00 (−5.00), rolled back (+5.00)              380.00
//   vendor bet 20.00 (−30.00), rolled back at weight 3 (+30.00)  380.00
//   vendor bet 200.00, × 1.5 = 300.00                             80.00  (withdrawal refused)
//   lottery order 1 ticket × 2.00 × 40 = 80.00                     0.00  (claimed; withdrawal accepted)

const clock = new TestClock();
clock.nowMs = LOTTERY_TEST_START_MS;
const secretsKey = secretsKeyFromEnv();
const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
let context: TestContext;

/** The member, its bonus and its sessions, shared by the steps below (they run in order). */
const state = {} as { memberId: number; token: string; cardId: number; promotionId: number; jlSession: string; pgSession: string; jl: ProviderClient; pg: ProviderClient };

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 1 });
  await setWagering({ inhouse: 0.5, vendor: 1.5 });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

async function setWagering(productWeights: Record<string, number>): Promise<void> {
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wagering', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify({ productWeights })],
  );
}

const envelope = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const player = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
  context.app.inject({ method, url, headers: { authorization: state.token, language: 'EN', ...headers }, ...(payload ? { payload } : {}) });
const remaining = async () => (await wageringStateOf(context.pool, context.merchantId, state.memberId)).remainingMinor;
const balance = () => memberBalanceMinor(context.pool, context.merchantId, state.memberId);
const entry = async () => valueOf<{ list: PromotionEntry[] }>(await player('GET', '/wps/promotions')).list.find((row) => row.id === state.promotionId)!;
const withdraw = (amount: number) =>
  post(context.app, '/wps/relay/withdraw', state.token, { password: PAYMENT_PASSWORD, currentWithdrawType: 'BC', amount, bankCardId: state.cardId }, { 'idempotency-key': newKey() });
const fresh = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** An order of one ticket on 万 = 7 at `multiple` (1 ticket × 2.00 × multiple), placed as the lottery page places it. */
async function lotteryOrder(gameCode: string, multiple: number): Promise<{ order: LotteryBetResult; roundId: number }> {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, clock.nowMs);
  const line = lineOf(position, [[7], [], [], [], []], { multiple });
  const body = { gameCode, currentNumero: round.numero, bettingSlipString: slipOf([line]), betCartAmountSum: costOf([line]), chase: 0, winningStop: false };
  const order = valueOf<LotteryBetResult>(await player('POST', '/lgw/orders/betting', body, { 'idempotency-key': fresh('order') }));
  return { order, roundId: round.roundId };
}

/** While anything remains: the bonus is in process, and a withdrawal is refused and moves nothing. */
async function expectRefused(figures: { requiredTurnover: number; actualTurnover: number; remainingTurnover: number }): Promise<void> {
  expect(await entry()).toMatchObject({ state: 'process', wagering: { multiplier: 5, remaining: figures.remainingTurnover } });
  const before = await balance();
  const refused = await withdraw(50);
  expect([refused.statusCode, envelope(refused).errorCode, envelope(refused).value]).toEqual([400, 'promotion_turnover_not_enough', figures]);
  expect(await balance()).toBe(before);
}

describe('a bonus of 100.00 with 5× to wager, met from each product', () => {
  it('claiming asks 100.00 × 5 = 500.00; until it is met nothing may be withdrawn', async () => {
    const content = (await operatorLogin(context, { username: 'wagering_desk', role: 'content', nowMs: clock.nowMs })).token;
    const created = await context.app.inject({
      method: 'POST',
      url: '/ops/v1/promotions',
      headers: { authorization: `Bearer ${content}` },
      payload: {
        category: 'new_player',
        title: 'Wagering Bonus 100',
        imageUrl: '/assets/promotions/daily-reload.svg',
        rules: { trigger: 'registration', reward: { kind: 'fixed', amount: 100 }, wagering: { multiplier: 5 } },
      },
    });
    state.promotionId = valueOf<{ id: number }>(created).id;

    const member = await memberWithSession(context, 'wagerall01', clock.nowMs);
    Object.assign(state, { memberId: member.memberId, token: member.token });
    await setPaymentPasswordOf(context.app, state.token);
    state.cardId = await bindCard(context.app, state.token);
    // Money of the member's own to stake with: a credit that is no deposit adds no requirement.
    await credit(context.pool, context.merchantId, state.memberId, 1_000_00, clock.nowMs);
    expect(await remaining()).toBe(0);

    const paid = valueOf<PromotionClaimed>(await player('POST', '/wps/promotions/claim', { promotionId: state.promotionId }));
    expect(paid).toMatchObject({ bonus: 100, balance: 1_100, promotion: { state: 'process', wagering: { remaining: 500 } } });
    expect(await remaining()).toBe(500_00);
    await expectRefused({ requiredTurnover: 500, actualTurnover: 0, remainingTurnover: 500 });
  });

  it('a stake of each product takes off stake × its weight, to the cent', async () => {
    // Lottery, weight 1: 1 ticket × 2.00 × 10 = 20.00 → 500.00 − 20.00 = 480.00.
    const { order, roundId } = await lotteryOrder('SSC1', 10);
    expect(order.amount).toBe(20);
    expect(await remaining()).toBe(480_00);
    // Drawn 7 1 2 3 4, settled: the ticket wins 19.00 × 10 = 190.00 and the rebate is 3 % of
    // 20.00 = 0.60; paid, and neither is a stake: still 480.00.
    const beforeSettling = await balance();
    await drawRoundAs(context.pool, roundId, { kind: 'SSC', numbers: [7, 1, 2, 3, 4] }, clock.nowMs);
    expect(await settleRound(context.pool, roundId, clock.nowMs)).toMatchObject({ settled: true, winners: 1 });
    expect(await balance()).toBe(beforeSettling + 190_00 + 60);
    expect(await remaining()).toBe(480_00);

    // In-house (JL, whose adapter is the in-house engine), weight 0.5: a spin of 100.00 counts
    // 100.00 × 0.5 = 50.00 → 430.00, whatever it wins.
    const launched = valueOf<{ game_url: string }>(await launch(context.app, state.token, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
    state.jlSession = sessionTokenOf(launched.game_url);
    const spin = await context.app.inject({ method: 'POST', url: '/jl/v1/slots/JLS001/spin', payload: { session: state.jlSession, bet: 100 } });
    expect(valueOf<JlSpin>(spin).bet).toBe(100);
    expect(await remaining()).toBe(430_00);

    // An outside vendor (PG), weight 1.5. No adapter for an outside vendor exists yet and a launch
    // needs one, so its provider row has none and the session its launch would open is written
    // with the launch's own query; the vendor's calls then go through the signed wallet API.
    const vendor = await context.pool.query<{ id: number }>("SELECT id FROM game_vendor WHERE merchant_id = $1 AND vassalage = 'PG' AND game_category = 'RNG'", [context.merchantId]);
    const game = await context.pool.query<{ id: number }>(
      "INSERT INTO game (merchant_id, game_vendor_id, game_code, name, min_bet_minor, created_at) VALUES ($1, $2, 'PG001', 'Outside slot', 20, now()) RETURNING id",
      [context.merchantId, vendor.rows[0].id],
    );
    await context.pool.query("INSERT INTO game_provider (merchant_id, vassalage, adapter) VALUES ($1, 'PG', NULL)", [context.merchantId]);
    state.pgSession = fresh('pg-session');
    await outsideVendorSession(context, { memberId: state.memberId, vassalage: 'PG', gameId: game.rows[0].id, token: state.pgSession, nowMs: clock.nowMs });
    state.pg = await providerClientFor(context, 'PG', clock.now);
    // 33.33 × 1.5 = 49.995, rounded half up to 50.00 → 380.00; its win and the end of the round move nothing.
    const round = fresh('pg-round');
    await state.pg.bet({ sessionToken: state.pgSession, transactionId: fresh('pg-bet'), roundId: round, gameCode: 'PG001', amount: 33_33 });
    expect(await remaining()).toBe(380_00);
    await state.pg.win({ playerId: String(state.memberId), transactionId: fresh('pg-win'), roundId: round, gameCode: 'PG001', amount: 12_00 });
    await state.pg.endRound({ playerId: String(state.memberId), roundId: round });
    expect(await remaining()).toBe(380_00);

    // The three products each counted at their own weight: 20.00 + 50.00 + 50.00 = 120.00.
    const counted = await context.pool.query<{ product: string; money: string; change: string }>(
      "SELECT product, money_minor AS money, change_minor AS change FROM wagering_entry WHERE member_id = $1 AND kind = 'stake_counted' ORDER BY id",
      [state.memberId],
    );
    expect(counted.rows.map((row) => [row.product, Number(row.money), Number(row.change)])).toEqual([
      ['lottery', 20_00, -20_00],
      ['inhouse', 100_00, -50_00],
      ['vendor', 33_33, -50_00],
    ]);
  });

  it('a stake given back meets nothing: a cancelled lottery bet, an in-house bet rolled back, a vendor’s rollback', async () => {
    // Lottery: 1 ticket × 2.00 × 20 = 40.00 → 340.00; the member cancels it before the draw, and
    // the refund (which names the order) puts back the 40.00 it took off → 380.00.
    const { order } = await lotteryOrder('SSC5', 20);
    expect(order.amount).toBe(40);
    expect(await remaining()).toBe(340_00);
    const cancel = await player('PUT', '/lgw/orders/suborders/cancel', { orderDetailId: order.bets[0].orderDetailId, lottoArea: 'LOTT' });
    expect(valueOf(cancel)).toEqual({ orderDetailId: order.bets[0].orderDetailId, refunded: 40 });
    expect(await remaining()).toBe(380_00);

    // In-house: the in-house game server's bet of 10.00 × 0.5 = 5.00 → 375.00, then its rollback
    // of that bet (as its recovery sends one) → 380.00.
    state.jl = await providerClientFor(context, 'JL', clock.now);
    const jlBet = fresh('jl-bet');
    await state.jl.bet({ sessionToken: state.jlSession, transactionId: jlBet, roundId: fresh('jl-round'), gameCode: 'JLS001', amount: 10_00 });
    expect(await remaining()).toBe(375_00);
    await state.jl.rollback({ transactionId: fresh('jl-rb'), referenceTransactionId: jlBet });
    expect(await remaining()).toBe(380_00);

    // Vendor: a bet of 20.00 × 1.5 = 30.00 → 350.00. The merchant raises the vendor weight to 3
    // before the vendor cancels the bet: the rollback names the bet and puts back the 30.00 it
    // took off, not 20.00 × 3 = 60.00 → 380.00.
    const pgBet = fresh('pg-bet');
    await state.pg.bet({ sessionToken: state.pgSession, transactionId: pgBet, roundId: fresh('pg-round'), gameCode: 'PG001', amount: 20_00 });
    expect(await remaining()).toBe(350_00);
    await setWagering({ inhouse: 0.5, vendor: 3 });
    await state.pg.rollback({ transactionId: fresh('pg-rb'), referenceTransactionId: pgBet });
    await setWagering({ inhouse: 0.5, vendor: 1.5 });
    expect(await remaining()).toBe(380_00);
  });

  it('is refused while 80.00 remain; the last stake meets it exactly, and then the withdrawal is accepted', async () => {
    // Vendor: 200.00 × 1.5 = 300.00 → 80.00. Counted since the claim: 20.00 + 50.00 + 50.00 +
    // 300.00 = 420.00 (what was given back is not counted); asked: 420.00 + 80.00 = 500.00.
    await state.pg.bet({ sessionToken: state.pgSession, transactionId: fresh('pg-bet'), roundId: fresh('pg-round'), gameCode: 'PG001', amount: 200_00 });
    expect(await remaining()).toBe(80_00);
    await expectRefused({ requiredTurnover: 500, actualTurnover: 420, remainingTurnover: 80 });

    // Lottery: 1 ticket × 2.00 × 40 = 80.00, × 1 → exactly 0.00.
    const { order } = await lotteryOrder('SSC5', 40);
    expect(order.amount).toBe(80);
    expect(await remaining()).toBe(0);
    expect(await entry()).toMatchObject({ state: 'claimed', bonus: 100, wagering: { remaining: null } });

    const before = await balance();
    const accepted = valueOf<{ status: string; amount: number }>(await withdraw(50));
    expect(accepted).toMatchObject({ status: 'pending', amount: 50 });
    expect(await balance()).toBe(before - 50_00);
  });
});
