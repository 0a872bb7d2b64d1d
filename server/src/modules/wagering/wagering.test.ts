import { playsOf } from '@platform/lottery-rules';
import { randomBytes } from 'node:crypto';
import type { Envelope, JlSpin, TurnoverInfo } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { launch, providerClientFor, sessionTokenOf } from '../game-provider/game-provider.testing';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from '../ledger';
import { cancelBet, placeOrder, voidRoundIn } from '../lottery';
import { costOf, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from '../lottery/lottery.testing';
import { MINUTE, TestClock } from '../member/member.testing';
import { payWithdrawal } from '../withdrawal';
import {
  bet,
  bindCard,
  credit,
  deposit,
  get,
  memberWithSession,
  newKey,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  setWithdrawSettings,
  valueOf,
} from '../withdrawal/withdrawal.testing';
import { wageringStateOf } from './wagering.service';

// The wagering requirement against the ways around it, through the real flows on a real
// PostgreSQL: a bet cancelled gives back what it met, a game's stakes count as much as the
// lottery's, paying a small withdrawal does not clear a large deposit made while it was pending,
// and each kind of credit adds its own requirement, exactly once per ledger movement.

const clock = new TestClock();
clock.nowMs = LOTTERY_TEST_START_MS;
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
  await context.pool.query("DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = 'wagering'", [context.merchantId]);
});

