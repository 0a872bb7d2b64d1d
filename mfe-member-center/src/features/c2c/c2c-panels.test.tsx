import { amountMinorOf, bus, CLIENT_ERROR_CODES } from '@platform/shared';
import { IDEMPOTENCY_KEY_HEADER, type C2CConfirmation, type C2CConfirmationList, type C2CDeposit, type PaymentStatusChange } from '@platform/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiFailure, logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen, type StubAnswers } from '@platform/shared/testing';
import DepositPage from '../deposit';
import { C2CConfirmationPanel } from './c2c-confirmation-panel';
import { C2CDepositPanel } from './c2c-deposit-panel';
import { translationsLoaded } from './translations';

// The two C2C panels as members use them, with only the network edge stubbed: what the depositor
// sees and sends (amount checks, the card to pay with copy, proof, "I have paid", cancel), and
// what the withdrawer sees and answers (received, partial with its amount, not received with 1-3
// images, 'Full payment has been made').

const ORDER: C2CDeposit = {
  depositId: 41,
  refCode: 'D41',
  orderId: 7,
  amount: 1500,
  status: 'matched',
  receivedAmount: null,
  bankName: 'Dutch-Bangla Bank',
  cardNumber: '20123456789012',
  payeeName: 'Karim Ahmed',
  payDeadline: Date.UTC(2026, 10, 25, 6, 30),
  paidTime: null,
  confirmDeadline: null,
  hasProof: false,
  createdTime: Date.UTC(2026, 10, 25, 6, 0),
  currencySymbol: '৳',
};

const CONFIRMATION: C2CConfirmation = {
  orderId: 7,
  withdrawId: 12,
  withdrawOrderNo: 'W12',
  amount: 1500,
  payerName: 'Rahim Payer',
  status: 'paid',
  outcome: null,
  receivedAmount: null,
  proofImage: 'data:image/png;base64,iVBORw0KGgo=',
  createdTime: Date.UTC(2026, 10, 25, 6, 0),
  paidTime: Date.UTC(2026, 10, 25, 6, 10),
  confirmDeadline: Date.UTC(2026, 10, 25, 6, 40),
  closedTime: null,
};

const LIST: C2CConfirmationList = {
  list: [CONFIRMATION],
  withdrawals: [{ withdrawId: 12, orderNo: 'W12', amount: 3000, settledAmount: 0, reservedAmount: 1500, status: 'pending', fullyPaid: false }],
  currencySymbol: '৳',
};

beforeEach(async () => {
  await resetTestState();
  await translationsLoaded;
  setStatus();
  logIn();
  Object.assign(navigator, { clipboard: { writeText: jest.fn(() => Promise.resolve()) } });
});

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const keyOf = (options: CallOptionsSeen) => options?.headers?.[IDEMPOTENCY_KEY_HEADER];
/** What the balance service sends on the bus when the server pushes a status change (server/README.md). */
const push = (change: PaymentStatusChange) => act(() => bus.dispatch({ type: 'paymentStatus', change }));
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

async function renderDeposit(answers: StubAnswers) {
  const stub = stubApi(answers);
  renderWithProviders(<C2CDepositPanel currencySymbol="৳" minMinor={amountMinorOf(10_000)} maxMinor={amountMinorOf(5_000_000)} />);
  await settle();
  return stub;
}

