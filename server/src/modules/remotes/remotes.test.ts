import type { RemoteManifestEntry } from '@platform/contract';
import { buildApp } from '../../app';
import { createStaticFixture, type StaticFixture } from '../../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../../testing/test-app';

let context: TestContext;
let dist: StaticFixture;

beforeAll(async () => {
  const manifest = '{"name":"remote"}';
  dist = await createStaticFixture({
    'shell/index.html': '<!doctype html><title>shell</title>',
    'remotes/mfe_lobby/1.2.0/mf-manifest.json': manifest,
    'remotes/mfe_lobby/1.10.0/mf-manifest.json': manifest,
    'remotes/mfe_lobby/1.10.0-rc.1/mf-manifest.json': manifest,
    // A canary deployed beside the releases: served only once an operator pins it.
    'remotes/mfe_lobby/1.11.0-canary.1/mf-manifest.json': manifest,
    // Newest folder, but not deployed completely (no manifest): skipped.
    'remotes/mfe_lobby/2.0.0/remoteEntry.js': '',
    'remotes/mfe_lobby/latest/mf-manifest.json': manifest,
    'remotes/mfe_auth/0.1.0/mf-manifest.json': manifest,
    'remotes/mfe_lottery/README.md': 'no versions here',
  });
  context = await createTestApp({ staticRoot: dist.root });
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

async function remotes(app = context.app): Promise<RemoteManifestEntry[]> {
  const response = await app.inject({ method: 'GET', url: '/remotes.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return json<RemoteManifestEntry[]>(response);
}

describe('GET /remotes.json', () => {
  it('is a plain array pointing each remote at its newest deployed release', async () => {
    expect(await remotes()).toEqual([
      { name: 'mfe_auth', entry: '/remotes/mfe_auth/0.1.0/mf-manifest.json', version: '0.1.0' },
      { name: 'mfe_lobby', entry: '/remotes/mfe_lobby/1.10.0/mf-manifest.json', version: '1.10.0' },
    ]);
  });

  it('picks up a newly deployed version on the next request', async () => {
    await dist.write('remotes/mfe_auth/0.2.0/mf-manifest.json', '{}');
    expect((await remotes()).find((remote) => remote.name === 'mfe_auth')?.version).toBe('0.2.0');
  });

  it('follows an operator’s entry_url at once, and the deployed default when it is cleared', async () => {
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
    await context.pool.query(
      "UPDATE remote_registry SET entry_url = 'https://cdn.example/lobby/3.1.0/mf-manifest.json', version = '3.1.0' WHERE name = 'mfe_lobby'",
    );
    expect((await remotes()).find((remote) => remote.name === 'mfe_lobby')).toEqual({
      name: 'mfe_lobby',
      entry: 'https://cdn.example/lobby/3.1.0/mf-manifest.json',
      version: '3.1.0',
    });
    // A remote with no deployed build appears as soon as it has an entry_url.
    await context.pool.query("UPDATE remote_registry SET entry_url = 'https://cdn.example/agent/mf-manifest.json' WHERE name = 'mfe_agent_center'");
    expect((await remotes()).find((remote) => remote.name === 'mfe_agent_center')).toEqual({
      name: 'mfe_agent_center',
      entry: 'https://cdn.example/agent/mf-manifest.json',
      version: null,
    });
    await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
    expect((await remotes()).find((remote) => remote.name === 'mfe_lobby')?.version).toBe('1.10.0');
    await context.pool.query('DELETE FROM remote_origin');
  });

  it.each([
    ['another origin', 'https://evil.example/mf-manifest.json'],
    ['an allowed host on another port', 'https://cdn.example:8443/mf-manifest.json'],
    ['an allowed host over plain http', 'http://cdn.example/mf-manifest.json'],
    ['user info before another host', 'https://cdn.example@evil.example/mf-manifest.json'],
    ['a backslash before another host', 'https://cdn.example\\@evil.example/mf-manifest.json'],
    ['a protocol-relative URL', '//evil.example/mf-manifest.json'],
    ['a path browsers read as another host', '/\\evil.example/mf-manifest.json'],
    ['a relative path', 'remotes/mfe_lobby/1.0.0/mf-manifest.json'],
    ['another scheme', 'javascript:alert(1)'],
  ])('refuses an entry_url on %s: the registry only takes operator-allowed origins', async (_what, url) => {
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
    try {
      await expect(
        context.pool.query("UPDATE remote_registry SET entry_url = $1 WHERE merchant_id = $2 AND name = 'mfe_lobby'", [url, context.merchantId]),
      ).rejects.toMatchObject({ code: '23514', message: expect.stringContaining('not on an allowed origin') });
      const { rows } = await context.pool.query("SELECT entry_url FROM remote_registry WHERE name = 'mfe_lobby'");
      expect(rows[0].entry_url).toBeNull();
    } finally {
      await context.pool.query('DELETE FROM remote_origin');
    }
  });

  it('ignores an entry whose origin is no longer allowed, serving the deployed build', async () => {
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
    await context.pool.query("UPDATE remote_registry SET entry_url = 'https://cdn.example/lobby/9.0.0/mf-manifest.json', version = '9.0.0' WHERE name = 'mfe_lobby'");
    await context.pool.query("UPDATE remote_registry SET entry_url = 'https://cdn.example/agent/mf-manifest.json' WHERE name = 'mfe_agent_center'");
    try {
      expect((await remotes()).find((remote) => remote.name === 'mfe_lobby')?.version).toBe('9.0.0');
      // The operator withdraws the origin: its entries stop being served at once.
      await context.pool.query('DELETE FROM remote_origin');
      const served = await remotes();
      expect(served.find((remote) => remote.name === 'mfe_lobby')).toEqual({
        name: 'mfe_lobby',
        entry: '/remotes/mfe_lobby/1.10.0/mf-manifest.json',
        version: '1.10.0',
      });
      // Nothing deployed to stand in: the remote is left out rather than loaded from there.
      expect(served.find((remote) => remote.name === 'mfe_agent_center')).toBeUndefined();
      expect(JSON.stringify(served)).not.toContain('cdn.example');
    } finally {
      await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
    }
  });

  it('takes paths on the site itself and allowed origins whatever the case of the URL', async () => {
    await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
    try {
      await context.pool.query("UPDATE remote_registry SET entry_url = '/remotes/mfe_lobby/1.2.0/mf-manifest.json', version = '1.2.0' WHERE name = 'mfe_lobby'");
      await context.pool.query("UPDATE remote_registry SET entry_url = 'HTTPS://CDN.example/auth/mf-manifest.json' WHERE name = 'mfe_auth'");
      const served = await remotes();
      expect(served.find((remote) => remote.name === 'mfe_lobby')?.entry).toBe('/remotes/mfe_lobby/1.2.0/mf-manifest.json');
      expect(served.find((remote) => remote.name === 'mfe_auth')?.entry).toBe('HTTPS://CDN.example/auth/mf-manifest.json');
    } finally {
      await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL');
      await context.pool.query('DELETE FROM remote_origin');
    }
  });

  it('keeps remote_origin to bare origins, plain http for the local machine only', async () => {
    for (const origin of ['https://cdn.example/', 'https://cdn.example/path', 'http://cdn.example', 'HTTPS://CDN.EXAMPLE', "https://cdn.example 'unsafe-inline'", 'https://*.example', 'ftp://cdn.example']) {
      await expect(context.pool.query('INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, $2)', [context.merchantId, origin])).rejects.toMatchObject({
        code: '23514',
      });
    }
    await context.pool.query(
      "INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example:8443'), ($1, 'http://localhost:3102'), ($1, 'http://127.0.0.1:4000')",
      [context.merchantId],
    );
    await context.pool.query('DELETE FROM remote_origin');
  });

  it('leaves out a disabled remote', async () => {
    await context.pool.query("UPDATE remote_registry SET enabled = false WHERE name = 'mfe_auth'");
    expect((await remotes()).map((remote) => remote.name)).toEqual(['mfe_lobby']);
    await context.pool.query("UPDATE remote_registry SET enabled = true WHERE name = 'mfe_auth'");
  });

  it('lets REMOTE_OVERRIDES win for development', async () => {
    const app = await buildApp({
      pool: context.pool,
      logger: false,
      staticRoot: dist.root,
      remoteOverrides: { mfe_lobby: 'http://localhost:3102/mf-manifest.json' },
    });
    try {
      await context.pool.query("INSERT INTO remote_origin (merchant_id, origin) VALUES ($1, 'https://cdn.example')", [context.merchantId]);
      await context.pool.query("UPDATE remote_registry SET entry_url = 'https://cdn.example/x.json' WHERE name = 'mfe_lobby'");
      expect((await remotes(app)).find((remote) => remote.name === 'mfe_lobby')).toEqual({
        name: 'mfe_lobby',
        entry: 'http://localhost:3102/mf-manifest.json',
        version: null,
      });
    } finally {
      await context.pool.query('UPDATE remote_registry SET entry_url = NULL');
      await context.pool.query('DELETE FROM remote_origin');
      await app.close();
    }
  });

  it('lists only remotes with an entry_url when there is no built front end', async () => {
    const app = await buildApp({ pool: context.pool, logger: false, remoteOverrides: {} });
    try {
      expect(await remotes(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
