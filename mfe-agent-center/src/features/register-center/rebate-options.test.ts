import { percentText, rebateLabel, rebateOptions } from './rebate-options';

// The rebate setting select (legacy page registerCenter): minSeries … ownSeries in steps of
// 10, each with its rebate (maxSeries − series) / 20 %.

test('offers minSeries up to the agent’s own in steps of 10, highest first, with the rebate of each', () => {
  expect(rebateOptions({ minSeries: 1900, ownSeries: 1950, maxSeries: 2000 })).toEqual([
    { series: 1950, rebateHundredthsPercent: 250 },
    { series: 1940, rebateHundredthsPercent: 300 },
    { series: 1930, rebateHundredthsPercent: 350 },
    { series: 1920, rebateHundredthsPercent: 400 },
    { series: 1910, rebateHundredthsPercent: 450 },
    { series: 1900, rebateHundredthsPercent: 500 },
  ]);
});

test('keeps the agent’s own setting when it is off the steps, and offers nothing below the lowest', () => {
  expect(rebateOptions({ minSeries: 1800, ownSeries: 1825, maxSeries: 1960 }).map((option) => option.series)).toEqual([1825, 1820, 1810, 1800]);
  expect(rebateOptions({ minSeries: 1800, ownSeries: 1790, maxSeries: 1960 })).toEqual([]);
});

test('labels a setting with its rebate in percent, two decimals', () => {
  expect(rebateLabel(1950, 1960)).toBe('1950 (0.50%)');
  expect(rebateLabel(1800, 1960)).toBe('1800 (8.00%)');
  expect(rebateLabel(1960, 1960)).toBe('1960 (0.00%)');
  expect(percentText(5)).toBe('0.05');
});
