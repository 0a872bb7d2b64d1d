import { missionBody, missionProblems, type Mission } from './missions-panel';

// A mission's form: only the fields changed are sent (a paid leaderboard's window may not move),
// and what the server would refuse is named first.

const mission = {
  id: 3, name: 'Week', title: 'Week', start: '2026-12-01 00:00', end: '2026-12-08 00:00', status: 'upcoming', paused: false, device: 'all', minVipLevel: 0,
  leaderboardMetric: 'stake', leaderboardPaid: false, milestones: [], prizes: [], claims: 0, claimedAmount: 0, ticketsGiven: 0,
} as Mission;
const draft = { name: 'Week', start: '2026-12-01 00:00', end: '2026-12-08 00:00', device: 'all', minVipLevel: '0' };

it('sends only what changed', () => {
  expect(missionBody(draft, mission)).toEqual({});
  expect(missionBody({ ...draft, name: ' Big week ', end: '2026-12-09 00:00', minVipLevel: '2', device: 'mobile' }, mission)).toEqual({ name: 'Big week', end: '2026-12-09 00:00', minVipLevel: 2, device: 'mobile' });
});

it('names what the server would refuse', () => {
  expect(missionProblems(draft)).toEqual([]);
  const keys = (change: Partial<typeof draft>) => missionProblems({ ...draft, ...change }).map((problem) => `${problem.field}:${problem.key}`);
  expect(keys({ name: ' ', start: '2026-12-01', minVipLevel: '100' })).toEqual(['name:required', 'start:time', 'minVipLevel:vipLevel']);
  expect(keys({ end: '2026-11-30 23:59' })).toEqual(['end:endBeforeStart']);
});
