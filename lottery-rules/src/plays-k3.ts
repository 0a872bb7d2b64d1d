// K3 (快三) plays: three dice 1-6 in the order thrown, 6^3 = 216 equally likely ordered draws;
// official play, unitStakeMinor 200. No play reads the order of the dice: each reads the dice as
// a set of three (with repeats), their sum, or their distinct values.
// Decides: the K3 plays, rows, ticket counts, exact P and feature masks. Every play keeps one prize
// level (one P for every ticket it makes). Notable decisions:
//   · 和值: one ticket per ORDERED triple of dice with a picked sum (a sum s makes as many tickets as
//     there are ordered throws summing to s: 1 for 3 and 18, 27 for 10 and 11), so every ticket
//     has P 1/216 and a sum's price follows from its ticket count, not from a table of odds per sum.
//     Exactly one of those tickets is the throw when its sum is picked: the rule reads the sum's bit.
//   · 和值大小单双: 大 = sum 11-18, 小 = 3-10, 单/双 by the sum's parity; a triple (豹子) makes all
//     four lose (通杀, no refund), so each is 105/216 = 35/72 (108 throws per side, 3 triples each).
//   · 三同号单选: the value v stands for the triple v v v (P 1/216); 三同号通选 is one ticket that
//     wins on any of the six triples (P 6/216 = 1/36).
//   · 二同号单选: two rows, the pair's number a and the single number b; a ticket is (a, b) with
//     a ≠ b, so picks whose only combinations are a = b (同号 3, 不同号 3) make no ticket and are no
//     bet. It wins when the dice are exactly a a b in any order (3 of the 216 throws); a triple
//     never wins it.
//   · 二同号复选: v wins when at least two dice show v, the triple v v v included (it holds the pair
//     v v): 15 + 1 = 16 of 216 throws = 2/27.
//   · 三不同号: C(n, 3) tickets; a ticket wins when the three dice are all different and are its
//     three numbers (6 orders of 216 = 1/36). A throw with a pair or a triple wins no ticket.
//   · 二不同号: C(n, 2) tickets; a ticket {x, y} wins when x and y both show (a third die is free,
//     it may repeat either): 216 − 2 × 125 + 64 = 30 throws = 5/36. Several tickets of one bet can
//     win on one throw (1 2 3 wins {1,2}, {1,3} and {2,3}); a pair a a b wins only {a, b}.
//   · 三连号通选: one ticket; wins on 1 2 3, 2 3 4, 3 4 5 or 4 5 6 in any order (no wrapping:
//     5 6 1 is no straight): 4 × 6 = 24 throws = 1/9.
//   · 单挑一骰 (猜一个号): a picked number wins ONCE when it shows on at least one die, not once per
//     die showing it (one prize level): 216 − 125 = 91 throws = 91/216.
//   · Sums and dice are shown as plain numbers (display 'digit'), as the draw shows its dice.
import { binomial, bit, fraction, maskOf } from './bits';
import { BSOE_KEYS, bsoeMask, countDistinctTuples, countProduct, countSum, definePlay, keyRow, numberRow, type PlaySpec } from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;

/** Ordered throws of three dice with each sum 0-18 (0 for 0-2): 和值's tickets per sum. */
export const K3_SUM_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(19).fill(0);
  for (let a = 1; a <= 6; a += 1) for (let b = 1; b <= 6; b += 1) for (let c = 1; c <= 6; c += 1) counts[a + b + c] += 1;
  return counts;
})();

/** The value keys of the one-ticket plays (their row holds the one value 0). */
const TRIPLE_ANY_KEYS = ['attr_k3_triple_any'] as const;
const STRAIGHT_ANY_KEYS = ['attr_k3_straight_any'] as const;

/** A row of dice values 1-6. */
const diceRow = (labelKey: string, min = 1) => numberRow(labelKey, 1, 6, 'digit', min);

const sumOf = (d: readonly number[]) => d[0] + d[1] + d[2];
const isTriple = (d: readonly number[]) => d[0] === d[1] && d[1] === d[2];

/** The value shown on at least two dice (a pair or a triple), or undefined when all three differ. */
function pairValue(d: readonly number[]): number | undefined {
  if (d[0] === d[1] || d[0] === d[2]) return d[0];
  return d[1] === d[2] ? d[1] : undefined;
}

/** The single die of a pair form a a b (a ≠ b), or undefined for a triple or three different dice. */
function pairForm(d: readonly number[]): { readonly pair: number; readonly single: number } | undefined {
  const pair = pairValue(d);
  if (pair === undefined || isTriple(d)) return undefined;
  return { pair, single: d.find((die) => die !== pair) as number };
}

const allDifferent = (d: readonly number[]) => new Set(d).size === 3;
const isStraight = (d: readonly number[]) => allDifferent(d) && Math.max(...d) - Math.min(...d) === 2;

