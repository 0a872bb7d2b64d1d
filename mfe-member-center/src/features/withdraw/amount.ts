import { amountInputText, parseAmountInput, type AmountMinor } from '@platform/shared';

// The withdraw form's amount field, read and written by the shared money module (no arithmetic on
// minor units here: tools/checks/amount-minor-arithmetic.test.ts).

/** What the member typed as an amount ("1,000.5", " 500 ") in minor units; null if it is not one. */
export const parseAmount = (text: string): AmountMinor | null => parseAmountInput(text);

/** Minor units as the amount field shows them: "1234.50". */
export const amountText = (amountMinor: AmountMinor): string => amountInputText(amountMinor);
