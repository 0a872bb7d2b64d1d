import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { RemoteRoute } from '@platform/contract';
import { routesFileProblem } from '../../server/src/modules/remotes/release-routes';
import { BACK_OFFICE_FOLDER, BACK_OFFICE_PATH } from '../../server/src/plugins/back-office-path';
import { GAME_CLIENTS } from '../../server/src/plugins/game-clients';
import { buildRouteTable } from '../../shell/src/app/route-table';
import { REMOTE_NAMES } from '../../shell/src/remotes/remote-names';

// The one app list (apps.json) against the places that cannot read it and so name the apps
// themselves: npm workspaces (a literal list), the root tsconfig's references, the shell's remote
// names, route table and overlays, the remotes' routes (src/routes.json) and the server's seeded
// remote registry.

interface App {
  name: string;
  folder: string;
  kind: 'library' | 'shell' | 'remote' | 'game' | 'backoffice' | 'server' | 'tests';
  federationName?: string;
  /** A game client's URL prefix (e.g. /jl). */
  mountPath?: string;
  devPort?: number;
  exposes?: Record<string, string>;
}

const repoRoot = path.resolve(__dirname, '..', '..');
const readJson = (relative: string) => JSON.parse(readFileSync(path.join(repoRoot, relative), 'utf8'));
const apps: App[] = readJson('apps.json').apps;
const remotes = apps.filter((app) => app.kind === 'remote');
const games = apps.filter((app) => app.kind === 'game');

/** A tsconfig file as TypeScript reads it (comments allowed). */
function readTsconfig(relative: string) {
  const { config, error } = ts.readConfigFile(path.join(repoRoot, relative), ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return config;
}

/** Every `<RemoteSlot remote="…" module="…">` written with literal names in the shell's sources. */
function literalRemoteSlots(): { file: string; remote: string; module: string }[] {
  const found: { file: string; remote: string; module: string }[] = [];
  const visit = (file: string, node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && node.tagName.getText() === 'RemoteSlot') {
      const literal = (name: string) => {
        const attribute = node.attributes.properties.find((property) => ts.isJsxAttribute(property) && property.name.getText() === name);
        return attribute && ts.isJsxAttribute(attribute) && attribute.initializer && ts.isStringLiteral(attribute.initializer) ? attribute.initializer.text : undefined;
      };
      const remote = literal('remote');
      const module = literal('module');
      if (remote && module) found.push({ file, remote, module });
    }
    ts.forEachChild(node, (child) => visit(file, child));
  };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx$/.test(entry.name) && !entry.name.includes('.test.')) {
        const source = ts.createSourceFile(full, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
        visit(path.relative(repoRoot, full), source);
      }
    }
  };
  walk(path.join(repoRoot, 'shell', 'src'));
  return found;
}

