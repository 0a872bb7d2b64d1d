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
//   · 组选 of a shape (five-star 组选120 … 组选5, four-star 组选24 … 组选4): the shape says how
//     often each digit of a ticket appears (组选60: one digit twice, three once). One row per
//     multiplicity (二重号, 单号 …); a ticket takes the shape's number of digits from each row, all
//     different; it wins when the read digits are its digits with its multiplicities, in any
//     order. A draw of the shape has one digit set per row, so it wins at most one ticket of a
//     bet: choose over the K digits of the shape, each row against the drawn digits of its
//     multiplicity (C(matched, K) = 1 only when all K match); a draw of another shape has no
//     feature. P = positions! / ∏ multiplicity! / 10^positions (组选60: 5!/2! = 60 of 10^5).
//   · 任选N直选 (any N positions, direct): a row per position, rows may be empty; a ticket is one
//     digit on each of N positions whose rows are filled (Σ over the N-sets of rows of the
//     product of their sizes); it wins when those N positions show its digits. A bet wins
//     C(m, N) tickets where m counts the positions whose drawn digit is picked on its row
//     (choose N, one feature per position); P = 1/10^N.
//   · 跨度 (span, three positions): a picked span s is every ordered triple whose largest digit
//     minus its smallest is s (10 for s = 0, 6s(10 − s) otherwise; 1000 over the ten spans), so
//     one ticket wins 1/1000 like 直选 and the prize stays one level; settlement reads the span's
//     bit.
//   · 和值尾数 (sum tail): the last digit of the read digits' sum; each picked tail is a ticket.
//     Adding a uniform digit makes any sum uniform mod 10, so every tail has P 1/10.
//   · 特殊号 on three positions: 豹子 (all three equal, 10 of 1000), 顺子 (three consecutive digits
//     in any order, where 9 is followed by 0: {k, k+1, k+2} mod 10, 8 9 0 and 9 0 1 included, 60
//     of 1000) and 对子 (exactly two equal, never a 豹子, 270 of 1000) have different chances, so
//     each is a play of its own: one keyed value, one ticket.
//   · 趣味 "at least t times" (好事成双 t = 2, 三星报喜 3, 四季发财 4): a picked digit wins once when
//     it appears at least t times among the read positions (choose 1 over the digits drawn that
//     often); P = Σ_{j ≥ t} C(positions, j) 9^(positions − j) / 10^positions. t = 1 is 一码不定位.
import { binomial, bit, fraction, maskOf } from './bits';
import { countProduct, countSum, digitRow, keyRow, numberRow, type PlaySpec } from './play-kit';
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

/** Ordered triples of digits with each span (largest − smallest) 0-9: 10, then 6s(10 − s) (跨度 tickets of one span). */
export const SPAN3_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(10).fill(0);
  for (let a = 0; a < 10; a += 1) for (let b = 0; b < 10; b += 1) for (let c = 0; c < 10; c += 1) counts[Math.max(a, b, c) - Math.min(a, b, c)] += 1;
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

/** 跨度 on three positions: every ordered triple with a picked span is a ticket. */
export function spanPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[], labelKey = 'row_span'): PlaySpec {
  checkThree(code, positions);
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [numberRow(labelKey, 0, 9, 'digit')],
    rule: 'product',
    probability: fraction(1, 1000),
    unitStakeMinor: UNIT,
    count: ([spans]) => spans.reduce((total, span) => total + SPAN3_COUNTS[span], 0),
    featureMasks: (d) => {
      const read = digitsAt(d, positions);
      return { masks: [bit(Math.max(...read) - Math.min(...read))] };
    },
  };
}

/** One row of a 组选 shape: its digits appear `times` times each in a winning draw, `digits` of them per ticket. */
export interface GroupPart {
  readonly labelKey: string;
  readonly times: number;
  readonly digits: number;
}

