import type { BusCommand, GameLane } from '@platform/shared';
import { GAME_CATEGORIES } from '@platform/contract';
import { GAME_CATEGORY_ROUTES } from '../../app/route-table';
import { categoryEntries } from '../side-bar/side-bar-entries';

/** The phone's bottom tabs, in order. */
export const TAB_IDS = ['home', 'games', 'promotions', 'deposit', 'me'] as const;
export type TabId = (typeof TAB_IDS)[number];

/** Where a tab leads: a route of the site, or a bus command (the login popup, the member centre). */
export type TabTarget = { kind: 'route'; path: string } | { kind: 'command'; command: BusCommand };

const LOBBY_GAME_PATHS = GAME_CATEGORY_ROUTES.map((route) => `/${route}`);
/** The lobby's category pages but the lottery's (the side menu's lottery entry has its own page). */
const GAME_PAGE_PATHS = LOBBY_GAME_PATHS.filter((path) => !GAME_CATEGORIES.some((category) => category.route === path && category.labelKey === 'nav_lottery'));

/**
 * The Games tab's page: the side menu's first game category (lottery aside) that the lobby shows
 * as a category page; before the vendor list is known, or when no such category has vendors, the
 * route table's first one.
 */
export function gamesPath(lanes: GameLane[]): string {
  const first = categoryEntries(lanes).find((entry) => GAME_PAGE_PATHS.includes(entry.path));
  return first?.path ?? GAME_PAGE_PATHS[0];
}

/**
 * What a tab does. Deposit and Me need a session: logged out, both open the login popup; logged
 * in, Deposit opens the member centre's deposit page and Me the member centre.
 */
export function tabTarget(tab: TabId, { loggedIn, lanes }: { loggedIn: boolean; lanes: GameLane[] }): TabTarget {
  switch (tab) {
    case 'home':
      return { kind: 'route', path: '/' };
    case 'games':
      return { kind: 'route', path: gamesPath(lanes) };
    case 'promotions':
      return { kind: 'route', path: '/promotions' };
    case 'deposit':
      return { kind: 'command', command: loggedIn ? { type: 'openMemberCenter', page: 'depositv2' } : { type: 'openLogin', tab: 'login' } };
    case 'me':
      return { kind: 'command', command: loggedIn ? { type: 'openMemberCenter', page: 'securityCenter' } : { type: 'openLogin', tab: 'login' } };
  }
}

const HOME_PATHS = ['/', '/index', '/index.html', '/home'];
const GAME_PATHS = [...LOBBY_GAME_PATHS, '/lottery'];

/** The tab of the page at `pathname` (marked current), or none. */
export function activeTab(pathname: string): TabId | null {
  if (HOME_PATHS.includes(pathname)) return 'home';
  if (GAME_PATHS.includes(pathname)) return 'games';
  if (pathname === '/promotions' || pathname.startsWith('/promotions/') || pathname === '/promoDetail') return 'promotions';
  return null;
}
