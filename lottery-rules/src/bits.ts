// Bit masks, words and small exact arithmetic shared by the plays, the rules and the prices.
// Decides: a row's mask has bit v set when value v is picked (bit 0 unused by rows that start at
// 1); a mask is cut into WORD_BITS-bit words, lowest bits first (word i holds values
// i·WORD_BITS … (i+1)·WORD_BITS − 1), because PostgreSQL stores each word as a signed bigint.
import { WORD_BITS, type Fraction } from './types';

const WORD_MASK = (1n << BigInt(WORD_BITS)) - 1n;

/** The mask with bit `value` set. */
export function bit(value: number): bigint {
  return 1n << BigInt(value);
}

/** The mask of a set of values. */
export function maskOf(values: Iterable<number>): bigint {
  let mask = 0n;
  for (const value of values) mask |= 1n << BigInt(value);
  return mask;
}

/** The values whose bits are set, ascending. */
export function valuesOf(mask: bigint): number[] {
  const values: number[] = [];
  for (let value = 0, rest = mask; rest > 0n; value += 1, rest >>= 1n) if (rest & 1n) values.push(value);
  return values;
}

/** Set bits of a non-negative mask. */
export function popcount(mask: bigint): number {
  let count = 0;
  for (let rest = mask; rest > 0n; rest >>= 1n) if (rest & 1n) count += 1;
  return count;
}

/** The words of a mask: `count` words of WORD_BITS bits, lowest first. */
export function splitWords(mask: bigint, count: number): bigint[] {
  return Array.from({ length: count }, (_, index) => (mask >> BigInt(index * WORD_BITS)) & WORD_MASK);
}

/** Words that hold values 0 … maxValue. */
export function wordsFor(maxValue: number): number {
  return Math.ceil((maxValue + 1) / WORD_BITS);
}

/** C(n, k) as a number (0 when k < 0 or k > n); exact while the result is a safe integer. */
export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  const small = Math.min(k, n - k);
  let result = 1;
  // result · (n − i) is divisible by (i + 1) at every step (it is C(n, i + 1) · (i + 1)).
  for (let i = 0; i < small; i += 1) result = (result * (n - i)) / (i + 1);
  return result;
}

/** C(n, k) as a bigint. */
export function binomialBig(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < Math.min(k, n - k); i += 1) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}

function gcdBig(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The reduced fraction num/den (num ≥ 0, den > 0). When either part exceeds 2^53 the result
 * carries `exact` and num/den are the nearest doubles.
 */
export function fraction(num: bigint | number, den: bigint | number): Fraction {
  let n = BigInt(num);
  let d = BigInt(den);
  if (n < 0n || d <= 0n) throw new RangeError(`a probability fraction needs num ≥ 0 and den > 0, not ${n}/${d}`);
  const divisor = gcdBig(n, d) || 1n;
  n /= divisor;
  d /= divisor;
  if (n <= MAX_SAFE && d <= MAX_SAFE) return { num: Number(n), den: Number(d) };
  return { num: Number(n), den: Number(d), exact: { num: n, den: d } };
}

/** The exact value of a Fraction as bigints (its `exact` when present). */
export function exactFraction(value: Fraction): { readonly num: bigint; readonly den: bigint } {
  return value.exact ?? { num: BigInt(value.num), den: BigInt(value.den) };
}
