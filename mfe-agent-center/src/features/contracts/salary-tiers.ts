import { amountMajorForWire, amountMinorFromMajor, amountMinorOf } from '@platform/shared';
import { parseRatePercent } from './rate-percent';

// Tiered terms (daily and hourly salary, dividend): 1 to 20 tiers, each an amount threshold (major
// units, two decimals: the team's betting for a salary, its net loss for a dividend), an active
// members threshold and a rate (0.01 % units). The team earns the highest rate among the tiers it
// reaches. An offer to a downline may pay, at each of its tiers, at most what the agent's own
// terms pay a team standing exactly at that tier's thresholds — the rule the server applies
// (agent.contract.invalid otherwise). Compared in minor units, never in floating point. The
// functions read the salary's `bet` unless given the kind's amount field.

/** The field a kind's tiers name their amount threshold by: team betting (salary) or team net loss (dividend). */
export type TierAmountField = 'bet' | 'loss';

/** One tier: the amount threshold (major units) under the kind's field, active members ≥, rate (0.01 % units). */
export type Tier<F extends TierAmountField = 'bet'> = { [K in F]: number } & { active: number; rate: number };

/** Terms with tiers (a salary's; a dividend's also has its cycle). */
export interface TierTerms<F extends TierAmountField = 'bet'> {
  tiers: readonly Tier<F>[];
}

export const MIN_TIERS = 1;
export const MAX_TIERS = 20;
/** The highest amount threshold the contracts take, in major units. */
export const MAX_TIER_BET = 1_000_000_000;
/** The highest active members threshold the contract takes. */
export const MAX_TIER_ACTIVE = 1_000_000;

const MINOR_PER_MAJOR = 100;
const BET = /^\d{1,10}(?:\.\d{1,2})?$/;
const COUNT = /^\d{1,7}$/;

/** What the agent typed for one tier. */
export type TypedTier<F extends TierAmountField = 'bet'> = { [K in F | 'active' | 'rate']: string };

/** A tier with nothing typed yet. */
export const blankTier = <F extends TierAmountField>(field: F): TypedTier<F> => ({ [field]: '', active: '', rate: '' }) as TypedTier<F>;

/** A typed amount threshold in minor units; null unless 0 to MAX_TIER_BET with at most two decimals. */
export function parseTierBetMinor(text: string): number | null {
  const trimmed = text.trim();
  if (!BET.test(trimmed)) return null;
  const minor = amountMinorFromMajor(trimmed);
  return minor !== null && minor <= MAX_TIER_BET * MINOR_PER_MAJOR ? minor : null;
}

/** A typed active members threshold; null unless a whole number from 0 to MAX_TIER_ACTIVE. */
export function parseTierActive(text: string): number | null {
  const trimmed = text.trim();
  if (!COUNT.test(trimmed)) return null;
  const count = Number(trimmed);
  return count <= MAX_TIER_ACTIVE ? count : null;
}

/** A tier's threshold (major units on the wire) in minor units, on its decimal digits (never x * 100 in floating point); unreachable if it is not a number. */
const thresholdMinor = (major: number): number => amountMinorFromMajor(major) ?? Number.POSITIVE_INFINITY;

/** The rate (0.01 % units) some terms pay a team with this amount (minor units) and these active members: the highest tier it reaches, 0 below all. */
export function tierRateAt(terms: TierTerms<'bet'>, amountMinor: number, activeMembers: number): number;
export function tierRateAt<F extends TierAmountField>(terms: TierTerms<F>, amountMinor: number, activeMembers: number, field: F): number;
export function tierRateAt<F extends TierAmountField>(terms: TierTerms<F>, amountMinor: number, activeMembers: number, field = 'bet' as F): number {
  return terms.tiers.reduce(
    (best, tier) => (amountMinor >= thresholdMinor(tier[field]) && activeMembers >= tier.active ? Math.max(best, tier.rate) : best),
    0,
  );
}

