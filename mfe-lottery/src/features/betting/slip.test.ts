import { playById, type PlayDefinition } from '@platform/lottery-rules';
import { maskOfValues } from './picker';
import { addLine, betCartAmountText, canAddLine, lineOf, orderTotalMinor, removeLine, slipText, slipTotalMinor, type SlipLine } from './slip';

// The slip without the screen: lines from picks (tickets, amount, text), the totals with a chase,
// the wire's amount text, and the slip's limits.

const play = (id: number): PlayDefinition => playById(id) as PlayDefinition;
const FIVE_STAR = play(1001);
const POSITION = play(1011);

const fiveStar = (wan: number[]) => [maskOfValues(wan), maskOfValues([2]), maskOfValues([3]), maskOfValues([4]), maskOfValues([5])];

it('makes a line of picks: tickets, amount in minor units, and the slip text', () => {
  const line = lineOf(FIVE_STAR, fiveStar([0, 1, 2]), { mode: 1, series: 1900, multiple: 2 });
  expect(line).toMatchObject({ tickets: 3, amountMinor: 3 * 200 * 2, rows: [[0, 1, 2], [2], [3], [4], [5]], text: '0,1,2_2_3_4_5~1~1001~1~1900~2' });
  // 角 and 分 scale the stake.
  expect(lineOf(FIVE_STAR, fiveStar([0, 1, 2]), { mode: 2, series: 1900, multiple: 2 })?.amountMinor).toBe(120);
  expect(lineOf(FIVE_STAR, fiveStar([0, 1, 2]), { mode: 3, series: 1900, multiple: 2 })?.amountMinor).toBe(12);
});

it('makes no line of picks that are no bet', () => {
  expect(lineOf(FIVE_STAR, [maskOfValues([1]), 0n, 0n, 0n, 0n], { mode: 1, series: 1900, multiple: 1 })).toBeNull();
  expect(lineOf(POSITION, POSITION.rows.map(() => 0n), { mode: 1, series: 1900, multiple: 1 })).toBeNull();
  // Fixed position: empty rows are fine, the text keeps them.
  expect(lineOf(POSITION, [0n, maskOfValues([7]), 0n, 0n, maskOfValues([1, 9])], { mode: 1, series: 1800, multiple: 1 })?.text).toBe('_7___1,9~1~1011~1~1800~1');
});

it('adds and removes lines, and totals one round and a chase', () => {
  const first = lineOf(FIVE_STAR, fiveStar([1]), { mode: 1, series: 1900, multiple: 1 });
  const second = lineOf(POSITION, [maskOfValues([1, 2, 3]), 0n, 0n, 0n, 0n], { mode: 1, series: 1900, multiple: 5 });
  if (!first || !second) throw new Error('lines expected');
  let lines: SlipLine[] = addLine([], first);
  lines = addLine(lines, second);
  expect(lines.map((line) => line.amountMinor)).toEqual([200, 3000]);
  expect(new Set(lines.map((line) => line.id)).size).toBe(2);
  expect(slipTotalMinor(lines)).toBe(3200);
  expect(orderTotalMinor(lines, 0)).toBe(3200);
  expect(orderTotalMinor(lines, 9)).toBe(32_000);
  expect(slipText(lines)).toBe('1_2_3_4_5~1~1001~1~1900~1|1,2,3____~1~1011~1~1900~5');
  lines = removeLine(lines, lines[0].id);
  expect(lines.map((line) => line.play.code)).toEqual(['SSC_POSITION']);
  expect(slipTotalMinor(lines)).toBe(3000);
});

it('writes the amount as the wire takes it: major units, four decimals', () => {
  expect(betCartAmountText(2000)).toBe('20.0000');
  expect(betCartAmountText(12)).toBe('0.1200');
  expect(betCartAmountText(123_456_789)).toBe('1234567.8900');
  expect(() => betCartAmountText(1.5)).toThrow(RangeError);
});

it('takes at most 50 lines', () => {
  const line = lineOf(FIVE_STAR, fiveStar([1]), { mode: 1, series: 1900, multiple: 1 });
  if (!line) throw new Error('line expected');
  let lines: SlipLine[] = [];
  for (let count = 0; count < 50; count += 1) {
    expect(canAddLine(lines, line)).toBe(true);
    lines = addLine(lines, line);
  }
  expect(canAddLine(lines, line)).toBe(false);
});
