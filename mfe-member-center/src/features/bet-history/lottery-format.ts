import { LOTTERY_RECORDS_MAX_RANGE_MS } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// How the lottery tabs write what they send and show: pure functions, no React, no network.

/**
 * The period as one request may ask for it: at most 31 days (LOTTERY_RECORDS_MAX_RANGE_MS). A
 * month is shorter, except across a daylight-saving change that adds an hour: then the request
 * drops the first hour of the month rather than being refused.
 */
export function lotteryRange(range: PeriodRange): PeriodRange {
  return range.endMs - range.startMs > LOTTERY_RECORDS_MAX_RANGE_MS ? { startMs: range.endMs - LOTTERY_RECORDS_MAX_RANGE_MS, endMs: range.endMs } : range;
}

/** A bet's picks as the slip holds them (rows joined by "_", values by ","), one row after another. */
export const betContentText = (betContent: string): string => betContent.split('_').join(' | ');
