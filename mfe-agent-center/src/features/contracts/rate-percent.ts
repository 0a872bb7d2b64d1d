import { RATE_UNITS_PER_PERCENT } from '@platform/contract';

// Contract rates (every kind): typed and shown in percent with two decimals, sent as integers of
// 0.01 % (1.25 % → 125, RATE_UNITS_PER_PERCENT), never through floating point.

/** 100 %: a contract's highest rate. */
export const MAX_RATE_UNITS = 100 * RATE_UNITS_PER_PERCENT;

const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** What the agent typed ("1.25", "1.2", "3") in 0.01 % units; null unless 0-100 with at most two decimals. */
export function parseRatePercent(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  const units = Number(match[1]) * RATE_UNITS_PER_PERCENT + Number((match[2] ?? '').padEnd(2, '0'));
  return units <= MAX_RATE_UNITS ? units : null;
}

/** 0.01 % units as the pages show them: 125 → "1.25%". */
export const ratePercentText = (units: number): string =>
  `${Math.trunc(units / RATE_UNITS_PER_PERCENT)}.${String(units % RATE_UNITS_PER_PERCENT).padStart(2, '0')}%`;
