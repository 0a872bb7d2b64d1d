// SSC (时时彩) plays: 5 digits 0-9 drawn with replacement (万 千 百 十 个), 10^5 equally likely
// draws, official play: one ticket (注) costs 2 units (unitStakeMinor 200).
// Decides: which SSC plays exist (each one prize level), their picker rows, ticket counts, exact
// P, and the feature masks settlement reads. Notable decisions:
//   · 组三 / 组六 / 二星组选: a triple (豹子) never wins them, 二星组选 excludes a pair (对子).
//   · 龙虎 (万 vs 个): a tie (和) makes both 龙 and 虎 lose (LOTTERY.md §2.3, §10); P 45/100.
//     The tie is its own play (和, P 1/10), so every play keeps one prize level.
//   · 总和大小单双: 大 = sum of the 5 digits 23-45, 小 = 0-22 (each 1/2 by the symmetry s ↔ 45 − s).
import { binomial, bit, fraction, maskOf } from './bits';
import {
  BSOE_KEYS,
  DRAGON_TIGER_KEYS,
  TIE_KEYS,
  bsoeMask,
  countProduct,
  countSum,
  definePlay,
  digitRow,
  dragonTigerMask,
  keyRow,
  numberRow,
  type PlaySpec,
} from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;
const POSITION_ROWS = ['row_wan', 'row_qian', 'row_bai', 'row_shi', 'row_ge'] as const;

/** Ordered triples of digits with each sum 0-27 (三星直选和值, LOTTERY.md §2.2). */
export const SSC_SUM3_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(28).fill(0);
  for (let a = 0; a < 10; a += 1) for (let b = 0; b < 10; b += 1) for (let c = 0; c < 10; c += 1) counts[a + b + c] += 1;
  return counts;
})();

/** Positions 0-4 (万 … 个) as rows of digits. */
const positionRows = (positions: readonly number[], min = 1) => positions.map((position) => digitRow(POSITION_ROWS[position], min));

/** Direct play on the given positions: one digit per position in order (product). */
function direct(id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  return {
    id,
    code,
    kind: 'SSC',
    group,
    rows: positionRows(positions),
    rule: 'product',
    probability: fraction(1, 10 ** positions.length),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (digits) => ({ masks: positions.map((position) => bit(digits[position])) }),
  };
}

/** The 组三 feature of three digits: {a, b} when they are the pair form aab (a ≠ b), else 0. */
function pairForm(x: number, y: number, z: number): bigint {
  return new Set([x, y, z]).size === 2 ? maskOf([x, y, z]) : 0n;
}

const bigSmallOddEven = (digit: number) => bsoeMask(digit >= 5, digit % 2 === 1);

