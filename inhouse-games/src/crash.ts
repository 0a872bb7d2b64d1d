// JLC001 Rocket Crash: the crash point of a round, the multiplier curve, and the exact RTP.
//
// Multipliers are integers of hundredths (100 = 1.00×) everywhere.
//
// Crash point (house edge 1 %): one 32-bit word u of the round's stream (uniform in [0, 2^32)),
//   U = (u + 1) / 2^32            uniform in (0, 1]
//   crash = floor(100 × 0.99 / U) = floor(99 × 2^32 / (u + 1))     (exact integer division)
// clamped to [100, CRASH_MAX_MULTIPLIER]. So P(crash ≥ T) = floor(99 × 2^32 / T) / 2^32 ≈ 0.99 / (T/100)
// for every T in [101, CRASH_MAX_MULTIPLIER].
//
// Cash-out rule: a cash-out at multiplier T (an automatic target, or the multiplier shown when the
// player pressed) wins T/100 × bet when CRASH_MIN_CASHOUT ≤ T ≤ crash; otherwise the bet is lost.
// Hence for any target, RTP(T) = T/100 × P(crash ≥ T) = T × floor(99 × 2^32 / T) / (100 × 2^32),
// which is 0.99 minus less than T / 2^32 / 100 (crashRtp). A player who cashes out by watching the
// rising multiplier learns nothing but "not crashed yet", so every strategy is a target: no strategy
// returns more than 0.99. (1.00× is not a cash-out: it would return the bet with certainty.)
// A crash below 1.01 (about 1.98 % of rounds) is an instant bust: nobody can win the round.
//
// Payout in minor units: floor(bet × T / 100) (a bet in whole major units, as the minimum of 1.00
// suggests, is paid exactly; a fraction of a minor unit is never paid).
//
// The curve: the multiplier t ms after the round's start is m(t) = floor(100 × e^(0.00006 t))
// hundredths (2× after 11.6 s, 10× after 38.4 s, 100× after 76.8 s); the round ends when m(t)
// reaches the crash point, at msUntilMultiplier(crash). The server decides cash-outs by its own
// clock; pages use the same curve to draw.
import type { RandomSource } from './fairness';
import { Rational } from './rational';

export const CRASH_GAME_CODE = 'JLC001';
/** 1 % house edge: the RTP of every cash-out target is 0.99 (to within 2^-32 × target). */
export const CRASH_HOUSE_EDGE = 0.01;
/** The lowest cash-out multiplier (hundredths): 1.01×. */
export const CRASH_MIN_CASHOUT = 101;
/** The highest crash point and cash-out target (hundredths): 1,000,000.00×. */
export const CRASH_MAX_MULTIPLIER = 100_000_000;
/** Growth rate of the curve per millisecond. */
export const CRASH_GROWTH_PER_MS = 0.00006;
/** Minimum crash bet in minor units (1.00). */
export const CRASH_MIN_BET = 100;

/** floor(a / b) for non-negative safe integers whose product bounds stay below 2^53. */
function floorDivide(a: number, b: number): number {
  let quotient = Math.floor(a / b);
  while (quotient * b > a) quotient -= 1;
  while ((quotient + 1) * b <= a) quotient += 1;
  return quotient;
}

/**
 * The crash point (hundredths) of a uniform word u in [0, 2^bits): floor(99 × 2^bits / (u + 1)),
 * clamped to [100, CRASH_MAX_MULTIPLIER]. The game uses bits = 32; smaller bit counts exist for
 * exhaustive tests.
 */
export function crashPointFromWord(word: number, bits = 32): number {
  const range = 2 ** bits;
  if (!Number.isInteger(word) || word < 0 || word >= range) throw new RangeError(`a ${bits}-bit word, not ${word}`);
  const crash = floorDivide(99 * range, word + 1);
  return Math.min(Math.max(crash, 100), CRASH_MAX_MULTIPLIER);
}

/** The crash point (hundredths) of a round: reads one 32-bit word of its stream. */
export function crashPoint(source: RandomSource): number {
  return crashPointFromWord(source.nextUint32());
}

/** True when a cash-out at `multiplier` (hundredths) wins in a round that crashes at `crash`. */
export function cashoutWins(multiplier: number, crash: number): boolean {
  return Number.isInteger(multiplier) && multiplier >= CRASH_MIN_CASHOUT && multiplier <= CRASH_MAX_MULTIPLIER && multiplier <= crash;
}

/** What a winning cash-out pays in minor units: floor(bet × multiplier / 100). */
export function crashPayout(betMinor: number, multiplier: number): number {
  if (!Number.isSafeInteger(betMinor) || betMinor < 0 || !Number.isSafeInteger(multiplier) || multiplier < 0) throw new RangeError('bet and multiplier must be non-negative integers');
  const payout = (BigInt(betMinor) * BigInt(multiplier)) / 100n;
  if (payout > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('the payout exceeds the safe integer range');
  return Number(payout);
}

/** The exact RTP of cashing out at `target` (hundredths, CRASH_MIN_CASHOUT … CRASH_MAX_MULTIPLIER). */
export function crashRtp(target: number, bits = 32): Rational {
  if (!Number.isInteger(target) || target < CRASH_MIN_CASHOUT || target > CRASH_MAX_MULTIPLIER) throw new RangeError(`a cash-out target in [${CRASH_MIN_CASHOUT}, ${CRASH_MAX_MULTIPLIER}], not ${target}`);
  const range = 2 ** bits;
  const winningWords = floorDivide(99 * range, target);
  return Rational.of(BigInt(target) * BigInt(Math.min(winningWords, range)), 100n * BigInt(range));
}

/** The multiplier (hundredths) `elapsedMs` after the round's start: floor(100 × e^(0.00006 t)), capped. */
export function multiplierAt(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 100;
  return Math.min(Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * elapsedMs)), CRASH_MAX_MULTIPLIER);
}

/** The first whole millisecond at which the multiplier reaches `multiplier` (hundredths): the inverse of multiplierAt. */
export function msUntilMultiplier(multiplier: number): number {
  if (multiplier <= 100) return 0;
  const target = Math.min(multiplier, CRASH_MAX_MULTIPLIER);
  let ms = Math.max(0, Math.ceil(Math.log(target / 100) / CRASH_GROWTH_PER_MS));
  while (multiplierAt(ms) < target) ms += 1;
  while (ms > 0 && multiplierAt(ms - 1) >= target) ms -= 1;
  return ms;
}
