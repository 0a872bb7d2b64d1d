import type { Envelope, LotteryCancelChaseResult } from '@platform/contract';
import { PLAYS, SLIP_MAX_MULTIPLE } from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { createMember, tokenFor } from '../member/member.testing';
import { credit, mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { cancelBet, cancelChase, placeOrder, type PlaceOrderInput } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { drawRoundAs, fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf } from './lottery.testing';
import { orderDetail } from './records.service';
import { drawRoundIn } from './rounds.service';
import { settleRound } from './settlement.service';

// Chase plans (a multiple per round), the cancel of a chase's remaining rounds, and settlement in
// draw order after the scheduler was stopped. The cancel is tried as an attacker would: twice at
// once, against the round's draw, on another member's order, after a stop on a win.

let context: TestContext;
let merchantId: number;
// The app's own key (the test environment's SECRETS_KEY), so that every round it sealed can be drawn.
const secretsKey = secretsKeyFromEnv();
const HOUR = 3_600_000;
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
const fiveStar = PLAYS.find((play) => play.code === 'SSC_5STAR_DIRECT')!;
/** One digit (7) on the first position: one ticket, 2.00 at multiple 1, paying 19.00 at series 1900. */
const seven = (multiple = 1) => lineOf(position, [[7], [], [], [], []], { multiple });
/** Every digit on the first position: 10 tickets, 20.00 a round; one ticket wins whatever is drawn (19.00). */
const everyDigit = lineOf(position, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []]);

beforeAll(async () => {
  context = await createTestApp({ clock: () => LOTTERY_TEST_START_MS });
  await context.app.ready();
  merchantId = context.merchantId;
});

afterAll(async () => {
  await context.close();
});

async function refusal(input: PlaceOrderInput): Promise<{ code: string; detail: unknown }> {
  try {
    await placeOrder(context.pool, input);
  } catch (error) {
    if (error instanceof AppError) return { code: error.errorCode, detail: (error.params as { detail?: unknown } | undefined)?.detail };
    throw error;
  }
  throw new Error('the order was accepted');
}

const codeOf = async (promise: Promise<unknown>): Promise<string> =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof AppError ? error.errorCode : Promise.reject(error)),
  );

/** Draws and settles every due round until a tick finds nothing to do: a scheduler that kept up to `nowMs`. */
async function catchUp(nowMs: number): Promise<void> {
  for (;;) {
    const report = await drawAndSettle(context.pool, secretsKey, nowMs);
    if (report.drawn + report.voided + report.settled === 0) return;
  }
}

async function betsOf(orderNo: string) {
  const result = await context.pool.query<{ id: string; roundId: string; numero: string; drawAt: Date; closeAt: Date; multiple: number; amountMinor: string; state: string; roundState: string }>(
    `SELECT b.id, b.round_id AS "roundId", r.numero, r.draw_at AS "drawAt", r.close_at AS "closeAt", b.multiple, b.amount_minor AS "amountMinor",
            lottery_bet_state(b.state, r.state) AS state, r.state AS "roundState"
       FROM lottery_bet b JOIN lottery_order o ON o.id = b.order_id JOIN lottery_round r ON r.id = b.round_id
      WHERE o.order_no = $1 ORDER BY b.chase_index, b.id`,
    [orderNo],
  );
  return result.rows.map((row) => ({ ...row, roundId: Number(row.roundId), amountMinor: Number(row.amountMinor), drawAt: row.drawAt.getTime(), closeAt: row.closeAt.getTime() }));
}

const movementsLike = async (pattern: string) =>
  Number((await context.pool.query<{ count: string }>('SELECT count(*) AS count FROM ledger_transaction WHERE idempotency_key LIKE $1', [pattern])).rows[0].count);

const orderIdOf = async (orderNo: string) => Number((await context.pool.query<{ id: string }>('SELECT id FROM lottery_order WHERE order_no = $1', [orderNo])).rows[0].id);

const stakeOn = async (memberId: number, roundIds: number[]) =>
  Number(
    (await context.pool.query<{ total: string }>('SELECT coalesce(sum(stake_minor), 0) AS total FROM lottery_member_stake WHERE member_id = $1 AND round_id = ANY($2::bigint[])', [memberId, roundIds]))
      .rows[0].total,
  );

