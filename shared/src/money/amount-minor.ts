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

// ── The outgoing half: what the browser sends and what a field shows ─────────────────────────
// Every amount that leaves the browser or comes from a typed field goes through these, so no
// feature divides or multiplies minor units itself (tools/checks/amount-minor-arithmetic.test.ts
// refuses arithmetic on AmountMinor outside this folder).

/** Decimals of a minor unit: the ledger keeps hundredths for every merchant (server/README.md). */
export const MINOR_DECIMALS = 2;
const MINOR_PER_MAJOR = 10 ** MINOR_DECIMALS;

/** The most whole digits an amount field takes, as the server's amount rule does. */
export const AMOUNT_WHOLE_DIGITS_MAX = 13;

/** Minor units as exact decimal text of major units, two decimals: 123450 → '1234.50', -5 → '-0.05'. */
export function amountMajorText(amountMinor: AmountMinor): string {
  const magnitude = Math.abs(amountMinor);
  const fraction = magnitude % MINOR_PER_MAJOR;
  // Exact: the difference is a multiple of 100, so the division does not round.
  const whole = (magnitude - fraction) / MINOR_PER_MAJOR;
  return `${amountMinor < 0 ? '-' : ''}${whole}.${String(fraction).padStart(MINOR_DECIMALS, '0')}`;
}

/**
 * The wire edge, outgoing: minor units as the major-unit number the API's JSON takes, whose JSON
 * text is exactly the amount's decimal (123450 → 1234.5). Built from the decimal text, never by
 * dividing a float. Throws a RangeError for an amount a JSON number cannot carry exactly (more
 * than 15 significant digits), rather than send another amount.
 */
export function amountMajorForWire(amountMinor: AmountMinor): number {
  const major = Number(amountMajorText(amountMinor));
  if (amountMinorFromMajor(major) !== amountMinor) throw new RangeError(`Not exactly representable on the wire: ${amountMinor} minor units`);
  return major;
}

/** Major units as a plain number for what only draws an amount (a chart's bar), never for what is sent or added up. */
export const amountMajorForDisplay = (amountMinor: AmountMinor): number => Number(amountMajorText(amountMinor));

export interface AmountInputOptions {
  /** Decimals the merchant's currency takes (0 to 2): '10.5' is refused with 0. */
  decimals?: number;
}

/**
 * What a member typed as an amount ('1,000.5', ' 500 ', '1000.50') in minor units: digits, an
 * optional point and at most the currency's decimals, at most 13 whole digits (thousands commas
 * ignored). Null if it is not one. Never through floating point.
 */
export function parseAmountInput(text: string, options: AmountInputOptions = {}): AmountMinor | null {
  const decimals = Math.min(Math.max(Math.trunc(options.decimals ?? MINOR_DECIMALS), 0), MINOR_DECIMALS);
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (whole.length > AMOUNT_WHOLE_DIGITS_MAX || fraction.length > decimals) return null;
  if (match[2] !== undefined && fraction === '') return null;
  const minor = BigInt(whole) * BigInt(MINOR_PER_MAJOR) + BigInt(fraction.padEnd(MINOR_DECIMALS, '0'));
  return minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : amountMinorOf(Number(minor));
}

export interface AmountInputTextOptions {
  /** '500' rather than '500.00' when the amount is whole (the deposit's amount chips). */
  dropZeroFraction?: boolean;
}

/** Minor units as an amount field shows them, which parseAmountInput reads back: 123450 → '1234.50'. */
export function amountInputText(amountMinor: AmountMinor, options: AmountInputTextOptions = {}): string {
  const text = amountMajorText(amountMinor);
  return options.dropZeroFraction ? text.replace(/\.0+$/, '') : text;
}
