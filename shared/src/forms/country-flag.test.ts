import { countryFlag, normaliseDialingCode } from './country-flag';

test('flags are the emoji of the country code', () => {
  expect(countryFlag('BD')).toBe('🇧🇩');
  expect(countryFlag('vn')).toBe('🇻🇳');
  expect(countryFlag('XYZ')).toBe('');
});

test('dialling codes carry their plus sign', () => {
  expect(normaliseDialingCode('880')).toBe('+880');
  expect(normaliseDialingCode('+84')).toBe('+84');
  expect(normaliseDialingCode('')).toBe('');
});
