// Prices of the lottery: the prize of one winning ticket at a series (奖金组), a bet's amount, and
// the rebate (返点) of a series under its ceiling. Every price follows from the play's exact P.
// Decides:
//   · SERIES_BASE 2000 = 100 % return to player; a series G pays G/2000 of the fair prize.
//   · Fair prize of a ticket = unit stake × (1 − Ppush)/P: with a push the refund is part of the
//     return, so the prize is lower (LHC 两面: 2 × (48/49)/(24/49) = 4 units, not 4.083).
//   · Integer arithmetic only (BigInt): the prize is rounded DOWN to a minor unit, never up.
//   · A bet's prize is rounded once: one winning ticket of a bet pays floor(exact prize × multiple)
//     (ticketPrizeMinor), not the rounded unit prize × multiple, which in 角 and 分 would drop up
//     to a cent per unit and pay 82–88 % where the series promises 90 %.
//   · Money modes scale stake and prize: 元 ×1, 角 ×1/10, 分 ×1/100. A bet whose amount is not a
//     whole number of minor units is not placeable (betAmountMinor answers undefined).
import { exactFraction, fraction } from './bits';
import type { Fraction, MoneyMode, PlayDefinition } from './types';

/** The series of 100 % RTP. */
export const SERIES_BASE = 2000;

/** Divisor of each money mode: 元 1, 角 10, 分 100. */
export const MONEY_MODE_DIVISORS: Readonly<Record<MoneyMode, number>> = Object.freeze({ 1: 1, 2: 10, 3: 100 });

export function isMoneyMode(value: unknown): value is MoneyMode {
  return value === 1 || value === 2 || value === 3;
}

function checkSeries(series: number, name = 'series'): void {
  if (!Number.isInteger(series) || series < 1 || series > SERIES_BASE) throw new RangeError(`${name} must be an integer in [1, ${SERIES_BASE}], not ${series}`);
}

function checkMode(mode: MoneyMode): void {
  if (!isMoneyMode(mode)) throw new RangeError(`money mode must be 1, 2 or 3, not ${String(mode)}`);
}

/**
 * The prize of one winning ticket at multiple 1, in minor units, rounded down:
 * floor(unitStakeMinor × modeFactor × (1 − Ppush) / P × series / 2000). For VN lô it is the prize
 * of one hit. A play priced by its picks (probabilityOf: LHC 过关) needs the bet's picks.
 */
export function unitPrizeMinor(play: PlayDefinition, series: number, mode: MoneyMode, picks?: readonly bigint[]): number {
  return ticketPrizeMinor(play, series, mode, 1, picks);
}

/**
 * The prize of one winning ticket of a bet at `multiple`, in minor units, rounded down once:
 * floor(unitStakeMinor × modeFactor × (1 − Ppush) / P × series / 2000 × multiple), P the bet's
 * (betProbability: a play priced by its picks needs them).
 */
export function ticketPrizeMinor(play: PlayDefinition, series: number, mode: MoneyMode, multiple: number, picks?: readonly bigint[]): number {
  return prizeAt(play, betProbability(play, picks), series, mode, multiple);
}

/**
 * The highest prize of one winning ticket a bet of the play can have at multiple 1: the unit
 * prize, or for a play priced by its picks the prize of its least likely bet (what a table of
 * odds shows for it).
 */
export function highestUnitPrizeMinor(play: PlayDefinition, series: number, mode: MoneyMode): number {
  return prizeAt(play, play.probability, series, mode, 1);
}

/**
 * The P a bet is priced at: its play's, or for a play whose P depends on the picks (LHC 过关) the
 * P of these picks. Such a play has no price without them, nor for picks that are not a bet of it:
 * a RangeError, never the play's bound, so no caller can price a bet at a prize it does not have.
 */
export function betProbability(play: PlayDefinition, picks?: readonly bigint[]): Fraction {
  if (!play.probabilityOf) return play.probability;
  const own = picks && play.probabilityOf(picks);
  if (!own) throw new RangeError(`${play.code} is priced by a bet's picks, and ${picks ? 'these are not a bet of it' : 'none were given'}`);
  return own;
}

function prizeAt(play: PlayDefinition, probability: Fraction, series: number, mode: MoneyMode, multiple: number): number {
  if (!Number.isSafeInteger(multiple) || multiple < 1) throw new RangeError(`multiple must be a positive integer, not ${multiple}`);
  checkSeries(series);
  checkMode(mode);
  const p = exactFraction(probability);
  const push = play.pushProbability ? exactFraction(play.pushProbability) : { num: 0n, den: 1n };
  const numerator = BigInt(play.unitStakeMinor) * (push.den - push.num) * p.den * BigInt(series) * BigInt(multiple);
  const denominator = BigInt(MONEY_MODE_DIVISORS[mode]) * push.den * p.num * BigInt(SERIES_BASE);
  return Number(numerator / denominator);
}

/**
 * How many ticket prizes one ticket wins at most: its top level's weight for a play paying several
 * (LHC 三中二's 中三: 5), 1 for the others. The cap on one winning ticket reads this.
 */
export function topTierWeight(play: PlayDefinition): number {
  return Math.max(1, ...(play.prizeTiers ?? []).map((tier) => tier.weight));
}

/**
 * The amount of a bet in minor units: tickets × unitStakeMinor × modeFactor × multiple; undefined
 * when that is not a whole number of minor units (or not a safe integer).
 */
export function betAmountMinor(play: PlayDefinition, tickets: number, mode: MoneyMode, multiple: number): number | undefined {
  checkMode(mode);
  if (!Number.isSafeInteger(tickets) || tickets < 0) throw new RangeError(`tickets must be a non-negative integer, not ${tickets}`);
  if (!Number.isSafeInteger(multiple) || multiple < 1) throw new RangeError(`multiple must be a positive integer, not ${multiple}`);
  const total = BigInt(tickets) * BigInt(play.unitStakeMinor) * BigInt(multiple);
  const divisor = BigInt(MONEY_MODE_DIVISORS[mode]);
  if (total % divisor !== 0n) return undefined;
  const amount = total / divisor;
  return amount <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(amount) : undefined;
}

/** The rebate of betting at `series` under the ceiling `maxSeries`: (maxSeries − series)/2000 of turnover. */
export function rebateFraction(series: number, maxSeries: number): Fraction {
  checkSeries(series);
  checkSeries(maxSeries, 'maxSeries');
  if (series > maxSeries) throw new RangeError(`series ${series} is above its ceiling ${maxSeries}`);
  return fraction(maxSeries - series, SERIES_BASE);
}
