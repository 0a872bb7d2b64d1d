import { act, fireEvent, screen, within } from '@testing-library/react';
import type { GameVendorValue } from '@platform/contract';
import { apiFailure, logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import TransferFundPage from './transfer-fund-page';

// My Wallet with the network edge stubbed: what the member sees of the wallets, and what the form
// sends (or refuses to send).

const PG = 11;
const JILI = 12;

const balances = (main: number, pg: number, jili: number) => ({
  balances: [
    { accountTypeId: 0, accountTypeName: 'MAIN', availBalance: main },
    { accountTypeId: PG, accountTypeName: 'PG', availBalance: pg },
    { accountTypeId: JILI, accountTypeName: 'JILI', availBalance: jili },
  ],
  sumBalance: Math.round((main + pg + jili) * 100) / 100,
  currency: 'BDT',
  currencySymbol: '৳',
});

const vendorLanes: GameVendorValue = {
  data: {
    lanes: [
      {
        gameCategory: 'RNG',
        vendors: [
          { vassalage: 'PG', vendorName: 'PG Soft', provider: 'PG', isHot: false, gameCategory: 'RNG', gameClassify: null, iconUrl: null, colorIconUrl: null, accountTypeName: null },
          { vassalage: 'JILI', vendorName: 'JILI Games', provider: 'JILI', isHot: false, gameCategory: 'RNG', gameClassify: null, iconUrl: null, colorIconUrl: null, accountTypeName: null },
        ],
      },
    ],
  },
};

const noTransfers = { list: [], totalPages: 0, footer: { amount: 0 } };

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function renderPage() {
  renderWithProviders(<TransferFundPage openPage={jest.fn()} />);
  await settle();
}

const amountField = () => screen.getByTestId('transfer-amount') as HTMLInputElement;
const fillAmount = (value: string) => fireEvent.change(amountField(), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId('transfer-submit'));
  });
  await settle();
};
const keyOf = (options: CallOptionsSeen) => options?.headers?.['Idempotency-Key'];

