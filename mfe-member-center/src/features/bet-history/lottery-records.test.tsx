import { act, fireEvent, screen, within } from '@testing-library/react';
import { formatDateTime } from '@platform/shared';
import type { LotteryBetRecord, LotteryGame, LotteryOrderDetail } from '@platform/contract';
import { periodRange } from '@platform/shared/records';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import BetHistoryPage from './bet-history-page';

// The Betting Record's lottery tabs with the network edge stubbed: the query each tab sends
// (lottoArea, chase), the filters, the columns, states and totals the member sees, an order's
// detail with its chase rounds, and the cancel of an open bet.

const BET_TIME = Date.UTC(2025, 0, 14, 9, 30, 5);

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
  ...overrides,
});

const game = (gameCode: string, gameName: string, kind: LotteryGame['kind']): LotteryGame => ({
  gameId: gameCode.length,
  gameCode,
  gameName,
  kind,
  gameGroupCode: kind,
  prizeMode: kind === 'VN' ? 'SEA' : 'Lott',
  intervalSeconds: 60,
  closeSeconds: 5,
  minSeries: 1800,
  maxSeries: 1960,
  maxBetSeries: 1960,
  defaultSeries: 1900,
});

const GAMES = [game('SSC1', '1-minute SSC', 'SSC'), game('PK10', 'Speed Racing (75 s)', 'PK10'), game('VNMB', 'Vietnam Daily (house draw)', 'VN')];

const BETS = {
  list: [
    bet({ orderDetailId: 7, cancellable: true, betTimeInTimestamp: BET_TIME + 60_000 }),
    bet({
      orderDetailId: 6,
      orderNo: 'L250114A0002',
      gameCode: 'PK10',
      gameName: 'Speed Racing (75 s)',
      kind: 'PK10',
      numero: '20250114-0412',
      playCode: 'PK10_CHAMPION',
      betContent: '07',
      betAmount: 1250.5,
      winAmount: 23759.5,
      rebateAmount: 0,
      status: 'won',
      winningNumber: ['07', '01', '10', '02', '05', '03', '09', '04', '06', '08'],
    }),
    bet({ orderDetailId: 5, status: 'lost', rebateAmount: 1.6, betAmount: 20, numero: '20250114-0570' }),
    bet({ orderDetailId: 4, status: 'push', gameCode: 'LHC5', gameName: 'Speed Mark Six (5 min)', kind: 'LHC', playCode: 'LHC_SPECIAL_BSOE' }),
    bet({ orderDetailId: 3, status: 'cancelled' }),
    bet({ orderDetailId: 2, status: 'stopped', chase: true, chaseIndex: 2 }),
    // A game this page has no name for: the server's name.
    bet({ orderDetailId: 1, status: 'void', gameCode: 'NEWGAME', gameName: 'New Game', playCode: 'SSC_POSITION' }),
  ],
  totalPages: 1,
  footer: { betAmount: 1282.5, winAmount: 23759.5, rebateAmount: 1.6 },
};

const NO_BETS = { list: [], totalPages: 0, footer: { betAmount: 0, winAmount: 0, rebateAmount: 0 } };

/** A chase of three rounds that stopped on its first round's win (listed out of order: the page sorts by round). */
const CHASE_ORDER: LotteryOrderDetail = {
  orderNo: 'L250114C0001',
  gameCode: 'SSC1',
  chase: true,
  winningStop: true,
  stopped: true,
  amount: 6,
  bets: [
    bet({ orderDetailId: 13, orderNo: 'L250114C0001', numero: '20250114-0573', chase: true, chaseIndex: 2, status: 'stopped' }),
    bet({
      orderDetailId: 11,
      orderNo: 'L250114C0001',
      numero: '20250114-0571',
      chase: true,
      chaseIndex: 0,
      status: 'won',
      winAmount: 180000,
      winningNumber: ['1', '2', '3', '4', '5'],
    }),
    bet({ orderDetailId: 12, orderNo: 'L250114C0001', numero: '20250114-0572', chase: true, chaseIndex: 1, status: 'stopped' }),
  ],
};

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const cellsOf = (row: HTMLElement) => within(row).queryAllByRole('cell').map((cell) => cell.textContent);

