import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, settle, stubApi } from '@platform/shared/testing';
import { consolidated, setUpAgentTests } from '../../testing/agent-fixtures';
import AgentCenter from '../agent-center/agent-center';

// Team Overview is a page of every agent's menu, fetched as its own chunk when first opened.

setUpAgentTests();

const ZERO = { logins: 0, registrations: 0, firstDeposits: 0, firstBets: 0, deposits: 0, depositCount: 0, withdrawals: 0, bets: 0, betCount: 0, wins: 0, promotions: 0 };

it('opens from the agent centre menu as its page, not a title only', async () => {
  const { callsOf } = stubApi({
    consolidated: consolidated(),
    agentTeamOverview: { teamSize: 3, directCount: 2, onlineUsers: 1, totalBalance: 10, utcOffsetMinutes: 480, totals: ZERO, days: [{ date: '2025-03-05', ...ZERO }] },
  });
  renderWithProviders(<AgentCenter page="agentAnnouncement" onClose={jest.fn()} />);
  await settle();
  await act(async () => {
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Agent Centre' })).getByRole('button', { name: 'Team Overview' }));
  });
  expect(await screen.findByTestId('team-overview')).toBeTruthy();
  await settle();
  expect(callsOf('agentTeamOverview')).toHaveLength(1);
  expect(screen.getByTestId('team-size-value').textContent).toBe('3');
});
