import { amountMinorOf, type AmountMinor } from '@platform/shared';

// The amount field: what the member typed, in minor units, checked against the channel's limits.

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** What the member typed as an amount ("1,000.5", "1000.50", " 500 ") in minor units; null if it is not one. */
export function parseAmount(text: string): AmountMinor | null {
  const match = AMOUNT.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? amountMinorOf(minor) : null;
}

/** Minor units as the amount field shows them: 50000 → "500", 123450 → "1234.50". */
export function amountText(amountMinor: AmountMinor): string {
  const cents = amountMinor % 100;
  const whole = (amountMinor - cents) / 100;
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, '0')}`;
}

/** Minor units as the wire takes them: major units, two decimals at most (exact for integers of cents). */
export const toMajor = (amountMinor: AmountMinor): number => Number(`${(amountMinor - (amountMinor % 100)) / 100}.${String(amountMinor % 100).padStart(2, '0')}`);

export interface AmountLimits {
  minMinor: AmountMinor;
  maxMinor: AmountMinor;
}

/** Why an amount cannot be sent: nothing typed, not an amount, below the channel's minimum, above its maximum. */
export type AmountProblem = 'required' | 'invalid' | 'below_min' | 'above_max';

/** The problem with the typed amount for a channel, or null when it may be sent. */
export function amountProblem(text: string, limits: AmountLimits): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const amount = parseAmount(text);
  if (amount === null || amount <= 0) return 'invalid';
  if (amount < limits.minMinor) return 'below_min';
  if (amount > limits.maxMinor) return 'above_max';
  return null;
}
