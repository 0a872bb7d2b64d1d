import { screen, within } from '@testing-library/react';
import { agentTransferDownlineCall, type AgentDownline } from '@platform/contract';
import { apiFailure, recordCommands, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { cellsOf, click, renderAgentPage, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import DownlineManagementPage from './downline-management-page';

// Team Management with the network edge stubbed: the tabs and search sent, the columns, and what
// each action sends (promote, remark, block/unblock, transfer with its Idempotency-Key).

const AT = new Date(2025, 0, 2, 3, 4, 5).getTime();
const downline = (memberId: number, overrides: Partial<AgentDownline> = {}): AgentDownline => ({
  memberId,
  username: `member${memberId}`,
  accountType: 'agent',
  uplineUsername: 'agent01',
  teamSize: 12,
  rebateSeries: 1940,
  online: true,
  lastLoginTime: AT,
  lastDepositTime: null,
  balance: 1234.5,
  teamBalance: 98765.43,
  registrationTime: AT,
  registrationMethod: 'affiliate_link',
  status: 'active',
  remark: 'top seller',
  ...overrides,
});
const page = (...rows: AgentDownline[]) => ({ list: rows, totalPages: 1 });
const balances = (main: number) => ({
  balances: [{ accountTypeId: 0, accountTypeName: 'MAIN', availBalance: main }],
  sumBalance: main,
  currency: 'BDT',
  currencySymbol: '৳',
});

setUpAgentTests();

const renderPage = () => renderAgentPage(DownlineManagementPage);

const confirmIn = async (testId: string, name: string) => click(within(screen.getByTestId(testId)).getByRole('button', { name }));

describe('Team Management', () => {
  it('asks for direct agents, then direct players, and searches a username within the tab', async () => {
    const { callsOf } = stubApi({ agentDownlines: page() });
    await renderPage();
    expect(callsOf('agentDownlines').map((options) => options?.params)).toEqual([{ accountType: 'agent', page: 1, size: 10 }]);
    await click(screen.getByRole('tab', { name: 'Direct players' }));
    expect(callsOf('agentDownlines').at(-1)?.params).toEqual({ accountType: 'player', page: 1, size: 10 });
    expect(screen.getByText('No downlines here yet')).toBeTruthy();
    typeInto('downline-search-username', ' ali ');
    await click(screen.getByTestId('downline-search-submit'));
    expect(callsOf('agentDownlines').at(-1)?.params).toEqual({ accountType: 'player', username: 'ali', page: 1, size: 10 });
    expect(screen.getByText('No downline matches this username')).toBeTruthy();
  });

  it('shows each downline’s figures in the legacy page’s columns', async () => {
    stubApi({ agentDownlines: page(downline(5), downline(6, { online: false, lastLoginTime: null, rebateSeries: null, status: 'blocked', remark: '', registrationMethod: 'agent_creation' })) });
    await renderPage();
    const table = screen.getByRole('table', { name: 'Direct agents' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Type',
      'Team size',
      'Rebate series',
      'Online',
      'Last login',
      'Last deposit',
      'Balance',
      'Team balance',
      'Registration date',
      'Registration method',
      'Status',
      'Remark',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[0])).toEqual([
      'member5',
      'Agent',
      '12',
      '1940',
      'Online',
      '2025-01-02 03:04:05',
      '-',
      '৳1,234.50',
      '৳98,765.43',
      '2025-01-02 03:04:05',
      'Affiliate URL',
      'Normal',
      'top seller',
      'Update remarkBlockTransfer',
    ]);
    expect(cellsOf(rows[1]).slice(3, 6)).toEqual(['-', 'Offline', '-']);
    expect(cellsOf(rows[1]).slice(10)).toEqual(['Agent creation', 'Blocked', '-', 'Update remarkUnblockTransfer']);
  });

  it('sets a player as agent after the confirmation, and reloads the list', async () => {
    const { callsOf } = stubApi({ agentDownlines: page(downline(7, { accountType: 'player' })), agentPromote: null });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Direct players' }));
    await click(screen.getByTestId('downline-promote-7'));
    expect(screen.getByTestId('downline-confirm').textContent).toContain('Make member7 an agent?');
    await confirmIn('downline-confirm', 'Set as agent');
    expect(callsOf('agentPromote').map((options) => options?.data)).toEqual([{ memberId: 7 }]);
    expect(callsOf('agentDownlines')).toHaveLength(3);
  });

  it('blocks and unblocks after the confirmation', async () => {
    const { callsOf } = stubApi({ agentDownlines: page(downline(5), downline(6, { status: 'blocked' })), agentDownlineStatus: null });
    await renderPage();
    expect(screen.queryByTestId('downline-promote-5')).toBeNull();
    await click(screen.getByTestId('downline-status-5'));
    await confirmIn('downline-confirm', 'Cancel');
    expect(callsOf('agentDownlineStatus')).toHaveLength(0);
    await click(screen.getByTestId('downline-status-5'));
    await confirmIn('downline-confirm', 'Block');
    await click(screen.getByTestId('downline-status-6'));
    await confirmIn('downline-confirm', 'Unblock');
    expect(callsOf('agentDownlineStatus').map((options) => options?.data)).toEqual([
      { memberId: 5, status: 'blocked' },
      { memberId: 6, status: 'active' },
    ]);
  });

  it('updates a remark in its dialog', async () => {
    const { callsOf } = stubApi({ agentDownlines: page(downline(5)), agentDownlineRemark: null });
    await renderPage();
    await click(screen.getByTestId('downline-remark-5'));
    const input = screen.getByTestId('remark-remark') as HTMLInputElement;
    expect(input.value).toBe('top seller');
    typeInto('remark-remark', '  pays on time ');
    await click(screen.getByTestId('remark-save'));
    expect(callsOf('agentDownlineRemark').map((options) => options?.data)).toEqual([{ memberId: 5, remark: 'pays on time' }]);
    expect(screen.queryByTestId('remark-dialog')).toBeNull();
  });
});

describe('Transfer to downline', () => {
  const keyOf = (options: CallOptionsSeen) => options?.headers?.['Idempotency-Key'];
  const openTransfer = async () => click(screen.getByTestId('downline-transfer-5'));
  const fill = (amount: string, password: string, remark = '') => {
    typeInto('transfer-amount', amount);
    typeInto('transfer-password', password);
    typeInto('transfer-remark', remark);
  };
  const submitAndConfirm = async () => {
    await click(screen.getByTestId('transfer-submit'));
    await confirmIn('transfer-confirm', 'Confirm');
  };

  it('shows the agent’s balance, checks the form, then sends the encrypted transfer with an Idempotency-Key and refreshes list and header balance', async () => {
    const commands = recordCommands('refreshBalance', 'toast');
    const { call, callsOf } = stubApi({
      agentDownlines: page(downline(5)),
      allWalletBalance: balances(500),
      agentTransferDownline: { transferAmount: 100.5, balance: 399.5 },
    });
    await renderPage();
    await openTransfer();
    expect(screen.getByTestId('transfer-dialog').textContent).toContain('Transfer to member5');
    expect(screen.getByTestId('transfer-balance').textContent).toBe('৳500.00');
    await click(screen.getByTestId('transfer-submit'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter an amount', 'The payment password is 6 digits']);
    fill('500.01', '135790');
    await click(screen.getByTestId('transfer-submit'));
    expect(screen.getByRole('alert').textContent).toBe('The amount is more than your main wallet holds (৳500.00)');
    fill('100.5', '135790', ' weekly ');
    await click(screen.getByTestId('transfer-submit'));
    expect(screen.getByTestId('transfer-confirm-amount').textContent).toBe('৳100.50');
    expect(callsOf('agentTransferDownline')).toHaveLength(0);
    await confirmIn('transfer-confirm', 'Confirm');

    const sent = callsOf('agentTransferDownline');
    expect(sent.map((options) => options?.data)).toEqual([{ memberId: 5, transferAmount: 100.5, password: '135790', remark: 'weekly' }]);
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(call.mock.calls.find(([row]) => row.name === 'agentTransferDownline')?.[0]).toBe(agentTransferDownlineCall);
    expect(agentTransferDownlineCall.encrypted).toBe(true);
    expect(commands.commands).toEqual([
      { type: 'toast', level: 'success', message: '৳100.50 sent to member5' },
      { type: 'refreshBalance' },
    ]);
    expect(screen.queryByTestId('transfer-dialog')).toBeNull();
    expect(callsOf('agentDownlines')).toHaveLength(2);
    commands.stop();
  });

  it('explains a wrong payment password, a missing one (with a way to My Account) and a short balance; the same key is kept only while the outcome is unknown', async () => {
    const commands = recordCommands('openMemberCenter');
    const answers = ['network.error', 'invalid.payment.pw', 'not.exists.payment.password', 'agent.insufficient.funds'];
    const { callsOf } = stubApi({
      agentDownlines: page(downline(5)),
      allWalletBalance: balances(500),
      agentTransferDownline: () => {
        const code = answers[callsOf('agentTransferDownline').length - 1];
        throw code === 'network.error' ? apiFailure(code, 'Network error', null, 0) : apiFailure(code, `server: ${code}`);
      },
    });
    await renderPage();
    await openTransfer();
    fill('100', '111111');
    await submitAndConfirm();
    expect(screen.getByTestId('transfer-error').textContent).toBe('Network error');
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('The payment password is wrong');
    typeInto('transfer-password', '222222');
    await submitAndConfirm();
    expect(screen.getByTestId('transfer-error').textContent).toBe('You have no payment password yet: set one in My Account first');
    await click(screen.getByTestId('transfer-set-password'));
    expect(commands.commands).toEqual([{ type: 'openMemberCenter', page: 'securityCenter' }]);
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('Your balance does not cover this transfer');
    const keys = callsOf('agentTransferDownline').map(keyOf);
    // No answer to the first: the retry may be the same transfer, so the same key; after an answer, a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).not.toBe(keys[2]);
    commands.stop();
  });
});
