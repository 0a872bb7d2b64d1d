import { act, screen, waitFor } from '@testing-library/react';
import type { WithdrawalStatus, WithdrawReport } from '@platform/contract';
import { bus, useCall } from '@platform/shared';
import { logIn, renderWithProviders, resetTestState, setStatus, stubApi } from '@platform/shared/testing';
import { loadRecent } from '../api';
import { RecentWithdrawals } from './recent-withdrawals';

// The recent list follows the server's status push: an operator paid a withdrawal while the page
// was open, and the row says Paid without the page being left and reopened.

const row = (status: WithdrawalStatus): WithdrawReport['records'][number] => ({
  withdrawId: 31,
  orderNo: 'W31',
  withdrawType: 'BC',
  amount: 1234.5,
  charge: 0,
  receivedAmount: 1234.5,
  virtualAmount: null,
  bankName: 'Dutch-Bangla Bank',
  cardNumber: '****1234',
  status,
  withdrawDate: Date.UTC(2025, 0, 2),
  remark: null,
});

function Recent() {
  const recent = useCall((signal) => loadRecent(5, signal), [], { requiresSession: true });
  return <RecentWithdrawals recent={recent} symbol="৳" />;
}

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => jest.restoreAllMocks());

it('shows a withdrawal paid as soon as the server pushes its new status', async () => {
  let status: WithdrawalStatus = 'pending';
  stubApi({ withdrawReport: () => ({ records: [row(status)], footer: { amount: 0 }, total: 1 }) });
  renderWithProviders(<Recent />);
  await waitFor(() => expect(screen.getByTestId('withdraw-recent-31-status').textContent).toBe('Pending'));

  status = 'paid';
  act(() => bus.dispatch({ type: 'paymentStatus', change: { kind: 'withdrawal', id: 31, status: 'paid' } }));
  await waitFor(() => expect(screen.getByTestId('withdraw-recent-31-status').textContent).toBe('Paid'));
});
