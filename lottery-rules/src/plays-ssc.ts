// SSC (时时彩) plays: 5 digits 0-9 drawn with replacement (万 千 百 十 个), 10^5 equally likely
// draws, official play: one ticket (注) costs 2 units (unitStakeMinor 200).
// Decides: which SSC plays exist (each one prize level), their picker rows, ticket counts, exact
// P, and the feature masks settlement reads. The plays SSC shares with the other digit lotteries
// (直选, 直选和值, 组三, 组六, 定位胆, 一码不定位) are built by digit-plays.ts on SSC's positions.
// Notable decisions:
//   · 组三 / 组六 / 二星组选: a triple (豹子) never wins them, 二星组选 excludes a pair (对子).
//   · 龙虎 (万 vs 个): a tie (和) makes both 龙 and 虎 lose; P 45/100.
//     The tie is its own play (和, P 1/10), so every play keeps one prize level.
//   · 总和大小单双: 大 = sum of the 5 digits 23-45, 小 = 0-22 (each 1/2 by the symmetry s ↔ 45 − s).
//   · 五星组选 (组选120 / 60 / 30 / 20 / 10 / 5) and 四星组选 on 千百十个 (组选24 / 12 / 6 / 4):
//     a ticket is a multiset of the digits, winning when the draw shows exactly that multiset in
//     any order; the rows are its multiplicities (二重号 = the digit drawn twice, 单号 = once,
//     三重号, 四重号), so a draw of another shape wins none (55525 wins 组选20 5|26, not 组选10
//     or 组选5). P = the orders of the multiset: 120, 60, 30, 20, 10, 5 of 10^5; 24, 12, 6, 4 of
//     10^4.
//   · 任二 / 任三 / 任四直选: a row per position, any of them empty; a ticket is one digit on each
//     of N filled rows, so 万 1 千 2 百 3 on 任二 is 3 tickets (万千, 万百, 千百), each P 1/10^N.
//     The positions are the filled rows: there is no separate choice of positions.
//   · 跨度 on the front, middle and back three; 和值尾数 = the last digit of the back three's sum.
//   · 后三特殊号: 豹子, 顺子 (9 is followed by 0) and 对子 are three plays, for their three chances.
//   · 趣味: 一帆风顺 is 五星一码不定位 (SSC_5STAR_ANY1); 好事成双, 三星报喜 and 四季发财 win when a
//     picked digit is drawn at least 2, 3 or 4 times among the five, once per digit however often.
import { binomial, bit, fraction, maskOf } from './bits';
import {
  SUM3_COUNTS,
  any1Play,
  anyDirectPlay,
  atLeastPlay,
  directPlay,
  directSumPlay,
  group3Play,
  group6Play,
  groupPlay,
  patternPlay,
  positionPlay,
  spanPlay,
  sumTailPlay,
  type DigitFamily,
  type GroupPart,
} from './digit-plays';
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

/** Ordered triples of digits with each sum 0-27 (三星直选和值). */
export const SSC_SUM3_COUNTS: readonly number[] = SUM3_COUNTS;

const bigSmallOddEven = (digit: number) => bsoeMask(digit >= 5, digit % 2 === 1);

/** The rows of the 组选 shapes: digits drawn once, twice, three and four times. */
const single = (digits: number): GroupPart => ({ labelKey: 'row_single', times: 1, digits });
const double = (digits: number): GroupPart => ({ labelKey: 'row_double', times: 2, digits });
const triple: GroupPart = { labelKey: 'row_triple', times: 3, digits: 1 };
const quad: GroupPart = { labelKey: 'row_quad', times: 4, digits: 1 };
/** 组选120 and 组选24 pick plain numbers, as 组六 does. */
const distinct = (digits: number): GroupPart => ({ labelKey: 'row_pick', times: 1, digits });
const FIVE = [0, 1, 2, 3, 4];
const FOUR = [1, 2, 3, 4];
const BACK3 = [2, 3, 4];

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
  groupPlay(SSC, 1018, 'SSC_5STAR_GROUP120', '5star', FIVE, [distinct(5)]),
  groupPlay(SSC, 1019, 'SSC_5STAR_GROUP60', '5star', FIVE, [double(1), single(3)]),
  groupPlay(SSC, 1020, 'SSC_5STAR_GROUP30', '5star', FIVE, [double(2), single(1)]),
  groupPlay(SSC, 1021, 'SSC_5STAR_GROUP20', '5star', FIVE, [triple, single(2)]),
  groupPlay(SSC, 1022, 'SSC_5STAR_GROUP10', '5star', FIVE, [triple, double(1)]),
  groupPlay(SSC, 1023, 'SSC_5STAR_GROUP5', '5star', FIVE, [quad, single(1)]),
  groupPlay(SSC, 1024, 'SSC_4STAR_GROUP24', '4star', FOUR, [distinct(4)]),
  groupPlay(SSC, 1025, 'SSC_4STAR_GROUP12', '4star', FOUR, [double(1), single(2)]),
  groupPlay(SSC, 1026, 'SSC_4STAR_GROUP6', '4star', FOUR, [double(2)]),
  groupPlay(SSC, 1027, 'SSC_4STAR_GROUP4', '4star', FOUR, [triple, single(1)]),
  anyDirectPlay(SSC, 1028, 'SSC_ANY2_DIRECT', 'any', FIVE, 2),
  anyDirectPlay(SSC, 1029, 'SSC_ANY3_DIRECT', 'any', FIVE, 3),
  anyDirectPlay(SSC, 1030, 'SSC_ANY4_DIRECT', 'any', FIVE, 4),
  spanPlay(SSC, 1031, 'SSC_FRONT3_SPAN', '3star', [0, 1, 2]),
  spanPlay(SSC, 1032, 'SSC_MID3_SPAN', '3star', [1, 2, 3]),
  spanPlay(SSC, 1033, 'SSC_BACK3_SPAN', '3star', BACK3),
  sumTailPlay(SSC, 1034, 'SSC_BACK3_SUM_TAIL', '3star', BACK3),
  patternPlay(SSC, 1035, 'SSC_BACK3_TRIPLE', 'special_number', BACK3, 'triple'),
  patternPlay(SSC, 1036, 'SSC_BACK3_STRAIGHT', 'special_number', BACK3, 'straight'),
  patternPlay(SSC, 1037, 'SSC_BACK3_PAIR', 'special_number', BACK3, 'pair'),
  atLeastPlay(SSC, 1038, 'SSC_FUN_REPEAT2', 'fun', FIVE, 2),
  atLeastPlay(SSC, 1039, 'SSC_FUN_REPEAT3', 'fun', FIVE, 3),
  atLeastPlay(SSC, 1040, 'SSC_FUN_REPEAT4', 'fun', FIVE, 4),
];

export const SSC_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