describe('a chase plan: a multiple per round', () => {
  let member: number;
  let base: PlaceOrderInput;
  const nowMs = LOTTERY_TEST_START_MS;

  beforeAll(async () => {
    [member] = await fundedMembers(context.pool, merchantId, 1, 100_000, 'planner');
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    base = { merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([seven(2)]), betCartAmountSum: '12.0000', chase: 2, winningStop: false, nowMs };
  });

  it('bets each round at the line’s multiple × the round’s factor, charges the exact total, and the records show each round’s multiple', async () => {
    // 2.00 × 2 = 4.00 a round at factor 1; × 1, × 3, × 6: 4.00 + 12.00 + 24.00 = 40.00.
    const placed = await placeOrder(context.pool, { ...base, chaseMultiples: [1, 3, 6], betCartAmountSum: '40.0000' });
    expect(placed.amount).toBe(40);
    expect(placed.bets.map((bet) => bet.amount)).toEqual([4, 12, 24]);
    expect(await mainBalanceMinor(context.pool, member)).toBe(100_000 - 4000);
    const bets = await betsOf(placed.orderNo);
    expect(bets.map((bet) => [bet.multiple, bet.amountMinor])).toEqual([[2, 400], [6, 1200], [12, 2400]]);
    // Each bet pays one winning ticket at its own multiple: 19.00 × 2, × 6, × 12.
    const prizes = await context.pool.query<{ ticketPrizeMinor: string }>(
      'SELECT ticket_prize_minor AS "ticketPrizeMinor" FROM lottery_bet WHERE id = ANY($1::bigint[]) ORDER BY chase_index',
      [bets.map((bet) => bet.id)],
    );
    expect(prizes.rows.map((row) => Number(row.ticketPrizeMinor))).toEqual([3800, 11400, 22800]);
    // The member's stake on each round counts against its limits at the round's own amount.
    expect(await stakeOn(member, [bets[2].roundId])).toBe(2400);
    const stored = await context.pool.query<{ plan: number[] }>('SELECT chase_multiples AS plan FROM lottery_order WHERE order_no = $1', [placed.orderNo]);
    expect(stored.rows[0].plan).toEqual([1, 3, 6]);
    const detail = await orderDetail(context.pool, merchantId, member, placed.orderNo, nowMs);
    expect(detail?.bets.map((bet) => [bet.multiple, bet.betAmount])).toEqual([[2, 4], [6, 12], [12, 24]]);
    expect(detail?.amount).toBe(40);

    // Without a plan, as before: every round at the line's multiple, nothing stored.
    const plain = await placeOrder(context.pool, base);
    expect((await betsOf(plain.orderNo)).map((bet) => bet.multiple)).toEqual([2, 2, 2]);
    expect((await context.pool.query('SELECT 1 FROM lottery_order WHERE order_no = $1 AND chase_multiples IS NULL', [plain.orderNo])).rowCount).toBe(1);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('refuses a plan of the wrong length, a factor below 1 or not whole, a multiple over the slip’s maximum, a prize over the cap, and a total without the plan, moving nothing', async () => {
    const balance = await mainBalanceMinor(context.pool, member);
    const orders = Number((await context.pool.query<{ count: string }>('SELECT count(*) AS count FROM lottery_order WHERE member_id = $1', [member])).rows[0].count);
    expect(await refusal({ ...base, chaseMultiples: [1, 2] })).toEqual({ code: 'lottery.chase.invalid', detail: 'the plan has 2 multiples for 3 rounds' });
    expect(await refusal({ ...base, chaseMultiples: [1, 2, 1, 1] })).toMatchObject({ code: 'lottery.chase.invalid' });
    expect(await refusal({ ...base, chaseMultiples: [1, 0, 1] })).toEqual({ code: 'lottery.chase.invalid', detail: 'round 2: the multiple 0 is not a whole number of at least 1' });
    expect(await refusal({ ...base, chaseMultiples: [1, -2, 1] })).toMatchObject({ code: 'lottery.chase.invalid' });
    expect(await refusal({ ...base, chaseMultiples: [1, 1.5, 1] })).toMatchObject({ code: 'lottery.chase.invalid' });
    expect(await refusal({ ...base, chaseMultiples: [1, 1, Number.MAX_SAFE_INTEGER + 2] })).toMatchObject({ code: 'lottery.chase.invalid' });
    // 100 × 101 = 10 100, over the slip's 10 000.
    expect(await refusal({ ...base, slip: slipOf([seven(100)]), chase: 1, chaseMultiples: [1, 101], betCartAmountSum: '40200.0000' })).toEqual({
      code: 'lottery.chase.invalid',
      detail: `round 2, line 1: the multiple 100 × 101 is above ${SLIP_MAX_MULTIPLE}`,
    });
    // A 5-star direct ticket pays 190 000.00 at multiple 1: twice that passes the game's 300 000.00 cap.
    const jackpot = lineOf(fiveStar, [[1], [2], [3], [4], [5]]);
    expect(await refusal({ ...base, slip: slipOf([jackpot]), chase: 1, chaseMultiples: [1, 2], betCartAmountSum: '6.0000' })).toMatchObject({
      code: 'lottery.chase.invalid',
      detail: expect.stringContaining('round 2, line 1: one winning ticket would pay 380000.00, a bet wins at most 300000.00'),
    });
    // The page's total of the same rounds without the plan (3 × 4.00) is not what the plan costs.
    expect(await refusal({ ...base, chaseMultiples: [1, 3, 6], betCartAmountSum: '12.0000' })).toEqual({ code: 'lottery.amount.mismatch', detail: 'the slip costs 40.00' });
    expect(await mainBalanceMinor(context.pool, member)).toBe(balance);
    expect(Number((await context.pool.query<{ count: string }>('SELECT count(*) AS count FROM lottery_order WHERE member_id = $1', [member])).rows[0].count)).toBe(orders);
  });

  it('answers a repeat (one Idempotency-Key) with the first order only when it asks for the same plan', async () => {
    const first = await placeOrder(context.pool, { ...base, chaseMultiples: [1, 3, 6], betCartAmountSum: '40.0000', requestKey: 'plan-key-0001' });
    expect(await placeOrder(context.pool, { ...base, chaseMultiples: [1, 3, 6], betCartAmountSum: '40.0000', requestKey: 'plan-key-0001' })).toEqual(first);
    expect(await refusal({ ...base, chaseMultiples: [1, 3, 5], betCartAmountSum: '36.0000', requestKey: 'plan-key-0001' })).toMatchObject({ code: 'wallet.idempotency.conflict' });
    expect(await refusal({ ...base, requestKey: 'plan-key-0001' })).toMatchObject({ code: 'wallet.idempotency.conflict' });
    // A plan of factors 1 only is no plan: the same order as one sent without it.
    const plain = await placeOrder(context.pool, { ...base, requestKey: 'plan-key-0002' });
    expect(await placeOrder(context.pool, { ...base, chaseMultiples: [1, 1, 1], requestKey: 'plan-key-0002' })).toEqual(plain);
    // Two at once with one key and one plan: one order.
    const [a, b] = await Promise.all([
      placeOrder(context.pool, { ...base, chaseMultiples: [2, 2, 4], betCartAmountSum: '32.0000', requestKey: 'plan-key-0003' }),
      placeOrder(context.pool, { ...base, chaseMultiples: [2, 2, 4], betCartAmountSum: '32.0000', requestKey: 'plan-key-0003' }),
    ]);
    expect(a.orderNo).toBe(b.orderNo);
    expect((await context.pool.query('SELECT 1 FROM lottery_order WHERE request_key = $1', ['plan-key-0003'])).rowCount).toBe(1);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });
});

describe('over HTTP', () => {
  let token: string;
  let memberId: number;

  beforeAll(async () => {
    memberId = await createMember(context.pool, merchantId, { username: 'chaseroute', password: 'secret123', nowMs: LOTTERY_TEST_START_MS });
    await credit(context.pool, merchantId, memberId, 50_000, LOTTERY_TEST_START_MS);
    token = await tokenFor(context.app, 'chaseroute', 'secret123');
  });

  it('refuses the chase cancel to a guest (closed like every order call)', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/lgw/orders/chase/cancel', payload: { orderNo: 'LABCDEFG' } });
    expect(response.statusCode).toBe(401);
  });

  it('takes a plan with the bet, says which round of a bad plan is wrong, and cancels the chase’s remaining rounds once', async () => {
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', LOTTERY_TEST_START_MS);
    const body = { gameCode: 'SSC1', currentNumero: round.numero, bettingSlipString: slipOf([seven()]), betCartAmountSum: '14.0000', chase: 2, winningStop: true, chaseMultiples: [1, 2, 4], device: 'WEB' };
    const bet = (payload: object) => context.app.inject({ method: 'POST', url: '/lgw/orders/betting', headers: { authorization: token }, payload });
    const bad = await bet({ ...body, chaseMultiples: [1, 0, 4] });
    expect([bad.statusCode, json<Envelope<unknown>>(bad).errorCode]).toEqual([400, 'lottery.chase.invalid']);
    expect(json<Envelope<unknown>>(bad).message).toContain('round 2');
    const placed = await bet(body);
    expect(placed.statusCode).toBe(200);
    const order = json<Envelope<{ orderNo: string; amount: number; bets: { amount: number }[] }>>(placed).value;
    expect(order.bets.map((one) => one.amount)).toEqual([2, 4, 8]);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(50_000 - 1400);

    const cancel = () => context.app.inject({ method: 'POST', url: '/lgw/orders/chase/cancel', headers: { authorization: token }, payload: { orderNo: order.orderNo, lottoArea: 'LOTT' } });
    const done = await cancel();
    expect(done.statusCode).toBe(200);
    const value = json<Envelope<LotteryCancelChaseResult>>(done).value;
    expect(value).toMatchObject({ orderNo: order.orderNo, refunded: 14 });
    expect(value.bets.map((one) => one.amount)).toEqual([2, 4, 8]);
    expect(value.bets[0].numero).toBe(round.numero);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(50_000);
    const again = await cancel();
    expect([again.statusCode, json<Envelope<unknown>>(again).errorCode]).toEqual([409, 'lottery.bet.not_cancellable']);
    const unknown = await context.app.inject({ method: 'POST', url: '/lgw/orders/chase/cancel', headers: { authorization: token }, payload: { orderNo: 'LNOSUCHORDER' } });
    expect([unknown.statusCode, json<Envelope<unknown>>(unknown).errorCode]).toEqual([404, 'lottery.bet.not_found']);
    expect(await mainBalanceMinor(context.pool, memberId)).toBe(50_000);
  });
});

describe('cancelling the remaining rounds of a chase', () => {
  it('cancels every round still on sale once the first has closed, refunds them in one movement, and refuses a second cancel and another member', async () => {
    const nowMs = LOTTERY_TEST_START_MS + HOUR;
    await catchUp(nowMs);
    const [member, other] = await fundedMembers(context.pool, merchantId, 2, 10_000, 'cancelrest');
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    // 2.00 × 1, 2, 2, 4 = 18.00.
    const placed = await placeOrder(context.pool, {
      merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([seven()]), betCartAmountSum: '18.0000', chase: 3, winningStop: false, chaseMultiples: [1, 2, 2, 4], nowMs,
    });
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 1800);

    // Another member's order is not found (whoever asks, and however often), and nothing moves.
    expect(await codeOf(cancelChase(context.pool, merchantId, other, placed.orderNo, nowMs))).toBe('lottery.bet.not_found');
    expect(await codeOf(cancelChase(context.pool, merchantId + 1000, member, placed.orderNo, nowMs))).toBe('lottery.bet.not_found');

    // The first round has just closed: the three after it are cancelled.
    const cancelled = await cancelChase(context.pool, merchantId, member, placed.orderNo, round.closeAt);
    const bets = await betsOf(placed.orderNo);
    expect(cancelled).toEqual({
      orderNo: placed.orderNo,
      refunded: 16,
      bets: bets.slice(1).map((bet) => ({ orderDetailId: Number(bet.id), numero: bet.numero, amount: bet.amountMinor / 100 })),
    });
    expect(bets.map((bet) => bet.state)).toEqual(['open', 'cancelled', 'cancelled', 'cancelled']);
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 200);
    expect(await mainBalanceMinor(context.pool, other)).toBe(10_000);
    const orderId = await orderIdOf(placed.orderNo);
    expect(await movementsLike(`lottery:chase-cancel:${orderId}`)).toBe(1);
    // The cancelled bets no longer count against their rounds' limits; the open one still does.
    expect(await stakeOn(member, bets.slice(1).map((bet) => bet.roundId))).toBe(0);
    expect(await stakeOn(member, [bets[0].roundId])).toBe(200);

    // Again: nothing is left on sale.
    expect(await codeOf(cancelChase(context.pool, merchantId, member, placed.orderNo, round.closeAt))).toBe('lottery.bet.not_cancellable');
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 200);
    // The first round settles as any bet.
    await drawAndSettle(context.pool, secretsKey, round.drawAt);
    expect((await betsOf(placed.orderNo))[0].state).toMatch(/^(won|lost)$/);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('refunds once when cancels of the chase race each other and a cancel of one of its bets', async () => {
    const nowMs = LOTTERY_TEST_START_MS + 2 * HOUR;
    await catchUp(nowMs);
    const [member] = await fundedMembers(context.pool, merchantId, 1, 10_000, 'cancelrace');
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    const placed = await placeOrder(context.pool, {
      merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([seven(), lineOf(position, [[], [3], [], [], []])]), betCartAmountSum: '20.0000', chase: 4, winningStop: true, nowMs,
    });
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 2000);
    const oneBet = (await betsOf(placed.orderNo))[5];
    const results = await Promise.allSettled([
      cancelChase(context.pool, merchantId, member, placed.orderNo, nowMs),
      cancelChase(context.pool, merchantId, member, placed.orderNo, nowMs),
      cancelBet(context.pool, merchantId, member, Number(oneBet.id), nowMs),
      cancelChase(context.pool, merchantId, member, placed.orderNo, nowMs),
    ]);
    const chases = [results[0], results[1], results[3]];
    const done = chases.filter((result): result is PromiseFulfilledResult<Awaited<ReturnType<typeof cancelChase>>> => result.status === 'fulfilled');
    expect(done).toHaveLength(1);
    for (const result of chases.filter((one) => one.status === 'rejected')) expect(result).toMatchObject({ reason: { errorCode: 'lottery.bet.not_cancellable' } });
    // Whichever took the one bet first refunded it; together every bet exactly once.
    const single = results[2].status === 'fulfilled' ? 200 : 0;
    expect(done[0].value.refunded * 100 + single).toBe(2000);
    expect(done[0].value.bets).toHaveLength(single ? 9 : 10);
    expect((await betsOf(placed.orderNo)).every((bet) => bet.state === 'cancelled')).toBe(true);
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000);
    expect(await movementsLike(`lottery:chase-cancel:${await orderIdOf(placed.orderNo)}`)).toBe(1);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('leaves the round being drawn to its draw when the cancel meets it: the cancel waits, then cancels the later rounds only', async () => {
    const nowMs = LOTTERY_TEST_START_MS + 3 * HOUR;
    await catchUp(nowMs);
    const [member] = await fundedMembers(context.pool, merchantId, 1, 10_000, 'cancelclose');
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    const placed = await placeOrder(context.pool, {
      merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([everyDigit]), betCartAmountSum: '60.0000', chase: 2, winningStop: false, nowMs,
    });
    // The draw of the first round holds its row; a cancel sent while the round was still on sale arrives.
    const drawing = await context.pool.connect();
    let cancelled: Awaited<ReturnType<typeof cancelChase>> | undefined;
    try {
      await drawing.query('BEGIN');
      expect((await drawRoundIn(drawing, secretsKey, round.roundId, round.drawAt)).drawn).toBe(true);
      const cancel = cancelChase(context.pool, merchantId, member, placed.orderNo, round.closeAt - 1).then((value) => {
        cancelled = value;
        return value;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(cancelled).toBeUndefined();
      await drawing.query('COMMIT');
      await cancel;
    } finally {
      drawing.release();
    }
    const bets = await betsOf(placed.orderNo);
    expect(cancelled?.bets.map((bet) => bet.numero)).toEqual(bets.slice(1).map((bet) => bet.numero));
    expect(cancelled?.refunded).toBe(40);
    expect(bets.map((bet) => bet.state)).toEqual(['open', 'cancelled', 'cancelled']);
    // The drawn round settles its bet: one of the ten digits wins 19.00, the rebate 0.60.
    expect((await settleRound(context.pool, round.roundId, round.drawAt)).settled).toBe(true);
    expect((await betsOf(placed.orderNo))[0].state).toBe('won');
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 6000 + 4000 + 1900 + 60);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('finds nothing to cancel after the chase stopped on a win and refunded its later rounds', async () => {
    const nowMs = LOTTERY_TEST_START_MS + 4 * HOUR;
    await catchUp(nowMs);
    const [member] = await fundedMembers(context.pool, merchantId, 1, 10_000, 'cancelstop');
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    const placed = await placeOrder(context.pool, {
      merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([everyDigit]), betCartAmountSum: '60.0000', chase: 2, winningStop: true, nowMs,
    });
    await drawRoundAs(context.pool, round.roundId, { kind: 'SSC', numbers: [7, 0, 0, 0, 0] }, round.drawAt);
    await settleRound(context.pool, round.roundId, round.drawAt);
    expect((await betsOf(placed.orderNo)).map((bet) => bet.state)).toEqual(['won', 'stopped', 'stopped']);
    const after = 10_000 - 6000 + 1900 + 60 + 4000;
    expect(await mainBalanceMinor(context.pool, member)).toBe(after);
    expect(await codeOf(cancelChase(context.pool, merchantId, member, placed.orderNo, round.drawAt))).toBe('lottery.bet.not_cancellable');
    expect(await mainBalanceMinor(context.pool, member)).toBe(after);
    expect(await movementsLike(`lottery:chase-cancel:${await orderIdOf(placed.orderNo)}`)).toBe(0);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });
});

describe('settling in draw order after the scheduler was stopped', () => {
  /** A chase of 3 rounds (with stop-on-win unless told) on every digit of the first position: any draw wins each round. */
  async function chaseOf(nowMs: number, prefix: string, winningStop = true) {
    await catchUp(nowMs);
    const [member] = await fundedMembers(context.pool, merchantId, 1, 10_000, prefix);
    const round = await roundOnSale(context.pool, secretsKey, merchantId, 'SSC1', nowMs);
    const placed = await placeOrder(context.pool, {
      merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([everyDigit]), betCartAmountSum: '60.0000', chase: 2, winningStop, nowMs,
    });
    return { member, placed, bets: await betsOf(placed.orderNo) };
  }
  // Paid 60.00; the first round wins 19.00 with 0.60 rebate; the two later rounds come back (40.00).
  const AFTER = 10_000 - 6000 + 1900 + 60 + 4000;

  it('settles the first round before the later ones, all due at once: its win stops the chase and refunds them once', async () => {
    const { member, placed, bets } = await chaseOf(LOTTERY_TEST_START_MS + 5 * HOUR, 'downtime');
    await drawRoundAs(context.pool, bets[0].roundId, { kind: 'SSC', numbers: [3, 1, 4, 1, 5] }, bets[0].drawAt);
    // The scheduler comes back after all three draw times: the two later rounds are drawn in the same tick.
    const report = await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 1000);
    expect(report.settled).toBeGreaterThanOrEqual(3);
    const after = await betsOf(placed.orderNo);
    expect(after.map((bet) => [bet.state, bet.roundState])).toEqual([
      ['won', 'settled'],
      ['stopped', 'settled'],
      ['stopped', 'settled'],
    ]);
    expect(await mainBalanceMinor(context.pool, member)).toBe(AFTER);
    expect(await movementsLike(`lottery:stop:${bets[0].roundId}:%`)).toBe(1);
    expect(await movementsLike(`lottery:win:${bets[1].roundId}:%`)).toBe(0);
    // Nothing more for them on the next tick.
    await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 60_000);
    expect(await mainBalanceMinor(context.pool, member)).toBe(AFTER);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('settles no later round of a game in a tick where an earlier one failed, and settles them in order the next tick', async () => {
    const { member, placed, bets } = await chaseOf(LOTTERY_TEST_START_MS + 6 * HOUR, 'failfirst');
    await drawRoundAs(context.pool, bets[0].roundId, { kind: 'SSC', numbers: [9, 9, 9, 9, 9] }, bets[0].drawAt);
    // The first round cannot settle for now: its features of the bet's play are missing.
    const feature = (
      await context.pool.query<{ rule: string; k: number; f: string[]; push: boolean }>(
        'DELETE FROM lottery_draw_feature WHERE round_id = $1 AND play_id = $2 RETURNING rule, k, f::text[] AS f, push',
        [bets[0].roundId, position.id],
      )
    ).rows[0];
    const problems: string[] = [];
    await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 1000, (message) => problems.push(message));
    expect(problems).toEqual([expect.stringContaining(`lottery round ${bets[0].roundId} could not be settled`)]);
    expect((await betsOf(placed.orderNo)).map((bet) => [bet.state, bet.roundState])).toEqual([
      ['open', 'drawn'],
      ['open', 'drawn'],
      ['open', 'drawn'],
    ]);
    await context.pool.query('INSERT INTO lottery_draw_feature (round_id, play_id, rule, k, f, push) VALUES ($1, $2, $3, $4, $5::bigint[], $6)', [
      bets[0].roundId, position.id, feature.rule, feature.k, feature.f, feature.push,
    ]);
    await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 2000);
    expect((await betsOf(placed.orderNo)).map((bet) => bet.state)).toEqual(['won', 'stopped', 'stopped']);
    expect(await mainBalanceMinor(context.pool, member)).toBe(AFTER);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  /**
   * The chase's game set to official results (back to the house's draws after): the later two
   * rounds' results come in first and the scheduler ticks, then the first round's and it ticks
   * again. The bets' [state, round state] after the first tick.
   */
  async function laterResultsFirst(orderNo: string, bets: Awaited<ReturnType<typeof betsOf>>): Promise<string[][]> {
    const source = (value: 'official' | 'house') =>
      context.pool.query("UPDATE lottery_game SET result_source = $2 WHERE merchant_id = $1 AND game_code = 'SSC1'", [merchantId, value]);
    await source('official');
    try {
      await drawRoundAs(context.pool, bets[1].roundId, { kind: 'SSC', numbers: [1, 2, 3, 4, 5] }, bets[2].drawAt + 1000);
      await drawRoundAs(context.pool, bets[2].roundId, { kind: 'SSC', numbers: [1, 2, 3, 4, 5] }, bets[2].drawAt + 1000);
      await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 1000);
      const meanwhile = (await betsOf(orderNo)).map((bet) => [bet.state, bet.roundState]);
      await drawRoundAs(context.pool, bets[0].roundId, { kind: 'SSC', numbers: [0, 1, 2, 3, 4] }, bets[2].drawAt + 2000);
      await drawAndSettle(context.pool, secretsKey, bets[2].drawAt + 2000);
      return meanwhile;
    } finally {
      await source('house');
    }
  }

  it('settles no drawn round behind an earlier round of its game still waiting for its draw (an official result not yet entered)', async () => {
    const { member, placed, bets } = await chaseOf(LOTTERY_TEST_START_MS + 7 * HOUR, 'waitfirst');
    expect(await laterResultsFirst(placed.orderNo, bets)).toEqual([
      ['open', 'open'],
      ['open', 'drawn'],
      ['open', 'drawn'],
    ]);
    expect((await betsOf(placed.orderNo)).map((bet) => [bet.state, bet.roundState])).toEqual([
      ['won', 'settled'],
      ['stopped', 'settled'],
      ['stopped', 'settled'],
    ]);
    expect(await mainBalanceMinor(context.pool, member)).toBe(AFTER);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('settles the later rounds meanwhile when no stop-on-win chase ties them to the round still waiting for its official result', async () => {
    const { member, placed, bets } = await chaseOf(LOTTERY_TEST_START_MS + 8 * HOUR, 'nostop', false);
    expect(await laterResultsFirst(placed.orderNo, bets)).toEqual([
      ['open', 'open'],
      ['won', 'settled'],
      ['won', 'settled'],
    ]);
    expect((await betsOf(placed.orderNo)).map((bet) => bet.state)).toEqual(['won', 'won', 'won']);
    // Paid 60.00; each round wins 19.00 with 0.60 rebate.
    expect(await mainBalanceMinor(context.pool, member)).toBe(10_000 - 6000 + 3 * (1900 + 60));
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });
});
