import { screen, within } from '@testing-library/react';
import { agentRedEnvelopeCall, RED_ENVELOPE_MAX_RECEIVERS, type AgentDownline } from '@platform/contract';
import { apiFailure, recordCommands, renderWithProviders, settle, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { click, renderAgentPage, setUpAgentTests, typeInto } from '../../testing/agent-fixtures';
import { ReceiverPicker, type PickedReceiver } from './receiver-picker';
import RedEnvelopePage from './red-envelope-page';

// Red Envelope with the network edge stubbed: the body sent (memberIds left out for all direct
// downlines, the picked ids otherwise), the Idempotency-Key kept only for a retry after no answer,
// the errors shown in place, and the table of what each receiver got.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const downline = (memberId: number, overrides: Partial<AgentDownline> = {}): AgentDownline => ({
  memberId,
  username: `member${memberId}`,
  accountType: 'player',
  uplineUsername: 'agent01',
  teamSize: 1,
  rebateSeries: 1940,
  online: false,
  lastLoginTime: null,
  lastDepositTime: null,
  balance: 10,
  teamBalance: 10,
  registrationTime: 0,
  registrationMethod: 'direct',
  status: 'active',
  remark: '',
  ...overrides,
});
const balances = (main: number) => ({
  balances: [{ accountTypeId: 0, accountTypeName: 'MAIN', availBalance: main }],
  sumBalance: main,
  currency: 'BDT',
  currencySymbol: '৳',
});
const answer = (receivers: [number, number][], balance: number) => ({
  totalAmount: receivers.reduce((sum, [, amount]) => sum + amount, 0),
  balance,
  receivers: receivers.map(([memberId, amount]) => ({ memberId, username: `member${memberId}`, amount })),
});

setUpAgentTests();

const renderPage = () => renderAgentPage(RedEnvelopePage);

const keyOf = (options: CallOptionsSeen) => options?.headers?.['Idempotency-Key'];
const confirmIn = async (name: string) => click(within(screen.getByTestId('red-envelope-confirm')).getByRole('button', { name }));
const submitAndConfirm = async () => {
  await click(screen.getByTestId('red-envelope-submit'));
  await confirmIn('Confirm');
};
const fill = (amount: string, password: string, remark = '') => {
  typeInto('red-envelope-amount', amount);
  typeInto('red-envelope-password', password);
  typeInto('red-envelope-remark', remark);
};
const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);

