import { screen, within } from '@testing-library/react';
import { formatDateTime } from '@platform/shared';
import type { LotteryBetRecord } from '@platform/contract';
import { periodRange } from '@platform/shared/records';
import { apiFailure, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { cellsOf, change, click, DOWNLINES, renderAgentPage, setUpAgentTests } from '../../testing/agent-fixtures';
import { teamBetsRange } from './team-betting-api';
import TeamBettingPage from './team-betting-page';

// Team Betting with the network edge stubbed: the query sent (subordinateType TEAM, and
// subordinateName for a downline's team, typed or picked), the filters, the rows with whose bet
// each is and the lottery's translated names, the period's totals, and a name outside the team
// said so in place.

const BET_TIME = new Date(2025, 0, 14, 9, 30, 5).getTime();

const bet = (overrides: Partial<LotteryBetRecord>): LotteryBetRecord => ({
  orderDetailId: 1,
  orderNo: 'L250114A0001',
  gameCode: 'SSC1',
  gameName: '1-minute SSC',
  kind: 'SSC',
  numero: '20250114-0571',
  playId: 1001,
  playCode: 'SSC_5STAR_DIRECT',
  betContent: '1_2_3_4_5',
  betTimeInTimestamp: BET_TIME,
  betAmount: 2,
  multiple: 1,
  moneyMode: 1,
  series: 1900,
  tickets: 1,
  status: 'open',
  winAmount: 0,
  rebateAmount: 0,
  winningNumber: [],
  chase: false,
  chaseIndex: 0,
  cancellable: false,
  username: 'player6',
  ...overrides,
});

const BETS = {
  list: [
    bet({ orderDetailId: 9 }),
    bet({
      orderDetailId: 8,
      username: 'deep_player9',
      gameCode: 'PK10',
      gameName: 'Speed Racing (75 s)',
      kind: 'PK10',
      numero: '20250114-0412',
      playCode: 'PK10_CHAMPION',
      betContent: '07',
      betAmount: 1250.5,
      winAmount: 23759.5,
      rebateAmount: 12.5,
      status: 'won',
      betTimeInTimestamp: BET_TIME - 60_000,
    }),
    // A game and a play this page has no names for: as the server sent them.
    bet({ orderDetailId: 7, username: undefined, gameCode: 'NEWGAME', gameName: 'New Game', playCode: 'NEW_PLAY', status: 'lost' }),
  ],
  totalPages: 2,
  footer: { betAmount: 1254.5, winAmount: 23759.5, rebateAmount: 12.5 },
};

setUpAgentTests();

const renderPage = () => renderAgentPage(TeamBettingPage);
const paramsOf = (calls: CallOptionsSeen[]) => calls.map((options) => options?.params);

describe('Team Betting: the query', () => {
  it('asks for the whole team’s lottery bets of today (subordinateType TEAM, no subordinateName)', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: BETS });
    await renderPage();
    const today = periodRange('today');
    expect(paramsOf(callsOf('lotteryMemberBets'))).toEqual([
      { startDate: today.startMs, endDate: today.endMs, lottoArea: 'LOTT', subordinateType: 'TEAM', page: 1, size: 10 },
    ]);
    expect(screen.getByTestId('team-betting-scope').textContent).toBe('Bets of your whole team');
    expect(screen.getByRole('table', { name: 'Team betting records' })).toBeTruthy();
  });

  it('narrows to a typed downline’s team with subordinateName, and back to the whole team', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: BETS });
    await renderPage();
    await change(screen.getByTestId('team-betting-downline'), '  subagent5 ');
    await click(screen.getByTestId('team-betting-search'));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toMatchObject({ subordinateType: 'TEAM', subordinateName: 'subagent5', page: 1 });
    expect(screen.getByTestId('team-betting-scope').textContent).toContain('Bets of the team of subagent5');
    expect(screen.getByRole('table', { name: 'Betting records of the team of subagent5' })).toBeTruthy();

    await click(screen.getByTestId('team-betting-whole-team'));
    const last = callsOf('lotteryMemberBets').at(-1)?.params;
    expect(last).toMatchObject({ subordinateType: 'TEAM' });
    expect(last).not.toHaveProperty('subordinateName');
    expect((screen.getByTestId('team-betting-downline') as HTMLInputElement).value).toBe('');
  });

  it('narrows to a downline picked from the direct downlines', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: BETS, agentDownlines: DOWNLINES });
    await renderPage();
    expect(callsOf('agentDownlines')).toHaveLength(0);
    await click(screen.getByTestId('team-betting-pick'));
    await click(screen.getByTestId('downline-choice-5'));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toMatchObject({ subordinateType: 'TEAM', subordinateName: 'subagent5', page: 1 });
    expect(screen.queryByTestId('downline-picker')).toBeNull();
    expect((screen.getByTestId('team-betting-downline') as HTMLInputElement).value).toBe('subagent5');
  });

  it('sends the period (at most 31 days), the lottery area and the status; paging keeps them', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: BETS });
    await renderPage();
    const area = screen.getByTestId('team-betting-area') as HTMLSelectElement;
    expect([...area.options].map((option) => option.textContent)).toEqual(['Lottery', 'Vietnam lottery']);
    await change(area, 'VN');
    const status = screen.getByTestId('team-betting-status') as HTMLSelectElement;
    expect([...status.options].map((option) => option.value)).toEqual(['all', 'open', 'won', 'lost', 'push', 'cancelled', 'stopped', 'void']);
    await change(status, 'won');
    const period = screen.getByLabelText('Period') as HTMLSelectElement;
    await change(period, 'lastMonth');
    const month = teamBetsRange(periodRange('lastMonth'));
    expect(month.endMs - month.startMs).toBeLessThanOrEqual(31 * 86_400_000);
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toEqual({
      startDate: month.startMs,
      endDate: month.endMs,
      lottoArea: 'VN',
      status: 'won',
      subordinateType: 'TEAM',
      page: 1,
      size: 10,
    });
    await click(screen.getByRole('button', { name: 'Page 2' }));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toMatchObject({ lottoArea: 'VN', status: 'won', subordinateType: 'TEAM', page: 2 });
  });
});

