import { act, fireEvent, screen } from '@testing-library/react';
import type { GameEntity, GameListValue, GameVendorValue, VendorCard } from '@platform/contract';
import { logIn, recordCommands, renderWithProviders, settle, setStatus, stubApi } from '@platform/shared/testing';
import { GAME_CATEGORY_ROUTES } from '../../app/route-table';
import { MiniGameWidget } from './components/mini-game-widget';
import { MINI_GAME_CLOSED_KEY } from './mini-game';
import { showsMiniGameOn } from './mini-game-pages';

// The app shell's mini-game widget opens the in-house instant game (crash
// JLC001 of vendor JL) in the /game frame through the bus's launch command.

// Vendors and games as gameVendors and gameList send them (contract/src/games.ts).
const vendor = (vassalage: string, gameCategory: VendorCard['gameCategory']): VendorCard => ({
  vassalage,
  vendorName: vassalage,
  provider: vassalage,
  isHot: false,
  gameCategory,
  gameClassify: null,
  iconUrl: null,
  colorIconUrl: null,
  accountTypeName: null,
});

const JL_LANES: GameVendorValue = {
  data: {
    lanes: [
      { gameCategory: 'RNG', vendors: [vendor('PG', 'RNG')] },
      { gameCategory: 'INHOUSE', vendors: [vendor('JL', 'INHOUSE')] },
    ],
  },
};

const game = (nodeId: string, gameCode: string, gameName: string): GameEntity => ({
  nodeId,
  gameId: Number(nodeId),
  gameType: 'INHOUSE',
  isGame: 'GAME',
  code: gameCode,
  gameCode,
  vassalage: 'JL',
  vendor: 'Lucky Star Originals',
  provider: 'LUCKYSTAR',
  accountTypeName: null,
  gameName,
  iconUrl: null,
  minBet: 1,
  lineNum: 0,
  isHot: false,
  isNew: false,
  trial: false,
  gameClassify: null,
  isFavourite: false,
});
const CRASH = game('31', 'JLC001', 'Crash');
const SLOT = game('29', 'JLS001', 'Fortune Gems');
const gameList = (games: GameEntity[]): GameListValue => ({ games, totalPages: 1, totalCount: games.length, hasMore: false, pageNo: 1, pageSize: 42 });

async function renderWidget() {
  renderWithProviders(<MiniGameWidget />);
  await settle();
}

beforeEach(() => {
  setStatus();
  sessionStorage.clear();
});

describe('the mini-game widget', () => {
  it('is hidden when the merchant has no in-house vendor', async () => {
    stubApi({ gameVendors: { data: { lanes: [JL_LANES.data.lanes[0]] } } });
    await renderWidget();
    expect(screen.queryByTestId('mini-game-widget')).toBeNull();
  });

  it('asks a visitor to log in', async () => {
    const { callsOf } = stubApi({ gameVendors: JL_LANES });
    await renderWidget();
    const recorded = recordCommands('openLogin', 'launchGame');
    fireEvent.click(screen.getByTestId('mini-game-open'));
    expect(recorded.commands).toEqual([{ type: 'openLogin', tab: 'login' }]);
    expect(callsOf('gameList')).toHaveLength(0);
    expect(screen.getByRole('button', { name: /Crash/ })).toBeTruthy();
    recorded.stop();
  });

  it('launches the crash game JLC001 by its nodeId for a player', async () => {
    logIn();
    const { callsOf } = stubApi({ gameVendors: JL_LANES, gameList: gameList([SLOT, CRASH]) });
    await renderWidget();
    expect(callsOf('gameList')).toEqual([expect.objectContaining({ params: { gameType: 'INHOUSE', vassalage: 'JL', pageSize: 42 } })]);
    const recorded = recordCommands('openLogin', 'launchGame');
    fireEvent.click(screen.getByTestId('mini-game-open'));
    expect(recorded.commands).toEqual([{ type: 'launchGame', game: { gameType: 'INHOUSE', vassalage: 'JL', gameCode: 'JLC001', nodeId: '31' } }]);
    recorded.stop();
  });

  it('stays hidden for a player whose list lacks the game', async () => {
    logIn();
    stubApi({ gameVendors: JL_LANES, gameList: gameList([SLOT]) });
    await renderWidget();
    expect(screen.queryByTestId('mini-game-widget')).toBeNull();
  });

  it('is hidden for a free-play guest', async () => {
    logIn({ isAgent: 4 });
    const { callsOf } = stubApi({ gameVendors: JL_LANES, gameList: gameList([CRASH]) });
    await renderWidget();
    expect(screen.queryByTestId('mini-game-widget')).toBeNull();
    expect(callsOf('gameList')).toHaveLength(0);
  });

  it('closes for the rest of the tab', async () => {
    stubApi({ gameVendors: JL_LANES });
    await renderWidget();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close the instant game' }));
    });
    expect(screen.queryByTestId('mini-game-widget')).toBeNull();
    expect(sessionStorage.getItem(MINI_GAME_CLOSED_KEY)).toBe('1');
  });

  it('belongs on the lobby pages, where the launcher answers', () => {
    expect(showsMiniGameOn('/', GAME_CATEGORY_ROUTES)).toBe(true);
    expect(showsMiniGameOn('/inhouse', GAME_CATEGORY_ROUTES)).toBe(true);
    expect(showsMiniGameOn('/rng', GAME_CATEGORY_ROUTES)).toBe(true);
    expect(showsMiniGameOn('/promotions', GAME_CATEGORY_ROUTES)).toBe(false);
    expect(showsMiniGameOn('/game', GAME_CATEGORY_ROUTES)).toBe(false);
  });
});
