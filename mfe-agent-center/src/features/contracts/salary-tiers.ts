import { amountMinorFromMajor } from '@platform/shared';
import type { SalaryTerms } from '@platform/shared/contract';
import { parseRatePercent } from './rate-percent';

// Daily and hourly salary terms: 1 to 20 tiers, each a team betting threshold (major units, two
// decimals), an active members threshold and a rate (0.01 % units). The team earns the highest
// rate among the tiers it reaches. An offer to a downline may pay, at each of its tiers, at most
// what the agent's own terms pay a team standing exactly at that tier's thresholds — the rule the
// server applies (agent.contract.invalid otherwise). Compared in minor units, never in floating point.

export type SalaryTier = SalaryTerms['tiers'][number];

export const MIN_TIERS = 1;
export const MAX_TIERS = 20;
/** The highest team betting threshold the contract takes, in major units. */
export const MAX_TIER_BET = 1_000_000_000;
/** The highest active members threshold the contract takes. */
export const MAX_TIER_ACTIVE = 1_000_000;

const MINOR_PER_MAJOR = 100;
const BET = /^\d{1,10}(?:\.\d{1,2})?$/;
const COUNT = /^\d{1,7}$/;

/** What the agent typed for one tier. */
export interface TypedTier {
  bet: string;
  active: string;
  rate: string;
}

export const BLANK_TIER: TypedTier = { bet: '', active: '', rate: '' };

/** A typed team betting threshold in minor units; null unless 0 to MAX_TIER_BET with at most two decimals. */
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

/** The rate (0.01 % units) some terms pay a team with this betting (minor units) and these active members: the highest tier it reaches, 0 below all. */
export function tierRateAt(terms: SalaryTerms, teamBettingMinor: number, activeMembers: number): number {
  return terms.tiers.reduce(
    (best, tier) => (teamBettingMinor >= Math.round(tier.bet * MINOR_PER_MAJOR) && activeMembers >= tier.active ? Math.max(best, tier.rate) : best),
    0,
  );
}

/** The tiers in the order a reader expects: by team betting, then active members. */
export const sortedTiers = (terms: SalaryTerms): SalaryTier[] =>
  [...terms.tiers].sort((a, b) => a.bet - b.bet || a.active - b.active);

/** Why one typed value of a tier cannot be offered. */
export type TierProblem =
  | { key: 'tier_required' }
  | { key: 'tier_bet_format' }
  | { key: 'tier_active_format' }
  | { key: 'tier_rate_format' }
  /** Above what the agent's own terms pay at this tier's thresholds. */
  | { key: 'tier_rate_above_own'; maxUnits: number };

export type TierProblems = Partial<Record<keyof TypedTier, TierProblem>>;

export interface TiersCheck {
  /** Each typed tier's problems, by position (an empty object: none). */
  problems: TierProblems[];
  /** The terms to send; null while a tier has a problem. */
  terms: SalaryTerms | null;
}

/** The most a tier with these typed thresholds may pay under the agent's own terms; null until both thresholds read. */
export function ownRateForTyped(tier: TypedTier, own: SalaryTerms): number | null {
  const betMinor = parseTierBetMinor(tier.bet);
  const active = parseTierActive(tier.active);
  return betMinor === null || active === null ? null : tierRateAt(own, betMinor, active);
}

/** Checks typed tiers against the agent's own terms and turns them into terms: bet in major units, rate in 0.01 % units. */
export function checkTiers(typed: readonly TypedTier[], own: SalaryTerms): TiersCheck {
  const tiers: SalaryTier[] = [];
  const problems = typed.map((tier) => {
    const found: TierProblems = {};
    const betMinor = parseTierBetMinor(tier.bet);
    const active = parseTierActive(tier.active);
    const rate = parseRatePercent(tier.rate);
    if (tier.bet.trim() === '') found.bet = { key: 'tier_required' };
    else if (betMinor === null) found.bet = { key: 'tier_bet_format' };
    if (tier.active.trim() === '') found.active = { key: 'tier_required' };
    else if (active === null) found.active = { key: 'tier_active_format' };
    if (tier.rate.trim() === '') found.rate = { key: 'tier_required' };
    else if (rate === null) found.rate = { key: 'tier_rate_format' };
    else if (betMinor !== null && active !== null) {
      const maxUnits = tierRateAt(own, betMinor, active);
      if (rate > maxUnits) found.rate = { key: 'tier_rate_above_own', maxUnits };
    }
    if (betMinor !== null && active !== null && rate !== null && Object.keys(found).length === 0) {
      tiers.push({ bet: betMinor / MINOR_PER_MAJOR, active, rate });
    }
    return found;
  });
  const valid = typed.length >= MIN_TIERS && typed.length <= MAX_TIERS && problems.every((found) => Object.keys(found).length === 0);
  return { problems, terms: valid ? { tiers } : null };
}
