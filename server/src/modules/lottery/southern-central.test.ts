import type { Envelope } from '@platform/contract';
import { VN18_PRIZE_DIGITS, formatDraw, playsOf } from '@platform/lottery-rules';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { AppError } from '../../http/envelope';
import { operatorLogin } from '../operator/operator.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { parseOfficialNumbers } from './official-results.service';

// The southern and central Vietnamese lotteries (XSMN, XSMT; kind VN18, migration 088) on a real
// PostgreSQL: a game per province seeded with its weekdays, times and official results; rounds on
// its weekdays only (schedule.ts), always one on sale; and a province's round taken end to end:
// a bet, two operators entering the 18 numbers special prize first (four eyes), the round drawn
// with them and settled once, the bet paid what the hand-worked arithmetic says.

let context: TestContext;
let now = LOTTERY_TEST_START_MS; // Friday 2026-11-27, 11:00 in Vietnam
const secretsKey = testSecretsKey();
const tokens = { first: '', second: '' };

beforeAll(async () => {
  context = await createTestApp({ clock: () => now });
  // Only the provinces' games stay on: a day later, the house's games would have thousands of
  // rounds to draw, which this test is not about.
  await context.pool.query("UPDATE lottery_game SET enabled = (kind = 'VN18' AND result_source = 'official') WHERE merchant_id = $1", [context.merchantId]);
}, 120_000);

afterAll(async () => {
  await context.close();
});

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const body = <T>(response: { body: string }) => json<Envelope<T>>(response as never);

interface GameRow {
  code: string;
  group: string;
  weekdays: number;
  first: number;
  close: number;
  offset: number;
  source: string;
  prizeMode: string;
}

const games = async () =>
  (
    await context.pool.query<GameRow>(
      `SELECT game_code AS code, group_code AS group, draw_weekdays AS weekdays, first_draw_seconds AS first, close_seconds AS close,
              utc_offset_minutes AS offset, result_source AS source, prize_mode AS "prizeMode"
         FROM lottery_game WHERE merchant_id = $1 AND kind = 'VN18' ORDER BY sort_order`,
      [context.merchantId],
    )
  ).rows;

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

it('seeds a game per province on its weekdays: the south at 16:15, the centre at 17:15 Vietnam time, closing 15 minutes before, with official results', async () => {
  const all = await games();
  expect(all[0]).toMatchObject({ code: 'VNMN5', group: 'VNS', weekdays: 127, source: 'house' });
  const provinces = all.slice(1);
  expect(provinces).toHaveLength(21 + 14);
  for (const game of provinces) {
    expect(game).toMatchObject({ close: 900, offset: 420, source: 'official', prizeMode: 'SEA' });
    expect(game.code).toMatch(/^XSM[NT][A-Z]{2,3}$/);
  }
  const south = provinces.filter((game) => game.group === 'VNS');
  const centre = provinces.filter((game) => game.group === 'VNC');
  expect(south.every((game) => game.code.startsWith('XSMN') && game.first === 16 * 3600 + 15 * 60)).toBe(true);
  expect(centre.every((game) => game.code.startsWith('XSMT') && game.first === 17 * 3600 + 15 * 60)).toBe(true);
  // How many provinces draw each weekday: the south 3 a day and 4 on Saturday, the centre 2 or 3.
  const perDay = (region: GameRow[]) => WEEKDAYS.map((_, day) => region.filter((game) => game.weekdays & (1 << day)).length);
  expect(perDay(south)).toEqual([3, 3, 3, 3, 3, 4, 3]);
  expect(perDay(centre)).toEqual([2, 2, 2, 3, 2, 3, 3]);
  const daysOf = (code: string) => WEEKDAYS.filter((_, day) => provinces.find((game) => game.code === code)!.weekdays & (1 << day));
  expect(daysOf('XSMNHCM')).toEqual(['Mon', 'Sat']);
  expect(daysOf('XSMNDT')).toEqual(['Mon']);
  expect(daysOf('XSMNDL')).toEqual(['Sun']);
  expect(daysOf('XSMTTTH')).toEqual(['Mon', 'Sun']);
  expect(daysOf('XSMTDNG')).toEqual(['Wed', 'Sat']);
  expect(daysOf('XSMTKH')).toEqual(['Wed', 'Sun']);
  // The schema holds a mask of at least one weekday.
  await expect(context.pool.query("UPDATE lottery_game SET draw_weekdays = 0 WHERE merchant_id = $1 AND game_code = 'XSMNDT'", [context.merchantId])).rejects.toThrow(/check/);
  await expect(context.pool.query("UPDATE lottery_game SET draw_weekdays = 128 WHERE merchant_id = $1 AND game_code = 'XSMNDT'", [context.merchantId])).rejects.toThrow(/check/);
});

