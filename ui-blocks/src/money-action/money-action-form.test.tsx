import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { amountMinorOf, Modal, type AmountMinor } from '@platform/shared';
import { TextField } from '@platform/shared/forms';
import { apiFailure, logIn, renderWithProviders, resetTestState, setStatus } from '@platform/shared/testing';
import { MoneyActionForm, type MoneyActionFormProps } from './money-action-form';

// The money action block with a stand-in action (a transfer with a remark): what the member sees,
// what it refuses before anything is sent, the confirmation, one send at a time under one key,
// and the way to set a payment password.

interface Transfer {
  amountMinor: AmountMinor;
  remark: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
});

type Props = MoneyActionFormProps<{ remark: string }, Transfer, string, AmountMinor>;

function renderForm(overrides: Partial<Props> = {}) {
  const send = jest.fn<Promise<string>, [Transfer, string, string]>(async () => 'done');
  const onSent = jest.fn();
  const props: Props = {
    testIdPrefix: 'pay',
    initialValues: { remark: '' },
    amount: {
      all: amountMinorOf(50_000),
      minimum: { minor: amountMinorOf(1_000), message: 'At least 10.00' },
      maximum: { minor: amountMinorOf(100_000), message: 'At most 1,000.00' },
      balance: { minor: amountMinorOf(50_000) },
    },
    order: (values, amountMinor) => ({ amountMinor, remark: values.remark.trim() }),
    confirmation: {
      title: 'Confirm the payment',
      rows: (transfer) => [
        { label: 'Amount', value: String(transfer.amountMinor), testId: 'pay-confirm-amount' },
        { label: 'Remark', value: transfer.remark || '-', testId: 'pay-confirm-remark' },
      ],
    },
    send,
    onSent,
    failedText: 'The payment failed',
    submitLabel: 'Pay',
    between: ({ form }) => <TextField name="remark" label="Remark" value={form.values.remark} onChange={(value) => form.setValue('remark', value)} testIdPrefix="pay" />,
    ...overrides,
  };
  renderWithProviders(<MoneyActionForm {...props} />);
  return { send, onSent };
}

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`pay-${name}`), { target: { value } });
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
const submit = () => fireEvent.click(screen.getByTestId('pay-submit'));
const confirmDialog = () => screen.findByTestId('pay-confirm');
// The send's answer lands inside act: the block's state after it is what the test reads.
const confirm = async () => {
  const button = within(await confirmDialog()).getByRole('button', { name: 'Confirm' });
  await act(async () => {
    fireEvent.click(button);
  });
};

