import { act, fireEvent, screen, within } from '@testing-library/react';
import type { BetHistory } from '@platform/contract';
import { formatDateTime } from '@platform/shared';
import { periodRange } from '@platform/shared/records';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import BetHistoryPage from './bet-history-page';

// Betting Record with the network edge stubbed: the tabs, the columns and totals the member sees,
// the empty state, and the category and period the page asks for. The lottery tabs (the first
// three): lottery-records.test.tsx.

const BET_TIME = Date.UTC(2025, 0, 14, 9, 30, 5);

const slots: BetHistory = {
  list: [
    { roundId: 'JL-77', betTimeInTimestamp: BET_TIME + 60_000, gameName: 'Dragon Pearl', gameCode: 'JLS002', vassalage: 'JL', status: 'open', betAmount: 1, validBetAmount: 1, winAmount: 0, profitAndLoss: -1 },
    { roundId: 'JL-76', betTimeInTimestamp: BET_TIME, gameName: 'Fortune Gems', gameCode: 'JLS001', vassalage: 'JL', status: 'settled', betAmount: 1250.5, validBetAmount: 1250.5, winAmount: 3000, profitAndLoss: 1749.5 },
  ],
  totalPages: 1,
  footer: { betAmount: 1251.5, validBetAmount: 1251.5, winAmount: 3000, profitAndLoss: 1748.5 },
};

const empty = { list: [], totalPages: 0, footer: { betAmount: 0, validBetAmount: 0, winAmount: 0, profitAndLoss: 0 } };

/** The page opens on the lottery's tab: nothing bet there. */
const lotteryEmpty: StubAnswers = {
  lotteryMemberBets: { list: [], totalPages: 0, footer: { betAmount: 0, winAmount: 0, rebateAmount: 0 } },
  lotteryGames: [],
};

async function openTab(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('tab', { name }));
  });
  await settle();
}

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const cellsOf = (row: HTMLElement) => within(row).queryAllByRole('cell').map((cell) => cell.textContent);

describe('Betting Record', () => {
  it('lists the lottery tabs first, then the categories; the slots tab shows each round’s columns, money with two decimals, and the period’s totals', async () => {
    const { callsOf } = stubApi({ ...lotteryEmpty, personalRNGHistory: slots });
    renderWithProviders(<BetHistoryPage openPage={jest.fn()} />);
    await settle();
    expect(screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Lottery', 'true'],
      ['Lottery chases', 'false'],
      ['Vietnam lottery', 'false'],
      ['Slots', 'false'],
      ['Fishing', 'false'],
      ['Live casino', 'false'],
      ['Card games', 'false'],
      ['Sports', 'false'],
      ['In-house games', 'false'],
    ]);
    // A category is asked for only once its tab is opened.
    expect(callsOf('personalRNGHistory')).toHaveLength(0);
    await openTab('Slots');
    const table = screen.getByRole('table', { name: 'Slots' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Bet time',
      'Bet amount',
      'Valid bet',
      'Win amount',
      'Profit and loss',
      'Game',
      'Round no.',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1, 3).map(cellsOf)).toEqual([
      [formatDateTime(BET_TIME + 60_000), '৳1.00', '৳1.00', '৳0.00', '-৳1.00', 'Dragon Pearl', 'JL-77In progress'],
      [formatDateTime(BET_TIME), '৳1,250.50', '৳1,250.50', '৳3,000.00', '৳1,749.50', 'Fortune Gems', 'JL-76'],
    ]);
    expect(within(rows[3]).getByRole('rowheader').textContent).toBe('Total');
    expect(cellsOf(rows[3])).toEqual(['৳1,251.50', '৳1,251.50', '৳3,000.00', '৳1,748.50', '', '']);
  });

  it('asks for the tab’s category over the period’s days, and keeps the period across tabs', async () => {
    const { callsOf } = stubApi({ ...lotteryEmpty, personalRNGHistory: slots, personalINHOUSEHistory: empty, personalFISHHistory: empty });
    renderWithProviders(<BetHistoryPage openPage={jest.fn()} />);
    await settle();
    await openTab('Slots');
    const today = periodRange('today');
    expect(callsOf('personalRNGHistory')[0]?.params).toEqual({ startDate: today.startMs, endDate: today.endMs, page: 1, size: 10 });

    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'thisMonth' } });
    });
    await settle();
    const month = periodRange('thisMonth');
    expect(callsOf('personalRNGHistory').at(-1)?.params).toEqual({ startDate: month.startMs, endDate: month.endMs, page: 1, size: 10 });

    await openTab('In-house games');
    expect(callsOf('personalINHOUSEHistory').at(-1)?.params).toEqual({ startDate: month.startMs, endDate: month.endMs, page: 1, size: 10 });
    expect(screen.getByRole('tab', { name: 'In-house games' }).getAttribute('aria-selected')).toBe('true');
    // Nothing in the period: the empty state, no table.
    expect(screen.getByText('No bets in this period')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    await openTab('Fishing');
    expect(callsOf('personalFISHHistory')).toHaveLength(1);
    expect(callsOf('personalFISHHistory')[0]?.params).toEqual({ startDate: month.startMs, endDate: month.endMs, page: 1, size: 10 });
  });

  it('offers a retry when the records cannot be loaded', async () => {
    let fail = true;
    stubApi({ ...lotteryEmpty, personalRNGHistory: () => (fail ? new Error('offline') : slots) });
    renderWithProviders(<BetHistoryPage openPage={jest.fn()} />);
    await settle();
    await openTab('Slots');
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await settle();
    expect(screen.getByRole('table', { name: 'Slots' })).toBeTruthy();
  });
});
