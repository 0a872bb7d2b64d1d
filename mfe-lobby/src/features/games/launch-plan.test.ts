import { lobbyGameOf } from './game-model';
import { planGameLaunch, planVendorEntry } from './launch-plan';

// Launch routing: what a click on a game or a vendor entry does.
const vendor = (vassalage: string, gameCategory: string, accountTypeName: string | null = null) => ({ vassalage, gameCategory, accountTypeName });

describe('a vendor entry', () => {
  it('lottery: the SEA lottery and lottery types to /lottery, Vietnam to /vnlottery, e-lottery to its page then its launch', () => {
    expect(planVendorEntry(vendor('TCG_SEA', 'LOTT', 'TCG_SEA'), false)).toEqual({ kind: 'navigate', to: '/lottery' });
    expect(planVendorEntry(vendor('TCG_LOTTO_VN', 'LOTT'), false)).toEqual({ kind: 'navigate', to: '/vnlottery' });
    expect(planVendorEntry(vendor('X', 'LOTT', 'TCG_LOTTO_VN'), true)).toEqual({ kind: 'navigate', to: '/vnlottery' });
    expect(planVendorEntry(vendor('ELOTT', 'ELOTT', 'ELOTT'), false)).toEqual({ kind: 'navigate', to: '/elott' });
    expect(planVendorEntry(vendor('ELOTT', 'ELOTT', 'ELOTT'), true)).toEqual({ kind: 'launch', vassalage: 'ELOTT', gameType: 'ELOTT' });
  });

  it("game list categories (slots to /rng): the category page with the vendor's games", () => {
    expect(planVendorEntry(vendor('PG', 'RNG'), false)).toEqual({ kind: 'navigate', to: '/rng?vassalage=PG' });
    expect(planVendorEntry(vendor('JL', 'INHOUSE'), true)).toEqual({ kind: 'navigate', to: '/inhouse?vassalage=JL' });
    expect(planVendorEntry(vendor('EVO', 'LIVE'), false)).toEqual({ kind: 'navigate', to: '/live?vassalage=EVO' });
  });

  it("game centres: the category page, where the entry starts the vendor's own lobby", () => {
    expect(planVendorEntry(vendor('SABA', 'SPORTS'), false)).toEqual({ kind: 'navigate', to: '/sports' });
    expect(planVendorEntry(vendor('SABA', 'SPORTS'), true)).toEqual({ kind: 'launch', vassalage: 'SABA', gameType: 'SPORTS' });
    expect(planVendorEntry(vendor('DIG', 'COCKFIGHT'), true)).toEqual({ kind: 'launch', vassalage: 'DIG', gameType: 'COCKFIGHT' });
  });
});

describe('a game entry', () => {
  it('a game launches through its vendor; a VASSALAGE entry opens the popup list', () => {
    const game = lobbyGameOf({ nodeId: '11', gameCode: 'JLS001', vassalage: 'JL', gameType: 'RNG', gameName: 'Fortune Gems', isGame: 'GAME' });
    expect(planGameLaunch(game)).toEqual({ kind: 'launch', vassalage: 'JL', nodeId: '11', gameId: 'JLS001', gameType: 'RNG' });
    expect(planGameLaunch({ ...game, isGame: 'VASSALAGE' })).toEqual({ kind: 'vendor-games', vassalage: 'JL', gameType: 'RNG' });
  });

  it('lottery games go to the lottery pages with their code and play type', () => {
    const lottery = lobbyGameOf({ nodeId: '5', gameType: 'LOTT', vassalage: 'TCG_SEA', code: 'SSC1', defaultPlayType: '5X', accountTypeName: 'TCG_SEA' });
    expect(planGameLaunch(lottery)).toEqual({ kind: 'navigate', to: '/lottery?gameCode=SSC1&playType=5X' });
    expect(planGameLaunch({ ...lottery, vassalage: 'TCG_LOTTO_VN', accountTypeName: 'TCG_LOTTO_VN', code: 'MB' })).toEqual({ kind: 'navigate', to: '/vnlottery?gameCode=MB' });
  });
});
