import { mulberry32, playById, playsOf, popcount, type PlayDefinition } from '@platform/lottery-rules';
import { isTypedRow, maskOfValues, parseTypedValues, pickedValues, playForRound, quickAllowed, quickMask, randomMask, randomRowMask, rowProblems, toggleValue, valueText } from './picker';

// The picker's rules without the screen: what each quick button picks on each kind's rows, typed
// numbers, random picks, and why picks make no bet.

const play = (code: string): PlayDefinition => {
  const found = [1001, 1007, 1011, 2001, 3001, 4001, 5001, 5005].map((id) => playById(id)).find((candidate) => candidate?.code === code);
  if (!found) throw new Error(code);
  return found;
};
const values = (row: PlayDefinition['rows'][number], mask: bigint) => pickedValues(row, mask);

describe('quick buttons', () => {
  it('split SSC digits: big 5-9, small 0-4, odd, even, all, clear', () => {
    const [wan] = play('SSC_5STAR_DIRECT').rows;
    expect(values(wan, quickMask(wan, 'big'))).toEqual([5, 6, 7, 8, 9]);
    expect(values(wan, quickMask(wan, 'small'))).toEqual([0, 1, 2, 3, 4]);
    expect(values(wan, quickMask(wan, 'odd'))).toEqual([1, 3, 5, 7, 9]);
    expect(values(wan, quickMask(wan, 'even'))).toEqual([0, 2, 4, 6, 8]);
    expect(values(wan, quickMask(wan, 'all'))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(quickMask(wan, 'clear')).toBe(0n);
  });

  it('split 11X5 into 01-05 and 06-11, Mark Six into 01-24 and 25-49, 00-99 into halves', () => {
    const [x5] = play('11X5_ANY1').rows;
    expect(values(x5, quickMask(x5, 'small'))).toEqual([1, 2, 3, 4, 5]);
    expect(values(x5, quickMask(x5, 'big'))).toEqual([6, 7, 8, 9, 10, 11]);
    const [lhc] = play('LHC_SPECIAL').rows;
    expect(values(lhc, quickMask(lhc, 'small')).at(-1)).toBe(24);
    expect(values(lhc, quickMask(lhc, 'big'))[0]).toBe(25);
    const [lo] = play('VN_LO2').rows;
    expect(popcount(quickMask(lo, 'big'))).toBe(50);
    expect(values(lo, quickMask(lo, 'big'))[0]).toBe(50);
  });

  it('are offered only when their picks fit the row', () => {
    const [pk10] = play('PK10_CHAMPION').rows;
    expect(quickAllowed(pk10, 'all')).toBe(true);
    const narrow = { ...pk10, max: 3 };
    expect(quickAllowed(narrow, 'all')).toBe(false);
    expect(quickAllowed(narrow, 'big')).toBe(false);
    expect(quickAllowed(narrow, 'clear')).toBe(true);
  });
});

it('toggles a value on one row only', () => {
  const ssc = play('SSC_5STAR_DIRECT');
  const picks = toggleValue(toggleValue(ssc.rows.map(() => 0n), 1, 7), 1, 3);
  expect(picks).toEqual([0n, maskOfValues([3, 7]), 0n, 0n, 0n]);
  expect(toggleValue(picks, 1, 7)[1]).toBe(maskOfValues([3]));
});

it('draws a random pick of the row minimum, all different, from the row', () => {
  const [group3] = play('SSC_BACK3_GROUP3').rows;
  const sequence = [0.99, 0.5, 0.1];
  const mask = randomMask(group3, 2, () => sequence.shift() ?? 0);
  expect(popcount(mask)).toBe(2);
  expect(values(group3, mask).every((value) => group3.values.includes(value))).toBe(true);
});

it('makes a bet of every banker/drag play from one random pick per row, in either order, never a number in both rows', () => {
  const bankerPlays = playsOf('11X5').filter((candidate) => candidate.group === '11x5_banker');
  // Pick 2, Pick 5 with 1-4 bankers, and Pick 3, 4, 6, 7, 8 with the player's banker count.
  expect(bankerPlays.length).toBe(10);
  const random = mulberry32(7);
  for (const banker of bankerPlays) {
    for (const order of [[0, 1], [1, 0]]) {
      for (let attempt = 0; attempt < 50; attempt += 1) {
        let picks: bigint[] = banker.rows.map(() => 0n);
        for (const rowIndex of order) picks = picks.map((mask, index) => (index === rowIndex ? randomRowMask(banker, picks, rowIndex, random) : mask));
        expect({ play: banker.code, order, overlap: picks[0] & picks[1], problems: rowProblems(banker, picks) }).toEqual({ play: banker.code, order, overlap: 0n, problems: [] });
        expect({ play: banker.code, order, bet: banker.ticketsOf(picks) > 0 }).toEqual({ play: banker.code, order, bet: true });
      }
    }
  }
});

it('draws a random pick of its minimum for a row of any other play', () => {
  const direct = play('SSC_5STAR_DIRECT');
  const picks = direct.rows.map((_, index) => randomRowMask(direct, direct.rows.map(() => 0n), index, mulberry32(3)));
  expect(picks.map((mask) => popcount(mask))).toEqual([1, 1, 1, 1, 1]);
});

it('reads typed 3 càng numbers, keeping leading zeros and refusing what is not a number of the row', () => {
  const [cang] = play('VN_3CANG').rows;
  expect(isTypedRow(cang)).toBe(true);
  expect(isTypedRow(play('VN_LO2').rows[0])).toBe(false);
  expect(parseTypedValues(cang, '123 045,7;123')).toEqual({ values: [123, 45, 7], invalid: [] });
  expect(parseTypedValues(cang, '1000 12 00999')).toEqual({ values: [12], invalid: ['1000', '00999'] });
  expect(valueText(cang, 45)).toBe('045');
  expect(valueText(play('VN_LO2').rows[0], 7)).toBe('07');
});

it('says which row has too few or too many picks', () => {
  const group3 = play('SSC_BACK3_GROUP3');
  expect(rowProblems(group3, [maskOfValues([4])])).toEqual([{ row: 0, kind: 'too_few', limit: 2 }]);
  expect(rowProblems(group3, [maskOfValues([4, 5])])).toEqual([]);
  const position = play('SSC_POSITION');
  expect(rowProblems(position, position.rows.map(() => 0n))).toEqual([]);
});

test('a Mark Six zodiac play shows the zodiacs of its number count in the round\'s lunar year: 马 until 2027-02-05, 羊 from 2027-02-06', () => {
  const five = playById(4004)!;
  const four = playById(4005)!;
  // 21:30 in Hong Kong on the eve of Lunar New Year 2027, and on the day.
  expect(playForRound(five, Date.UTC(2027, 1, 5, 13, 30)).rows[0].valueKeys).toEqual(['zodiac_horse']);
  expect(playForRound(five, Date.UTC(2027, 1, 6, 13, 30)).rows[0].valueKeys).toEqual(['zodiac_goat']);
  const fourIn2027 = playForRound(four, Date.UTC(2027, 1, 6, 13, 30)).rows[0];
  expect(fourIn2027.values).toHaveLength(11);
  expect(fourIn2027.valueKeys).toContain('zodiac_horse');
  expect(fourIn2027.valueKeys).not.toContain('zodiac_goat');
  expect(playForRound(playById(4001)!, Date.UTC(2027, 1, 6))).toBe(playById(4001));
});
