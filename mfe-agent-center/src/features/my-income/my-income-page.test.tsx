import { screen, within } from '@testing-library/react';
import type { AgentIncome } from '@platform/contract';
import { apiFailure, settle, stubApi } from '@platform/shared/testing';
import { cellsOf, click, PERIOD_TABS, periodOf, renderAgentPage, setUpAgentTests, valueOf } from '../../testing/agent-fixtures';
import MyIncomePage from './my-income-page';

// My Income with the network edge stubbed: the period sent as days of the agent time zone (asked
// again in the merchant's own), the totals by kind as money, the days with income, a quiet period
// and a failure shown in place.

type Figures = AgentIncome['totals'];
const ZERO: Figures = { lotteryRebate: 0, agentRebate: 0, dividend: 0, dailySalary: 0, hourlySalary: 0, realtimeSalary: 0, total: 0 };

const income = (overrides: Partial<AgentIncome> = {}): AgentIncome => ({
  utcOffsetMinutes: 480,
  totals: { lotteryRebate: 12.5, agentRebate: 1234.56, dividend: 5000, dailySalary: 300, hourlySalary: 45.25, realtimeSalary: 0.75, total: 6593.06 },
  days: [
    { date: '2025-03-05', ...ZERO, lotteryRebate: 2.5, agentRebate: 34.56, realtimeSalary: 0.75, total: 37.81 },
    { date: '2025-03-04', ...ZERO, lotteryRebate: 10, agentRebate: 1200, dividend: 5000, dailySalary: 300, hourlySalary: 45.25, total: 6555.25 },
  ],
  ...overrides,
});

/** The kinds of income as the cards and the days table name them, Total Income last. */
const KIND_NAMES = [
  'Rebate of Lotto Gameplay',
  'Lottery Agent Rebate',
  'Dividend',
  'Daily Salary',
  'Hourly Salary',
  'Real-time Salary',
  'Total Income',
];

setUpAgentTests();

const renderPage = () => renderAgentPage(MyIncomePage);

describe('My Income: periods', () => {
  it('asks for today in GMT+8 first, and for each tab’s days when it is chosen', async () => {
    const { callsOf } = stubApi({ agentIncome: income() });
    await renderPage();
    expect(callsOf('agentIncome').map((options) => options?.params)).toEqual([periodOf('today')]);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(PERIOD_TABS.map(([name]) => name));
    for (const [name, period] of PERIOD_TABS.slice(1)) {
      await click(screen.getByRole('tab', { name }));
      expect(callsOf('agentIncome').at(-1)?.params).toEqual(periodOf(period));
    }
    expect(callsOf('agentIncome')).toHaveLength(7);
    expect(screen.getByTestId('income-zone').textContent).toBe('Data are in GMT+8');
  });

  it('asks again in the merchant’s own agent time zone when the answer names another', async () => {
    const { callsOf } = stubApi({ agentIncome: income({ utcOffsetMinutes: 420 }) });
    await renderPage();
    await settle();
    const calls = callsOf('agentIncome');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.params).toEqual(periodOf('today', 420));
    expect(screen.getByTestId('income-zone').textContent).toBe('Data are in GMT+7');
  });
});

describe('My Income: figures', () => {
  it('shows the period’s income by kind as money, Total Income last', async () => {
    stubApi({ agentIncome: income() });
    await renderPage();
    expect(within(screen.getByTestId('income-totals')).getAllByRole('term').map((term) => term.textContent)).toEqual(KIND_NAMES);
    expect(valueOf('income-lotteryRebate')).toBe('৳12.50');
    expect(valueOf('income-agentRebate')).toBe('৳1,234.56');
    expect(valueOf('income-dividend')).toBe('৳5,000.00');
    expect(valueOf('income-dailySalary')).toBe('৳300.00');
    expect(valueOf('income-hourlySalary')).toBe('৳45.25');
    expect(valueOf('income-realtimeSalary')).toBe('৳0.75');
    expect(valueOf('income-total')).toBe('৳6,593.06');
  });

  it('lists the days with income, newest first, with each kind', async () => {
    stubApi({ agentIncome: income() });
    await renderPage();
    const table = screen.getByRole('table', { name: 'Income per day' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Date', ...KIND_NAMES]);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(cellsOf(rows[1])).toEqual(['2025-03-05', '৳2.50', '৳34.56', '৳0.00', '৳0.00', '৳0.00', '৳0.75', '৳37.81']);
    expect(cellsOf(rows[2])).toEqual(['2025-03-04', '৳10.00', '৳1,200.00', '৳5,000.00', '৳300.00', '৳45.25', '৳0.00', '৳6,555.25']);
    // One answer holds every day: no pages.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says when the period has no income, the totals at zero', async () => {
    stubApi({ agentIncome: income({ totals: ZERO, days: [] }) });
    await renderPage();
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(screen.getByTestId('income-days')).getByText('No income in this period')).toBeTruthy();
    expect(valueOf('income-total')).toBe('৳0.00');
  });
});

describe('My Income: failures', () => {
  it('says in place when the income could not be loaded, and retries', async () => {
    let fail = true;
    const { callsOf } = stubApi({ agentIncome: () => (fail ? apiFailure('agent.only', 'Only agents can do this', null, 403) : income()) });
    await renderPage();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Your income could not be loaded')).toBeTruthy();
    expect(within(alert).getByText('Only agents can do this')).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(7);
    fail = false;
    await click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(callsOf('agentIncome')).toHaveLength(2);
    expect(valueOf('income-total')).toBe('৳6,593.06');
  });
});