/** A member ready to withdraw to a bank card: session, payment password, card. */
async function readyMember() {
  const session = await memberWithSession(context, `wag${String(++counter).padStart(3, '0')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  const cardId = await bindCard(context.app, session.token);
  return { ...session, cardId };
}

const withdraw = (token: string, amount: number, cardId: number) =>
  post(context.app, '/wps/relay/withdraw', token, { password: PAYMENT_PASSWORD, currentWithdrawType: 'BC', amount, bankCardId: cardId }, { 'idempotency-key': newKey() });

const turnoverOf = async (token: string) => valueOf<TurnoverInfo>(await get(context.app, '/wps/relay/getTurnoverInfo', token));

async function setWagering(value: Record<string, unknown>): Promise<void> {
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wagering', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify(value)],
  );
}

describe('stakes count net of refunds', () => {
  it('betting and cancelling, again and again, meets nothing', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 10, turnoverMultiplier: 1 });
    const { token, memberId, cardId } = await readyMember();
    await deposit(context.pool, context.merchantId, memberId, 50_00, clock.nowMs);
    const round = await roundOnSale(context.pool, testSecretsKey(), context.merchantId, 'SSC1', clock.nowMs);
    const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
    const line = lineOf(position, [[7], [], [], [], []], { multiple: 10 });
    // Four times 20.00 staked and given back: 80.00 of bets against a 50.00 requirement.
    for (let index = 0; index < 4; index++) {
      const order = await placeOrder(context.pool, {
        merchantId: context.merchantId,
        memberId,
        gameCode: 'SSC1',
        currentNumero: round.numero,
        slip: slipOf([line]),
        betCartAmountSum: costOf([line]),
        chase: 0,
        winningStop: false,
        nowMs: clock.nowMs,
      });
      await cancelBet(context.pool, context.merchantId, memberId, order.bets[0].orderDetailId, clock.nowMs);
    }
    expect(outcome(await withdraw(token, 20, cardId))).toEqual({ status: 400, errorCode: 'withdraw_turnover_not_enough' });
    expect(await turnoverOf(token)).toMatchObject({ requiredTurnover: 50, actualTurnover: 0, remainingTurnover: 50 });
    // A bet kept counts.
    await bet(context.pool, context.merchantId, memberId, 50_00, clock.nowMs);
    expect(await turnoverOf(token)).toMatchObject({ remainingTurnover: 0 });
  });

  it('a voided round gives back what its bets met, and no more', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { turnoverMultiplier: 1 });
    const { memberId } = await readyMember();
    await deposit(context.pool, context.merchantId, memberId, 30_00, clock.nowMs);
    const round = await roundOnSale(context.pool, testSecretsKey(), context.merchantId, 'SSC5', clock.nowMs);
    const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
    const line = lineOf(position, [[3], [], [], [], []], { multiple: 5 });
    const remainingOf = async () => (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;
    const order = await placeOrder(context.pool, {
      merchantId: context.merchantId,
      memberId,
      gameCode: 'SSC5',
      currentNumero: round.numero,
      slip: slipOf([line]),
      betCartAmountSum: costOf([line]),
      chase: 0,
      winningStop: false,
      nowMs: clock.nowMs,
    });
    expect(order.amount).toBe(10);
    expect(await remainingOf()).toBe(20_00);
    await withTransaction(context.pool, (client) => voidRoundIn(client, round.roundId, 'test', clock.nowMs));
    expect(await remainingOf()).toBe(30_00);
  });

  it('a player of slots only meets it with its spins, at the in-house games’ weight', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 10, turnoverMultiplier: 1 });
    await setWagering({ productWeights: { inhouse: 2 } });
    const { token, memberId, username, cardId } = await readyMember();
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    await credit(context.pool, context.merchantId, memberId, 100_00, clock.nowMs);
    const response = await launch(context.app, token, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' });
    expect([username, response.statusCode]).toEqual([username, 200]);
    const session = sessionTokenOf(json<Envelope<{ game_url: string }>>(response).value.game_url);
    expect(outcome(await withdraw(token, 20, cardId))).toEqual({ status: 400, errorCode: 'withdraw_turnover_not_enough' });
    // Five spins of 1.00, each counted twice: the 10.00 is met.
    for (let index = 0; index < 5; index++) {
      const spin = await context.app.inject({ method: 'POST', url: '/jl/v1/slots/JLS001/spin', payload: { session, bet: 1 } });
      expect(json<Envelope<JlSpin>>(spin).success).toBe(true);
    }
    expect(valueOf(await withdraw(token, 20, cardId))).toMatchObject({ status: 'pending' });
    expect(await turnoverOf(token)).toMatchObject({ remainingTurnover: 0, productWeights: { lottery: 1, inhouse: 2, vendor: 1 } });
  });
});

describe('a game rollback', () => {
  it('puts back exactly what the bet it rolls back met, not its whole stake', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { turnoverMultiplier: 1 });
    const jl = await providerClientFor(context, 'JL', clock.now);
    const { memberId, token } = await readyMember();
    await credit(context.pool, context.merchantId, memberId, 100_00, clock.nowMs);
    const launched = valueOf<{ game_url: string }>(await launch(context.app, token, { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', language: 'EN' }));
    const sessionToken = sessionTokenOf(launched.game_url);
    const fresh = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
    const remainingOf = async () => (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;
    // A first requirement met by a bet of 10.00.
    await deposit(context.pool, context.merchantId, memberId, 10_00, clock.nowMs);
    await jl.bet({ sessionToken, transactionId: fresh('bet'), roundId: fresh('round'), gameCode: 'JLS001', amount: 10_00 });
    expect(await remainingOf()).toBe(0);
    // A bet of 7.00 against 5.00 left meets 5.00; rolled back, it puts back those 5.00, not 7.00.
    await deposit(context.pool, context.merchantId, memberId, 5_00, clock.nowMs);
    const betId = fresh('bet');
    await jl.bet({ sessionToken, transactionId: betId, roundId: fresh('round'), gameCode: 'JLS001', amount: 7_00 });
    expect(await remainingOf()).toBe(0);
    await jl.rollback({ transactionId: fresh('rb'), referenceTransactionId: betId });
    expect(await remainingOf()).toBe(5_00);
  });
});

describe('a paid withdrawal', () => {
  it('does not clear the requirement of a deposit made while it was pending', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { minimumAmount: 10, turnoverMultiplier: 1 });
    const { token, memberId, cardId } = await readyMember();
    await deposit(context.pool, context.merchantId, memberId, 100_00, clock.nowMs);
    await bet(context.pool, context.merchantId, memberId, 100_00, clock.nowMs);
    await credit(context.pool, context.merchantId, memberId, 20_00, clock.nowMs);
    // A small withdrawal once the small deposit is met, left pending; then a large deposit.
    const small = valueOf<{ withdrawId: number }>(await withdraw(token, 20, cardId));
    clock.advance(MINUTE);
    await deposit(context.pool, context.merchantId, memberId, 5_000_00, clock.nowMs);
    clock.advance(MINUTE);
    await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: small.withdrawId, operatorName: 'ops', nowMs: clock.nowMs });
    expect(outcome(await withdraw(token, 1000, cardId))).toEqual({ status: 400, errorCode: 'withdraw_turnover_not_enough' });
    expect(await turnoverOf(token)).toMatchObject({ requiredTurnover: 5000, actualTurnover: 0, remainingTurnover: 5000 });
  });
});

describe('requirements', () => {
  async function move(memberId: number, kind: string, amountMinor: number, key = `wagering-test:${++counter}`) {
    const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', clock.nowMs);
    const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', clock.nowMs);
    await postTransaction(context.pool, {
      merchantId: context.merchantId,
      idempotencyKey: key,
      kind,
      unit: 'REAL',
      postings: [
        { accountId: house, amountMinor: -amountMinor },
        { accountId: wallet, amountMinor },
      ],
      nowMs: clock.nowMs,
    });
  }
  const remainingOf = async (memberId: number) => (await wageringStateOf(context.pool, context.merchantId, memberId)).remainingMinor;

  it('each kind of credit adds amount × its multiplier (rounded half up), once per movement; other money adds nothing', async () => {
    await setWagering({ agentTransferMultiplier: 2, redEnvelopeMultiplier: 0.5, operatorCreditMultiplier: 0 });
    const { memberId } = await readyMember();
    await move(memberId, 'downline_transfer', 10_00);
    expect(await remainingOf(memberId)).toBe(20_00);
    await move(memberId, 'red_envelope', 3_01);
    expect(await remainingOf(memberId)).toBe(20_00 + 1_51);
    await move(memberId, 'operator_adjustment', 50_00);
    await move(memberId, 'test_credit', 50_00);
    expect(await remainingOf(memberId)).toBe(21_51);
    // The same movement again (a caller's retry): recorded once.
    await move(memberId, 'deposit', 7_00, 'wagering-test:same');
    await move(memberId, 'deposit', 7_00, 'wagering-test:same');
    expect(await remainingOf(memberId)).toBe(28_51);
    const entries = await context.pool.query('SELECT kind, source_kind, change_minor FROM wagering_entry WHERE member_id = $1 ORDER BY id', [memberId]);
    expect(entries.rows.map((row) => [row.kind, row.source_kind, Number(row.change_minor)])).toEqual([
      ['requirement_added', 'downline_transfer', 20_00],
      ['requirement_added', 'red_envelope', 1_51],
      ['requirement_added', 'operator_adjustment', 0],
      ['requirement_added', 'deposit', 7_00],
    ]);
  });

  it('a stake made while nothing remains meets nothing later; entries are append-only and balances start at zero', async () => {
    const { memberId } = await readyMember();
    await credit(context.pool, context.merchantId, memberId, 100_00, clock.nowMs);
    await bet(context.pool, context.merchantId, memberId, 60_00, clock.nowMs);
    await move(memberId, 'deposit', 30_00);
    expect(await remainingOf(memberId)).toBe(30_00);
    await expect(context.pool.query('UPDATE wagering_entry SET change_minor = 0 WHERE member_id = $1', [memberId])).rejects.toThrow();
    // The app role creates a balance at zero and moves it; it cannot create one with an amount.
    await expect(
      context.pool.query('INSERT INTO wagering_balance (member_id, merchant_id, remaining_minor, updated_at) VALUES ($1, $2, 0, now())', [memberId, context.merchantId]),
    ).rejects.toThrow(/permission denied/);
  });
});
