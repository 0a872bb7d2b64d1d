// A game's rounds in time (LOTTERY.md §7), pure: draw k (1 … drawsPerDay) of a local day is at
// local midnight + firstDrawSeconds + (k − 1) × intervalSeconds; its numero is the local date
// YYYYMMDD, then `-k` padded to numeroDigits (none for a daily draw). A round takes bets from the
// previous round's close (draw − interval − close) until close seconds before its draw.

export interface ScheduleOf {
  intervalSeconds: number;
  closeSeconds: number;
  firstDrawSeconds: number;
  drawsPerDay: number;
  numeroDigits: number;
  utcOffsetMinutes: number;
}

export interface ScheduledRound {
  numero: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
}

const DAY_MS = 86_400_000;

function numeroOf(schedule: ScheduleOf, localDayStartMs: number, k: number): string {
  const date = new Date(localDayStartMs).toISOString().slice(0, 10).replaceAll('-', '');
  return schedule.numeroDigits === 0 ? date : `${date}-${String(k).padStart(schedule.numeroDigits, '0')}`;
}

function roundOf(schedule: ScheduleOf, dayStartUtcMs: number, k: number): ScheduledRound {
  const offsetMs = schedule.utcOffsetMinutes * 60_000;
  const drawAt = dayStartUtcMs + (schedule.firstDrawSeconds + (k - 1) * schedule.intervalSeconds) * 1000;
  const closeAt = drawAt - schedule.closeSeconds * 1000;
  return { numero: numeroOf(schedule, dayStartUtcMs + offsetMs, k), openAt: closeAt - schedule.intervalSeconds * 1000, closeAt, drawAt };
}

/** The first `count` rounds drawn strictly after `afterMs`, in draw order. */
export function roundsAfter(schedule: ScheduleOf, afterMs: number, count: number): ScheduledRound[] {
  const offsetMs = schedule.utcOffsetMinutes * 60_000;
  const rounds: ScheduledRound[] = [];
  // The local day of afterMs (its draws may all be past: then the next days').
  let dayStart = Math.floor((afterMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const intervalMs = schedule.intervalSeconds * 1000;
  while (rounds.length < count) {
    const firstDraw = dayStart + schedule.firstDrawSeconds * 1000;
    let k = afterMs < firstDraw ? 1 : Math.floor((afterMs - firstDraw) / intervalMs) + 2;
    for (; k <= schedule.drawsPerDay && rounds.length < count; k++) {
      const round = roundOf(schedule, dayStart, k);
      if (round.drawAt > afterMs) rounds.push(round);
    }
    dayStart += DAY_MS;
  }
  return rounds;
}
