import { act, fireEvent, screen, within } from '@testing-library/react';
import type { MemberProfit, MemberProfitDay } from '@platform/contract';
import { periodRange } from '@platform/shared/records';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import PersonalProfitPage from './personal-profit-page';
import { calendarDate } from './profit-api';

// Profit and loss with the network edge stubbed: the columns and totals the member sees, and the
// period and category the page asks for.

const day = (balanceDate: string, overrides: Partial<MemberProfitDay> = {}): MemberProfitDay => ({
  balanceDate,
  deposit: 0,
  withdraw: 0,
  betAmount: 0,
  validBetAmount: 0,
  winAmount: 0,
  rebate: 0,
  promotion: 0,
  totalInvitationAmount: 0,
  profitAndLoss: 0,
  ...overrides,
});

const answer: MemberProfit = {
  list: [
    day('2025-01-16', { withdraw: 600 }),
    day('2025-01-14', { deposit: 1000, betAmount: 1250.5, validBetAmount: 1250.5, winAmount: 450, rebate: 12.34, promotion: 20, profitAndLoss: -768.16 }),
  ],
  totalPages: 1,
  footer: { deposit: 1000, withdraw: 600, betAmount: 1250.5, validBetAmount: 1250.5, winAmount: 450, rebate: 12.34, promotion: 20, totalInvitationAmount: 8, profitAndLoss: -768.16 },
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

describe('Profit and loss', () => {
  it('shows each day’s columns as money, newest first, and the period’s totals', async () => {
    stubApi({ memberProfit: answer });
    renderWithProviders(<PersonalProfitPage openPage={jest.fn()} />);
    await settle();
    const table = screen.getByRole('table', { name: 'Profit and loss' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Date',
      'Deposit',
      'Withdrawal',
      'Bets',
      'Valid bets',
      'Winnings',
      'Rebate',
      'Promotion',
      'Invitation rewards',
      'Profit and loss',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(rows.slice(1, 3).map(cellsOf)).toEqual([
      ['2025-01-16', '৳0.00', '৳600.00', '৳0.00', '৳0.00', '৳0.00', '৳0.00', '৳0.00', '৳0.00', '৳0.00'],
      ['2025-01-14', '৳1,000.00', '৳0.00', '৳1,250.50', '৳1,250.50', '৳450.00', '৳12.34', '৳20.00', '৳0.00', '-৳768.16'],
    ]);
    expect(cellsOf(rows[3])).toEqual(['৳1,000.00', '৳600.00', '৳1,250.50', '৳1,250.50', '৳450.00', '৳12.34', '৳20.00', '৳8.00', '-৳768.16']);
    expect(within(rows[3]).getByRole('rowheader').textContent).toBe('Total');
  });

  it('asks for the period’s calendar days and the chosen category', async () => {
    const { callsOf } = stubApi({ memberProfit: answer });
    renderWithProviders(<PersonalProfitPage openPage={jest.fn()} />);
    await settle();
    const week = periodRange('last7Days');
    expect(callsOf('memberProfit')[0]?.params).toEqual({ startDate: calendarDate(week.startMs), endDate: calendarDate(week.endMs), page: 1, size: 10 });

    const category = screen.getByTestId('profit-category-filter') as HTMLSelectElement;
    expect([...category.options].map((option) => option.textContent)).toEqual([
      'All categories',
      'Lottery',
      'E-lottery',
      'Live casino',
      'Sports',
      'Fishing',
      'Slots',
      'Card games',
      'E-sports',
      'Cockfighting',
      'In-house games',
    ]);
    await act(async () => {
      fireEvent.change(category, { target: { value: 'LIVE' } });
    });
    await settle();
    expect(callsOf('memberProfit').at(-1)?.params).toMatchObject({ gameCategory: 'LIVE', page: 1 });

    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'lastMonth' } });
    });
    await settle();
    const month = periodRange('lastMonth');
    expect(callsOf('memberProfit').at(-1)?.params).toEqual({ startDate: calendarDate(month.startMs), endDate: calendarDate(month.endMs), gameCategory: 'LIVE', page: 1, size: 10 });
    expect(calendarDate(month.startMs)).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