const SPECS: readonly PlaySpec[] = [
  direct(1001, 'SSC_5STAR_DIRECT', '5star', [0, 1, 2, 3, 4]),
  direct(1002, 'SSC_4STAR_DIRECT', '4star', [1, 2, 3, 4]),
  direct(1003, 'SSC_FRONT3_DIRECT', '3star', [0, 1, 2]),
  direct(1004, 'SSC_MID3_DIRECT', '3star', [1, 2, 3]),
  direct(1005, 'SSC_BACK3_DIRECT', '3star', [2, 3, 4]),
  {
    // 后三直选和值: every ordered triple with a picked sum is one ticket; exactly one of them is
    // the draw's last three when its sum is picked, so the rule reads only the sum's bit.
    id: 1006,
    code: 'SSC_BACK3_DIRECT_SUM',
    kind: 'SSC',
    group: '3star',
    // display 'digit': a sum is shown as its plain number (0-27), not zero-padded.
    rows: [numberRow('row_sum', 0, 27, 'digit')],
    rule: 'product',
    probability: fraction(1, 1000),
    unitStakeMinor: UNIT,
    count: ([sums]) => sums.reduce((total, sum) => total + SSC_SUM3_COUNTS[sum], 0),
    featureMasks: (d) => ({ masks: [bit(d[2] + d[3] + d[4])] }),
  },
  {
    // 后三组三 复式: n digits make n(n−1) tickets (pair digit a, single digit b ≠ a). A draw of
    // pair form aab wins exactly the ticket (a, b), which needs both a and b picked: choose 2
    // over {a, b}. 组六 forms and triples give nothing.
    id: 1007,
    code: 'SSC_BACK3_GROUP3',
    kind: 'SSC',
    group: '3star',
    rows: [digitRow('row_pick', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(3, 1000),
    unitStakeMinor: UNIT,
    count: ([digits]) => digits.length * (digits.length - 1),
    featureMasks: (d) => ({ masks: [pairForm(d[2], d[3], d[4])] }),
  },
  {
    // 后三组六 复式: C(n, 3) tickets; wins when the last three are 3 distinct digits, all picked.
    id: 1008,
    code: 'SSC_BACK3_GROUP6',
    kind: 'SSC',
    group: '3star',
    rows: [digitRow('row_pick', 3)],
    rule: 'choose',
    k: 3,
    probability: fraction(6, 1000),
    unitStakeMinor: UNIT,
    count: ([digits]) => binomial(digits.length, 3),
    featureMasks: (d) => ({ masks: [new Set([d[2], d[3], d[4]]).size === 3 ? maskOf([d[2], d[3], d[4]]) : 0n] }),
  },
  direct(1009, 'SSC_BACK2_DIRECT', '2star', [3, 4]),
  {
    // 后二组选: C(n, 2) tickets; 十 and 个 distinct and both picked; a pair (对子) never wins.
    id: 1010,
    code: 'SSC_BACK2_GROUP',
    kind: 'SSC',
    group: '2star',
    rows: [digitRow('row_pick', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(2, 100),
    unitStakeMinor: UNIT,
    count: ([digits]) => binomial(digits.length, 2),
    featureMasks: (d) => ({ masks: [d[3] !== d[4] ? maskOf([d[3], d[4]]) : 0n] }),
  },
  {
    // 定位胆: each digit on each position is a ticket; rows may be empty, not all of them.
    id: 1011,
    code: 'SSC_POSITION',
    kind: 'SSC',
    group: 'position',
    rows: positionRows([0, 1, 2, 3, 4], 0),
    rule: 'sum',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (d) => ({ masks: d.map((digit) => bit(digit)) }),
  },
  {
    // 五星一码不定位 (一帆风顺): a digit wins once when it appears anywhere among the 5.
    id: 1012,
    code: 'SSC_5STAR_ANY1',
    kind: 'SSC',
    group: 'anypos',
    rows: [digitRow('row_pick')],
    rule: 'choose',
    k: 1,
    probability: fraction(100000 - 9 ** 5, 100000),
    unitStakeMinor: UNIT,
    count: ([digits]) => digits.length,
    featureMasks: (d) => ({ masks: [maskOf(d)] }),
  },
  {
    // 后三二码不定位: C(n, 2) tickets; both digits appear among the last three (once is enough).
    // P = 1 − 2·0.9³ + 0.8³ = 54/1000.
    id: 1013,
    code: 'SSC_BACK3_ANY2',
    kind: 'SSC',
    group: 'anypos',
    rows: [digitRow('row_pick', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(54, 1000),
    unitStakeMinor: UNIT,
    count: ([digits]) => binomial(digits.length, 2),
    featureMasks: (d) => ({ masks: [maskOf([d[2], d[3], d[4]])] }),
  },
  {
    // 后二大小单双: one attribute per position (大 5-9, 小 0-4, 单, 双); tickets = product.
    id: 1014,
    code: 'SSC_BACK2_BSOE',
    kind: 'SSC',
    group: 'bsoe',
    rows: [keyRow('row_shi', BSOE_KEYS), keyRow('row_ge', BSOE_KEYS)],
    rule: 'product',
    probability: fraction(1, 4),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [bigSmallOddEven(d[3]), bigSmallOddEven(d[4])] }),
  },
  {
    // 总和大小单双: on the sum of the 5 digits, 大 23-45, 小 0-22.
    id: 1015,
    code: 'SSC_TOTAL_BSOE',
    kind: 'SSC',
    group: 'bsoe',
    rows: [keyRow('row_attr', BSOE_KEYS)],
    rule: 'product',
    probability: fraction(1, 2),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => {
      const sum = d.reduce((total, digit) => total + digit, 0);
      return { masks: [bsoeMask(sum >= 23, sum % 2 === 1)] };
    },
  },
  {
    // 龙虎 万 vs 个: 龙 when 万 > 个, 虎 when 万 < 个; on a tie both lose (no refund).
    id: 1016,
    code: 'SSC_DRAGON_TIGER',
    kind: 'SSC',
    group: 'dragon_tiger',
    rows: [keyRow('row_attr', DRAGON_TIGER_KEYS)],
    rule: 'product',
    probability: fraction(45, 100),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [dragonTigerMask(d[0], d[4])] }),
  },
  {
    // 龙虎和: 万 = 个.
    id: 1017,
    code: 'SSC_DRAGON_TIGER_TIE',
    kind: 'SSC',
    group: 'dragon_tiger',
    rows: [keyRow('row_attr', TIE_KEYS)],
    rule: 'product',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [d[0] === d[4] ? bit(0) : 0n] }),
  },
];

export const SSC_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
