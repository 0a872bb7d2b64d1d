import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n, type Language } from '../../i18n/i18n';
import type { RemoteReleases } from './release-plans';
import ReleasesPage from './releases-page';

// The Releases section against a stubbed operator API: what it lists, and that each change is
// confirmed from → to before it is sent, answered with the server's words, and followed by a read
// of the list again. The browser test (e2e/tests/backoffice-releases.spec.ts) runs it for real.

const ADMIN = ['GET /remotes/releases', 'POST /remotes/rollout', 'POST /remotes/canary', 'POST /remotes/rollback'];

const auth = (): RemoteReleases => ({
  name: 'mfe_auth',
  pinned: null,
  serving: '1.1.0',
  canary: null,
  releases: [
    { version: '2.0.0', compatible: false, problems: '@platform/shared ^6.0.0 (the shell has 5.6.0)' },
    { version: '1.1.0', compatible: true, problems: '' },
    { version: '1.0.0', compatible: true, problems: '' },
    { version: '1.2.0-rc.1', compatible: true, problems: '' },
  ],
});

function stubApi(list: () => RemoteReleases[], post: (path: string, body: unknown) => unknown) {
  const calls: string[] = [];
  const api: OpsClient = {
    get: jest.fn(async (path: string) => {
      calls.push(`GET ${path}`);
      return list() as never;
    }),
    post: jest.fn(async (path: string, body?: unknown) => {
      calls.push(`POST ${path} ${JSON.stringify(body)}`);
      return post(path, body) as never;
    }),
    put: jest.fn(),
    delete: jest.fn(),
    download: jest.fn(),
  };
  return { api, calls };
}

function renderPage(api: OpsClient, permissions = ADMIN, language: Language = 'EN') {
  return render(
    <I18nextProvider i18n={createI18n(language)}>
      <BackOfficeContext.Provider
        value={{
          session: { token: 't', expiresAt: Date.now() + 3_600_000, operator: { id: 1, username: 'alice', merchantCode: 'DEFAULT', role: 'admin' }, permissions },
          api,
          may: (route) => permissions.includes(route),
          signOut: () => undefined,
        }}
      >
        <ReleasesPage />
      </BackOfficeContext.Provider>
    </I18nextProvider>,
  );
}

const card = async (name: string) => (await screen.findAllByTestId('remote')).find((element) => element.getAttribute('data-remote') === name)!;
const row = (element: HTMLElement, version: string) => element.querySelector(`[data-version="${version}"]`)!;

it('lists each remote with the release served, the others deployed and why one cannot run', async () => {
  const { api } = stubApi(() => [auth(), { ...auth(), name: 'mfe_lobby', pinned: '1.0.0', serving: '1.0.0', canary: { version: '1.1.0', percent: 25 } }], () => null);
  renderPage(api);
  expect(screen.getByRole('status').textContent).toBe('Loading…');
  const authCard = await card('mfe_auth');
  expect(within(authCard).getByRole('heading', { name: 'mfe_auth' })).toBeTruthy();
  expect(within(authCard).getByTestId('remote-summary').textContent).toBe('Every device gets 1.1.0 (not pinned: the newest release the shell can run).');
  expect(row(authCard, '1.1.0').textContent).toContain('Served');
  expect(row(authCard, '1.0.0').textContent).toContain('Available');
  expect(row(authCard, '2.0.0').textContent).toContain('The deployed shell cannot run it: it needs @platform/shared ^6.0.0 (the shell has 5.6.0)');

  const lobby = await card('mfe_lobby');
  expect(within(lobby).getByTestId('remote-summary').textContent).toBe('Every device gets 1.0.0 (pinned).');
  expect(within(lobby).getByTestId('remote-canary').textContent).toBe('Canary: 1.1.0 goes to 25% of the devices; the others get 1.0.0.');
  expect(row(lobby, '1.1.0').textContent).toContain('Canary, 25% of devices');
  expect(row(lobby, '1.0.0').textContent).toContain('Served to the others');
  expect(row(lobby, '1.0.0').textContent).toContain('Pinned');
  // A running canary is what a roll-back ends.
  expect(within(lobby).getByText('Ends the canary 1.1.0: every device gets 1.0.0.')).toBeTruthy();
});

