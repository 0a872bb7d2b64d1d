import { act, fireEvent, screen, within } from '@testing-library/react';
import type { WithdrawBank, WithdrawReport } from '@platform/contract';
import { amountMinorOf, ApiError, bus } from '@platform/shared';
import { logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { WithdrawPage } from './withdraw-page';

// The withdraw page with the network edge stubbed: what the member sees, and what the forms send
// (or refuse to send).

const card = {
  bankCardId: 7,
  cardType: 'BC' as const,
  bankCode: 'DBBL',
  bankName: 'Dutch-Bangla Bank',
  cardNumber: '****1234',
  payeeName: 'Rahim Uddin',
  walletAddress: null,
  protocol: null,
  createdAt: 1,
};
const wallet = { ...card, bankCardId: 8, cardType: 'EW' as const, bankCode: 'BKASH', bankName: 'bKash', cardNumber: '****5678' };

const accountInfo = (overrides: Record<string, unknown> = {}) => ({
  bankCards: [card],
  eWallets: [wallet],
  virtualWallets: [],
  hasPaymentPassword: true,
  payeeName: 'Rahim Uddin',
  maxCards: 5,
  ...overrides,
});
const settings = {
  minimumAmount: 500,
  maximumAmount: 50000,
  dailyMaxCount: 5,
  todayWithdrawCount: 1,
  charge: { percent: 1, fixed: 0, freePerDay: 0 },
  turnoverMultiplier: 1,
  normalBankWithdrawalSwitch: true,
  eWalletWithdrawalSwitch: false,
  virtualWalletWithdrawalSwitch: true,
  virtualCurrencyRate: 120,
  currency: 'BDT',
  currencySymbol: '৳',
};
const turnover = {
  requiredTurnover: 0,
  actualTurnover: 0,
  remainingTurnover: 0,
  turnoverMultiplier: 1,
  requirementMultipliers: { deposit: 1, agentTransfer: 1, redEnvelope: 1, operatorCredit: 1 },
  productWeights: { lottery: 1, inhouse: 1, vendor: 1 },
};
const report = (records: WithdrawReport['records'] = []): WithdrawReport => ({ records, footer: { amount: 0 }, total: records.length });
const banks: { banks: WithdrawBank[] } = {
  banks: [
    { bankCode: 'DBBL', bankName: 'Dutch-Bangla Bank', cardType: 'BC', protocol: null },
    { bankCode: 'BKASH', bankName: 'bKash', cardType: 'EW', protocol: null },
    { bankCode: 'USDT_TRC20', bankName: 'USDT (TRC20)', cardType: 'VM', protocol: 'TRC20' },
  ],
};
const charges = (options: CallOptionsSeen) => {
  const amount = Number((options?.params as { withdrawAmount: number }).withdrawAmount);
  const charge = Math.round(amount) / 100;
  return { withdrawAmount: amount, charge, receivedAmount: Math.round((amount - charge) * 100) / 100, freeWithdrawalsLeft: 0 };
};

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
  bus.set('balance', { sumBalanceMinor: amountMinorOf(250_000), loading: false });
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function renderPage() {
  renderWithProviders(<WithdrawPage openPage={jest.fn()} />);
  await settle();
}

/** A refusal of a call the page sends quiet (the page, not the API client, tells the member). */
const apiFailure = (errorCode: string, message: string, value: unknown = null, status = 400) =>
  new ApiError({ status, errorCode, message, value, call: { name: 'stubbed', quiet: true } });

const field = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(field(testId), { target: { value } });
const click = async (testId: string) => {
  await act(async () => {
    fireEvent.click(screen.getByTestId(testId));
  });
  await settle();
};

describe('withdraw', () => {
  it('asks for a payment password first when none is set, then shows the page', async () => {
    let hasPaymentPassword = false;
    const { callsOf } = stubApi({
      withdrawAccountInfo: () => accountInfo({ hasPaymentPassword }),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      setWithdrawPassword: () => {
        hasPaymentPassword = true;
        return null;
      },
    });
    await renderPage();
    expect(screen.getByTestId('withdraw-set-password')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
    type('withdraw-set-password-paymentPassword', '12345');
    type('withdraw-set-password-confirmPaymentPassword', '12345');
    await click('withdraw-set-password-submit');
    expect(screen.getAllByText('6 digits').length).toBeGreaterThan(0);
    expect(callsOf('setWithdrawPassword')).toEqual([]);
    type('withdraw-set-password-paymentPassword', '246810');
    type('withdraw-set-password-confirmPaymentPassword', '246810');
    await click('withdraw-set-password-submit');
    expect(callsOf('setWithdrawPassword')[0]?.data).toEqual({ paymentPassword: '246810', confirmPaymentPassword: '246810' });
    expect(screen.getByTestId('withdraw-form')).toBeTruthy();
  });

  it('shows the balance, turnover, today’s count, the cards and the latest withdrawals', async () => {
    stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report([
        { withdrawId: 31, orderNo: 'W31', withdrawType: 'BC', amount: 1234.5, charge: 12.35, receivedAmount: 1222.15, virtualAmount: null, bankName: 'Dutch-Bangla Bank', cardNumber: '****1234', status: 'pending', withdrawDate: Date.UTC(2025, 0, 2, 3, 4, 5), remark: null },
        { withdrawId: 30, orderNo: 'W30', withdrawType: 'BC', amount: 600, charge: 0, receivedAmount: 600, virtualAmount: null, bankName: 'Dutch-Bangla Bank', cardNumber: '****1234', status: 'rejected', withdrawDate: Date.UTC(2025, 0, 1), remark: 'Bank account closed' },
      ]),
    });
    await renderPage();
    expect(screen.getByTestId('withdraw-balance').textContent).toBe('৳2,500.00');
    expect(screen.getByTestId('withdraw-turnover').textContent).toBe('None: you can withdraw');
    expect(screen.getByTestId('withdraw-turnover-remaining').textContent).toBe('Met: nothing is left to bet before you withdraw.');
    expect(screen.queryByTestId('withdraw-turnover-warning')).toBeNull();
    expect(screen.getByTestId('withdraw-today').textContent).toBe('1 / 5');
    expect(within(screen.getByTestId('withdraw-card-7')).getByText('****1234')).toBeTruthy();
    expect(within(screen.getByTestId('withdraw-card-8')).getByText('****5678')).toBeTruthy();
    const latest = screen.getByTestId('withdraw-recent-31');
    expect(latest.textContent).toContain('৳1,234.50');
    expect(latest.textContent).toContain('Charge ৳12.35');
    expect(screen.getByTestId('withdraw-recent-31-status').textContent).toBe('Pending');
    expect(screen.getByTestId('withdraw-recent-30').textContent).toContain('Bank account closed');
    // A card of a type the merchant switched off takes no withdrawal.
    fireEvent.click(within(screen.getByTestId('withdraw-card-8')).getByRole('radio'));
    expect(screen.getByTestId('withdraw-not-supported')).toBeTruthy();
  });

  it('checks the amount and password before sending, previews the charge, confirms, and sends once with one key', async () => {
    const { callsOf } = stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      withdrawCharges: charges,
      withdraw: { withdrawId: 40, orderNo: 'W40', withdrawType: 'BC', amount: 1000, charge: 10, receivedAmount: 990, virtualAmount: null, bankName: 'Dutch-Bangla Bank', cardNumber: '****1234', status: 'pending', withdrawDate: 1, remark: null },
    });
    await renderPage();
    await click('withdraw-submit');
    expect(screen.getByText('Enter an amount')).toBeTruthy();
    for (const [typed, error] of [
      ['1.234', 'Enter an amount greater than zero with at most two decimals'],
      ['499.99', 'The least you can withdraw is ৳500.00'],
      ['50000.01', 'The most you can withdraw at once is ৳50,000.00'],
      ['2500.01', 'The amount is more than your balance'],
    ]) {
      type('withdraw-amount', typed);
      await click('withdraw-submit');
      expect(screen.getByText(error)).toBeTruthy();
    }
    expect(callsOf('withdraw')).toEqual([]);

    type('withdraw-amount', '1,000');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 350));
    });
    await settle();
    expect(screen.getByTestId('withdraw-charge-preview').textContent).toBe('Charge ৳10.00 · you receive ৳990.00');
    type('withdraw-password', '12');
    await click('withdraw-submit');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
    type('withdraw-password', '135790');
    await click('withdraw-submit');
    expect(screen.getByTestId('withdraw-confirm-amount').textContent).toBe('৳1,000.00');
    expect(screen.getByTestId('withdraw-confirm-charge').textContent).toBe('৳10.00');
    expect(screen.getByTestId('withdraw-confirm-received').textContent).toBe('৳990.00');
    expect(callsOf('withdraw')).toEqual([]);
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('withdraw-confirm')).getByRole('button', { name: 'Confirm' }));
    });
    await settle();
    const sent = callsOf('withdraw');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.data).toEqual({ amount: 1000, bankCardId: 7, password: '135790', currentWithdrawType: 'BC' });
    expect(sent[0]?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(field('withdraw-amount').value).toBe('');
  });

  it('shows the turnover left to bet, what counts toward it and what adds to it, and says how much before a withdrawal', async () => {
    stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: {
        requiredTurnover: 1000,
        actualTurnover: 400,
        remainingTurnover: 600,
        turnoverMultiplier: 1.5,
        requirementMultipliers: { deposit: 1.5, agentTransfer: 1, redEnvelope: 0, operatorCredit: 1 },
        productWeights: { lottery: 1, inhouse: 0.5, vendor: 0 },
      },
      withdrawReport: report(),
    });
    await renderPage();
    expect(screen.getByTestId('withdraw-turnover').textContent).toBe('৳600.00');
    expect(screen.getByTestId('withdraw-turnover-remaining').textContent).toBe('Bet ৳600.00 more before you can withdraw.');
    expect(screen.getByTestId('withdraw-turnover-progress').textContent).toBe('৳400.00 of ৳1,000.00 counted so far');
    expect(screen.getByTestId('withdraw-turnover-counts-lottery').textContent).toBe('Lottery bets: each bet counts 1 × its stake');
    expect(screen.getByTestId('withdraw-turnover-counts-inhouse').textContent).toBe('Our own games (slots, crash): each bet counts 0.5 × its stake');
    expect(screen.getByTestId('withdraw-turnover-counts-vendor').textContent).toBe("Other providers' games: do not count");
    expect(within(screen.getByTestId('withdraw-turnover-counts')).getByText('Cancelled, voided and refunded bets do not count.')).toBeTruthy();
    expect(screen.getByTestId('withdraw-turnover-adds-deposit').textContent).toBe('Each deposit adds 1.5 × its amount');
    expect(screen.getByTestId('withdraw-turnover-adds-agentTransfer').textContent).toBe('Each transfer from your agent adds 1 × its amount');
    expect(screen.queryByTestId('withdraw-turnover-adds-redEnvelope')).toBeNull();
    expect(screen.getByTestId('withdraw-turnover-warning').textContent).toBe(
      'Withdrawals are refused until the turnover requirement is met: bet ৳600.00 more first (see what counts above).',
    );
  });

  it('previews what the member receives only for an amount that may be withdrawn', async () => {
    jest.useFakeTimers();
    const { callsOf } = stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      withdrawCharges: charges,
    });
    await renderPage();
    const rest = async () => {
      await act(async () => {
        jest.advanceTimersByTime(1000);
      });
      await settle();
    };
    // Below the minimum: the refusal, and no "you receive" beside it.
    type('withdraw-amount', '100');
    await rest();
    await click('withdraw-submit');
    expect(screen.getByText('The least you can withdraw is ৳500.00')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-charge-preview')).toBeNull();
    type('withdraw-amount', '50000.01');
    await rest();
    expect(screen.queryByTestId('withdraw-charge-preview')).toBeNull();
    expect(callsOf('withdrawCharges')).toEqual([]);
    type('withdraw-amount', '1000');
    await rest();
    expect(screen.getByTestId('withdraw-charge-preview').textContent).toBe('Charge ৳10.00 · you receive ৳990.00');
  });

  it('a retry after no answer sends the same key; an answer ends it', async () => {
    let attempt = 0;
    const { callsOf } = stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      withdrawCharges: charges,
      withdraw: () => {
        attempt += 1;
        if (attempt === 1) throw apiFailure('network.error', 'Network error', null, 0);
        if (attempt === 2) throw apiFailure('withdraw.daily.limit', "You have reached today's limit of 5 withdrawals");
        return { withdrawId: 41, orderNo: 'W41', withdrawType: 'BC', amount: 600, charge: 0, receivedAmount: 600, virtualAmount: null, bankName: 'Dutch-Bangla Bank', cardNumber: '****1234', status: 'pending', withdrawDate: 1, remark: null };
      },
    });
    await renderPage();
    const send = async () => {
      type('withdraw-amount', '600');
      type('withdraw-password', '135790');
      await click('withdraw-submit');
      await act(async () => {
        fireEvent.click(within(screen.getByTestId('withdraw-confirm')).getByRole('button', { name: 'Confirm' }));
      });
      await settle();
    };
    await send();
    await send();
    expect(screen.getByTestId('withdraw-error').textContent).toContain("today's limit");
    await send();
    const keys = callsOf('withdraw').map((options) => options?.headers?.['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('adds a card with the payment password; the real name once set is not asked again', async () => {
    const { callsOf } = stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      withdrawBanks: banks,
      withdrawAddCard: { ...card, bankCardId: 9, bankCode: 'BRAC', bankName: 'BRAC Bank', cardNumber: '****9999' },
    });
    await renderPage();
    await click('withdraw-add-card');
    expect(field('withdraw-card-payeeName').value).toBe('Rahim Uddin');
    expect(field('withdraw-card-payeeName').readOnly).toBe(true);
    type('withdraw-card-cardNumber', '1234');
    await click('withdraw-add-card-submit');
    expect(screen.getByText('8 to 24 digits')).toBeTruthy();
    fireEvent.change(screen.getByTestId('withdraw-card-bank'), { target: { value: 'DBBL' } });
    type('withdraw-card-cardNumber', '1234 5678 9999');
    type('withdraw-card-paymentPassword', '135790');
    await click('withdraw-add-card-submit');
    expect(callsOf('withdrawAddCard')[0]?.data).toEqual({ cardType: 'BC', bankCode: 'DBBL', payeeName: 'Rahim Uddin', cardNumber: '1234 5678 9999', paymentPassword: '135790' });
    expect(screen.queryByTestId('withdraw-add-card-form')).toBeNull();
  });

  it('deletes a card with the payment password, and shows the server’s refusal', async () => {
    const { callsOf } = stubApi({
      withdrawAccountInfo: accountInfo(),
      withdrawSettings: settings,
      turnoverInfo: turnover,
      withdrawReport: report(),
      withdrawDelCard: apiFailure('withdraw.card.pending', 'This account has a withdrawal in progress and cannot be deleted yet'),
    });
    await renderPage();
    await click('withdraw-card-7-delete');
    type('withdraw-delete-card-password', '135790');
    await click('withdraw-delete-card-submit');
    expect(callsOf('withdrawDelCard')[0]?.data).toEqual({ bankCardId: 7, password: '135790' });
    expect(screen.getByTestId('withdraw-delete-card-error').textContent).toContain('withdrawal in progress');
  });
});