describe('apps.json, the one app list', () => {
  test('names each app once, with a folder holding a package.json and a Jest configuration', () => {
    expect(new Set(apps.map((app) => app.name)).size).toBe(apps.length);
    for (const app of apps) {
      expect(existsSync(path.join(repoRoot, app.folder, 'package.json'))).toBe(true);
      expect(existsSync(path.join(repoRoot, app.folder, 'jest.config.js'))).toBe(true);
    }
    expect(apps.filter((app) => app.kind === 'shell')).toHaveLength(1);
    for (const app of apps.filter((candidate) => candidate.kind === 'shell' || candidate.kind === 'remote')) {
      expect(app.federationName).toMatch(/^[a-z][a-z_]*$/);
      expect(app.devPort).toEqual(expect.any(Number));
    }
    const ports = apps.flatMap((app) => (app.devPort ? [app.devPort] : []));
    expect(new Set(ports).size).toBe(ports.length);
  });

  test("npm workspaces (a literal list in package.json) are the list's folders", () => {
    expect(readJson('package.json').workspaces).toEqual(apps.map((app) => app.folder));
  });

  test("the root tsconfig references every workspace's project, so `npm run typecheck` checks them all", () => {
    const references: { path: string }[] = readTsconfig('tsconfig.json').references;
    expect(references.map((reference) => path.normalize(reference.path))).toEqual(expect.arrayContaining(apps.map((app) => app.folder)));
    for (const app of apps) expect(existsSync(path.join(repoRoot, app.folder, 'tsconfig.json'))).toBe(true);
  });

  test('each game client (a provider\'s own pages, not a remote) has a mount path the server serves from dist/games', () => {
    expect(games.map((game) => game.name)).toContain('games-jl');
    for (const game of games) {
      expect(game.mountPath).toMatch(/^\/[a-z][a-z0-9-]*$/);
      expect(game.federationName).toBeUndefined();
      expect(game.devPort).toEqual(expect.any(Number));
      expect(existsSync(path.join(repoRoot, game.folder, 'webpack.config.js'))).toBe(true);
      expect(existsSync(path.join(repoRoot, game.folder, 'public', 'index.html'))).toBe(true);
    }
    // server/src/plugins/game-clients.ts: the server's list of what it serves, from dist/games/<mount path>.
    expect(GAME_CLIENTS.map((client) => ({ mountPath: client.mountPath, folder: client.folder }))).toEqual(
      games.map((game) => ({ mountPath: game.mountPath, folder: `games/${game.mountPath!.slice(1)}` })),
    );
    // The shell's page never answers a game client's paths.
    const staticSite = readFileSync(path.join(repoRoot, 'server', 'src', 'plugins', 'static-site.ts'), 'utf8');
    const prefixes = /const SERVER_PREFIXES = \[([^\]]*)\]/.exec(staticSite)?.[1] ?? '';
    for (const game of games) expect(prefixes).toContain(`'${game.mountPath}'`);
  });

  test('the back office is one app, served by the server under its mount path, beside the operator API', () => {
    const backOffices = apps.filter((app) => app.kind === 'backoffice');
    expect(backOffices.map((app) => app.name)).toEqual(['backoffice']);
    const [backOffice] = backOffices;
    // server/src/plugins/back-office.ts serves dist/<folder> at the mount path, on the operator listener only.
    expect(backOffice.mountPath).toBe(BACK_OFFICE_PATH);
    expect(backOffice.folder).toBe(BACK_OFFICE_FOLDER);
    const operatorRoutes = readFileSync(path.join(repoRoot, 'server', 'src', 'modules', 'operator', 'operator.routes.ts'), 'utf8');
    expect(/export const OPERATOR_API_PREFIX = '([^']+)'/.exec(operatorRoutes)?.[1]).toMatch(new RegExp(`^${BACK_OFFICE_PATH}/`));
    expect(backOffice.federationName).toBeUndefined();
    expect(existsSync(path.join(repoRoot, backOffice.folder, 'webpack.config.js'))).toBe(true);
    expect(existsSync(path.join(repoRoot, backOffice.folder, 'public', 'index.html'))).toBe(true);
    // The player site's page never answers the back office's paths.
    const staticSite = readFileSync(path.join(repoRoot, 'server', 'src', 'plugins', 'static-site.ts'), 'utf8');
    expect(/const SERVER_PREFIXES = \[([^\]]*)\]/.exec(staticSite)?.[1]).toContain(`'${BACK_OFFICE_PATH}'`);
  });

  test("each remote's exposed modules exist", () => {
    for (const remote of remotes) {
      expect(Object.keys(remote.exposes ?? {}).length).toBeGreaterThan(0);
      for (const [name, file] of Object.entries(remote.exposes ?? {})) {
        expect(name).toMatch(/^\.\/[A-Z][A-Za-z]+$/);
        expect(existsSync(path.join(repoRoot, remote.folder, file))).toBe(true);
      }
    }
  });

  test("each remote checks exactly the modules it exposes against the shell–remote interface (src/exposes.ts, @platform/remote-types)", () => {
    const remoteTypes = readFileSync(path.join(repoRoot, 'remote-types', 'src', 'index.ts'), 'utf8');
    for (const remote of remotes) {
      const checked = readFileSync(path.join(repoRoot, remote.folder, 'src', 'exposes.ts'), 'utf8');
      expect(checked).toContain(`CheckedExposes<\n  '${remote.federationName}',`);
      expect([...checked.matchAll(/^ {4}'(\.\/[A-Za-z]+)': typeof /gm)].map((match) => match[1]).sort()).toEqual(Object.keys(remote.exposes ?? {}).sort());
      // The interface names the remote with the same modules (the type-check holds the two together).
      const entry = new RegExp(`\\b${remote.federationName}: \\{([^}]*)\\}`).exec(remoteTypes)?.[1] ?? '';
      expect([...entry.matchAll(/'(\.\/[A-Za-z]+)'/g)].map((match) => match[1]).sort()).toEqual(Object.keys(remote.exposes ?? {}).sort());
    }
  });

  test("the shell's remote names and the server's seeded remote registry are the list's remotes", () => {
    const federationNames = remotes.map((remote) => remote.federationName).sort();
    expect([...REMOTE_NAMES].sort()).toEqual(federationNames);
    const seed = readJson('server/seed/default-merchant.json') as { remotes: { name: string }[] };
    expect(seed.remotes.map((remote) => remote.name).sort()).toEqual(federationNames);
  });

  test("the shell's own route table and overlays name only modules their remote exposes", () => {
    const exposedBy = new Map(remotes.map((remote) => [remote.federationName, Object.keys(remote.exposes ?? {})]));
    const named = [
      ...buildRouteTable([]).map((route) => ({ where: `route ${route.id}`, remote: route.remote as string, module: route.module })),
      ...literalRemoteSlots().map((slot) => ({ where: slot.file, remote: slot.remote, module: slot.module })),
    ];
    // The overlays (login popup, member centre, agent centre) are found in the sources.
    expect(named.filter((use) => use.where.endsWith('overlays.tsx')).length).toBeGreaterThanOrEqual(3);
    const unexposed = named.filter((use) => !exposedBy.get(use.remote)?.includes(use.module));
    expect(unexposed).toEqual([]);
  });

  test("each remote's routes (src/routes.json) are valid routes of its own exposed route pages, in the shell's layouts, no path claimed twice", () => {
    const brought = remotes.flatMap((remote) => {
      const file = path.join(remote.folder, 'src', 'routes.json');
      return existsSync(path.join(repoRoot, file)) ? [{ remote, file, routes: readJson(file) as RemoteRoute[] }] : [];
    });
    // Every remote the shell knows to have pages lists them.
    const listing = brought.map(({ remote }) => remote.federationName);
    expect([...new Set(buildRouteTable([]).map((route) => route.remote as string))].filter((name) => !listing.includes(name))).toEqual([]);
    for (const { remote, file, routes } of brought) {
      // What the server checks before serving the file…
      expect({ file, problem: routesFileProblem(routes) }).toEqual({ file, problem: undefined });
      for (const route of routes) expect({ file, route: route.id, exposed: Object.keys(remote.exposes ?? {}).includes(route.module) }).toEqual({ file, route: route.id, exposed: true });
    }
    // …and what the shell does when it builds its table: a route page of the remote's own, a
    // layout of the shell's, a path nobody else has. Any route it leaves out, it warns of.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const table = buildRouteTable(brought.map(({ remote, routes }) => ({ name: remote.federationName as string, routes })));
      expect(warn.mock.calls).toEqual([]);
      expect(table.flatMap((route) => route.paths).length).toBe(brought.flatMap(({ routes }) => routes.flatMap((route) => route.paths)).length);
    } finally {
      warn.mockRestore();
    }
  });
});
