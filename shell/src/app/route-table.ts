import { GAME_CATEGORIES } from '@platform/shared/contract';
import type { RoutePageRef } from '@platform/remote-types';

export interface RouteChrome {
  header: boolean;
  sideBar: boolean;
  /** Banner group shown above the page, or none. */
  banner: string | null;
  footer: boolean;
}

/** A route: its paths and the remote's exposed route page (RoutePageRef: a module placed with RoutePageProps) that renders it. */
export type RouteDefinition = RoutePageRef & {
  id: string;
  /** The route's path and its aliases (SPEC §2 Routes). */
  paths: string[];
  chrome: RouteChrome;
  /** Reachable without a session even when the brand's logged-in-only flag is on. */
  public?: boolean;
  /** Side and top bars hidden unless the query flag `bars=1` allows them (/seamless). */
  barsByQueryFlag?: boolean;
};

const FULL: RouteChrome = { header: true, sideBar: true, banner: null, footer: true };
const BARE: RouteChrome = { header: false, sideBar: false, banner: null, footer: false };

/**
 * The lobby's games routes (SPEC §2): each game category's page, but the lottery's (LOTT has a
 * remote of its own, below), and the hot games.
 */
export const GAME_CATEGORY_ROUTES: readonly string[] = [
  ...GAME_CATEGORIES.filter((category) => category.code !== 'LOTT').map((category) => category.route.slice(1)),
  'hot',
];

/**
 * The route's page as one remote's module, for code that places any route's page with
 * RoutePageProps (the slot, the start-up's early fetch). RoutePageRef pairs each remote only with
 * its route pages; TypeScript cannot follow that pairing through the union, hence this one cast.
 */
export function routePageOf(route: RoutePageRef): Extract<RoutePageRef, { remote: 'mfe_lobby' }> {
  return route as Extract<RoutePageRef, { remote: 'mfe_lobby' }>;
}

/** Every route of the site, each owned by one remote. The one source of truth for routing. */
export const ROUTES: RouteDefinition[] = [
  { id: 'home', paths: ['/', '/index', '/index.html', '/home'], remote: 'mfe_lobby', module: './HomePage', chrome: { ...FULL, banner: 'w_home' } },
  { id: 'register', paths: ['/register', '/register.html'], remote: 'mfe_auth', module: './RegisterPage', chrome: { ...BARE, header: true }, public: true },
  { id: 'login', paths: ['/login'], remote: 'mfe_auth', module: './LoginPage', chrome: { ...BARE, header: true }, public: true },
  ...GAME_CATEGORY_ROUTES.map(
    (category): RouteDefinition => ({
      id: `games-${category}`,
      paths: [`/${category}`],
      remote: 'mfe_lobby',
      module: './GameCategoryPage',
      chrome: { ...FULL, banner: 'w_games' },
    }),
  ),
  { id: 'lottery', paths: ['/lottery'], remote: 'mfe_lottery', module: './LotteryPage', chrome: FULL },
  { id: 'vnlottery', paths: ['/vnlottery'], remote: 'mfe_lottery', module: './VnLotteryPage', chrome: BARE },
  { id: 'seamless', paths: ['/seamless'], remote: 'mfe_lobby', module: './SeamlessPage', chrome: BARE, barsByQueryFlag: true },
  { id: 'promotions', paths: ['/promotions', '/promotions/:id', '/promoDetail'], remote: 'mfe_lobby', module: './PromotionsPage', chrome: { ...FULL, banner: 'w_promotion' } },
  { id: 'pointMall', paths: ['/pointMall'], remote: 'mfe_lobby', module: './PointMallPage', chrome: FULL },
  { id: 'help', paths: ['/help'], remote: 'mfe_lobby', module: './HelpPage', chrome: { ...FULL, banner: 'w_help' } },
  { id: 'helpmc', paths: ['/helpmc'], remote: 'mfe_lobby', module: './HelpPage', chrome: BARE, public: true },
  { id: 'download', paths: ['/down', '/download'], remote: 'mfe_lobby', module: './DownloadPage', chrome: FULL },
  { id: 'game', paths: ['/game'], remote: 'mfe_lobby', module: './GameFramePage', chrome: { ...FULL, sideBar: false, footer: false } },
];

/** SPEC §2 Guard: the only paths open without a session when the logged-in-only flag is on. */
export const PUBLIC_PATHS_WHEN_LOGGED_IN_ONLY = ['/login', '/register', '/register.html', '/helpmc', '/download'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS_WHEN_LOGGED_IN_ONLY.includes(pathname);
}

export function chromeFor(route: RouteDefinition, search: string): RouteChrome {
  if (route.barsByQueryFlag && new URLSearchParams(search).get('bars') === '1') {
    return { ...route.chrome, header: true, sideBar: true };
  }
  return route.chrome;
}
