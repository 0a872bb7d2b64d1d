import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, settle, stubApi } from '@platform/shared/testing';
import { consolidated, setUpAgentTests } from '../../testing/agent-fixtures';
import AgentCenter from '../agent-center/agent-center';

// Account Details is a page of every agent's menu, fetched as its own chunk when first opened.

setUpAgentTests();

it('opens from the agent centre menu as its page, not a title only', async () => {
  const { callsOf } = stubApi({
    consolidated: consolidated(),
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
