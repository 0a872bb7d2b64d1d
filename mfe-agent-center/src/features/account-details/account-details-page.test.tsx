import { screen, within } from '@testing-library/react';
import { periodRange } from '@platform/shared/records';
import { apiFailure, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { cellsOf, change, click, DOWNLINES, renderAgentPage, setUpAgentTests } from '../../testing/agent-fixtures';
import AccountDetailsPage from './account-details-page';

// Account Details with the network edge stubbed: the downline picker (direct downlines searched,
// or a username of any depth), the member's records asked for with subordinateName, their
// columns and total, the filters sent, and a member outside the team.


const at = (month: number, day: number, hours: number, minutes: number, seconds: number) => new Date(2025, month - 1, day, hours, minutes, seconds).getTime();
const TRANSACTIONS = {
  list: [
    { txTypeId: 1001, txTypeName: 'Deposit', txTimeInTimestamp: at(3, 4, 5, 6, 7), amount: 1234567.5, currentAvailBalance: 1234600.5, orderNo: 'D42', remark: '', accountTypeId: 0 },
    { txTypeId: 8202, txTypeName: 'Transfer out', txTimeInTimestamp: at(12, 31, 23, 59, 58), amount: -0.5, currentAvailBalance: 0, orderNo: '77', remark: 'Main wallet → PG Soft', accountTypeId: 0 },
  ],
  totalPages: 2,
  footer: { amount: 1234567 },
};

setUpAgentTests();

const renderPage = () => renderAgentPage(AccountDetailsPage);

describe('Account Details: choosing a member', () => {
  it('lists the direct agents and players, and searches them by username', async () => {
    const { callsOf } = stubApi({ agentDownlines: (options: CallOptionsSeen) => (options?.params?.username ? { list: [], totalPages: 0 } : DOWNLINES) });
    await renderPage();
    expect(callsOf('agentDownlines').map((options) => options?.params)).toEqual([{ page: 1, size: 10 }]);
    const choices = within(screen.getByTestId('downline-choices'));
    expect(choices.getAllByRole('button').map((button) => button.textContent)).toEqual(['subagent5Agent', 'player6Player']);
    await change(screen.getByTestId('account-details-username'), ' zed ');
    await click(screen.getByTestId('account-details-search'));
    expect(callsOf('agentDownlines').at(-1)?.params).toEqual({ username: 'zed', page: 1, size: 10 });
    expect(screen.getByText('No direct downline matches this username')).toBeTruthy();
    expect(callsOf('memberTransactions')).toHaveLength(0);
  });

  it('reads a picked downline’s records with subordinateName: columns, money, total', async () => {
    const { callsOf } = stubApi({ agentDownlines: DOWNLINES, memberTransactions: TRANSACTIONS });
    await renderPage();
    await click(screen.getByTestId('downline-choice-6'));
    const today = periodRange('today');
    expect(callsOf('memberTransactions').map((options) => options?.params)).toEqual([
      { startTime: today.startMs, endTime: today.endMs, subordinateName: 'player6', page: 1, size: 13 },
    ]);
    expect(screen.getByTestId('account-details-username').textContent).toBe('player6');
    const table = screen.getByRole('table', { name: 'Transaction details of player6' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Transaction type',
      'Transaction time',
      'Amount',
      'Balance after',
      'Order number',
      'Remarks',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(cellsOf(rows[1])).toEqual(['Deposit', '03-04 05:06:07', '৳1,234,567.50', '৳1,234,600.50', 'D42', '-']);
    expect(cellsOf(rows[2])).toEqual(['Transfer out', '12-31 23:59:58', '-৳0.50', '৳0.00', '77', 'Main wallet → PG Soft']);
    expect(rows[3].textContent).toContain('Total');
    expect(rows[3].textContent).toContain('৳1,234,567.00');
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('reads a username of any depth typed in full', async () => {
    const { callsOf } = stubApi({ agentDownlines: DOWNLINES, memberTransactions: TRANSACTIONS });
    await renderPage();
    expect((screen.getByTestId('account-details-open') as HTMLButtonElement).disabled).toBe(true);
    await change(screen.getByTestId('account-details-username'), '  deep_player9 ');
    await click(screen.getByTestId('account-details-open'));
    expect(callsOf('memberTransactions')[0]?.params).toMatchObject({ subordinateName: 'deep_player9', page: 1, size: 13 });
    expect(screen.getByRole('table', { name: 'Transaction details of deep_player9' })).toBeTruthy();
    // Back to the picker.
    await click(screen.getByTestId('account-details-change'));
    expect(screen.getByTestId('downline-picker')).toBeTruthy();
  });
});

describe('Account Details: records', () => {
  it('sends the type filter and the period, offering the member centre’s types and periods', async () => {
    const { callsOf } = stubApi({ agentDownlines: DOWNLINES, memberTransactions: TRANSACTIONS });
    await renderPage();
    await click(screen.getByTestId('downline-choice-5'));
    const types = screen.getByTestId('account-details-type') as HTMLSelectElement;
    expect([...types.options].map((option) => option.value)).toEqual([
      'all',
      'deposit',
      'withdraw',
      'transfer',
      'adjustment',
      'bet',
      'bonus',
      'betting_rebate',
      'agent_rebate',
      'other',
    ]);
    await change(types, 'agent_rebate');
    expect(callsOf('memberTransactions').at(-1)?.params).toMatchObject({ subordinateName: 'subagent5', codeTypes: 'agent_rebate', page: 1 });
    const period = screen.getByLabelText('Period') as HTMLSelectElement;
    expect([...period.options].map((option) => option.value)).toEqual(['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek']);
    await change(period, 'lastWeek');
    const week = periodRange('lastWeek');
    expect(callsOf('memberTransactions').at(-1)?.params).toEqual({
      startTime: week.startMs,
      endTime: week.endMs,
      subordinateName: 'subagent5',
      codeTypes: 'agent_rebate',
      page: 1,
      size: 13,
    });
  });

  it('says a member outside the team is not in it, and goes back to the picker', async () => {
    const { callsOf } = stubApi({
      agentDownlines: DOWNLINES,
      memberTransactions: apiFailure('agent.downline.unknown', 'This member is not in your team', null, 404),
    });
    await renderPage();
    await change(screen.getByTestId('account-details-username'), 'stranger1');
    await click(screen.getByTestId('account-details-open'));
    expect(callsOf('memberTransactions')[0]?.params).toMatchObject({ subordinateName: 'stranger1' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This member is not in your team')).toBeTruthy();
    expect(alert.textContent).toContain('No member named stranger1 is in your team.');
    expect(screen.queryByRole('table')).toBeNull();
    await click(within(alert).getByRole('button', { name: 'Choose another member' }));
    expect(screen.getByTestId('downline-choices')).toBeTruthy();
  });
});