describe('Red Envelope to all direct downlines', () => {
  it('checks the form, confirms, sends the encrypted envelope without memberIds under an Idempotency-Key, then shows what each receiver got and refreshes the header balance', async () => {
    const commands = recordCommands('refreshBalance', 'toast');
    const { call, callsOf } = stubApi({
      allWalletBalance: balances(500),
      agentRedEnvelope: answer([[5, 61.37], [6, 0.01], [9, 38.62]], 400),
    });
    await renderPage();
    // The receivers' checklist is not asked for while every direct downline receives.
    expect(callsOf('agentDownlines')).toHaveLength(0);
    expect(screen.getByTestId('red-envelope-balance').textContent).toBe('৳500.00');
    expect(screen.getByText('Everyone gets an equal part')).toBeTruthy();
    expect(screen.getByText('Everyone gets a random part, at least 0.01')).toBeTruthy();
    expect((screen.getByTestId('red-envelope-receivers-all') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('red-envelope-type-share') as HTMLInputElement).checked).toBe(true);

    await click(screen.getByTestId('red-envelope-submit'));
    expect(alerts()).toEqual(['Enter the total amount', 'The payment password is 6 digits']);
    fill('0', '1234');
    await click(screen.getByTestId('red-envelope-submit'));
    expect(alerts()).toEqual(['Enter an amount greater than zero with at most two decimals', 'The payment password is 6 digits']);
    fill('500.01', '135790');
    await click(screen.getByTestId('red-envelope-submit'));
    expect(alerts()).toEqual(['The amount is more than your main wallet holds (৳500.00)']);

    fill('100', '135790', ' happy new year ');
    await click(screen.getByTestId('red-envelope-type-fighting'));
    await click(screen.getByTestId('red-envelope-submit'));
    expect(screen.getByTestId('red-envelope-confirm-receivers').textContent).toBe('All direct downlines');
    expect(screen.getByTestId('red-envelope-confirm-amount').textContent).toBe('৳100.00');
    expect(screen.getByTestId('red-envelope-confirm').textContent).toContain('Fighting');
    expect(callsOf('agentRedEnvelope')).toHaveLength(0);
    await confirmIn('Confirm');

    const sent = callsOf('agentRedEnvelope');
    expect(sent.map((options) => options?.data)).toEqual([{ type: 'fighting', totalAmount: 100, password: '135790', remark: 'happy new year' }]);
    expect(Object.keys(sent[0]?.data as object)).not.toContain('memberIds');
    expect(keyOf(sent[0])).toMatch(UUID);
    expect(call.mock.calls.find(([row]) => row.name === 'agentRedEnvelope')?.[0]).toBe(agentRedEnvelopeCall);
    expect(agentRedEnvelopeCall.encrypted).toBe(true);
    expect(commands.commands).toEqual([
      { type: 'toast', level: 'success', message: '৳100.00 sent to 3 receivers' },
      { type: 'refreshBalance' },
    ]);

    // The result: the figures, and a row per receiver with what it got.
    expect(screen.queryByTestId('red-envelope-form')).toBeNull();
    expect(screen.getByTestId('red-envelope-result-total').textContent).toBe('৳100.00');
    expect(screen.getByTestId('red-envelope-result-count').textContent).toBe('3');
    expect(screen.getByTestId('red-envelope-result-balance').textContent).toBe('৳400.00');
    const table = screen.getByRole('table', { name: 'What each receiver got' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Receiver', 'Received']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent)),
    ).toEqual([
      ['member5', '৳61.37'],
      ['member6', '৳0.01'],
      ['member9', '৳38.62'],
    ]);

    // Another envelope starts from an empty form, with a new key.
    await click(screen.getByTestId('red-envelope-again'));
    expect((screen.getByTestId('red-envelope-amount') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('red-envelope-type-share') as HTMLInputElement).checked).toBe(true);
    fill('100', '135790', 'happy new year');
    await click(screen.getByTestId('red-envelope-type-fighting'));
    await submitAndConfirm();
    const keys = callsOf('agentRedEnvelope').map(keyOf);
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
    commands.stop();
  });

  it('pages a long result table', async () => {
    const receivers: [number, number][] = Array.from({ length: 25 }, (_, index) => [100 + index, 1]);
    stubApi({ allWalletBalance: balances(500), agentRedEnvelope: answer(receivers, 475) });
    await renderPage();
    fill('25', '135790');
    await submitAndConfirm();
    const rowsShown = () => within(screen.getByRole('table', { name: 'What each receiver got' })).getAllByRole('row').length - 1;
    expect(screen.getByTestId('red-envelope-result-count').textContent).toBe('25');
    expect(rowsShown()).toBe(20);
    await click(screen.getByRole('button', { name: 'Page 2' }));
    expect(rowsShown()).toBe(5);
    expect(screen.getByText('member124')).toBeTruthy();
  });
});

describe('Red Envelope to picked downlines', () => {
  const twoPages = (options: CallOptionsSeen) => {
    const { page = 1, username } = (options?.params ?? {}) as { page?: number; username?: string };
    if (username) return { list: [downline(12, { username: 'ali12' })], totalPages: 1 };
    return page === 1
      ? { list: [downline(5, { accountType: 'agent' }), downline(6, { status: 'blocked' }), downline(7)], totalPages: 2 }
      : { list: [downline(12, { username: 'ali12' })], totalPages: 2 };
  };

  it('lists the direct downlines a page at a time, searches, keeps the picks across pages and sends exactly the picked ids', async () => {
    const { callsOf } = stubApi({
      allWalletBalance: balances(500),
      agentDownlines: twoPages,
      agentRedEnvelope: answer([[5, 1], [7, 1], [12, 1]], 497),
    });
    await renderPage();
    await click(screen.getByTestId('red-envelope-receivers-pick'));
    // Both kinds of direct downline: no accountType.
    expect(callsOf('agentDownlines').map((options) => options?.params)).toEqual([{ page: 1, size: 10 }]);
    const options = within(screen.getByTestId('red-envelope-options'));
    expect(options.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['member5Agent', 'member6Blocked', 'member7Player']);
    // A blocked downline receives nothing: it cannot be ticked.
    expect((screen.getByTestId('red-envelope-pick-6') as HTMLInputElement).disabled).toBe(true);

    await click(screen.getByTestId('red-envelope-submit'));
    expect(screen.getByTestId('red-envelope-receivers-error').textContent).toBe('Pick at least one receiver');

    await click(screen.getByTestId('red-envelope-pick-5'));
    await click(screen.getByTestId('red-envelope-pick-7'));
    expect(screen.queryByTestId('red-envelope-receivers-error')).toBeNull();
    await click(screen.getByRole('button', { name: 'Page 2' }));
    expect(callsOf('agentDownlines').at(-1)?.params).toEqual({ page: 2, size: 10 });
    await click(screen.getByTestId('red-envelope-pick-12'));
    typeInto('red-envelope-search-username', ' ali ');
    await click(screen.getByTestId('red-envelope-search-submit'));
    expect(callsOf('agentDownlines').at(-1)?.params).toEqual({ username: 'ali', page: 1, size: 10 });
    expect((screen.getByTestId('red-envelope-pick-12') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('red-envelope-picked-count').textContent).toBe(`3 picked (at most ${RED_ENVELOPE_MAX_RECEIVERS})`);
    expect(within(screen.getByTestId('red-envelope-picked')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['member5×', 'member7×', 'ali12×']);

    // Every receiver gets at least 0.01.
    fill('0.02', '135790');
    await click(screen.getByTestId('red-envelope-submit'));
    expect(alerts()).toEqual(['Every receiver gets at least 0.01: at least ৳0.03 for 3 receivers']);
    fill('3', '135790');
    await click(screen.getByTestId('red-envelope-submit'));
    expect(screen.getByTestId('red-envelope-confirm-receivers').textContent).toBe('3 picked downlines');
    await confirmIn('Confirm');
    expect(callsOf('agentRedEnvelope').map((options) => options?.data)).toEqual([{ type: 'share', totalAmount: 3, memberIds: [5, 7, 12], password: '135790' }]);
    expect(screen.getByTestId('red-envelope-result-count').textContent).toBe('3');
  });

  it('removes a pick, picks a whole page, clears the picks; all direct downlines again leaves memberIds out', async () => {
    const { callsOf } = stubApi({ allWalletBalance: balances(500), agentDownlines: twoPages, agentRedEnvelope: answer([[5, 1]], 499) });
    await renderPage();
    await click(screen.getByTestId('red-envelope-receivers-pick'));
    await click(screen.getByTestId('red-envelope-pick-page'));
    // The blocked downline is left out.
    expect(within(screen.getByTestId('red-envelope-picked')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['member5×', 'member7×']);
    await click(screen.getByRole('button', { name: 'Remove member7' }));
    expect((screen.getByTestId('red-envelope-pick-7') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('red-envelope-picked-count').textContent).toBe(`1 picked (at most ${RED_ENVELOPE_MAX_RECEIVERS})`);
    await click(screen.getByTestId('red-envelope-pick-clear'));
    expect(screen.queryByTestId('red-envelope-picked')).toBeNull();
    await click(screen.getByTestId('red-envelope-pick-5'));
    await click(screen.getByTestId('red-envelope-receivers-all'));
    expect(screen.queryByTestId('red-envelope-picker')).toBeNull();
    fill('1', '135790');
    await submitAndConfirm();
    expect(callsOf('agentRedEnvelope').map((options) => options?.data)).toEqual([{ type: 'share', totalAmount: 1, password: '135790' }]);
  });

  it(`stops at ${RED_ENVELOPE_MAX_RECEIVERS} receivers`, async () => {
    // The checklist is controlled: it starts one short of the cap here.
    const almostFull: PickedReceiver[] = Array.from({ length: RED_ENVELOPE_MAX_RECEIVERS - 1 }, (_, index) => ({ memberId: 1000 + index, username: `m${1000 + index}` }));
    stubApi({ agentDownlines: { list: [downline(5), downline(6, { status: 'blocked' }), downline(7), downline(8)], totalPages: 1 } });
    const onChange = jest.fn();
    const view = renderWithProviders(<ReceiverPicker picked={almostFull} onChange={onChange} />);
    await settle();
    // A whole page: only as many as there is room for, the blocked one left out.
    await click(screen.getByTestId('red-envelope-pick-page'));
    expect(onChange).toHaveBeenLastCalledWith([...almostFull, { memberId: 5, username: 'member5' }]);

    const full = [...almostFull, { memberId: 5, username: 'member5' }];
    view.rerender(<ReceiverPicker picked={full} onChange={onChange} />);
    await settle();
    expect(screen.getByTestId('red-envelope-picked-count').textContent).toBe(`${RED_ENVELOPE_MAX_RECEIVERS} picked (at most ${RED_ENVELOPE_MAX_RECEIVERS})`);
    expect(screen.getByText(`You can pick at most ${RED_ENVELOPE_MAX_RECEIVERS} receivers`)).toBeTruthy();
    expect((screen.getByTestId('red-envelope-pick-7') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('red-envelope-pick-5') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByTestId('red-envelope-pick-page') as HTMLButtonElement).disabled).toBe(true);
    onChange.mockClear();
    await click(screen.getByTestId('red-envelope-pick-7'));
    expect(onChange).not.toHaveBeenCalled();
    // A pick taken back frees a place.
    await click(screen.getByTestId('red-envelope-pick-5'));
    expect(onChange).toHaveBeenLastCalledWith(almostFull);
  });
});

describe('Red Envelope failures', () => {
  it('keeps the same Idempotency-Key only while the outcome is unknown, and explains each refusal in place', async () => {
    const commands = recordCommands('openMemberCenter');
    const failures = ['network.error', 'network.error', 'invalid.payment.pw', 'not.exists.payment.password', 'agent.insufficient.funds', 'agent.transfer.invalid', 'agent.downline.unknown', 'server.error'];
    const { callsOf } = stubApi({
      allWalletBalance: balances(500),
      agentRedEnvelope: () => {
        const code = failures[callsOf('agentRedEnvelope').length - 1];
        if (code === 'network.error') throw apiFailure(code, 'Network error', null, 0);
        throw apiFailure(code, `server: ${code}`);
      },
    });
    await renderPage();
    fill('100', '111111');
    await submitAndConfirm();
    expect(screen.getByTestId('red-envelope-error').textContent).toBe('Network error');
    expect(screen.getByText('No answer came: confirm again to retry. The red envelope is sent at most once.')).toBeTruthy();
    // The same envelope again after no answer: the same key.
    await submitAndConfirm();
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('The payment password is wrong');
    expect(screen.queryByText('No answer came: confirm again to retry. The red envelope is sent at most once.')).toBeNull();
    typeInto('red-envelope-password', '222222');
    await submitAndConfirm();
    expect(screen.getByTestId('red-envelope-error').textContent).toBe('You have no payment password yet: set one in My Account first');
    await click(screen.getByTestId('red-envelope-set-password'));
    expect(commands.commands).toEqual([{ type: 'openMemberCenter', page: 'securityCenter' }]);
    const balanceCalls = callsOf('allWalletBalance').length;
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('Your balance does not cover this red envelope');
    expect(screen.queryByTestId('red-envelope-set-password')).toBeNull();
    // The short balance is asked again.
    expect(callsOf('allWalletBalance')).toHaveLength(balanceCalls + 1);
    await submitAndConfirm();
    expect(screen.getByRole('alert').textContent).toBe('The total must give every receiver at least 0.01');
    await submitAndConfirm();
    expect(screen.getByTestId('red-envelope-error').textContent).toBe('You have no active direct downline to send to');
    await submitAndConfirm();
    expect(screen.getByTestId('red-envelope-error').textContent).toBe('server: server.error');
    expect(screen.queryByTestId('red-envelope-result')).toBeNull();

    const keys = callsOf('agentRedEnvelope').map(keyOf);
    expect(keys).toHaveLength(failures.length);
    expect(keys.every((key) => UUID.test(String(key)))).toBe(true);
    // No answer twice: one key for the three tries; after each answer a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(new Set(keys.slice(2)).size).toBe(keys.length - 2);
    commands.stop();
  });

  it('draws a new key when the envelope changes after no answer', async () => {
    let first = true;
    const { callsOf } = stubApi({
      allWalletBalance: balances(500),
      agentRedEnvelope: () => {
        if (first) {
          first = false;
          throw apiFailure('network.timeout', 'Timed out', null, 0);
        }
        return answer([[5, 50]], 450);
      },
    });
    await renderPage();
    fill('100', '111111');
    await submitAndConfirm();
    fill('50', '111111');
    await submitAndConfirm();
    const keys = callsOf('agentRedEnvelope').map(keyOf);
    expect(keys[1]).not.toBe(keys[0]);
    expect(screen.getByTestId('red-envelope-result-total').textContent).toBe('৳50.00');
  });

  it('says so, and reloads the checklist, when a picked receiver is no longer a direct downline', async () => {
    const { callsOf } = stubApi({
      allWalletBalance: balances(500),
      agentDownlines: { list: [downline(5), downline(7)], totalPages: 1 },
      agentRedEnvelope: () => {
        throw apiFailure('agent.downline.unknown', 'Unknown downline', null, 404);
      },
    });
    await renderPage();
    await click(screen.getByTestId('red-envelope-receivers-pick'));
    await click(screen.getByTestId('red-envelope-pick-5'));
    fill('1', '111111');
    await submitAndConfirm();
    expect(callsOf('agentRedEnvelope').map((options) => options?.data)).toEqual([{ type: 'share', totalAmount: 1, memberIds: [5], password: '111111' }]);
    expect(screen.getByTestId('red-envelope-receivers-error').textContent).toBe('A picked receiver is no longer an active direct downline of yours: check your picks');
    expect(callsOf('agentDownlines')).toHaveLength(2);
  });
});
