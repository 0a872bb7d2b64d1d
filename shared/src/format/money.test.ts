import { createEventBus } from '../bus/event-bus';
import { bus } from '../bus/event-bus';
import { amountMinorOf } from '../money/amount-minor';
import type { SystemStatus } from '../types/wire';
import { currencySymbol, formatMoney } from './money';

const minor = amountMinorOf;

describe('formatMoney', () => {
  it('shows minor units as major units with 2 decimals, thousands separators and the symbol', () => {
    expect(formatMoney(minor(123456750), { symbol: '$' })).toBe('$1,234,567.50');
    expect(formatMoney(minor(0), { symbol: '$' })).toBe('$0.00');
    expect(formatMoney(minor(5), { symbol: '$' })).toBe('$0.05');
    expect(formatMoney(minor(100000), { symbol: '$' })).toBe('$1,000.00');
    expect(formatMoney(minor(10000), { symbol: '৳' })).toBe('৳100.00');
    expect(formatMoney(minor(123450), { symbol: '' })).toBe('1,234.50');
  });

  it('puts the minus sign before the symbol, and never shows -0.00', () => {
    expect(formatMoney(minor(-1200), { symbol: '$' })).toBe('-$12.00');
    expect(formatMoney(minor(-123457), { symbol: '$' })).toBe('-$1,234.57');
    expect(formatMoney(minor(-0), { symbol: '$' })).toBe('$0.00');
  });

  it('keeps every digit up to the largest safe integer', () => {
    expect(formatMoney(minor(Number.MAX_SAFE_INTEGER), { symbol: '$' })).toBe('$90,071,992,547,409.91');
    expect(formatMoney(minor(9007199254740899), { symbol: '$' })).toBe('$90,071,992,547,408.99');
    expect(formatMoney(minor(-Number.MAX_SAFE_INTEGER), { symbol: '$' })).toBe('-$90,071,992,547,409.91');
  });

  it('hides the amount when asked', () => {
    expect(formatMoney(minor(123400), { hidden: true })).toBe('****');
    expect(formatMoney(null, { hidden: true })).toBe('****');
  });

  it('shows a placeholder for a missing amount, or a value that is not whole minor units', () => {
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney(undefined)).toBe('--');
    // What a caller outside the type system could pass (a float of major units, a string).
    for (const notMinor of [12.5, Number.NaN, Number.POSITIVE_INFINITY, '100', 2 ** 60]) {
      expect(formatMoney(notMinor as never)).toBe('--');
    }
  });

  it("writes the symbol after the amount when the merchant's currency says so", () => {
    expect(formatMoney(minor(123450), { symbol: '₫', symbolPlacement: 'after' })).toBe('1,234.50\u00a0₫');
    bus.set('settings', { status: { info: { site: { currencySymbol: '₫', currency: { code: 'VND', symbol: '₫', decimals: 2, symbolPlacement: 'after' } } } } as unknown as SystemStatus });
    try {
      expect(formatMoney(minor(-1200))).toBe('-12.00\u00a0₫');
      // A page that names the symbol (the deposit's answer) follows the same placement.
      expect(formatMoney(minor(500), { symbol: '₫' })).toBe('5.00\u00a0₫');
      expect(formatMoney(minor(500), { symbol: '' })).toBe('5.00');
    } finally {
      bus.set('settings', { status: null });
    }
  });

  it("defaults to the site's currency symbol, else '$'", () => {
    expect(formatMoney(minor(500))).toBe('$5.00');
    bus.set('settings', { status: { info: { site: { currencySymbol: '৳' } } } as unknown as SystemStatus });
    try {
      expect(formatMoney(minor(500))).toBe('৳5.00');
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
