import { screen, within } from '@testing-library/react';
import type { AgentProfitLossRow, AgentTeamProfitLoss } from '@platform/contract';
import { apiFailure, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { cellsOf, click, PERIOD_TABS, periodOf, renderAgentPage, setUpAgentTests, valueOf } from '../../testing/agent-fixtures';
import TeamProfitLossPage from './team-profit-loss-page';

// User Profit and Loss with the network edge stubbed: the period sent as days of the agent time
// zone (GMT+8), the team's figures and its net result in words, the direct downlines' teams with
// a drill-down one level at a time (subordinateName) and a breadcrumb back up, paging, and
// failures shown in place.

const ZERO = { deposits: 0, withdrawals: 0, bets: 0, wins: 0, rebates: 0, salaries: 0, promotions: 0, profitLoss: 0 };
const row = (memberId: number, username: string, accountType: 'agent' | 'player', figures: Partial<typeof ZERO> = {}, teamSize = accountType === 'agent' ? 5 : 1): AgentProfitLossRow => ({
  memberId,
  username,
  accountType,
  teamSize,
  ...ZERO,
  ...figures,
});

const MY_TEAM: AgentTeamProfitLoss = {
  utcOffsetMinutes: 480,
  team: row(1, 'agent01', 'agent', { deposits: 15000.5, withdrawals: 3200, bets: 98765.43, wins: 45000.1, rebates: 1200, salaries: 350.25, promotions: 88.8, profitLoss: -52126.28 }, 1234),
  list: [
    row(5, 'subagent5', 'agent', { deposits: 1000, bets: 5000, wins: 7000.5, profitLoss: 2000.5 }, 12),
    row(6, 'player6', 'player', { deposits: 50, bets: 80, profitLoss: -80 }),
  ],
  totalPages: 2,
};
const SUB_TEAM: AgentTeamProfitLoss = {
  utcOffsetMinutes: 480,
  team: row(5, 'subagent5', 'agent', { deposits: 1000, bets: 5000, wins: 7000.5, profitLoss: 2000.5 }, 12),
  list: [row(9, 'deepagent9', 'agent', { bets: 10, profitLoss: -10 }, 3)],
  totalPages: 1,
};
const DEEP_TEAM: AgentTeamProfitLoss = { utcOffsetMinutes: 480, team: row(9, 'deepagent9', 'agent', { bets: 10, profitLoss: -10 }, 3), list: [], totalPages: 0 };

const byName = (options: CallOptionsSeen) => {
  const name = options?.params?.subordinateName;
  return name === undefined ? MY_TEAM : name === 'subagent5' ? SUB_TEAM : DEEP_TEAM;
};

/** A team's figures as the summary's cards and the downlines table name them, P&L last. */
const FIGURE_NAMES = ['Deposit', 'Withdrawal', 'Betting', 'Winning', 'Rebate', 'Salary', 'Promotion', 'P&L'];

setUpAgentTests();

const renderPage = () => renderAgentPage(TeamProfitLossPage);

describe('User Profit and Loss: periods', () => {
  it('asks for today in GMT+8 first, and for each tab’s days when it is chosen', async () => {
    const { callsOf } = stubApi({ agentTeamProfitLoss: MY_TEAM });
    await renderPage();
    expect(callsOf('agentTeamProfitLoss').map((options) => options?.params)).toEqual([{ ...periodOf('today'), page: 1, size: 10 }]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(PERIOD_TABS.map(([name]) => name));
    for (const [name, period] of PERIOD_TABS.slice(1)) {
      await click(screen.getByRole('tab', { name }));
      expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf(period), page: 1, size: 10 });
    }
    expect(callsOf('agentTeamProfitLoss')).toHaveLength(7);
    expect(screen.getByTestId('pnl-zone').textContent).toBe('Data are in GMT+8');
  });

  it('asks again in the merchant’s own agent time zone when the answer names another', async () => {
    const { callsOf } = stubApi({ agentTeamProfitLoss: { ...MY_TEAM, utcOffsetMinutes: 420 } });
    await renderPage();
    await settle();
    const calls = callsOf('agentTeamProfitLoss');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toEqual({ ...periodOf('today', 420), page: 1, size: 10 });
    expect(screen.getByTestId('pnl-zone').textContent).toBe('Data are in GMT+7');
  });

  it('pages through the direct downlines, and a new period starts on its first page', async () => {
    const { callsOf } = stubApi({ agentTeamProfitLoss: MY_TEAM });
    await renderPage();
    await click(within(screen.getByTestId('pnl-downlines')).getByRole('button', { name: 'Page 2' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('today'), page: 2, size: 10 });
    await click(screen.getByRole('tab', { name: 'This month' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('thisMonth'), page: 1, size: 10 });
  });
});

describe('User Profit and Loss: figures', () => {
  it('shows the team’s figures as money, and says the team lost when P&L is below 0', async () => {
    stubApi({ agentTeamProfitLoss: MY_TEAM });
    await renderPage();
    const summary = within(screen.getByTestId('pnl-summary'));
    expect(summary.getByRole('heading', { name: 'My team' })).toBeTruthy();
    expect(screen.getByTestId('pnl-team-size').textContent).toBe('Team size: 1,234');
    expect(screen.getByTestId('pnl-result').textContent).toBe('Team net loss-৳52,126.28');
    expect(screen.getByTestId('pnl-result').getAttribute('data-result')).toBe('loss');
    expect(within(screen.getByTestId('pnl-figures')).getAllByRole('term').map((term) => term.textContent)).toEqual(FIGURE_NAMES);
    expect(valueOf('pnl-deposits')).toBe('৳15,000.50');
    expect(valueOf('pnl-withdrawals')).toBe('৳3,200.00');
    expect(valueOf('pnl-bets')).toBe('৳98,765.43');
    expect(valueOf('pnl-wins')).toBe('৳45,000.10');
    expect(valueOf('pnl-rebates')).toBe('৳1,200.00');
    expect(valueOf('pnl-salaries')).toBe('৳350.25');
    expect(valueOf('pnl-promotions')).toBe('৳88.80');
    expect(valueOf('pnl-profit-loss')).toBe('-৳52,126.28');
    // The agent's own team has no breadcrumb: nothing above it.
    expect(screen.queryByTestId('pnl-breadcrumb')).toBeNull();
  });

  it('says the team won when P&L is above 0, and neither when it is 0', async () => {
    let team: AgentTeamProfitLoss = { ...MY_TEAM, team: row(1, 'agent01', 'agent', { wins: 10, profitLoss: 10 }) };
    stubApi({ agentTeamProfitLoss: () => team });
    await renderPage();
    expect(screen.getByTestId('pnl-result').textContent).toBe('Team net win৳10.00');
    team = { ...MY_TEAM, team: row(1, 'agent01', 'agent') };
    await click(screen.getByRole('tab', { name: 'Yesterday' }));
    expect(screen.getByTestId('pnl-result').textContent).toBe('No net win or loss৳0.00');
  });

  it('lists each direct downline’s team figures', async () => {
    stubApi({ agentTeamProfitLoss: MY_TEAM });
    await renderPage();
    const table = screen.getByRole('table', { name: 'My direct downlines' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Username', 'Type', 'Team size', ...FIGURE_NAMES]);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(cellsOf(rows[1])).toEqual(['subagent5', 'Agent', '12', '৳1,000.00', '৳0.00', '৳5,000.00', '৳7,000.50', '৳0.00', '৳0.00', '৳0.00', '৳2,000.50']);
    expect(cellsOf(rows[2])).toEqual(['player6', 'Player', '1', '৳50.00', '৳0.00', '৳80.00', '৳0.00', '৳0.00', '৳0.00', '৳0.00', '-৳80.00']);
    // Only an agent has a team to open; the team's figures are not a totals row.
    expect(within(rows[1]).getByRole('button', { name: 'subagent5' })).toBeTruthy();
    expect(within(rows[2]).queryByRole('button')).toBeNull();
    expect(table.querySelector('tfoot')).toBeNull();
  });

  it('says when a level has no direct downlines', async () => {
    stubApi({ agentTeamProfitLoss: { ...MY_TEAM, list: [], totalPages: 0 } });
    await renderPage();
    expect(screen.getByText('No direct downlines')).toBeTruthy();
    expect(screen.getByTestId('pnl-summary')).toBeTruthy();
  });
});

describe('User Profit and Loss: drilling down', () => {
  it('opens an agent’s team with subordinateName, one level at a time, and the breadcrumb leads back up', async () => {
    const { callsOf } = stubApi({ agentTeamProfitLoss: byName });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Last week' }));
    await click(screen.getByTestId('pnl-drill-5'));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('lastWeek'), subordinateName: 'subagent5', page: 1, size: 10 });
    expect(within(screen.getByTestId('pnl-summary')).getByRole('heading', { name: 'Team of subagent5' })).toBeTruthy();
    expect(screen.getByTestId('pnl-result').textContent).toBe('Team net win৳2,000.50');
    expect(screen.getByRole('table', { name: 'Direct downlines of subagent5' })).toBeTruthy();
    const crumbs = () => within(screen.getByRole('navigation', { name: 'Team levels' }));
    expect(crumbs().getAllByRole('listitem').map((item) => item.textContent)).toEqual(['My team', 'subagent5']);
    expect(crumbs().getByText('subagent5').getAttribute('aria-current')).toBe('page');

    // Another level down; the period tab stays.
    await click(screen.getByTestId('pnl-drill-9'));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('lastWeek'), subordinateName: 'deepagent9', page: 1, size: 10 });
    expect(crumbs().getAllByRole('listitem').map((item) => item.textContent)).toEqual(['My team', 'subagent5', 'deepagent9']);
    expect(screen.getByText('No direct downlines')).toBeTruthy();

    // Up one level, then to the top.
    await click(crumbs().getByRole('button', { name: 'subagent5' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('lastWeek'), subordinateName: 'subagent5', page: 1, size: 10 });
    expect(crumbs().getAllByRole('listitem').map((item) => item.textContent)).toEqual(['My team', 'subagent5']);
    await click(crumbs().getByRole('button', { name: 'My team' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('lastWeek'), page: 1, size: 10 });
    expect(within(screen.getByTestId('pnl-summary')).getByRole('heading', { name: 'My team' })).toBeTruthy();
    expect(screen.queryByTestId('pnl-breadcrumb')).toBeNull();
  });

  it('asks for the team drilled into when the period changes', async () => {
    const { callsOf } = stubApi({ agentTeamProfitLoss: byName });
    await renderPage();
    await click(screen.getByTestId('pnl-drill-5'));
    await click(screen.getByRole('tab', { name: 'This month' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('thisMonth'), subordinateName: 'subagent5', page: 1, size: 10 });
    expect(callsOf('agentTeamProfitLoss')).toHaveLength(3);
  });
});

describe('User Profit and Loss: failures', () => {
  it('says in place that a member is not in the team (agent.downline.unknown), and goes back to My team', async () => {
    const { callsOf } = stubApi({
      agentTeamProfitLoss: (options: CallOptionsSeen) =>
        options?.params?.subordinateName ? apiFailure('agent.downline.unknown', 'This member is not in your team', null, 404) : MY_TEAM,
    });
    await renderPage();
    await click(screen.getByTestId('pnl-drill-5'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This member is not in your team');
    expect(alert.textContent).toContain('No member named subagent5 is in your team.');
    expect(screen.queryByRole('table')).toBeNull();
    // The tabs and the breadcrumb stay.
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    expect(screen.getByRole('navigation', { name: 'Team levels' })).toBeTruthy();
    await click(within(alert).getByRole('button', { name: 'Back to My team' }));
    expect(callsOf('agentTeamProfitLoss').at(-1)?.params).toEqual({ ...periodOf('today'), page: 1, size: 10 });
    expect(screen.getByRole('table', { name: 'My direct downlines' })).toBeTruthy();
  });

  it('says in place when the report could not be loaded, and retries', async () => {
    let fail = true;
    const { callsOf } = stubApi({ agentTeamProfitLoss: () => (fail ? apiFailure('lottery.period.invalid', 'The period is too long') : MY_TEAM) });
    await renderPage();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('The team profit and loss could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('The period is too long')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    fail = false;
    await click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(callsOf('agentTeamProfitLoss')).toHaveLength(2);
    expect(valueOf('pnl-deposits')).toBe('৳15,000.50');
  });
});
