import type { GameCategory, GameLane } from '@platform/shared';

export type NavIconName =
  | 'home'
  | 'hot'
  | 'lottery'
  | 'live'
  | 'sports'
  | 'fish'
  | 'slots'
  | 'pvp'
  | 'esports'
  | 'cockfight'
  | 'inhouse'
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

/** Game categories in menu order (SPEC §2 Left side bar), each with the games route it opens. */
const CATEGORY_ENTRIES: { category: GameCategory; entry: NavEntry }[] = [
  { category: 'LIVE', entry: { id: 'live', path: '/live', labelKey: 'nav_live', icon: 'live' } },
  { category: 'SPORTS', entry: { id: 'sports', path: '/sports', labelKey: 'nav_sports', icon: 'sports' } },
  { category: 'FISH', entry: { id: 'fish', path: '/fish', labelKey: 'nav_fish', icon: 'fish' } },
  { category: 'RNG', entry: { id: 'rng', path: '/rng', labelKey: 'nav_slots', icon: 'slots' } },
  { category: 'PVP', entry: { id: 'pvp', path: '/pvp', labelKey: 'nav_pvp', icon: 'pvp' } },
  { category: 'ESPORTS', entry: { id: 'esports', path: '/esports', labelKey: 'nav_esports', icon: 'esports' } },
  { category: 'COCKFIGHT', entry: { id: 'cockfight', path: '/cockfight', labelKey: 'nav_cockfight', icon: 'cockfight' } },
  { category: 'INHOUSE', entry: { id: 'inhouse', path: '/inhouse', labelKey: 'nav_inhouse', icon: 'inhouse' } },
];

export const HOME_ENTRY: NavEntry = { id: 'home', path: '/', labelKey: 'nav_home', icon: 'home' };
export const HOT_ENTRY: NavEntry = { id: 'hot', path: '/hot', labelKey: 'nav_hot', icon: 'hot' };
export const PROMOTIONS_ENTRY: NavEntry = { id: 'promotions', path: '/promotions', labelKey: 'nav_promotions', icon: 'promotions' };

function categoriesWithVendors(lanes: GameLane[]): ReadonlySet<string> {
  return new Set(lanes.filter((lane) => (lane.vendors ?? []).length > 0).map((lane) => lane.gameCategory));
}

/**
 * One entry per game category that has at least one vendor. The lottery entry opens the
 * e-lottery lobby when there is any e-lottery vendor, and the lottery page for LOTT alone.
 */
export function categoryEntries(lanes: GameLane[]): NavEntry[] {
  const present = categoriesWithVendors(lanes);
  const entries: NavEntry[] = [];
  if (present.has('ELOTT')) entries.push({ id: 'lottery', path: '/elott', labelKey: 'nav_lottery', icon: 'lottery' });
  else if (present.has('LOTT')) entries.push({ id: 'lottery', path: '/lottery', labelKey: 'nav_lottery', icon: 'lottery' });
  for (const { category, entry } of CATEGORY_ENTRIES) {
    if (present.has(category)) entries.push(entry);
  }
  return entries;
}

/** The menu's route entries: Home, Hot games, the categories with vendors, Promotions. */
export function navEntries(lanes: GameLane[]): NavEntry[] {
  return [HOME_ENTRY, HOT_ENTRY, ...categoryEntries(lanes), PROMOTIONS_ENTRY];
}
