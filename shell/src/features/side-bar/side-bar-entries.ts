import type { GameLane } from '@platform/shared';
import { GAME_CATEGORIES, type GameCategoryCode, type GameCategoryDefinition, type GameCategoryIcon } from '@platform/contract';

export type NavIconName =
  | GameCategoryIcon
  | 'home'
  | 'hot'
  | 'promotions'
  | 'support'
  | 'messages'
  | 'announcements'
  | 'help'
  | 'download'
  | 'language';

export interface NavEntry {
  id: string;
  path: string;
  /** Translation key in the shell namespace. */
  labelKey: string;
  icon: NavIconName;
}

/** LOTT and ELOTT share the menu's one lottery entry. */
const LOTTERY_CODES: readonly GameCategoryCode[] = ['LOTT', 'ELOTT'];

function entryOf(category: GameCategoryDefinition): NavEntry {
  const id = LOTTERY_CODES.includes(category.code) ? 'lottery' : category.route.slice(1);
  return { id, path: category.route, labelKey: category.labelKey, icon: category.icon };
}

export const HOME_ENTRY: NavEntry = { id: 'home', path: '/', labelKey: 'nav_home', icon: 'home' };
export const HOT_ENTRY: NavEntry = { id: 'hot', path: '/hot', labelKey: 'nav_hot', icon: 'hot' };
export const PROMOTIONS_ENTRY: NavEntry = { id: 'promotions', path: '/promotions', labelKey: 'nav_promotions', icon: 'promotions' };

function categoriesWithVendors(lanes: GameLane[]): Set<GameCategoryCode> {
  return new Set(lanes.filter((lane) => (lane.vendors ?? []).length > 0).map((lane) => lane.gameCategory));
}

/**
 * One entry per game category that has at least one vendor, in the contract's order. The lottery
 * entry opens the site's own lottery page (/lottery, its games) whenever LOTT has vendors, and the
 * e-lottery lobby only when e-lottery is all there is: leading to /elott while the site's lottery
 * existed left that lottery reachable from a home card alone, behind a lobby whose vendor may not
 * even be connected.
 */
export function categoryEntries(lanes: GameLane[]): NavEntry[] {
  const present = categoriesWithVendors(lanes);
  const lottery: GameCategoryCode | null = present.has('LOTT') ? 'LOTT' : present.has('ELOTT') ? 'ELOTT' : null;
  return GAME_CATEGORIES.filter((category) =>
    LOTTERY_CODES.includes(category.code) ? category.code === lottery : present.has(category.code),
  ).map(entryOf);
}

/** The menu's route entries: Home, Hot games, the categories with vendors, Promotions. */
export function navEntries(lanes: GameLane[]): NavEntry[] {
  return [HOME_ENTRY, HOT_ENTRY, ...categoryEntries(lanes), PROMOTIONS_ENTRY];
}
