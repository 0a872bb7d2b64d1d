import type { PeriodRange, RecordsPeriod } from '@platform/shared/records';

// The periods of the agent centre's reports (My Income, Team Overview, User Profit and Loss) are
// days of the merchant's agent time zone (the answer's utcOffsetMinutes), not of the browser's:
// the records pages' periodRange reads local time, so this is the same calendar rule on a fixed
// offset.

/** The agent time zone until the server says otherwise (GMT+8). */
export const DEFAULT_AGENT_UTC_OFFSET_MINUTES = 480;

const MS_PER_MINUTE = 60_000;
const DAYS_PER_WEEK = 7;

/**
 * The days a period covers on the day `nowMs` falls on in a zone `utcOffsetMinutes` east of UTC:
 * from the first millisecond of its first day to the last of its last. Weeks start on Monday;
 * "last 7 days" is today and the six days before it.
 */
export function agentPeriodRange(period: RecordsPeriod, utcOffsetMinutes: number, nowMs: number = Date.now()): PeriodRange {
  const offsetMs = utcOffsetMinutes * MS_PER_MINUTE;
  // The zone's wall clock, read through the UTC fields of a shifted instant.
  const wallClock = new Date(nowMs + offsetMs);
  const year = wallClock.getUTCFullYear();
  const month = wallClock.getUTCMonth();
  const day = wallClock.getUTCDate();
  // getUTCDay(): Sunday 0 … Saturday 6; days since Monday.
  const weekday = (wallClock.getUTCDay() + DAYS_PER_WEEK - 1) % DAYS_PER_WEEK;
  // Date.UTC rolls over month and year ends (day 0, day -3, month -1).
  const startOfDay = (y: number, m: number, d: number) => Date.UTC(y, m, d) - offsetMs;
  const daysFrom = (d: number, days: number): PeriodRange => ({ startMs: startOfDay(year, month, d), endMs: startOfDay(year, month, d + days) - 1 });
  switch (period) {
    case 'today':
      return daysFrom(day, 1);
    case 'yesterday':
      return daysFrom(day - 1, 1);
    case 'last7Days':
      return daysFrom(day - (DAYS_PER_WEEK - 1), DAYS_PER_WEEK);
    case 'thisWeek':
      return daysFrom(day - weekday, DAYS_PER_WEEK);
    case 'lastWeek':
      return daysFrom(day - weekday - DAYS_PER_WEEK, DAYS_PER_WEEK);
    case 'thisMonth':
      return { startMs: startOfDay(year, month, 1), endMs: startOfDay(year, month + 1, 1) - 1 };
    case 'lastMonth':
      return { startMs: startOfDay(year, month - 1, 1), endMs: startOfDay(year, month, 1) - 1 };
  }
}

/** The zone as the page names it: GMT+8, GMT-3:30, GMT+0. */
export function gmtLabel(utcOffsetMinutes: number): string {
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const magnitude = Math.abs(utcOffsetMinutes);
  const hours = Math.floor(magnitude / 60);
  const minutes = magnitude % 60;
  return `GMT${sign}${hours}${minutes === 0 ? '' : `:${String(minutes).padStart(2, '0')}`}`;
}