const SPECS: readonly PlaySpec[] = [
  {
    // 和值: every ordered throw with a picked sum is one ticket; the throw's sum picks the one.
    id: 6001,
    code: 'K3_SUM',
    kind: 'K3',
    group: 'k3_sum',
    rows: [numberRow('row_sum', 3, 18, 'digit')],
    rule: 'product',
    probability: fraction(1, 216),
    unitStakeMinor: UNIT,
    count: ([sums]) => sums.reduce((total, sum) => total + K3_SUM_COUNTS[sum], 0),
    featureMasks: (d) => ({ masks: [bit(sumOf(d))] }),
  },
  {
    // 和值大小单双: 大 11-18, 小 3-10; a triple kills all four (通杀).
    id: 6002,
    code: 'K3_SUM_BSOE',
    kind: 'K3',
    group: 'k3_sum',
    rows: [keyRow('row_sum', BSOE_KEYS)],
    rule: 'product',
    probability: fraction(105, 216),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [isTriple(d) ? 0n : bsoeMask(sumOf(d) >= 11, sumOf(d) % 2 === 1)] }),
  },
  {
    // 三同号单选: v = the triple v v v.
    id: 6003,
    code: 'K3_TRIPLE_SINGLE',
    kind: 'K3',
    group: 'k3_triple',
    rows: [diceRow('row_k3_triple')],
    rule: 'product',
    probability: fraction(1, 216),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [isTriple(d) ? bit(d[0]) : 0n] }),
  },
  {
    // 三同号通选: any triple.
    id: 6004,
    code: 'K3_TRIPLE_ANY',
    kind: 'K3',
    group: 'k3_triple',
    rows: [keyRow('row_attr', TRIPLE_ANY_KEYS)],
    rule: 'product',
    probability: fraction(6, 216),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [isTriple(d) ? bit(0) : 0n] }),
  },
  {
    // 二同号单选: (pair a, single b), a ≠ b; the throw a a b (any order) wins exactly that ticket.
    id: 6005,
    code: 'K3_PAIR_SINGLE',
    kind: 'K3',
    group: 'k3_pair',
    rows: [diceRow('row_k3_pair'), diceRow('row_k3_single')],
    rule: 'product',
    probability: fraction(3, 216),
    unitStakeMinor: UNIT,
    count: countDistinctTuples,
    featureMasks: (d) => {
      const form = pairForm(d);
      return { masks: form ? [bit(form.pair), bit(form.single)] : [0n, 0n] };
    },
  },
  {
    // 二同号复选: v on at least two dice (a triple too).
    id: 6006,
    code: 'K3_PAIR_MULTI',
    kind: 'K3',
    group: 'k3_pair',
    rows: [diceRow('row_k3_pair')],
    rule: 'product',
    probability: fraction(16, 216),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => {
      const pair = pairValue(d);
      return { masks: [pair === undefined ? 0n : bit(pair)] };
    },
  },
  {
    // 三不同号: C(n, 3); three different dice, all picked.
    id: 6007,
    code: 'K3_THREE_DIFF',
    kind: 'K3',
    group: 'k3_diff',
    rows: [diceRow('row_pick', 3)],
    rule: 'choose',
    k: 3,
    probability: fraction(6, 216),
    unitStakeMinor: UNIT,
    count: ([dice]) => binomial(dice.length, 3),
    featureMasks: (d) => ({ masks: [allDifferent(d) ? maskOf(d) : 0n] }),
  },
  {
    // 二不同号: C(n, 2); both numbers show among the dice.
    id: 6008,
    code: 'K3_TWO_DIFF',
    kind: 'K3',
    group: 'k3_diff',
    rows: [diceRow('row_pick', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(30, 216),
    unitStakeMinor: UNIT,
    count: ([dice]) => binomial(dice.length, 2),
    featureMasks: (d) => ({ masks: [maskOf(d)] }),
  },
  {
    // 三连号通选: 123, 234, 345 or 456 in any order.
    id: 6009,
    code: 'K3_STRAIGHT_ANY',
    kind: 'K3',
    group: 'k3_straight',
    rows: [keyRow('row_attr', STRAIGHT_ANY_KEYS)],
    rule: 'product',
    probability: fraction(24, 216),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [isStraight(d) ? bit(0) : 0n] }),
  },
  {
    // 单挑一骰: each picked number that shows on a die wins once.
    id: 6010,
    code: 'K3_ANY1',
    kind: 'K3',
    group: 'k3_any',
    rows: [diceRow('row_pick')],
    rule: 'sum',
    probability: fraction(216 - 125, 216),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (d) => ({ masks: [maskOf(d)] }),
  },
];

export const K3_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
