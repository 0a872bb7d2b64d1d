import { act, fireEvent, screen, within } from '@testing-library/react';
import { bus } from '@platform/shared';
import { logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen } from '@platform/shared/testing';
import { LHC5, LOTT_GAMES, menusOf, openedOf, PK10, roundOf, SSC1, SSC5, VN5, VN_GAMES, VNMB } from '../games/test-fixtures';
import LobbyScreen from './lobby-screen';
import VnLobbyScreen from './vn-lobby-screen';

// The lottery lobbies with the network edge stubbed: groups, popular and recent games, the
// countdown of each card, and favourites kept in this browser per username (LOTTFAV).

beforeEach(async () => {
  await resetTestState();
  setStatus();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    lotteryGameMenus: menusOf(LOTT_GAMES),
    lotteryPopularGames: [PK10, SSC1],
    lotteryRecentGames: [LHC5],
    lotteryOpenedNumero: (options: CallOptionsSeen) => {
      const game = LOTT_GAMES.find((candidate) => candidate.gameCode === options?.params?.gameCode) ?? SSC1;
      return openedOf(roundOf(game, '20261127-0421', 42_000));
    },
    ...overrides,
  });
}

const codesIn = (testId: string) => within(screen.getByTestId(testId)).getAllByTestId('lottery-game-card').map((card) => card.getAttribute('data-game-code'));
const star = (testId: string, gameCode: string) =>
  within(screen.getByTestId(testId))
    .getAllByTestId('lottery-game-card')
    .find((card) => card.getAttribute('data-game-code') === gameCode)
    ?.querySelector('[data-testid="lottery-favourite"]') as HTMLElement;

async function renderLobby() {
  renderWithProviders(<LobbyScreen />, { route: '/lottery' });
  await settle();
}

