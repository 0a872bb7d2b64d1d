// The exact theoretical RTP of a slot machine, from its strips, lines and paytable (the rules of
// slot-engine.ts), as a fraction.
//
// Method (linearity of expectation, no simulation):
// - Reels stop independently and uniformly, so the symbol a payline reads on reel i has the
//   distribution "strip position (stop + row) of reel i" = the strip's symbol frequencies; with
//   expanding wilds, the effective symbol at a row is counted over the stops (wild when the window
//   shows one). The five symbols of one line are independent (different reels), so
//   E[line pay] = Σ over symbol tuples of Π P(symbol_i) × pay(tuple), enumerated with the engine's
//   own evaluateLine; E[all lines] = Σ over lines (lines with the same row distributions share it).
// - Scatters: the number of scatters in a reel's window has a distribution counted over its stops;
//   the total is the convolution over the reels. E[scatter pay] and P(trigger) follow.
// - Free spins: every free spin is independent with the same mean win v = multiplier × (E[lines] +
//   E[scatter]) on the free-spin reels and retrigger probability p. The number N of free spins in
//   a feature is a stopping time, so E[feature win] = E[N] × v (Wald). E[N] solves the linear
//   recurrence over (spins played k, spins awarded A):
//     f(k, A) = 0 when k = A, else 1 + p · f(k + 1, min(A + retrigger, max)) + (1 − p) · f(k + 1, A),
//   E[N] = f(0, awarded). (Without the cap it would be awarded / (1 − retrigger · p).)
// - RTP = (E[base lines] + E[base scatter] + P(base trigger) × E[N] × v) / payDenominator,
//   all in units of the total bet.
import { Rational } from './rational';
import { evaluateLine, type CompiledSlotMachine } from './slot-engine';

/** Weights (counts of stops) of the effective symbol at each row of a reel: weights[row][symbol]. */
function rowDistributions(machine: CompiledSlotMachine, strip: Int32Array, expanding: boolean): number[][] {
  const { rows } = machine.definition;
  const symbolCount = machine.symbolIds.length;
  const weights = Array.from({ length: rows }, () => new Array<number>(symbolCount).fill(0));
  for (let stop = 0; stop < strip.length; stop += 1) {
    let showsWild = false;
    if (expanding) for (let row = 0; row < rows; row += 1) if (strip[(stop + row) % strip.length] === machine.wild) showsWild = true;
    for (let row = 0; row < rows; row += 1) weights[row][showsWild ? machine.wild : strip[(stop + row) % strip.length]] += 1;
  }
  return weights;
}

/** Weights (counts of stops) of the number of scatters in a reel's window. */
function scatterCountWeights(machine: CompiledSlotMachine, strip: Int32Array): number[] {
  const { rows } = machine.definition;
  const weights = new Array<number>(rows + 1).fill(0);
  for (let stop = 0; stop < strip.length; stop += 1) {
    let count = 0;
    for (let row = 0; row < rows; row += 1) if (strip[(stop + row) % strip.length] === machine.scatter) count += 1;
    weights[count] += 1;
  }
  return weights;
}

/** Σ over symbol tuples of (Π weights) × units of one line whose reel i reads `distributions[i]`. */
function lineUnitWeight(machine: CompiledSlotMachine, distributions: number[][]): bigint {
  const reelCount = distributions.length;
  const symbols = new Int32Array(reelCount);
  const nonZero = distributions.map((weights) => weights.flatMap((weight, symbol) => (weight > 0 ? [symbol] : [])));
  let total = 0n;
  const visit = (reel: number, weight: number) => {
    if (reel === reelCount) {
      const pay = evaluateLine(machine, symbols);
      if (pay) total += BigInt(weight) * BigInt(pay.units);
      return;
    }
    for (const symbol of nonZero[reel]) {
      symbols[reel] = symbol;
      visit(reel + 1, weight * distributions[reel][symbol]);
    }
  };
  visit(0, 1);
  return total;
}

/** The expected pays of one spin on `strips`, in units (before any multiplier), and its trigger probability. */
export interface SlotScreenExpectation {
  /** E[sum of line pays] in units. */
  readonly lineUnits: Rational;
  /** E[scatter pay] in units. */
  readonly scatterUnits: Rational;
  /** P(scatters ≥ trigger). */
  readonly triggerProbability: Rational;
  /** P(scatters = k), k = 0 … reels × rows. */
  readonly scatterCountProbabilities: readonly Rational[];
}

