import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { OpsError, type OpsClient } from '../../api/ops-client';
import { BackOfficeContext } from '../../app/session-context';
import { createI18n } from '../../testing/i18n';
import type { AgentRun, ContractsAnswer, TreeAnswer, TreeNode } from './agents-model';
import AgentsPage from './agents-page';

// The Agents section against a stubbed operator API: the tree searched and opened a level at a
// time, an agent's contracts with their history, a merchant contract made and ended only after a
// confirmation and only for roles allowed to, a refusal shown in the server's words with nothing
// changed on screen, an application decided with an answer, and the runs' re-check shown.

const node = (username: string, accountType: 'agent' | 'player', extra: Partial<TreeNode> = {}): TreeNode => ({
  memberId: username.length, username, accountType, status: 'active', uplineUsername: null, directAgents: 0, directPlayers: 0, teamSize: 0, contracts: [], children: null, moreChildren: 0, ...extra,
});
const top = node('boss', 'agent', { directAgents: 1, directPlayers: 1, teamSize: 3, contracts: ['daily'] });
const sub = node('deputy', 'agent', { memberId: 20, uplineUsername: 'boss', directPlayers: 1, teamSize: 1 });
const contracts: ContractsAnswer = {
  agent: top,
  topAgent: true,
  contracts: [
    {
      contractId: 7, kind: 'daily', state: 'active', uplineUsername: null, terms: { tiers: [{ bet: 100, active: 1, rate: 100 }] },
      createdTime: Date.UTC(2026, 10, 1), decidedTime: Date.UTC(2026, 10, 1), terminatedTime: null, replacedBy: null,
      history: [{ time: Date.UTC(2026, 10, 1), event: 'created', by: 'operator:rita' }],
    },
  ],
};
const runs: AgentRun[] = [
  { runId: 3, kind: 'daily', cycle: '', ranTime: Date.UTC(2026, 10, 2), periodStart: Date.UTC(2026, 10, 1), periodEnd: Date.UTC(2026, 10, 2), rounds: 0, agents: 2, paid: 5, ledgerPaid: 5, linesPaid: 5, expectedPaid: 6, check: 'recomputed', consistent: false, difference: -1, mismatchedAgents: 2 },
  { runId: 2, kind: 'realtime', cycle: '', ranTime: Date.UTC(2026, 10, 2), periodStart: null, periodEnd: null, rounds: 4, agents: 1, paid: 7.5, ledgerPaid: 7.5, linesPaid: 7.5, expectedPaid: null, check: 'ledger', consistent: true, difference: 0, mismatchedAgents: 0 },
];

function fakeApi({ grantRefused = false } = {}) {
  return {
    get: jest.fn(async (path: string): Promise<unknown> => {
      if (path === '/agents/tree') return { root: null, path: [], agents: [top] } satisfies TreeAnswer;
      if (path === '/agents/tree?search=bo') return { root: null, path: [], agents: [top] } satisfies TreeAnswer;
      if (path === '/agents/tree?root=boss&depth=1') return { root: { ...top, children: [sub, node('pat', 'player')] }, path: [], agents: [] } satisfies TreeAnswer;
      if (path === '/agents/tree?root=deputy&depth=1') return { root: { ...sub, children: [node('dora', 'player', { memberId: 30 })] }, path: ['boss'], agents: [] } satisfies TreeAnswer;
      if (path === '/agents/boss/contracts') return contracts;
      if (path === '/affiliate-applications?state=pending') return [{ applicationId: 9, username: 'hopeful', contact: 'tg:@hope', message: '<b>hi</b>', state: 'pending', answer: '', createdTime: Date.UTC(2026, 10, 1), decidedTime: null }];
      if (path.startsWith('/agent-runs?')) return runs;
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string): Promise<unknown> => {
      if (path === '/agent-contracts' && grantRefused) throw new OpsError('The agent already has a contract of this kind.', 409, 'agent.contract.exists');
      if (path === '/agent-contracts' || path === '/agent-contracts/end') return null;
      if (path === '/affiliate-applications/9/decision') return null;
      throw new Error(`unexpected POST ${path}`);
    }),
    put: jest.fn(),
    delete: jest.fn(),
    download: jest.fn(),
  };
}

const READ = ['GET /agents/tree', 'GET /agents/:username/contracts', 'GET /affiliate-applications', 'GET /agent-runs', 'GET /agent-runs/:id'];
const WRITE = [...READ, 'POST /agent-contracts', 'POST /agent-contracts/end', 'POST /affiliate-applications/:id/decision'];

