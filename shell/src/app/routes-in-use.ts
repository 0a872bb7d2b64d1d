import { matchPath } from '@platform/shared';
import type { RemoteManifestEntry } from '@platform/contract';
import { buildRouteTable, type RouteDefinition } from './route-table';

// The route table the site runs on. Start-up builds it from the routes the served remotes bring,
// as soon as /remotes.json answers and before the page is routed (the routes render once start-up
// is done); until then it is the shell's own.
let routes: RouteDefinition[] = buildRouteTable([]);

/** Routes the site by what these remotes bring (their /remotes.json entries). */
export function routeByRemotes(remotes: readonly Pick<RemoteManifestEntry, 'name' | 'routes'>[]): void {
  routes = buildRouteTable(remotes);
}

export function siteRoutes(): readonly RouteDefinition[] {
  return routes;
}

/** The route table's row for `pathname`, if any. */
export function routeAt(pathname: string): RouteDefinition | undefined {
  return routes.find((route) => route.paths.some((path) => matchPath(path, pathname)));
}

/** The guard: the only paths open without a session when the logged-in-only flag is on, the public routes'. */
export function isPublicPath(pathname: string): boolean {
  return routeAt(pathname)?.public === true;
}