export function screenExpectation(machine: CompiledSlotMachine, strips: readonly Int32Array[], expanding: boolean): SlotScreenExpectation {
  const totalStops = strips.reduce((product, strip) => product * BigInt(strip.length), 1n);
  const rowsByReel = strips.map((strip) => rowDistributions(machine, strip, expanding));
  // Lines reading the same distribution on every reel share one enumeration.
  const distributionKey = (reel: number, row: number) => rowsByReel[reel][row].join(',');
  const cache = new Map<string, bigint>();
  let lineWeight = 0n;
  for (const line of machine.lines) {
    const key = Array.from(line, (row, reel) => distributionKey(reel, row)).join('|');
    let weight = cache.get(key);
    if (weight === undefined) {
      weight = lineUnitWeight(machine, Array.from(line, (row, reel) => rowsByReel[reel][row]));
      cache.set(key, weight);
    }
    lineWeight += weight;
  }
  // Convolution of the scatter counts over the reels.
  let counts: bigint[] = [1n];
  for (const strip of strips) {
    const reelWeights = scatterCountWeights(machine, strip);
    const next = new Array<bigint>(counts.length + reelWeights.length - 1).fill(0n);
    counts.forEach((a, i) => reelWeights.forEach((b, j) => (next[i + j] += a * BigInt(b))));
    counts = next;
  }
  const { trigger } = machine.definition.freeSpins;
  let scatterWeight = 0n;
  let triggerWeight = 0n;
  counts.forEach((weight, count) => {
    scatterWeight += weight * BigInt(machine.scatterPays[count] ?? 0);
    if (count >= trigger) triggerWeight += weight;
  });
  return {
    lineUnits: Rational.of(lineWeight, totalStops),
    scatterUnits: Rational.of(scatterWeight, totalStops),
    triggerProbability: Rational.of(triggerWeight, totalStops),
    scatterCountProbabilities: counts.map((weight) => Rational.of(weight, totalStops)),
  };
}

/** E[number of free spins] of a feature (the capped recurrence of the file's comment). */
export function expectedFreeSpins(awarded: number, retrigger: number, maxPerFeature: number, retriggerProbability: Rational): Rational {
  const p = retriggerProbability;
  const q = Rational.ONE.sub(p);
  const memo = new Map<string, Rational>();
  // Memoised; the recursion is at most maxPerFeature deep.
  const f = (k: number, a: number): Rational => {
    if (k >= a) return Rational.ZERO;
    const key = `${k},${a}`;
    const known = memo.get(key);
    if (known) return known;
    const value = Rational.ONE.add(p.mul(f(k + 1, Math.min(a + retrigger, maxPerFeature)))).add(q.mul(f(k + 1, a)));
    memo.set(key, value);
    return value;
  };
  return f(0, awarded);
}

export interface SlotRtpReport {
  readonly gameCode: string;
  /** The return to player: E[total win] / total bet. */
  readonly rtp: Rational;
  /** Parts of the RTP: base-game lines, base-game scatter pays, the free-spin feature. */
  readonly baseLines: Rational;
  readonly baseScatter: Rational;
  readonly freeSpins: Rational;
  /** P(a base spin triggers free spins). */
  readonly triggerProbability: Rational;
  /** P(a free spin retriggers). */
  readonly retriggerProbability: Rational;
  /** E[free spins played | triggered]. */
  readonly expectedFreeSpins: Rational;
  /** E[win of one free spin] / total bet (multiplier included). */
  readonly freeSpinMean: Rational;
}

/** The exact RTP of a machine (slow-ish: up to a few hundred ms; cache the answer). */
export function exactSlotRtp(machine: CompiledSlotMachine): SlotRtpReport {
  const { freeSpins: feature, payDenominator } = machine.definition;
  const denominator = Rational.of(payDenominator);
  const base = screenExpectation(machine, machine.reels, false);
  const free = screenExpectation(machine, machine.freeSpinReels, feature.expandingWild);
  const freeSpinMean = free.lineUnits.add(free.scatterUnits).mul(Rational.of(feature.multiplier)).div(denominator);
  const spins = expectedFreeSpins(feature.awarded, feature.retrigger, feature.maxPerFeature, free.triggerProbability);
  const baseLines = base.lineUnits.div(denominator);
  const baseScatter = base.scatterUnits.div(denominator);
  const freeSpins = base.triggerProbability.mul(spins).mul(freeSpinMean);
  return {
    gameCode: machine.definition.gameCode,
    rtp: baseLines.add(baseScatter).add(freeSpins),
    baseLines,
    baseScatter,
    freeSpins,
    triggerProbability: base.triggerProbability,
    retriggerProbability: free.triggerProbability,
    expectedFreeSpins: spins,
    freeSpinMean,
  };
}