it('rolls out a chosen release after confirming from → to, says what the server answered, and reads the list again', async () => {
  let current = auth();
  const { api, calls } = stubApi(
    () => [current],
    (_path, body) => {
      current = { ...current, pinned: (body as { version: string }).version, serving: (body as { version: string }).version };
      return current;
    },
  );
  renderPage(api);
  const authCard = await card('mfe_auth');
  // Offered: the releases the shell can run but the one served; 2.0.0 cannot run.
  expect(within(authCard).getAllByRole('button', { name: /^Roll out .*…$/ }).map((button) => button.closest('tr')!.getAttribute('data-version'))).toEqual(['1.0.0', '1.2.0-rc.1']);
  expect(within(row(authCard, '2.0.0') as HTMLElement).queryByRole('button')).toBeNull();
  fireEvent.click(within(authCard).getByRole('button', { name: 'Roll out 1.2.0-rc.1…' }));

  const dialog = within(authCard).getByRole('dialog', { name: 'Roll out 1.2.0-rc.1 of mfe_auth to every device?' });
  expect(within(dialog).getByTestId('release-from-to').textContent).toBe('mfe_auth 1.1.0 → 1.2.0-rc.1');
  // Nothing is sent before the confirmation; cancelling sends nothing.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(within(authCard).queryByRole('dialog')).toBeNull();
  fireEvent.click(within(authCard).getByRole('button', { name: 'Roll out 1.2.0-rc.1…' }));
  expect(calls).toEqual(['GET /remotes/releases']);

  await act(async () => fireEvent.click(within(authCard).getByRole('button', { name: 'Confirm' })));
  expect(calls).toEqual(['GET /remotes/releases', 'POST /remotes/rollout {"name":"mfe_auth","version":"1.2.0-rc.1"}', 'GET /remotes/releases']);
  expect((await within(authCard).findByRole('status')).textContent).toBe('mfe_auth: every device now gets 1.2.0-rc.1.');
  expect(within(authCard).getByTestId('remote-summary').textContent).toBe('Every device gets 1.2.0-rc.1 (pinned).');
  // The pre-release rolls back to the release before it.
  expect(within(authCard).getByText('Serves the release before to every device: 1.1.0.')).toBeTruthy();
});

it("shows the server's refusal in its words, and reads the list again", async () => {
  const { api, calls } = stubApi(
    () => [auth()],
    () => {
      throw new OpsError('This release of the remote is not deployed on the site: mfe_auth 1.0.0', 404, 'remote.release.unknown');
    },
  );
  renderPage(api);
  const authCard = await card('mfe_auth');
  fireEvent.click(within(authCard).getByRole('button', { name: 'Roll out 1.0.0…' }));
  await act(async () => fireEvent.click(within(authCard).getByRole('button', { name: 'Confirm' })));
  expect((await within(authCard).findByRole('alert')).textContent).toBe('This release of the remote is not deployed on the site: mfe_auth 1.0.0');
  expect(calls.filter((call) => call === 'GET /remotes/releases')).toHaveLength(2);
});

