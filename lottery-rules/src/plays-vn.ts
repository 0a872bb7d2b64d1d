// Vietnam lottery plays: the northern draw (XSMB, kind VN) on its 27 prize numbers (ĐB first … G7;
// VN_PRIZE_DIGITS in draw.ts gives their digits), and the southern and central draws (XSMN, XSMT,
// kind VN18) on their 18 (ĐB first … G8; VN18_PRIZE_DIGITS). The "endings" are the last two digits
// of each number: 27 (VN) or 18 (VN18) independent uniform values 00-99. Stake per point; the stake
// is not returned (the prize is the whole payout), like the other kinds.
// Decides: the VN and VN18 plays, rows, ticket counts, exact P and feature masks. Notable decisions:
//   · lô 2 số pays every occurrence (nháy) of the number among the endings: a number seen 3 times
//     wins 3 hits. Its probability field is the expected hits of a ticket, endings/100 (27/100,
//     18/100), and a point costs as many units as there are endings (unitStakeMinor 2700 for VN,
//     1800 for VN18): the prize per hit is then 100 units × G/2000 (99 at 1980, 95 at 1900) in both
//     lotteries. Settlement: the sum rule over layers, layer m = the numbers that occur at least m
//     times (as many layers as the most repeated ending).
//   · lô 3 số (bao lô 3 số) is lô on the last three digits of every number that has at least three
//     (VN: the 23 of ĐB … G6, G7's four 2-digit numbers have none; VN18: the 17 of ĐB … G7, not
//     G8): expected hits 23/1000 (VN) or 17/1000 (VN18), and by the same reasoning a point costs 23
//     or 17 units (unitStakeMinor 2300, 1700) so that a hit pays 1000 units × G/2000 (950 at 1900).
//     Priced like lô 2 số, a hit is the same share of the fair prize of one number, and the points
//     cost what the real game charges for them (as many units as numbers it is played on).
//   · đề (last two digits of ĐB), đề đầu / đuôi (tens / units digit of ĐB), 3 càng (last three of
//     ĐB), 4 càng (VN: last four of ĐB), đề giải nhất (VN: last two of G1) and đầu giải tám (VN18:
//     the two digits of G8, the southern "đầu") are paid once; one point costs 1 unit
//     (unitStakeMinor 100). Each reads one uniform number, so P = 1 / its values.
//   · xiên 2/3/4: all k numbers of a ticket appear (at least once each, paid once) among the
//     endings; n picks make C(n, k) tickets. P is exact (BigInt, inclusion–exclusion), its
//     denominator is a power of 100 beyond 2^53, so the Fraction carries `exact`.
import { binomial, binomialBig, bit, fraction, maskOf } from './bits';
import { VN18_PRIZE_DIGITS, VN_PRIZE_DIGITS } from './draw';
import { countSum, definePlay, numberRow, type PlaySpec } from './play-kit';
import type { Fraction, LotteryKind, PickRow, PlayDefinition } from './types';

/** Prize numbers of the northern draw (endings). */
export const VN_ENDINGS = 27;
/** Prize numbers of the southern and central draws (endings). */
export const VN18_ENDINGS = 18;

/** The positions of the prize numbers with at least `digits` digits (VN: 23 of 3; VN18: 17 of 3). */
const atLeast = (prizeDigits: readonly number[], digits: number): number[] =>
  prizeDigits.flatMap((count, index) => (count >= digits ? [index] : []));
const VN_THREE_DIGIT = atLeast(VN_PRIZE_DIGITS, 3);
const VN18_THREE_DIGIT = atLeast(VN18_PRIZE_DIGITS, 3);

const endings = (numbers: readonly number[]) => numbers.map((number) => number % 100);
const threeEndings = (positions: readonly number[]) => (numbers: readonly number[]) => positions.map((position) => numbers[position] % 1000);
const pick100 = (min = 1) => numberRow('row_pick', 0, 99, 'two', min);

/**
 * P(k given distinct numbers all appear among `draws` independent uniform values of `size`) =
 * Σ_j (−1)^j C(k, j) ((size − j)/size)^draws, exactly.
 */
export function allAppearProbability(k: number, draws: number, size: number): Fraction {
  let numerator = 0n;
  for (let j = 0; j <= k; j += 1) {
    const term = binomialBig(k, j) * BigInt(size - j) ** BigInt(draws);
    numerator += j % 2 === 0 ? term : -term;
  }
  return fraction(numerator, BigInt(size) ** BigInt(draws));
}

/** Layered masks of values: layer m holds the values seen at least m times (the lô features). */
function occurrenceLayers(values: readonly number[]): bigint[] {
  const seen = new Map<number, number>();
  for (const value of values) seen.set(value, (seen.get(value) ?? 0) + 1);
  const layers = Math.max(...seen.values());
  const masks: bigint[] = [];
  for (let layer = 1; layer <= layers; layer += 1) {
    masks.push(maskOf([...seen].filter(([, times]) => times >= layer).map(([value]) => value)));
  }
  return masks;
}

