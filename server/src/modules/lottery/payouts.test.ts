import { PLAYS } from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { reconcile } from '../ledger';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { cancelBet, placeOrder, type PlaceOrderInput } from './betting.service';
import { drawRoundAs, fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { settleRound } from './settlement.service';

// What the bet page shows is what is paid (migration 045): a bet's prize rounded once, a bet one
// of whose winning tickets would pass the cap refused, and the games' liability limits (a round's
// payout, one number's payout, one member's stake per round) refusing the order that passes them.

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();
const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;

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

async function bettor(prefix: string, gameCode: string, hour: number): Promise<{ member: number; base: PlaceOrderInput; roundId: number }> {
  const nowMs = LOTTERY_TEST_START_MS + hour * 3_600_000;
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 1_000_000, prefix);
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, gameCode, nowMs);
  return { member, roundId: round.roundId, base: { merchantId, memberId: member, gameCode, currentNumero: round.numero, slip: '', betCartAmountSum: '', chase: 0, winningStop: false, nowMs } };
}

it('pays a 分-mode bet its exact prize × multiple rounded down once: 一帆风顺 at 1800 × 100 pays 4.39, not 4.00', async () => {
  const { member, base, roundId } = await bettor('round', 'SSC1', 1);
  // 1 ticket × 2.00 × 1/100 × 100 = 2.00. One ticket: 2 / 0.40951 × 1800/2000 = 4.3955… 元 = 0.043955 元 in 分 mode,
  // × 100 = 4.3955 元 → 439 minor (the unit prize rounded first, 4 分 × 100, paid 4.00).
  const line = lineOf(play('SSC_5STAR_ANY1'), [[1]], { mode: 3, series: 1800, multiple: 100 });
  const placed = await placeOrder(database.appPool, { ...base, slip: slipOf([line]), betCartAmountSum: '2.0000' });
  await drawRoundAs(database.appPool, roundId, { kind: 'SSC', numbers: [1, 2, 3, 4, 5] }, base.nowMs);
  await settleRound(database.appPool, roundId, base.nowMs);
  const bet = await database.appPool.query<{ state: string; prizeMinor: string; rebateMinor: string }>(
    'SELECT lottery_bet_state(b.state, r.state) AS state, b.prize_minor AS "prizeMinor", b.rebate_minor AS "rebateMinor" FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.id = $1',
    [placed.bets[0].orderDetailId],
  );
  // The rebate: (1960 − 1800)/2000 of 2.00 = 0.16.
  expect(bet.rows[0]).toEqual({ state: 'won', prizeMinor: '439', rebateMinor: '16' });
  expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000 - 200 + 439 + 16);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

it('refuses a bet one of whose winning tickets would pay more than the cap, charging nothing, and takes it at a multiple within it', async () => {
  const { member, base } = await bettor('capped', 'SSC1', 2);
  // 五星直选 at 1900: 190,000.00 a ticket; × 2 = 380,000.00 > 300,000.00 (the game's cap per bet).
  const over = lineOf(play('SSC_5STAR_DIRECT'), [[1], [2], [3], [4], [5]], { multiple: 2 });
  expect(await refusal({ ...base, slip: slipOf([over]), betCartAmountSum: '4.0000' })).toBe('lottery.prize.over_cap');
  expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000);
  expect((await database.appPool.query('SELECT 1 FROM lottery_bet WHERE member_id = $1', [member])).rowCount).toBe(0);
  const within = lineOf(play('SSC_5STAR_DIRECT'), [[1], [2], [3], [4], [5]], { multiple: 1 });
  await placeOrder(database.appPool, { ...base, slip: slipOf([within]), betCartAmountSum: '2.0000' });
  expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000 - 200);
});

