// Money in the browser is an integer number of minor units (hundredths: every merchant currency
// has two decimals), the same unit the server's ledger keeps. It is converted only where the
// server's answer is read (the wire speaks major units, `sumBalance: 1234.5`) and formatted only
// for display (formatMoney).

declare const minorUnits: unique symbol;

/**
 * An amount in minor units: a safe integer `number` branded so a float of major units cannot be
 * passed for it. Not a bigint: the bus mirrors states to the site's other tabs and the wallet's
 * server push is JSON text, and JSON has no bigint; a safe integer keeps every cent up to
 * 90 trillion major units.
 */
export type AmountMinor = number & { readonly [minorUnits]: true };

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * A decimal amount in major units as exact hundredths, rounded half away from zero on the decimal
 * digits (never in floating point: 1.005 is 1.01, and every digit of a long string counts).
 * Null if it is not a number.
 */
function majorToHundredths(amountMajor: number | string): bigint | null {
  if (typeof amountMajor === 'number' && !Number.isFinite(amountMajor)) return null;
  // String(number) is the shortest text that reads back as the same number: its decimal digits.
  const match = DECIMAL.exec(String(amountMajor).trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length - Number(exponent);
  let hundredths: bigint;
  if (scale <= 2) {
    hundredths = digits * 10n ** BigInt(2 - scale);
  } else {
    const divisor = 10n ** BigInt(scale - 2);
    hundredths = digits / divisor + ((digits % divisor) * 2n >= divisor ? 1n : 0n);
  }
  return sign === '-' ? -hundredths : hundredths;
}

/** An integer of minor units as an AmountMinor; throws on a fraction or an unsafe integer. */
export function amountMinorOf(integerMinor: number): AmountMinor {
  if (!Number.isSafeInteger(integerMinor)) throw new RangeError(`Not a whole number of minor units: ${integerMinor}`);
  // -0 would format as "-$0.00".
  return (integerMinor === 0 ? 0 : integerMinor) as AmountMinor;
}

/**
 * The wire edge: an amount the server sent in major units (1234.5, '1234.50') in minor units.
 * Null if it is not a number, or too large to keep every cent in a number.
 */
export function amountMinorFromMajor(amountMajor: number | string): AmountMinor | null {
  const hundredths = majorToHundredths(amountMajor);
  if (hundredths === null || hundredths > BigInt(Number.MAX_SAFE_INTEGER) || hundredths < -BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return amountMinorOf(Number(hundredths));
}
