import { act, fireEvent, screen, within } from '@testing-library/react';
import { TX_TYPE_UPLINE_TRANSFER_OUT } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import TransferUplinePage from './transfer-upline-page';

// Transfer to upline with the network edge stubbed: what the agent sees, and what the form sends
// (or refuses to send).

const settings = (allowed = true) => ({ allowed, minimumAmount: 10, maximumAmount: 5000 });
const balances = (main: number, game = 0) => ({
  balances: [
    { accountTypeId: 0, accountTypeName: 'MAIN', availBalance: main },
    ...(game ? [{ accountTypeId: 11, accountTypeName: 'PG', availBalance: game }] : []),
  ],
  sumBalance: Math.round((main + game) * 100) / 100,
  currency: 'BDT',
  currencySymbol: '৳',
});
const noLog = { list: [], totalPages: 0, footer: { amount: 0 } };
const done = { orderNo: 'U0123456789ABCDEF', transferAmount: 100, sumBalance: 900 };

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn({ isAgent: 1 });
});

afterEach(() => {
  jest.restoreAllMocks();
});

const openPage = jest.fn();

async function renderPage() {
  renderWithProviders(<TransferUplinePage openPage={openPage} />);
  await settle();
}

const fill = (name: 'amount' | 'remark' | 'password', value: string) => fireEvent.change(screen.getByTestId(`transfer-upline-${name}`), { target: { value } });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};
const confirmDialog = () => screen.getByTestId('transfer-upline-confirm');
const confirm = async () => {
  await act(async () => {
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
  });
  await settle();
};
const keyOf = (options: CallOptionsSeen) => options?.headers?.['Idempotency-Key'];

