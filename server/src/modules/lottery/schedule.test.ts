import { EVERY_WEEKDAY, roundsAfter, weekdayBit, type ScheduleOf } from './schedule';

// The schedule on weekdays (migration 088, lottery_game.draw_weekdays), pure: a game draws on the
// local days of its mask only, numeros stay the local date, and the round after days off opens
// when the one before them closed, so a round is always on sale. Every-day games are unchanged.

const DAY = 86_400_000;
const MONDAY = 1;
const SATURDAY = 32;
/** A southern province's draw: 16:15 in Vietnam (UTC+7), closing at 16:00. */
const southern = (drawWeekdays: number): ScheduleOf => ({
  intervalSeconds: 86_400,
  closeSeconds: 900,
  firstDrawSeconds: 58_500,
  drawsPerDay: 1,
  numeroDigits: 0,
  utcOffsetMinutes: 420,
  drawWeekdays,
});
const weekdayOf = (ms: number, offsetMinutes = 420) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(ms + offsetMinutes * 60_000).getUTCDay()];

it('reads weekdays in the mask order: Monday 1 … Sunday 64', () => {
  // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
  expect([23, 24, 25, 26, 27, 28, 29].map((day) => weekdayBit(Date.UTC(2026, 10, day)))).toEqual([1, 2, 4, 8, 16, 32, 64]);
  expect(EVERY_WEEKDAY).toBe(127);
});

it('a Monday-only game has rounds on Mondays only, at its time, numbered by the local date', () => {
  // From Friday 2026-11-27 11:00 in Vietnam.
  const rounds = roundsAfter(southern(MONDAY), Date.UTC(2026, 10, 27, 4, 0, 0), 5);
  expect(rounds.map((round) => round.numero)).toEqual(['20261130', '20261207', '20261214', '20261221', '20261228']);
  expect(rounds.map((round) => weekdayOf(round.drawAt))).toEqual(['Mon', 'Mon', 'Mon', 'Mon', 'Mon']);
  // 16:15 in UTC+7 is 09:15 UTC; sales close at 16:00 and open when last Monday's closed.
  expect(rounds[0]).toEqual({
    numero: '20261130',
    drawAt: Date.UTC(2026, 10, 30, 9, 15),
    closeAt: Date.UTC(2026, 10, 30, 9, 0),
    openAt: Date.UTC(2026, 10, 23, 9, 0),
  });
  // One round after the other: each opens when the one before closes, so one is always on sale.
  for (let index = 1; index < rounds.length; index += 1) expect(rounds[index].openAt).toBe(rounds[index - 1].closeAt);
});

it('a game of two weekdays (TP. Hồ Chí Minh: Monday and Saturday) alternates gaps of 5 and 2 days, sales never interrupted', () => {
  const rounds = roundsAfter(southern(MONDAY | SATURDAY), Date.UTC(2026, 10, 27, 4, 0, 0), 4);
  expect(rounds.map((round) => [round.numero, weekdayOf(round.drawAt)])).toEqual([
    ['20261128', 'Sat'],
    ['20261130', 'Mon'],
    ['20261205', 'Sat'],
    ['20261207', 'Mon'],
  ]);
  // Saturday's round opened at Monday 23's close (4 days off before Saturday), Monday's at Saturday's.
  expect(rounds[0].openAt).toBe(Date.UTC(2026, 10, 23, 9, 0));
  for (let index = 1; index < rounds.length; index += 1) expect(rounds[index].openAt).toBe(rounds[index - 1].closeAt);
  expect(rounds[1].drawAt - rounds[0].drawAt).toBe(2 * DAY);
  expect(rounds[2].drawAt - rounds[1].drawAt).toBe(5 * DAY);
});

it('a draw on a local Monday that is still Sunday in UTC belongs to Monday: weekdays are the game’s own time zone', () => {
  // 06:00 in UTC+7 is 23:00 UTC the day before.
  const early: ScheduleOf = { ...southern(MONDAY), firstDrawSeconds: 6 * 3600 };
  const [round] = roundsAfter(early, Date.UTC(2026, 10, 27, 4, 0, 0), 1);
  expect(round).toMatchObject({ numero: '20261130', drawAt: Date.UTC(2026, 10, 29, 23, 0) });
  expect(weekdayOf(round.drawAt, 0)).toBe('Sun');
  expect(weekdayOf(round.drawAt)).toBe('Mon');
});

it('every day (127, or no mask) is the schedule as before; a game of several draws a day skips whole days', () => {
  const daily = { ...southern(EVERY_WEEKDAY) };
  const { drawWeekdays: _mask, ...unmasked } = daily;
  const after = Date.UTC(2026, 10, 27, 4, 0, 0);
  expect(roundsAfter(daily, after, 10)).toEqual(roundsAfter(unmasked, after, 10));
  expect(roundsAfter(daily, after, 3).map((round) => round.numero)).toEqual(['20261127', '20261128', '20261129']);
  for (const round of roundsAfter(daily, after, 3)) expect(round.openAt).toBe(round.closeAt - DAY);

  // Five-minute draws 00:05 … 24:00 on Sundays only (in UTC+8): Sunday's 288 draws, then next Sunday's.
  const fast: ScheduleOf = { intervalSeconds: 300, closeSeconds: 30, firstDrawSeconds: 300, drawsPerDay: 288, numeroDigits: 3, utcOffsetMinutes: 480, drawWeekdays: 64 };
  const sunday = roundsAfter(fast, Date.UTC(2026, 10, 27, 4, 0, 0), 289);
  expect(sunday[0]).toMatchObject({ numero: '20261129-001', drawAt: Date.UTC(2026, 10, 28, 16, 5) });
  expect(sunday[287].numero).toBe('20261129-288');
  expect(sunday[288].numero).toBe('20261206-001');
  // The first draw after the days off opens when Sunday 22's last round closed (6 days off).
  expect(sunday[0].openAt).toBe(sunday[0].closeAt - 300_000 - 6 * DAY);
  expect(sunday[1].openAt).toBe(sunday[0].closeAt);
});

it('refuses a mask with no weekday', () => {
  expect(() => roundsAfter(southern(0), 0, 1)).toThrow(RangeError);
  expect(() => roundsAfter(southern(128), 0, 1)).toThrow(RangeError);
});
