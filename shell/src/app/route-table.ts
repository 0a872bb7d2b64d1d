import { GAME_CATEGORIES, type RemoteManifestEntry, type RemoteRoute } from '@platform/contract';
import type { RoutePageRef } from '@platform/remote-types';
import { REMOTE_NAMES, routePage, type RemoteName, type RoutePageOf } from '../remotes/remote-names';

// Each remote brings its routes (its release's routes.json, handed over with /remotes.json); the
// shell builds the site's route table from them at start-up and keeps what is the shell's: the
// layouts a route may name, the guard (app-routes.tsx), and its own table for a remote that brings
// none (a release built before routes.json, a development server, a remote on another origin).

export interface RouteChrome {
  header: boolean;
  sideBar: boolean;
  /** Banner group shown above the page, or none. */
  banner: string | null;
  footer: boolean;
}

/**
 * The layouts a route may name (`layout`): the chrome around its page, which the shell draws; the
 * route names its banner group itself.
 */
const LAYOUTS = {
  full: { header: true, sideBar: true, footer: true },
  /** The header alone: login, register, the game frame. */
  'header-only': { header: true, sideBar: false, footer: false },
  /** The page alone (/vnlottery, /helpmc, /seamless). */
  bare: { header: false, sideBar: false, footer: false },
} satisfies Record<string, Omit<RouteChrome, 'banner'>>;

type LayoutName = keyof typeof LAYOUTS;

/** The layout called `name`, if the shell has one. */
export function layoutNamed(name: string): Omit<RouteChrome, 'banner'> | undefined {
  return Object.prototype.hasOwnProperty.call(LAYOUTS, name) ? LAYOUTS[name as LayoutName] : undefined;
}

/** A route: its paths and the remote's exposed route page (RoutePageRef: a module placed with RoutePageProps) that renders it. */
export type RouteDefinition = RoutePageRef & {
  id: string;
  /** The route's path and its aliases. */
  paths: string[];
  chrome: RouteChrome;
  /** Reachable without a session even when the brand's logged-in-only flag is on (the guard). */
  public?: boolean;
  /** Side and top bars hidden unless the query flag `bars=1` allows them (/seamless). */
  barsByQueryFlag?: boolean;
};

/** A route as a remote lists it (routes.json), naming one of its route pages and one of the shell's layouts. */
type KnownRoute<Remote extends RemoteName> = Omit<RemoteRoute, 'module' | 'layout'> & { module: RoutePageOf<Remote>; layout: LayoutName };

/**
 * The lobby's games routes: each game category's page, but the lottery's (LOTT has a
 * remote of its own), and the hot games.
 */
export const GAME_CATEGORY_ROUTES: readonly string[] = [
  ...GAME_CATEGORIES.filter((category) => category.code !== 'LOTT').map((category) => category.route.slice(1)),
  'hot',
];

/**
 * The routes this shell knows each remote to bring (what their routes.json listed when it was
 * built): the table of a remote whose /remotes.json entry carries no routes, so an older remote
 * keeps its pages under a newer shell.
 */
const KNOWN_ROUTES: { [Remote in RemoteName]: KnownRoute<Remote>[] } = {
  mfe_auth: [
    { id: 'register', paths: ['/register', '/register.html'], module: './RegisterPage', layout: 'header-only', public: true },
    { id: 'login', paths: ['/login'], module: './LoginPage', layout: 'header-only', public: true },
  ],
  mfe_lobby: [
    { id: 'home', paths: ['/', '/index', '/index.html', '/home'], module: './HomePage', layout: 'full', banner: 'w_home' },
    ...GAME_CATEGORY_ROUTES.map(
      (category): KnownRoute<'mfe_lobby'> => ({ id: `games-${category}`, paths: [`/${category}`], module: './GameCategoryPage', layout: 'full', banner: 'w_games' }),
    ),
    { id: 'seamless', paths: ['/seamless'], module: './SeamlessPage', layout: 'bare', barsByQueryFlag: true },
    { id: 'promotions', paths: ['/promotions', '/promotions/:id', '/promoDetail'], module: './PromotionsPage', layout: 'full', banner: 'w_promotion' },
    { id: 'pointMall', paths: ['/pointMall'], module: './PointMallPage', layout: 'full' },
    { id: 'help', paths: ['/help'], module: './HelpPage', layout: 'full', banner: 'w_help' },
    { id: 'helpmc', paths: ['/helpmc'], module: './HelpPage', layout: 'bare', public: true },
    { id: 'download', paths: ['/down', '/download'], module: './DownloadPage', layout: 'full', public: true },
    { id: 'game', paths: ['/game'], module: './GameFramePage', layout: 'header-only' },
  ],
  mfe_lottery: [
    { id: 'lottery', paths: ['/lottery'], module: './LotteryPage', layout: 'full' },
    { id: 'vnlottery', paths: ['/vnlottery'], module: './VnLotteryPage', layout: 'bare' },
  ],
  mfe_member_center: [],
  mfe_agent_center: [],
};

/**
 * The site's route table: each remote's routes as its /remotes.json entry brings them (the shell's
 * own for a remote whose entry has none, or that is not served), remote by remote in the shell's
 * order. A route is left out, with a warning, when its module is not one of its own remote's route
 * pages (placing another remote's module, or one the interface does not promise to be a page, would
 * run code where the interface says nothing of it) or its layout is not one of the shell's; a path
 * already claimed, by an earlier remote or route, stays with it.
 */
export function buildRouteTable(remotes: readonly Pick<RemoteManifestEntry, 'name' | 'routes'>[]): RouteDefinition[] {
  const claimed = new Set<string>();
  const table: RouteDefinition[] = [];
  for (const remote of REMOTE_NAMES) {
    const brought = remotes.find((entry) => entry.name === remote)?.routes;
    for (const route of Array.isArray(brought) ? brought : KNOWN_ROUTES[remote]) {
      const page = routePage(remote, route.module);
      const layout = layoutNamed(route.layout);
      if (!page || !layout || !Array.isArray(route.paths)) {
        const problem = !page ? `${route.module} is not a route page` : !layout ? `the shell has no layout ${route.layout}` : 'it has no paths';
        console.warn(`[routes] ${remote}'s route ${route.id} is left out: ${problem}`);
        continue;
      }
      const paths = route.paths.filter((path) => {
        if (claimed.has(path)) {
          console.warn(`[routes] ${remote}'s route ${route.id} does not get ${path}: another route has it`);
          return false;
        }
        claimed.add(path);
        return true;
      });
      if (paths.length === 0) continue;
      table.push({ ...page, id: route.id, paths, chrome: { ...layout, banner: route.banner ?? null }, public: route.public, barsByQueryFlag: route.barsByQueryFlag });
    }
  }
  return table;
}

/**
 * The route's page as one remote's module, for code that places any route's page with
 * RoutePageProps (the slot, the start-up's early fetch). RoutePageRef pairs each remote only with
 * its route pages; TypeScript cannot follow that pairing through the union, hence this one cast.
 */
export function routePageOf(route: RoutePageRef): Extract<RoutePageRef, { remote: 'mfe_lobby' }> {
  return route as Extract<RoutePageRef, { remote: 'mfe_lobby' }>;
}

export function chromeFor(route: RouteDefinition, search: string): RouteChrome {
  if (route.barsByQueryFlag && new URLSearchParams(search).get('bars') === '1') {
    return { ...route.chrome, header: true, sideBar: true };
  }
  return route.chrome;
}
