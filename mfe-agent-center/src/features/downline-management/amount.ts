import { amountMinorOf, type AmountMinor } from '@platform/shared';

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** What the member typed as an amount ("1,000.5" or "1000.50") in minor units; null if it is not one. */
export function parseAmount(text: string): AmountMinor | null {
  const match = AMOUNT.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  return amountMinorOf(Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')));
}

/** An amount of minor units as the amount field shows it: "1234.50". */
export const amountText = (amountMinor: AmountMinor): string => `${Math.trunc(amountMinor / 100)}.${String(amountMinor % 100).padStart(2, '0')}`;