describe('My Wallet', () => {
  it('shows the total and each wallet, named and in the site currency with separators', async () => {
    stubApi({ merchantWallet: { isSingle: false }, allWalletBalance: balances(12_345.5, 100, 0), gameVendors: vendorLanes, memberTransactions: noTransfers });
    await renderPage();
    expect(screen.getByTestId('wallet-total').textContent).toBe('৳12,445.50');
    expect(screen.getByTestId('wallet-0').textContent).toBe('Main wallet৳12,345.50');
    expect(screen.getByTestId(`wallet-${PG}`).textContent).toBe('PG Soft৳100.00');
    expect(screen.getByTestId(`wallet-${JILI}`).textContent).toBe('JILI Games৳0.00');
    expect(screen.getByText('No transfers in the last 7 days')).toBeTruthy();
  });

  it('checks the amount before sending: required, two decimals at most, not more than the source holds', async () => {
    const { callsOf } = stubApi({ merchantWallet: { isSingle: false }, allWalletBalance: balances(100, 20, 0), gameVendors: vendorLanes, memberTransactions: noTransfers });
    await renderPage();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Enter an amount');
    for (const [typed, error] of [
      ['1.234', 'Enter an amount greater than zero with at most two decimals'],
      ['0', 'Enter an amount greater than zero with at most two decimals'],
      ['-5', 'Enter an amount greater than zero with at most two decimals'],
      ['abc', 'Enter an amount greater than zero with at most two decimals'],
      ['100.01', 'The amount is more than the wallet holds (৳100.00)'],
    ]) {
      fillAmount(typed);
      await submit();
      expect({ typed, error: screen.getByRole('alert').textContent }).toEqual({ typed, error });
    }
    // From a game wallet, its own balance is the limit, and the destination is the main wallet.
    fireEvent.change(screen.getByTestId('transfer-from'), { target: { value: String(PG) } });
    expect((screen.getByTestId('transfer-to') as HTMLSelectElement).value).toBe('0');
    fillAmount('20.01');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('The amount is more than the wallet holds (৳20.00)');
    expect(callsOf('walletTransfer')).toHaveLength(0);
  });

  it('sends the transfer with an Idempotency-Key, repeats that key when the same transfer is retried, and loads the wallets again', async () => {
    let attempts = 0;
    const { callsOf } = stubApi({
      merchantWallet: { isSingle: false },
      allWalletBalance: () => (callsOf('walletTransfer').length >= 2 ? balances(900, 100, 0) : balances(1000, 0, 0)),
      gameVendors: vendorLanes,
      memberTransactions: noTransfers,
      walletTransfer: () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure('network.error', 'Network error', null, 0);
        return balances(900, 100, 0);
      },
    });
    await renderPage();
    expect((screen.getByTestId('transfer-to') as HTMLSelectElement).value).toBe(String(PG));
    fillAmount('100');
    await submit();
    // The first attempt's answer was lost: the member presses again.
    await submit();
    const sent = callsOf('walletTransfer');
    expect(sent.map((options) => options?.data)).toEqual([
      { fromAccountTypeId: 0, toAccountTypeId: PG, amount: 100 },
      { fromAccountTypeId: 0, toAccountTypeId: PG, amount: 100 },
    ]);
    expect(keyOf(sent[0])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    expect(screen.getByTestId('transfer-done').textContent).toBe('Transfer completed');
    expect(amountField().value).toBe('');
    expect(screen.getByTestId(`wallet-${PG}-balance`).textContent).toBe('৳100.00');
    expect(callsOf('memberTransactions').length).toBeGreaterThanOrEqual(2);

    // The next transfer, even of the same amount, is another one: a new key.
    fillAmount('100');
    await submit();
    expect(keyOf(callsOf('walletTransfer')[2])).not.toBe(keyOf(sent[0]));
  });

  it('recalls every game wallet to main with a key of its own, then shows the new balances', async () => {
    const { callsOf } = stubApi({
      merchantWallet: { isSingle: false },
      allWalletBalance: () => (callsOf('walletReturn').length > 0 ? balances(150.5, 0, 0) : balances(50, 70.25, 30.25)),
      gameVendors: vendorLanes,
      memberTransactions: noTransfers,
      walletReturn: balances(150.5, 0, 0),
    });
    await renderPage();
    await act(async () => {
      fireEvent.click(screen.getByTestId('wallet-recall-all'));
    });
    await settle();
    expect(callsOf('walletReturn')).toHaveLength(1);
    expect(keyOf(callsOf('walletReturn')[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('wallet-0-balance').textContent).toBe('৳150.50');
    expect(screen.getByTestId('wallet-recall-done')).toBeTruthy();
    expect((screen.getByTestId('wallet-recall-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('lists the recent transfers with their wallets, time and amount', async () => {
    const time = new Date(2025, 4, 6, 7, 8, 9).getTime();
    const { callsOf } = stubApi({
      merchantWallet: { isSingle: false },
      allWalletBalance: balances(10, 0, 0),
      gameVendors: vendorLanes,
      memberTransactions: {
        list: [{ txTypeId: 8202, txTypeName: 'Transfer out', txTimeInTimestamp: time, amount: -1234.5, currentAvailBalance: 10, orderNo: '77', remark: 'Main wallet → PG Soft', accountTypeId: 0 }],
        totalPages: 1,
        footer: { amount: -1234.5 },
      },
    });
    await renderPage();
    expect(callsOf('memberTransactions')[0]?.params).toMatchObject({ txTypeIds: '8202', page: 1, size: 5 });
    const row = screen.getAllByRole('row')[1];
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['05-06 07:08:09', 'Main wallet → PG Soft', '৳1,234.50']);
  });

  it('shows a single-wallet site its main wallet only, with nothing to transfer', async () => {
    stubApi({ merchantWallet: { isSingle: true }, allWalletBalance: { ...balances(80, 0, 0), balances: [{ accountTypeId: 0, accountTypeName: 'MAIN', availBalance: 80 }] }, gameVendors: vendorLanes });
    await renderPage();
    expect(screen.getByTestId('wallet-0-balance').textContent).toBe('৳80.00');
    expect(screen.queryByTestId('transfer-form')).toBeNull();
    expect(screen.queryByTestId('wallet-recall-all')).toBeNull();
    expect(screen.getByTestId('wallet-single')).toBeTruthy();
  });
});
