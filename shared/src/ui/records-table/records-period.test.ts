import { formatDateTime } from '../../format/date-time';
import { periodRange, RECORDS_PERIODS, type RecordsPeriod } from './records-period';

const span = (period: RecordsPeriod, now: Date) => {
  const { startMs, endMs } = periodRange(period, now);
  return `${formatDateTime(startMs)} – ${formatDateTime(endMs)}`;
};

describe('periodRange', () => {
  // Wednesday 2026-03-04, mid-afternoon.
  const wednesday = new Date(2026, 2, 4, 15, 30);

  it.each([
    ['today', '2026-03-04 00:00:00 – 2026-03-04 23:59:59'],
    ['yesterday', '2026-03-03 00:00:00 – 2026-03-03 23:59:59'],
    ['last7Days', '2026-02-26 00:00:00 – 2026-03-04 23:59:59'],
    ['thisWeek', '2026-03-02 00:00:00 – 2026-03-08 23:59:59'],
    ['lastWeek', '2026-02-23 00:00:00 – 2026-03-01 23:59:59'],
    ['thisMonth', '2026-03-01 00:00:00 – 2026-03-31 23:59:59'],
    ['lastMonth', '2026-02-01 00:00:00 – 2026-02-28 23:59:59'],
  ] as const)('%s on a Wednesday covers %s', (period, expected) => {
    expect(span(period, wednesday)).toBe(expected);
  });

  it('starts weeks on Monday, also when today is Sunday or Monday', () => {
    expect(span('thisWeek', new Date(2026, 2, 8, 23, 59))).toBe('2026-03-02 00:00:00 – 2026-03-08 23:59:59');
    expect(span('thisWeek', new Date(2026, 2, 9, 0, 0))).toBe('2026-03-09 00:00:00 – 2026-03-15 23:59:59');
  });

  it('crosses year ends', () => {
    const newYearsDay = new Date(2027, 0, 1, 8);
    expect(span('yesterday', newYearsDay)).toBe('2026-12-31 00:00:00 – 2026-12-31 23:59:59');
    expect(span('lastMonth', newYearsDay)).toBe('2026-12-01 00:00:00 – 2026-12-31 23:59:59');
    expect(span('lastWeek', newYearsDay)).toBe('2026-12-21 00:00:00 – 2026-12-27 23:59:59');
  });

  it('ends each period on its last millisecond', () => {
    for (const period of RECORDS_PERIODS) {
      const { startMs, endMs } = periodRange(period, new Date(2026, 6, 15));
      expect(new Date(endMs + 1).getHours()).toBe(0);
      expect(new Date(endMs).getMilliseconds()).toBe(999);
      expect(startMs).toBeLessThan(endMs);
    }
  });
});
