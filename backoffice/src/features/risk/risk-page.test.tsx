import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { OpsError, type OpsClient, type Query } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { LargeWin, Liability, SharedIdentity } from './risk-types';
import RiskPage from './risk-page';

// The Risk section against a stubbed operator API: each report in its tab with the filters sent as
// the server reads them, a member's name leading to the Players section on that member, pages of a
// long report, and a query the server refuses shown in its words with no table.

const AT = Date.UTC(2026, 10, 29, 12, 0, 0);
const wins: LargeWin[] = [
  { username: 'bigwinner', product: 'lottery', gameCode: 'SSC1', gameName: '1-minute SSC', reference: 'L1234567', stake: 20, win: 9500, at: AT },
  { username: 'slotwinner', product: 'inhouse', gameCode: 'JLS001', gameName: 'Fortune Gems', reference: 'r-1', stake: 10, win: 1250, at: AT },
];
const shared: SharedIdentity[] = [
  { kind: 'address', value: '203.0.113.77', accountCount: 2, lastSeenAt: AT, accounts: [{ username: 'shareda', status: 'active', lastSeenAt: AT }, { username: 'sharedb', status: 'blocked', lastSeenAt: AT }] },
];
const liability: Liability = {
  rounds: [{ gameCode: 'SSC5', gameName: '5-minute SSC', numero: '20261129-100', closeAt: AT, drawAt: AT + 30_000, bets: 3, stake: 24, liability: 228 }],
  numbers: [{ gameCode: 'SSC5', numero: '20261129-100', play: 'SSC_POSITION', row: 0, number: 7, payout: 209 }],
};
const ALL = ['GET /risk/large-wins', 'GET /risk/shared-devices', 'GET /risk/bonus-only', 'GET /risk/agent-chains', 'GET /risk/lottery-liability', 'GET /members'];

function fakeApi({ total = 2 }: { total?: number } = {}) {
  return {
    get: jest.fn(async (path: string, query?: Query): Promise<unknown> => {
      if (path === '/risk/large-wins') {
        if (query?.minAmount === 'abc') throw new OpsError('Invalid request: querystring/minAmount must be number', 400, 'request.param.err');
        return { total, list: wins };
      }
      if (path === '/risk/shared-devices') return { total: 1, list: shared };
      if (path === '/risk/bonus-only') return { total: 0, list: [] };
      if (path === '/risk/agent-chains') return { total: 0, list: [] };
      if (path === '/risk/lottery-liability') return liability;
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(),
    put: jest.fn(),
    delete: jest.fn(),
    download: jest.fn(),
  };
}

/** Where the app went (the Players section reads ?q= and ?member=). */
function Players() {
  const location = useLocation();
  return <p data-testid="players-at">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(api: ReturnType<typeof fakeApi>, permissions = ALL, path = '/risk') {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={[path]}>
        <BackOfficeContext.Provider
          value={{
            session: { token: 't', expiresAt: Date.now() + 60_000, operator: { id: 1, username: 'ria', merchantCode: 'DEFAULT', role: 'risk' }, permissions },
            api: api as unknown as OpsClient,
            may: (route) => permissions.includes(route),
            signOut: () => undefined,
          }}
        >
          <Routes>
            <Route path="/risk" element={<RiskPage />} />
            <Route path="/players" element={<Players />} />
          </Routes>
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

it('shows the large wins of the last 7 days, the member leading to the Players section', async () => {
  const api = fakeApi();
  renderPage(api);
  const table = await screen.findByTestId('risk-large-wins');
  expect(api.get).toHaveBeenCalledWith('/risk/large-wins', { days: '7', limit: 50, offset: 0 });
  const rows = within(table).getAllByTestId('risk-row');
  expect(rows.map((row) => within(row).getByTestId('risk-member').textContent)).toEqual(['bigwinner', 'slotwinner']);
  expect(rows[0].textContent).toContain('9,500.00');
  expect(rows[1].textContent).toContain('In-house game');
  fireEvent.click(within(rows[0]).getByRole('link', { name: 'bigwinner' }));
  expect((await screen.findByTestId('players-at')).textContent).toBe('/players?q=bigwinner&member=bigwinner');
});

it('sends the filters as typed and shows the server’s refusal, with no table', async () => {
  const api = fakeApi();
  renderPage(api);
  await screen.findByTestId('risk-large-wins');
  fireEvent.change(screen.getByLabelText('Last days'), { target: { value: '30' } });
  fireEvent.change(screen.getByLabelText('Win at least'), { target: { value: '1000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/risk/large-wins', { days: '30', minAmount: '1000', limit: 50, offset: 0 }));

  fireEvent.change(screen.getByLabelText('Win at least'), { target: { value: 'abc' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Invalid request: querystring/minAmount must be number');
  expect(screen.queryByTestId('risk-large-wins')).toBeNull();
});

it('pages a long report', async () => {
  const api = fakeApi({ total: 120 });
  renderPage(api);
  await screen.findByTestId('risk-large-wins');
  expect(screen.getByText('Page 1 of 3 (120 rows)')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/risk/large-wins', { days: '7', limit: 50, offset: 50 }));
  expect(await screen.findByText('Page 2 of 3 (120 rows)')).toBeTruthy();
});

it('shows shared addresses with their accounts, and the lottery liability by round and number', async () => {
  const api = fakeApi();
  renderPage(api, ALL, '/risk?tab=shared-devices');
  const table = await screen.findByTestId('risk-shared-devices');
  expect(api.get).toHaveBeenCalledWith('/risk/shared-devices', { days: '7', minAccounts: '2', limit: 50, offset: 0 });
  expect(within(table).getAllByTestId('risk-member').map((link) => link.textContent)).toEqual(['shareda', 'sharedb']);
  expect(within(table).getByText('blocked')).toBeTruthy();

  fireEvent.click(screen.getByRole('tab', { name: 'Lottery liability' }));
  const rounds = await screen.findByTestId('risk-liability-rounds');
  expect(api.get).toHaveBeenLastCalledWith('/risk/lottery-liability', {});
  expect(within(rounds).getByTestId('risk-row').textContent).toContain('228.00');
  expect(within(screen.getByTestId('risk-liability-numbers')).getByTestId('risk-number').textContent).toContain('209.00');
  fireEvent.change(screen.getByLabelText('Game code'), { target: { value: 'ssc5' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(api.get).toHaveBeenLastCalledWith('/risk/lottery-liability', { gameCode: 'SSC5' }));
});

it('says so when a report has nothing, and shows only the tabs the role may read', async () => {
  const api = fakeApi();
  renderPage(api, ['GET /risk/large-wins', 'GET /risk/bonus-only'], '/risk?tab=agent-chains');
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Large wins', 'Bonus only']);
  // A tab the role may not read falls back to the first.
  await screen.findByTestId('risk-large-wins');
  fireEvent.click(screen.getByRole('tab', { name: 'Bonus only' }));
  await screen.findByTestId('risk-bonus-only');
  expect(screen.getByText('Nothing to report.')).toBeTruthy();
  expect(api.get).not.toHaveBeenCalledWith('/risk/agent-chains', expect.anything());
});
