import { randomBytes } from 'node:crypto';
import type { LotteryBetResult } from '@platform/contract';
import { PLAYS, lunarYearOf, playsOf, type SlipLine } from '@platform/lottery-rules';
import fc from 'fast-check';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, ensureGameAccount, ensureHouseAccount, ensureMemberAccount, ensureMemberAccounts, memberBalanceMinor, postTransaction, type StakeRefund } from '../ledger';
import { settleRound, voidRound } from '../lottery';
import { costOf, drawRoundAs, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { createMember, TestClock } from '../member/member.testing';
import { credit, deposit, memberWithSession, valueOf } from '../withdrawal/withdrawal.testing';
import { wageringStateOf } from './wagering.service';
import { weightedMinor } from './wagering.settings';

// A refund puts back at most what the stakes it refunds took off the wagering requirement, and
// never the same part twice, on a real PostgreSQL. Through the lottery (a player's orders and
// cancels through the routes, voids and settlements through the services), then at the ledger,
// with a property over random histories of requirements, stakes and refunds.
//
// The hand-worked figures (remaining requirement after each step):
//   chase voided then cancelled: deposit 5.00                                   5.00
//     a chase of two rounds, 10.00 each (20.00): meets the 5.00                 0.00
//     round one voided: 10.00 of the order's 20.00 refunded → ⌈5.00 × 10/20⌉   2.50
//     round two's bet cancelled: the other 10.00 → 2.50                         5.00  (not 7.50)
//   a bet made while nothing was owed: deposit 10.00, an order of 10.00         0.00
//     an order of 10.00 on another round: meets nothing                         0.00
//     that round voided: its order met nothing, so nothing comes back          0.00  (not 10.00)
//   a chase stopped on a win: deposit 10.00, a chase of two rounds × 20.00      0.00
//     round one won, round two stopped: 20.00 of 40.00 → ⌈10.00 × 20/40⌉        5.00  (not 10.00)
//   a push: deposit 2.00, an order of two Mark Six lines of 4.00 (8.00)         0.00
//     special 49: 大/单 pushes, 4.00 of 8.00 refunded → ⌈2.00 × 4/8⌉            1.00  (not 2.00)
//   a bet cancelled, then its round voided: deposit 10.00, an order of 10.00    0.00
//     cancelled: 10.00 back                                                   10.00
//     the round voided: the bet is no longer open, nothing is refunded        10.00
//   a partial refund: deposit 10.00, a chase of three rounds × 10.00 (30.00)    0.00
//     one bet cancelled: ⌈10.00 × 10/30⌉ = ⌈3.333⌉ = 3.34                       3.34
//     a second: 3.34 again                                                     6.68
//     the third: what is left of the 10.00 the order met, 3.32               10.00

const clock = new TestClock();
clock.nowMs = LOTTERY_TEST_START_MS;
const secretsKey = testSecretsKey();
const HOUR = 3_600_000;
const sumPosition = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
let context: TestContext;
let counter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await assertLedgerReconciled(context.pool);
  await context.close();
});

afterEach(async () => {
  await context.pool.query("DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = 'wagering'", [context.merchantId]);
});

