import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { createI18n } from '../testing/i18n';
import { App } from './app';
import { forgetServedSections } from './section-loader';
import { SECTIONS, sectionsFor } from './sections';

// The back office's frame against a stubbed network edge (a fetch answering as the operator API
// does): sign-in with password and code, the sections a role's permissions open, sign-out. The
// browser test (e2e/tests/backoffice.spec.ts) runs the same against the real server.

interface Answer {
  status: number;
  body: unknown;
}
const ok = (value: unknown): Answer => ({ status: 200, body: { success: true, value } });

function stubServer(routes: Record<string, (init: RequestInit) => Answer>) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${String(url).split('?')[0]}`;
    calls.push(key);
    const route = routes[key];
    const { status, body } = route ? route(init) : { status: 404, body: { success: false, value: null, errorCode: 'not.found', message: 'Not found' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return calls;
}

function renderApp(path = '/') {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const CASHIER = ['DELETE /session', 'GET /session', 'GET /dashboard', 'GET /deposits', 'POST /deposits/:number/approve', 'GET /withdrawals'];

function signInWith(permissions: string[], role = 'cashier') {
  return stubServer({
    'POST /ops/v1/session': (init) => {
      const body = JSON.parse(String(init.body)) as { otp: string };
      if (body.otp !== '123456') return { status: 401, body: { success: false, value: null, errorCode: 'operator.login.failed', message: 'Wrong name, password or code' } };
      return ok({ token: 'tok', expiresAt: Date.now() + 3_600_000, operator: { id: 7, username: 'alice', merchantCode: 'DEFAULT', role } });
    },
    'GET /ops/v1/session': () => ok({ operator: { id: 7, username: 'alice', merchantCode: 'DEFAULT', role }, expiresAt: Date.now() + 3_600_000, permissions }),
    'DELETE /ops/v1/session': () => ok(null),
    'GET /ops/v1/deposits': () => ok({ list: [] }),
    'GET /ops/v1/withdrawals': () => ok({ list: [] }),
    'GET /ops/v1/dashboard': () => ok({ from: '2026-11-29', to: '2026-11-29', totals: { registrations: 0, firstDeposits: 0, depositCount: 0, depositAmount: 0, withdrawalCount: 0, withdrawalAmount: 0, activePlayers: 0, stakes: 0, wins: 0, ggr: 0, bonusCost: 0, byProduct: [] }, days: [] }),
    'GET /ops/v1/audit': () => ok({ list: [] }),
    'GET /ops/v1/backoffice/sections': () =>
      ok({ sections: ['audit', 'cashier', 'dashboard'].map((name) => ({ name, version: '1.0.0', entry: `/ops/assets/sections/${name}/1.0.0/remoteEntry.js` })) }),
  });
}

function fillSignIn(otp: string) {
  fireEvent.change(screen.getByLabelText('Merchant code'), { target: { value: 'DEFAULT' } });
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
  fireEvent.change(screen.getByLabelText('Authenticator code (6 digits)'), { target: { value: otp } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  window.sessionStorage.clear();
  forgetServedSections();
});

it('signs in with the code, and shows the sections the role opens only', async () => {
  signInWith(CASHIER);
  renderApp('/audit');
  fillSignIn('000000');
  expect((await screen.findByRole('alert')).textContent).toBe('Wrong name, password or code');
  // The password and the code are asked again; the name stays.
  expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('alice');

  fillSignIn('123456');
  const nav = await screen.findByRole('navigation', { name: 'Sections' });
  expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Deposits', 'Withdrawals']);
  // A section the role may not use is not reachable by its address either: the first one opens.
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  expect(screen.getByTestId('operator').textContent).toBe('alice (cashier) · DEFAULT');
});

it('signs out: the token is ended on the server and the sign-in page is back', async () => {
  const calls = signInWith(CASHIER);
  renderApp('/deposits');
  fillSignIn('123456');
  expect(await screen.findByRole('heading', { name: 'Deposits' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByRole('heading', { name: 'Sign in to the back office' })).toBeTruthy();
  await waitFor(() => expect(calls).toContain('DELETE /ops/v1/session'));
  expect(window.sessionStorage.getItem('backoffice.session')).toBeNull();
});

it('says so when a role opens no section', async () => {
  signInWith(['DELETE /session', 'GET /session'], 'support');
  renderApp('/');
  fillSignIn('123456');
  expect(await screen.findByText('Your role has no section here. Ask an admin for the access you need.')).toBeTruthy();
});

it('lists a section only for the permission it needs', () => {
  expect(sectionsFor(['GET /audit']).map((section) => section.path)).toEqual(['audit']);
  expect(sectionsFor(SECTIONS.map((section) => section.requires))).toHaveLength(SECTIONS.length);
});