describe('Transfer to upline', () => {
  it('tells a member who may not transfer so, with no form', async () => {
    const { callsOf } = stubApi({ uplineTransferSettings: settings(false), allWalletBalance: balances(100), memberTransactions: noLog });
    await renderPage();
    expect(screen.getByTestId('transfer-upline-not-allowed').textContent).toBe('Transfers to an upline are for agents who have an upline');
    expect(screen.queryByTestId('transfer-upline-form')).toBeNull();
    expect(callsOf('agentDownlineTransfer')).toHaveLength(0);
  });

  it('shows the main wallet’s balance and checks the form before sending: amount, limits, balance, payment password', async () => {
    const { callsOf } = stubApi({ uplineTransferSettings: settings(), allWalletBalance: balances(1234.5, 20), memberTransactions: noLog });
    await renderPage();
    expect(screen.getByTestId('transfer-upline-balance').textContent).toBe('৳1,234.50');
    expect(screen.getByText('From ৳10.00 to ৳5,000.00')).toBeTruthy();
    await click('transfer-upline-submit');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Enter an amount', 'The payment password is 6 digits']);
    fill('password', '123456');
    for (const [typed, error] of [
      ['1.234', 'Enter an amount greater than zero with at most two decimals'],
      ['0', 'Enter an amount greater than zero with at most two decimals'],
      ['9.99', 'The minimum transfer is ৳10.00'],
      ['5000.01', 'The maximum transfer is ৳5,000.00'],
      ['1234.51', 'The amount is more than your main wallet holds (৳1,234.50)'],
    ]) {
      fill('amount', typed);
      await click('transfer-upline-submit');
      expect({ typed, error: screen.getByRole('alert').textContent }).toEqual({ typed, error });
    }
    fill('password', '12345');
    fill('amount', '100');
    await click('transfer-upline-submit');
    expect(screen.getByRole('alert').textContent).toBe('The payment password is 6 digits');
    // "All" fills what the main wallet holds, within the maximum.
    await click('transfer-upline-all');
    expect((screen.getByTestId('transfer-upline-amount') as HTMLInputElement).value).toBe('1234.50');
    expect(callsOf('agentDownlineTransfer')).toHaveLength(0);
  });

  it('asks for confirmation, then sends amount, remark and password with an Idempotency-Key; reloads balance and log', async () => {
    const toasts = recordCommands('toast');
    const { callsOf } = stubApi({
      uplineTransferSettings: settings(),
      allWalletBalance: () => (callsOf('agentDownlineTransfer').length > 0 ? balances(900) : balances(1000)),
      memberTransactions: noLog,
      agentDownlineTransfer: done,
    });
    await renderPage();
    fill('amount', '100');
    fill('remark', '  for the week ');
    fill('password', '135790');
    await click('transfer-upline-submit');
    expect(screen.getByTestId('transfer-upline-confirm-amount').textContent).toBe('৳100.00');
    expect(screen.getByTestId('transfer-upline-confirm-remark').textContent).toBe('for the week');
    expect(callsOf('agentDownlineTransfer')).toHaveLength(0);
    await confirm();
    const sent = callsOf('agentDownlineTransfer');
    expect(sent.map((options) => options?.data)).toEqual([{ transferAmount: 100, password: '135790', remark: 'for the week' }]);
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toasts.commands).toEqual([{ type: 'toast', level: 'success', message: 'Transfer completed' }]);
    expect(screen.getByTestId('transfer-upline-balance').textContent).toBe('৳900.00');
    expect((screen.getByTestId('transfer-upline-amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('transfer-upline-password') as HTMLInputElement).value).toBe('');
    expect(callsOf('memberTransactions').length).toBeGreaterThanOrEqual(2);
    toasts.stop();
  });

  it('sends the same key again when no answer came, and a new one after the server answered', async () => {
    let attempts = 0;
    const { callsOf } = stubApi({
      uplineTransferSettings: settings(),
      allWalletBalance: balances(1000),
      memberTransactions: noLog,
      agentDownlineTransfer: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('network.error', 'Network error', null, 0);
        if (attempts === 2) throw apiFailure('invalid.payment.pw', 'The payment password is wrong', { remainingAttempts: 4 });
        return done;
      },
    });
    await renderPage();
    const send = async (password: string) => {
      fill('amount', '100');
      fill('password', password);
      await click('transfer-upline-submit');
      await confirm();
    };
    await send('111111');
    expect(screen.getByTestId('transfer-upline-error').textContent).toBe('Network error');
    // Retried with the right password: the first attempt may have gone through, so the same key.
    await send('135790');
    expect(screen.getByTestId('transfer-upline-error').textContent).toBe('The payment password is wrong');
    await send('135790');
    const keys = callsOf('agentDownlineTransfer').map(keyOf);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(screen.queryByTestId('transfer-upline-error')).toBeNull();
  });

  it('offers My Account when no payment password is set', async () => {
    stubApi({
      uplineTransferSettings: settings(),
      allWalletBalance: balances(1000),
      memberTransactions: noLog,
      agentDownlineTransfer: () => {
        throw apiFailure('not.exists.payment.password', 'Set a payment password first');
      },
    });
    await renderPage();
    fill('amount', '100');
    fill('password', '135790');
    await click('transfer-upline-submit');
    await confirm();
    await click('transfer-upline-set-password');
    expect(openPage).toHaveBeenCalledWith('securityCenter');
  });

  it('lists the transfers to upline of the period: time, amount, remark, and the total', async () => {
    const time = new Date(2025, 0, 15, 9, 5, 7).getTime();
    const { callsOf } = stubApi({
      uplineTransferSettings: settings(),
      allWalletBalance: balances(1000),
      memberTransactions: {
        list: [
          { txTypeId: 8301, txTypeName: 'Transfer to upline', txTimeInTimestamp: time, amount: -1234.5, currentAvailBalance: 10, orderNo: 'U1', remark: 'weekly', accountTypeId: 0 },
          { txTypeId: 8301, txTypeName: 'Transfer to upline', txTimeInTimestamp: time - 60_000, amount: -20, currentAvailBalance: 10, orderNo: 'U2', remark: '', accountTypeId: 0 },
        ],
        totalPages: 1,
        footer: { amount: -1254.5 },
      },
    });
    await renderPage();
    const params = callsOf('memberTransactions')[0]?.params as Record<string, unknown>;
    expect(params.txTypeIds).toBe(String(TX_TYPE_UPLINE_TRANSFER_OUT));
    const table = screen.getByRole('table', { name: 'Transfers to upline' });
    const rows = within(table).getAllByRole('row').map((row) => within(row).queryAllByRole('cell').map((cell) => cell.textContent));
    expect(rows.slice(1, 3)).toEqual([
      ['01-15 09:05:07', '৳1,234.50', 'weekly'],
      ['01-15 09:04:07', '৳20.00', '-'],
    ]);
    const totals = rows[rows.length - 1];
    expect(within(table).getByRole('rowheader').textContent).toBe('Total');
    expect(totals).toEqual(['৳1,254.50', '']);
  });
});
