import { act, fireEvent, screen, within } from '@testing-library/react';
import { recordingApi, renderInOffice } from '../../testing/office';
import { draftOfSettings, pointSettingsBody, PointSettingsForm, type PointSettings } from './point-settings-form';

// How members earn points and convert them, edited in the back office against a stubbed operator
// API: the body sent (every source's rule and the conversion), what is refused before sending, and
// a role that may only read sees the figures without a way to change them.

const settings: PointSettings = { rules: [{ source: 'lott', perAmount: 100, points: 1 }, { source: 'deposit', perAmount: 50, points: 2 }], convert: { points: 100, amount: 1, minPoints: 500, enabled: true } };

it('sends every source (0 points for those not earning) and the conversion; refuses a minimum below the rate', () => {
  const draft = draftOfSettings(settings);
  const built = pointSettingsBody(draft);
  expect(built).toMatchObject({ body: { convert: { points: 100, amount: 1, minPoints: 500, enabled: true } } });
  const rules = 'body' in built ? (built.body.rules as { source: string; perAmount: number; points: number }[]) : [];
  expect(rules).toHaveLength(8);
  expect(rules.find((rule) => rule.source === 'deposit')).toEqual({ source: 'deposit', perAmount: 50, points: 2 });
  expect(rules.find((rule) => rule.source === 'rng')).toEqual({ source: 'rng', perAmount: 100, points: 0 });
  expect(pointSettingsBody({ ...draft, convert: { ...draft.convert, minPoints: '50' } })).toEqual({ problem: 'promotions.points.settings.minBelowRate' });
  expect(pointSettingsBody({ ...draft, rules: { ...draft.rules, rng: { perAmount: '0', points: '1' } } })).toEqual({ problem: 'promotions.points.settings.ruleInvalid' });
});

it('saves the earning and conversion and reads them again; a reader cannot change them', async () => {
  const { api, calls } = recordingApi((method) => (method === 'GET' ? settings : settings));
  renderInOffice(<PointSettingsForm />, { api, permissions: ['GET /points/settings', 'PUT /points/settings'], role: 'content' });
  const field = await screen.findByLabelText('Slots stake: points');
  fireEvent.change(field, { target: { value: '3' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save earning and conversion' })));
  const sent = calls.find((call) => call.startsWith('PUT /points/settings'));
  expect(sent).toContain('{"source":"rng","perAmount":100,"points":3}');
  expect((await screen.findByRole('status')).textContent).toBe('Earning and conversion saved.');
  expect(calls.filter((call) => call === 'GET /points/settings')).toHaveLength(2);
});

it('shows a reader the figures without a save', async () => {
  const { api } = recordingApi(() => settings);
  renderInOffice(<PointSettingsForm />, { api, permissions: ['GET /points/settings'], role: 'risk' });
  const form = await screen.findByRole('form', { name: 'Earning and conversion' });
  expect((within(form).getByLabelText('Deposits: points') as HTMLInputElement).value).toBe('2');
  expect((within(form).getByLabelText('Deposits: points') as HTMLInputElement).disabled).toBe(true);
  expect(within(form).queryByRole('button')).toBeNull();
});