/** The tiers in the order a reader expects: by amount, then active members. */
export const sortedTiers = <F extends TierAmountField>(terms: TierTerms<F>, field: F): Tier<F>[] =>
  [...terms.tiers].sort((a, b) => a[field] - b[field] || a.active - b.active);

/** Why one typed value of a tier cannot be offered. */
export type TierProblem =
  | { key: 'tier_required' }
  /** The amount threshold (team betting or net loss) is not an amount the contract takes. */
  | { key: 'tier_bet_format' }
  | { key: 'tier_active_format' }
  | { key: 'tier_rate_format' }
  /** Above what the agent's own terms pay at this tier's thresholds. */
  | { key: 'tier_rate_above_own'; maxUnits: number };

export type TierProblems<F extends TierAmountField = 'bet'> = Partial<Record<keyof TypedTier<F>, TierProblem>>;

export interface TiersCheck<F extends TierAmountField = 'bet'> {
  /** Each typed tier's problems, by position (an empty object: none). */
  problems: TierProblems<F>[];
  /** The tiers to send; null while a tier has a problem. */
  terms: { tiers: Tier<F>[] } | null;
}

/** The most a tier with these typed thresholds may pay under the agent's own terms; null until both thresholds read. */
export function ownRateForTyped(tier: TypedTier<'bet'>, own: TierTerms<'bet'>): number | null;
export function ownRateForTyped<F extends TierAmountField>(tier: TypedTier<F>, own: TierTerms<F>, field: F): number | null;
export function ownRateForTyped<F extends TierAmountField>(tier: TypedTier<F>, own: TierTerms<F>, field = 'bet' as F): number | null {
  const amountMinor = parseTierBetMinor(tier[field]);
  const active = parseTierActive(tier.active);
  return amountMinor === null || active === null ? null : tierRateAt(own, amountMinor, active, field);
}

/** Checks typed tiers against the agent's own terms and turns them into tiers: amount in major units, rate in 0.01 % units. */
export function checkTiers(typed: readonly TypedTier<'bet'>[], own: TierTerms<'bet'>): TiersCheck<'bet'>;
export function checkTiers<F extends TierAmountField>(typed: readonly TypedTier<F>[], own: TierTerms<F>, field: F): TiersCheck<F>;
export function checkTiers<F extends TierAmountField>(typed: readonly TypedTier<F>[], own: TierTerms<F>, field = 'bet' as F): TiersCheck<F> {
  const tiers: Tier<F>[] = [];
  const problems = typed.map((tier) => {
    const found: TierProblems<F> = {};
    const amountMinor = parseTierBetMinor(tier[field]);
    const active = parseTierActive(tier.active);
    const rate = parseRatePercent(tier.rate);
    if (tier[field].trim() === '') found[field] = { key: 'tier_required' };
    else if (amountMinor === null) found[field] = { key: 'tier_bet_format' };
    if (tier.active.trim() === '') found.active = { key: 'tier_required' };
    else if (active === null) found.active = { key: 'tier_active_format' };
    if (tier.rate.trim() === '') found.rate = { key: 'tier_required' };
    else if (rate === null) found.rate = { key: 'tier_rate_format' };
    else if (amountMinor !== null && active !== null) {
      const maxUnits = tierRateAt(own, amountMinor, active, field);
      if (rate > maxUnits) found.rate = { key: 'tier_rate_above_own', maxUnits };
    }
    if (amountMinor !== null && active !== null && rate !== null && Object.keys(found).length === 0) {
      tiers.push({ [field]: amountMajorForWire(amountMinorOf(amountMinor)), active, rate } as Tier<F>);
    }
    return found;
  });
  const valid = typed.length >= MIN_TIERS && typed.length <= MAX_TIERS && problems.every((found) => Object.keys(found).length === 0);
  return { problems, terms: valid ? { tiers } : null };
}
