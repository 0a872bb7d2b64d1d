import fc from 'fast-check';
import { amountInputText, amountMajorForDisplay, amountMajorForWire, amountMajorText, amountMinorFromMajor, amountMinorOf, parseAmountInput, type AmountMinor } from './amount-minor';

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

// Up to 13 whole digits and two decimals: every amount an amount field (and the server's rule) takes.
const LARGEST_FIELD_AMOUNT = 10 ** 15 - 1;
const fieldAmounts = fc.integer({ min: -LARGEST_FIELD_AMOUNT, max: LARGEST_FIELD_AMOUNT }).map((minor) => amountMinorOf(minor));
/** The server's reading of a wire amount (server/src/modules/ledger/wallet.service.ts transferAmountMinor). */
const SERVER_AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

describe('amountMajorForWire (the wire edge, outgoing)', () => {
  it('is exact for every amount of up to 13 whole digits: minor → wire JSON → minor is the identity', () => {
    fc.assert(
      fc.property(fieldAmounts, (amountMinor) => {
        const wireText = JSON.stringify({ amount: amountMajorForWire(amountMinor) });
        const read = (JSON.parse(wireText) as { amount: number }).amount;
        expect(amountMinorFromMajor(read)).toBe(amountMinor);
        // The text the server parses is the amount's own decimal.
        const match = SERVER_AMOUNT.exec(String(Math.abs(read)));
        expect(match && Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))).toBe(Math.abs(amountMinor));
      }),
      { numRuns: 20_000 },
    );
  });

  it('sends the decimal of the amount', () => {
    expect(amountMajorForWire(amountMinorOf(123450))).toBe(1234.5);
    expect(JSON.stringify(amountMajorForWire(amountMinorOf(100000000000001)))).toBe('1000000000000.01');
    expect(JSON.stringify(amountMajorForWire(amountMinorOf(999999999999999)))).toBe('9999999999999.99');
    expect(amountMajorForWire(amountMinorOf(7))).toBe(0.07);
    expect(amountMajorForWire(amountMinorOf(-5))).toBe(-0.05);
  });

  it('refuses an amount a JSON number cannot carry exactly rather than send another one', () => {
    expect(() => amountMajorForWire(amountMinorOf(Number.MAX_SAFE_INTEGER))).toThrow(RangeError);
  });
});

describe('amountMajorText and amountMajorForDisplay', () => {
  it('writes minor units as exact major-unit decimals', () => {
    expect(amountMajorText(amountMinorOf(123450))).toBe('1234.50');
    expect(amountMajorText(amountMinorOf(-5))).toBe('-0.05');
    expect(amountMajorText(amountMinorOf(Number.MAX_SAFE_INTEGER))).toBe('90071992547409.91');
    expect(amountMajorForDisplay(amountMinorOf(250))).toBe(2.5);
  });
});

describe('parseAmountInput (what a member typed)', () => {
  it('reads digits, thousands commas and up to two decimals as minor units', () => {
    expect(parseAmountInput('1,000.5')).toBe(100050);
    expect(parseAmountInput(' 500 ')).toBe(50000);
    expect(parseAmountInput('1000.50')).toBe(100050);
    expect(parseAmountInput('0.07')).toBe(7);
    expect(parseAmountInput('9999999999999.99')).toBe(LARGEST_FIELD_AMOUNT);
  });

  it('refuses what is not an amount, more decimals than the currency has and more than 13 whole digits', () => {
    for (const text of ['', '.', '7.', '.5', '-1', '1e3', '1.005', 'abc', '12 34', '10000000000000']) expect({ text, amount: parseAmountInput(text) }).toEqual({ text, amount: null });
    expect(parseAmountInput('10.5', { decimals: 0 })).toBeNull();
    expect(parseAmountInput('10', { decimals: 0 })).toBe(1000);
    expect(parseAmountInput('10.5', { decimals: 1 })).toBe(1050);
    expect(parseAmountInput('10.55', { decimals: 1 })).toBeNull();
  });

  it('reads back what amountInputText writes, for every amount a field takes', () => {
    fc.assert(
      fc.property(fieldAmounts, fc.boolean(), (amountMinor, dropZeroFraction) => {
        const amount = Math.abs(amountMinor) as AmountMinor;
        expect(parseAmountInput(amountInputText(amount, { dropZeroFraction }))).toBe(amount);
      }),
      { numRuns: 5_000 },
    );
    expect(amountInputText(amountMinorOf(50000), { dropZeroFraction: true })).toBe('500');
    expect(amountInputText(amountMinorOf(50010), { dropZeroFraction: true })).toBe('500.10');
    expect(amountInputText(amountMinorOf(50000))).toBe('500.00');
  });
});
