import { amountMinorOf } from '@platform/shared';
import { amountProblem, amountText, parseAmount, toMajor } from './amount';

const limits = { minMinor: amountMinorOf(50_000), maxMinor: amountMinorOf(10_000_000) };

describe('the amount field', () => {
  it('reads amounts with up to two decimals and thousands separators, in minor units', () => {
    expect(parseAmount('500')).toBe(50_000);
    expect(parseAmount(' 1,234.5 ')).toBe(123_450);
    expect(parseAmount('0.01')).toBe(1);
    expect(parseAmount('100000.00')).toBe(10_000_000);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '5.', '.5', '12 34', '0x10', '99999999999999']) expect(parseAmount(text)).toBeNull();
  });

  it('writes minor units back as the field and the wire take them', () => {
    expect([amountText(amountMinorOf(50_000)), amountText(amountMinorOf(123_450)), amountText(amountMinorOf(7))]).toEqual(['500', '1234.50', '0.07']);
    expect([toMajor(amountMinorOf(50_000)), toMajor(amountMinorOf(123_455)), toMajor(amountMinorOf(1))]).toEqual([500, 1234.55, 0.01]);
  });

  it("checks the channel's limits, both ends included", () => {
    expect(amountProblem('', limits)).toBe('required');
    expect(amountProblem('  ', limits)).toBe('required');
    expect(amountProblem('five hundred', limits)).toBe('invalid');
    expect(amountProblem('0', limits)).toBe('invalid');
    expect(amountProblem('499.99', limits)).toBe('below_min');
    expect(amountProblem('500', limits)).toBeNull();
    expect(amountProblem('100,000.00', limits)).toBeNull();
    expect(amountProblem('100000.01', limits)).toBe('above_max');
  });
});
