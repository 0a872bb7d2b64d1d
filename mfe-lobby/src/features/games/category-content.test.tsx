import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { sessionStore } from '@platform/shared';
import type { VassGameTypeValue } from '@platform/contract';
import { apiFailure, currentLocation, logIn, recordCommands, renderWithProviders, resetTestState, settle, setStatus, stubApi, type CallOptionsSeen, type StubAnswer, type StubAnswers } from '@platform/shared/testing';
import CategoryContent from './category-content';
import { resetFavourites } from './favourites';
import { DRAGON_PEARL, FORTUNE_GEMS, gamePage, LANES } from './test-fixtures';

// A category page with the network edge stubbed: vendors, the game list's filters and pages,
// favourites, and what a launch does with each answer.

beforeEach(async () => {
  await resetTestState();
  resetFavourites();
  setStatus();
});

afterEach(() => {
  jest.restoreAllMocks();
});

const classifications: VassGameTypeValue = { list: [{ vassalage: 'JL', gameType: 'RNG', vendorName: 'Lucky Star Originals', gameClassify: ['SLOT'] }] };

async function renderCategory(route = '/rng') {
  renderWithProviders(<CategoryContent route={route.split('?')[0].slice(1)} />, { route });
  await settle();
}

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
};

describe('a category page', () => {
  it('lists the category vendors and its games: page 1 of 42, the filters sent, back to page 1 on a filter, next and previous', async () => {
    logIn();
    const { callsOf } = stubApi({
      gameVendors: LANES,
      favouriteGameIds: [],
      vassGameType: classifications,
      gameList: (options: CallOptionsSeen) => (options?.params?.pageNo === 2 ? gamePage([DRAGON_PEARL], 2, 3) : gamePage([FORTUNE_GEMS], 1, 3)),
    });
    await renderCategory();

    expect(screen.getAllByTestId('vendor-card').map((card) => card.getAttribute('data-vassalage'))).toEqual(['PG', 'JL']);
    expect(callsOf('gameList')[0]?.params).toMatchObject({ gameType: 'RNG', vassalage: '', pageNo: 1, pageSize: 42, clientType: 3 });
    expect(screen.getByTestId('game-list-pages').textContent).toBe('Page 1 of 3 · more games on the next pages');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await click(screen.getByRole('button', { name: 'Next' }));
    expect(callsOf('gameList').at(-1)?.params).toMatchObject({ pageNo: 2 });
    expect(screen.getByText('Dragon Pearl')).toBeTruthy();

    fireEvent.change(screen.getByTestId('game-filter-name'), { target: { value: 'gems' } });
    await click(screen.getByTestId('game-filter-search'));
    expect(callsOf('gameList').at(-1)?.params).toMatchObject({ gameName: 'gems', pageNo: 1 });

    fireEvent.change(screen.getByTestId('game-filter-classify'), { target: { value: 'SLOT' } });
    fireEvent.change(screen.getByTestId('game-filter-min-bet'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('game-filter-lines'), { target: { value: '20' } });
    await settle();
    expect(callsOf('gameList').at(-1)?.params).toMatchObject({ gameName: 'gems', gameClassify: 'SLOT', minBet: 1, minLineNum: 20, pageNo: 1 });

    await click(screen.getByRole('button', { name: 'Reset' }));
    const reset = callsOf('gameList').at(-1)?.params ?? {};
    expect(reset).toMatchObject({ pageNo: 1, pageSize: 42 });
    expect(reset).not.toHaveProperty('gameClassify');
    expect(reset).not.toHaveProperty('minBet');
  });

  it("lists one vendor's games when the page names it, and says when it has none yet", async () => {
    logIn();
    const { callsOf } = stubApi({ gameVendors: LANES, favouriteGameIds: [], vassGameType: classifications, gameList: gamePage([], 1, 0) });
    await renderCategory('/rng?vassalage=PG');
    expect(callsOf('gameList')[0]?.params).toMatchObject({ vassalage: 'PG' });
    const pressed = screen.getAllByTestId('vendor-card').map((card) => [card.getAttribute('data-vassalage'), card.getAttribute('aria-pressed')]);
    expect(pressed).toEqual([['PG', 'true'], ['JL', 'false']]);
    expect(screen.getByText('No games yet')).toBeTruthy();
    expect(screen.getByText('This provider has no games here yet.')).toBeTruthy();
  });

  it('says when the games could not be loaded, and asks again on Retry', async () => {
    logIn();
    let failing = true;
    const { callsOf } = stubApi({
      gameVendors: LANES,
      favouriteGameIds: [],
      vassGameType: classifications,
      gameList: () => (failing ? apiFailure('server.busy', 'Busy', null, 503) : gamePage([FORTUNE_GEMS], 1, 1)),
    });
    await renderCategory();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load this')).toBeTruthy();

    const asked = callsOf('gameList').length;

    failing = false;
    await click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Fortune Gems')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsOf('gameList')).toHaveLength(asked + 1);
  });

  it('offers no card of a vendor not connected, and a category with none connected says so instead of a dead card', async () => {
    logIn();
    const [live, sports, rng] = LANES.data.lanes;
    const lanes = {
      data: {
        lanes: [
          { ...live, vendors: live.vendors.map((vendor) => ({ ...vendor, playable: false })) },
          sports,
          { ...rng, vendors: [{ ...rng.vendors[0], playable: false }, { ...rng.vendors[1], playable: true }] },
        ],
      },
    };
    const { callsOf } = stubApi({ gameVendors: lanes, favouriteGameIds: [], vassGameType: classifications, gameList: gamePage([FORTUNE_GEMS], 1, 1) });
    await renderCategory();
    expect(screen.getAllByTestId('vendor-card').map((card) => card.getAttribute('data-vassalage'))).toEqual(['JL']);
    cleanup();

    await renderCategory('/live');
    expect(screen.queryAllByTestId('vendor-card')).toEqual([]);
    expect(screen.getByText('No games here yet')).toBeTruthy();
    // Nothing to list either: no game list call for the category.
    expect(callsOf('gameList').filter((call) => call?.params?.gameType === 'LIVE')).toEqual([]);
  });

  it('logged out: no game list call, the hot games of the category with trial play, and a way to log in', async () => {
    const { callsOf } = stubApi({ gameVendors: LANES, hotGames: { list: [FORTUNE_GEMS, { ...FORTUNE_GEMS, nodeId: '99', gameType: 'LIVE', gameName: 'Live table' }] } });
    const { commands } = recordCommands('openLogin');
    await renderCategory();
    expect(callsOf('gameList')).toEqual([]);
    const hot = screen.getByTestId('category-hot-games');
    expect(within(hot).getAllByTestId('game-tile')).toHaveLength(1);
    expect(within(hot).getByTestId('game-trial')).toBeTruthy();

    // A favourite needs a login first: the popup, no call.
    await click(within(hot).getByTestId('game-favourite'));
    expect(commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    await click(screen.getByTestId('game-list-login'));
    expect(commands).toHaveLength(2);
  });

  it('trial play launches without an account and opens the frame', async () => {
    const { callsOf } = stubApi({ gameVendors: LANES, hotGames: { list: [FORTUNE_GEMS] }, launchTrial: { game_url: '/jl/play/JLS001?session=t1&lang=EN&trial=1' } });
    await renderCategory();
    await click(screen.getByTestId('game-trial'));
    expect(callsOf('launchTrial')[0]?.data).toMatchObject({ nodeId: '11', gameId: 'JLS001', vassalage: 'JL', language: 'EN' });
    expect(sessionStore.get('iframeUrl')).toBe('/jl/play/JLS001?session=t1&lang=EN&trial=1');
    expect(currentLocation()).toBe('/game');
  });

  it('toggles a favourite when logged in', async () => {
    logIn();
    const { callsOf } = stubApi({
      gameVendors: LANES,
      favouriteGameIds: ['12'],
      vassGameType: classifications,
      gameList: gamePage([FORTUNE_GEMS, DRAGON_PEARL]),
      addFavouriteGame: { nodeId: '11', isFavourite: true },
      removeFavouriteGame: { nodeId: '12', isFavourite: false },
    });
    await renderCategory();
    const [gems, pearl] = screen.getAllByTestId('game-favourite');
    expect(gems.getAttribute('aria-pressed')).toBe('false');
    expect(pearl.getAttribute('aria-pressed')).toBe('true');
    await click(gems);
    expect(callsOf('addFavouriteGame')[0]?.data).toEqual({ nodeId: '11', vendor: 'JL' });
    expect(screen.getAllByTestId('game-favourite')[0].getAttribute('aria-pressed')).toBe('true');
    await click(screen.getAllByTestId('game-favourite')[1]);
    expect(callsOf('removeFavouriteGame')[0]?.data).toEqual({ nodeId: '12', vendor: 'JL' });
    expect(screen.getAllByTestId('game-favourite')[1].getAttribute('aria-pressed')).toBe('false');
  });

  it('a game icon that fails to load shows the default icon', async () => {
    logIn();
    stubApi({ gameVendors: LANES, favouriteGameIds: [], vassGameType: classifications, gameList: gamePage([FORTUNE_GEMS]) });
    await renderCategory();
    const tile = screen.getByTestId('game-tile');
    expect(within(tile).queryByTestId('game-icon-default')).toBeNull();
    fireEvent.error(tile.querySelector('img') as HTMLImageElement);
    expect(within(tile).getByTestId('game-icon-default')).toBeTruthy();
  });
});

describe('launching a game', () => {
  const launchStubs = (launchGame: StubAnswer<'launchGame'>): StubAnswers => ({
    gameVendors: LANES,
    favouriteGameIds: [],
    vassGameType: classifications,
    gameList: gamePage([FORTUNE_GEMS]),
    launchGame,
  });
  const launch = () => click(within(screen.getByTestId('game-tile')).getByRole('button', { name: /^Fortune Gems/ }));

  it('sends the launch request and opens the game in the /game frame', async () => {
    logIn();
    const { callsOf } = stubApi(launchStubs({ game_url: '/jl/play/JLS001?session=abc&lang=EN' }));
    await renderCategory();
    await launch();
    expect(callsOf('launchGame')[0]?.data).toEqual({
      gameId: 'JLS001',
      nodeId: '11',
      accountType: 1,
      confirmTrans: 0,
      vassalage: 'JL',
      launchMode: 'GLS',
      platform: 'html5-desktop',
      clientType: 3,
      username: 'player01',
      language: 'EN',
    });
    expect(sessionStore.get('iframeUrl')).toBe('/jl/play/JLS001?session=abc&lang=EN');
    expect(currentLocation()).toBe('/game');
  });

  it('not enough balance: a popup offering a deposit, which opens the member centre deposit page', async () => {
    logIn();
    stubApi(launchStubs(apiFailure('launch_game_balance_not_enough', 'Balance not enough', { balance: 0, minBet: 0.2 })));
    const { commands } = recordCommands('openMemberCenter', 'toast');
    await renderCategory();
    await launch();
    const dialog = screen.getByTestId('launch-balance-dialog');
    expect(dialog.textContent).toContain("Your balance is below this game's minimum bet.");
    await click(within(dialog).getByRole('button', { name: 'Deposit' }));
    expect(commands).toEqual([{ type: 'openMemberCenter', page: 'depositv2' }]);
    expect(currentLocation()).toBe('/rng');
  });

  it('vendor under maintenance: the window and popular games to play instead', async () => {
    logIn();
    const start = new Date(2030, 0, 2, 3, 4, 5).getTime();
    const end = new Date(2030, 0, 2, 5, 0, 0).getTime();
    stubApi(
      launchStubs(
        apiFailure('vendor_under_maintenance', 'Game Under Maintenance', {
          content: { data: { maintainTime: start, endTime: end } },
          maintenanceStart: start,
          maintenanceEnd: end,
          suggestions: [{ nodeId: '31', gameCode: 'PG01', gameName: 'Mahjong Ways', vassalage: 'PG', gameCategory: 'RNG', iconUrl: null }],
        }, 503),
      ),
    );
    await renderCategory();
    await launch();
    const dialog = screen.getByTestId('launch-maintenance-dialog');
    expect(within(dialog).getByTestId('maintenance-window').textContent).toBe('Maintenance time: 2030-01-02 03:04:05 – 2030-01-02 05:00:00');
    expect(within(dialog).getByText('Mahjong Ways')).toBeTruthy();
    expect(within(dialog).getByTestId('game-icon-default')).toBeTruthy();
  });

  it('a vendor not connected yet: a clear message', async () => {
    logIn();
    stubApi(launchStubs(apiFailure('game.vendor.not_connected', 'This game provider is not connected yet, please contact customer service', null, 409)));
    await renderCategory();
    await launch();
    expect(screen.getByTestId('launch-not-connected-dialog').textContent).toContain('This game provider is not connected yet, please contact customer service');
    expect(currentLocation()).toBe('/rng');
  });

  it('other failures: the server message as a toast', async () => {
    logIn();
    stubApi(launchStubs(apiFailure('game.not_found', 'No such game', null, 404)));
    const { commands } = recordCommands('toast');
    await renderCategory();
    await launch();
    expect(commands).toEqual([{ type: 'toast', level: 'error', message: 'No such game' }]);
  });
});
