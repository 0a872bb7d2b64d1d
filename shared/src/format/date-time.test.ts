import { formatDate, formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it("formats local time as 'yyyy-MM-dd HH:mm:ss', 24-hour", () => {
    const afternoon = new Date(2024, 0, 5, 15, 4, 9).getTime();
    expect(formatDateTime(afternoon)).toBe('2024-01-05 15:04:09');
    expect(formatDateTime(new Date(2023, 11, 31, 0, 0, 0).getTime())).toBe('2023-12-31 00:00:00');
    expect(formatDateTime(new Date(2024, 1, 29, 23, 59, 59))).toBe('2024-02-29 23:59:59');
  });

  it('accepts a millisecond timestamp given as a string', () => {
    const time = new Date(2025, 6, 14, 8, 30, 0).getTime();
    expect(formatDateTime(String(time))).toBe('2025-07-14 08:30:00');
  });

  it('returns an empty string for a missing or invalid time', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it("formats local time as 'yyyy-MM-dd'", () => {
    expect(formatDate(new Date(2024, 8, 3, 23, 59).getTime())).toBe('2024-09-03');
    expect(formatDate(new Date(999, 0, 1))).toBe('0999-01-01');
    expect(formatDate(null)).toBe('');
  });
});
