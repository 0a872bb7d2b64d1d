import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import { MemberBets, MemberStanding, type MemberVip } from './member-extras';

// A member's labels, VIP level and last bets against a stubbed operator API: each panel only for a
// role allowed its route, the level set (with its note) only by a role allowed that, a refusal in
// the server's words with nothing changed on screen.

const RISK = ['GET /member-labels/members/:username', 'GET /vip/members/:username', 'PUT /vip/members/:username/level'];
const CONTENT = ['GET /member-labels/members/:username', 'GET /vip/members/:username'];

function stubApi(put: (path: string, body: unknown) => unknown) {
  const calls: string[] = [];
  let vip: MemberVip = { username: 'rahim', level: 2, highestLevel: 3, changes: [{ fromLevel: 3, toLevel: 2, reason: 'relegation', month: '2026-10', note: null, createdAtMs: Date.UTC(2026, 10, 1) }] };
  const api: OpsClient = {
    get: jest.fn(async (path: string) => {
      calls.push(`GET ${path}`);
      if (path.startsWith('/member-labels/')) return { username: 'rahim', list: [{ id: 1, name: 'High roller', shown: false, textColor: 'var(--bo-text)', backgroundColor: 'var(--bo-surface)', members: 3 }] } as never;
      return vip as never;
    }),
    post: jest.fn(),
    put: jest.fn(async (path: string, body?: unknown) => {
      calls.push(`PUT ${path} ${JSON.stringify(body)}`);
      const answer = put(path, body) as { level: number };
      vip = { ...vip, level: answer.level };
      return answer as never;
    }),
    delete: jest.fn(),
    download: jest.fn(),
  };
  return { api, calls };
}

function renderWith(api: OpsClient, permissions: string[], children: React.ReactNode) {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username: 'rita', merchantCode: 'DEFAULT', role: 'risk' }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        {children}
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

it('shows the labels and the VIP level, and sets the level with a note', async () => {
  const { api, calls } = stubApi(() => ({ username: 'rahim', fromLevel: 2, level: 4, changed: true }));
  renderWith(api, RISK, <MemberStanding username="rahim" />);
  const labels = await screen.findByTestId('player-labels');
  expect(await within(labels).findByText('High roller (not shown to the player)')).toBeTruthy();
  const vip = screen.getByTestId('player-vip');
  expect((await within(vip).findByTestId('player-vip-level')).textContent).toBe('2');
  expect(within(vip).getByText(/2 \(relegation\)/)).toBeTruthy();

  fireEvent.click(within(vip).getByRole('button', { name: 'Set the level' }));
  fireEvent.change(within(vip).getByLabelText('New level'), { target: { value: '4' } });
  const confirm = within(vip).getByRole('button', { name: 'Save the new level' }) as HTMLButtonElement;
  expect(confirm.disabled).toBe(true);
  fireEvent.change(within(vip).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Agreed with the VIP manager' } });
  await act(async () => fireEvent.click(confirm));
  expect(calls.filter((call) => call.startsWith('PUT'))).toEqual(['PUT /vip/members/rahim/level {"level":4,"note":"Agreed with the VIP manager"}']);
  expect(within(vip).getByRole('status').textContent).toBe('rahim moved from level 2 to level 4.');
  expect((await within(vip).findByTestId('player-vip-level')).textContent).toBe('4');
});

it("shows the server's refusal of a level in its words and keeps the level shown", async () => {
  const { api } = stubApi(() => {
    throw new OpsError('There is no such VIP level', 400, 'operator.vip.invalid');
  });
  renderWith(api, RISK, <MemberStanding username="rahim" />);
  const vip = await screen.findByTestId('player-vip');
  await within(vip).findByTestId('player-vip-level');
  fireEvent.click(within(vip).getByRole('button', { name: 'Set the level' }));
  fireEvent.change(within(vip).getByLabelText('New level'), { target: { value: '9' } });
  fireEvent.change(within(vip).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Try' } });
  await act(async () => fireEvent.click(within(vip).getByRole('button', { name: 'Save the new level' })));
  expect(within(vip).getByRole('alert').textContent).toBe('There is no such VIP level');
  expect(within(vip).getByTestId('player-vip-level').textContent).toBe('2');
});

it('reads only what the role may: the level without setting it, or nothing at all', async () => {
  const { api, calls } = stubApi(() => ({}));
  const { unmount } = renderWith(api, CONTENT, <MemberStanding username="rahim" />);
  await within(await screen.findByTestId('player-vip')).findByTestId('player-vip-level');
  expect(screen.queryByRole('button', { name: 'Set the level' })).toBeNull();
  unmount();
  calls.length = 0;
  renderWith(api, ['GET /members/:username'], <MemberStanding username="rahim" />);
  expect(screen.queryByTestId('player-labels')).toBeNull();
  expect(screen.queryByTestId('player-vip')).toBeNull();
  expect(calls).toEqual([]);
});

it('lists the last bets across the lottery and the games', () => {
  const { api } = stubApi(() => ({}));
  renderWith(
    api,
    [],
    <MemberBets
      bets={[
        { product: 'game', gameCode: 'crash', gameName: 'Crash', reference: 'R-2', stake: 5, win: 0, status: 'open', placedAt: Date.UTC(2026, 10, 2), settledAt: null },
        { product: 'lottery', gameCode: 'SSC1', gameName: 'Speed SSC', reference: 'L100', stake: 10, win: 25, status: 'won', placedAt: Date.UTC(2026, 10, 1), settledAt: Date.UTC(2026, 10, 1, 0, 1) },
      ]}
    />,
  );
  const rows = within(screen.getByTestId('player-bets')).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent))).toEqual([
    ['Game', 'CrashR-2', '5.00', '0.00', 'Open'],
    ['Lottery', 'Speed SSCL100', '10.00', '25.00', expect.stringMatching(/^Won/)],
  ]);
});
