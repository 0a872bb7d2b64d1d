import { bus as defaultBus, type EventBus } from '../bus/event-bus';

/** SPEC §3 Public state, §9: the symbol when the site names none. */
export const DEFAULT_CURRENCY_SYMBOL = '$';
/** What a hidden balance shows (SPEC §2 Header). */
export const HIDDEN_AMOUNT = '****';
/** What an amount that is missing or not a number shows. */
export const MISSING_AMOUNT = '--';

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * An amount in hundredths, rounded half away from zero, computed on the decimal digits (never in
 * floating point: 1.005 is 1.01, and amounts beyond 2^53 keep every digit). Null if not a number.
 */
export function toHundredths(amount: number | string | bigint): bigint | null {
  if (typeof amount === 'bigint') return amount * 100n;
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  // String(number) is the shortest text that reads back as the same number: its decimal digits.
  const match = DECIMAL.exec(String(amount).trim());
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

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The site's currency symbol, from the system status on the bus. */
export function currencySymbol(eventBus: EventBus = defaultBus): string {
  return eventBus.get('settings').status?.info?.site?.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
}

export interface FormatMoneyOptions {
  /** Defaults to the site's currency symbol; '' for none. */
  symbol?: string;
  /** The player hid the balance. */
  hidden?: boolean;
}

/** An amount in major units, 2 decimals with thousands separators: '$1,234,567.50', '-$12.00'. */
export function formatMoney(amount: number | string | bigint | null | undefined, options: FormatMoneyOptions = {}): string {
  if (options.hidden) return HIDDEN_AMOUNT;
  const hundredths = amount === null || amount === undefined ? null : toHundredths(amount);
  if (hundredths === null) return MISSING_AMOUNT;
  const symbol = options.symbol ?? currencySymbol();
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  const whole = groupThousands((magnitude / 100n).toString());
  const cents = (magnitude % 100n).toString().padStart(2, '0');
  return `${hundredths < 0n ? '-' : ''}${symbol}${whole}.${cents}`;
}
