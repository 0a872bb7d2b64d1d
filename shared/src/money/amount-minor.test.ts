import { amountMinorFromMajor, amountMinorOf } from './amount-minor';

describe('amountMinorFromMajor (the wire edge)', () => {
  it('reads major units as whole hundredths', () => {
    expect(amountMinorFromMajor(1234567.5)).toBe(123456750);
    expect(amountMinorFromMajor(0)).toBe(0);
    expect(amountMinorFromMajor(2000.05)).toBe(200005);
    expect(amountMinorFromMajor(-12)).toBe(-1200);
    expect(amountMinorFromMajor('-1234.567')).toBe(-123457);
  });

  it('rounds half away from zero on the decimal digits, not the float', () => {
    expect(amountMinorFromMajor(0.005)).toBe(1);
    expect(amountMinorFromMajor(0.004)).toBe(0);
    expect(amountMinorFromMajor(1.005)).toBe(101);
    expect(amountMinorFromMajor(2.675)).toBe(268);
    expect(amountMinorFromMajor(999.999)).toBe(100000);
    expect(amountMinorFromMajor(-0.005)).toBe(-1);
    expect(amountMinorFromMajor(1e-7)).toBe(0);
    // Never -0 (it would show as "-$0.00").
    expect(Object.is(amountMinorFromMajor(-0.004), 0)).toBe(true);
  });

  it('parses plain, signed, exponent and bare-point decimals', () => {
    expect(amountMinorFromMajor('12.3')).toBe(1230);
    expect(amountMinorFromMajor('+.5')).toBe(50);
    expect(amountMinorFromMajor('7.')).toBe(700);
    expect(amountMinorFromMajor('1.5e3')).toBe(150000);
    expect(amountMinorFromMajor('  42 ')).toBe(4200);
  });

  it('keeps every digit up to the largest safe integer of minor units, and refuses more rather than lose one', () => {
    expect(amountMinorFromMajor('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(amountMinorFromMajor('-90071992547409.91')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(amountMinorFromMajor('90071992547409.92')).toBeNull();
    expect(amountMinorFromMajor(1e21)).toBeNull();
  });

  it('is null for what is not a number', () => {
    for (const notANumber of ['abc', '', '.', '1,234', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(amountMinorFromMajor(notANumber)).toBeNull();
    }
  });
});

describe('amountMinorOf', () => {
  it('takes whole minor units and refuses fractions and unsafe integers', () => {
    expect(amountMinorOf(250)).toBe(250);
    expect(Object.is(amountMinorOf(-0), 0)).toBe(true);
    expect(() => amountMinorOf(12.5)).toThrow(RangeError);
    expect(() => amountMinorOf(2 ** 53)).toThrow(RangeError);
    expect(() => amountMinorOf(Number.NaN)).toThrow(RangeError);
  });
});
