import { bus as defaultBus, type EventBus } from '../bus/event-bus';
import type { AmountMinor } from '../money/amount-minor';

/** The currency symbol when the site names none. */
export const DEFAULT_CURRENCY_SYMBOL = '$';
/** What a hidden balance shows (in the header). */
export const HIDDEN_AMOUNT = '****';
/** What an amount that is missing or not a number shows. */
export const MISSING_AMOUNT = '--';

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The site's currency symbol, from the system status on the bus. */
export function currencySymbol(eventBus: EventBus = defaultBus): string {
  return eventBus.get('settings').status?.info?.site?.currencySymbol || DEFAULT_CURRENCY_SYMBOL;
}

/**
 * Where the merchant's currency puts its symbol (the system status's info.site.currency, one
 * currency per merchant: server/src/modules/ledger/currency.ts): before the amount, or after it.
 */
export function currencySymbolPlacement(eventBus: EventBus = defaultBus): 'before' | 'after' {
  return eventBus.get('settings').status?.info?.site?.currency?.symbolPlacement === 'after' ? 'after' : 'before';
}

export interface FormatMoneyOptions {
  /** Defaults to the site's currency symbol; '' for none. */
  symbol?: string;
  /** Defaults to the site currency's placement. */
  symbolPlacement?: 'before' | 'after';
  /** The player hid the balance. */
  hidden?: boolean;
}

/**
 * An amount of minor units, shown in major units with 2 decimals and thousands separators:
 * '$1,234,567.50', '-$12.00'; with the symbol after: '1,234,567.50 ₫', '-12.00 ₫'.
 */
export function formatMoney(amountMinor: AmountMinor | null | undefined, options: FormatMoneyOptions = {}): string {
  if (options.hidden) return HIDDEN_AMOUNT;
  // Guards callers outside the type system (a remote built against an older shared copy).
  if (amountMinor === null || amountMinor === undefined || !Number.isSafeInteger(amountMinor)) return MISSING_AMOUNT;
  const symbol = options.symbol ?? currencySymbol();
  const magnitude = Math.abs(amountMinor);
  const cents = magnitude % 100;
  // Exact: a multiple of 100 divides without rounding (magnitude / 100 alone may round up near 2^53).
  const whole = (magnitude - cents) / 100;
  const digits = `${groupThousands(String(whole))}.${String(cents).padStart(2, '0')}`;
  const sign = amountMinor < 0 ? '-' : '';
  // A no-break space keeps a symbol written after the amount on the amount's line.
  if (symbol && (options.symbolPlacement ?? currencySymbolPlacement()) === 'after') return `${sign}${digits}\u00a0${symbol}`;
  return `${sign}${symbol}${digits}`;
}
