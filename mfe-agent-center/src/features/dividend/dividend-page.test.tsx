import { fireEvent, screen, within } from '@testing-library/react';
import type { CallDefinition, DividendContract, DividendRecord } from '@platform/contract';
import { apiFailure, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { periodRange } from '@platform/shared/records';
import { click, confirmContractAction, directAgents, offerFieldErrors, renderAgentPage, rowsOf, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import DividendPage from '.';

// Bonus / Dividend with the network edge stubbed: the agent's own contract with its cycle and
// tiers on the team's net loss, the actions, the offer on the agent's own cycle with each tier
// checked against the agent's own (and the server's refusal shown in place), and the dividend
// records per period with the legacy page’s fields and the total.

const ACTION_PATH = '/wps/relay/MCSFE_processContractDividend';
const AT = new Date(2025, 4, 6, 7, 8, 9).getTime();
/** The agent's own tiers: 10 % from 10,000 net loss and 5 active, 20 % from 50,000 and 10, 30 % from 100,000 and 20. */
const OWN_TIERS = [
  { loss: 100000, active: 20, rate: 3000 },
  { loss: 10000, active: 5, rate: 1000 },
  { loss: 50000, active: 10, rate: 2000 },
];

const contract = (contractId: number, overrides: Partial<DividendContract> = {}): DividendContract => ({
  contractId,
  kind: 'dividend',
  uplineUsername: 'boss',
  downlineId: 1,
  downlineUsername: 'agent01',
  terms: { cycle: 'weekly', tiers: OWN_TIERS },
  state: 'active',
  terminateRequested: false,
  createdTime: AT,
  decidedTime: AT,
  awaitingMe: false,
  ...overrides,
});

const AGENTS = directAgents(AT);

setUpAgentTests();

/** Each action call as it went out: the row's path and the body sent. */
const sentActions = (call: jest.SpyInstance) =>
  call.mock.calls
    .filter(([row]) => (row as CallDefinition).name === 'agentDividendContractAction')
    .map(([row, options]) => ({ path: (row as CallDefinition).path, data: (options as CallOptionsSeen)?.data }));

const renderPage = () => renderAgentPage(DividendPage);

it('says how the dividend is paid and shows the agent’s own contract: cycle, tiers on net loss lowest first; answers it and asks to end it', async () => {
  let mine = contract(11, { state: 'pending', awaitingMe: true });
  const { call, callsOf } = stubApi({
    agentDividendContracts: () => ({ mine, downlines: [] }),
    agentDividendContractAction: () => contract(11),
  });
  await renderPage();
  expect(screen.getByTestId('dividend-rules').textContent).toContain("on your team's net loss (valid bets less wins, rebates and bonuses)");
  const card = screen.getByTestId('contract-11');
  expect(within(card).getByText('boss')).toBeTruthy();
  expect(screen.getByTestId('contract-11-state').textContent).toBe('Awaiting answer');
  expect(screen.getByTestId('contract-11-cycle').textContent).toBe('Weekly');
  expect(rowsOf(within(card).getByRole('table', { name: 'Tiers' }))).toEqual([
    'Team net loss ≥Active members ≥Rate',
    '৳10,000.00510.00%',
    '৳50,000.001020.00%',
    '৳100,000.002030.00%',
  ]);
  expect(within(card).getByText('This offer awaits your answer.')).toBeTruthy();

  await click(screen.getByTestId('contract-11-reject'));
  await confirmContractAction();
  mine = contract(11);
  await click(screen.getByTestId('contract-11-accept'));
  await confirmContractAction();
  expect(callsOf('agentDividendContracts')).toHaveLength(3);
  expect(screen.getByTestId('contract-11-state').textContent).toBe('Active');
  expect(screen.queryByTestId('contract-11-accept')).toBeNull();
  await click(screen.getByTestId('contract-11-terminate'));
  expect(screen.getByTestId('contract-confirm').textContent).toContain('It ends when the other side agrees.');
  await confirmContractAction();
  expect(sentActions(call)).toEqual([
    { path: ACTION_PATH, data: { action: 'reject', contractId: 11 } },
    { path: ACTION_PATH, data: { action: 'accept', contractId: 11 } },
    { path: ACTION_PATH, data: { action: 'terminate', contractId: 11 } },
  ]);
});

it('lists the contracts with direct downline agents, each with its cycle and tiers', async () => {
  stubApi({
    agentDividendContracts: {
      mine: contract(11),
      downlines: [
        contract(21, { uplineUsername: 'agent01', downlineId: 31, downlineUsername: 'sub1', terms: { cycle: 'weekly', tiers: [{ loss: 0, active: 0, rate: 550 }] } }),
        contract(22, { uplineUsername: 'agent01', downlineId: 32, downlineUsername: 'sub2', state: 'pending' }),
      ],
    },
  });
  await renderPage();
  await click(screen.getByRole('tab', { name: 'Downline contracts' }));
  expect(within(screen.getByTestId('contract-21')).getByText('sub1')).toBeTruthy();
  expect(screen.getByTestId('contract-21-cycle').textContent).toBe('Weekly');
  expect(rowsOf(screen.getByTestId('contract-21-tiers'))).toEqual(['Team net loss ≥Active members ≥Rate', '৳0.0005.50%']);
  expect(screen.getByTestId('contract-22-state').textContent).toBe('Awaiting answer');
  expect(within(screen.getByTestId('contract-22')).getByText('Waiting for the other side to answer the offer.')).toBeTruthy();
  expect(within(screen.getByTestId('contract-22')).queryAllByRole('button')).toHaveLength(0);
});

it('offers a contract on the agent’s own cycle: a tier above the agent’s own is refused in the form, the server’s refusal shows in place, then the tiers go out', async () => {
  let refusal: string | null = 'agent.contract.invalid';
  const { call, callsOf } = stubApi({
    agentDividendContracts: { mine: contract(11, { terms: { cycle: 'semimonthly', tiers: OWN_TIERS } }), downlines: [contract(21, { downlineId: 31, downlineUsername: 'sub1' })] },
    agentDownlines: AGENTS,
    agentDividendContractAction: () => {
      if (refusal) throw apiFailure(refusal, 'refused');
      return contract(23);
    },
  });
  await renderPage();
  await click(screen.getByRole('tab', { name: 'Downline contracts' }));
  await click(screen.getByTestId('offer-open'));
  const dialog = screen.getByTestId('offer-dialog');
  // sub1 has a dividend contract already: only sub3 is offered.
  expect([...(screen.getByTestId('offer-downlineId') as HTMLSelectElement).options].map((option) => option.textContent)).toEqual(['Choose a direct agent', 'sub3']);
  // The cycle is the agent's own, shown and not chosen.
  const cycle = screen.getByTestId('offer-cycle') as HTMLSelectElement;
  expect(cycle.value).toBe('semimonthly');
  expect(cycle.disabled).toBe(true);
  expect(within(dialog).getByText("A downline's contract is settled on your cycle.")).toBeTruthy();
  expect(rowsOf(within(dialog).getByRole('table', { name: "Your contract's tiers" }))).toHaveLength(4);
  expect(within(screen.getByTestId('offer-tier-1')).getByLabelText('Team net loss ≥')).toBeTruthy();

  typeInto('offer-downlineId', '33');
  // 10,000 with 5 active reaches the agent's 10 % tier: 12 % is above it.
  typeInto('offer-tier-1-loss', '10000');
  typeInto('offer-tier-1-active', '5');
  typeInto('offer-tier-1-rate', '12');
  expect(within(screen.getByTestId('offer-tier-1')).getByText('Your rate here: 10.00%')).toBeTruthy();
  await click(screen.getByTestId('offer-tier-add'));
  // 9,999.99 reaches none of the agent's tiers: it may pay nothing.
  typeInto('offer-tier-2-loss', '9999.99');
  typeInto('offer-tier-2-active', '50');
  typeInto('offer-tier-2-rate', '0.01');
  await click(screen.getByTestId('offer-submit'));
  expect(screen.getByTestId('offer-error').textContent).toBe('Check the tiers');
  expect(offerFieldErrors()).toEqual(['At most your own rate at these thresholds, 10.00%', 'At most your own rate at these thresholds, 0.00%']);
  expect(callsOf('agentDividendContractAction')).toHaveLength(0);

  typeInto('offer-tier-1-rate', '8.5');
  typeInto('offer-tier-2-loss', '100000.5');
  typeInto('offer-tier-2-active', '20');
  typeInto('offer-tier-2-rate', '30');
  await click(screen.getByTestId('offer-submit'));
  expect(screen.getByTestId('offer-error').textContent).toBe('These terms are above your own, or this agent cannot take a contract');
  expect(screen.getByTestId('offer-dialog')).toBeTruthy();
  refusal = null;
  await click(screen.getByTestId('offer-submit'));
  const offer = {
    path: ACTION_PATH,
    data: {
      action: 'create',
      downlineId: 33,
      terms: {
        cycle: 'semimonthly',
        tiers: [
          { loss: 10000, active: 5, rate: 850 },
          { loss: 100000.5, active: 20, rate: 3000 },
        ],
      },
    },
  };
  expect(sentActions(call)).toEqual([offer, offer]);
  expect(screen.queryByTestId('offer-dialog')).toBeNull();
  expect(callsOf('agentDividendContracts')).toHaveLength(2);
});

describe('dividend records', () => {
  const WEEK = new Date(2025, 4, 5).getTime();
  const DAY_MS = 86_400_000;
  const record = (overrides: Partial<DividendRecord>): DividendRecord => ({
    cycle: 'weekly',
    periodStart: WEEK,
    periodEnd: WEEK + 7 * DAY_MS,
    validBet: 200000,
    wins: 150000,
    rebates: 4000,
    promotions: 1000,
    netLoss: 45000,
    carriedIn: -5000.5,
    base: 39999.5,
    activeMembers: 12,
    rate: 1000,
    grossAmount: 3999.95,
    downlineAmount: 1000,
    amount: 2999.95,
    carriedOut: 0,
    status: 'disbursed',
    ...overrides,
  });

  it('lists the dividend per period with the legacy page’s fields, opening on last month, and the period’s total', async () => {
    const { callsOf } = stubApi({
      agentDividendContracts: { mine: contract(11), downlines: [] },
      agentDividendRecords: {
        list: [
          record({}),
          record({
            periodStart: WEEK - 7 * DAY_MS,
            periodEnd: WEEK,
            validBet: 1000,
            wins: 5000,
            rebates: 0.5,
            promotions: 0,
            netLoss: -4000.5,
            carriedIn: -1000,
            base: -5000.5,
            activeMembers: 3,
            rate: 0,
            grossAmount: 0,
            downlineAmount: 0,
            amount: 0,
            carriedOut: -5000.5,
            status: 'nothing_due',
          }),
          record({ cycle: 'daily', periodStart: WEEK - 8 * DAY_MS, periodEnd: WEEK - 7 * DAY_MS }),
        ],
        totalPages: 1,
        footer: { amount: 5999.9 },
      },
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Dividend records' }));
    const lastMonth = periodRange('lastMonth');
    expect(callsOf('agentDividendRecords')[0]?.params).toEqual({ startDate: lastMonth.startMs, endDate: lastMonth.endMs, page: 1, size: 10 });
    const table = screen.getByRole('table', { name: 'Dividend records' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Period',
      'Period valid bet',
      'Wins',
      'Player rebate',
      'Promotion bonus',
      'Period P&L',
      'Carried forward P&L',
      'Dividend base',
      'Active members',
      'Rate',
      'Team dividend amount',
      'Downline dividends to pay',
      'Net amount received',
      'Carried to next period',
      'Status',
    ]);
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual([
      '2025-05-05 – 2025-05-11 Weekly',
      '৳200,000.00',
      '৳150,000.00',
      '৳4,000.00',
      '৳1,000.00',
      '৳45,000.00',
      '-৳5,000.50',
      '৳39,999.50',
      '12',
      '10.00%',
      '৳3,999.95',
      '৳1,000.00',
      '৳2,999.95',
      '৳0.00',
      'Disbursed',
    ]);
    // A period the team won: nothing due, its loss carried out.
    expect(cells(rows[2])).toEqual([
      '2025-04-28 – 2025-05-04 Weekly',
      '৳1,000.00',
      '৳5,000.00',
      '৳0.50',
      '৳0.00',
      '-৳4,000.50',
      '-৳1,000.00',
      '-৳5,000.50',
      '3',
      '0.00%',
      '৳0.00',
      '৳0.00',
      '৳0.00',
      '-৳5,000.50',
      'Nothing due',
    ]);
    // A daily period shows its one day.
    expect(cells(rows[3])[0]).toBe('2025-04-27 Daily');
    const totals = rows[4];
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cells(totals)).toEqual(['', '', '', '', '', '', '', '', '', '', '', '৳5,999.90', '', '']);

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'thisWeek' } });
    await settle();
    const thisWeek = periodRange('thisWeek');
    expect(callsOf('agentDividendRecords').at(-1)?.params).toEqual({ startDate: thisWeek.startMs, endDate: thisWeek.endMs, page: 1, size: 10 });
  });

  it('says when there is no contract, no downline contract and no dividend in the period', async () => {
    stubApi({
      agentDividendContracts: { mine: null, downlines: [] },
      agentDividendRecords: { list: [], totalPages: 0, footer: { amount: 0 } },
    });
    await renderPage();
    expect(screen.getByTestId('no-contract').textContent).toContain('You have no dividend contract');
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    expect(screen.getByTestId('offer-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('offer-open')).toBeNull();
    expect(screen.getByText('None of your direct agents has a contract yet')).toBeTruthy();
    await click(screen.getByRole('tab', { name: 'Dividend records' }));
    expect(screen.getByText('No dividend in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