describe('the depositor', () => {
  it('checks the amount, sends one key per submit (the same on a retry with no answer), and shows the card to pay with copy buttons', async () => {
    let attempts = 0;
    const stub = await renderDeposit({
      c2cDepositDetail: null,
      depositC2C: () => {
        attempts += 1;
        return attempts === 1 ? apiFailure(CLIENT_ERROR_CODES.network, 'No connection', null, 0) : ORDER;
      },
    });
    await act(async () => {
      fireEvent.submit(screen.getByTestId('c2c-form'));
    });
    await settle();
    expect(screen.getByTestId('c2c-form').textContent).toContain('Enter the amount');
    fill('c2c-amount', '99.99');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('c2c-form'));
    });
    await settle();
    expect(screen.getByTestId('c2c-form').textContent).toContain('The amount must be between ৳100.00 and ৳50,000.00');
    expect(stub.callsOf('depositC2C')).toHaveLength(0);

    fill('c2c-amount', '1,500');
    fill('c2c-payerName', ' Rahim Payer ');
    for (let index = 0; index < 2; index++) {
      await act(async () => {
        fireEvent.submit(screen.getByTestId('c2c-form'));
      });
      await settle();
    }
    const calls = stub.callsOf('depositC2C');
    expect(calls.map((options) => options?.data)).toEqual([
      { amount: 1500, payerName: 'Rahim Payer' },
      { amount: 1500, payerName: 'Rahim Payer' },
    ]);
    expect(keyOf(calls[0])).toBeTruthy();
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
    expect(screen.getByTestId('c2c-card').textContent).toBe('20123456789012');
    expect(screen.getByTestId('c2c-payee').textContent).toBe('Karim Ahmed');
    expect(screen.getByTestId('c2c-amount').textContent).toBe('৳1,500.00');
    await click(screen.getByTestId('c2c-card-copy'));
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('20123456789012');
  });

  it('sends a proof image and "I have paid", then shows the confirmation deadline; refuses a file that is no image', async () => {
    const stub = await renderDeposit({
      c2cDepositDetail: ORDER,
      uploadC2CProof: { ...ORDER, hasProof: true },
      confirmC2CPaid: { ...ORDER, hasProof: true, status: 'paid', paidTime: ORDER.createdTime, confirmDeadline: Date.UTC(2026, 10, 25, 6, 40) },
    });
    await act(async () => {
      fireEvent.change(screen.getByTestId('c2c-proof-file'), { target: { files: [new File(['not an image'], 'notes.txt', { type: 'text/plain' })] } });
    });
    await waitFor(() => expect(screen.getByTestId('c2c-proof-error').textContent).toBe('Only acceptable png or jpg'));
    await act(async () => {
      fireEvent.change(screen.getByTestId('c2c-proof-file'), { target: { files: [new File([PNG], 'proof.png', { type: 'image/png' })] } });
    });
    // The file is read (FileReader) before it is sent: wait for the call, however slow the machine.
    await waitFor(() => expect(stub.callsOf('uploadC2CProof')[0]?.data).toEqual({ depositId: 41, image: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/) }));
    await settle();
    await click(screen.getByTestId('c2c-paid'));
    expect(stub.callsOf('confirmC2CPaid')[0]?.data).toEqual({ depositId: 41 });
    expect(screen.getByTestId('c2c-order-status').textContent).toBe('Waiting for confirmation');
    expect(screen.getByTestId('c2c-waiting').textContent).toContain('it counts as received');
    expect(screen.queryByTestId('c2c-cancel')).toBeNull();
  });

  it('cancels after a confirmation, and offers a new deposit', async () => {
    const stub = await renderDeposit({ c2cDepositDetail: ORDER, cancelC2CDeposit: { ...ORDER, status: 'cancelled', cardNumber: '****9012' } });
    await click(screen.getByTestId('c2c-cancel'));
    await click(within(screen.getByTestId('c2c-cancel-dialog')).getByRole('button', { name: 'Cancel deposit' }));
    expect(stub.callsOf('cancelC2CDeposit')[0]?.data).toEqual({ depositId: 41 });
    expect(screen.getByTestId('c2c-order-status').textContent).toBe('Cancelled');
    await click(screen.getByTestId('c2c-new'));
    expect(screen.getByTestId('c2c-form')).toBeTruthy();
  });

  it('shows the order credited as soon as the server pushes its new status, with no Refresh press; another order leaves it alone', async () => {
    let status: C2CDeposit['status'] = 'paid';
    const stub = await renderDeposit({
      c2cDepositDetail: () => ({ ...ORDER, status, paidTime: ORDER.createdTime, confirmDeadline: Date.UTC(2026, 10, 25, 6, 40), receivedAmount: status === 'confirmed' ? 1500 : null }),
    });
    expect(screen.getByTestId('c2c-order-status').textContent).toBe('Waiting for confirmation');
    const reads = stub.callsOf('c2cDepositDetail').length;

    // The member's other side (an order against their own withdrawal) is not this order.
    push({ kind: 'c2c', id: 8, status: 'paid' });
    await settle();
    expect(stub.callsOf('c2cDepositDetail')).toHaveLength(reads);

    // The withdrawer confirms receipt; no balance event is needed for the panel to follow.
    status = 'confirmed';
    push({ kind: 'c2c', id: ORDER.orderId, status: 'confirmed' });
    await waitFor(() => expect(screen.getByTestId('c2c-credited').textContent).toBe('৳1,500.00 was credited to your balance.'));
    expect(stub.callsOf('c2cDepositDetail').at(-1)?.params).toEqual({ depositId: 41 });
    expect(screen.getByTestId('c2c-order-status').textContent).toBe('Credited');
  });

  it('says what was credited', async () => {
    await renderDeposit({ c2cDepositDetail: { ...ORDER, status: 'confirmed', receivedAmount: 1200 } });
    expect(screen.getByTestId('c2c-credited').textContent).toBe('৳1,200.00 was credited to your balance.');
  });
});

async function renderConfirmations(answers: StubAnswers) {
  const stub = stubApi(answers);
  renderWithProviders(<C2CConfirmationPanel />);
  await settle();
  return stub;
}

