import { fireEvent, screen, within } from '@testing-library/react';
import type { AgentContract, LotteryGame } from '@platform/contract';
import { apiFailure, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { periodRange } from '@platform/shared/records';
import { click, confirmContractAction, directAgents, renderAgentPage, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import RealtimeSalaryPage from './realtime-salary-page';

// Real-time Salary with the network edge stubbed: the rule in one line, the contract actions and
// their bodies, the offer checked against the agent's own terms and sent in 0.01 % units, and the
// wage records with their totals.

const AT = new Date(2025, 4, 6, 7, 8, 9).getTime();
const contract = (contractId: number, overrides: Partial<AgentContract> = {}): AgentContract => ({
  contractId,
  kind: 'realtime',
  uplineUsername: 'boss',
  downlineId: 1,
  downlineUsername: 'agent01',
  terms: { default: { profitRate: 200, lossRate: 100 }, games: { SSC1: { profitRate: 150, lossRate: 100 } } },
  state: 'active',
  terminateRequested: false,
  createdTime: AT,
  decidedTime: AT,
  awaitingMe: false,
  ...overrides,
});
// The lottery games as lotteryGames lists them (the seed's SSC1 and PK10, server/src/modules/lottery/games.ts), and a merchant's own.
const SERIES = { minSeries: 1800, maxBetSeries: 1960, maxSeries: 1960, defaultSeries: 1900 } as const;
const GAMES: LotteryGame[] = [
  { gameId: 1, gameCode: 'SSC1', gameName: '1-minute SSC', kind: 'SSC', gameGroupCode: 'SSC', prizeMode: 'Lott', intervalSeconds: 60, closeSeconds: 5, ...SERIES },
  { gameId: 4, gameCode: 'PK10', gameName: 'Speed Racing (75 s)', kind: 'PK10', gameGroupCode: 'PK10', prizeMode: 'Lott', intervalSeconds: 75, closeSeconds: 8, ...SERIES },
  { gameId: 9, gameCode: 'NEWGAME', gameName: 'A merchant game', kind: 'SSC', gameGroupCode: 'SSC', prizeMode: 'Lott', intervalSeconds: 120, closeSeconds: 10, ...SERIES },
];

setUpAgentTests();

const renderPage = () => renderAgentPage(RealtimeSalaryPage);

const actionsSent = (calls: CallOptionsSeen[]) => calls.map((options) => options?.data);

describe('Real-time Salary: contracts', () => {
  it('says in one line how wages are earned, and shows the agent’s own contract with its rates per game', async () => {
    stubApi({ agentRealtimeContracts: { mine: contract(11), downlines: [] }, lotteryGames: GAMES });
    await renderPage();
    expect(screen.getByTestId('realtime-rules').textContent).toBe(
      "Wages are settled every 5 minutes from each player's bet share per lottery round: a round the house won pays the profit wage, one it lost the loss wage.",
    );
    const card = screen.getByTestId('contract-11');
    expect(within(card).getByText('boss')).toBeTruthy();
    expect(screen.getByTestId('contract-11-state').textContent).toBe('Active');
    const rows = within(within(card).getByRole('table', { name: 'Rates' })).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['GameProfit wageLoss wage', 'Default (other games)2.00%1.00%', '1-minute SSC1.50%1.00%']);
  });

  it('accepts or rejects an offer awaiting the agent, and asks to end an active contract', async () => {
    let mine = contract(11, { state: 'pending', awaitingMe: true });
    const { callsOf } = stubApi({
      agentRealtimeContracts: () => ({ mine, downlines: [] }),
      lotteryGames: GAMES,
      agentRealtimeContractAction: () => contract(11),
    });
    await renderPage();
    expect(screen.queryByTestId('contract-11-terminate')).toBeNull();
    await click(screen.getByTestId('contract-11-reject'));
    expect(screen.getByTestId('contract-confirm').textContent).toContain('Reject this contract?');
    await confirmContractAction();
    await click(screen.getByTestId('contract-11-accept'));
    await confirmContractAction();
    mine = contract(11);
    expect(callsOf('agentRealtimeContracts').length).toBeGreaterThanOrEqual(3);
    await click(screen.getByTestId('contract-11-accept'));
    await confirmContractAction();
    // Reloaded after the answer: now active, the agent may only ask to end it.
    expect(screen.queryByTestId('contract-11-accept')).toBeNull();
    await click(screen.getByTestId('contract-11-terminate'));
    expect(screen.getByTestId('contract-confirm').textContent).toContain('It ends when the other side agrees.');
    await confirmContractAction();
    expect(actionsSent(callsOf('agentRealtimeContractAction'))).toEqual([
      { action: 'reject', contractId: 11 },
      { action: 'accept', contractId: 11 },
      { action: 'accept', contractId: 11 },
      { action: 'terminate', contractId: 11 },
    ]);
  });

  it('lists the downline contracts with their state; a termination the downline asked for awaits the agent', async () => {
    const { callsOf } = stubApi({
      agentRealtimeContracts: {
        mine: contract(11),
        downlines: [
          contract(21, { uplineUsername: 'agent01', downlineId: 31, downlineUsername: 'sub1', terminateRequested: true, awaitingMe: true, terms: { default: { profitRate: 120, lossRate: 50 } } }),
          contract(22, { uplineUsername: 'agent01', downlineId: 32, downlineUsername: 'sub2', state: 'pending', terms: { default: { profitRate: 100, lossRate: 50 } } }),
        ],
      },
      lotteryGames: GAMES,
      agentRealtimeContractAction: () => contract(21),
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    expect(screen.getByTestId('contract-21-state').textContent).toBe('Active');
    expect(within(screen.getByTestId('contract-21')).getByText('Ending requested')).toBeTruthy();
    expect(screen.getByTestId('contract-21-default-profit').textContent).toBe('1.20%');
    expect(screen.getByTestId('contract-22-state').textContent).toBe('Awaiting answer');
    expect(within(screen.getByTestId('contract-22')).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('contract-21-accept').textContent).toBe('Agree to end');
    await click(screen.getByTestId('contract-21-accept'));
    await confirmContractAction();
    expect(actionsSent(callsOf('agentRealtimeContractAction'))).toEqual([{ action: 'accept', contractId: 21 }]);
  });

  it('offers no contract form until the agent’s own contract is active', async () => {
    stubApi({ agentRealtimeContracts: { mine: null, downlines: [] }, lotteryGames: GAMES });
    await renderPage();
    expect(screen.getByTestId('no-contract').textContent).toContain('You have no real-time salary contract');
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    expect(screen.getByTestId('offer-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('offer-open')).toBeNull();
  });
});

describe('Real-time Salary: offering a contract', () => {
  const agents = directAgents(AT);

  it('checks the rates against the agent’s own, game by game, then sends them in 0.01 % units', async () => {
    let refusal: string | null = 'agent.contract.invalid';
    const { callsOf } = stubApi({
      agentRealtimeContracts: { mine: contract(11), downlines: [contract(21, { downlineId: 31, downlineUsername: 'sub1' })] },
      lotteryGames: GAMES,
      agentDownlines: agents,
      agentRealtimeContractAction: () => {
        if (refusal) throw apiFailure(refusal, 'refused');
        return contract(23);
      },
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Downline contracts' }));
    await click(screen.getByTestId('offer-open'));
    expect(callsOf('agentDownlines')[0]?.params).toEqual({ accountType: 'agent', page: 1, size: 100 });
    // sub1 has a contract already: only sub3 is offered.
    const picker = screen.getByTestId('offer-downlineId') as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual(['Choose a direct agent', 'sub3']);

    await click(screen.getByTestId('offer-submit'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Choose a direct agent', 'Enter a rate', 'Enter a rate']);

    typeInto('offer-downlineId', '33');
    typeInto('offer-profitRate', '2.01');
    typeInto('offer-lossRate', '0.555');
    await click(screen.getByTestId('offer-submit'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'At most your own rate, 2.00%',
      'Enter a percentage from 0 to 100 with at most two decimals',
    ]);

    // Within the default, but above the agent's 1.50 % for SSC1, which would inherit it.
    typeInto('offer-profitRate', '1.8');
    typeInto('offer-lossRate', '0.8');
    await click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-game-SSC1').textContent).toContain('The default is above your rate for this game (1.50%): enter a rate here');
    expect(screen.getByTestId('offer-error').textContent).toBe('Check the rates per game');
    expect(screen.getByTestId('offer-game-NEWGAME').textContent).toContain('A merchant game');
    typeInto('offer-game-SSC1-profitRate', '1.51');
    await click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-game-SSC1').textContent).toContain('At most your own rate, 1.50%');
    typeInto('offer-game-SSC1-profitRate', '1.5');
    typeInto('offer-game-PK10-lossRate', '0.25');
    expect(callsOf('agentRealtimeContractAction')).toHaveLength(0);

    await click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-error').textContent).toBe('These terms are above your own, or this agent cannot take a contract');
    refusal = 'agent.contract.exists';
    await click(screen.getByTestId('offer-submit'));
    expect(screen.getByTestId('offer-error').textContent).toBe('This agent already has a contract');
    refusal = null;
    await click(screen.getByTestId('offer-submit'));
    const offer = {
      action: 'create',
      downlineId: 33,
      terms: {
        default: { profitRate: 180, lossRate: 80 },
        games: { SSC1: { profitRate: 150, lossRate: 80 }, PK10: { profitRate: 180, lossRate: 25 } },
      },
    };
    expect(actionsSent(callsOf('agentRealtimeContractAction'))).toEqual([offer, offer, offer]);
    expect(screen.queryByTestId('offer-dialog')).toBeNull();
  });
});

describe('Real-time Salary: wage records', () => {
  it('lists the wages of the period with the legacy page’s columns and the totals', async () => {
    const { callsOf } = stubApi({
      agentRealtimeContracts: { mine: contract(11), downlines: [] },
      lotteryGames: GAMES,
      agentRealtimeWages: {
        list: [
          { time: AT, gameCode: 'SSC1', numero: '20250506-0421', sourceUsername: 'player9', betAmount: 1200, winOrLose: 'house_won', rate: 125, amount: 15 },
          { time: AT, gameCode: 'NEWGAME', numero: '20250506-0422', sourceUsername: 'player8', betAmount: 33.3, winOrLose: 'house_lost', rate: 5, amount: 0.02 },
        ],
        totalPages: 1,
        footer: { betAmount: 1233.3, amount: 15.02 },
      },
    });
    await renderPage();
    await click(screen.getByRole('tab', { name: 'Wage records' }));
    const today = periodRange('today');
    expect(callsOf('agentRealtimeWages')[0]?.params).toEqual({ startDate: today.startMs, endDate: today.endMs, page: 1, size: 10 });
    const table = screen.getByRole('table', { name: 'Wage records' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Time',
      'Lottery variety',
      'Round',
      'Member',
      'Single betting',
      'Win or lose',
      'Salary ratio',
      'Salary amount',
    ]);
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells(rows[1])).toEqual(['2025-05-06 07:08:09', '1-minute SSC', '20250506-0421', 'player9', '৳1,200.00', 'Profit wage', '1.25%', '৳15.00']);
    expect(cells(rows[2])).toEqual(['2025-05-06 07:08:09', 'A merchant game', '20250506-0422', 'player8', '৳33.30', 'Loss wage', '0.05%', '৳0.02']);
    const totals = rows[3];
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cells(totals)).toEqual(['', '', '', '৳1,233.30', '', '', '৳15.02']);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'lastMonth' } });
    await settle();
    const lastMonth = periodRange('lastMonth');
    expect(callsOf('agentRealtimeWages').at(-1)?.params).toEqual({ startDate: lastMonth.startMs, endDate: lastMonth.endMs, page: 1, size: 10 });
  });
});
