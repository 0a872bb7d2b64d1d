import { LOTTERY_RECORDS_MAX_RANGE_MS } from '@platform/contract';
import { betContentText, lotteryRange } from './lottery-format';

// What the lottery tabs send and show that the page tests do not reach: a period longer than one
// request may span, and the slip's picks as text.

test('a period within 31 days is asked for as it is; a longer one (a month with a clock change) keeps its last 31 days', () => {
  const day = { startMs: Date.UTC(2025, 0, 14), endMs: Date.UTC(2025, 0, 15) - 1 };
  expect(lotteryRange(day)).toEqual(day);
  const january = { startMs: Date.UTC(2025, 0, 1), endMs: Date.UTC(2025, 1, 1) - 1 };
  expect(lotteryRange(january)).toEqual(january);
  const end = Date.UTC(2025, 9, 31, 23, 59, 59, 999);
  const start = end - LOTTERY_RECORDS_MAX_RANGE_MS - 3_600_000;
  expect(lotteryRange({ startMs: start, endMs: end })).toEqual({ startMs: end - LOTTERY_RECORDS_MAX_RANGE_MS, endMs: end });
});

test('a bet’s picks read row after row', () => {
  expect(betContentText('1,2_3_4,5,6')).toBe('1,2 | 3 | 4,5,6');
  expect(betContentText('27')).toBe('27');
});