describe('the withdrawer', () => {
  it('shows nothing without C2C payments (and when the quiet call fails)', async () => {
    await renderConfirmations({ paymentConfirmationList: { list: [], withdrawals: [], currencySymbol: '৳' } });
    expect(screen.queryByTestId('c2c-confirmations')).toBeNull();
    cleanup();
    await renderConfirmations({ paymentConfirmationList: apiFailure('system.err', 'Busy', null, 500) });
    expect(screen.queryByTestId('c2c-confirmations')).toBeNull();
  });

  it('shows the payer, amount and proof, and confirms receipt after a confirmation with an Idempotency-Key', async () => {
    let answered = false;
    const stub = await renderConfirmations({
      paymentConfirmationList: () => (answered ? { ...LIST, list: [{ ...CONFIRMATION, status: 'confirmed', outcome: 'received', receivedAmount: 1500, proofImage: null }] } : LIST),
      confirmC2CReceipt: () => {
        answered = true;
        return { ...CONFIRMATION, status: 'confirmed' };
      },
    });
    const item = screen.getByTestId('c2c-confirm-7');
    expect(item.textContent).toContain('From Rahim Payer');
    expect(screen.getByTestId('c2c-confirm-7-amount').textContent).toBe('৳1,500.00');
    expect(screen.getByTestId('c2c-confirm-7-proof').getAttribute('src')).toBe(CONFIRMATION.proofImage);
    expect(screen.getByTestId('c2c-withdrawal-12').textContent).toBe('W12: ৳0.00 of ৳3,000.00 paid');
    await click(screen.getByTestId('c2c-confirm-7-received'));
    await click(within(screen.getByTestId('c2c-confirm-7-dialog')).getByRole('button', { name: 'Yes, received' }));
    const call = stub.callsOf('confirmC2CReceipt')[0];
    expect(call?.data).toEqual({ orderId: 7, result: 'received' });
    expect(keyOf(call)).toBeTruthy();
    expect(screen.getByTestId('c2c-confirm-7-status').textContent).toBe('Received');
  });

  it('sends a partial amount below the order amount only', async () => {
    const stub = await renderConfirmations({ paymentConfirmationList: LIST, confirmC2CReceipt: { ...CONFIRMATION, status: 'confirmed' } });
    await click(screen.getByTestId('c2c-confirm-7-partial'));
    fill('c2c-confirm-7-amount-input', '1500');
    await click(screen.getByTestId('c2c-confirm-7-partial-send'));
    expect(screen.getByTestId('c2c-confirm-7-error').textContent).toBe('Enter the amount received: more than 0 and less than ৳1,500.00');
    expect(stub.callsOf('confirmC2CReceipt')).toHaveLength(0);
    fill('c2c-confirm-7-amount-input', '1000.50');
    await click(screen.getByTestId('c2c-confirm-7-partial-send'));
    expect(stub.callsOf('confirmC2CReceipt')[0]?.data).toEqual({ orderId: 7, result: 'partial', receivedAmount: 1000.5 });
  });

  it('needs 1-3 images for "not received" and sends them', async () => {
    const stub = await renderConfirmations({ paymentConfirmationList: LIST, confirmC2CReceipt: { ...CONFIRMATION, status: 'disputed' } });
    await click(screen.getByTestId('c2c-confirm-7-not-received'));
    await click(screen.getByTestId('c2c-confirm-7-not-received-send'));
    expect(screen.getByTestId('c2c-confirm-7-error').textContent).toBe('Attach 1 to 3 images');
    const files = Array.from({ length: 4 }, (_, index) => new File([PNG], `bank-${index}.png`, { type: 'image/png' }));
    await act(async () => {
      fireEvent.change(screen.getByTestId('c2c-confirm-7-files'), { target: { files } });
    });
    // The images are read (FileReader) before the count is checked: wait for the message itself.
    await waitFor(() => expect(screen.getByTestId('c2c-confirm-7-error').textContent).toBe("Can't accept upload more than 3 images"));
    await click(screen.getByTestId('c2c-confirm-7-not-received-send'));
    const call = stub.callsOf('confirmC2CReceipt')[0];
    expect(call?.data).toEqual({ orderId: 7, result: 'not_received', images: [expect.stringMatching(/^data:image\/png/), expect.stringMatching(/^data:image\/png/), expect.stringMatching(/^data:image\/png/)] });
  });

  it('shows a new order against the withdrawal, its payment and the withdrawal paid in full as the server pushes them, with no Refresh press', async () => {
    let list: C2CConfirmationList = { list: [], withdrawals: [], currencySymbol: '৳' };
    await renderConfirmations({ paymentConfirmationList: () => list });
    expect(screen.queryByTestId('c2c-confirmations')).toBeNull();

    // A depositor's C2C deposit is matched to the member's withdrawal: the section appears.
    list = { ...LIST, list: [{ ...CONFIRMATION, status: 'matched', proofImage: null, paidTime: null, confirmDeadline: null }] };
    push({ kind: 'c2c', id: 7, status: 'matched' });
    await waitFor(() => expect(screen.getByTestId('c2c-confirm-7-status').textContent).toBe('Payer is paying'));
    expect(screen.queryByTestId('c2c-confirm-7-proof')).toBeNull();

    // The depositor says they paid: the proof and the answers appear.
    list = LIST;
    push({ kind: 'c2c', id: 7, status: 'paid' });
    await waitFor(() => expect(screen.getByTestId('c2c-confirm-7-status').textContent).toBe('Please confirm'));
    expect(screen.getByTestId('c2c-confirm-7-proof').getAttribute('src')).toBe(CONFIRMATION.proofImage);

    // No answer by the deadline: the order counts as received and pays the withdrawal in full.
    list = {
      list: [{ ...CONFIRMATION, status: 'confirmed', outcome: 'timeout', receivedAmount: 1500, proofImage: null }],
      withdrawals: [{ withdrawId: 12, orderNo: 'W12', amount: 1500, settledAmount: 1500, reservedAmount: 0, status: 'paid', fullyPaid: true }],
      currencySymbol: '৳',
    };
    push({ kind: 'withdrawal', id: 12, status: 'paid' });
    await waitFor(() => expect(screen.getByTestId('c2c-withdrawal-12').textContent).toBe('W12: Full payment has been made'));
    expect(screen.getByTestId('c2c-confirm-7-status').textContent).toBe('Received');
  });

  it("says 'Full payment has been made' for a withdrawal paid in full by depositors", async () => {
    await renderConfirmations({
      paymentConfirmationList: {
        list: [{ ...CONFIRMATION, status: 'confirmed', outcome: 'timeout', receivedAmount: 1500, proofImage: null }],
        withdrawals: [{ withdrawId: 12, orderNo: 'W12', amount: 1500, settledAmount: 1500, reservedAmount: 0, status: 'paid', fullyPaid: true }],
        currencySymbol: '৳',
      },
    });
    expect(screen.getByTestId('c2c-withdrawal-12').textContent).toBe('W12: Full payment has been made');
    expect(screen.getByTestId('c2c-confirm-7').textContent).toContain('No answer in time: ৳1,500.00 counted as received.');
    expect(screen.queryByTestId('c2c-confirm-7-received')).toBeNull();
  });
});