describe('the lottery lobby', () => {
  it('lists popular games and every game by group, each card with its countdown and its page', async () => {
    const { callsOf } = stub();
    await renderLobby();
    expect(callsOf('lotteryGameMenus')[0]?.params).toEqual({ prizeMode: 'Lott', device: 'WEB' });
    expect(callsOf('lotteryPopularGames')[0]?.params).toMatchObject({ count: 20, prizeMode: 'Lott', language: 'EN' });
    // A visitor has no recent games.
    expect(callsOf('lotteryRecentGames')).toEqual([]);
    expect(screen.queryByTestId('lottery-recent')).toBeNull();

    expect(codesIn('lottery-popular')).toEqual(['PK10', 'SSC1']);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'SSC', '11 pick 5', 'Racing (PK10)', 'Mark Six']);
    expect(codesIn('lottery-all-games')).toEqual(['SSC1', 'SSC5', 'GD11X5', 'PK10', 'LHC5']);
    await click(screen.getByRole('tab', { name: 'SSC' }));
    expect(codesIn('lottery-all-games')).toEqual(['SSC1', 'SSC5']);

    const card = within(screen.getByTestId('lottery-popular')).getAllByTestId('lottery-game-card')[1];
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/lottery?gameCode=SSC1');
    expect(within(card).getByRole('link').textContent).toMatch(/^SSC1-minute SSCCloses in 00:4[12]$/);
    // One read per game, however many sections show it.
    expect(callsOf('lotteryOpenedNumero').map((options) => options?.params?.gameCode).sort()).toEqual(['GD11X5', 'LHC5', 'PK10', 'SSC1', 'SSC5']);
  });

  it('shows the recent games of a member', async () => {
    logIn();
    stub();
    await renderLobby();
    expect(codesIn('lottery-recent')).toEqual(['LHC5']);
  });

  it('asks a visitor to log in before keeping a favourite, and stores nothing', async () => {
    stub();
    const { commands } = recordCommands('openLogin');
    await renderLobby();
    await click(star('lottery-all-games', 'SSC1'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(localStorage.getItem('LOTTFAV')).toBeNull();
    expect(screen.queryByTestId('lottery-favourites')).toBeNull();
  });

  it('keeps favourites per username: a toggle adds or removes, and each player finds their own at login', async () => {
    logIn({ account: 'alice' });
    stub();
    await renderLobby();
    expect(screen.queryByTestId('lottery-favourites')).toBeNull();

    await click(star('lottery-all-games', 'SSC1'));
    await click(star('lottery-all-games', 'LHC5'));
    expect(codesIn('lottery-favourites')).toEqual(['SSC1', 'LHC5']);
    expect(star('lottery-all-games', 'SSC1').getAttribute('aria-pressed')).toBe('true');
    expect(star('lottery-all-games', 'SSC1').getAttribute('aria-label')).toBe('Remove 1-minute SSC from favourites');
    expect(JSON.parse(localStorage.getItem('LOTTFAV') ?? 'null')).toEqual({ alice: ['SSC1', 'LHC5'] });

    // The toggle rule: a favourite is removed.
    await click(star('lottery-favourites', 'SSC1'));
    expect(codesIn('lottery-favourites')).toEqual(['LHC5']);
    expect(JSON.parse(localStorage.getItem('LOTTFAV') ?? 'null')).toEqual({ alice: ['LHC5'] });

    // Another player on this browser has none of alice's.
    await act(async () => logIn({ account: 'bob', token: 'token-2' }));
    await settle();
    expect(screen.queryByTestId('lottery-favourites')).toBeNull();
    await click(star('lottery-all-games', 'PK10'));
    expect(JSON.parse(localStorage.getItem('LOTTFAV') ?? 'null')).toEqual({ alice: ['LHC5'], bob: ['PK10'] });

    // Logged out: no favourites shown; alice logs in again and finds hers.
    await act(async () => bus.set('session', { token: null, member: null, isAgent: null }));
    await settle();
    expect(screen.queryByTestId('lottery-favourites')).toBeNull();
    await act(async () => logIn({ account: 'alice', token: 'token-3' }));
    await settle();
    expect(codesIn('lottery-favourites')).toEqual(['LHC5']);
  });

  it('follows favourites changed in another tab', async () => {
    logIn({ account: 'alice' });
    stub();
    await renderLobby();
    localStorage.setItem('LOTTFAV', JSON.stringify({ alice: ['GD11X5', 4] }));
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'LOTTFAV' }));
    });
    // Ids an older page stored as numbers read as text (no such game here: not shown).
    expect(codesIn('lottery-favourites')).toEqual(['GD11X5']);
  });

  it('tells a guest account to register instead of keeping a favourite', async () => {
    logIn({ account: 'guest01', isAgent: 4 });
    stub();
    await renderLobby();
    await click(star('lottery-all-games', 'SSC1'));
    expect(await screen.findByText('Please Register An Account First')).toBeTruthy();
    expect(localStorage.getItem('LOTTFAV')).toBeNull();
    await click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Please Register An Account First')).toBeNull();
  });

  it('offers a retry when the games cannot be loaded', async () => {
    let fail = true;
    stub({
      lotteryGameMenus: () => {
        if (fail) throw new Error('down');
        return menusOf([SSC5]);
      },
    });
    await renderLobby();
    expect(screen.getByText('The games could not be loaded.')).toBeTruthy();
    fail = false;
    await click(screen.getByRole('button', { name: 'Retry' }));
    expect(codesIn('lottery-all-games')).toEqual(['SSC5']);
  });
});

describe('the Vietnam lottery list', () => {
  it('lists the SEA menu with each game’s round on sale, and opens /vnlottery?gameCode=…', async () => {
    const { callsOf } = stubApi({
      lotteryVnGameMenu: menusOf(VN_GAMES),
      lotteryVnOpened: [{ game: VN5, current: roundOf(VN5, '20261127-201', 125_000) }],
    });
    renderWithProviders(<VnLobbyScreen />, { route: '/vnlottery' });
    await settle();
    expect(callsOf('lotteryVnGameMenu')[0]?.params).toEqual({ prizeMode: 'SEA', device: 'WEB' });
    expect(callsOf('lotteryVnOpened')[0]?.params).toEqual({ count: 100 });
    const section = screen.getByTestId('vn-group-VN');
    expect(within(section).getByRole('heading').textContent).toBe('Vietnam lottery');
    const cards = within(section).getAllByTestId('lottery-game-card');
    expect(cards.map((card) => within(card).getByRole('link').getAttribute('href'))).toEqual(['/vnlottery?gameCode=VNMB', '/vnlottery?gameCode=VN5']);
    expect(within(cards[0]).getByRole('link').textContent).toBe(`VN${'Vietnam Daily (house draw)'}No round on sale`);
    expect(within(cards[1]).getByRole('link').textContent).toMatch(/^VNFast Vietnam \(5 min\)Closes in 02:0[45]$/);
    expect(VNMB.prizeMode).toBe('SEA');
  });
});