describe('MoneyActionForm', () => {
  it('shows the amount with "All", the action’s own fields, the payment password and the submit', async () => {
    renderForm();
    expect(screen.getByTestId('pay-form')).toBeTruthy();
    expect(screen.getByLabelText('Amount')).toBe(screen.getByTestId('pay-amount'));
    expect(screen.getByLabelText('Payment password')).toBe(screen.getByTestId('pay-password'));
    expect((screen.getByTestId('pay-password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByTestId('pay-remark')).toBeTruthy();
    expect(screen.getByTestId('pay-submit').textContent).toBe('Pay');
    fireEvent.click(screen.getByTestId('pay-all'));
    expect((screen.getByTestId('pay-amount') as HTMLInputElement).value).toBe('500.00');
  });

  it('refuses an empty, malformed or out-of-limits amount and a payment password that is not six digits, sending nothing', async () => {
    const { send } = renderForm();
    submit();
    await waitFor(() => expect(alerts()).toEqual(['Enter an amount', 'The payment password is 6 digits']));
    type('password', '123456');
    for (const [typed, error] of [
      ['1.234', 'Enter an amount greater than zero with at most two decimals'],
      ['0', 'Enter an amount greater than zero with at most two decimals'],
      ['9.99', 'At least 10.00'],
      ['1000.01', 'At most 1,000.00'],
      ['500.01', 'The amount is more than your main wallet holds (৳500.00)'],
    ]) {
      type('amount', typed);
      submit();
      await waitFor(() => expect({ typed, alerts: alerts() }).toEqual({ typed, alerts: [error] }));
    }
    type('amount', '100');
    type('password', '12345');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['The payment password is 6 digits']));
    expect(screen.queryByTestId('pay-confirm')).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it('uses the action’s own words and checks where it has them', async () => {
    renderForm({
      amount: { label: 'Total amount', required: 'Enter the total', balance: { minor: amountMinorOf(100), message: 'More than you have' } },
      passwordError: (password) => (password === '' ? 'Payment password is required' : null),
      validate: (values) => ({ remark: values.remark ? null : { text: 'Say what it is for' } }),
    });
    expect(screen.getByLabelText('Total amount')).toBeTruthy();
    expect(screen.queryByTestId('pay-all')).toBeNull();
    submit();
    await waitFor(() => expect(alerts()).toEqual(['Enter the total', 'Payment password is required']));
    type('amount', '1.01');
    type('password', '1');
    submit();
    await waitFor(() => expect(alerts()).toEqual(['More than you have']));
  });

  it('confirms what is sent, sends it once with the password and an Idempotency-Key, then empties the form', async () => {
    const { send, onSent } = renderForm();
    type('amount', '100.5');
    type('remark', '  rent ');
    type('password', '135790');
    submit();
    const dialog = await confirmDialog();
    expect(within(dialog).getByText('Confirm the payment')).toBeTruthy();
    expect(screen.getByTestId('pay-confirm-amount').textContent).toBe('10050');
    expect(screen.getByTestId('pay-confirm-remark').textContent).toBe('rent');
    expect(send).not.toHaveBeenCalled();
    // A second press while the first is on its way sends nothing more.
    const confirmButton = within(dialog).getByRole('button', { name: 'Confirm' });
    await act(async () => {
      fireEvent.click(confirmButton);
      fireEvent.click(confirmButton);
    });
    await waitFor(() => expect(screen.queryByTestId('pay-confirm')).toBeNull());
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0].slice(0, 2)).toEqual([{ amountMinor: 10050, remark: 'rent' }, '135790']);
    expect(send.mock.calls[0][2]).toMatch(UUID);
    expect(onSent).toHaveBeenCalledWith('done', { amountMinor: 10050, remark: 'rent' });
    expect((screen.getByTestId('pay-amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('pay-remark') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('pay-password') as HTMLInputElement).value).toBe('');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { send } = renderForm();
    type('amount', '100');
    type('password', '135790');
    submit();
    fireEvent.click(within(await confirmDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('pay-confirm')).toBeNull());
    expect(send).not.toHaveBeenCalled();
  });

  it('shows what the confirmation loads once the action is known', async () => {
    let answer: (charge: AmountMinor) => void = () => undefined;
    const load = jest.fn((_transfer: Transfer, _signal: AbortSignal) => new Promise<AmountMinor>((resolve) => (answer = resolve)));
    renderForm({
      confirmation: { title: 'Confirm the payment', load, rows: (_transfer, charge) => [{ label: 'Charge', value: charge === undefined ? '…' : String(charge), testId: 'pay-confirm-charge' }] },
    });
    type('amount', '100');
    type('password', '135790');
    submit();
    await confirmDialog();
    expect(screen.getByTestId('pay-confirm-charge').textContent).toBe('…');
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0][0]).toEqual({ amountMinor: 10000, remark: '' });
    await act(async () => answer(amountMinorOf(150)));
    await waitFor(() => expect(screen.getByTestId('pay-confirm-charge').textContent).toBe('150'));
  });

  it('sends the same key again only after no answer, and says a retry moves the money once', async () => {
    const failures = [apiFailure('network.error', 'Network error', null, 0), apiFailure('transfer.refused', 'Refused by the server')];
    const send = jest.fn(async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    renderForm({ send, unansweredNote: 'No answer came: confirm again to retry.' });
    type('amount', '100');
    type('password', '135790');
    const sendOnce = async () => {
      submit();
      await confirm();
      await waitFor(() => expect(screen.queryByTestId('pay-confirm')).toBeNull());
    };
    await sendOnce();
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Network error');
    expect(screen.getByText('No answer came: confirm again to retry.')).toBeTruthy();
    await sendOnce();
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Refused by the server');
    expect(screen.queryByText('No answer came: confirm again to retry.')).toBeNull();
    await sendOnce();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    const keys = send.mock.calls.map((call) => (call as unknown as [Transfer, string, string])[2]);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('offers the way to set a payment password when the member has none, and words the password’s refusals', async () => {
    const failures = [apiFailure('invalid.payment.pw', 'server: wrong'), apiFailure('not.exists.payment.password', 'server: none')];
    const send = jest.fn(async () => {
      throw failures.shift();
    });
    const onSetPassword = jest.fn();
    renderForm({ send, onSetPassword, paymentPasswordRefusals: true });
    type('amount', '100');
    type('password', '135790');
    submit();
    await confirm();
    await waitFor(() => expect(alerts()).toEqual(['The payment password is wrong']));
    expect(screen.queryByTestId('pay-set-password')).toBeNull();
    submit();
    await confirm();
    expect((await screen.findByTestId('pay-error')).textContent).toBe('You have no payment password yet: set one in My Account first');
    fireEvent.click(screen.getByTestId('pay-set-password'));
    expect(screen.getByTestId('pay-set-password').textContent).toBe('Set a payment password');
    expect(onSetPassword).toHaveBeenCalledTimes(1);
  });

  it('tells the server’s words, or the action’s own, without a link where the action offers none', async () => {
    const failures = [apiFailure('not.exists.payment.password', 'Please set a payment password first'), apiFailure('short', 'Short'), new Error('bug')];
    const send = jest.fn(async () => {
      throw failures.shift();
    });
    renderForm({ send, refusal: (error) => (error instanceof Error && 'errorCode' in error && error.errorCode === 'short' ? { field: 'amount', text: 'Not enough' } : null) });
    type('amount', '100');
    type('password', '135790');
    submit();
    await confirm();
    expect((await screen.findByTestId('pay-error')).textContent).toBe('Please set a payment password first');
    expect(screen.queryByTestId('pay-set-password')).toBeNull();
    submit();
    await confirm();
    await waitFor(() => expect(alerts()).toEqual(['Not enough']));
    type('amount', '100');
    submit();
    await confirm();
    expect((await screen.findByTestId('pay-error')).textContent).toBe('The payment failed');
  });

  it('puts the form in a container of the action’s, whose footer takes the submit', async () => {
    const { send } = renderForm({
      frame: ({ content, submit: button, busy }) => (
        <Modal open onClose={() => undefined} title="Pay someone" testId="pay-dialog" footer={<span data-testid="pay-footer" data-busy={busy}>{button}</span>}>
          {content}
        </Modal>
      ),
    });
    const footer = screen.getByTestId('pay-footer');
    expect(within(footer).getByTestId('pay-submit')).toBeTruthy();
    expect(within(screen.getByTestId('pay-form')).queryByTestId('pay-submit')).toBeNull();
    type('amount', '100');
    type('password', '135790');
    submit();
    await confirm();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });
});
