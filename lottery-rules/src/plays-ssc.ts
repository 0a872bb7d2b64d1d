// SSC (时时彩) plays: 5 digits 0-9 drawn with replacement (万 千 百 十 个), 10^5 equally likely
// draws, official play: one ticket (注) costs 2 units (unitStakeMinor 200).
// Decides: which SSC plays exist (each one prize level), their picker rows, ticket counts, exact
// P, and the feature masks settlement reads. The plays SSC shares with the other digit lotteries
// (直选, 直选和值, 组三, 组六, 定位胆, 一码不定位) are built by digit-plays.ts on SSC's positions.
// Notable decisions:
//   · 组三 / 组六 / 二星组选: a triple (豹子) never wins them, 二星组选 excludes a pair (对子).
//   · 龙虎 (万 vs 个): a tie (和) makes both 龙 and 虎 lose (LOTTERY.md §2.3, §10); P 45/100.
//     The tie is its own play (和, P 1/10), so every play keeps one prize level.
//   · 总和大小单双: 大 = sum of the 5 digits 23-45, 小 = 0-22 (each 1/2 by the symmetry s ↔ 45 − s).
import { binomial, bit, fraction, maskOf } from './bits';
import { SUM3_COUNTS, any1Play, directPlay, directSumPlay, group3Play, group6Play, positionPlay, type DigitFamily } from './digit-plays';
import {
  BSOE_KEYS,
  DRAGON_TIGER_KEYS,
  TIE_KEYS,
  bsoeMask,
  countProduct,
  definePlay,
  digitRow,
  dragonTigerMask,
  keyRow,
  type PlaySpec,
} from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;
const SSC: DigitFamily = { kind: 'SSC', positionRows: ['row_wan', 'row_qian', 'row_bai', 'row_shi', 'row_ge'] };

/** Ordered triples of digits with each sum 0-27 (三星直选和值, LOTTERY.md §2.2). */
export const SSC_SUM3_COUNTS: readonly number[] = SUM3_COUNTS;

const bigSmallOddEven = (digit: number) => bsoeMask(digit >= 5, digit % 2 === 1);

const SPECS: readonly PlaySpec[] = [
  directPlay(SSC, 1001, 'SSC_5STAR_DIRECT', '5star', [0, 1, 2, 3, 4]),
  directPlay(SSC, 1002, 'SSC_4STAR_DIRECT', '4star', [1, 2, 3, 4]),
  directPlay(SSC, 1003, 'SSC_FRONT3_DIRECT', '3star', [0, 1, 2]),
  directPlay(SSC, 1004, 'SSC_MID3_DIRECT', '3star', [1, 2, 3]),
  directPlay(SSC, 1005, 'SSC_BACK3_DIRECT', '3star', [2, 3, 4]),
  // 后三直选和值: every ordered triple with a picked sum is one ticket.
  directSumPlay(SSC, 1006, 'SSC_BACK3_DIRECT_SUM', '3star', [2, 3, 4]),
  // 后三组三 复式: n digits make n(n−1) tickets; 组六 forms and triples give nothing.
  group3Play(SSC, 1007, 'SSC_BACK3_GROUP3', '3star', [2, 3, 4]),
  // 后三组六 复式: C(n, 3) tickets; wins when the last three are 3 distinct digits, all picked.
  group6Play(SSC, 1008, 'SSC_BACK3_GROUP6', '3star', [2, 3, 4]),
  directPlay(SSC, 1009, 'SSC_BACK2_DIRECT', '2star', [3, 4]),
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
  // 定位胆: each digit on each position is a ticket; rows may be empty, not all of them.
  positionPlay(SSC, 1011, 'SSC_POSITION', 'position', [0, 1, 2, 3, 4]),
  // 五星一码不定位 (一帆风顺): a digit wins once when it appears anywhere among the 5.
  any1Play(SSC, 1012, 'SSC_5STAR_ANY1', 'anypos', [0, 1, 2, 3, 4]),
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
