// The period filter of the records pages: the period tabs of the legacy agent centre's team
// overview, offered by every records table, and the day bounds each one stands for.

export const RECORDS_PERIODS = ['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek', 'thisMonth', 'lastMonth'] as const;
export type RecordsPeriod = (typeof RECORDS_PERIODS)[number];

/** The period a records page opens on. */
export const DEFAULT_RECORDS_PERIOD: RecordsPeriod = 'today';

/** A span of whole days in local time: from the first millisecond of the first day to the last of the last. */
export interface PeriodRange {
  startMs: number;
  endMs: number;
}

const DAYS_PER_WEEK = 7;

function startOfDay(year: number, monthIndex: number, day: number): number {
  return new Date(year, monthIndex, day).getTime();
}

/** `days` whole days starting on the given date (Date rolls over month and year ends). */
function daysFrom(year: number, monthIndex: number, day: number, days: number): PeriodRange {
  return { startMs: startOfDay(year, monthIndex, day), endMs: startOfDay(year, monthIndex, day + days) - 1 };
}

/**
 * The days a period covers on the day of `now`. Weeks start on Monday; "last 7 days" is today
 * and the six days before it. Computed on calendar dates, so a daylight-saving change inside the
 * period does not shift its bounds.
 */
export function periodRange(period: RecordsPeriod, now: Date = new Date()): PeriodRange {
  const year = now.getFullYear();
  const month = now.getMonth();
  const day = now.getDate();
  // getDay(): Sunday 0 … Saturday 6; days since Monday.
  const weekday = (now.getDay() + DAYS_PER_WEEK - 1) % DAYS_PER_WEEK;
  switch (period) {
    case 'today':
      return daysFrom(year, month, day, 1);
    case 'yesterday':
      return daysFrom(year, month, day - 1, 1);
    case 'last7Days':
      return daysFrom(year, month, day - (DAYS_PER_WEEK - 1), DAYS_PER_WEEK);
    case 'thisWeek':
      return daysFrom(year, month, day - weekday, DAYS_PER_WEEK);
    case 'lastWeek':
      return daysFrom(year, month, day - weekday - DAYS_PER_WEEK, DAYS_PER_WEEK);
    case 'thisMonth':
      return { startMs: startOfDay(year, month, 1), endMs: startOfDay(year, month + 1, 1) - 1 };
    case 'lastMonth':
      return { startMs: startOfDay(year, month - 1, 1), endMs: startOfDay(year, month, 1) - 1 };
  }
}
