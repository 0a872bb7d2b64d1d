// Chase plans (追号计划), without React: the factor each round of a chase bets the slip at (round
// i's bets are every line at its multiple × factor i), worked out three ways, and what each round
// costs. The server checks the plan it is sent (lottery.chase.invalid) and prices it again; these
// only choose it. Amounts are integers of minor units.
//   同倍 same multiple: every round × m.
//   翻倍 doubling: the first round × m, the factor multiplied by f every k rounds.
//   利润率 profit rate: each round the smallest factor such that a win in it returns at least the
//     target rate on everything the plan has paid up to and including that round.
// No factor may take a line past the slip's maximum multiple, nor one winning ticket of it past the
// game's cap on one bet (the server refuses both); a plan that would need more stops at the round
// before, and says where.
import { SLIP_MAX_MULTIPLE, ticketPrizeMinor, topTierWeight, type MoneyMode, type PlayDefinition } from '@platform/lottery-rules';

export const CHASE_PLAN_KINDS = ['same', 'double', 'profit'] as const;
export type ChasePlanKind = (typeof CHASE_PLAN_KINDS)[number];

export interface ChasePlanSettings {
  kind: ChasePlanKind;
  /** same: every round's factor; double: the first round's. */
  multiple: number;
  /** double: the factor is multiplied by this … */
  factor: number;
  /** double: … every this many rounds. */
  every: number;
  /** profit: the least return on the cost so far, in percent. */
  ratePercent: number;
}

export const DEFAULT_CHASE_PLAN: ChasePlanSettings = { kind: 'same', multiple: 1, factor: 2, every: 1, ratePercent: 50 };

/** The highest target rate the page takes, in percent. */
export const MAX_RATE_PERCENT = 10_000;

/** What a plan needs to know of the slip. */
export interface SlipFacts {
  /** What one round of the slip costs at factor 1. */
  roundCostMinor: number;
  /** What the smallest win of the slip pays at factor 1 (see smallestPrizeMinor). */
  prizeMinor: number;
  /** The highest factor every line can take (see maxFactorOf); 0 when not even 1. */
  limit: number;
}

/** The parts of a slip line a plan reads. */
export interface PlanLine {
  play: PlayDefinition;
  series: number;
  mode: MoneyMode;
  multiple: number;
  amountMinor: number;
  /** The line's picks, which price a play priced by its picks (Mark Six 过关). */
  picks?: readonly bigint[];
}

export interface PlanRound {
  /** 0: the round on sale, then the chase's rounds in draw order. */
  index: number;
  factor: number;
  amountMinor: number;
  /** What the plan has cost up to and including this round. */
  cumulativeMinor: number;
  /** What a win in this round leaves over everything paid so far: prize × factor − cumulative cost. */
  profitMinor: number;
}

export interface ChasePlan {
  kind: ChasePlanKind;
  rounds: PlanRound[];
  totalMinor: number;
  /** The plan stopped before the rounds asked: no factor up to the limit does for round `at` (0-based). */
  stoppedAt: number | null;
  limit: number;
}

/**
 * The highest factor every line can be bet at: its multiple × factor within the slip's maximum
 * (SLIP_MAX_MULTIPLE), and one winning ticket at that multiple within the game's cap on one bet
 * (`maxPrizeMinor`, 0: none). The prize grows with the multiple, so the largest factor under the
 * cap is found by halving.
 */
export function maxFactorOf(lines: readonly PlanLine[], maxPrizeMinor: number): number {
  let limit = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    let low = 0;
    let high = Math.floor(SLIP_MAX_MULTIPLE / line.multiple);
    // A play paying several levels (三中二) at its top one, as the server holds it to the cap.
    const fits = (factor: number) => maxPrizeMinor <= 0 || ticketPrizeMinor(line.play, line.series, line.mode, line.multiple * factor, line.picks) * topTierWeight(line.play) <= maxPrizeMinor;
    if (high >= 1 && fits(high)) low = high;
    else {
      // low always fits (0 trivially), high never does.
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fits(middle)) low = middle;
        else high = middle;
      }
    }
    limit = Math.min(limit, low);
  }
  return Number.isFinite(limit) ? limit : 0;
}

/**
 * The prize the profit plan counts on: the smallest that one winning ticket of any line pays, at
 * its series, money mode and multiple. Whichever line wins, and however few of its tickets, a win
 * pays at least this, so the plan's rate holds whatever wins (a line paying more only does
 * better). Rounded down once at the line's multiple, as the server pays it; at a factor f the
 * server rounds once at multiple × f, which is never less than this × f.
 */
