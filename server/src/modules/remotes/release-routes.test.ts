import type { RemoteManifestEntry, RemoteRoute } from '@platform/contract';
import { createStaticFixture, type StaticFixture } from '../../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { routesFileProblem } from './release-routes';
import { listRemotes } from './remotes.service';

// A remote brings its routes: its build writes routes.json beside mf-manifest.json, and
// /remotes.json hands the shell the routes of the release it serves. A release built before (no
// routes.json), one whose file is not valid, and an entry that is not a release of the site (a
// development server, an operator's own URL) carry none: the shell keeps its own for them.

let context: TestContext;
let dist: StaticFixture;

const manifest = '{"name":"remote"}';
const lobbyRoutes: RemoteRoute[] = [
  { id: 'home', paths: ['/', '/home'], module: './HomePage', layout: 'full', banner: 'w_home' },
  { id: 'games-crash', paths: ['/crash'], module: './GameCategoryPage', layout: 'full', banner: 'w_games' },
  { id: 'helpmc', paths: ['/helpmc'], module: './HelpPage', layout: 'bare', public: true },
  { id: 'seamless', paths: ['/seamless'], module: './SeamlessPage', layout: 'bare', barsByQueryFlag: true },
];
const lotteryRoutes: RemoteRoute[] = [{ id: 'lottery', paths: ['/lottery'], module: './LotteryPage', layout: 'full' }];