/**
 * lô on values read from the draw (`read`: one value per number it is played on, 0..size − 1):
 * paid per occurrence, expected hits count/size, a point costs `count` units.
 */
function lo(id: number, code: string, kind: LotteryKind, row: PickRow, size: number, count: number, read: (numbers: readonly number[]) => number[]): PlaySpec {
  return {
    id,
    code,
    kind,
    group: 'lo',
    rows: [row],
    rule: 'sum',
    probability: fraction(count, size),
    perOccurrence: true,
    occurrences: count,
    unitStakeMinor: count * 100,
    count: countSum,
    featureMasks: (numbers) => ({ masks: occurrenceLayers(read(numbers)) }),
  };
}

/** đề-type play on one number read from the draw (paid once, unit stake 1). */
function deLike(
  id: number,
  code: string,
  group: string,
  from: number,
  to: number,
  display: 'digit' | 'two' | 'three' | 'four',
  read: (numbers: readonly number[]) => number,
  kind: LotteryKind = 'VN',
): PlaySpec {
  return {
    id,
    code,
    kind,
    group,
    rows: [numberRow('row_pick', from, to, display)],
    // One row of up to 167 words and one feature bit: sum (product would multiply empty words).
    rule: 'sum',
    probability: fraction(1, to - from + 1),
    unitStakeMinor: 100,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [bit(read(numbers))] }),
  };
}

function xien(id: number, code: string, kind: LotteryKind, k: number, draws: number): PlaySpec {
  return {
    id,
    code,
    kind,
    group: 'xien',
    rows: [pick100(k)],
    rule: 'choose',
    k,
    probability: allAppearProbability(k, draws, 100),
    unitStakeMinor: 100,
    count: ([numbers]) => binomial(numbers.length, k),
    featureMasks: (numbers) => ({ masks: [maskOf(endings(numbers))] }),
  };
}

const db = (numbers: readonly number[]) => numbers[0];

const SPECS: readonly PlaySpec[] = [
  // ── VN (XSMB) ──
  lo(5001, 'VN_LO2', 'VN', pick100(), 100, VN_ENDINGS, endings),
  deLike(5002, 'VN_DE', 'de', 0, 99, 'two', (numbers) => db(numbers) % 100),
  deLike(5003, 'VN_DE_HEAD', 'de', 0, 9, 'digit', (numbers) => Math.floor(db(numbers) / 10) % 10),
  deLike(5004, 'VN_DE_TAIL', 'de', 0, 9, 'digit', (numbers) => db(numbers) % 10),
  deLike(5005, 'VN_3CANG', 'cang', 0, 999, 'three', (numbers) => db(numbers) % 1000),
  xien(5006, 'VN_XIEN2', 'VN', 2, VN_ENDINGS),
  xien(5007, 'VN_XIEN3', 'VN', 3, VN_ENDINGS),
  xien(5008, 'VN_XIEN4', 'VN', 4, VN_ENDINGS),
  lo(5009, 'VN_LO3', 'VN', numberRow('row_pick', 0, 999, 'three'), 1000, VN_THREE_DIGIT.length, threeEndings(VN_THREE_DIGIT)),
  deLike(5010, 'VN_4CANG', 'cang', 0, 9999, 'four', (numbers) => db(numbers) % 10000),
  // G1 is numbers[1].
  deLike(5011, 'VN_DE_G1', 'de', 0, 99, 'two', (numbers) => numbers[1] % 100),
  // ── VN18 (XSMN, XSMT) ──
  lo(5012, 'VN18_LO2', 'VN18', pick100(), 100, VN18_ENDINGS, endings),
  deLike(5013, 'VN18_DE', 'de', 0, 99, 'two', (numbers) => db(numbers) % 100, 'VN18'),
  deLike(5014, 'VN18_DE_HEAD', 'de', 0, 9, 'digit', (numbers) => Math.floor(db(numbers) / 10) % 10, 'VN18'),
  deLike(5015, 'VN18_DE_TAIL', 'de', 0, 9, 'digit', (numbers) => db(numbers) % 10, 'VN18'),
  // G8, the last number, has two digits: the southern "đầu".
  deLike(5016, 'VN18_DE_G8', 'de', 0, 99, 'two', (numbers) => numbers[VN18_ENDINGS - 1], 'VN18'),
  deLike(5017, 'VN18_3CANG', 'cang', 0, 999, 'three', (numbers) => db(numbers) % 1000, 'VN18'),
  xien(5018, 'VN18_XIEN2', 'VN18', 2, VN18_ENDINGS),
  xien(5019, 'VN18_XIEN3', 'VN18', 3, VN18_ENDINGS),
  xien(5020, 'VN18_XIEN4', 'VN18', 4, VN18_ENDINGS),
  lo(5021, 'VN18_LO3', 'VN18', numberRow('row_pick', 0, 999, 'three'), 1000, VN18_THREE_DIGIT.length, threeEndings(VN18_THREE_DIGIT)),
];

export const VN_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