function renderPage(permissions: string[], api: ReturnType<typeof fakeApi>, path = '/agents') {
  return render(
    <I18nextProvider i18n={createI18n('EN')}>
      <MemoryRouter initialEntries={[path]}>
        <BackOfficeContext.Provider
          value={{
            session: { token: 't', expiresAt: Date.now() + 60_000, operator: { id: 1, username: 'rita', merchantCode: 'DEFAULT', role: 'risk' }, permissions },
            api: api as unknown as OpsClient,
            may: (route) => permissions.includes(route),
            signOut: () => undefined,
          }}
        >
          <AgentsPage />
        </BackOfficeContext.Provider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

it('finds an agent, shows its downlines with their counts, and opens a downline agent’s level on demand', async () => {
  const api = fakeApi();
  renderPage(READ, api);
  expect(await screen.findByRole('button', { name: 'boss' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText('Agent name'), { target: { value: 'bo' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(api.get).toHaveBeenCalledWith('/agents/tree?search=bo'));
  fireEvent.click(await screen.findByRole('button', { name: 'boss' }));

  const tree = await screen.findByTestId('agent-tree');
  expect(within(tree).getByText('1 agents · 1 players · team 3')).toBeTruthy();
  expect(within(tree).getByText('Daily salary')).toBeTruthy();
  expect(within(tree).getByText('pat')).toBeTruthy();
  // The downline agent's own downlines are read only when it is opened.
  expect(within(tree).queryByText('dora')).toBeNull();
  fireEvent.click(within(tree).getByRole('button', { name: 'Open the downlines of deputy' }));
  expect(await within(tree).findByText('dora')).toBeTruthy();
  expect(api.get).toHaveBeenCalledWith('/agents/tree?root=deputy&depth=1');
  fireEvent.click(within(tree).getByRole('button', { name: 'Close the downlines of deputy' }));
  expect(within(tree).queryByText('dora')).toBeNull();
});

it('shows an agent’s contracts with their history, and to a reader no way to make or end one', async () => {
  renderPage(READ, fakeApi(), '/agents?tab=contracts&agent=boss');
  const row = await screen.findByTestId('contract-row');
  expect(within(row).getByText('Daily salary')).toBeTruthy();
  expect(within(row).getByText('the merchant')).toBeTruthy();
  expect(within(row).getByText('≥ 100 · 1+ → 1.00 %')).toBeTruthy();
  expect(within(row).getByText(/made · by operator rita/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'End' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Make the contract' })).toBeNull();
});

it('ends and makes a merchant contract only after a confirmation, and shows a refusal in the server’s words', async () => {
  const api = fakeApi({ grantRefused: true });
  renderPage(WRITE, api, '/agents?tab=contracts&agent=boss');
  fireEvent.click(await screen.findByRole('button', { name: 'End' }));
  expect(api.post).not.toHaveBeenCalled();
  const dialog = screen.getByRole('alertdialog');
  expect(within(dialog).getByText(/End the merchant's Daily salary contract with boss/)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/agent-contracts/end', { username: 'boss', kind: 'daily' }));
  expect(await screen.findByText('The Daily salary contract of boss has ended.')).toBeTruthy();

  // A kind it already holds cannot be chosen; another one is sent with its terms after confirming.
  fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'hourly' } });
  fireEvent.click(screen.getByRole('button', { name: 'Make the contract' }));
  fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/agent-contracts', { username: 'boss', kind: 'hourly', terms: { tiers: [{ bet: 100, active: 1, rate: 20 }] } }));
  expect((await screen.findByRole('alert')).textContent).toBe('The agent already has a contract of this kind.');

  // Terms that are not JSON are refused before anything is sent.
  const sent = api.post.mock.calls.length;
  fireEvent.change(screen.getByLabelText('Terms (JSON)'), { target: { value: '{oops' } });
  fireEvent.click(screen.getByRole('button', { name: 'Make the contract' }));
  expect(screen.getByText('The terms are not a JSON object.')).toBeTruthy();
  expect(api.post.mock.calls.length).toBe(sent);
});

it('decides an application with an answer after a confirmation, showing the player’s text as text', async () => {
  const api = fakeApi();
  renderPage(WRITE, api, '/agents?tab=applications');
  const row = await screen.findByTestId('application-row');
  expect(within(row).getByText('<b>hi</b>')).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: 'Reject' }));
  const dialog = screen.getByRole('alertdialog');
  fireEvent.change(within(dialog).getByLabelText('Answer to the player'), { target: { value: 'Not yet' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(api.post).toHaveBeenCalledWith('/affiliate-applications/9/decision', { approve: false, answer: 'Not yet' }));
  expect(await screen.findByText('The application of hopeful was rejected.')).toBeTruthy();
});

it('lists the runs with their totals and the re-check: consistent, or the difference', async () => {
  renderPage(READ, fakeApi(), '/agents?tab=runs');
  const rows = await screen.findAllByTestId('run-row');
  const verdicts = rows.map((row) => within(row).getByTestId('run-verdict'));
  expect(verdicts.map((verdict) => verdict.getAttribute('data-consistent'))).toEqual(['false', 'true']);
  expect(verdicts[0].textContent).toContain('inconsistent: difference -1.00, 2 agent(s)');
  expect(verdicts[0].textContent).toContain('recomputed');
  expect(verdicts[1].textContent).toContain('✓ consistent');
  expect(verdicts[1].textContent).toContain('lines against the ledger');
  expect(within(rows[1]).getByText('lottery rounds: 4')).toBeTruthy();
});

it('shows only the tabs the role may read', async () => {
  renderPage(['GET /agents/tree', 'GET /agents/:username/contracts'], fakeApi());
  await screen.findByRole('button', { name: 'boss' });
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Tree', 'Contracts']);
});