it('holds a Mark Six 三中二 ticket to the cap and the liability at its top level, 中三 = 5 × 中二', async () => {
  // 三中二 at 1900: 中二 190 × 18424/745 = 46.98 a ticket, 中三 5 × 46.98 = 234.90. Cap 300.00:
  // at multiple 2 the 中三 ticket would pay 469.80 (中二 93.96 alone would fit), refused; at 1 it
  // is taken, and its liability is 234.90, not 46.98.
  const [{ cap }] = (await database.appPool.query<{ cap: string }>("SELECT max_prize_minor AS cap FROM lottery_game WHERE merchant_id = $1 AND game_code = 'LHC5'", [merchantId])).rows;
  await database.appPool.query("UPDATE lottery_game SET max_prize_minor = 30000 WHERE merchant_id = $1 AND game_code = 'LHC5'", [merchantId]);
  try {
    const { member, base } = await bettor('threetwo', 'LHC5', 3);
    const line = (multiple: number) => slipOf([lineOf(play('LHC_THREE_TWO'), [[1, 2, 3]], { multiple })]);
    expect(await refusal({ ...base, slip: line(2), betCartAmountSum: '4.0000' })).toBe('lottery.prize.over_cap');
    expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000);
    const placed = await placeOrder(database.appPool, { ...base, slip: line(1), betCartAmountSum: '2.0000' });
    const bet = await database.appPool.query<{ prize: string; liability: string }>(
      'SELECT ticket_prize_minor AS prize, liability_minor AS liability FROM lottery_bet WHERE order_id = (SELECT id FROM lottery_order WHERE order_no = $1)',
      [placed.orderNo],
    );
    expect(bet.rows).toEqual([{ prize: '4698', liability: String(5 * 4698) }]);
  } finally {
    await database.appPool.query("UPDATE lottery_game SET max_prize_minor = $2 WHERE merchant_id = $1 AND game_code = 'LHC5'", [merchantId, cap]);
  }
});

