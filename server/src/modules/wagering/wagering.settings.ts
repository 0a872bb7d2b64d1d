import type { Db } from '../../db/pool';
import * as queries from './wagering.queries';
import type { WageringProduct } from './wagering.queries';

// What adds to a member's wagering requirement and how much each product's stakes count toward
// it (server/README.md, "Wagering"). Two merchant_setting documents, every key optional:
//   'withdraw' { "turnoverMultiplier": 1 }  — a deposit adds amount × this (the withdrawal rules'
//     own key, as before);
//   'wagering' { "agentTransferMultiplier": 1, "redEnvelopeMultiplier": 1, "operatorCreditMultiplier": 1,
//     "productWeights": { "lottery": 1, "inhouse": 1, "vendor": 1 } } — money from an agent, a red
//     envelope and an operator's credit add amount × their multiplier; a stake counts stake × the
//     weight of its product (lottery, the in-house games, the vendors' games).
// A key missing or out of range (0 to 1000, at most four decimals) takes its default, 1.

export { WAGERING_PRODUCTS, type WageringProduct } from './wagering.queries';

export type RequirementSource = 'deposit' | 'agentTransfer' | 'redEnvelope' | 'operatorCredit';

export interface WageringSettings {
  multipliers: Record<RequirementSource, number>;
  weights: Record<WageringProduct, number>;
}

export const DEFAULT_WAGERING_SETTINGS: WageringSettings = {
  multipliers: { deposit: 1, agentTransfer: 1, redEnvelope: 1, operatorCredit: 1 },
  weights: { lottery: 1, inhouse: 1, vendor: 1 },
};

const isFactor = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1000;
const factorOf = (value: unknown, fallback: number): number => (isFactor(value) ? Math.round(value * 10_000) / 10_000 : fallback);
const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The two stored documents merged over the defaults, key by key. */
export function wageringSettingsFrom(withdraw: unknown, wagering: unknown): WageringSettings {
  const source = objectOf(wagering);
  const weights = objectOf(source.productWeights);
  const defaults = DEFAULT_WAGERING_SETTINGS;
  return {
    multipliers: {
      deposit: factorOf(objectOf(withdraw).turnoverMultiplier, defaults.multipliers.deposit),
      agentTransfer: factorOf(source.agentTransferMultiplier, defaults.multipliers.agentTransfer),
      redEnvelope: factorOf(source.redEnvelopeMultiplier, defaults.multipliers.redEnvelope),
      operatorCredit: factorOf(source.operatorCreditMultiplier, defaults.multipliers.operatorCredit),
    },
    weights: {
      lottery: factorOf(weights.lottery, defaults.weights.lottery),
      inhouse: factorOf(weights.inhouse, defaults.weights.inhouse),
      vendor: factorOf(weights.vendor, defaults.weights.vendor),
    },
  };
}

export async function readWageringSettings(db: Db, merchantId: number): Promise<WageringSettings> {
  const stored = await queries.selectSettings(db, merchantId);
  return wageringSettingsFrom(stored.withdraw, stored.wagering);
}

/** amount × factor (at most four decimals), rounded half up to the minor unit, in integers. */
export function weightedMinor(amountMinor: number, factor: number): number {
  const scaled = BigInt(Math.round(factor * 10_000));
  return Number((BigInt(amountMinor) * scaled + 5_000n) / 10_000n);
}