it('sets a canary of a whole share from 1 to 100 % only, confirming the release for that share and what the others keep', async () => {
  let current = auth();
  const { api, calls } = stubApi(
    () => [current],
    (_path, body) => {
      current = { ...auth(), canary: { version: (body as { version: string }).version, percent: (body as { percent: number }).percent } };
      return current;
    },
  );
  renderPage(api);
  const authCard = await card('mfe_auth');
  // The release everyone has already is not offered.
  expect(within(authCard).getAllByRole('button', { name: /^Canary of .*…$/ }).map((button) => button.closest('tr')!.getAttribute('data-version'))).toEqual(['1.0.0', '1.2.0-rc.1']);
  fireEvent.click(within(authCard).getByRole('button', { name: 'Canary of 1.2.0-rc.1…' }));
  const dialog = within(authCard).getByRole('dialog', { name: 'Serve 1.2.0-rc.1 of mfe_auth to a share of the devices?' });
  expect(within(dialog).getByTestId('release-from-to').textContent).toBe('mfe_auth 1.1.0 → 1.2.0-rc.1 (10%)');
  expect(within(dialog).getByText('The other devices keep 1.1.0.')).toBeTruthy();
  for (const share of ['0', '101', '12.5', '']) {
    fireEvent.change(within(dialog).getByLabelText('Share of devices (%)'), { target: { value: share } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the share as a whole number from 1 to 100. To end a canary, roll back.');
  }
  expect(calls).toEqual(['GET /remotes/releases']);
  fireEvent.change(within(dialog).getByLabelText('Share of devices (%)'), { target: { value: '25' } });
  expect(within(dialog).getByTestId('release-from-to').textContent).toBe('mfe_auth 1.1.0 → 1.2.0-rc.1 (25%)');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
  expect(calls).toContain('POST /remotes/canary {"name":"mfe_auth","version":"1.2.0-rc.1","percent":25}');
  expect((await within(authCard).findByRole('status')).textContent).toBe('mfe_auth: 1.2.0-rc.1 goes to 25% of the devices; the others keep 1.1.0.');
  // The canary running: its share can be changed, starting from the share it has.
  fireEvent.click(await within(authCard).findByRole('button', { name: 'Change the share of 1.2.0-rc.1…' }));
  expect((within(authCard).getByLabelText('Share of devices (%)') as HTMLInputElement).value).toBe('25');
  expect(within(authCard).getByText('It replaces the canary 1.2.0-rc.1 (25%); the other devices keep 1.1.0.')).toBeTruthy();
});

it('rolls back to the release before after confirming it, or ends a canary; says when there is nothing to roll back to', async () => {
  const lobby: RemoteReleases = { ...auth(), name: 'mfe_lobby', pinned: '1.0.0', serving: '1.0.0', canary: { version: '1.1.0', percent: 10 } };
  const oldest: RemoteReleases = { ...auth(), name: 'mfe_lottery', serving: '1.0.0', releases: [{ version: '1.0.0', compatible: true, problems: '' }] };
  const { api, calls } = stubApi(
    () => [auth(), lobby, oldest],
    (_path, body) => ((body as { name: string }).name === 'mfe_auth' ? { ...auth(), pinned: '1.0.0', serving: '1.0.0', endedCanary: null } : { ...lobby, canary: null, endedCanary: '1.1.0' }),
  );
  renderPage(api);
  const authCard = await card('mfe_auth');
  fireEvent.click(within(authCard).getByRole('button', { name: 'Roll back…' }));
  const dialog = within(authCard).getByRole('dialog', { name: 'Roll mfe_auth back to the release before?' });
  expect(within(dialog).getByTestId('release-from-to').textContent).toBe('mfe_auth 1.1.0 → 1.0.0');
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
  expect(calls).toContain('POST /remotes/rollback {"name":"mfe_auth"}');
  expect((await within(authCard).findByRole('status')).textContent).toBe('mfe_auth rolled back: every device now gets 1.0.0.');

  const lobbyCard = await card('mfe_lobby');
  fireEvent.click(within(lobbyCard).getByRole('button', { name: 'End canary…' }));
  const ending = within(lobbyCard).getByRole('dialog', { name: 'End the canary of mfe_lobby?' });
  expect(within(ending).getByTestId('release-from-to').textContent).toBe('mfe_lobby 1.1.0 (10%) → 1.0.0');
  await act(async () => fireEvent.click(within(ending).getByRole('button', { name: 'Confirm' })));
  expect((await within(lobbyCard).findByRole('status')).textContent).toBe('mfe_lobby: the canary 1.1.0 ended; every device gets 1.0.0.');

  const lottery = await card('mfe_lottery');
  expect((within(lottery).getByRole('button', { name: 'Roll back…' }) as HTMLButtonElement).disabled).toBe(true);
  expect(within(lottery).getByText('No canary runs and no earlier release the shell can run is deployed.')).toBeTruthy();
  expect(within(lottery).getByText('No other release the deployed shell can run is deployed: there is nothing to roll out.')).toBeTruthy();
});

it('offers only the changes the role may make', async () => {
  const { api } = stubApi(() => [auth()], () => null);
  renderPage(api, ['GET /remotes/releases', 'POST /remotes/rollback']);
  const authCard = await card('mfe_auth');
  expect(within(authCard).queryByRole('button', { name: /Roll out/ })).toBeNull();
  expect(within(authCard).queryByRole('button', { name: /Canary/ })).toBeNull();
  expect(within(authCard).queryByRole('columnheader', { name: 'Change' })).toBeNull();
  expect(within(authCard).getByRole('button', { name: 'Roll back…' })).toBeTruthy();
});

it('says when the registry is empty, and when the list cannot be read', async () => {
  const empty = stubApi(() => [], () => null);
  const { unmount } = renderPage(empty.api);
  expect(await screen.findByText("This brand's registry has no remotes.")).toBeTruthy();
  unmount();

  const failing = stubApi(() => {
    throw new OpsError('The server cannot be reached. Check the connection and try again.', 0, 'network');
  }, () => null);
  renderPage(failing.api);
  expect((await screen.findByRole('alert')).textContent).toBe('The releases could not be read: The server cannot be reached. Check the connection and try again.');
  expect(screen.queryByTestId('remote')).toBeNull();
});

it('speaks Chinese too', async () => {
  const { api } = stubApi(() => [auth()], () => null);
  renderPage(api, ADMIN, 'CN');
  const authCard = await card('mfe_auth');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('版本发布');
  expect(within(authCard).getByTestId('remote-summary').textContent).toBe('所有设备使用 1.1.0（未固定：外壳可运行的最新版本）。');
  fireEvent.click(within(authCard).getByRole('button', { name: '回滚…' }));
  expect(within(authCard).getByRole('dialog', { name: '将 mfe_auth 回滚到上一个版本？' })).toBeTruthy();
});
