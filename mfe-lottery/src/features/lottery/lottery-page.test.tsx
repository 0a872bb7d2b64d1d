import { screen } from '@testing-library/react';
import { renderWithProviders, resetTestState, settle, setStatus, stubApi } from '@platform/shared/testing';
import { FakeEventSource, LOTT_GAMES, menusOf, openedOf, roundOf, SSC1 } from '../games/test-fixtures';
import LotteryPage, { ready } from './lottery-page';

// /lottery as the shell renders it: the lobby without a game, the betting page with one (each a
// chunk of its own), under the page's title.

beforeEach(async () => {
  await resetTestState();
  setStatus();
  FakeEventSource.install();
  stubApi({
    lotteryGameMenus: menusOf(LOTT_GAMES),
    lotteryPopularGames: [],
    lotteryGames: LOTT_GAMES,
    lotteryOpenedNumero: openedOf(roundOf(SSC1, '20261127-0421', 30_000)),
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  FakeEventSource.uninstall();
});

async function renderAt(route: string) {
  await ready;
  renderWithProviders(<LotteryPage />, { route });
  // The screen's chunk, then its strings.
  for (let round = 0; round < 3; round += 1) await settle();
}

it('shows the lobby without a game', async () => {
  await renderAt('/lottery');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lottery');
  expect(await screen.findByTestId('lottery-lobby')).toBeTruthy();
  expect(screen.queryByTestId('betting-screen')).toBeNull();
});

it('shows the betting page of ?gameCode=…, on the play of ?playType=…', async () => {
  await renderAt('/lottery?gameCode=ssc1&playType=1009');
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lottery');
  expect((await screen.findByTestId('betting-screen')).getAttribute('data-game-code')).toBe('SSC1');
  expect(screen.getByRole('button', { name: 'Back 2 direct', pressed: true })).toBeTruthy();
});
