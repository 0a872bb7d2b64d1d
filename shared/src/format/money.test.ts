import { createEventBus } from '../bus/event-bus';
import { bus } from '../bus/event-bus';
import type { SystemStatus } from '../types/wire';
import { currencySymbol, formatMoney, toHundredths } from './money';

describe('formatMoney', () => {
  it('shows 2 decimals with thousands separators and the symbol', () => {
    expect(formatMoney(1234567.5, { symbol: '$' })).toBe('$1,234,567.50');
    expect(formatMoney(0, { symbol: '$' })).toBe('$0.00');
    expect(formatMoney(999.999, { symbol: '$' })).toBe('$1,000.00');
    expect(formatMoney(100, { symbol: '৳' })).toBe('৳100.00');
    expect(formatMoney(1234.5, { symbol: '' })).toBe('1,234.50');
  });

  it('puts the minus sign before the symbol, and never shows -0.00', () => {
    expect(formatMoney(-12, { symbol: '$' })).toBe('-$12.00');
    expect(formatMoney('-1234.567', { symbol: '$' })).toBe('-$1,234.57');
    expect(formatMoney(-0.004, { symbol: '$' })).toBe('$0.00');
  });

  it('rounds half away from zero on the decimal digits, not the float', () => {
    expect(formatMoney(0.005, { symbol: '$' })).toBe('$0.01');
    expect(formatMoney(0.004, { symbol: '$' })).toBe('$0.00');
    expect(formatMoney(1.005, { symbol: '$' })).toBe('$1.01');
    expect(formatMoney(2.675, { symbol: '$' })).toBe('$2.68');
    expect(formatMoney(-0.005, { symbol: '$' })).toBe('-$0.01');
    expect(formatMoney(1e-7, { symbol: '$' })).toBe('$0.00');
  });

  it('keeps every digit of large amounts given as strings or bigints', () => {
    expect(formatMoney('123456789012345678901234.565', { symbol: '$' })).toBe('$123,456,789,012,345,678,901,234.57');
    expect(formatMoney(12345678901234567890n, { symbol: '$' })).toBe('$12,345,678,901,234,567,890.00');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, { symbol: '$' })).toBe('$9,007,199,254,740,991.00');
    expect(formatMoney(1e21, { symbol: '$' })).toBe('$1,000,000,000,000,000,000,000.00');
  });

  it('hides the amount when asked', () => {
    expect(formatMoney(1234, { hidden: true })).toBe('****');
    expect(formatMoney(null, { hidden: true })).toBe('****');
  });

  it('shows a placeholder for a missing or non-numeric amount', () => {
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(undefined)).toBe('--');
    expect(formatMoney('abc')).toBe('--');
    expect(formatMoney('')).toBe('--');
    expect(formatMoney(Number.NaN)).toBe('--');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('--');
  });

  it("defaults to the site's currency symbol, else '$'", () => {
    expect(formatMoney(5)).toBe('$5.00');
    bus.set('settings', { status: { info: { site: { currencySymbol: '৳' } } } as unknown as SystemStatus });
    try {
      expect(formatMoney(5)).toBe('৳5.00');
    } finally {
      bus.set('settings', { status: null });
    }
  });
});

describe('currencySymbol', () => {
  it('reads the bus it is given', () => {
    const other = createEventBus({ initial: { settings: { status: { info: { site: { currencySymbol: '₫' } } } as unknown as SystemStatus } } });
    expect(currencySymbol(other)).toBe('₫');
    expect(currencySymbol(createEventBus())).toBe('$');
  });
});

describe('toHundredths', () => {
  it('parses plain, signed, exponent and bare-point decimals', () => {
    expect(toHundredths('12.3')).toBe(1230n);
    expect(toHundredths('+.5')).toBe(50n);
    expect(toHundredths('7.')).toBe(700n);
    expect(toHundredths('1.5e3')).toBe(150000n);
    expect(toHundredths('  42 ')).toBe(4200n);
    expect(toHundredths('1,234')).toBeNull();
    expect(toHundredths('.')).toBeNull();
  });
});
