import fs from 'node:fs/promises';
import path from 'node:path';
import type { RemoteRoute } from '@platform/contract';

// The routes a remote release brings: routes.json, written by its build beside mf-manifest.json
// (tools/webpack/create-config.cjs copies the remote's src/routes.json). /remotes.json hands them
// to the shell with the release it serves, so a squad adds a page without a new shell. A release
// built before routes.json existed has none; the shell then keeps its own table for that remote.
//
// The file is checked against the contract's remoteRouteSchema here, by hand, but for a property
// the schema does not know (a newer remote's), which is read past and not served (the answer's
// serializer keeps the schema's properties only). The shell checks what only it knows: the module
// is one of the remote's route pages, the layout one of its presets, no path is claimed twice.

export const ROUTES_FILE = 'routes.json';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optional = (value: unknown, check: (present: unknown) => boolean) => value === undefined || check(value);

/** Why one entry of routes.json is not a route (undefined: it is). */
function routeProblem(route: unknown): string | undefined {
  if (!isRecord(route)) return 'not an object';
  if (!isText(route.id)) return 'no id';
  if (!Array.isArray(route.paths) || route.paths.length === 0 || !route.paths.every((entry) => typeof entry === 'string' && entry.startsWith('/'))) {
    return 'paths must be a non-empty list of paths starting with /';
  }
  if (typeof route.module !== 'string' || !route.module.startsWith('./')) return 'module must be an exposed module (./Name)';
  if (!isText(route.layout)) return 'no layout';
  if (!optional(route.banner, isText)) return 'banner must be a group name';
  if (!optional(route.public, (flag) => typeof flag === 'boolean')) return 'public must be true or false';
  if (!optional(route.barsByQueryFlag, (flag) => typeof flag === 'boolean')) return 'barsByQueryFlag must be true or false';
  return undefined;
}

/** Why a parsed routes.json is not a list of routes (undefined: it is). */
export function routesFileProblem(content: unknown): string | undefined {
  if (!Array.isArray(content)) return 'not a list of routes';
  for (const [index, route] of content.entries()) {
    const problem = routeProblem(route);
    if (problem) return `route ${index}${isRecord(route) && typeof route.id === 'string' ? ` (${route.id})` : ''}: ${problem}`;
  }
  return undefined;
}

/** Told once per version of a release's routes.json that cannot be read as routes: it is ignored. */
export type InvalidRoutesListener = (release: { name: string; version: string; problem: string }) => void;

interface Read {
  mtimeMs: number;
  size: number;
  routes: RemoteRoute[] | undefined;
}

// Per release folder. A release is never built over, but the whole-site build writes its current
// version's folder again, so the file's modification time and size tell a cached read from a stale one.
const reads = new Map<string, Read>();

/**
 * The routes of a release deployed under <staticRoot>/remotes/<name>/<version>/ (undefined: it
 * has no routes.json, or one that is not valid, which `onInvalid` hears of once).
 */
export async function releaseRoutes(staticRoot: string, name: string, version: string, onInvalid: InvalidRoutesListener): Promise<RemoteRoute[] | undefined> {
  const file = path.join(staticRoot, 'remotes', name, version, ROUTES_FILE);
  let stat: { mtimeMs: number; size: number; isFile(): boolean };
  try {
    stat = await fs.stat(file);
  } catch {
    return undefined; // built before routes.json existed
  }
  if (!stat.isFile()) return undefined;
  const cached = reads.get(file);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.routes;
  let routes: RemoteRoute[] | undefined;
  try {
    const content: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    const problem = routesFileProblem(content);
    if (problem) onInvalid({ name, version, problem });
    else routes = content as RemoteRoute[];
  } catch (error) {
    onInvalid({ name, version, problem: error instanceof Error ? error.message : String(error) });
  }
  reads.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, routes });
  return routes;
}
