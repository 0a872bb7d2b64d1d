import { RECORDS_PERIODS } from '@platform/shared/records';
import { agentPeriodRange, gmtLabel } from './agent-period';

// The agent centre reports' periods on the agent time zone's calendar, whatever the browser's zone.

const utc = (iso: string) => Date.parse(`${iso}Z`);
const DAY = 86_400_000;

describe('agentPeriodRange', () => {
  // Wednesday 2025-03-05 01:30 in GMT+8 is still Tuesday 2025-03-04 17:30 UTC.
  const now = utc('2025-03-04T17:30:00');

  it('takes the day of the agent time zone, not of UTC', () => {
    expect(agentPeriodRange('today', 480, now)).toEqual({ startMs: utc('2025-03-04T16:00:00'), endMs: utc('2025-03-05T16:00:00') - 1 });
    expect(agentPeriodRange('today', 0, now)).toEqual({ startMs: utc('2025-03-04T00:00:00'), endMs: utc('2025-03-05T00:00:00') - 1 });
    expect(agentPeriodRange('yesterday', 480, now)).toEqual({ startMs: utc('2025-03-03T16:00:00'), endMs: utc('2025-03-04T16:00:00') - 1 });
  });

  it('counts weeks from Monday and the last 7 days including today', () => {
    // Wednesday the 5th (GMT+8): this week is Monday 3 to Sunday 9, last week 24 Feb to 2 Mar.
    expect(agentPeriodRange('thisWeek', 480, now)).toEqual({ startMs: utc('2025-03-02T16:00:00'), endMs: utc('2025-03-09T16:00:00') - 1 });
    expect(agentPeriodRange('lastWeek', 480, now)).toEqual({ startMs: utc('2025-02-23T16:00:00'), endMs: utc('2025-03-02T16:00:00') - 1 });
    expect(agentPeriodRange('last7Days', 480, now)).toEqual({ startMs: utc('2025-02-26T16:00:00'), endMs: utc('2025-03-05T16:00:00') - 1 });
    // A Sunday belongs to the week that began the Monday before.
    const sunday = utc('2025-03-09T12:00:00');
    expect(agentPeriodRange('thisWeek', 480, sunday).startMs).toBe(utc('2025-03-02T16:00:00'));
  });

  it('spans whole months across a year end, with half-hour and negative offsets', () => {
    const newYear = utc('2025-01-10T00:00:00');
    expect(agentPeriodRange('thisMonth', 480, newYear)).toEqual({ startMs: utc('2024-12-31T16:00:00'), endMs: utc('2025-01-31T16:00:00') - 1 });
    expect(agentPeriodRange('lastMonth', 480, newYear)).toEqual({ startMs: utc('2024-11-30T16:00:00'), endMs: utc('2024-12-31T16:00:00') - 1 });
    expect(agentPeriodRange('today', 330, newYear).startMs).toBe(utc('2025-01-09T18:30:00'));
    expect(agentPeriodRange('today', -300, newYear).startMs).toBe(utc('2025-01-09T05:00:00'));
  });

  it('gives whole days, the longest within the overview’s 62 days', () => {
    for (const period of RECORDS_PERIODS) {
      const { startMs, endMs } = agentPeriodRange(period, 480, now);
      const days = (endMs + 1 - startMs) / DAY;
      expect(Number.isInteger(days)).toBe(true);
      expect(days).toBeGreaterThanOrEqual(1);
      expect(days).toBeLessThanOrEqual(31);
    }
  });
});

test('gmtLabel names the zone as the note shows it', () => {
  expect(gmtLabel(480)).toBe('GMT+8');
  expect(gmtLabel(0)).toBe('GMT+0');
  expect(gmtLabel(330)).toBe('GMT+5:30');
  expect(gmtLabel(-210)).toBe('GMT-3:30');
});
