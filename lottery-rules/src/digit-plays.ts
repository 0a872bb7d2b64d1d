// Builders of the plays shared by the digit lotteries whose draw is a row of uniform digits 0-9
// drawn with replacement (SSC 时时彩, 福彩3D, 排列三/五): one builder per kind of play, told the
// family (kind and row labels) and the positions of the draw it reads, so SSC's 后三组三 and 3D's
// 组三 are the same code on other positions.
// Decides, for every family alike:
//   · 直选 (direct): one row per read position, one digit per row per ticket; the ticket wins
//     when every read position shows its digit (product rule); P = 1/10^positions.
//   · 直选和值 (direct sum, three positions): each picked sum s is every ordered triple summing
//     to s (SUM3_COUNTS[s] tickets); exactly one of them is the drawn triple when s is the
//     drawn sum, so settlement reads only the sum's bit; P = 1/1000.
//   · 组三 (group 3): n picked digits make n(n − 1) tickets (pair digit a, single digit b ≠ a);
//     a draw of pair form aab wins exactly the ticket (a, b), i.e. both digits picked: choose 2
//     over {a, b}; 3 distinct digits or a triple (豹子) win nothing; P = 3/1000.
//   · 组六 (group 6): C(n, 3) tickets; the read digits must be 3 distinct digits, all picked;
//     P = 6/1000.
//   · 定位胆 (fixed position): each digit on each row is a ticket; rows may be empty, not all of
//     them (sum rule, one feature per read position); P = 1/10.
//   · 一码不定位 (one digit, any position): each picked digit wins once when it appears anywhere
//     among the read positions, however often it appears (choose 1); P = 1 − 0.9^positions.
import { binomial, bit, fraction, maskOf } from './bits';
import { countProduct, countSum, digitRow, numberRow, type PlaySpec } from './play-kit';
import type { LotteryKind } from './types';

const UNIT = 200;

/** A digit lottery: its kind and the row label of each position of its draw, in draw order. */
export interface DigitFamily {
  readonly kind: LotteryKind;
  readonly positionRows: readonly string[];
}

/** Ordered triples of digits with each sum 0-27 (直选和值 tickets of one sum). */
export const SUM3_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(28).fill(0);
  for (let a = 0; a < 10; a += 1) for (let b = 0; b < 10; b += 1) for (let c = 0; c < 10; c += 1) counts[a + b + c] += 1;
  return counts;
})();

/** The given positions as rows of digits. */
const positionRows = (family: DigitFamily, positions: readonly number[], min = 1) => positions.map((position) => digitRow(family.positionRows[position], min));

const digitsAt = (digits: readonly number[], positions: readonly number[]) => positions.map((position) => digits[position]);

function checkThree(code: string, positions: readonly number[]): void {
  if (positions.length !== 3) throw new Error(`${code}: a three-digit play reads 3 positions, not ${positions.length}`);
}

/** 直选 on the given positions: one digit per position in order (product). */
export function directPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: positionRows(family, positions),
    rule: 'product',
    probability: fraction(1, 10 ** positions.length),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (digits) => ({ masks: positions.map((position) => bit(digits[position])) }),
  };
}

/** 直选和值 on three positions: every ordered triple with a picked sum is a ticket. */
export function directSumPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  checkThree(code, positions);
  return {
    id,
    code,
    kind: family.kind,
    group,
    // display 'digit': a sum is shown as its plain number (0-27), not zero-padded.
    rows: [numberRow('row_sum', 0, 27, 'digit')],
    rule: 'product',
    probability: fraction(1, 1000),
    unitStakeMinor: UNIT,
    count: ([sums]) => sums.reduce((total, sum) => total + SUM3_COUNTS[sum], 0),
    featureMasks: (d) => ({ masks: [bit(digitsAt(d, positions).reduce((total, digit) => total + digit, 0))] }),
  };
}

/** The 组三 feature of three digits: {a, b} when they are the pair form aab (a ≠ b), else 0. */
function pairForm(x: number, y: number, z: number): bigint {
  return new Set([x, y, z]).size === 2 ? maskOf([x, y, z]) : 0n;
}

/** 组三 复式 on three positions: n digits, n(n − 1) tickets. */
export function group3Play(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  checkThree(code, positions);
  const [first, second, third] = positions;
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [digitRow('row_pick', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(3, 1000),
    unitStakeMinor: UNIT,
    count: ([digits]) => digits.length * (digits.length - 1),
    featureMasks: (d) => ({ masks: [pairForm(d[first], d[second], d[third])] }),
  };
}

/** 组六 复式 on three positions: C(n, 3) tickets. */
export function group6Play(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  checkThree(code, positions);
  const [first, second, third] = positions;
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [digitRow('row_pick', 3)],
    rule: 'choose',
    k: 3,
    probability: fraction(6, 1000),
    unitStakeMinor: UNIT,
    count: ([digits]) => binomial(digits.length, 3),
    featureMasks: (d) => ({ masks: [new Set([d[first], d[second], d[third]]).size === 3 ? maskOf([d[first], d[second], d[third]]) : 0n] }),
  };
}

/** 定位胆 on the given positions: each digit on each position is a ticket; rows may be empty, not all. */
export function positionPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: positionRows(family, positions, 0),
    rule: 'sum',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (d) => ({ masks: positions.map((position) => bit(d[position])) }),
  };
}

/** 一码不定位 over the given positions: a picked digit wins once when it appears among them. */
export function any1Play(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  const draws = 10 ** positions.length;
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [digitRow('row_pick')],
    rule: 'choose',
    k: 1,
    probability: fraction(draws - 9 ** positions.length, draws),
    unitStakeMinor: UNIT,
    count: ([digits]) => digits.length,
    featureMasks: (d) => ({ masks: [maskOf(digitsAt(d, positions))] }),
  };
}
