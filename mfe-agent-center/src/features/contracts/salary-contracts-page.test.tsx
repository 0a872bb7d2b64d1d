import { fireEvent, screen, within } from '@testing-library/react';
import type { CallDefinition, SalaryContract, SalaryKind } from '@platform/contract';
import { apiFailure, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { periodRange } from '@platform/shared/records';
import type { ComponentType } from 'react';
import { click, confirmContractAction, directAgents, offerFieldErrors, renderAgentPage, rowsOf, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import DailySalaryPage from '../daily-salary';
import HourlySalaryPage from '../hourly-salary';

// Daily Wages and Hourly Salary with the network edge stubbed: the rule in one line, the contract
// with its tiers, the actions sent to each kind's own path, the offer's tiers checked against the
// agent's own at each tier's thresholds and sent in major units and 0.01 % units, and the salary
// records per period with the total.

interface KindCase {
  kind: SalaryKind;
  Page: ComponentType<AgentCenterPageProps>;
  testId: string;
  contractsCall: 'agentDailySalaryContracts' | 'agentHourlySalaryContracts';
  actionCall: 'agentDailySalaryContractAction' | 'agentHourlySalaryContractAction';
  recordsCall: 'agentDailySalaryRecords' | 'agentHourlySalaryRecords';
  actionPath: string;
  recordsPath: string;
  rules: string;
  noContract: string;
  /** One record's period: its start, its end, and how the table shows it. */
  period: { startMs: number; endMs: number; text: string };
}

const DAY = new Date(2025, 4, 6).getTime();
const HOUR = new Date(2025, 4, 6, 7).getTime();
const KINDS: KindCase[] = [
  {
    kind: 'daily',
    Page: DailySalaryPage,
    testId: 'daily-salary',
    contractsCall: 'agentDailySalaryContracts',
    actionCall: 'agentDailySalaryContractAction',
    recordsCall: 'agentDailySalaryRecords',
    actionPath: '/wps/relay/MCSFE_processDailySalaryContract',
    recordsPath: '/wps/relay/agentDailySalary',
    rules: "Daily salary is paid after each day ends, on your team's betting that day at the highest tier it reached, less what your direct downline agents' contracts earn.",
    noContract: 'You have no daily salary contract',
    period: { startMs: DAY, endMs: DAY + 86_400_000, text: '2025-05-06' },
  },
  {
    kind: 'hourly',
    Page: HourlySalaryPage,
    testId: 'hourly-salary',
    contractsCall: 'agentHourlySalaryContracts',
    actionCall: 'agentHourlySalaryContractAction',
    recordsCall: 'agentHourlySalaryRecords',
    actionPath: '/wps/relay/MCSFE_processContractHourSalary',
    recordsPath: '/wps/relay/agentHourSalary',
    rules: "Hourly salary is paid after each hour ends, on your team's betting that hour at the highest tier it reached, less what your direct downline agents' contracts earn.",
    noContract: 'You have no hourly salary contract',
    period: { startMs: HOUR, endMs: HOUR + 3_600_000, text: '2025-05-06 07:00–08:00' },
  },
];

const AT = new Date(2025, 4, 6, 7, 8, 9).getTime();
/** The agent's own tiers: 1 % from 1,000 and 5 active, 1.2 % from 5,000, 1.5 % from 10,000 and 20 active. */
const OWN_TIERS = [
  { bet: 10000, active: 20, rate: 150 },
  { bet: 1000, active: 5, rate: 100 },
  { bet: 5000, active: 0, rate: 120 },
];

setUpAgentTests();


describe.each(KINDS)('$kind salary page', ({ kind, Page, testId, contractsCall, actionCall, recordsCall, actionPath, recordsPath, rules, noContract, period }) => {
  const contract = (contractId: number, overrides: Partial<SalaryContract> = {}): SalaryContract => ({
    contractId,
    kind,
    uplineUsername: 'boss',
    downlineId: 1,
    downlineUsername: 'agent01',
    terms: { tiers: OWN_TIERS },
    state: 'active',
    terminateRequested: false,
    createdTime: AT,
    decidedTime: AT,
    awaitingMe: false,
    ...overrides,
  });

  /** Each call of one name as it went out: the row's path and the body sent. */
  const sent = (call: jest.SpyInstance, name: string) =>
    call.mock.calls.filter(([row]) => (row as CallDefinition).name === name).map(([row, options]) => ({ path: (row as CallDefinition).path, data: (options as CallOptionsSeen)?.data }));

  const renderPage = () => renderAgentPage(Page);

  it('says in one line how the salary is paid, and shows the agent’s own contract with its tiers, lowest first', async () => {
    stubApi({ [contractsCall]: { mine: contract(11, { uplineUsername: null }), downlines: [] } });
    await renderPage();
    expect(screen.getByTestId(`${testId}-rules`).textContent).toBe(rules);
    const card = screen.getByTestId('contract-11');
    expect(within(card).getByText('Platform')).toBeTruthy();
    expect(screen.getByTestId('contract-11-state').textContent).toBe('Active');
    expect(rowsOf(within(card).getByRole('table', { name: 'Tiers' }))).toEqual([
      'Team betting ≥Active members ≥Rate',
      '৳1,000.0051.00%',
      '৳5,000.0001.20%',
      '৳10,000.00201.50%',
    ]);
  });

  it(`answers an offer and asks to end the contract through ${actionPath}, with the contract's id`, async () => {
    let mine = contract(11, { state: 'pending', awaitingMe: true });
    const { call, callsOf } = stubApi({
      [contractsCall]: () => ({ mine, downlines: [] }),
      [actionCall]: () => contract(11),
    });
    await renderPage();
    expect(screen.queryByTestId('contract-11-terminate')).toBeNull();
    await click(screen.getByTestId('contract-11-reject'));
    expect(screen.getByTestId('contract-confirm').textContent).toContain('Reject this contract?');
    await confirmContractAction();
    mine = contract(11);
    await click(screen.getByTestId('contract-11-accept'));
    await confirmContractAction();
    // Reloaded after each answer: now active, the agent may only ask to end it.
    expect(callsOf(contractsCall)).toHaveLength(3);
    expect(screen.queryByTestId('contract-11-accept')).toBeNull();
    await click(screen.getByTestId('contract-11-terminate'));
    expect(screen.getByTestId('contract-confirm').textContent).toContain('It ends when the other side agrees.');
    await confirmContractAction();
    expect(sent(call, actionCall)).toEqual([
      { path: actionPath, data: { action: 'reject', contractId: 11 } },
      { path: actionPath, data: { action: 'accept', contractId: 11 } },
      { path: actionPath, data: { action: 'terminate', contractId: 11 } },
    ]);
  });

  it('lists the downline contracts; a termination the downline asked for awaits the agent', async () => {
    const { call } = stubApi({
      [contractsCall]: {
        mine: contract(11),
        downlines: [
          contract(21, { uplineUsername: 'agent01', downlineId: 31, downlineUsername: 'sub1', terminateRequested: true, awaitingMe: true, terms: { tiers: [{ bet: 0, active: 0, rate: 50 }] } }),
          contract(22, { uplineUsername: 'agent01', downlineId: 32, downlineUsername: 'sub2', state: 'pending' }),
        ],
      },
      [actionCall]: () => contract(21),
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    expect(screen.getByTestId('contract-21-state').textContent).toBe('Active');
    expect(within(screen.getByTestId('contract-21')).getByText('Ending requested')).toBeTruthy();
    expect(rowsOf(screen.getByTestId('contract-21-tiers'))).toEqual(['Team betting ≥Active members ≥Rate', '৳0.0000.50%']);
    expect(screen.getByTestId('contract-22-state').textContent).toBe('Awaiting answer');
    expect(within(screen.getByTestId('contract-22')).queryAllByRole('button')).toHaveLength(0);
    await click(screen.getByTestId('contract-21-reject'));
    expect(screen.getByTestId('contract-confirm').textContent).toContain('Refuse to end this contract?');
    await confirmContractAction();
    expect(sent(call, actionCall)).toEqual([{ path: actionPath, data: { action: 'reject', contractId: 21 } }]);
  });

  it('offers no contract form until the agent’s own contract is active', async () => {
    stubApi({ [contractsCall]: { mine: null, downlines: [] } });
    await renderPage();
    expect(screen.getByTestId('no-contract').textContent).toContain(noContract);
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    expect(screen.getByTestId('offer-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('offer-open')).toBeNull();
  });

  describe('offering a contract', () => {
    const agents = directAgents(AT);

    it('checks each tier’s rate against the agent’s own at that tier’s thresholds, then sends major units and 0.01 % units', async () => {
      let refusal: string | null = 'agent.contract.invalid';
      const { call, callsOf } = stubApi({
        [contractsCall]: { mine: contract(11), downlines: [contract(21, { downlineId: 31, downlineUsername: 'sub1' })] },
        agentDownlines: agents,
        [actionCall]: () => {
          if (refusal) throw apiFailure(refusal, 'refused');
          return contract(23);
        },
      });
      await renderPage();
      await click(screen.getByRole('tab', { name: 'Downline contracts' }));
      await click(screen.getByTestId('offer-open'));
      expect(callsOf('agentDownlines')[0]?.params).toEqual({ accountType: 'agent', page: 1, size: 100 });
      // sub1 has a contract of this kind already: only sub3 is offered.
      const picker = screen.getByTestId('offer-downlineId') as HTMLSelectElement;
      expect([...picker.options].map((option) => option.textContent)).toEqual(['Choose a direct agent', 'sub3']);
      // The agent's own tiers are shown to offer within.
      expect(rowsOf(within(screen.getByTestId('offer-dialog')).getByRole('table', { name: "Your contract's tiers" }))).toHaveLength(4);

      await click(screen.getByTestId('offer-submit'));
      expect(offerFieldErrors()).toEqual(['Choose a direct agent', 'Enter a value', 'Enter a value', 'Enter a value']);

      typeInto('offer-downlineId', '33');
      typeInto('offer-tier-1-bet', '1000.555');
      typeInto('offer-tier-1-active', '2.5');
      typeInto('offer-tier-1-rate', '0.555');
      await click(screen.getByTestId('offer-submit'));
      expect(screen.getByTestId('offer-error').textContent).toBe('Check the tiers');
      expect(offerFieldErrors()).toEqual([
        'Enter an amount from 0 to 1,000,000,000 with at most two decimals',
        'Enter a whole number from 0 to 1,000,000',
        'Enter a percentage from 0 to 100 with at most two decimals',
      ]);

      // 1,000 with 4 active reaches none of the agent's tiers: it may pay nothing.
      typeInto('offer-tier-1-bet', '1000');
      typeInto('offer-tier-1-active', '4');
      typeInto('offer-tier-1-rate', '0.01');
      expect(within(screen.getByTestId('offer-tier-1')).getByText('Your rate here: 0.00%')).toBeTruthy();
      await click(screen.getByTestId('offer-submit'));
      expect(offerFieldErrors()).toEqual(['At most your own rate at these thresholds, 0.00%']);

      typeInto('offer-tier-1-active', '5');
      typeInto('offer-tier-1-rate', '0.8');
      await click(screen.getByTestId('offer-tier-add'));
      // 10,000.50 with 19 active: the agent's 1.20 % tier (5,000), not its 1.50 % one (20 active).
      typeInto('offer-tier-2-bet', '10000.50');
      typeInto('offer-tier-2-active', '19');
      typeInto('offer-tier-2-rate', '1.5');
      await click(screen.getByTestId('offer-submit'));
      expect(offerFieldErrors()).toEqual(['At most your own rate at these thresholds, 1.20%']);
      typeInto('offer-tier-2-active', '20');
      await click(screen.getByTestId('offer-tier-add'));
      typeInto('offer-tier-3-bet', '1');
      await click(screen.getByRole('button', { name: 'Remove tier 3' }));
      expect(screen.queryByTestId('offer-tier-3')).toBeNull();
      expect(callsOf(actionCall)).toHaveLength(0);

      await click(screen.getByTestId('offer-submit'));
      expect(screen.getByTestId('offer-error').textContent).toBe('These terms are above your own, or this agent cannot take a contract');
      refusal = 'agent.contract.exists';
      await click(screen.getByTestId('offer-submit'));
      expect(screen.getByTestId('offer-error').textContent).toBe('This agent already has a contract');
      refusal = null;
      await click(screen.getByTestId('offer-submit'));
      const offer = {
        path: actionPath,
        data: {
          action: 'create',
          downlineId: 33,
          terms: {
            tiers: [
              { bet: 1000, active: 5, rate: 80 },
              { bet: 10000.5, active: 20, rate: 150 },
            ],
          },
        },
      };
      expect(sent(call, actionCall)).toEqual([offer, offer, offer]);
      for (const { data } of sent(call, actionCall)) {
        const { tiers } = (data as { terms: { tiers: { active: number; rate: number }[] } }).terms;
        for (const tier of tiers) expect(Number.isInteger(tier.rate) && Number.isInteger(tier.active)).toBe(true);
      }
      expect(screen.queryByTestId('offer-dialog')).toBeNull();
      // The list is asked for again after the offer.
      expect(callsOf(contractsCall)).toHaveLength(2);
    });

    it('takes 1 to 20 tiers', async () => {
      stubApi({ [contractsCall]: { mine: contract(11), downlines: [] }, agentDownlines: agents });
      await renderPage();
      await click(screen.getByRole('tab', { name: 'Downline contracts' }));
      await click(screen.getByTestId('offer-open'));
      expect((screen.getByTestId('offer-tier-1-remove') as HTMLButtonElement).disabled).toBe(true);
      for (let count = 1; count < 20; count += 1) await click(screen.getByTestId('offer-tier-add'));
      expect(within(screen.getByRole('list', { name: 'Tiers' })).getAllByRole('group')).toHaveLength(20);
      expect((screen.getByTestId('offer-tier-add') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('offer-tier-1-remove') as HTMLButtonElement).disabled).toBe(false);
    });
  });

  it('lists the salary per period with the legacy page’s columns and the period’s total', async () => {
    const { call, callsOf } = stubApi({
      [contractsCall]: { mine: contract(11), downlines: [] },
      [recordsCall]: {
        list: [
          { periodStart: period.startMs, periodEnd: period.endMs, teamBetting: 12345.6, activeMembers: 21, rate: 150, grossAmount: 185.18, downlineAmount: 61.73, amount: 123.45 },
          { periodStart: period.startMs - 1, periodEnd: period.startMs, teamBetting: 1000, activeMembers: 5, rate: 100, grossAmount: 10, downlineAmount: 0, amount: 10 },
        ],
        totalPages: 1,
        footer: { amount: 133.45 },
      },
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Salary records' }));
    const today = periodRange('today');
    expect(callsOf(recordsCall)[0]?.params).toEqual({ startDate: today.startMs, endDate: today.endMs, page: 1, size: 10 });
    expect(call.mock.calls.filter(([row]) => (row as CallDefinition).name === recordsCall).map(([row]) => (row as CallDefinition).path)).toEqual([recordsPath]);
    const table = screen.getByRole('table', { name: 'Salary records' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Period',
      'Team betting',
      'Active members',
      'Rate',
      'Gross amount',
      'Downline amount',
      'My salary',
    ]);
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual([period.text, '৳12,345.60', '21', '1.50%', '৳185.18', '৳61.73', '৳123.45']);
    expect(cells(rows[2])[3]).toBe('1.00%');
    const totals = rows[3];
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cells(totals)).toEqual(['', '', '', '', '', '৳133.45']);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'lastMonth' } });
    await settle();
    const lastMonth = periodRange('lastMonth');
    expect(callsOf(recordsCall).at(-1)?.params).toEqual({ startDate: lastMonth.startMs, endDate: lastMonth.endMs, page: 1, size: 10 });
  });
});