describe('Team Betting: the records', () => {
  it('shows whose bet each is first, the translated game and play names, and the period’s totals', async () => {
    stubApi({ lotteryMemberBets: BETS });
    await renderPage();
    const table = screen.getByRole('table', { name: 'Team betting records' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Game',
      'Play',
      'Bet content',
      'Round',
      'Bet time',
      'Bet amount',
      'Status',
      'Win amount',
      'Rebate',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(cellsOf(rows[1])).toEqual([
      'player6',
      '1-minute SSC',
      '5-star direct',
      '1 | 2 | 3 | 4 | 5',
      '20250114-0571',
      formatDateTime(BET_TIME),
      '৳2.00',
      'Awaiting draw',
      '৳0.00',
      '৳0.00',
    ]);
    expect(cellsOf(rows[2])).toEqual([
      'deep_player9',
      'Speed Racing (75 s)',
      'Champion',
      '07',
      '20250114-0412',
      formatDateTime(BET_TIME - 60_000),
      '৳1,250.50',
      'Won',
      '৳23,759.50',
      '৳12.50',
    ]);
    expect(cellsOf(rows[3]).slice(0, 3)).toEqual(['-', 'New Game', 'NEW_PLAY']);
    expect(cellsOf(rows[3])[7]).toBe('Lost');
    // The totals row: the footer's amounts under their columns.
    const totals = rows[4];
    expect(within(totals).getByRole('rowheader').textContent).toBe('Total');
    expect(cellsOf(totals)).toEqual(['', '', '', '', '', '৳1,254.50', '', '৳23,759.50', '৳12.50']);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
  });

  it('says so when the team has no bets in the period', async () => {
    stubApi({ lotteryMemberBets: { list: [], totalPages: 0, footer: { betAmount: 0, winAmount: 0, rebateAmount: 0 } } });
    await renderPage();
    expect(screen.getByText('No team bets in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says in place that a name outside the team is not in it, and goes back to the whole team', async () => {
    const { callsOf } = stubApi({
      lotteryMemberBets: (options: CallOptionsSeen) =>
        options?.params?.subordinateName ? apiFailure('agent.downline.unknown', 'This member is not in your team', null, 404) : BETS,
    });
    await renderPage();
    await change(screen.getByTestId('team-betting-downline'), 'stranger1');
    await click(screen.getByTestId('team-betting-search'));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toMatchObject({ subordinateName: 'stranger1' });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('This member is not in your team')).toBeTruthy();
    expect(alert.textContent).toContain('No member named stranger1 is in your team.');
    expect(screen.queryByRole('table')).toBeNull();
    // The search stays to try another name.
    expect(screen.getByTestId('team-betting-downline')).toBeTruthy();
    await click(within(alert).getByRole('button', { name: 'Show the whole team' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('table', { name: 'Team betting records' })).toBeTruthy();
  });

  it('shows any other failure in place with a retry', async () => {
    stubApi({ lotteryMemberBets: apiFailure('server.error', 'Something went wrong', null, 500) });
    await renderPage();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
