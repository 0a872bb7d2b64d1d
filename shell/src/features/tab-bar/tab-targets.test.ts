import type { GameCategory, GameLane } from '@platform/shared';
import { activeTab, gamesPath, tabTarget } from './tab-targets';

function lane(gameCategory: GameCategory, vendors = 1): GameLane {
  return {
    gameCategory,
    vendors: Array.from({ length: vendors }, (_, index) => ({
      vassalage: `${gameCategory}${index}`,
      vendorName: `${gameCategory} ${index}`,
      provider: `${gameCategory}${index}`,
      isHot: false,
      gameCategory,
      gameClassify: null,
      iconUrl: null,
      colorIconUrl: null,
      accountTypeName: null,
    })),
  };
}

describe('tab targets', () => {
  it('leads Games to the side menu’s first game category page, lottery aside', () => {
    expect(gamesPath([lane('ELOTT'), lane('LIVE', 0), lane('SPORTS'), lane('RNG')])).toBe('/sports');
    expect(gamesPath([lane('LOTT'), lane('PVP')])).toBe('/pvp');
  });

  it('leads Games to the route table’s first category page before the vendors are known', () => {
    expect(gamesPath([])).toBe('/live');
    expect(gamesPath([lane('ELOTT')])).toBe('/live');
  });

  it('sends Deposit and Me to the login popup when logged out', () => {
    for (const tab of ['deposit', 'me'] as const) {
      expect(tabTarget(tab, { loggedIn: false, lanes: [] })).toEqual({ kind: 'command', command: { type: 'openLogin', tab: 'login' } });
    }
  });

  it('sends Deposit to the member centre’s deposit page and Me to the member centre when logged in', () => {
    expect(tabTarget('deposit', { loggedIn: true, lanes: [] })).toEqual({ kind: 'command', command: { type: 'openMemberCenter', page: 'depositv2' } });
    expect(tabTarget('me', { loggedIn: true, lanes: [] })).toEqual({ kind: 'command', command: { type: 'openMemberCenter', page: 'securityCenter' } });
  });

  it('leads Home and Promotions to their routes', () => {
    expect(tabTarget('home', { loggedIn: false, lanes: [] })).toEqual({ kind: 'route', path: '/' });
    expect(tabTarget('promotions', { loggedIn: true, lanes: [] })).toEqual({ kind: 'route', path: '/promotions' });
  });

  it('marks the tab of the current page', () => {
    expect(activeTab('/')).toBe('home');
    expect(activeTab('/home')).toBe('home');
    expect(activeTab('/live')).toBe('games');
    expect(activeTab('/hot')).toBe('games');
    expect(activeTab('/lottery')).toBe('games');
    expect(activeTab('/promotions/12')).toBe('promotions');
    expect(activeTab('/help')).toBeNull();
  });
});
