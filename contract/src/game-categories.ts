// Game categories: the code vendors carry (`gameCategory`), the route a category's page
// lives at, the shell's label key for it and its menu icon. The order is the navigation order:
// the server's lanes and the shell's side bar both follow it.

export const GAME_CATEGORIES = [
  { code: 'LOTT', route: '/lottery', labelKey: 'nav_lottery', icon: 'lottery' },
  { code: 'ELOTT', route: '/elott', labelKey: 'nav_lottery', icon: 'lottery' },
  { code: 'LIVE', route: '/live', labelKey: 'nav_live', icon: 'live' },
  { code: 'SPORTS', route: '/sports', labelKey: 'nav_sports', icon: 'sports' },
  { code: 'FISH', route: '/fish', labelKey: 'nav_fish', icon: 'fish' },
  { code: 'RNG', route: '/rng', labelKey: 'nav_slots', icon: 'slots' },
  { code: 'PVP', route: '/pvp', labelKey: 'nav_pvp', icon: 'pvp' },
  { code: 'ESPORTS', route: '/esports', labelKey: 'nav_esports', icon: 'esports' },
  { code: 'COCKFIGHT', route: '/cockfight', labelKey: 'nav_cockfight', icon: 'cockfight' },
  { code: 'INHOUSE', route: '/inhouse', labelKey: 'nav_inhouse', icon: 'inhouse' },
] as const;

export type GameCategoryDefinition = (typeof GAME_CATEGORIES)[number];
export type GameCategoryCode = GameCategoryDefinition['code'];
export type GameCategoryIcon = GameCategoryDefinition['icon'];

/** Category codes in navigation order. */
export const GAME_CATEGORY_CODES: readonly GameCategoryCode[] = GAME_CATEGORIES.map((category) => category.code);
