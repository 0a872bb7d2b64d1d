import { act, fireEvent, screen, within } from '@testing-library/react';
import { recordingApi, renderInOffice } from '../../testing/office';
import { emptyMilestone, newMissionBody, type NewMissionDraft } from './mission-create-form';
import { MissionsPanel } from './missions-panel';

// A new mission from the back office: the body POST /missions gets (made paused, so its page is
// checked before players see it), what the form refuses before sending, and the Missions panel's
// flow against a stubbed operator API (the server checks all of it again: mission tests).

const draft = (changes: Partial<NewMissionDraft> = {}): NewMissionDraft => ({
  name: 'December stake race', start: '2026-12-01 00:00', end: '2026-12-31 23:59', device: 'all', minVipLevel: '0', title: 'Stake race', description: '',
  milestones: [{ ...emptyMilestone(), target: '1000', reward: '18.88' }], leaderboardMetric: '', prizes: [], ...changes,
});

it('builds the new mission, paused, with its milestones and prizes; refuses what cannot be sent', () => {
  expect(newMissionBody(draft({ leaderboardMetric: 'stake', prizes: ['888', '388'], milestones: [{ kind: 'sign_ins', target: '7', rewardKind: 'tickets', reward: '3', wagering: '1' }] }))).toEqual({
    body: {
      name: 'December stake race', texts: { EN: { title: 'Stake race' } }, start: '2026-12-01 00:00', end: '2026-12-31 23:59', device: 'all', minVipLevel: 0, leaderboardMetric: 'stake',
      milestones: [{ kind: 'sign_ins', target: 7, reward: { tickets: 3 } }], prizes: [{ rank: 1, amount: 888 }, { rank: 2, amount: 388 }], enabled: false,
    },
  });
  expect(newMissionBody(draft())).toMatchObject({ body: { milestones: [{ kind: 'stake', target: 1000, reward: { amount: 18.88, wageringMultiplier: 1 } }], prizes: [], leaderboardMetric: null } });
  expect(newMissionBody(draft({ end: '2026-11-30 00:00' }))).toEqual({ problem: 'promotions.missions.create.problem.end' });
  expect(newMissionBody(draft({ title: ' ' }))).toEqual({ problem: 'promotions.missions.create.titleMissing' });
  expect(newMissionBody(draft({ milestones: [] }))).toEqual({ problem: 'promotions.missions.create.nothingToDo' });
  expect(newMissionBody(draft({ milestones: [{ ...emptyMilestone(), kind: 'variety', target: '2.5', reward: '1' }] }))).toEqual({ problem: 'promotions.missions.create.targetInvalid' });
  expect(newMissionBody(draft({ milestones: [{ ...emptyMilestone(), target: '5', rewardKind: 'tickets', reward: '101' }] }))).toEqual({ problem: 'promotions.missions.create.rewardInvalid' });
  expect(newMissionBody(draft({ leaderboardMetric: 'wins', prizes: [] }))).toEqual({ problem: 'promotions.missions.create.prizesMissing' });
});

it('creates a mission from the Missions panel, paused, and says so', async () => {
  const { api, calls } = recordingApi((method) => (method === 'GET' ? { list: [] } : { id: 9 }));
  renderInOffice(<MissionsPanel />, { api, permissions: ['GET /missions', 'POST /missions', 'POST /missions/:id'], role: 'content' });
  const opener = await screen.findByRole('button', { name: 'New mission' });
  await act(async () => fireEvent.click(opener));
  const form = screen.getByRole('form', { name: 'New mission' });
  fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Weekend deposits' } });
  fireEvent.change(within(form).getByLabelText('Starts (YYYY-MM-DD HH:mm)'), { target: { value: '2026-12-05 00:00' } });
  fireEvent.change(within(form).getByLabelText('Ends (YYYY-MM-DD HH:mm)'), { target: { value: '2026-12-06 23:59' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create (paused)' })));
  expect(within(form).getByRole('alert').textContent).toBe('Give the mission a title in English.');
  expect(calls.some((call) => call.startsWith('POST'))).toBe(false);
  fireEvent.change(within(form).getByLabelText('Title (English; other languages use it until translated)'), { target: { value: 'Weekend deposits' } });
  const milestone = within(form).getByRole('group', { name: 'Milestone 1' });
  fireEvent.change(within(milestone).getByLabelText('Counts'), { target: { value: 'deposits' } });
  fireEvent.change(within(milestone).getByLabelText('Target (amount, days or games)'), { target: { value: '500' } });
  fireEvent.change(within(milestone).getByLabelText('Reward (amount or tickets)'), { target: { value: '8' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create (paused)' })));
  expect(calls.find((call) => call.startsWith('POST /missions'))).toBe(
    `POST /missions ${JSON.stringify({ name: 'Weekend deposits', texts: { EN: { title: 'Weekend deposits' } }, start: '2026-12-05 00:00', end: '2026-12-06 23:59', device: 'all', minVipLevel: 0, leaderboardMetric: null, milestones: [{ kind: 'deposits', target: 500, reward: { amount: 8, wageringMultiplier: 1 } }], prizes: [], enabled: false })}`,
  );
  expect((await screen.findByRole('status')).textContent).toBe('Weekend deposits is created, paused: check it, then resume it from the list.');
  expect(screen.queryByRole('form', { name: 'New mission' })).toBeNull();
});
