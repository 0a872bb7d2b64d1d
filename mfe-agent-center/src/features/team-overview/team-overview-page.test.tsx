import { screen, within } from '@testing-library/react';
import type { AgentTeamOverview } from '@platform/contract';
import { apiFailure, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { change, click, DOWNLINES, PERIOD_TABS, periodOf, renderAgentPage, setUpAgentTests, valueOf } from '../../testing/agent-fixtures';
import TeamOverviewPage from './team-overview-page';

// Team Overview with the network edge stubbed: the period sent as days of the agent time zone,
// whose team (subordinateName for a downline's team, typed or picked, dropped by the reset; a name
// outside the team said so in place), the team's cards and period totals with money formatting,
// and the gross-view chart (one bar per day, a series picker, a table alternative, a single day and
// a quiet period).

type Figures = AgentTeamOverview['totals'];
const ZERO: Figures = { logins: 0, registrations: 0, firstDeposits: 0, firstBets: 0, deposits: 0, depositCount: 0, withdrawals: 0, bets: 0, betCount: 0, wins: 0, promotions: 0 };
const day = (date: string, figures: Partial<Figures> = {}) => ({ date, ...ZERO, ...figures });

const overview = (overrides: Partial<AgentTeamOverview> = {}): AgentTeamOverview => ({
  teamSize: 1234,
  directCount: 12,
  onlineUsers: 7,
  totalBalance: 1234567.5,
  utcOffsetMinutes: 480,
  totals: {
    logins: 2345,
    registrations: 18,
    firstDeposits: 6,
    firstBets: 5,
    deposits: 15000.5,
    depositCount: 21,
    withdrawals: 3200,
    bets: 98765.43,
    betCount: 4321,
    wins: 45000.1,
    promotions: 88.8,
  },
  days: [
    day('2025-03-03', { logins: 10, deposits: 500 }),
    day('2025-03-04', { logins: 0, deposits: 1500.25 }),
    day('2025-03-05', { logins: 25, deposits: 0 }),
  ],
  ...overrides,
});

setUpAgentTests();

const renderPage = () => renderAgentPage(TeamOverviewPage);
const bars = () => screen.getAllByTestId('team-chart-bar');

describe('Team Overview: periods', () => {
  it('asks for today in GMT+8 first, and for each tab’s days when it is chosen', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview() });
    await renderPage();
    expect(callsOf('agentTeamOverview').map((options) => options?.params)).toEqual([periodOf('today')]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(PERIOD_TABS.map(([name]) => name));
    for (const [name, period] of [
      ['Yesterday', 'yesterday'],
      ['Last 7 days', 'last7Days'],
      ['Last month', 'lastMonth'],
    ] as const) {
      await click(screen.getByRole('tab', { name }));
      expect(callsOf('agentTeamOverview').at(-1)?.params).toEqual(periodOf(period));
    }
    expect(screen.getByTestId('team-overview-zone').textContent).toBe('Data are in GMT+8');
  });

  it('asks again in the merchant’s own agent time zone when the answer names another', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview({ utcOffsetMinutes: 420 }) });
    await renderPage();
    await settle();
    const calls = callsOf('agentTeamOverview');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toEqual(periodOf('today', 420));
    expect(screen.getByTestId('team-overview-zone').textContent).toBe('Data are in GMT+7');
  });

  it('says when the overview could not be loaded, and retries', async () => {
    let fail = true;
    const { callsOf } = stubApi({ agentTeamOverview: () => (fail ? apiFailure('lottery.period.invalid', 'The period is too long') : overview()) });
    await renderPage();
    expect(screen.getByText('The team overview could not be loaded')).toBeTruthy();
    expect(screen.getByText('The period is too long')).toBeTruthy();
    fail = false;
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(callsOf('agentTeamOverview')).toHaveLength(2);
    expect(valueOf('team-size')).toBe('1,234');
  });
});

const field = () => screen.getByTestId('team-overview-downline') as HTMLInputElement;
const scopeText = () => screen.getByTestId('team-overview-scope').textContent;

