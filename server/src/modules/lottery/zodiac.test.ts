import { lhcZodiac, maskOf, PLAYS } from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { placeOrder, type PlaceOrderInput } from './betting.service';
import { fundedMembers, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { drawRoundIn } from './rounds.service';

// Mark Six zodiacs follow the lunar year of the draw date (lhc.ts): on Lunar New Year 2027
// (2027-02-06) 羊 takes the five numbers 01 13 25 37 49 from 马. A round drawn that day takes 羊 in
// the 5-number zodiac play and 马 in the 4-number one, and settles on the 2027 map. Its own
// database: the rounds start at that date.

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();
const play = (code: string) => PLAYS.find((candidate) => candidate.code === code)!;
// 12:00:20 in Hong Kong on 2027-02-06, the first day of the year of the goat.
const NEW_YEAR_MS = Date.UTC(2027, 1, 6, 4, 0, 20);

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

it('on 2027-02-06 takes 羊 as the 5-number zodiac and 马 as a 4-number one, and draws the zodiac plays on the 2027 map', async () => {
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 100_000, 'goat');
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'LHC5', NEW_YEAR_MS);
  const base: PlaceOrderInput = { merchantId, memberId: member, gameCode: 'LHC5', currentNumero: round.numero, slip: '', betCartAmountSum: '2.0000', chase: 0, winningStop: false, nowMs: NEW_YEAR_MS };
  // 马 (6) priced as a 5-number zodiac would pay too little, 羊 (7) as a 4-number one too much.
  expect(await refusal({ ...base, slip: slipOf([lineOf(play('LHC_ZODIAC_5'), [[6]])]) })).toBe('lottery.slip.invalid');
  expect(await refusal({ ...base, slip: slipOf([lineOf(play('LHC_ZODIAC_4'), [[7]])]) })).toBe('lottery.slip.invalid');
  await placeOrder(database.appPool, { ...base, slip: slipOf([lineOf(play('LHC_ZODIAC_5'), [[7]])]) });
  await placeOrder(database.appPool, { ...base, slip: slipOf([lineOf(play('LHC_ZODIAC_4'), [[6]])]) });

  await withTransaction(database.appPool, (client) => drawRoundIn(client, secretsKey, round.roundId, round.drawAt));
  const drawn = await database.appPool.query<{ numbers: number[]; f: string[] }>(
    'SELECT r.numbers, f.f::text[] AS f FROM lottery_round r JOIN lottery_draw_feature f ON f.round_id = r.id WHERE r.id = $1 AND f.play_id = $2',
    [round.roundId, play('LHC_ZODIAC_5').id],
  );
  const { numbers, f } = drawn.rows[0];
  // The zodiacs of the drawn numbers on the 2027 map, which is never the 2026 one (every number moves one zodiac on).
  expect(f.map(BigInt)).toEqual([maskOf(numbers.map((n) => lhcZodiac(n, 2027)))]);
  expect(f.map(BigInt)).not.toEqual([maskOf(numbers.map((n) => lhcZodiac(n, 2026)))]);
});
