// A game's rounds in time, pure: draw k (1 … drawsPerDay) of a local day is at
// local midnight + firstDrawSeconds + (k − 1) × intervalSeconds; its numero is the local date
// YYYYMMDD, then `-k` padded to numeroDigits (none for a daily draw). A round takes bets from the
// previous round's close (draw − interval − close) until close seconds before its draw.
// Weekdays (migration 088, lottery_game.draw_weekdays): a game draws only on the local days of its
// mask, bit 0 Monday … bit 6 Sunday (127, every day, unless told otherwise), as the Vietnamese
// provinces each draw on their own weekdays. A day off has no rounds; the first round after one
// or more days off opens when the round before them closed (draw − interval − close, that many
// days earlier), so a game always has a round on sale, like a game drawing every day.

export interface ScheduleOf {
  intervalSeconds: number;
  closeSeconds: number;
  firstDrawSeconds: number;
  drawsPerDay: number;
  numeroDigits: number;
  utcOffsetMinutes: number;
  /** Local weekdays with draws: bit 0 Monday … bit 6 Sunday; absent or 127: every day. */
  drawWeekdays?: number;
}

export interface ScheduledRound {
  numero: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
}

const DAY_MS = 86_400_000;
/** The mask of every weekday (Monday 1 … Sunday 64). */
export const EVERY_WEEKDAY = 127;

/** The weekday mask's bit of a local day (its midnight as if it were UTC): Monday 1 … Sunday 64. */
export function weekdayBit(localDayStartMs: number): number {
  // getUTCDay: 0 Sunday … 6 Saturday; Monday is bit 0.
  return 1 << ((new Date(localDayStartMs).getUTCDay() + 6) % 7);
}

function weekdaysOf(schedule: ScheduleOf): number {
  const mask = schedule.drawWeekdays ?? EVERY_WEEKDAY;
  if (!Number.isInteger(mask) || (mask & EVERY_WEEKDAY) === 0 || mask > EVERY_WEEKDAY) throw new RangeError(`draw weekdays must be a mask in 1..127, not ${mask}`);
  return mask;
}

/** Whether the game draws on the local day starting (in UTC) at `dayStartUtcMs`. */
function drawsOn(schedule: ScheduleOf, dayStartUtcMs: number): boolean {
  return (weekdaysOf(schedule) & weekdayBit(dayStartUtcMs + schedule.utcOffsetMinutes * 60_000)) !== 0;
}

/** Days off just before the local day starting at `dayStartUtcMs` (0 when the day before has draws; at most 6). */
function daysOffBefore(schedule: ScheduleOf, dayStartUtcMs: number): number {
  let off = 0;
  while (off < 6 && !drawsOn(schedule, dayStartUtcMs - (off + 1) * DAY_MS)) off += 1;
  return off;
}

function numeroOf(schedule: ScheduleOf, localDayStartMs: number, k: number): string {
  const date = new Date(localDayStartMs).toISOString().slice(0, 10).replaceAll('-', '');
  return schedule.numeroDigits === 0 ? date : `${date}-${String(k).padStart(schedule.numeroDigits, '0')}`;
}

function roundOf(schedule: ScheduleOf, dayStartUtcMs: number, k: number): ScheduledRound {
  const offsetMs = schedule.utcOffsetMinutes * 60_000;
  const drawAt = dayStartUtcMs + (schedule.firstDrawSeconds + (k - 1) * schedule.intervalSeconds) * 1000;
  const closeAt = drawAt - schedule.closeSeconds * 1000;
  const daysOff = k === 1 ? daysOffBefore(schedule, dayStartUtcMs) : 0;
  return { numero: numeroOf(schedule, dayStartUtcMs + offsetMs, k), openAt: closeAt - schedule.intervalSeconds * 1000 - daysOff * DAY_MS, closeAt, drawAt };
}

/** The first `count` rounds drawn strictly after `afterMs`, in draw order (on the game's weekdays only). */
export function roundsAfter(schedule: ScheduleOf, afterMs: number, count: number): ScheduledRound[] {
  const offsetMs = schedule.utcOffsetMinutes * 60_000;
  const rounds: ScheduledRound[] = [];
  // The local day of afterMs (its draws may all be past: then the next days').
  let dayStart = Math.floor((afterMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const intervalMs = schedule.intervalSeconds * 1000;
  while (rounds.length < count) {
    if (drawsOn(schedule, dayStart)) {
      const firstDraw = dayStart + schedule.firstDrawSeconds * 1000;
      let k = afterMs < firstDraw ? 1 : Math.floor((afterMs - firstDraw) / intervalMs) + 2;
      for (; k <= schedule.drawsPerDay && rounds.length < count; k++) {
        const round = roundOf(schedule, dayStart, k);
        if (round.drawAt > afterMs) rounds.push(round);
      }
    }
    dayStart += DAY_MS;
  }
  return rounds;
}
