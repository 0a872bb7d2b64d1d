import { act, fireEvent, screen } from '@testing-library/react';
import { amountMinorOf, bus, formatMoney } from '@platform/shared';
import { logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import { FakeEventSource, menusOf, openedOf, roundOf, VN_GAMES, VNMB } from '../games/test-fixtures';
import VnLotteryPage, { ready } from './vn-lottery-page';

// /vnlottery: no shell header here (the route is bare), so the page carries the way home, the
// balance the balance service pushes, and the login button.

beforeEach(async () => {
  await resetTestState();
  setStatus();
  FakeEventSource.install();
  stubApi({
    lotteryVnGameMenu: menusOf(VN_GAMES),
    lotteryVnOpened: [],
    lotteryGames: VN_GAMES,
    lotteryOpenedNumero: openedOf(roundOf(VNMB, '20261128', 3_600_000)),
    lotteryTodayOrders: { list: [], totalPages: 0 },
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeEventSource.uninstall();
});

async function renderAt(route: string) {
  await ready;
  renderWithProviders(<VnLotteryPage />, { route });
  for (let round = 0; round < 3; round += 1) await settle();
}

it('lists the Vietnamese games, with a login button for a visitor', async () => {
  const { commands } = recordCommands('openLogin');
  await renderAt('/vnlottery');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vietnam Lottery');
  expect(await screen.findByTestId('vn-lottery-lobby')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  await act(async () => {
    fireEvent.click(screen.getByTestId('vn-login'));
  });
  expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
});

it('opens a Vietnamese game with the member’s pushed balance', async () => {
  logIn();
  bus.set('balance', { sumBalanceMinor: amountMinorOf(123_450), loading: false });
  await renderAt('/vnlottery?gameCode=VNMB');
  expect((await screen.findByTestId('betting-screen')).getAttribute('data-game-code')).toBe('VNMB');
  expect(screen.getByTestId('vn-balance').textContent).toBe(`Balance ${formatMoney(amountMinorOf(123_450))}`);
  expect(screen.getByTestId('back-to-lobby').getAttribute('href')).toBe('/vnlottery');
});
