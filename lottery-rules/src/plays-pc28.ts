// PC28 (幸运28) plays: 3 digits 0-9 drawn independently (1000 equally likely ordered draws a b c);
// most plays read the sum a + b + c (0-27). Official play: one ticket (注) costs 2 units
// (unitStakeMinor 200).
// Decides: which PC28 plays exist (each one prize level), their picker rows, ticket counts, exact
// P, and the feature masks settlement reads. c(s) below is the number of ordered triples with sum
// s (1 3 6 10 … 73 75 75 73 … 10 6 3 1, the same table as 三星和值 of the other digit lotteries,
// kept here so the family stands on its own). Notable decisions:
//   · 特码 (sum 0-27) is bought like SSC 后三直选和值: one ticket per ordered triple with a picked
//     sum, so a sum s costs c(s) tickets and every ticket wins with P 1/1000; exactly one ticket
//     (the drawn triple itself) wins when the drawn sum is picked, and the rule reads the sum's
//     bit only. The price is then the same for every sum, with a single prize level.
//   · 大 = 14-27, 小 = 0-13, 单/双 by the sum's parity: P 1/2 each (s ↔ 27 − s swaps 大 and 小
//     and flips the parity, and c(s) = c(27 − s)). No sum is a tie or a refund.
//   · The combinations are two plays, because their chances differ: 大单 (15 17 … 27) and 小双
//     (0 2 … 12) each have 231 triples (P 231/1000); 大双 (14 16 … 26) and 小单 (1 3 … 13) each
//     have 269 (P 269/1000).
//   · 极大 = 22-27 and 极小 = 0-5: 21 + 15 + 10 + 6 + 3 + 1 = 56 triples each, P 7/125.
//   · 波色: 红波 3 6 9 12 15 18 21 24 (332 triples, P 83/250); 绿波 1 4 7 10 16 19 22 25 and 蓝波
//     2 5 8 11 17 20 23 26 (258 each, P 129/500). 红波 is a play of its own for its different
//     chance. The sums 0, 13, 14 and 27 (152 triples) have no colour: every colour bet loses on
//     them, nothing is refunded.
//   · The patterns read the three digits, not the sum: 豹子 a = b = c (10 triples, P 1/100); 对子
//     exactly two equal digits, never a 豹子 (10 · 9 · 3 = 270, P 27/100); 顺子 three consecutive
//     digits in any order, where 9 is followed by 0 (the ten sets {k, k+1, k+2} mod 10, 8-9-0 and
//     9-0-1 included, × 3! orders = 60, P 3/50). Each pattern is a one-value play.
//   · Keyed rows number their values from 0 in display order: 大单 0 小双 1; 大双 0 小单 1; 极大 0
//     极小 1; 绿波 0 蓝波 1; the one-value plays hold value 0. 大小单双 is the shared BSOE row,
//     in the shared 'bsoe' group. The family's own value keys are attr_pc28_…: the attr_ prefix
//     every value key carries, pc28_ so that no other family's keys can mean something else.
import { SUM3_COUNTS } from './digit-plays';
import { bit, fraction } from './bits';
import { BSOE_KEYS, bsoeMask, countProduct, definePlay, keyRow, numberRow, type PlaySpec } from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;

const sumOf = (d: readonly number[]): number => d[0] + d[1] + d[2];

/** c(s): ordered digit triples with each sum 0-27, the tickets of a 特码 sum (the three-digit sum table). */
const SUM_COUNTS: readonly number[] = SUM3_COUNTS;

/** Sums of each colour (波色); 0, 13, 14 and 27 are in none. */
const RED_SUMS: ReadonlySet<number> = new Set([3, 6, 9, 12, 15, 18, 21, 24]);
const GREEN_SUMS: ReadonlySet<number> = new Set([1, 4, 7, 10, 16, 19, 22, 25]);
const BLUE_SUMS: ReadonlySet<number> = new Set([2, 5, 8, 11, 17, 20, 23, 26]);

/** Whether the digits are three consecutive ones in some order, 9 followed by 0 (顺子). */
const isStraight = (d: readonly number[]): boolean => d.some((k) => d.includes((k + 1) % 10) && d.includes((k + 2) % 10));

