import type { DividendTerms, RealtimeTerms, SalaryKind, SalaryTerms } from '@platform/contract';
import { MINOR_PER_MAJOR } from '../ledger';

// What a contract's terms pay and whether one contract's terms stay within another's: read by the
// contract rules (contracts.service.ts: an offer within the offering agent's own terms), by the
// cascade that brings contracts below under a new or ended one (contract-cascade.ts), and by the
// salary and dividend passes. A file of its own so that those can share it without importing
// each other.

export type ContractKind = 'realtime' | SalaryKind | 'dividend';

type Rates = { profitRate: number; lossRate: number };
const rateOf = (terms: RealtimeTerms, game: string | undefined): Rates => (game !== undefined && terms.games?.[game]) || terms.default;

/** True when every rate of `child` is at most the same rate of `parent`, game by game. */
export function withinTerms(child: RealtimeTerms, parent: RealtimeTerms): boolean {
  const games = new Set([...Object.keys(child.games ?? {}), ...Object.keys(parent.games ?? {})]);
  const fits = (game: string | undefined) => {
    const own = rateOf(child, game);
    const cap = rateOf(parent, game);
    return own.profitRate <= cap.profitRate && own.lossRate <= cap.lossRate;
  };
  return fits(undefined) && [...games].every(fits);
}

/** The rate a salary contract's tiers give a team: the highest tier it reaches (0 below all). */
export function tierRate(terms: SalaryTerms, teamBettingMinor: number, activeMembers: number): number {
  return terms.tiers.reduce(
    (best, tier) => (teamBettingMinor >= Math.round(tier.bet * MINOR_PER_MAJOR) && activeMembers >= tier.active ? Math.max(best, tier.rate) : best),
    0,
  );
}

/** True when every tier of `child` pays at most what `parent` pays at the tier's own thresholds. */
export function withinTiers(child: SalaryTerms, parent: SalaryTerms): boolean {
  return child.tiers.every((tier) => tier.rate <= tierRate(parent, Math.round(tier.bet * MINOR_PER_MAJOR), tier.active));
}

/** The rate a dividend contract's tiers give a period's base (net loss after carry-forward): the highest tier reached (0 for a base not above 0). */
export function dividendTierRate(terms: DividendTerms, baseMinor: number, activeMembers: number): number {
  if (baseMinor <= 0) return 0;
  return terms.tiers.reduce(
    (best, tier) => (baseMinor >= Math.round(tier.loss * MINOR_PER_MAJOR) && activeMembers >= tier.active ? Math.max(best, tier.rate) : best),
    0,
  );
}

/** True when `child` has `parent`'s cycle and each of its tiers pays at most what `parent` pays at the tier's own thresholds. */
export function withinDividendTiers(child: DividendTerms, parent: DividendTerms): boolean {
  return (
    child.cycle === parent.cycle &&
    child.tiers.every((tier) => tier.rate <= dividendTierRate(parent, Math.max(1, Math.round(tier.loss * MINOR_PER_MAJOR)), tier.active))
  );
}