it('makes rounds on a game’s weekdays only (Đồng Tháp: Mondays), numbered YYYYMMDD, with one on sale at any time', async () => {
  await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMNDT', now);
  const rounds = await context.pool.query<{ numero: string; openAt: Date; closeAt: Date; drawAt: Date }>(
    `SELECT r.numero, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt" FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE g.merchant_id = $1 AND g.game_code = $2 ORDER BY r.draw_at`,
    [context.merchantId, 'XSMNDT'],
  );
  expect(rounds.rows.length).toBeGreaterThan(100);
  for (const round of rounds.rows) {
    expect(round.numero).toMatch(/^\d{8}$/);
    // 09:15 UTC is 16:15 in Vietnam, the same date.
    expect([round.drawAt.getUTCDay(), round.drawAt.getUTCHours(), round.drawAt.getUTCMinutes()]).toEqual([1, 9, 15]);
    expect(round.numero).toBe(round.drawAt.toISOString().slice(0, 10).replaceAll('-', ''));
    expect(round.drawAt.getTime() - round.closeAt.getTime()).toBe(900_000);
  }
  expect(rounds.rows.slice(0, 3).map((round) => round.numero)).toEqual(['20261130', '20261207', '20261214']);
  // The first opened when last Monday's sales closed; each next one opens when the one before closes.
  expect(rounds.rows[0].openAt.toISOString()).toBe('2026-11-23T09:00:00.000Z');
  for (let index = 1; index < rounds.rows.length; index += 1) expect(rounds.rows[index].openAt).toEqual(rounds.rows[index - 1].closeAt);
  // Every game with weekdays has a round on sale now, as the Vietnamese lobby lists them.
  const onSale = await context.pool.query<{ count: string }>(
    `SELECT count(DISTINCT g.id) AS count FROM lottery_game g JOIN lottery_round r ON r.game_id = g.id
      WHERE g.merchant_id = $1 AND g.enabled AND r.open_at <= $2 AND r.close_at > $2`,
    [context.merchantId, new Date(now)],
  );
  expect(Number(onSale.rows[0].count)).toBe(35);
});

it('reads a southern or central result as 18 numbers, the special prize first, each with all its digits', () => {
  const typed = ['385172', '40972', '18305', '62172', '09415', '83540', '27718', '05526', '91363', '44809', '30251', '76637', '1805', '4472', '0926', '7390', '618', '05'];
  expect(parseOfficialNumbers('VN18', typed)).toEqual([385172, 40972, 18305, 62172, 9415, 83540, 27718, 5526, 91363, 44809, 30251, 76637, 1805, 4472, 926, 7390, 618, 5]);
  const refused = (numbers: string[]) => {
    try {
      parseOfficialNumbers('VN18', numbers);
      return 'accepted';
    } catch (error) {
      return error instanceof AppError ? `${error.errorCode}: ${error.params.detail}` : String(error);
    }
  };
  expect(refused(typed.slice(1))).toBe('lottery.result.invalid: 18 numbers expected, 17 given');
  // A dropped leading zero, or a northern-sized special prize, is a typo.
  expect(refused(['85172', ...typed.slice(1)])).toBe('lottery.result.invalid: number 1 (85172) must be exactly 6 digits');
  expect(refused([...typed.slice(0, 17), '5'])).toBe('lottery.result.invalid: number 18 (5) must be exactly 2 digits');
  expect(refused([...typed.slice(0, 16), '0618', '05'])).toBe('lottery.result.invalid: number 17 (0618) must be exactly 3 digits');
});