/** A play of one keyed row on the sum or the digits: `winning(d)` gives the drawn values' mask. */
function keyed(id: number, code: string, group: string, valueKeys: readonly string[], probability: PlaySpec['probability'], winning: (d: readonly number[]) => bigint): PlaySpec {
  return {
    id,
    code,
    kind: 'PC28',
    group,
    rows: [keyRow('row_attr', valueKeys)],
    rule: 'product',
    probability,
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [winning(d)] }),
  };
}

/** The mask of value 0 when `first`, of value 1 when `second`, else nothing. */
const either = (first: boolean, second: boolean): bigint => (first ? bit(0) : 0n) | (second ? bit(1) : 0n);

const SPECS: readonly PlaySpec[] = [
  {
    // 特码: every ordered triple with a picked sum is one ticket; the drawn triple is the one that
    // wins when its sum is picked.
    id: 7001,
    code: 'PC28_SUM',
    kind: 'PC28',
    group: 'pc28_sum',
    // display 'digit': a sum is shown as its plain number (0-27), not zero-padded.
    rows: [numberRow('row_sum', 0, 27, 'digit')],
    rule: 'product',
    probability: fraction(1, 1000),
    unitStakeMinor: UNIT,
    count: ([sums]) => sums.reduce((total, sum) => total + SUM_COUNTS[sum], 0),
    featureMasks: (d) => ({ masks: [bit(sumOf(d))] }),
  },
  // 大小单双 on the sum: 大 14-27, 小 0-13.
  keyed(7002, 'PC28_BSOE', 'bsoe', BSOE_KEYS, fraction(1, 2), (d) => bsoeMask(sumOf(d) >= 14, sumOf(d) % 2 === 1)),
  // 大单 / 小双: 231 triples each.
  keyed(7003, 'PC28_COMBO_BIG_ODD', 'pc28_combo', ['attr_pc28_big_odd', 'attr_pc28_small_even'], fraction(231, 1000), (d) => {
    const sum = sumOf(d);
    return either(sum >= 14 && sum % 2 === 1, sum <= 13 && sum % 2 === 0);
  }),
  // 大双 / 小单: 269 triples each.
  keyed(7004, 'PC28_COMBO_BIG_EVEN', 'pc28_combo', ['attr_pc28_big_even', 'attr_pc28_small_odd'], fraction(269, 1000), (d) => {
    const sum = sumOf(d);
    return either(sum >= 14 && sum % 2 === 0, sum <= 13 && sum % 2 === 1);
  }),
  // 极大 22-27 / 极小 0-5: 56 triples each.
  keyed(7005, 'PC28_EXTREME', 'pc28_extreme', ['attr_pc28_extreme_big', 'attr_pc28_extreme_small'], fraction(56, 1000), (d) => either(sumOf(d) >= 22, sumOf(d) <= 5)),
  // 红波: 332 triples.
  keyed(7006, 'PC28_RED', 'pc28_colour', ['attr_pc28_red'], fraction(332, 1000), (d) => either(RED_SUMS.has(sumOf(d)), false)),
  // 绿波 / 蓝波: 258 triples each.
  keyed(7007, 'PC28_GREEN_BLUE', 'pc28_colour', ['attr_pc28_green', 'attr_pc28_blue'], fraction(258, 1000), (d) =>
    either(GREEN_SUMS.has(sumOf(d)), BLUE_SUMS.has(sumOf(d))),
  ),
  // 豹子: 000 … 999.
  keyed(7008, 'PC28_TRIPLE', 'pc28_pattern', ['attr_pc28_triple'], fraction(10, 1000), (d) => either(d[0] === d[1] && d[1] === d[2], false)),
  // 对子: exactly two distinct digits among the three.
  keyed(7009, 'PC28_PAIR', 'pc28_pattern', ['attr_pc28_pair'], fraction(270, 1000), (d) => either(new Set(d).size === 2, false)),
  // 顺子: {k, k+1, k+2} mod 10 in any order.
  keyed(7010, 'PC28_STRAIGHT', 'pc28_pattern', ['attr_pc28_straight'], fraction(60, 1000), (d) => either(isStraight(d), false)),
];

export const PC28_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
