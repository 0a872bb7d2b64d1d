import { playsOf } from '@platform/lottery-rules';
import { LOTTERY_DEFAULT_GAME_CODES } from '@platform/contract';
import { AppError } from '../../http/envelope';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { reconcile } from '../ledger';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { cancelBet, placeOrder, type PlaceOrderInput } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { ROUNDS_AHEAD, drawRoundIn, ensureRounds } from './rounds.service';
import { roundsAfter } from './schedule';

// Betting and its refusals (every rule enforced here, whatever the page shows), cancelling,
// repeats with an Idempotency-Key, rounds kept ahead, and a round voided when it cannot be drawn.

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();
const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
const oneDigit = lineOf(position, [[7], [], [], [], []]);

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

async function refusal(input: PlaceOrderInput): Promise<string> {
  try {
    await placeOrder(database.appPool, input);
  } catch (error) {
    if (error instanceof AppError) return error.errorCode;
    throw error;
  }
  throw new Error('the order was accepted');
}

describe('the schedule', () => {
  it('numbers a 1-minute game 0001 … 1440 by the local day, closing 5 s before each draw', () => {
    const schedule = { intervalSeconds: 60, closeSeconds: 5, firstDrawSeconds: 60, drawsPerDay: 1440, numeroDigits: 4, utcOffsetMinutes: 480 };
    // 2026-11-27 15:59:30 UTC is 23:59:30 in UTC+8: the day's last draw at 24:00, then day 28's first.
    const [last, first] = roundsAfter(schedule, Date.UTC(2026, 10, 27, 15, 59, 30), 2);
    expect(last).toEqual({ numero: '20261127-1440', drawAt: Date.UTC(2026, 10, 27, 16, 0, 0), closeAt: Date.UTC(2026, 10, 27, 15, 59, 55), openAt: Date.UTC(2026, 10, 27, 15, 58, 55) });
    expect(first.numero).toBe('20261128-0001');
    expect(first.drawAt).toBe(Date.UTC(2026, 10, 27, 16, 1, 0));
  });

  it('numbers a daily draw by its date alone: XSMB at 18:15 Hanoi time, closing at 18:05', () => {
    const schedule = { intervalSeconds: 86_400, closeSeconds: 600, firstDrawSeconds: 65_700, drawsPerDay: 1, numeroDigits: 0, utcOffsetMinutes: 420 };
    const [today, tomorrow] = roundsAfter(schedule, Date.UTC(2026, 10, 27, 4, 0, 0), 2);
    expect(today).toMatchObject({ numero: '20261127', drawAt: Date.UTC(2026, 10, 27, 11, 15, 0), closeAt: Date.UTC(2026, 10, 27, 11, 5, 0) });
    expect(tomorrow.numero).toBe('20261128');
  });

  it('keeps ROUNDS_AHEAD rounds of every game created, each with its seed hash, and creates none twice', async () => {
    const nowMs = LOTTERY_TEST_START_MS;
    await ensureRounds(database.appPool, secretsKey, nowMs, merchantId);
    expect(await ensureRounds(database.appPool, secretsKey, nowMs, merchantId)).toBe(0);
    const counts = await database.appPool.query<{ gameCode: string; count: string; hashes: string }>(
      `SELECT g.game_code AS "gameCode", count(*) AS count, count(DISTINCT r.server_seed_hash) AS hashes
         FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE g.merchant_id = $1 AND r.draw_at > $2 GROUP BY g.game_code ORDER BY 1`,
      [merchantId, new Date(nowMs)],
    );
    expect(counts.rows.map((row) => row.gameCode)).toEqual([...LOTTERY_DEFAULT_GAME_CODES].sort());
    for (const row of counts.rows) expect([Number(row.count), Number(row.hashes)]).toEqual([ROUNDS_AHEAD, ROUNDS_AHEAD]);
    // The seed itself stays sealed until the draw.
    const clear = await database.appPool.query('SELECT 1 FROM lottery_round WHERE server_seed IS NOT NULL AND state = $1', ['open']);
    expect(clear.rowCount).toBe(0);
  });
});

