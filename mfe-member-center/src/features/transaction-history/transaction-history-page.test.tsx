import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DepositState } from '@platform/contract';
import { bus } from '@platform/shared';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import { periodRange } from '@platform/shared/records';
import TransactionHistoryPage from './transaction-history-page';

// Account Record with the network edge stubbed: the columns of the legacy page, times
// in the member's time zone, money with separators, the totals, and the filters sent.

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const at = (month: number, day: number, hours: number, minutes: number, seconds: number) => new Date(2025, month - 1, day, hours, minutes, seconds).getTime();

const transactions = {
  list: [
    { txTypeId: 8102, txTypeName: 'Transfer in', txTimeInTimestamp: at(3, 4, 5, 6, 7), amount: 1234567.5, currentAvailBalance: 1234567.5, orderNo: '42', remark: 'Main wallet → PG Soft', accountTypeId: 11 },
    { txTypeId: 1001, txTypeName: 'Deposit', txTimeInTimestamp: at(12, 31, 23, 59, 58), amount: -0.5, currentAvailBalance: 0, orderNo: 'D7', remark: '', accountTypeId: 0 },
  ],
  totalPages: 3,
  footer: { amount: 1234567 },
};

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

async function renderPage() {
  renderWithProviders(<TransactionHistoryPage openPage={jest.fn()} />);
  await settle();
}

describe('Account Record', () => {
  it('lists the transactions with their columns, MM-DD HH:mm:ss times, two-decimal amounts and the total', async () => {
    const { callsOf } = stubApi({ memberTransactions: transactions });
    await renderPage();
    const today = periodRange('today');
    expect(callsOf('memberTransactions')[0]?.params).toEqual({ startTime: today.startMs, endTime: today.endMs, page: 1, size: 13 });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Transaction type', 'Transaction time', 'Amount', 'Balance', 'Order number', 'Remarks']);
    const rows = screen.getAllByRole('row');
    expect(cellsOf(rows[1])).toEqual(['Transfer in', '03-04 05:06:07', '৳1,234,567.50', '৳1,234,567.50', '42', 'Main wallet → PG Soft']);
    expect(cellsOf(rows[2])).toEqual(['Deposit', '12-31 23:59:58', '-৳0.50', '৳0.00', 'D7', '-']);
    const totals = rows[3];
    expect(totals.textContent).toContain('৳1,234,567.00');
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it('sends the type filter and the period, and offers only periods within 29 days', async () => {
    const { callsOf } = stubApi({ memberTransactions: transactions });
    await renderPage();
    fireEvent.change(screen.getByTestId('transaction-type-filter'), { target: { value: 'transfer' } });
    await settle();
    expect(callsOf('memberTransactions').at(-1)?.params).toMatchObject({ codeTypes: 'transfer', page: 1 });
    const period = screen.getByLabelText('Period') as HTMLSelectElement;
    expect([...period.options].map((option) => option.value)).toEqual(['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek']);
    fireEvent.change(period, { target: { value: 'last7Days' } });
    await settle();
    const week = periodRange('last7Days');
    expect(callsOf('memberTransactions').at(-1)?.params).toEqual({ startTime: week.startMs, endTime: week.endMs, codeTypes: 'transfer', page: 1, size: 13 });
    const typeOptions = [...(screen.getByTestId('transaction-type-filter') as HTMLSelectElement).options].map((option) => option.value);
    expect(typeOptions).toEqual(['all', 'deposit', 'withdraw', 'transfer', 'adjustment', 'bet', 'bonus', 'betting_rebate', 'other']);
  });

  it('shows the deposit and withdrawal logs in their own tabs', async () => {
    const { callsOf } = stubApi({
      memberTransactions: transactions,
      depositReport: {
        list: [
          { depositId: 9, refCode: 'D9', depositMethod: 'MT', vendorName: 'Bank transfer', requestedAmount: 1500, amount: 1500, customerBankCharge: 2.5, depositDate: at(1, 2, 3, 4, 5), actualDepositDate: null, state: 'pending' },
        ],
        totalPages: 1,
        footer: { requestedAmount: 1500, amount: 1500, customerBankCharge: 2.5 },
      },
      withdrawReport: {
        records: [
          { withdrawId: 5, orderNo: 'W5', withdrawType: 'EW', amount: 2000, charge: 0, receivedAmount: 2000, virtualAmount: null, bankName: 'bKash', cardNumber: '****1234', status: 'rejected', withdrawDate: at(2, 3, 4, 5, 6), remark: 'Name does not match' },
        ],
        footer: { amount: 2000 },
        total: 1,
      },
    });
    await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Deposit records' }));
    });
    await settle();
    expect(callsOf('depositReport')[0]?.params).toMatchObject({ page: 1, size: 13 });
    expect(cellsOf(screen.getAllByRole('row')[1])).toEqual(['D9', 'Bank transfer', '৳1,500.00', '৳1,500.00', '৳2.50', '01-02 03:04:05', '-', 'Pending']);
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Withdrawal records' }));
    });
    await settle();
    expect(callsOf('withdrawReport')[0]?.params).toMatchObject({ start: 0, end: 13, status: '' });
    expect(cellsOf(screen.getAllByRole('row')[1])).toEqual(['E-wallet', '-', '৳2,000.00', 'bKash', '02-03 04:05:06', 'Rejected', 'Name does not match']);
  });

  it('shows a deposit confirmed while the page is open as soon as the server pushes its new status', async () => {
    let state: DepositState = 'pending';
    stubApi({
      memberTransactions: transactions,
      depositReport: () => ({
        list: [
          { depositId: 9, refCode: 'D9', depositMethod: 'MT', vendorName: 'Bank transfer', requestedAmount: 1500, amount: 1500, customerBankCharge: 0, depositDate: at(1, 2, 3, 4, 5), actualDepositDate: null, state },
        ],
        totalPages: 1,
        footer: { requestedAmount: 1500, amount: 1500, customerBankCharge: 0 },
      }),
    });
    await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'Deposit records' }));
    });
    await waitFor(() => expect(cellsOf(screen.getAllByRole('row')[1]).at(-1)).toBe('Pending'));

    state = 'approved';
    act(() => bus.dispatch({ type: 'paymentStatus', change: { kind: 'deposit', id: 9, status: 'approved' } }));
    await waitFor(() => expect(cellsOf(screen.getAllByRole('row')[1]).at(-1)).toBe('Approved'));
  });
});