describe('on the deposit page', () => {
  const settings = {
    allowDeposit: true,
    allowDepositMessage: null,
    inProgressCashInCount: 0,
    maxInProgressCashIn: 3,
    depositInfo: '',
    description: '',
    bindBankCardRequired: false,
    phoneVerificationRequired: false,
    idPictureVerifiedRequired: false,
    default_tab: 'MT',
    currency: 'BDT',
    currencySymbol: '৳',
  };
  const mt = { vendorId: 1, vendorName: 'Bank transfer', mcsBankCode: 'DEMOBANK', method: 'MT' as const, minAmount: 500, maxAmount: 100000, fixedAmounts: [], banks: [{ bankCode: 'DEMOBANK', bankType: 'MT' }] };
  const c2c = { vendorId: 0, vendorName: 'C2C', mcsBankCode: 'C2C', method: 'C2C' as const, minAmount: 100, maxAmount: 50000, fixedAmounts: [], banks: [{ bankCode: 'C2C', bankType: 'C2C' }] };
  const report = { list: [], totalPages: 0, footer: { requestedAmount: 0, amount: 0, customerBankCharge: 0 } };

  it('is a tab of its own when the merchant offers C2C (never a channel of the ordinary form), and absent otherwise', async () => {
    const stub = stubApi({ depositSettings: settings, depositBanksList: { methods: [{ method: 'MT', channels: [mt] }, { method: 'C2C', channels: [c2c] }] }, depositReport: report, c2cDepositDetail: null });
    renderWithProviders(<DepositPage openPage={() => undefined} />);
    await settle();
    expect(screen.getByTestId('deposit-form')).toBeTruthy();
    expect(screen.queryByTestId('deposit-channel-C2C')).toBeNull();
    await click(screen.getByTestId('deposit-tab-c2c'));
    await settle();
    expect(screen.getByTestId('c2c-form')).toBeTruthy();
    expect(screen.getByTestId('c2c-amount-hint').textContent).toBe('Minimum ৳100.00, maximum ৳50,000.00');
    expect(stub.callsOf('c2cDepositDetail')).toHaveLength(1);
    cleanup();
    jest.restoreAllMocks();

    stubApi({ depositSettings: settings, depositBanksList: { methods: [{ method: 'MT', channels: [mt] }] }, depositReport: report });
    renderWithProviders(<DepositPage openPage={() => undefined} />);
    await settle();
    expect(screen.queryByTestId('deposit-tab-c2c')).toBeNull();
  });
});
