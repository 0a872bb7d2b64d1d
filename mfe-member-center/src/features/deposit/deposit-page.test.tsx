import { amountMinorOf, ApiError, bus } from '@platform/shared';
import { IDEMPOTENCY_KEY_HEADER, type DepositMethods, type DepositMTResult, type DepositPromotions, type DepositReport, type DepositSettings } from '@platform/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiFailure, logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen, type StubAnswers } from '@platform/shared/testing';
import DepositPage, { translationsLoaded } from './index';

// The deposit page as a member uses it, with only the network edge stubbed: the channels as tabs,
// what the form checks before sending (amount limits, the receipt file), what it sends (with its
// Idempotency-Key), and what it shows of a deposit made or pending.

const SETTINGS: DepositSettings = {
  allowDeposit: true,
  allowDepositMessage: null,
  inProgressCashInCount: 0,
  maxInProgressCashIn: 3,
  depositInfo: 'Deposits are credited within 10 minutes',
  description: '',
  bindBankCardRequired: false,
  phoneVerificationRequired: false,
  idPictureVerifiedRequired: false,
  default_tab: 'MT',
  currency: 'BDT',
  currencySymbol: '৳',
};

const channel = (vendorId: number, method: 'MT' | 'PG' | 'QR', vendorName: string, code: string, min: number, max: number, fixed: number[]) => ({
  vendorId,
  vendorName,
  mcsBankCode: code,
  method,
  minAmount: min,
  maxAmount: max,
  fixedAmounts: fixed,
  banks: [{ bankCode: code, bankType: method }],
});

const METHODS: DepositMethods = {
  methods: [
    { method: 'MT', channels: [channel(1, 'MT', 'Bank transfer', 'DEMOBANK', 500, 100000, [1000, 2000, 5000, 10000])] },
    { method: 'PG', channels: [channel(2, 'PG', 'bKash', 'BKASH', 100, 25000, [500, 1000]), channel(4, 'PG', 'VISA', 'VISA', 500, 100000, [])] },
    { method: 'QR', channels: [channel(5, 'QR', 'USDT', 'USDT', 1000, 500000, [])] },
  ],
};

const MT_RESULT: DepositMTResult = {
  depositId: 12,
  refCode: 'D12',
  amount: 500,
  state: 'pending',
  receivingAccount: { bankName: 'Demo Bank', accountName: 'Demo Receiving Account', accountNumber: '0123456789', branch: 'Demo Branch' },
  currencySymbol: '৳',
};

const report = (rows: Partial<DepositReport['list'][number]>[] = []): DepositReport => ({
  list: rows.map((row) => ({
    depositId: 12,
    refCode: 'D12',
    depositMethod: 'MT',
    vendorName: 'Bank transfer',
    requestedAmount: 500,
    amount: 0,
    customerBankCharge: 0,
    depositDate: Date.UTC(2026, 10, 25, 5, 0, 0),
    actualDepositDate: null,
    state: 'pending',
    ...row,
  })),
  totalPages: rows.length ? 1 : 0,
  footer: { requestedAmount: 0, amount: 0, customerBankCharge: 0 },
});

