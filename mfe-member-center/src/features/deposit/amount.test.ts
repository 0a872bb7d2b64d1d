import { amountMinorOf } from '@platform/shared';
import { amountProblem } from './amount';

const limits = { minMinor: amountMinorOf(50_000), maxMinor: amountMinorOf(10_000_000) };

describe('the amount field', () => {
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