beforeAll(async () => {
  dist = await createStaticFixture({
    'shell/index.html': '<!doctype html><title>shell</title>',
    // Built before routes.json existed.
    'remotes/mfe_lobby/1.0.0/mf-manifest.json': manifest,
    'remotes/mfe_lobby/1.1.0/mf-manifest.json': manifest,
    // A property the contract does not know (a newer build's) is read past, and not served.
    'remotes/mfe_lobby/1.1.0/routes.json': JSON.stringify(lobbyRoutes.map((route) => (route.id === 'home' ? { ...route, since: '1.1.0' } : route))),
    'remotes/mfe_auth/0.1.0/mf-manifest.json': manifest,
    'remotes/mfe_auth/0.2.0/mf-manifest.json': manifest,
    'remotes/mfe_lottery/2.0.0/mf-manifest.json': manifest,
    'remotes/mfe_lottery/2.0.0/routes.json': JSON.stringify(lotteryRoutes),
  });
  context = await createTestApp({ staticRoot: dist.root, remoteOverrides: {} });
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

async function served(name: string): Promise<RemoteManifestEntry | undefined> {
  const response = await context.app.inject({ method: 'GET', url: '/remotes.json' });
  expect(response.statusCode).toBe(200);
  return json<RemoteManifestEntry[]>(response).find((remote) => remote.name === name);
}

it('carries the routes of the release it serves, beside the fields it always had', async () => {
  expect(await served('mfe_lobby')).toEqual({ name: 'mfe_lobby', entry: '/remotes/mfe_lobby/1.1.0/mf-manifest.json', version: '1.1.0', routes: lobbyRoutes });
  expect(await served('mfe_lottery')).toEqual({ name: 'mfe_lottery', entry: '/remotes/mfe_lottery/2.0.0/mf-manifest.json', version: '2.0.0', routes: lotteryRoutes });
});

it('carries none for a release built without routes.json, pinned by an operator', async () => {
  await context.pool.query("UPDATE remote_registry SET entry_url = '/remotes/mfe_lobby/1.0.0/mf-manifest.json', version = '1.0.0' WHERE name = 'mfe_lobby'");
  try {
    expect(await served('mfe_lobby')).toEqual({ name: 'mfe_lobby', entry: '/remotes/mfe_lobby/1.0.0/mf-manifest.json', version: '1.0.0' });
  } finally {
    await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
  }
});

it('carries none for an entry on another origin, even with a release of the site beside it', async () => {
  await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
  await context.pool.query("UPDATE remote_registry SET entry_url = 'https://cdn.example/lottery/2.0.0/mf-manifest.json', version = '2.0.0' WHERE name = 'mfe_lottery'");
  try {
    expect(await served('mfe_lottery')).toEqual({ name: 'mfe_lottery', entry: 'https://cdn.example/lottery/2.0.0/mf-manifest.json', version: '2.0.0' });
  } finally {
    await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
    await context.pool.query('DELETE FROM remote_origin');
  }
});

it('carries none for a remote on its development server', async () => {
  const entries = await listRemotes(context.pool, { id: context.merchantId }, { staticRoot: dist.root, overrides: { mfe_lottery: 'http://localhost:3103/mf-manifest.json' } });
  expect(entries.find((remote) => remote.name === 'mfe_lottery')).toEqual({ name: 'mfe_lottery', entry: 'http://localhost:3103/mf-manifest.json', version: null });
});

it('ignores a routes.json that is not valid, telling of it once, and still serves the release', async () => {
  const invalid: { name: string; version: string; problem: string }[] = [];
  const list = () => listRemotes(context.pool, { id: context.merchantId }, { staticRoot: dist.root, overrides: {} }, { onInvalidRoutes: (release) => invalid.push(release) });
  await dist.write('remotes/mfe_auth/0.1.0/routes.json', JSON.stringify([{ id: 'login', paths: '/login', module: './LoginPage', layout: 'header-only' }]));
  await dist.write('remotes/mfe_auth/0.2.0/routes.json', '[{"id": "login",');
  // Not JSON (0.2.0, the newest).
  expect((await list()).find((remote) => remote.name === 'mfe_auth')).toEqual({ name: 'mfe_auth', entry: '/remotes/mfe_auth/0.2.0/mf-manifest.json', version: '0.2.0' });
  expect(await served('mfe_auth')).toEqual({ name: 'mfe_auth', entry: '/remotes/mfe_auth/0.2.0/mf-manifest.json', version: '0.2.0' });
  // JSON, but not routes (0.1.0, pinned).
  await context.pool.query("UPDATE remote_registry SET entry_url = '/remotes/mfe_auth/0.1.0/mf-manifest.json', version = '0.1.0' WHERE name = 'mfe_auth'");
  try {
    expect((await list()).find((remote) => remote.name === 'mfe_auth')).toEqual({ name: 'mfe_auth', entry: '/remotes/mfe_auth/0.1.0/mf-manifest.json', version: '0.1.0' });
    await list();
    expect(invalid).toEqual([
      { name: 'mfe_auth', version: '0.2.0', problem: expect.stringContaining('JSON') },
      { name: 'mfe_auth', version: '0.1.0', problem: 'route 0 (login): paths must be a non-empty list of paths starting with /' },
    ]);
    // The other remotes' routes are served as ever.
    expect((await served('mfe_lobby'))?.routes).toEqual(lobbyRoutes);
  } finally {
    await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
  }
});

it('reads a release folder written again (the whole-site build at the same version) on the next request', async () => {
  const changed = [...lotteryRoutes, { id: 'vnlottery', paths: ['/vnlottery'], module: './VnLotteryPage', layout: 'bare' }];
  expect((await served('mfe_lottery'))?.routes).toEqual(lotteryRoutes);
  await dist.write('remotes/mfe_lottery/2.0.0/routes.json', JSON.stringify(changed));
  expect((await served('mfe_lottery'))?.routes).toEqual(changed);
});

it.each([
  ['a route without paths', [{ id: 'x', paths: [], module: './HomePage', layout: 'full' }], 'route 0 (x): paths must be a non-empty list of paths starting with /'],
  ['a relative path', [{ id: 'x', paths: ['home'], module: './HomePage', layout: 'full' }], 'route 0 (x): paths must be a non-empty list of paths starting with /'],
  ['a module that is not an exposed path', [{ id: 'x', paths: ['/x'], module: 'HomePage', layout: 'full' }], 'route 0 (x): module must be an exposed module (./Name)'],
  ['no layout', [{ id: 'x', paths: ['/x'], module: './HomePage' }], 'route 0 (x): no layout'],
  ['a public flag that is not a boolean', [{ id: 'x', paths: ['/x'], module: './HomePage', layout: 'full', public: 'yes' }], 'route 0 (x): public must be true or false'],
  ['an empty banner group', [{ id: 'x', paths: ['/x'], module: './HomePage', layout: 'full', banner: '' }], 'route 0 (x): banner must be a group name'],
  ['a route without an id', [{ paths: ['/x'], module: './HomePage', layout: 'full' }], 'route 0: no id'],
  ['an object instead of a list', { routes: [] }, 'not a list of routes'],
])('finds %s not valid', (_what, content, problem) => {
  expect(routesFileProblem(content)).toBe(problem);
});
