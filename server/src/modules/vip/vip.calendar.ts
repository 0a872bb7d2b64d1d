import type { Db } from '../../db/pool';
import { readWithdrawSettings } from '../withdrawal';

// The merchant's months: UTC + the time-zone offset of its withdraw settings, the calendar its
// P&L and rebate days use. A month runs from local midnight of its first day (inclusive) to local
// midnight of the next month's first day (exclusive): 23:59 on the last day is the month's,
// 00:00 the next month's.

export interface MerchantMonth {
  /** YYYY-MM */
  key: string;
  fromMs: number;
  toMs: number;
}

const MONTH = /^(\d{4})-(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM' → its first day's UTC midnight and the next month's; undefined for anything else. */
export function monthOf(key: string): { year: number; month: number } | undefined {
  const match = MONTH.exec(key);
  if (!match) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 && year <= 9999 ? { year, month } : undefined;
}

const keyOf = (year: number, month: number) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

export function calendarFor(offsetMinutes: number) {
  const offsetMs = offsetMinutes * 60_000;
  const month = (year: number, monthNumber: number): MerchantMonth => ({
    key: keyOf(year, monthNumber),
    fromMs: Date.UTC(year, monthNumber - 1, 1) - offsetMs,
    toMs: Date.UTC(year, monthNumber, 1) - offsetMs,
  });
  return {
    /** The month of the merchant's calendar that `nowMs` falls in. */
    monthAt(nowMs: number): MerchantMonth {
      const local = new Date(nowMs + offsetMs);
      return month(local.getUTCFullYear(), local.getUTCMonth() + 1);
    },
    /** The month named, or undefined for a key that names none. */
    month(key: string): MerchantMonth | undefined {
      const parsed = monthOf(key);
      return parsed && month(parsed.year, parsed.month);
    },
    /** The month before the one `nowMs` falls in. */
    previousMonth(nowMs: number): MerchantMonth {
      const local = new Date(nowMs + offsetMs);
      const index = local.getUTCFullYear() * 12 + local.getUTCMonth() - 1;
      return month(Math.floor(index / 12), (index % 12) + 1);
    },
    /** The instant a day (YYYY-MM-DD) of the merchant's calendar starts. */
    dayStartMs(date: string): number | null {
      const match = DATE.exec(date);
      return match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - offsetMs : null;
    },
  };
}

export type MerchantCalendar = ReturnType<typeof calendarFor>;

export async function calendarOf(db: Db, merchantId: number): Promise<MerchantCalendar> {
  const { timeZoneOffsetMinutes } = await readWithdrawSettings(db, merchantId);
  return calendarFor(timeZoneOffsetMinutes);
}