describe('placing an order', () => {
  let member: number;
  let base: PlaceOrderInput;

  beforeAll(async () => {
    [member] = await fundedMembers(database.appPool, merchantId, 1, 10_000, 'bettor');
    const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', LOTTERY_TEST_START_MS);
    base = { merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([oneDigit]), betCartAmountSum: '2.0000', chase: 0, winningStop: false, nowMs: LOTTERY_TEST_START_MS };
  });

  it('refuses, moving nothing: an unknown game, a slip of another game or an invalid one, a series out of range, a wrong total, a closed or unknown round, a chase too long, a short balance', async () => {
    const elevenFive = playsOf('11X5')[0];
    expect(await refusal({ ...base, gameCode: 'NOPE' })).toBe('lottery.game.unknown');
    expect(await refusal({ ...base, slip: slipOf([lineOf(elevenFive, elevenFive.rows.map((row) => row.values.slice(0, Math.max(row.min, 1))))]) })).toBe('lottery.slip.invalid');
    expect(await refusal({ ...base, slip: '1,2~1~' })).toBe('lottery.slip.invalid');
    expect(await refusal({ ...base, slip: slipOf([lineOf(position, [[], [], [], [], []])]) })).toBe('lottery.slip.invalid');
    expect(await refusal({ ...base, slip: slipOf([lineOf(position, [[7], [], [], [], []], { series: 1990 })]) })).toBe('lottery.series.invalid');
    // The member's rebate setting (its agent's) lowers the highest series it may bet at.
    await database.appPool.query('UPDATE member SET rebate_series = 1850 WHERE id = $1', [member]);
    expect(await refusal({ ...base, slip: slipOf([lineOf(position, [[7], [], [], [], []], { series: 1900 })]) })).toBe('lottery.series.invalid');
    await database.appPool.query('UPDATE member SET rebate_series = NULL WHERE id = $1', [member]);
    expect(await refusal({ ...base, betCartAmountSum: '1.9900' })).toBe('lottery.amount.mismatch');
    expect(await refusal({ ...base, nowMs: LOTTERY_TEST_START_MS + 40_000 })).toBe('lottery.round.closed');
    expect(await refusal({ ...base, currentNumero: '20991231-0001' })).toBe('lottery.round.unknown');
    expect(await refusal({ ...base, chase: 200, betCartAmountSum: '402.0000' })).toBe('lottery.chase.invalid');
    expect(await refusal({ ...base, slip: slipOf([lineOf(position, [[7], [], [], [], []], { multiple: 60 })]), betCartAmountSum: '120.0000' })).toBe('lottery.insufficient.funds');
    expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000);
    expect((await database.appPool.query('SELECT 1 FROM lottery_order WHERE member_id = $1', [member])).rowCount).toBe(0);
  });

  it('places an order once for one Idempotency-Key, refuses the key for another order, and cancels a bet before close', async () => {
    const first = await placeOrder(database.appPool, { ...base, requestKey: 'bet-key-0001' });
    const again = await placeOrder(database.appPool, { ...base, requestKey: 'bet-key-0001' });
    expect(again).toEqual(first);
    expect(await refusal({ ...base, requestKey: 'bet-key-0001', slip: slipOf([lineOf(position, [[8], [], [], [], []])]) })).toBe('wallet.idempotency.conflict');
    // Two at once with one key: one order.
    const [a, b] = await Promise.all([placeOrder(database.appPool, { ...base, requestKey: 'bet-key-0002' }), placeOrder(database.appPool, { ...base, requestKey: 'bet-key-0002' })]);
    expect(a.orderNo).toBe(b.orderNo);
    expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000 - 400);

    const betId = first.bets[0].orderDetailId;
    await expect(cancelBet(database.appPool, merchantId, member + 1000, betId, LOTTERY_TEST_START_MS)).rejects.toMatchObject({ errorCode: 'lottery.bet.not_found' });
    await expect(cancelBet(database.appPool, merchantId, member, betId, LOTTERY_TEST_START_MS + 40_000)).rejects.toMatchObject({ errorCode: 'lottery.bet.not_cancellable' });
    expect(await cancelBet(database.appPool, merchantId, member, betId, LOTTERY_TEST_START_MS)).toEqual({ orderDetailId: betId, refunded: 2 });
    await expect(cancelBet(database.appPool, merchantId, member, betId, LOTTERY_TEST_START_MS)).rejects.toMatchObject({ errorCode: 'lottery.bet.not_cancellable' });
    expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000 - 200);
    expect((await reconcile(database.appPool)).problems).toEqual([]);
  });
});

it('voids a round whose seed cannot be read and refunds every bet in it', async () => {
  const nowMs = LOTTERY_TEST_START_MS + 5 * 3_600_000;
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 10_000, 'voided');
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC5', nowMs);
  await placeOrder(database.appPool, { merchantId, memberId: member, gameCode: 'SSC5', currentNumero: round.numero, slip: slipOf([oneDigit]), betCartAmountSum: '2.0000', chase: 0, winningStop: false, nowMs });
  expect(await mainBalanceMinor(database.appPool, member)).toBe(9_800);
  // Another key than the one that sealed the seeds (a lost SECRETS_KEY): no fair draw can be made.
  const report = await drawAndSettle(database.appPool, testSecretsKey(), round.drawAt);
  expect(report.voided).toBeGreaterThanOrEqual(1);
  const voided = await database.appPool.query<{ state: string; voidReason: string; numbers: number[] | null }>(
    'SELECT state, void_reason AS "voidReason", numbers FROM lottery_round WHERE id = $1',
    [round.roundId],
  );
  expect(voided.rows[0]).toMatchObject({ state: 'void', numbers: null });
  expect(await mainBalanceMinor(database.appPool, member)).toBe(10_000);
  const bet = await database.appPool.query<{ state: string }>('SELECT state FROM lottery_bet WHERE member_id = $1', [member]);
  expect(bet.rows.map((row) => row.state)).toEqual(['void']);
  // A void round is not drawn later with the right key either.
  await withTransaction(database.appPool, async (client) => {
    expect(await drawRoundIn(client, secretsKey, round.roundId, round.drawAt)).toEqual({ drawn: false, reason: 'not_open' });
  });
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});
