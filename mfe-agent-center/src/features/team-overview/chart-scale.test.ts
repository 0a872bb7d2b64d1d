import { compactNumber, formatCount, labelStride, shortDate, valueScale } from './chart-scale';

// The gross-view chart's axis: round ticks from 0, a baseline for a quiet period, day labels that
// do not collide, short tick labels.

describe('valueScale', () => {
  it('rounds the top up to a whole step of 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(valueScale(1500)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
    expect(valueScale(9)).toEqual({ max: 10, ticks: [0, 2.5, 5, 7.5, 10] });
    expect(valueScale(0.3)).toEqual({ max: 0.3, ticks: [0, 0.1, 0.2, 0.3] });
    expect(valueScale(123456.78).max).toBe(150000);
  });

  it('keeps counts on whole numbers', () => {
    expect(valueScale(3, { integer: true })).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
    expect(valueScale(9, { integer: true })).toEqual({ max: 9, ticks: [0, 3, 6, 9] });
    expect(valueScale(1, { integer: true })).toEqual({ max: 1, ticks: [0, 1] });
  });

  it('gives a quiet period (all zeros) an axis from 0 to 1', () => {
    expect(valueScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale(0, { integer: true })).toEqual({ max: 1, ticks: [0, 1] });
    expect(valueScale(Number.NaN)).toEqual({ max: 1, ticks: [0, 1] });
  });
});

test('labelStride draws every label that fits and spaces the rest evenly', () => {
  expect(labelStride(1, 300, 40)).toBe(1);
  expect(labelStride(7, 600, 40)).toBe(1);
  expect(labelStride(31, 600, 40)).toBe(3);
  expect(labelStride(31, 280, 40)).toBe(5);
  expect(labelStride(31, 10, 40)).toBe(31);
});

test('compactNumber shortens thousands and millions', () => {
  expect(compactNumber(0)).toBe('0');
  expect(compactNumber(2.5)).toBe('2.5');
  expect(compactNumber(750)).toBe('750');
  expect(compactNumber(1500)).toBe('1.5K');
  expect(compactNumber(125000)).toBe('125K');
  expect(compactNumber(12_000_000)).toBe('12M');
  expect(compactNumber(2_500_000_000)).toBe('2.5B');
});

test('shortDate shows a day as MM-DD', () => {
  expect(shortDate('2025-03-05')).toBe('03-05');
  expect(shortDate('odd')).toBe('odd');
});

test('formatCount groups thousands', () => {
  expect(formatCount(0)).toBe('0');
  expect(formatCount(999)).toBe('999');
  expect(formatCount(1234567)).toBe('1,234,567');
});