it('takes a TP. Hồ Chí Minh round end to end: a bet, the official result entered twice special prize first, drawn, settled once, paid', async () => {
  const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'xsmn');
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMNHCM', now);
  // Saturday 2026-11-28, 16:15 in Vietnam.
  expect(round).toMatchObject({ numero: '20261128', drawAt: Date.UTC(2026, 10, 28, 9, 15) });
  const lo = playsOf('VN18').find((play) => play.code === 'VN18_LO2')!;
  // lô 05, 18, 72: 3 points × 18.00 = 54.00.
  await placeOrder(context.pool, {
    merchantId: context.merchantId, memberId: member, gameCode: 'XSMNHCM', currentNumero: round.numero,
    slip: slipOf([lineOf(lo, [[5, 18, 72]])]), betCartAmountSum: '54.0000', chase: 0, winningStop: false, nowMs: now,
  });
  expect(await mainBalanceMinor(context.pool, member)).toBe(100_000 - 5_400);

  now = round.drawAt + 60_000;
  // The scheduler leaves it to staff.
  await drawAndSettle(context.pool, secretsKey, now);
  const state = async () => (await context.pool.query<{ state: string; numbers: number[] | null }>('SELECT state, numbers FROM lottery_round WHERE id = $1', [round.roundId])).rows[0];
  expect(await state()).toEqual({ state: 'open', numbers: null });
  // Two risk analysts on duty after the draw.
  tokens.first = (await operatorLogin(context, { username: 'xsmn_risk1', role: 'risk', nowMs: now })).token;
  tokens.second = (await operatorLogin(context, { username: 'xsmn_risk2', role: 'risk', nowMs: now })).token;
  const waiting = body<{ list: { roundId: number; kind: string; size: number; widths: number[] }[] }>(await ops(tokens.first, 'GET', '/lottery/results')).value!.list;
  expect(waiting.find((entry) => entry.roundId === round.roundId)).toMatchObject({ kind: 'VN18', size: 18, widths: [...VN18_PRIZE_DIGITS] });

  // The result sheet, as printed: prize by prize from G8 up to ĐB, each prize's numbers in their
  // order. Entered: the prizes from ĐB down, each prize's numbers in the same order.
  const sheet = [['05'], ['618'], ['4472', '0926', '7390'], ['1805'], ['83540', '27718', '05526', '91363', '44809', '30251', '76637'], ['62172', '09415'], ['18305'], ['40972'], ['385172']];
  const printed = sheet.flat();
  const entered = [...sheet].reverse().flat();
  // Typed in the printed order, the first number is no six-digit special prize: refused, nothing entered.
  const wrongOrder = await ops(tokens.first, 'POST', `/lottery/results/${round.roundId}`, { numbers: printed });
  expect([wrongOrder.statusCode, body(wrongOrder).errorCode]).toEqual([400, 'lottery.result.invalid']);
  expect(body<{ state: string }>(await ops(tokens.first, 'POST', `/lottery/results/${round.roundId}`, { numbers: entered })).value).toEqual({ state: 'awaiting_second' });
  const drawn = body<{ state: string; numbers: string[] }>(await ops(tokens.second, 'POST', `/lottery/results/${round.roundId}`, { numbers: entered })).value;
  expect(drawn).toEqual({ state: 'drawn', numbers: entered });
  const numbers = [385172, 40972, 18305, 62172, 9415, 83540, 27718, 5526, 91363, 44809, 30251, 76637, 1805, 4472, 926, 7390, 618, 5];
  expect(await state()).toEqual({ state: 'drawn', numbers });
  expect(formatDraw({ kind: 'VN18', numbers })).toEqual(entered);

  // Settled once by the scheduler: 05 three times (G2, G5, G8), 18 twice (G4, G7), 72 four times
  // (ĐB, G1, G3, G6) = 9 hits × 95.00 = 855.00, and the rebate (1960 − 1900) / 2000 of 54.00 = 1.62.
  await drawAndSettle(context.pool, secretsKey, now);
  await drawAndSettle(context.pool, secretsKey, now);
  expect((await state()).state).toBe('settled');
  const bet = await context.pool.query<{ state: string; winCount: string; prizeMinor: string; rebateMinor: string }>(
    `SELECT lottery_bet_state(b.state, r.state) AS state, b.win_count AS "winCount", b.prize_minor AS "prizeMinor", b.rebate_minor AS "rebateMinor"
       FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.round_id = $1`,
    [round.roundId],
  );
  expect(bet.rows).toEqual([{ state: 'won', winCount: '9', prizeMinor: '85500', rebateMinor: '162' }]);
  expect(await mainBalanceMinor(context.pool, member)).toBe(100_000 - 5_400 + 85_500 + 162);
});