describe('Team Overview: whose team', () => {
  it('shows the whole team first (no subordinateName), then a typed downline’s team, and back', async () => {
    const { callsOf } = stubApi({
      agentTeamOverview: (options: CallOptionsSeen) => (options?.params?.subordinateName ? overview({ teamSize: 5, directCount: 2 }) : overview()),
    });
    await renderPage();
    expect(callsOf('agentTeamOverview').map((options) => options?.params)).toEqual([periodOf('today')]);
    expect(scopeText()).toBe('Overview of your whole team');
    expect(screen.queryByTestId('team-overview-whole-team')).toBeNull();
    expect(screen.getByRole('search', { name: 'Whose team' })).toBeTruthy();

    await change(field(), '  subagent5 ');
    await click(screen.getByTestId('team-overview-search'));
    expect(callsOf('agentTeamOverview').at(-1)?.params).toEqual({ ...periodOf('today'), subordinateName: 'subagent5' });
    expect(scopeText()).toContain('Overview of the team of subagent5');
    expect(field().value).toBe('subagent5');
    expect(valueOf('team-size')).toBe('5');
    expect(valueOf('direct-count')).toBe('2');

    // The period tabs keep the member.
    await click(screen.getByRole('tab', { name: 'Last 7 days' }));
    expect(callsOf('agentTeamOverview').at(-1)?.params).toEqual({ ...periodOf('last7Days'), subordinateName: 'subagent5' });

    // Whole team: subordinateName dropped, the field emptied, the period kept.
    await click(screen.getByTestId('team-overview-whole-team'));
    const last = callsOf('agentTeamOverview').at(-1)?.params;
    expect(last).toEqual(periodOf('last7Days'));
    expect(last).not.toHaveProperty('subordinateName');
    expect(field().value).toBe('');
    expect(scopeText()).toBe('Overview of your whole team');
    expect(screen.queryByTestId('team-overview-whole-team')).toBeNull();
    expect(valueOf('team-size')).toBe('1,234');
  });

  it('an empty search is the whole team: nothing named in the query', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview() });
    await renderPage();
    await change(field(), '   ');
    await click(screen.getByTestId('team-overview-search'));
    for (const options of callsOf('agentTeamOverview')) expect(options?.params).not.toHaveProperty('subordinateName');
    expect(scopeText()).toBe('Overview of your whole team');
  });

  it('shows the team of a downline picked from the direct downlines', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview(), agentDownlines: DOWNLINES });
    await renderPage();
    expect(callsOf('agentDownlines')).toHaveLength(0);
    await click(screen.getByTestId('team-overview-pick'));
    expect(screen.getByTestId('downline-picker')).toBeTruthy();
    expect(callsOf('agentDownlines')).toHaveLength(1);
    await click(screen.getByTestId('downline-choice-5'));
    expect(callsOf('agentTeamOverview').at(-1)?.params).toEqual({ ...periodOf('today'), subordinateName: 'subagent5' });
    expect(screen.queryByTestId('downline-picker')).toBeNull();
    expect(field().value).toBe('subagent5');
    expect(scopeText()).toContain('Overview of the team of subagent5');
  });

  it('closes the picker without changing the team', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview(), agentDownlines: DOWNLINES });
    await renderPage();
    await click(screen.getByTestId('team-overview-pick'));
    await click(screen.getByTestId('team-overview-picker-close'));
    expect(screen.queryByTestId('downline-picker')).toBeNull();
    expect(callsOf('agentTeamOverview')).toHaveLength(1);
    expect(scopeText()).toBe('Overview of your whole team');
  });

  it('asks for a member’s team in the merchant’s own agent time zone once the answer named it', async () => {
    const { callsOf } = stubApi({ agentTeamOverview: overview({ utcOffsetMinutes: 420 }) });
    await renderPage();
    await settle();
    await change(field(), 'subagent5');
    await click(screen.getByTestId('team-overview-search'));
    expect(callsOf('agentTeamOverview').at(-1)?.params).toEqual({ ...periodOf('today', 420), subordinateName: 'subagent5' });
    expect(screen.getByTestId('team-overview-zone').textContent).toBe('Data are in GMT+7');
  });

  it('says in place that a name outside the team is not in it, and goes back to the whole team', async () => {
    const { callsOf } = stubApi({
      agentTeamOverview: (options: CallOptionsSeen) =>
        options?.params?.subordinateName ? apiFailure('agent.downline.unknown', 'This member is not in your team', null, 404) : overview(),
    });
    await renderPage();
    await change(field(), 'stranger1');
    await click(screen.getByTestId('team-overview-search'));
    expect(callsOf('agentTeamOverview').at(-1)?.params).toMatchObject({ subordinateName: 'stranger1' });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('team-overview-unknown');
    expect(within(alert).getByText('This member is not in your team')).toBeTruthy();
    expect(alert.textContent).toContain('No member named stranger1 is in your team.');
    // In place of the figures, not the generic failure; the search and the tabs stay to try again.
    expect(screen.queryByTestId('team-cards')).toBeNull();
    expect(screen.queryByText('The team overview could not be loaded')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(field().value).toBe('stranger1');
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    expect(scopeText()).toContain('Overview of the team of stranger1');

    await click(within(alert).getByRole('button', { name: 'Show the whole team' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsOf('agentTeamOverview').at(-1)?.params).not.toHaveProperty('subordinateName');
    expect(field().value).toBe('');
    expect(scopeText()).toBe('Overview of your whole team');
    expect(valueOf('team-size')).toBe('1,234');
  });

  it('leaves an unknown member by the scope bar’s Whole team too', async () => {
    stubApi({
      agentTeamOverview: (options: CallOptionsSeen) =>
        options?.params?.subordinateName ? apiFailure('agent.downline.unknown', 'This member is not in your team', null, 404) : overview(),
    });
    await renderPage();
    await change(field(), 'stranger1');
    await click(screen.getByTestId('team-overview-search'));
    expect(screen.getByRole('alert')).toBeTruthy();
    await click(screen.getByTestId('team-overview-whole-team'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(valueOf('team-size')).toBe('1,234');
  });
});

describe('Team Overview: figures', () => {
  it('shows the team now and the period’s statistics, amounts as money and counts grouped', async () => {
    stubApi({ agentTeamOverview: overview() });
    await renderPage();
    const cards = within(screen.getByTestId('team-cards'));
    expect(cards.getAllByRole('term').map((term) => term.textContent)).toEqual(['Team size', 'Direct downlines', 'Online users', 'Total balance']);
    expect(valueOf('team-size')).toBe('1,234');
    expect(valueOf('direct-count')).toBe('12');
    expect(valueOf('online-users')).toBe('7');
    expect(valueOf('total-balance')).toBe('৳1,234,567.50');

    const stats = within(screen.getByTestId('team-stats'));
    expect(stats.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Logins',
      'Registrations',
      'First deposits',
      'First bets',
      'Deposits',
      'Withdrawals',
      'Bets',
      'Wins',
      'Promotions',
    ]);
    expect(valueOf('stat-logins')).toBe('2,345');
    expect(valueOf('stat-registrations')).toBe('18');
    expect(valueOf('stat-first-deposits')).toBe('6');
    expect(valueOf('stat-first-bets')).toBe('5');
    expect(valueOf('stat-deposits')).toBe('৳15,000.50');
    expect(screen.getByTestId('stat-deposits-count').textContent).toBe('21');
    expect(valueOf('stat-withdrawals')).toBe('৳3,200.00');
    expect(valueOf('stat-bets')).toBe('৳98,765.43');
    expect(screen.getByTestId('stat-bets-count').textContent).toBe('4,321');
    expect(valueOf('stat-wins')).toBe('৳45,000.10');
    expect(valueOf('stat-promotions')).toBe('৳88.80');
  });
});

describe('Team Overview: gross view chart', () => {
  it('draws one bar per day, titled and labelled, and switches series', async () => {
    stubApi({ agentTeamOverview: overview() });
    await renderPage();
    const chart = screen.getByRole('img', { name: 'Logins per day' });
    expect(chart.getAttribute('aria-describedby')).toBeTruthy();
    expect(bars()).toHaveLength(3);
    expect(bars().map((bar) => bar.getAttribute('data-value'))).toEqual(['10', '0', '25']);
    expect(bars().map((bar) => bar.querySelector('title')?.textContent)).toEqual(['03-03: 10', '03-04: 0', '03-05: 25']);
    // The highest day reaches the top of the axis; a zero day lies on the baseline.
    const heights = bars().map((bar) => Number(bar.getAttribute('height')));
    expect(heights[1]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[0]);
    expect(within(chart).getByText('Date')).toBeTruthy();
    expect(within(chart).getByText('Count')).toBeTruthy();
    expect(within(chart).getByText('03-04')).toBeTruthy();

    const picker = within(screen.getByTestId('chart-series'));
    expect(picker.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Logins',
      'Registrations',
      'First deposits',
      'Deposits',
      'Withdrawals',
      'Bets',
      'Promotions',
    ]);
    await click(picker.getByRole('button', { name: 'Deposits' }));
    expect(picker.getByRole('button', { name: 'Deposits' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('img', { name: 'Deposits per day' })).toBeTruthy();
    expect(bars().map((bar) => bar.getAttribute('data-value'))).toEqual(['500', '1500.25', '0']);
    expect(bars().map((bar) => bar.querySelector('title')?.textContent)).toEqual(['03-03: ৳500.00', '03-04: ৳1,500.25', '03-05: ৳0.00']);
    expect(within(screen.getByRole('img')).getByText('Amount (৳)')).toBeTruthy();
  });

  it('offers the same figures as a table', async () => {
    stubApi({ agentTeamOverview: overview() });
    await renderPage();
    await click(screen.getByTestId('chart-series-deposits'));
    await click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.getByRole('button', { name: 'Show as table' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('team-chart')).toBeNull();
    const table = screen.getByTestId('team-chart-table');
    expect(within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Date', 'Deposits'],
      ['03-03', '৳500.00'],
      ['03-04', '৳1,500.25'],
      ['03-05', '৳0.00'],
    ]);
    expect(table.querySelector('caption')?.textContent).toBe('From 03-03 to 03-05: highest ৳1,500.25 on 03-04');
    await click(screen.getByRole('button', { name: 'Show as table' }));
    expect(bars()).toHaveLength(3);
  });

  it('draws a single day as one bar', async () => {
    stubApi({ agentTeamOverview: overview({ days: [day('2025-03-05', { logins: 4 })] }) });
    await renderPage();
    expect(bars()).toHaveLength(1);
    const bar = bars()[0];
    expect(Number(bar.getAttribute('width'))).toBeGreaterThan(0);
    expect(Number(bar.getAttribute('height'))).toBeGreaterThan(0);
    // Centred in the plot, not stretched over it.
    const svgWidth = Number(screen.getByTestId('team-chart').getAttribute('viewBox')?.split(' ')[2]);
    expect(Number(bar.getAttribute('width'))).toBeLessThan(svgWidth / 4);
    expect(screen.queryByTestId('team-chart-empty')).toBeNull();
  });

  it('keeps the axis and a note for a period with nothing in it', async () => {
    const days = Array.from({ length: 31 }, (_, index) => day(`2025-01-${String(index + 1).padStart(2, '0')}`));
    stubApi({ agentTeamOverview: overview({ totals: ZERO, days }) });
    await renderPage();
    expect(bars()).toHaveLength(31);
    for (const bar of bars()) {
      expect(bar.getAttribute('height')).toBe('0');
      expect(Number.isFinite(Number(bar.getAttribute('y')))).toBe(true);
    }
    expect(screen.getByTestId('team-chart-empty').textContent).toBe('Nothing in this period');
    const chart = screen.getByTestId('team-chart');
    expect(chart.querySelector('desc')?.textContent).toBe('From 01-01 to 01-31: nothing in this period');
    expect(within(chart).getByText('0')).toBeTruthy();
    expect(within(chart).getByText('1')).toBeTruthy();
    // 31 date labels do not fit a 640 px plot: some are left out, evenly.
    const labels = within(chart).queryAllByText(/^01-\d\d$/);
    expect(labels.length).toBeGreaterThan(1);
    expect(labels.length).toBeLessThan(31);
    expect(valueOf('stat-deposits')).toBe('৳0.00');
  });
});