const remainingOf = async (memberId: number) => (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;
const fresh = (prefix: string) => `${prefix}:${randomBytes(6).toString('hex')}`;

describe('through the lottery', () => {
  let hour = 0;
  /** A member with a session and 1,000.00 of its own (no requirement), each test at an hour of its own. */
  async function player() {
    clock.nowMs = LOTTERY_TEST_START_MS + ++hour * HOUR;
    const member = await memberWithSession(context, `wref${String(++counter).padStart(3, '0')}`, clock.nowMs);
    await credit(context.pool, context.merchantId, member.memberId, 1_000_00, clock.nowMs);
    return member;
  }
  const route = (token: string, method: 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    context.app.inject({ method, url, headers: { authorization: token, language: 'EN', ...headers }, payload });

  /** An order placed as the lottery page places it: `lines` on the round on sale, and `chase` rounds after it. */
  async function order(token: string, gameCode: string, lines: SlipLine[], { chase = 0, winningStop = false } = {}) {
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, clock.nowMs);
    const body = { gameCode, currentNumero: round.numero, bettingSlipString: slipOf(lines), betCartAmountSum: costOf(lines, chase + 1), chase, winningStop };
    const placed = valueOf<LotteryBetResult>(await route(token, 'POST', '/lgw/orders/betting', body, { 'idempotency-key': fresh('order') }));
    return { placed, round };
  }
  const cancel = (token: string, betId: number) => route(token, 'PUT', '/lgw/orders/suborders/cancel', { orderDetailId: betId, lottoArea: 'LOTT' });
  const voidOf = (gameCode: string, numero: string) => voidRound(context.pool, { merchantId: context.merchantId, gameCode, numero, reason: 'test', nowMs: clock.nowMs });

  it('a chase whose first round is voided and whose second bet is cancelled puts back the 5.00 it met, not 7.50', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 5_00, clock.nowMs);
    expect(await remainingOf(memberId)).toBe(5_00);
    // 1 ticket × 2.00 × 5 = 10.00 a round, two rounds: 20.00, which meets the 5.00.
    const { placed } = await order(token, 'SSC1', [lineOf(sumPosition, [[7], [], [], [], []], { multiple: 5 })], { chase: 1 });
    expect([placed.amount, placed.bets.map((bet) => bet.amount)]).toEqual([20, [10, 10]]);
    expect(await remainingOf(memberId)).toBe(0);
    // Round one voided: its 10.00 is half the order, which met 5.00 → 2.50 back.
    expect(await voidOf('SSC1', placed.bets[0].numero)).toMatchObject({ refundedBets: 1, refunded: 10 });
    expect(await remainingOf(memberId)).toBe(2_50);
    // Round two's bet cancelled: the other half → 2.50 more, 5.00 in all: what the order met.
    expect(valueOf(await cancel(token, placed.bets[1].orderDetailId))).toEqual({ orderDetailId: placed.bets[1].orderDetailId, refunded: 10 });
    expect(await remainingOf(memberId)).toBe(5_00);
    // Both refunds name the order's stake, and what they put back adds up to what it met.
    const parts = await context.pool.query<{ source: string; money: string; change: string; applied: string }>(
      `SELECT r.source_kind AS source, p.money_minor AS money, p.change_minor AS change, -s.change_minor AS applied
         FROM wagering_refund_part p JOIN wagering_entry r ON r.id = p.refund_entry_id JOIN wagering_entry s ON s.id = p.stake_entry_id
        WHERE r.member_id = $1 ORDER BY p.refund_entry_id`,
      [memberId],
    );
    expect(parts.rows.map((row) => [row.source, Number(row.money), Number(row.change), Number(row.applied)])).toEqual([
      ['bet_refund', 10_00, 2_50, 5_00],
      ['bet_refund', 10_00, 2_50, 5_00],
    ]);
  });

  it('a bet made while nothing was owed puts back nothing when its round is voided', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    const line = lineOf(sumPosition, [[3], [], [], [], []], { multiple: 5 });
    await order(token, 'SSC1', [line]);
    expect(await remainingOf(memberId)).toBe(0);
    // Another order of 10.00, on another game's round: nothing is owed, it meets nothing.
    const { placed } = await order(token, 'SSC5', [line]);
    expect(placed.amount).toBe(10);
    expect(await remainingOf(memberId)).toBe(0);
    // Its round voided: the member's earlier lottery stake met 10.00, but this one met nothing.
    expect(await voidOf('SSC5', placed.bets[0].numero)).toMatchObject({ refundedBets: 1, refunded: 10 });
    expect(await remainingOf(memberId)).toBe(0);
  });

  it('a chase stopped on a win puts back the stopped rounds’ share of what it met: 5.00, not 10.00', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    // Every digit in the first place: 10 tickets × 2.00 = 20.00 a round, sure to win; two rounds, 40.00.
    const { placed, round } = await order(token, 'SSC1', [lineOf(sumPosition, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []])], { chase: 1, winningStop: true });
    expect(placed.amount).toBe(40);
    expect(await remainingOf(memberId)).toBe(0);
    await drawRoundAs(context.pool, round.roundId, { kind: 'SSC', numbers: [4, 1, 2, 3, 4] }, clock.nowMs);
    expect(await settleRound(context.pool, round.roundId, clock.nowMs)).toMatchObject({ settled: true, winners: 1, stoppedOrders: 1 });
    // The stopped round's 20.00 is half the order, which met 10.00.
    expect(await remainingOf(memberId)).toBe(5_00);
  });

  it('a push puts back the pushed bet’s share of what its order met: 1.00, not 2.00', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 2_00, clock.nowMs);
    const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;
    // Special 49 (2 tickets, 4.00) and 大/单 on the special (2 tickets, 4.00): one order of 8.00.
    const { placed, round } = await order(token, 'LHC5', [lineOf(play('LHC_SPECIAL'), [[1, 49]]), lineOf(play('LHC_SPECIAL_BSOE'), [[0, 2]])]);
    expect(placed.amount).toBe(8);
    expect(await remainingOf(memberId)).toBe(0);
    // A special of 49 is a push for 大/单: its 4.00 back, half the order, which met 2.00.
    await drawRoundAs(context.pool, round.roundId, { kind: 'LHC', numbers: [5, 12, 18, 27, 33, 40, 49], lunarYear: lunarYearOf(round.drawAt) }, clock.nowMs);
    expect(await settleRound(context.pool, round.roundId, clock.nowMs)).toMatchObject({ settled: true, winners: 1 });
    const states = await context.pool.query<{ state: string }>('SELECT lottery_bet_state(b.state, r.state) AS state FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.id = ANY($1::bigint[]) ORDER BY b.id', [placed.bets.map((bet) => bet.orderDetailId)]);
    expect(states.rows.map((row) => row.state).sort()).toEqual(['push', 'won']);
    expect(await remainingOf(memberId)).toBe(1_00);
  });

  it('a bet cancelled and then its round voided puts back once', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    const { placed } = await order(token, 'SSC1', [lineOf(sumPosition, [[5], [], [], [], []], { multiple: 5 })]);
    expect(await remainingOf(memberId)).toBe(0);
    await cancel(token, placed.bets[0].orderDetailId);
    expect(await remainingOf(memberId)).toBe(10_00);
    const balance = await memberBalanceMinor(context.pool, context.merchantId, memberId);
    expect(await voidOf('SSC1', placed.bets[0].numero)).toMatchObject({ refundedBets: 0, refunded: 0 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(balance);
    expect(await remainingOf(memberId)).toBe(10_00);
  });

  it('each bet of an order cancelled puts back its share, rounded up, and all of them exactly what the order met', async () => {
    const { memberId, token } = await player();
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    const { placed } = await order(token, 'SSC1', [lineOf(sumPosition, [[1], [], [], [], []], { multiple: 5 })], { chase: 2 });
    expect(placed.amount).toBe(30);
    expect(await remainingOf(memberId)).toBe(0);
    const after: number[] = [];
    for (const bet of placed.bets) {
      await cancel(token, bet.orderDetailId);
      after.push(await remainingOf(memberId));
    }
    expect(after).toEqual([3_34, 6_68, 10_00]);
  });
});

