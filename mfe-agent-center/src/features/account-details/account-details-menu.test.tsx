import { act, fireEvent, screen, within } from '@testing-library/react';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import AgentCenter from '../agent-center/agent-center';

// Account Details is a page of every agent's menu, fetched as its own chunk when first opened.

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn({ isAgent: 1, account: 'agent01' });
});

afterEach(() => {
  jest.restoreAllMocks();
});

it('opens from the agent centre menu as its page, not a title only', async () => {
  const { callsOf } = stubApi({
    consolidated: { isSingle: true, sumBalance: 0, dailysalreqtype: false, divtypereq: false, contracthoursalreq: false, realtimesalreqtype: false },
    agentDownlines: { list: [], totalPages: 0 },
  });
  renderWithProviders(<AgentCenter page="agentAnnouncement" onClose={jest.fn()} />);
  await settle();
  await act(async () => {
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Agent Centre' })).getByRole('button', { name: 'Account Details' }));
  });
  expect(await screen.findByTestId('account-details')).toBeTruthy();
  await settle();
  expect(callsOf('agentDownlines')[0]?.params).toEqual({ page: 1, size: 10 });
  expect(screen.getByText('You have no direct downlines yet')).toBeTruthy();
});