/** Tickets of a 组选 shape: `sizes[i]` digits from row i, no digit taken twice. */
function countDisjointPicks(rows: readonly (readonly number[])[], sizes: readonly number[], from = 0, used: readonly number[] = []): number {
  const free = rows[from].filter((digit) => !used.includes(digit));
  if (from === rows.length - 1) return binomial(free.length, sizes[from]);
  let total = 0;
  const walk = (start: number, taken: number[]): void => {
    if (taken.length === sizes[from]) {
      total += countDisjointPicks(rows, sizes, from + 1, [...used, ...taken]);
      return;
    }
    for (let index = start; index < free.length; index += 1) walk(index + 1, [...taken, free[index]]);
  };
  walk(0, []);
  return total;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** 组选 of a shape on the given positions (组选120 … 组选4): one row per multiplicity. */
export function groupPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[], parts: readonly GroupPart[]): PlaySpec {
  if (parts.reduce((total, part) => total + part.times * part.digits, 0) !== positions.length) throw new Error(`${code}: the shape does not fill ${positions.length} positions`);
  if (new Set(parts.map((part) => part.times)).size !== parts.length) throw new Error(`${code}: one row per multiplicity`);
  const orders = parts.reduce((total, part) => total / factorial(part.times) ** part.digits, factorial(positions.length));
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: parts.map((part) => digitRow(part.labelKey, part.digits)),
    rule: 'choose',
    k: parts.reduce((total, part) => total + part.digits, 0),
    probability: fraction(orders, 10 ** positions.length),
    unitStakeMinor: UNIT,
    count: (rows) => countDisjointPicks(rows, parts.map((part) => part.digits)),
    featureMasks: (d) => {
      const seen = new Map<number, number>();
      for (const digit of digitsAt(d, positions)) seen.set(digit, (seen.get(digit) ?? 0) + 1);
      const drawnTimes = (times: number) => [...seen].filter(([, seenTimes]) => seenTimes === times).map(([digit]) => digit);
      // The multiplicities fill the positions, so matching every row's count is the whole shape.
      const fits = parts.every((part) => drawnTimes(part.times).length === part.digits);
      return { masks: parts.map((part) => (fits ? maskOf(drawnTimes(part.times)) : 0n)) };
    },
  };
}

/** 任选N直选 over the given positions: a row per position (may be empty), one digit on each of N filled rows per ticket. */
export function anyDirectPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[], n: number): PlaySpec {
  if (!Number.isInteger(n) || n < 1 || n >= positions.length) throw new Error(`${code}: 任选 reads N of ${positions.length} positions, not ${n}`);
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: positionRows(family, positions, 0),
    rule: 'choose',
    k: n,
    probability: fraction(1, 10 ** n),
    unitStakeMinor: UNIT,
    // The N-th elementary symmetric sum of the row sizes: Σ over N-sets of rows of their product.
    count: (rows) => {
      const sums = [1, ...new Array<number>(n).fill(0)];
      for (const row of rows) for (let j = n; j >= 1; j -= 1) sums[j] += sums[j - 1] * row.length;
      return sums[n];
    },
    featureMasks: (d) => ({ masks: positions.map((position) => bit(d[position])) }),
  };
}

/** 和值尾数 over the given positions: each picked last digit of the sum is a ticket. */
export function sumTailPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[]): PlaySpec {
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [digitRow('row_sum_tail')],
    rule: 'product',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [bit(digitsAt(d, positions).reduce((total, digit) => total + digit, 0) % 10)] }),
  };
}

/** The three-digit patterns of 特殊号: what each is, its value key and its draws of 1000. */
export const THREE_PATTERNS = {
  triple: { valueKey: 'attr_triple', draws: 10, is: (x: number, y: number, z: number) => x === y && y === z },
  straight: {
    valueKey: 'attr_straight',
    draws: 60,
    is: (x: number, y: number, z: number) => [x, y, z].some((k) => [x, y, z].includes((k + 1) % 10) && [x, y, z].includes((k + 2) % 10)),
  },
  pair: { valueKey: 'attr_pair', draws: 270, is: (x: number, y: number, z: number) => new Set([x, y, z]).size === 2 },
} as const;

/** 特殊号 豹子 / 顺子 / 对子 on three positions: one keyed value, one ticket. */
export function patternPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[], pattern: keyof typeof THREE_PATTERNS): PlaySpec {
  checkThree(code, positions);
  const { valueKey, draws, is } = THREE_PATTERNS[pattern];
  const [first, second, third] = positions;
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [keyRow('row_attr', [valueKey])],
    rule: 'product',
    probability: fraction(draws, 1000),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (d) => ({ masks: [is(d[first], d[second], d[third]) ? bit(0) : 0n] }),
  };
}

/** 趣味 "at least `times` times" over the given positions: a picked digit wins once when drawn that often. */
export function atLeastPlay(family: DigitFamily, id: number, code: string, group: string, positions: readonly number[], times: number): PlaySpec {
  const n = positions.length;
  if (!Number.isInteger(times) || times < 1 || times > n) throw new Error(`${code}: a digit appears 1 to ${n} times, not ${times}`);
  let draws = 0;
  for (let j = times; j <= n; j += 1) draws += binomial(n, j) * 9 ** (n - j);
  return {
    id,
    code,
    kind: family.kind,
    group,
    rows: [digitRow('row_pick')],
    rule: 'choose',
    k: 1,
    probability: fraction(draws, 10 ** n),
    unitStakeMinor: UNIT,
    count: ([digits]) => digits.length,
    featureMasks: (d) => {
      const read = digitsAt(d, positions);
      return { masks: [maskOf(read.filter((digit) => read.filter((other) => other === digit).length >= times))] };
    },
  };
}