describe('at the ledger', () => {
  let houseAccount: number;
  beforeAll(async () => {
    houseAccount = await ensureHouseAccount(context.pool, context.merchantId, 'house_lottery', clock.nowMs);
  });

  async function newMember(): Promise<number> {
    const memberId = await createMember(context.pool, context.merchantId, { username: `wrl${String(++counter).padStart(5, '0')}`, nowMs: clock.nowMs });
    await credit(context.pool, context.merchantId, memberId, 100_000_00, clock.nowMs);
    return memberId;
  }
  const walletOf = (memberId: number) => ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', clock.nowMs);
  async function stake(memberId: number, amountMinor: number): Promise<string> {
    const key = fresh('wref-stake');
    await postTransaction(context.pool, {
      merchantId: context.merchantId, idempotencyKey: key, kind: 'bet', unit: 'REAL', nowMs: clock.nowMs,
      postings: [{ accountId: await walletOf(memberId), amountMinor: -amountMinor }, { accountId: houseAccount, amountMinor }],
    });
    return key;
  }
  /** One refund movement paying each member its amount, naming `refunds` (or refundsKey, or nothing). */
  async function refund(pays: readonly [memberId: number, amountMinor: number][], names: { refunds?: StakeRefund[]; refundsKey?: string } = {}): Promise<void> {
    const wallets = await ensureMemberAccounts(context.pool, context.merchantId, pays.map(([memberId]) => memberId), 'REAL', clock.nowMs);
    const total = pays.reduce((sum, [, amountMinor]) => sum + amountMinor, 0);
    await postTransaction(context.pool, {
      merchantId: context.merchantId, idempotencyKey: fresh('wref-refund'), kind: 'bet_refund', unit: 'REAL', nowMs: clock.nowMs,
      postings: [...pays.map(([memberId, amountMinor]) => ({ accountId: wallets.get(memberId)!, amountMinor })), { accountId: houseAccount, amountMinor: -total }],
      ...names,
    });
  }
  const requirement = (memberId: number, amountMinor: number) => deposit(context.pool, context.merchantId, memberId, amountMinor, clock.nowMs);

  it('a refund naming a stake already given back in full (a void after a cancel) puts back nothing more', async () => {
    const memberId = await newMember();
    await requirement(memberId, 10_00);
    const key = await stake(memberId, 10_00);
    await refund([[memberId, 10_00]], { refunds: [{ stakeKey: key, refundedMinor: 10_00 }] });
    expect(await remainingOf(memberId)).toBe(10_00);
    await refund([[memberId, 10_00]], { refunds: [{ stakeKey: key, refundedMinor: 10_00 }] });
    await refund([[memberId, 10_00]], { refundsKey: key });
    expect(await remainingOf(memberId)).toBe(10_00);
  });

  it('a partial refund puts back its proportion of what the stake met, at the weight the stake was counted at', async () => {
    await context.pool.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wagering', '{"productWeights":{"lottery":0.5}}')
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [context.merchantId],
    );
    const memberId = await newMember();
    await requirement(memberId, 30_00);
    // 40.00 × 0.5 = 20.00 met of 30.00.
    const key = await stake(memberId, 40_00);
    expect(await remainingOf(memberId)).toBe(10_00);
    // A quarter refunded: a quarter of 20.00, whatever the weight is by then.
    await context.pool.query("UPDATE merchant_setting SET value = '{\"productWeights\":{\"lottery\":3}}' WHERE merchant_id = $1 AND key = 'wagering'", [context.merchantId]);
    await refund([[memberId, 10_00]], { refunds: [{ stakeKey: key, refundedMinor: 10_00 }] });
    expect(await remainingOf(memberId)).toBe(15_00);
    // 0.01 of it: ⌈20.00 × 0.01 / 40.00⌉ = ⌈0.005⌉ = 0.01.
    await refund([[memberId, 1]], { refunds: [{ stakeKey: key, refundedMinor: 1 }] });
    expect(await remainingOf(memberId)).toBe(15_01);
    // The rest: what is left of the 20.00, 14.99.
    await refund([[memberId, 29_99]], { refunds: [{ stakeKey: key, refundedMinor: 29_99 }] });
    expect(await remainingOf(memberId)).toBe(30_00);
  });

  it('one refund of several stakes and members gives each member back its own stakes’ share; a stake of someone else, or none, puts back nothing', async () => {
    const [alice, bob] = [await newMember(), await newMember()];
    await requirement(alice, 10_00);
    await requirement(bob, 6_00);
    const aliceFirst = await stake(alice, 4_00); // meets 4.00 → 6.00
    const aliceSecond = await stake(alice, 10_00); // meets 6.00 → 0
    const bobs = await stake(bob, 12_00); // meets 6.00 → 0
    // A round's void: Alice's two orders (4.00 and 5.00 of them) and half of Bob's, in one movement.
    await refund(
      [[alice, 9_00], [bob, 6_00]],
      { refunds: [{ stakeKey: aliceFirst, refundedMinor: 4_00 }, { stakeKey: aliceSecond, refundedMinor: 5_00 }, { stakeKey: bobs, refundedMinor: 6_00 }] },
    );
    // Alice: 4.00 + ⌈6.00 × 5/10⌉ = 7.00; Bob: ⌈6.00 × 6/12⌉ = 3.00.
    expect([await remainingOf(alice), await remainingOf(bob)]).toEqual([7_00, 3_00]);
    // A refund paying Alice but naming Bob's stake, or nothing: nothing back for either.
    await refund([[alice, 6_00]], { refunds: [{ stakeKey: bobs, refundedMinor: 6_00 }] });
    await refund([[alice, 6_00]]);
    expect([await remainingOf(alice), await remainingOf(bob)]).toEqual([7_00, 3_00]);
    // A refund naming more of a member's stakes than it pays the member is refused, and moves nothing.
    await expect(refund([[alice, 1_00]], { refunds: [{ stakeKey: aliceSecond, refundedMinor: 5_00 }] })).rejects.toThrow(/names 500 refunded/);
    expect(await remainingOf(alice)).toBe(7_00);
  });

  it('refunds of one stake at once put back what it met once, though they share no ledger account', async () => {
    // Each refund from a house account of its own to a wallet of its own (the main wallet, game
    // wallets): no account row lock orders them, only the member's wagering balance.
    const vendors = await context.pool.query<{ id: number }>('SELECT id FROM game_vendor WHERE merchant_id = $1 ORDER BY id LIMIT 3', [context.merchantId]);
    const houses = await Promise.all((['house_cash', 'house_bets', 'house_deposits', 'house_lottery'] as const).map((kind) => ensureHouseAccount(context.pool, context.merchantId, kind, clock.nowMs)));
    for (let attempt = 0; attempt < 3; attempt++) {
      const memberId = await newMember();
      const wallets = [await walletOf(memberId), ...(await Promise.all(vendors.rows.map((vendor) => ensureGameAccount(context.pool, context.merchantId, memberId, vendor.id, clock.nowMs))))];
      await requirement(memberId, 10_00);
      const key = await stake(memberId, 10_00);
      await Promise.all(
        wallets.map((wallet, index) =>
          postTransaction(context.pool, {
            merchantId: context.merchantId, idempotencyKey: fresh('wref-race'), kind: 'bet_refund', unit: 'REAL', nowMs: clock.nowMs, refundsKey: key,
            postings: [{ accountId: houses[index], amountMinor: -10_00 }, { accountId: wallet, amountMinor: 10_00 }],
          }),
        ),
      );
      expect(await remainingOf(memberId)).toBe(10_00);
    }
  });

  describe('over random histories', () => {
    type Other = { t: 'add'; amount: number } | { t: 'refund'; pick: number; percent: number; byKey: boolean } | { t: 'void'; picks: number[]; percent: number };
    type Op = Other | { t: 'stake'; amount: number } | { t: 'unnamed'; amount: number };
    const add = fc.record({ t: fc.constant('add' as const), amount: fc.integer({ min: 1, max: 50_00 }) });
    const refundOp = fc.record({ t: fc.constant('refund' as const), pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }), byKey: fc.boolean() });
    const voidOp = fc.record({ t: fc.constant('void' as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), percent: fc.integer({ min: 1, max: 100 }) });
    const stakeOp = fc.record({ t: fc.constant('stake' as const), amount: fc.integer({ min: 1, max: 40_00 }) });
    const unnamed = fc.record({ t: fc.constant('unnamed' as const), amount: fc.integer({ min: 1, max: 20_00 }) });
    const op: fc.Arbitrary<Op> = fc.oneof(add, stakeOp, stakeOp, refundOp, voidOp, unnamed);
    const other: fc.Arbitrary<Other> = fc.oneof(add, refundOp, voidOp);
    // A history: before; the stake S; between (requirements, refunds of other stakes, at most part
    // of S); S's last refund, alone or with parts of other stakes in one movement; after.
    const historyArb = fc.record({
      weight: fc.constantFrom(1, 0.5, 1.5, 3),
      before: fc.array(op, { maxLength: 8 }),
      sAmount: fc.integer({ min: 1, max: 40_00 }),
      between: fc.array(other, { maxLength: 4 }),
      sFirstPart: fc.option(fc.record({ at: fc.nat(), percent: fc.integer({ min: 1, max: 99 }) }), { nil: null }),
      sLastWith: fc.array(fc.nat(), { maxLength: 2 }),
      after: fc.array(op, { maxLength: 6 }),
    });
    type History = typeof historyArb extends fc.Arbitrary<infer T> ? T : never;

    interface Stake {
      key: string;
      moneyMinor: number;
      refundedMinor: number;
      appliedMinor: number;
      reversedMinor: number;
    }

    /**
     * Plays a history on a new member, with S or without it (and without its refunds), checking
     * after every movement the remaining against a model of the rule and against what was ever
     * required. Returns the remaining right after S's last refund and at the end.
     */
    async function play(history: History, withS: boolean): Promise<{ afterS: number; end: number }> {
      const memberId = await newMember();
      const model = { remaining: 0, required: 0 };
      const stakes: Stake[] = [];
      const open = () => stakes.filter((candidate) => candidate.key !== sKey && candidate.refundedMinor < candidate.moneyMinor);
      let sKey: string | undefined;
      const check = async (what: string) => {
        expect([what, await remainingOf(memberId)]).toEqual([what, model.remaining]);
        expect(model.remaining).toBeLessThanOrEqual(model.required);
      };
      /**
       * Refunds `percent` % of what is left of each stake (at least 0.01; all of it for `whole` and
       * by key), in one movement, and the model's share of each.
       */
      const refundOf = async (chosen: readonly Stake[], percent: number, { byKey = false, whole }: { byKey?: boolean; whole?: Stake } = {}) => {
        const parts = chosen
          .map((target) => {
            const left = target.moneyMinor - target.refundedMinor;
            return { target, refundedMinor: byKey || target === whole ? left : Math.max(1, Math.min(left, Math.ceil((left * percent) / 100))) };
          })
          .filter((part) => part.refundedMinor > 0);
        if (parts.length === 0) return;
        const total = parts.reduce((sum, part) => sum + part.refundedMinor, 0);
        await refund([[memberId, total]], byKey ? { refundsKey: parts[0].target.key } : { refunds: parts.map((part) => ({ stakeKey: part.target.key, refundedMinor: part.refundedMinor })) });
        for (const { target, refundedMinor } of parts) {
          const share = Math.ceil((target.appliedMinor * refundedMinor) / target.moneyMinor);
          const back = Math.max(0, Math.min(share, target.appliedMinor - target.reversedMinor));
          target.refundedMinor += refundedMinor;
          target.reversedMinor += back;
          model.remaining += back;
        }
      };
      const run = async (step: Op) => {
        if (step.t === 'add') {
          await requirement(memberId, step.amount);
          model.remaining += step.amount;
          model.required += step.amount;
        } else if (step.t === 'stake') {
          const key = await stake(memberId, step.amount);
          const appliedMinor = Math.min(weightedMinor(step.amount, history.weight), model.remaining);
          stakes.push({ key, moneyMinor: step.amount, refundedMinor: 0, appliedMinor, reversedMinor: 0 });
          model.remaining -= appliedMinor;
        } else if (step.t === 'refund') {
          const candidates = open();
          if (candidates.length > 0) await refundOf([candidates[step.pick % candidates.length]], step.percent, { byKey: step.byKey });
        } else if (step.t === 'void') {
          const candidates = open();
          if (candidates.length > 0) await refundOf([...new Set(step.picks.map((pick) => candidates[pick % candidates.length]))], step.percent);
        } else {
          await refund([[memberId, step.amount]]);
        }
        await check(JSON.stringify(step));
      };

      for (const step of history.before) await run(step);
      let s: Stake | undefined;
      if (withS) {
        await run({ t: 'stake', amount: history.sAmount });
        s = stakes[stakes.length - 1];
        sKey = s.key;
      }
      for (const [index, step] of history.between.entries()) {
        if (s && history.sFirstPart && history.sFirstPart.at % (history.between.length + 1) === index) {
          await refundOf([s], history.sFirstPart.percent);
          await check('part of S');
        }
        await run(step);
      }
      if (s && history.sFirstPart && history.sFirstPart.at % (history.between.length + 1) === history.between.length) {
        await refundOf([s], history.sFirstPart.percent);
        await check('part of S');
      }
      // S's last refund: what is left of it, with part of other stakes in the same movement.
      const candidates = open();
      const others = candidates.length === 0 ? [] : [...new Set(history.sLastWith.map((pick) => candidates[pick % candidates.length]))];
      await refundOf(s ? [s, ...others] : others, 50, { whole: s });
      if (s) expect(s.reversedMinor).toBe(s.appliedMinor);
      await check('S refunded');
      const afterS = model.remaining;
      sKey = undefined;
      for (const step of history.after) await run(step);

      // What the database kept per stake: never more put back than it met.
      const kept = await context.pool.query<{ applied: string; back: string }>(
        `SELECT -s.change_minor AS applied, coalesce(sum(p.change_minor), 0) AS back
           FROM wagering_entry s LEFT JOIN wagering_refund_part p ON p.stake_entry_id = s.id
          WHERE s.member_id = $1 AND s.kind = 'stake_counted' GROUP BY s.id, s.change_minor ORDER BY s.id`,
        [memberId],
      );
      expect(kept.rows.map((row) => [Number(row.applied), Number(row.back)])).toEqual(stakes.map((one) => [one.appliedMinor, one.reversedMinor]));
      for (const row of kept.rows) expect(Number(row.back)).toBeLessThanOrEqual(Number(row.applied));
      return { afterS, end: model.remaining };
    }

    it('a stake and its full refund leave the requirement as it would be without them; nothing comes back that was not met, or more than was required', async () => {
      await fc.assert(
        fc.asyncProperty(historyArb, async (history) => {
          await context.pool.query(
            `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wagering', $2)
             ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
            [context.merchantId, JSON.stringify({ productWeights: { lottery: history.weight } })],
          );
          const withS = await play(history, true);
          const withoutS = await play(history, false);
          expect(withS).toEqual(withoutS);
        }),
        { numRuns: Number(process.env.WAGERING_PROPERTY_RUNS ?? 25) },
      );
    });
  });
});
