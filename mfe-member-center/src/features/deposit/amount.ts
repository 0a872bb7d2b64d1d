import { parseAmountInput, type AmountMinor } from '@platform/shared';

// The amount field checked against the channel's limits; what the member typed is read by the
// shared money module's parseAmountInput.

export interface AmountLimits {
  minMinor: AmountMinor;
  maxMinor: AmountMinor;
}

/** Why an amount cannot be sent: nothing typed, not an amount, below the channel's minimum, above its maximum. */
export type AmountProblem = 'required' | 'invalid' | 'below_min' | 'above_max';

/** The problem with the typed amount for a channel, or null when it may be sent. */
export function amountProblem(text: string, limits: AmountLimits): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const amount = parseAmountInput(text);
  if (amount === null || amount <= 0) return 'invalid';
  if (amount < limits.minMinor) return 'below_min';
  if (amount > limits.maxMinor) return 'above_max';
  return null;
}
