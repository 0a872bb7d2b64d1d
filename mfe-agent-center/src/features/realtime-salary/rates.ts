import type { RealtimeTerms } from '@platform/contract';
import { parseRatePercent } from '../contracts';

// Real-time salary rates: a profit and a loss rate, by default and per game, typed and shown in
// percent with two decimals and sent as integers of 0.01 % (the contract pages' rate-percent).

export { parseRatePercent, ratePercentText } from '../contracts';

export type RateKind = 'profitRate' | 'lossRate';
export const RATE_KINDS: readonly RateKind[] = ['profitRate', 'lossRate'];

/** The rates that apply to a game under some terms: its own, else the default. */
export const ratesFor = (terms: RealtimeTerms, gameCode: string): RealtimeTerms['default'] => terms.games?.[gameCode] ?? terms.default;

/** Why one typed rate cannot be offered. */
export type RateProblem =
  | { key: 'rate_required' }
  | { key: 'rate_format' }
  /** Above the agent's own rate for the same game (or its default). */
  | { key: 'rate_above_own'; maxUnits: number }
  /** Left blank, so the offered default applies, and that is above the agent's own rate for this game. */
  | { key: 'rate_default_above_own'; maxUnits: number };

export type TypedRates = Record<RateKind, string>;
export type RatesProblems = Partial<Record<RateKind, RateProblem>>;

export interface OfferCheck {
  default: RatesProblems;
  games: Record<string, RatesProblems>;
  /** The terms to send; null while a rate has a problem. */
  terms: RealtimeTerms | null;
}

const hasProblems = (problems: RatesProblems) => Object.keys(problems).length > 0;

/**
 * Checks an offer against the agent's own terms: the downline's default no higher than the
 * agent's default, and for every game the rate that will apply (the game's own, or else the
 * offered default) no higher than the agent's rate for that game. The server refuses the same
 * (agent.contract.invalid). A game with either rate typed is sent with both, the blank one taking
 * the default.
 */
export function checkOffer(typed: { default: TypedRates; games: Record<string, TypedRates> }, own: RealtimeTerms, gameCodes: readonly string[]): OfferCheck {
  const result: OfferCheck = { default: {}, games: {}, terms: null };
  const offeredDefault: Partial<Record<RateKind, number>> = {};
  for (const kind of RATE_KINDS) {
    const text = typed.default[kind].trim();
    const units = parseRatePercent(text);
    if (text === '') result.default[kind] = { key: 'rate_required' };
    else if (units === null) result.default[kind] = { key: 'rate_format' };
    else if (units > own.default[kind]) result.default[kind] = { key: 'rate_above_own', maxUnits: own.default[kind] };
    else offeredDefault[kind] = units;
  }

  const games: NonNullable<RealtimeTerms['games']> = {};
  for (const gameCode of gameCodes) {
    const entry = typed.games[gameCode] ?? { profitRate: '', lossRate: '' };
    const problems: RatesProblems = {};
    const rates: Partial<Record<RateKind, number>> = {};
    const listed = RATE_KINDS.some((kind) => entry[kind].trim() !== '');
    for (const kind of RATE_KINDS) {
      const text = entry[kind].trim();
      const ownUnits = ratesFor(own, gameCode)[kind];
      if (text === '') {
        const inherited = offeredDefault[kind];
        if (inherited !== undefined && inherited > ownUnits) problems[kind] = { key: 'rate_default_above_own', maxUnits: ownUnits };
        else if (inherited !== undefined) rates[kind] = inherited;
        continue;
      }
      const units = parseRatePercent(text);
      if (units === null) problems[kind] = { key: 'rate_format' };
      else if (units > ownUnits) problems[kind] = { key: 'rate_above_own', maxUnits: ownUnits };
      else rates[kind] = units;
    }
    if (hasProblems(problems)) result.games[gameCode] = problems;
    else if (listed && rates.profitRate !== undefined && rates.lossRate !== undefined) games[gameCode] = { profitRate: rates.profitRate, lossRate: rates.lossRate };
  }

  if (hasProblems(result.default) || Object.keys(result.games).length > 0) return result;
  const defaultRates = { profitRate: offeredDefault.profitRate as number, lossRate: offeredDefault.lossRate as number };
  result.terms = Object.keys(games).length > 0 ? { default: defaultRates, games } : { default: defaultRates };
  return result;
}
