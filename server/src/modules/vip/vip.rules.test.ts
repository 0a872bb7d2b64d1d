import fc from 'fast-check';
import { calendarFor } from './vip.calendar';
import { decideLevel } from './vip.month-end';
import type { Figures, LevelRow } from './vip.queries';
import { meetsKeep, meetsReach, progressPercent } from './vip.service';

// The month end's decision and the progress bar as properties over any ladder and any figures:
// a member only ever lands on a level of the ladder, goes up only to a level whose requirements
// it met and never past one it met that is higher, goes down only one level and only when its
// month fell short of keeping its own, and the bar shows 100 exactly when the next level is met.
// And the calendar: every instant falls in exactly one month, 23:59 on the last day in the
// month, 00:00 the next day in the next.

const amount = fc.integer({ min: 0, max: 1_000_000_00 });
const figures: fc.Arbitrary<Figures> = fc.record({ turnoverMinor: amount, depositMinor: amount });

const ladder: fc.Arbitrary<LevelRow[]> = fc
  .array(fc.record({ rmt: amount, rmd: amount, rtt: amount, rtd: amount, kmt: amount, kmd: amount }), { minLength: 1, maxLength: 8 })
  .map((rows) => [
    { rmt: 0, rmd: 0, rtt: 0, rtd: 0, kmt: 0, kmd: 0 },
    ...rows,
  ].map((row, level) => ({
    level, names: {}, clubLabel: `L${level}`, color: '#000000', color2: '#ffffff',
    reachMonthTurnoverMinor: row.rmt, reachMonthDepositMinor: row.rmd, reachTotalTurnoverMinor: row.rtt, reachTotalDepositMinor: row.rtd,
    keepMonthTurnoverMinor: row.kmt, keepMonthDepositMinor: row.kmd,
    upgradeBonusMinor: 0, upgradeWageringX100: 100, monthlySalaryMinor: 0, salaryWageringX100: 100,
    withdrawDailyCountExtra: 0, withdrawFreeExtra: 0, withdrawPriority: false, withdrawalTexts: {}, benefitTexts: {},
  })));

test('a month end moves a member only as its figures allow', () => {
  fc.assert(
    fc.property(ladder, fc.nat(), figures, figures, (levels, fromIndex, month, extra) => {
      const from = levels[fromIndex % levels.length].level;
      // Totals are at least the month's.
      const total = { turnoverMinor: month.turnoverMinor + extra.turnoverMinor, depositMinor: month.depositMinor + extra.depositMinor };
      const to = decideLevel(levels, from, month, total);
      expect(levels.some((level) => level.level === to)).toBe(true);
      const higherMet = levels.filter((level) => level.level > from && meetsReach(level, month, total));
      if (to > from) {
        expect(meetsReach(levels[to], month, total)).toBe(true);
        expect(higherMet.every((level) => level.level <= to)).toBe(true);
      } else {
        expect(higherMet).toEqual([]);
        if (to < from) {
          expect(to).toBe(from - 1);
          expect(meetsKeep(levels[from], month)).toBe(false);
        } else {
          expect(from === 0 || meetsKeep(levels[from], month)).toBe(true);
        }
      }
    }),
  );
});

test('the progress bar is full exactly when the level is met, and never outside 0-100', () => {
  fc.assert(
    fc.property(ladder, fc.nat(), figures, figures, (levels, index, month, total) => {
      const level = levels[index % levels.length];
      const percent = progressPercent(level, month, total);
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
      expect(percent === 100).toBe(meetsReach(level, month, total));
    }),
  );
});

test("every instant falls in one month of the merchant's calendar", () => {
  fc.assert(
    fc.property(fc.integer({ min: -12 * 60, max: 14 * 60 }), fc.integer({ min: Date.UTC(2001, 0, 1), max: Date.UTC(2099, 0, 1) }), (offsetMinutes, nowMs) => {
      const calendar = calendarFor(offsetMinutes);
      const month = calendar.monthAt(nowMs);
      expect(month.fromMs).toBeLessThanOrEqual(nowMs);
      expect(nowMs).toBeLessThan(month.toMs);
      expect(calendar.monthAt(month.toMs).fromMs).toBe(month.toMs);
      expect(calendar.previousMonth(nowMs).toMs).toBe(month.fromMs);
      expect(calendar.month(month.key)).toEqual(month);
    }),
  );
  const dhaka = calendarFor(360);
  expect(dhaka.monthAt(Date.UTC(2026, 9, 31, 17, 59)).key).toBe('2026-10');
  expect(dhaka.monthAt(Date.UTC(2026, 9, 31, 18, 0)).key).toBe('2026-11');
});
