// Launch routing and game launch: what a click on a game or on a
// vendor entry does. Pure: the launcher (use-launcher.ts) carries the plan out.
import { GAME_CATEGORIES } from '@platform/contract';
import type { LobbyGame } from './game-model';

/** The vendor card fields routing reads (the lanes' VendorCard). */
export interface VendorEntry {
  vassalage: string;
  gameCategory: string;
  accountTypeName?: string | null;
}

export type LaunchPlan =
  /** Go to a page of the site. */
  | { kind: 'navigate'; to: string }
  /** Ask the vendor's launch for a game (or for the vendor's own lobby without a game). */
  | { kind: 'launch'; vassalage: string; nodeId?: string; gameId?: string; gameType: string }
  /** Show the vendor's games in a popup list. */
  | { kind: 'vendor-games'; vassalage: string; gameType: string };

/** Categories whose vendors have a game list in the lobby (in-house too: its games are ours). */
export const GAME_LIST_CATEGORIES: ReadonlySet<string> = new Set(['RNG', 'FISH', 'PVP', 'LIVE', 'INHOUSE']);
const LOTTERY_CATEGORIES = new Set(['LOTT', 'ELOTT']);
const LOTTERY_ACCOUNT_TYPES = new Set(['LOTT', 'ELOTT', 'TCG_SEA']);

/** The page of a category: /rng, /live, ... (LOTT's page is the lottery's, /lottery). */
export function categoryRoute(gameCategory: string): string | null {
  return GAME_CATEGORIES.find((category) => category.code === gameCategory)?.route ?? null;
}

/** The category of a games route: 'rng' → RNG; null for /hot or an unknown route. */
export function categoryOfRoute(route: string): string | null {
  return GAME_CATEGORIES.find((category) => category.route === `/${route.replace(/^\//, '')}`)?.code ?? null;
}

/** Vietnam lottery by account type or vendor. */
const isVnLottery = (vassalage: string, accountTypeName: string | null | undefined) =>
  vassalage === 'TCG_LOTTO_VN' || accountTypeName === 'TCG_LOTTO_VN';

function lotteryPage(code: string | null, defaultPlayType: string | null): string {
  const query = new URLSearchParams();
  if (code) query.set('gameCode', code);
  if (code && defaultPlayType) query.set('playType', defaultPlayType);
  const search = query.toString();
  return search ? `/lottery?${search}` : '/lottery';
}

/**
 * A vendor entry (a vendor card of a lane or of a category page). `onCategoryPage`: the entry is
 * shown on its own category's page, where a game centre's vendor starts instead of navigating.
 */
export function planVendorEntry(vendor: VendorEntry, onCategoryPage: boolean): LaunchPlan {
  const { vassalage, gameCategory, accountTypeName } = vendor;
  if (isVnLottery(vassalage, accountTypeName)) return { kind: 'navigate', to: '/vnlottery' };
  if (LOTTERY_CATEGORIES.has(gameCategory)) {
    // The SEA lottery starts its game directly; other lottery vendors lead to the lottery pages.
    if (vassalage === 'TCG_SEA' || accountTypeName === 'TCG_SEA') return { kind: 'navigate', to: '/lottery' };
    if (gameCategory === 'LOTT') return { kind: 'navigate', to: '/lottery' };
    if (!onCategoryPage) return { kind: 'navigate', to: '/elott' };
    return { kind: 'launch', vassalage, gameType: gameCategory };
  }
  const route = categoryRoute(gameCategory);
  if (GAME_LIST_CATEGORIES.has(gameCategory)) {
    // The category page lists the vendor's games (?vassalage=); no page: the popup list.
    if (!route) return { kind: 'vendor-games', vassalage, gameType: gameCategory };
    return { kind: 'navigate', to: `${route}?vassalage=${encodeURIComponent(vassalage)}` };
  }
  // Game centres (sports, e-sports, cockfighting): the vendor's own lobby, from its category page.
  if (!onCategoryPage && route) return { kind: 'navigate', to: route };
  return { kind: 'launch', vassalage, gameType: gameCategory };
}

/** A game entry (a tile of a list). */
export function planGameLaunch(game: LobbyGame): LaunchPlan {
  if (isVnLottery(game.vassalage, game.accountTypeName)) {
    return { kind: 'navigate', to: game.code ? `/vnlottery?gameCode=${encodeURIComponent(game.code)}` : '/vnlottery' };
  }
  if (game.isGame === 'VASSALAGE') return { kind: 'vendor-games', vassalage: game.vassalage, gameType: game.gameType };
  if (LOTTERY_CATEGORIES.has(game.gameType) || (game.accountTypeName && LOTTERY_ACCOUNT_TYPES.has(game.accountTypeName))) {
    if (game.gameType === 'ELOTT' && !game.code) return { kind: 'navigate', to: '/elott' };
    return { kind: 'navigate', to: lotteryPage(game.code, game.defaultPlayType) };
  }
  return { kind: 'launch', vassalage: game.vassalage, nodeId: game.nodeId || undefined, gameId: game.gameCode || undefined, gameType: game.gameType };
}
