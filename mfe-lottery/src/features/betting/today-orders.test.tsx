import { act, fireEvent, screen, within } from '@testing-library/react';
import { amountMinorOf, formatMoney } from '@platform/shared';
import { apiFailure, logIn, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import type { LotteryBetRecord } from '@platform/contract';
import { betRecordOf, drawOf, FakeEventSource, LOTT_GAMES, openedOf, pageOf, roundOf, roundsFrom, SSC1 } from '../games/test-fixtures';
import BettingScreen from './betting-screen';
import { chaseCancelRows } from './today-orders';

// Today's orders with the network edge stubbed: the cancel of a chase's remaining rounds, offered
// once per chase order on its earliest bet still on sale, after a confirmation; what it returned,
// and what a refusal says.

const money = (minor: number) => formatMoney(amountMinorOf(minor));
let current = roundOf(SSC1, '20261127-0421', 40_000);

beforeEach(async () => {
  await resetTestState();
  setStatus();
  logIn();
  FakeEventSource.install();
  current = roundOf(SSC1, '20261127-0421', 40_000);
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeEventSource.uninstall();
});

const CHASE = 'L2026112700CHASE';
/** A chase of three rounds (×1, ×2, ×4) whose first round has closed, and a single bet of another order. */
const chaseBets = (cancelled = false): LotteryBetRecord[] => [
  betRecordOf(SSC1, { orderDetailId: 601, orderNo: CHASE, numero: '20261127-0423', chase: true, chaseIndex: 2, multiple: 4, betAmount: 8, ...(cancelled ? { status: 'cancelled', cancellable: false } : {}) }),
  betRecordOf(SSC1, { orderDetailId: 600, orderNo: CHASE, numero: '20261127-0422', chase: true, chaseIndex: 1, multiple: 2, betAmount: 4, ...(cancelled ? { status: 'cancelled', cancellable: false } : {}) }),
  betRecordOf(SSC1, { orderDetailId: 599, orderNo: CHASE, numero: '20261127-0421', chase: true, chaseIndex: 0, cancellable: false }),
  betRecordOf(SSC1, { orderDetailId: 598, orderNo: 'L2026112700SINGL', numero: '20261127-0421' }),
];

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    lotteryGames: LOTT_GAMES,
    lotteryOpenedNumero: () => openedOf(current, drawOf(SSC1, '20261127-0420', ['1', '2', '3', '4', '5'])),
    lotteryNearNumeros: () => roundsFrom(SSC1, current, 121),
    ...overrides,
  });
}

async function renderScreen() {
  renderWithProviders(<BettingScreen gameCode="SSC1" playType={null} prizeMode="Lott" />, { route: '/lottery?gameCode=SSC1' });
  await settle();
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

it('offers the cancel of a chase once, on its earliest bet still on sale, and never on a single bet', () => {
  expect([...chaseCancelRows(chaseBets())]).toEqual([600]);
  expect(chaseCancelRows([])).toEqual(new Set());
});

it('cancels the remaining rounds of a chase after a confirmation, says what came back, and reads the orders again', async () => {
  let cancelled = false;
  const { callsOf } = stub({
    lotteryTodayOrders: () => pageOf(chaseBets(cancelled)),
    lotteryCancelChase: () => {
      cancelled = true;
      return {
        orderNo: CHASE,
        refunded: 12,
        bets: [
          { orderDetailId: 600, numero: '20261127-0422', amount: 4 },
          { orderDetailId: 601, numero: '20261127-0423', amount: 8 },
        ],
      };
    },
  });
  await renderScreen();
  const rows = screen.getAllByTestId('order-row');
  expect(rows.map((row) => within(row).queryByTestId('order-cancel-chase') !== null)).toEqual([false, true, false, false]);
  // Each round of the chase says its multiple.
  expect(rows.slice(0, 3).map((row) => /chase round (\d) ×(\d+)/.exec(row.textContent ?? '')?.slice(1))).toEqual([
    ['3', '4'],
    ['2', '2'],
    ['1', '1'],
  ]);

  // Keeping the chase sends nothing.
  await click(screen.getByTestId('order-cancel-chase'));
  const dialog = screen.getByTestId('cancel-chase-confirm');
  expect(dialog.textContent).toContain(`Cancel every round of chase order ${CHASE} still on sale?`);
  await click(within(dialog).getByRole('button', { name: 'Keep chase' }));
  expect(callsOf('lotteryCancelChase')).toEqual([]);

  const reads = callsOf('lotteryTodayOrders').length;
  await click(screen.getByTestId('order-cancel-chase'));
  await click(within(screen.getByTestId('cancel-chase-confirm')).getByRole('button', { name: 'Cancel remaining rounds' }));
  expect(callsOf('lotteryCancelChase').map((options) => options?.data)).toEqual([{ orderNo: CHASE, lottoArea: 'LOTT' }]);
  expect(screen.getByTestId('cancel-chase-done').textContent).toBe(`Chase cancelled: ${money(1200)} returned to your wallet.`);
  expect(callsOf('lotteryTodayOrders').length).toBe(reads + 1);
  expect(screen.queryByTestId('order-cancel-chase')).toBeNull();
  expect(screen.getAllByTestId('order-status').slice(0, 2).map((status) => status.textContent)).toEqual(['Cancelled', 'Cancelled']);
});

it('says so when nothing of the chase is left to cancel (a round closed, or another device cancelled it first)', async () => {
  stub({
    lotteryTodayOrders: () => pageOf(chaseBets()),
    lotteryCancelChase: apiFailure('lottery.bet.not_cancellable', 'This bet can no longer be cancelled', null, 409),
  });
  await renderScreen();
  await click(screen.getByTestId('order-cancel-chase'));
  await click(within(screen.getByTestId('cancel-chase-confirm')).getByRole('button', { name: 'Cancel remaining rounds' }));
  expect(screen.getByTestId('cancel-error').textContent).toBe('Nothing of this chase can be cancelled any more: its rounds have closed, are settled, or were stopped or cancelled.');
  expect(screen.queryByTestId('cancel-chase-done')).toBeNull();
});