async function act$(action: () => void) {
  await act(async () => action());
  await settle();
}

async function renderPage() {
  renderWithProviders(<BetHistoryPage openPage={jest.fn()} />);
  await settle();
}

describe('Betting Record: lottery', () => {
  it('opens on the lottery tab: each bet’s game, round, play, picks, time, money with two decimals, translated state, and the period’s totals', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: BETS, lotteryGames: GAMES });
    await renderPage();
    const today = periodRange('today');
    expect(callsOf('lotteryMemberBets')).toHaveLength(1);
    expect(callsOf('lotteryMemberBets')[0]?.params).toEqual({
      startDate: today.startMs,
      endDate: today.endMs,
      lottoArea: 'LOTT',
      subordinateType: 'SELF',
      page: 1,
      size: 10,
    });
    const table = screen.getByRole('table', { name: 'Lottery' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Game',
      'Round',
      'Play',
      'Bet content',
      'Bet time',
      'Bet amount',
      'Win amount',
      'Rebate',
      'Status',
      'Details',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1, 3).map(cellsOf)).toEqual([
      ['1-minute SSC', '20250114-0571', '5-star direct', '1 | 2 | 3 | 4 | 5', formatDateTime(BET_TIME + 60_000), '৳2.00', '৳0.00', '৳0.00', 'Awaiting draw', 'Details'],
      ['Speed Racing (75 s)', '20250114-0412', 'Champion', '07', formatDateTime(BET_TIME), '৳1,250.50', '৳23,759.50', '৳0.00', 'Won', 'Details'],
    ]);
    // Every state in the member's words; a game the page does not know keeps the server's name.
    expect(rows.slice(1, 8).map((row) => [cellsOf(row)[0], cellsOf(row)[8]])).toEqual([
      ['1-minute SSC', 'Awaiting draw'],
      ['Speed Racing (75 s)', 'Won'],
      ['1-minute SSC', 'Lost'],
      ['Speed Mark Six (5 min)', 'Refunded (push)'],
      ['1-minute SSC', 'Cancelled'],
      ['1-minute SSC', 'Chase stopped'],
      ['New Game', 'Void (refunded)'],
    ]);
    expect(within(rows[8]).getByRole('rowheader').textContent).toBe('Total');
    expect(cellsOf(rows[8])).toEqual(['', '', '', '', '৳1,282.50', '৳23,759.50', '৳1.60', '', '']);
  });

  it('asks for chase orders only on the chase tab and for the Vietnam lottery on its tab; the period, game and status filters narrow the query', async () => {
    const { callsOf } = stubApi({ lotteryMemberBets: NO_BETS, lotteryGames: (options: { params?: { prizeMode?: string } } | undefined) => GAMES.filter((item) => (item.prizeMode === options?.params?.prizeMode)) });
    await renderPage();
    expect(screen.getByText('No lottery bets in this period')).toBeTruthy();
    // The game filter offers the area's games.
    expect(callsOf('lotteryGames').at(-1)?.params).toEqual({ prizeMode: 'Lott' });
    expect(within(screen.getByRole('combobox', { name: 'Game' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All games',
      '1-minute SSC',
      'Speed Racing (75 s)',
    ]);

    await act$(() => fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'last7Days' } }));
    await act$(() => fireEvent.change(screen.getByRole('combobox', { name: 'Game' }), { target: { value: 'PK10' } }));
    await act$(() => fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'won' } }));
    const week = periodRange('last7Days');
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toEqual({
      startDate: week.startMs,
      endDate: week.endMs,
      lottoArea: 'LOTT',
      gameCode: 'PK10',
      status: 'won',
      subordinateType: 'SELF',
      page: 1,
      size: 10,
    });

    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Lottery chases' })));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toEqual({
      startDate: week.startMs,
      endDate: week.endMs,
      lottoArea: 'LOTT',
      chase: true,
      subordinateType: 'SELF',
      page: 1,
      size: 10,
    });

    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Vietnam lottery' })));
    expect(callsOf('lotteryMemberBets').at(-1)?.params).toEqual({
      startDate: week.startMs,
      endDate: week.endMs,
      lottoArea: 'VN',
      subordinateType: 'SELF',
      page: 1,
      size: 10,
    });
    expect(callsOf('lotteryGames').at(-1)?.params).toEqual({ prizeMode: 'SEA' });
    expect(within(screen.getByRole('combobox', { name: 'Game' })).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All games',
      'Vietnam Daily (house draw)',
    ]);
  });

  it('opens a bet’s order: every round of the chase in round order with the numbers drawn, stakes, states and prizes, and the chase settings', async () => {
    const { callsOf } = stubApi({
      lotteryMemberBets: { ...BETS, list: [bet({ orderDetailId: 11, orderNo: 'L250114C0001', chase: true, status: 'won', winAmount: 180000 })] },
      lotteryGames: GAMES,
      lotteryOrderDetail: CHASE_ORDER,
    });
    await renderPage();
    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Lottery chases' })));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Details of order L250114C0001' })));
    expect(callsOf('lotteryOrderDetail')[0]?.params).toEqual({ orderNo: 'L250114C0001' });

    const dialog = screen.getByTestId('lottery-order');
    expect(within(dialog).getByRole('heading', { name: 'Order L250114C0001' })).toBeTruthy();
    const summary = [...dialog.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(summary).toEqual([
      ['Game', '1-minute SSC'],
      ['Order amount', '৳6.00'],
      ['Chase', 'Yes (3 rounds)'],
      ['Stop on win', 'On'],
    ]);
    expect(within(dialog).getByTestId('chase-stopped').textContent).toBe('This chase stopped on a win: the stakes of its later rounds were refunded.');

    const table = within(dialog).getByRole('table', { name: 'Bets of the order' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Round',
      'Play',
      'Bet content',
      'Multiple',
      'Winning numbers',
      'Bet amount',
      'Status',
      'Win amount',
    ]);
    expect(within(table).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['20250114-0571', '5-star direct', '1 | 2 | 3 | 4 | 5', '×1', '1 2 3 4 5', '৳2.00', 'Won', '৳180,000.00'],
      ['20250114-0572', '5-star direct', '1 | 2 | 3 | 4 | 5', '×1', '-', '৳2.00', 'Chase stopped', '৳0.00'],
      ['20250114-0573', '5-star direct', '1 | 2 | 3 | 4 | 5', '×1', '-', '৳2.00', 'Chase stopped', '৳0.00'],
    ]);
    // Nothing to cancel: no action column, no cancel button.
    expect(within(dialog).queryByRole('button', { name: /Cancel/ })).toBeNull();

    await act$(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Close' })));
    expect(screen.queryByTestId('lottery-order')).toBeNull();
  });

  it('cancels an open bet after a confirmation: sends the bet and its area, reloads the order and the list, and shows the refund', async () => {
    const open: LotteryOrderDetail = {
      orderNo: 'L250114V0001',
      gameCode: 'VN5',
      chase: true,
      winningStop: false,
      stopped: false,
      amount: 40,
      bets: [
        bet({ orderDetailId: 21, orderNo: 'L250114V0001', gameCode: 'VN5', gameName: 'Fast Vietnam (5 min)', kind: 'VN', playCode: 'VN_LO2', betContent: '27', numero: '20250114-101', chase: true, chaseIndex: 0, betAmount: 20, cancellable: true }),
        bet({ orderDetailId: 22, orderNo: 'L250114V0001', gameCode: 'VN5', gameName: 'Fast Vietnam (5 min)', kind: 'VN', playCode: 'VN_LO2', betContent: '27', numero: '20250114-102', chase: true, chaseIndex: 1, betAmount: 20, cancellable: true }),
      ],
    };
    let cancelled = false;
    const afterCancel: LotteryOrderDetail = {
      ...open,
      bets: [open.bets[0], { ...open.bets[1], status: 'cancelled', cancellable: false }],
    };
    const { callsOf } = stubApi({
      lotteryMemberBets: { list: [open.bets[0]], totalPages: 1, footer: { betAmount: 20, winAmount: 0, rebateAmount: 0 } },
      lotteryGames: GAMES,
      lotteryOrderDetail: () => (cancelled ? afterCancel : open),
      lotteryCancelBet: (options: CallOptionsSeen) => {
        cancelled = true;
        return { orderDetailId: (options?.data as { orderDetailId: number }).orderDetailId, refunded: 20 };
      },
    });
    const balance = recordCommands('refreshBalance');
    await renderPage();
    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Vietnam lottery' })));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Details of order L250114V0001' })));
    const dialog = screen.getByTestId('lottery-order');
    expect(within(dialog).getAllByRole('button', { name: /^Cancel bet, round/ }).map((button) => button.textContent)).toEqual(['Cancel bet', 'Cancel bet']);

    // Keeping the bet sends nothing.
    await act$(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel bet, round 20250114-102' })));
    let confirm = screen.getByTestId('lottery-cancel-confirm');
    expect(confirm.textContent).toContain('Cancel your bet on round 20250114-102? Its stake of ৳20.00 goes back to your wallet.');
    await act$(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Keep bet' })));
    expect(screen.queryByTestId('lottery-cancel-confirm')).toBeNull();
    expect(callsOf('lotteryCancelBet')).toHaveLength(0);

    const listCalls = callsOf('lotteryMemberBets').length;
    await act$(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel bet, round 20250114-102' })));
    confirm = screen.getByTestId('lottery-cancel-confirm');
    await act$(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel bet' })));

    expect(callsOf('lotteryCancelBet').map((options) => options?.data)).toEqual([{ orderDetailId: 22, lottoArea: 'VN' }]);
    expect(screen.queryByTestId('lottery-cancel-confirm')).toBeNull();
    expect(callsOf('lotteryOrderDetail')).toHaveLength(2);
    expect(callsOf('lotteryMemberBets')).toHaveLength(listCalls + 1);
    expect(within(dialog).getByRole('status').textContent).toBe('Bet on round 20250114-102 cancelled: ৳20.00 refunded to your wallet.');
    const rows = within(within(dialog).getByRole('table', { name: 'Bets of the order' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => [cellsOf(row)[0], cellsOf(row)[6], cellsOf(row)[8]])).toEqual([
      ['20250114-101', 'Awaiting draw', 'Cancel bet'],
      ['20250114-102', 'Cancelled', ''],
    ]);
    expect(balance.commands).toEqual([{ type: 'refreshBalance' }]);
    balance.stop();
  });

  it('cancels the remaining rounds of a chase after a confirmation: one call for the order, its rounds’ multiples shown, the refund said', async () => {
    const chase = (cancelled: boolean): LotteryOrderDetail => ({
      orderNo: 'L250114P0001',
      gameCode: 'SSC1',
      chase: true,
      winningStop: true,
      stopped: false,
      amount: 14,
      bets: [
        bet({ orderDetailId: 31, orderNo: 'L250114P0001', numero: '20250114-0571', chase: true, chaseIndex: 0, betAmount: 2, multiple: 1, status: 'lost', winningNumber: ['9', '9', '9', '9', '9'] }),
        bet({ orderDetailId: 32, orderNo: 'L250114P0001', numero: '20250114-0572', chase: true, chaseIndex: 1, betAmount: 4, multiple: 2, ...(cancelled ? { status: 'cancelled' } : { cancellable: true }) }),
        bet({ orderDetailId: 33, orderNo: 'L250114P0001', numero: '20250114-0573', chase: true, chaseIndex: 2, betAmount: 8, multiple: 4, ...(cancelled ? { status: 'cancelled' } : { cancellable: true }) }),
      ],
    });
    let cancelled = false;
    const { callsOf } = stubApi({
      lotteryMemberBets: { list: [chase(false).bets[0]], totalPages: 1, footer: { betAmount: 2, winAmount: 0, rebateAmount: 0 } },
      lotteryGames: GAMES,
      lotteryOrderDetail: () => chase(cancelled),
      lotteryCancelChase: () => {
        cancelled = true;
        return { orderNo: 'L250114P0001', refunded: 12, bets: [{ orderDetailId: 32, numero: '20250114-0572', amount: 4 }, { orderDetailId: 33, numero: '20250114-0573', amount: 8 }] };
      },
    });
    const balance = recordCommands('refreshBalance');
    await renderPage();
    await act$(() => fireEvent.click(screen.getByRole('tab', { name: 'Lottery chases' })));
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Details of order L250114P0001' })));
    const dialog = screen.getByTestId('lottery-order');
    const table = within(dialog).getByRole('table', { name: 'Bets of the order' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => cellsOf(row)[3])).toEqual(['×1', '×2', '×4']);

    // Keeping the chase sends nothing.
    await act$(() => fireEvent.click(within(dialog).getByTestId('lottery-cancel-chase')));
    let confirm = screen.getByTestId('lottery-cancel-chase-confirm');
    expect(confirm.textContent).toContain('Cancel every round of chase order L250114P0001 still on sale?');
    await act$(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Keep chase' })));
    expect(callsOf('lotteryCancelChase')).toHaveLength(0);

    const listCalls = callsOf('lotteryMemberBets').length;
    await act$(() => fireEvent.click(within(dialog).getByTestId('lottery-cancel-chase')));
    confirm = screen.getByTestId('lottery-cancel-chase-confirm');
    await act$(() => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel remaining rounds' })));
    expect(callsOf('lotteryCancelChase').map((options) => options?.data)).toEqual([{ orderNo: 'L250114P0001', lottoArea: 'LOTT' }]);
    expect(within(dialog).getByRole('status').textContent).toBe('Remaining rounds cancelled: ৳12.00 refunded to your wallet.');
    expect(callsOf('lotteryOrderDetail')).toHaveLength(2);
    expect(callsOf('lotteryMemberBets')).toHaveLength(listCalls + 1);
    // Nothing left to cancel: the action is gone.
    expect(within(dialog).queryByTestId('lottery-cancel-chase')).toBeNull();
    expect(balance.commands).toEqual([{ type: 'refreshBalance' }]);
    balance.stop();
  });

  it('reloads the order when the server refuses the cancel (the round closed meanwhile), showing no refund', async () => {
    const order: LotteryOrderDetail = {
      orderNo: 'L250114A0001',
      gameCode: 'SSC1',
      chase: false,
      winningStop: false,
      stopped: false,
      amount: 2,
      bets: [bet({ orderDetailId: 7, cancellable: true })],
    };
    const { callsOf } = stubApi({
      lotteryMemberBets: { list: [order.bets[0]], totalPages: 1, footer: { betAmount: 2, winAmount: 0, rebateAmount: 0 } },
      lotteryGames: GAMES,
      lotteryOrderDetail: order,
      lotteryCancelBet: apiFailure('lottery.bet.not_cancellable', 'Betting on this round has closed', null, 409),
    });
    await renderPage();
    await act$(() => fireEvent.click(screen.getByRole('button', { name: 'Details of order L250114A0001' })));
    const dialog = screen.getByTestId('lottery-order');
    expect([...dialog.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent])).toContainEqual(['Chase', 'No']);
    await act$(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel bet, round 20250114-0571' })));
    await act$(() => fireEvent.click(within(screen.getByTestId('lottery-cancel-confirm')).getByRole('button', { name: 'Cancel bet' })));
    expect(callsOf('lotteryCancelBet').map((options) => options?.data)).toEqual([{ orderDetailId: 7, lottoArea: 'LOTT' }]);
    expect(callsOf('lotteryOrderDetail')).toHaveLength(2);
    expect(within(dialog).getByRole('status').textContent).toBe('');
  });
});