beforeEach(async () => {
  await resetTestState();
  await translationsLoaded;
  setStatus();
  logIn();
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

async function renderPage(answers: StubAnswers = {}) {
  const stub = stubApi({ depositSettings: SETTINGS, depositBanksList: METHODS, depositReport: report(), ...answers });
  renderWithProviders(<DepositPage openPage={() => undefined} />);
  await settle();
  return stub;
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = async (testId: string) => {
  await act(async () => {
    fireEvent.submit(screen.getByTestId(testId));
  });
  await settle();
};
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};
const chooseFile = async (file: File) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId('deposit-receipt-file'), { target: { files: [file] } });
  });
  await settle();
};
const keyOf = (options: CallOptionsSeen) => options?.headers?.[IDEMPOTENCY_KEY_HEADER];
const amountError = () => screen.queryByTestId('deposit-form')?.querySelector('[role="alert"]')?.textContent ?? null;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('the form', () => {
  it("shows a tab per channel, the merchant's notice, and the chosen channel's limits and fixed amounts", async () => {
    await renderPage();
    expect(screen.getByTestId('deposit-info').textContent).toBe('Deposits are credited within 10 minutes');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Bank transfer', 'bKash', 'VISA', 'USDT']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('deposit-amount-hint').textContent).toBe('Minimum ৳500.00, maximum ৳100,000.00');
    expect(screen.getAllByTestId(/^deposit-chip-/).map((chip) => chip.textContent)).toEqual(['৳1,000.00', '৳2,000.00', '৳5,000.00', '৳10,000.00']);
    expect(screen.getByTestId('deposit-payeeName')).toBeTruthy();

    await click(tabs[1]);
    expect(screen.getByTestId('deposit-amount-hint').textContent).toBe('Minimum ৳100.00, maximum ৳25,000.00');
    expect(screen.getAllByTestId(/^deposit-chip-/).map((chip) => chip.textContent)).toEqual(['৳500.00', '৳1,000.00']);
    expect(screen.queryByTestId('deposit-payeeName')).toBeNull();
    await click(screen.getByRole('tab', { name: 'VISA' }));
    expect(screen.queryAllByTestId(/^deposit-chip-/)).toHaveLength(0);
  });

  it('fills the amount from a chip', async () => {
    await renderPage();
    await click(screen.getByTestId('deposit-chip-2000'));
    expect((screen.getByTestId('deposit-amount') as HTMLInputElement).value).toBe('2000');
    expect(screen.getByTestId('deposit-chip-2000').getAttribute('aria-pressed')).toBe('true');
  });

  it("sends nothing for an amount outside the channel's limits, a non-amount, or without the payer's name", async () => {
    const stub = await renderPage({ depositMT: MT_RESULT });
    await submit('deposit-form');
    expect(amountError()).toBe('Enter the amount');
    fill('deposit-amount', '499.99');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(amountError()).toBe('The amount must be between ৳500.00 and ৳100,000.00');
    fill('deposit-amount', '100000.01');
    await submit('deposit-form');
    expect(amountError()).toBe('The amount must be between ৳500.00 and ৳100,000.00');
    fill('deposit-amount', '12.345');
    await submit('deposit-form');
    expect(amountError()).toBe('Enter an amount such as 500 or 500.50');
    fill('deposit-amount', '500');
    fill('deposit-payeeName', '  ');
    await submit('deposit-form');
    expect(amountError()).toBe("Enter the payer's name");
    expect(stub.callsOf('depositMT')).toHaveLength(0);
  });

  it("says why the member may not deposit now, and shows the server's refusal under the amount", async () => {
    await renderPage({ depositSettings: { ...SETTINGS, allowDeposit: false, allowDepositMessage: 'You already have 3 deposits in progress' } });
    expect(screen.getByTestId('deposit-not-allowed').textContent).toBe('You already have 3 deposits in progress');
    expect((screen.getByTestId('deposit-submit') as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    await renderPage({ depositMT: apiFailure('deposit.amount.out.of.range', 'The amount must be between 500.00 and 100000.00') });
    fill('deposit-amount', '600');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(amountError()).toBe('The amount must be between ৳500.00 and ৳100,000.00');
  });
});

describe('a manual bank transfer', () => {
  it("sends the amount and payer under an Idempotency-Key, then shows the receiving account, the deposit number and the receipt upload", async () => {
    const stub = await renderPage({ depositMT: MT_RESULT, uploadDepositImage: { depositId: 12, referenceNo: 'TRX-1' } });
    fill('deposit-amount', '500');
    fill('deposit-payeeName', ' Rahim Uddin ');
    fill('deposit-depositAccountNum', '01712345678');
    await submit('deposit-form');
    const [sent] = stub.callsOf('depositMT');
    expect(sent?.data).toEqual({ amount: 500, bankCode: 'DEMOBANK', payeeName: 'Rahim Uddin', depositAccountNum: '01712345678' });
    expect(keyOf(sent)).toMatch(/^[0-9a-f-]{36}$/);

    expect(screen.getByTestId('deposit-status').textContent).toBe('Waiting for your transfer and its receipt');
    expect(screen.getByTestId('deposit-ref').textContent).toBe('D12');
    expect(screen.getByTestId('deposit-amount').textContent).toBe('৳500.00');
    const account = within(screen.getByTestId('deposit-receiving-account'));
    expect(account.getByTestId('deposit-bank-name').textContent).toBe('Demo Bank');
    expect(account.getByTestId('deposit-account-name').textContent).toBe('Demo Receiving Account');
    expect(account.getByTestId('deposit-account-number').textContent).toBe('0123456789');
    expect(account.getByTestId('deposit-branch').textContent).toBe('Demo Branch');

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    await click(screen.getByTestId('deposit-account-number-copy'));
    expect(writeText).toHaveBeenCalledWith('0123456789');
    expect(screen.getByTestId('deposit-account-number-copy').textContent).toBe('Copied');

    // The receipt: checked here before anything is sent.
    expect(screen.getByTestId('deposit-receipt-file').getAttribute('accept')).toBe('image/png,image/jpeg,.png,.jpg,.jpeg');
    await submit('deposit-receipt-form');
    expect(screen.getByTestId('deposit-receipt-file-error').textContent).toBe('Choose the receipt image');
    await chooseFile(new File(['GIF89a'], 'receipt.gif', { type: 'image/gif' }));
    expect(screen.getByTestId('deposit-receipt-file-error').textContent).toBe('The receipt must be a PNG or JPG image');
    await chooseFile(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByTestId('deposit-receipt-file-error').textContent).toBe('The receipt image must be at most 5 MB');
    // Named and typed png, bytes of something else (a renamed file).
    await chooseFile(new File(['<svg onload=alert(1)>'], 'fake.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('deposit-receipt-file-error').textContent).toBe('The receipt must be a PNG or JPG image'));
    expect(stub.callsOf('uploadDepositImage')).toHaveLength(0);

    await chooseFile(new File([PNG], 'receipt.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('deposit-receipt-preview').getAttribute('src')).toMatch(/^data:image\/png;base64,iVBORw0KGgo/));
    expect(screen.queryByTestId('deposit-receipt-file-error')).toBeNull();
    await submit('deposit-receipt-form');
    expect(screen.getByTestId('deposit-receipt-form').textContent).toContain('Enter the reference number');
    fill('deposit-referenceNo', 'TRX-1');
    await submit('deposit-receipt-form');
    const [upload] = stub.callsOf('uploadDepositImage');
    expect(upload?.data).toEqual({ depositId: 12, image: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/), referenceNo: 'TRX-1' });
    expect(screen.getByTestId('deposit-status').textContent).toBe('Submitted, waiting for approval');
  });

  it('sends a retry after a network failure under the same key, and the next deposit under a new one', async () => {
    let attempts = 0;
    const stub = await renderPage({
      depositMT: () => {
        attempts += 1;
        return attempts === 1 ? new ApiError({ status: 0, errorCode: 'network.error', message: 'Network error' }) : MT_RESULT;
      },
    });
    fill('deposit-amount', '500');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(screen.queryByTestId('deposit-manual')).toBeNull();
    await submit('deposit-form');
    expect(screen.getByTestId('deposit-manual')).toBeTruthy();
    const [first, retry] = stub.callsOf('depositMT');
    expect(keyOf(retry)).toBe(keyOf(first));

    await click(screen.getByTestId('deposit-new'));
    fill('deposit-amount', '500');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    const third = stub.callsOf('depositMT')[2];
    expect(keyOf(third)).not.toBe(keyOf(first));
  });

  it('is shown again when the member comes back to it, and can be cancelled', async () => {
    const stub = await renderPage({ depositReport: report([{ depositId: 77, refCode: 'D77', requestedAmount: 1500 }]), cancelDeposit: { depositId: 77, state: 'cancelled' } });
    const pending = within(screen.getByTestId('deposit-pending'));
    expect(pending.getByTestId('deposit-pending-D77').textContent).toContain('D77 · Bank transfer');
    expect(pending.getByTestId('deposit-pending-D77').textContent).toContain('৳1,500.00');
    const [query] = stub.callsOf('depositReport');
    expect(query?.params).toMatchObject({ depositState: 'pending', page: 1 });
    expect((query?.params?.endDate as number) - (query?.params?.startDate as number)).toBeLessThanOrEqual(29 * 24 * 60 * 60 * 1000);

    await click(pending.getByTestId('deposit-pending-open-D77'));
    expect(screen.getByTestId('deposit-ref').textContent).toBe('D77');
    expect(screen.getByTestId('deposit-receipt-form')).toBeTruthy();
    expect(screen.getByTestId('deposit-account-unknown').textContent).toContain('৳1,500.00');

    await click(screen.getByTestId('deposit-cancel'));
    await click(within(screen.getByTestId('deposit-cancel-dialog')).getByRole('button', { name: 'Cancel the deposit' }));
    expect(stub.callsOf('cancelDeposit')[0]?.data).toEqual({ depositId: 77 });
    expect(screen.getByTestId('deposit-status').textContent).toBe('Cancelled');
    expect(screen.queryByTestId('deposit-receipt-form')).toBeNull();
  });

  it('shows the deposit approved, and no longer in progress, as soon as the server pushes its new status', async () => {
    let state: 'pending' | 'approved' = 'pending';
    await renderPage({
      depositReport: (options: CallOptionsSeen) =>
        options?.params?.depositState === 'pending' && state !== 'pending' ? report() : report([{ depositId: 77, refCode: 'D77', requestedAmount: 1500, state }]),
    });
    await click(within(screen.getByTestId('deposit-pending')).getByTestId('deposit-pending-open-D77'));
    expect(screen.getByTestId('deposit-ref').textContent).toBe('D77');

    // The operator approves it; no balance event is needed for the page to follow.
    state = 'approved';
    act(() => bus.dispatch({ type: 'paymentStatus', change: { kind: 'deposit', id: 77, status: 'approved' } }));
    await waitFor(() => expect(screen.getByTestId('deposit-status').textContent).toMatch(/^Approved: /));
    expect(screen.queryByTestId('deposit-pending')).toBeNull();
  });
});

describe('an online payment', () => {
  it("opens the provider's page in a new window, and reads the deposit again on 'I have paid'", async () => {
    const payWindow = { location: { href: '' }, opener: {}, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(payWindow as unknown as Window);
    let reads = 0;
    const stub = await renderPage({
      newDepositPG: { depositId: 30, refCode: 'D30', amount: 1000, redirectUrl: '/dev/gateway/pay/SIM9', qrImgUrl: null, qrContent: null, expiresAt: Date.UTC(2026, 10, 25, 6) },
      depositReport: (options: CallOptionsSeen) => {
        if (options?.params?.depositState === 'pending') return report();
        reads += 1;
        return report([{ depositId: 30, refCode: 'D30', depositMethod: 'PG', vendorName: 'bKash', requestedAmount: 1000, amount: 1000, state: reads > 1 ? 'approved' : 'pending' }]);
      },
    });
    await click(screen.getByRole('tab', { name: 'bKash' }));
    await click(screen.getByTestId('deposit-chip-1000'));
    await submit('deposit-form');
    expect(stub.callsOf('newDepositPG')[0]?.data).toEqual({ amount: 1000, bankCode: 'BKASH', vendorId: 2 });
    expect(keyOf(stub.callsOf('newDepositPG')[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(payWindow.opener).toBeNull();
    expect(payWindow.location.href).toBe('http://localhost/dev/gateway/pay/SIM9');
    expect(screen.getByTestId('deposit-pay-link').getAttribute('href')).toBe('http://localhost/dev/gateway/pay/SIM9');
    expect(screen.getByTestId('deposit-pay-link').getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('deposit-status').textContent).toBe('Waiting for your payment');

    await click(screen.getByTestId('deposit-check'));
    expect(screen.getByTestId('deposit-status').textContent).toBe('Waiting for your payment');
    await click(screen.getByTestId('deposit-check'));
    expect(screen.getByTestId('deposit-status').textContent).toBe('Approved: ৳1,000.00 was credited to your balance');
    expect(stub.callsOf('depositReport').filter((options) => options?.params?.depositType === 'PG')).toHaveLength(2);
  });

  it('closes the window it opened when the order cannot be made, and never opens a page that is not http(s)', async () => {
    const payWindow = { location: { href: '' }, opener: {}, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(payWindow as unknown as Window);
    await renderPage({ newDepositPG: apiFailure('deposit.gateway.unavailable', 'The payment provider is not responding', null, 502) });
    await click(screen.getByRole('tab', { name: 'bKash' }));
    fill('deposit-amount', '200');
    await submit('deposit-form');
    expect(payWindow.close).toHaveBeenCalled();
    expect(screen.getByTestId('deposit-error').textContent).toBe('The payment provider is not responding');
    cleanup();

    const other = { location: { href: '' }, opener: {}, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(other as unknown as Window);
    await renderPage({ newDepositPG: { depositId: 31, refCode: 'D31', amount: 200, redirectUrl: 'javascript:alert(1)', qrImgUrl: null, qrContent: null, expiresAt: 0 } });
    await click(screen.getByRole('tab', { name: 'bKash' }));
    fill('deposit-amount', '200');
    await submit('deposit-form');
    expect(other.location.href).toBe('');
    expect(other.close).toHaveBeenCalled();
    expect(screen.queryByTestId('deposit-pay-link')).toBeNull();
  });

  it('shows a QR channel as a QR code with the amount and a note', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    await renderPage({ newDepositPG: { depositId: 40, refCode: 'D40', amount: 1000, redirectUrl: null, qrImgUrl: null, qrContent: '/dev/gateway/pay/SIM4', expiresAt: 0 } });
    await click(screen.getByRole('tab', { name: 'USDT' }));
    fill('deposit-amount', '1000');
    await submit('deposit-form');
    expect(screen.getByTestId('deposit-qr').getAttribute('data-value')).toBe('http://localhost/dev/gateway/pay/SIM4');
    expect(screen.getByTestId('deposit-qr-note').textContent).toBe('Scan the code with your USDT wallet and pay exactly ৳1,000.00 for deposit D40.');
  });

  it('reads the deposit again by itself when the balance moves (a credit pushed by the server)', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    let credited = false;
    const stub = await renderPage({
      newDepositPG: { depositId: 50, refCode: 'D50', amount: 500, redirectUrl: 'https://pay.example/p/1', qrImgUrl: null, qrContent: null, expiresAt: 0 },
      depositReport: (options: CallOptionsSeen) =>
        options?.params?.depositState === 'pending'
          ? report()
          : report([{ depositId: 50, refCode: 'D50', depositMethod: 'PG', vendorName: 'bKash', amount: credited ? 500 : 0, state: credited ? 'approved' : 'pending' }]),
    });
    await click(screen.getByRole('tab', { name: 'bKash' }));
    await click(screen.getByTestId('deposit-chip-500'));
    await submit('deposit-form');
    // The window was blocked: the link is there.
    expect(screen.getByTestId('deposit-pay-link').getAttribute('href')).toBe('https://pay.example/p/1');
    expect(stub.callsOf('depositReport').filter((options) => options?.params?.depositType === 'PG')).toHaveLength(0);

    credited = true;
    await act(async () => {
      bus.set('balance', { sumBalanceMinor: amountMinorOf(50_000), loading: false });
    });
    await settle();
    expect(stub.callsOf('depositReport').filter((options) => options?.params?.depositType === 'PG')).toHaveLength(1);
    expect(screen.getByTestId('deposit-status').textContent).toBe('Approved: ৳500.00 was credited to your balance');
  });
});

describe('the promotion choice', () => {
  const WELCOME: DepositPromotions['list'][number] = {
    id: 7,
    title: 'Welcome Bonus 100% up to $500',
    trigger: 'first_deposit',
    joined: false,
    // tickets and streak: the fields a server with prize-wheel and sign-in rewards adds (null here).
    reward: { kind: 'percent', amount: null, percent: 100, cap: 500, tickets: null, points: null, streak: null },
    minDeposit: 600,
    wagering: { multiplier: 10, includesDeposit: false },
    endTime: null,
  };
  const RELOAD: DepositPromotions['list'][number] = {
    ...WELCOME,
    id: 9,
    title: 'Reload Bonus 20%',
    trigger: 'deposit',
    joined: true,
    reward: { kind: 'percent', amount: null, percent: 20, cap: null, tickets: null, points: null, streak: null },
    minDeposit: null,
    wagering: { multiplier: 5, includesDeposit: true },
  };
  const OFFER: DepositPromotions = { list: [WELCOME, RELOAD] };
  const radio = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
  const note = () => screen.queryByTestId('deposit-promotion-min')?.textContent ?? null;

  it('offers "No promotion", chosen, and each promotion with what it gives and asks on one line', async () => {
    await renderPage({ depositPromotions: OFFER });
    const choice = within(screen.getByTestId('deposit-promotions'));
    expect(screen.getByTestId('deposit-promotions').querySelector('legend')?.textContent).toBe('Promotion');
    expect(choice.getAllByRole('radio')).toHaveLength(3);
    expect(radio('deposit-promotion-none').checked).toBe(true);
    expect(radio('deposit-promotion-none').closest('label')?.textContent).toBe('No promotion');
    expect(radio('deposit-promotion-7').closest('label')?.textContent).toContain('Welcome Bonus 100% up to $500');
    expect(screen.getByTestId('deposit-promotion-summary-7').textContent).toBe('100% up to ৳500.00, min. deposit ৳600.00, wagering 10×');
    expect(screen.getByTestId('deposit-promotion-summary-9').textContent).toBe('20% of the deposit, wagering 5× bonus and deposit');
    expect(radio('deposit-promotion-9').closest('label')?.textContent).toContain('Joined');
  });

  it('sends the promotion chosen with the deposit, and none when "No promotion" is chosen', async () => {
    const stub = await renderPage({ depositPromotions: OFFER, depositMT: MT_RESULT });
    await click(radio('deposit-promotion-7'));
    fill('deposit-amount', '600');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(stub.callsOf('depositMT')[0]?.data).toEqual({ amount: 600, bankCode: 'DEMOBANK', payeeName: 'Rahim Uddin', promotionId: 7 });
    // The offer is read again once the deposit is made (the promotion is joined now).
    expect(stub.callsOf('depositPromotions').length).toBeGreaterThanOrEqual(2);
    cleanup();

    const plain = await renderPage({ depositPromotions: OFFER, depositMT: MT_RESULT });
    await click(radio('deposit-promotion-9'));
    await click(radio('deposit-promotion-none'));
    fill('deposit-amount', '600');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(plain.callsOf('depositMT').at(-1)?.data).toEqual({ amount: 600, bankCode: 'DEMOBANK', payeeName: 'Rahim Uddin' });
  });

  it('sends it with an online deposit too', async () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    const stub = await renderPage({
      depositPromotions: OFFER,
      newDepositPG: { depositId: 30, refCode: 'D30', amount: 700, redirectUrl: 'https://pay.example/D30', qrImgUrl: null, qrContent: null, expiresAt: 0 },
    });
    await click(screen.getByRole('tab', { name: 'bKash' }));
    await click(radio('deposit-promotion-7'));
    fill('deposit-amount', '700');
    await submit('deposit-form');
    expect(stub.callsOf('newDepositPG')[0]?.data).toEqual({ amount: 700, bankCode: 'BKASH', vendorId: 2, promotionId: 7 });
  });

  it("says beside the amount, before sending, that it is below the chosen promotion's minimum, and sends nothing", async () => {
    const stub = await renderPage({ depositPromotions: OFFER, depositMT: MT_RESULT });
    fill('deposit-amount', '550');
    expect(note()).toBeNull();
    await click(radio('deposit-promotion-7'));
    expect(note()).toBe('Welcome Bonus 100% up to $500 needs a deposit of at least ৳600.00');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(amountError()).toBe('Welcome Bonus 100% up to $500 needs a deposit of at least ৳600.00');
    expect(stub.callsOf('depositMT')).toHaveLength(0);
    fill('deposit-amount', '600');
    expect(note()).toBeNull();
    // Without the promotion the channel's own limits are all that count.
    fill('deposit-amount', '550');
    await click(radio('deposit-promotion-none'));
    expect(note()).toBeNull();
    await submit('deposit-form');
    expect(stub.callsOf('depositMT')).toHaveLength(1);
  });

  it('shows no choice when the offer cannot be read or is empty, and the deposit still goes', async () => {
    const stub = await renderPage({ depositPromotions: apiFailure('system.error', 'Something went wrong', null, 500), depositMT: MT_RESULT });
    expect(screen.queryByTestId('deposit-promotions')).toBeNull();
    expect(screen.queryByTestId('deposit-error')?.textContent ?? '').toBe('');
    fill('deposit-amount', '500');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(stub.callsOf('depositMT')[0]?.data).toEqual({ amount: 500, bankCode: 'DEMOBANK', payeeName: 'Rahim Uddin' });
    cleanup();

    await renderPage({ depositPromotions: { list: [] } });
    expect(screen.queryByTestId('deposit-promotions')).toBeNull();
    expect(screen.getByTestId('deposit-form')).toBeTruthy();
  });

  it('says why the server refused the promotion, and reads the offer again', async () => {
    const stub = await renderPage({ depositPromotions: OFFER, depositMT: apiFailure('promotion.not.joinable', 'You cannot join this promotion', null, 409) });
    await click(radio('deposit-promotion-9'));
    fill('deposit-amount', '600');
    fill('deposit-payeeName', 'Rahim Uddin');
    await submit('deposit-form');
    expect(screen.getByTestId('deposit-error').textContent).toBe('You cannot join this promotion');
    expect(stub.callsOf('depositPromotions')).toHaveLength(2);
  });

  it('speaks Bengali', async () => {
    await renderPage({ depositPromotions: OFFER });
    await act(async () => {
      bus.set('language', 'BN');
    });
    await settle();
    expect(screen.getByTestId('deposit-promotions').querySelector('legend')?.textContent).toBe('প্রচার');
    expect(radio('deposit-promotion-none').closest('label')?.textContent).toBe('কোনো প্রচার নয়');
    expect(screen.getByTestId('deposit-promotion-summary-9').textContent).toBe('জমার 20%, বোনাস ও জমার 5× বাজি');
  });
});
