import { minorOfMajor } from './game-model';

describe('minorOfMajor (a stake of the wire in minor units)', () => {
  it('reads a number on its own decimal digits, not rounded to two places in floating point first', () => {
    // (1.005).toFixed(2) is '1.00' and (2.675).toFixed(2) '2.67': the float is a hair below the decimal.
    expect(minorOfMajor(1.005)).toBe(101);
    expect(minorOfMajor(2.675)).toBe(268);
    expect(minorOfMajor(12.5)).toBe(1250);
  });

  it('reads decimal texts and refuses what is not an amount', () => {
    expect(minorOfMajor('1234.50')).toBe(123450);
    for (const value of ['', 'abc', null, undefined, Number.NaN, {}]) expect(minorOfMajor(value)).toBeNull();
  });
});