describe('liability limits', () => {
  afterEach(async () => {
    await database.appPool.query('UPDATE lottery_game SET max_round_payout_minor = 0, max_number_payout_minor = 0, max_member_stake_minor = 0 WHERE merchant_id = $1', [merchantId]);
  });

  it('refuses a member past its most stake on one draw, counts a cancelled bet out, and lets only one of two orders at once through', async () => {
    await database.appPool.query("UPDATE lottery_game SET max_member_stake_minor = 1000 WHERE merchant_id = $1 AND game_code = 'SSC5'", [merchantId]);
    const { member, base } = await bettor('staker', 'SSC5', 3);
    const digit = (value: number) => lineOf(play('SSC_POSITION'), [[value], [], [], [], []]);
    const first = await placeOrder(database.appPool, { ...base, slip: slipOf([digit(1), digit(2), digit(3), digit(4)]), betCartAmountSum: '8.0000' });
    expect(await refusal({ ...base, slip: slipOf([lineOf(play('SSC_POSITION'), [[5, 6], [], [], [], []])]), betCartAmountSum: '4.0000' })).toBe('lottery.limit.stake');
    expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000 - 800);
    // A cancelled bet no longer counts: 6.00 staked, 4.00 more fits.
    await cancelBet(database.appPool, merchantId, member, first.bets[0].orderDetailId, base.nowMs);
    await placeOrder(database.appPool, { ...base, slip: slipOf([lineOf(play('SSC_POSITION'), [[5, 6], [], [], [], []])]), betCartAmountSum: '4.0000' });
    // Another member has a limit of its own.
    const other = await bettor('staker2', 'SSC5', 3);
    const twice = slipOf([lineOf(play('SSC_POSITION'), [[1, 2, 3], [], [], [], []])]);
    const results = await Promise.allSettled([
      placeOrder(database.appPool, { ...other.base, slip: twice, betCartAmountSum: '6.0000' }),
      placeOrder(database.appPool, { ...other.base, slip: twice, betCartAmountSum: '6.0000' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { errorCode: 'lottery.limit.stake' } });
    expect(await mainBalanceMinor(database.appPool, other.member)).toBe(1_000_000 - 600);
    expect((await reconcile(database.appPool)).problems).toEqual([]);
  });

  it('refuses a bet that would let one number of a draw owe more than its limit (a Mark Six special number), other numbers still open', async () => {
    // 特码 at 1900: 2 / (1/49) × 1900/2000 = 93.10 a ticket; at most 200.00 on one number.
    await database.appPool.query("UPDATE lottery_game SET max_number_payout_minor = 20000 WHERE merchant_id = $1 AND game_code = 'LHC5'", [merchantId]);
    const { member, base } = await bettor('number', 'LHC5', 4);
    const special = (values: number[]) => slipOf([lineOf(play('LHC_SPECIAL'), [values])]);
    await placeOrder(database.appPool, { ...base, slip: special([7]), betCartAmountSum: '2.0000' });
    await placeOrder(database.appPool, { ...base, slip: special([7, 8]), betCartAmountSum: '4.0000' });
    expect(await refusal({ ...base, slip: special([7, 9]), betCartAmountSum: '4.0000' })).toBe('lottery.limit.number');
    await placeOrder(database.appPool, { ...base, slip: special([8, 9]), betCartAmountSum: '4.0000' });
    expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000 - 1000);
  });

  it('counts a lô bet at every value of the draw it is played on hitting, whatever its points: 27 prizes for lô 2 số, 23 for lô 3 số', async () => {
    // lô 2 số at 1900: a point costs 27 × 1.00; one hit pays 27.00 / (27/100) × 0.95 = 95.00. The 27
    // endings can each hit one of the bet's numbers: at most 27 hits, 2565.00, for 1 point or 10.
    // lô 3 số: 23 × 1.00 a point, one hit 23.00 / (23/1000) × 0.95 = 950.00, 23 prizes of three
    // digits or more: 21850.00.
    const { base, roundId } = await bettor('lo', 'VN5', 6);
    const loTwo = lineOf(play('VN_LO2'), [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    const loThree = lineOf(play('VN_LO3'), [[123]]);
    const placed = await placeOrder(database.appPool, { ...base, slip: slipOf([loTwo, loThree]), betCartAmountSum: '293.0000' });
    const bets = await database.appPool.query<{ prize: string; liability: string }>(
      'SELECT COALESCE(ticket_prize_minor, unit_prize_minor * multiple) AS prize, liability_minor AS liability FROM lottery_bet WHERE order_id = (SELECT id FROM lottery_order WHERE order_no = $1) ORDER BY id',
      [placed.orderNo],
    );
    expect(bets.rows).toEqual([
      { prize: '9500', liability: String(27 * 9500) },
      { prize: '95000', liability: String(23 * 95_000) },
    ]);
    const owed = await database.appPool.query<{ payout: string }>('SELECT payout_minor AS payout FROM lottery_round_liability WHERE round_id = $1', [roundId]);
    expect(owed.rows).toEqual([{ payout: String(27 * 9500 + 23 * 95_000) }]);
  });

  it('refuses a bet that would let a draw owe more than its payout limit', async () => {
    // 猜冠军 at 1900: 19.00 a ticket; a bet of 2 cars can win one ticket but counts 2 × 19.00 (every ticket winning);
    // at most 60.00 per draw: 38.00, then 38.00 more is refused, 19.00 more fits.
    await database.appPool.query("UPDATE lottery_game SET max_round_payout_minor = 6000 WHERE merchant_id = $1 AND game_code = 'PK10'", [merchantId]);
    const { member, base } = await bettor('payout', 'PK10', 5);
    const champion = (values: number[]) => slipOf([lineOf(play('PK10_CHAMPION'), [values])]);
    await placeOrder(database.appPool, { ...base, slip: champion([1, 2]), betCartAmountSum: '4.0000' });
    expect(await refusal({ ...base, slip: champion([3, 4]), betCartAmountSum: '4.0000' })).toBe('lottery.limit.round');
    await placeOrder(database.appPool, { ...base, slip: champion([3]), betCartAmountSum: '2.0000' });
    expect(await mainBalanceMinor(database.appPool, member)).toBe(1_000_000 - 600);
  });
});

it('names the daily Vietnamese game as the house\'s own draw, not the official northern lottery (XSMB) its numbers do not come from', async () => {
  const game = await database.appPool.query<{ name: string }>("SELECT name FROM lottery_game WHERE merchant_id = $1 AND game_code = 'VNMB'", [merchantId]);
  expect(game.rows[0].name).toBe('Vietnam Daily (house draw)');
});