export function smallestPrizeMinor(lines: readonly PlanLine[]): number {
  return lines.reduce((least, line) => Math.min(least, ticketPrizeMinor(line.play, line.series, line.mode, line.multiple, line.picks)), Number.POSITIVE_INFINITY);
}

/** The facts of a slip a plan needs; null for an empty slip (no plan). */
export function slipFactsOf(lines: readonly PlanLine[], maxPrizeMinor: number): SlipFacts | null {
  if (lines.length === 0) return null;
  return {
    roundCostMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    prizeMinor: smallestPrizeMinor(lines),
    limit: maxFactorOf(lines, maxPrizeMinor),
  };
}

/** A plan's rounds from their factors, in order; stops at the first factor over the limit (or not given). */
function planOf(kind: ChasePlanKind, factors: readonly (number | null)[], facts: SlipFacts): ChasePlan {
  const rounds: PlanRound[] = [];
  let cumulativeMinor = 0;
  let stoppedAt: number | null = null;
  for (const [index, factor] of factors.entries()) {
    if (factor === null || factor < 1 || factor > facts.limit) {
      stoppedAt = index;
      break;
    }
    const amountMinor = facts.roundCostMinor * factor;
    cumulativeMinor += amountMinor;
    rounds.push({ index, factor, amountMinor, cumulativeMinor, profitMinor: facts.prizeMinor * factor - cumulativeMinor });
  }
  return { kind, rounds, totalMinor: cumulativeMinor, stoppedAt, limit: facts.limit };
}

const whole = (value: number, least = 1) => (Number.isFinite(value) ? Math.max(least, Math.floor(value)) : least);

/** 同倍: every one of `rounds` rounds × `multiple`. */
export function sameMultiplePlan(rounds: number, multiple: number, facts: SlipFacts): ChasePlan {
  return planOf('same', Array.from({ length: rounds }, () => whole(multiple)), facts);
}

/** 翻倍: the first round × `start`, the factor × `factor` every `every` rounds (1, 1, 2, 2, 4, 4 … for 1, 2, 2). */
export function doublingPlan(rounds: number, start: number, factor: number, every: number, facts: SlipFacts): ChasePlan {
  const step = whole(every);
  const times = whole(factor);
  const factors: number[] = [];
  let current = whole(start);
  for (let index = 0; index < rounds; index += 1) {
    if (index > 0 && index % step === 0) current *= times;
    // Past the limit the plan stops here anyway: no need to grow further (nor to overflow).
    factors.push(current);
    if (current > facts.limit) break;
  }
  return planOf('double', factors, facts);
}

/**
 * 利润率: for each round the smallest factor f with (prize × f − (paid + cost × f)) / (paid + cost × f)
 * ≥ rate, paid being what the earlier rounds cost: f ≥ (1 + rate) × paid / (prize − (1 + rate) × cost),
 * at least 1. When a win cannot return the rate at any factor (the prize is not more than the cost
 * times 1 + rate) or only above the limit, the plan stops at that round. In integers (BigInt),
 * the rate in percent.
 */
export function profitPlan(rounds: number, ratePercent: number, facts: SlipFacts): ChasePlan {
  const rate = BigInt(whole(ratePercent, 0));
  const cost = BigInt(facts.roundCostMinor);
  const prize = BigInt(facts.prizeMinor);
  const factors: (number | null)[] = [];
  let paid = 0n;
  for (let index = 0; index < rounds; index += 1) {
    // f × gain ≥ needed, in hundredths.
    const gain = 100n * prize - (100n + rate) * cost;
    const needed = (100n + rate) * paid;
    if (gain < 0n || (gain === 0n && needed > 0n)) {
      factors.push(null);
      break;
    }
    const chosen = gain === 0n || needed === 0n ? 1n : (needed + gain - 1n) / gain;
    if (chosen > BigInt(facts.limit)) {
      factors.push(null);
      break;
    }
    factors.push(Number(chosen));
    paid += cost * chosen;
  }
  return planOf('profit', factors, facts);
}

/** The plan of `rounds` rounds (the round on sale and the chase's) the settings ask for. */
export function chasePlanOf(settings: ChasePlanSettings, rounds: number, facts: SlipFacts): ChasePlan {
  switch (settings.kind) {
    case 'same':
      return sameMultiplePlan(rounds, settings.multiple, facts);
    case 'double':
      return doublingPlan(rounds, settings.multiple, settings.factor, settings.every, facts);
    case 'profit':
      return profitPlan(rounds, settings.ratePercent, facts);
  }
}

/** The factors the order sends (chaseMultiples); undefined when every one is 1 (the order needs no plan). */
export function chaseMultiplesOf(plan: ChasePlan): number[] | undefined {
  return plan.rounds.some((round) => round.factor !== 1) ? plan.rounds.map((round) => round.factor) : undefined;
}
