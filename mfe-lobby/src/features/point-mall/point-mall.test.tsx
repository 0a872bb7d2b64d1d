import { act, fireEvent, screen, within } from '@testing-library/react';
import type { PointConfig, PointItem, PointRedeem } from '@platform/contract';
import { apiFailure, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type StubAnswers } from '@platform/shared/testing';
import { convertProblem } from './point-mall';
import PointMallPage from './point-mall-page';

// The point mall with the network edge stubbed: a visitor's catalogue and login prompt, a member's
// balance, rules in words, redeem and convert behind the payment password (the key kept for a
// retry after an unknown outcome, the server's refusal shown), and the history with delivery.

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

const CONFIG: PointConfig = {
  earnRules: [
    { source: 'rng', perAmount: 10, point: 1 },
    { source: 'deposit', perAmount: 100, point: 1 },
  ],
  convertEnabled: true,
  convertPoint: 100,
  convertAmount: 1,
  minConvertPoint: 100,
};

const item = (over: Partial<PointItem>): PointItem => ({
  itemId: 1, kind: 'credit', name: 'Cash 5', description: 'To your wallet', imageUrl: '/img/cash.png', point: 500, amount: 5, wageringMultiple: null,
  ticketCount: null, stock: 10, memberLimit: null, redeemed: null, ...over,
});

const ITEMS = [
  item({}),
  item({ itemId: 2, kind: 'physical', name: 'Team cap', amount: null, point: 800, stock: 0, memberLimit: 1 }),
  item({ itemId: 3, kind: 'tickets', name: 'Wheel tickets', amount: null, ticketCount: 3, point: 150, stock: null }),
];

const redeem = (over: Partial<PointRedeem>): PointRedeem => ({
  redeemId: 9, itemId: 1, name: 'Cash 5', kind: 'credit', point: 500, amount: 5, ticketCount: null, deliveryStatus: null, redeemTime: Date.UTC(2026, 10, 1), deliveredTime: null, ...over,
});

async function renderPage(answers: StubAnswers) {
  const stub = stubApi(answers);
  renderWithProviders(<PointMallPage />, { route: '/pointMall' });
  await settle();
  return stub;
}

describe('the point mall', () => {
  it('shows a visitor the rules in words, the catalogue and a login prompt', async () => {
    const { commands } = recordCommands('openLogin');
    await renderPage({ pointConfig: CONFIG, pointReward: { list: ITEMS } });
    expect(screen.getByTestId('point-rules').textContent).toContain('1 point(s) for every');
    expect(screen.getByTestId('point-rules').textContent).toContain('Slots');
    expect(screen.getAllByTestId('point-item')).toHaveLength(3);
    expect(screen.getAllByTestId('point-item-stock').map((node) => node.textContent)).toEqual(['10 left', 'Sold out', 'In stock']);
    expect(screen.queryByTestId('point-balance')).toBeNull();
    expect(screen.queryByTestId('point-history')).toBeNull();
    fireEvent.click(screen.getByTestId('point-login'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
  });

  it('redeems with the payment password and shows the server\'s refusal', async () => {
    logIn();
    let redeems = 0;
    const stub = await renderPage({
      pointConfig: CONFIG,
      pointReward: { list: ITEMS.map((entry) => ({ ...entry, redeemed: 0 })) },
      pointBalance: { point: 1200 },
      redeemPointList: { list: [redeem({ redeemId: 7, name: 'Team cap', kind: 'physical', deliveryStatus: 'pending' })], totalPages: 1 },
      redeemPointReward: () => (++redeems === 1 ? apiFailure('invalid.payment.pw', 'Wrong payment password') : { redeem: redeem({}), point: 700, replayed: false }),
    });
    expect(screen.getByTestId('point-balance').textContent).toBe('1200');
    expect(screen.getByTestId('point-history-status').textContent).toBe('Awaiting delivery');
    const [cash, cap] = screen.getAllByTestId('point-redeem');
    expect((cap as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(cash);
    const dialog = screen.getByTestId('point-redeem-dialog');
    fireEvent.click(within(dialog).getByTestId('point-confirm'));
    expect(within(dialog).getByTestId('point-refusal').textContent).toBe('Enter your 6-digit payment password');
    fireEvent.change(within(dialog).getByTestId('point-password'), { target: { value: '135790' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('point-confirm')));
    await settle();
    expect(screen.getByTestId('point-refusal').textContent).toBe('Wrong payment password');
    await act(async () => fireEvent.click(screen.getByTestId('point-confirm')));
    await settle();
    const sent = stub.callsOf('redeemPointReward');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.data).toEqual({ itemId: 1, paymentPassword: '135790' });
    // A refusal is an answer: the retry is a new redeem with a key of its own.
    expect(sent[0]?.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('point-redeem-dialog')).toBeNull();
  });

  it('converts at the rate from the minimum, in steps', async () => {
    expect(convertProblem(99, CONFIG)).toBe('invalid');
    expect(convertProblem(150, CONFIG)).toBe('invalid');
    expect(convertProblem(300, CONFIG)).toBeNull();
    logIn();
    const stub = await renderPage({
      pointConfig: CONFIG,
      pointReward: { list: [] },
      pointBalance: { point: 450 },
      redeemPointList: { list: [], totalPages: 0 },
      convertPoint: { point: 400, amount: 4, pointBalance: 50, balance: 4, replayed: false },
    });
    expect(screen.getByTestId('point-rate').textContent).toContain('100 points =');
    fireEvent.change(screen.getByTestId('point-convert-input'), { target: { value: '150' } });
    fireEvent.click(screen.getByTestId('point-convert'));
    expect(screen.getByRole('alert').textContent).toBe('Enter at least 100 points, in steps of 100');
    fireEvent.change(screen.getByTestId('point-convert-input'), { target: { value: '400' } });
    fireEvent.click(screen.getByTestId('point-convert'));
    const dialog = screen.getByTestId('point-convert-dialog');
    fireEvent.change(within(dialog).getByTestId('point-password'), { target: { value: '135790' } });
    await act(async () => fireEvent.click(within(dialog).getByTestId('point-confirm')));
    await settle();
    expect(stub.callsOf('convertPoint')[0]?.data).toEqual({ point: 400, paymentPassword: '135790' });
    expect(screen.queryByTestId('point-convert-dialog')).toBeNull();
  });
});
