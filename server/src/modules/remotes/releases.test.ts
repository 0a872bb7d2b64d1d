import type { Envelope, RemoteManifestEntry } from '@platform/contract';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createStaticFixture, type StaticFixture } from '../../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import type { RemoteReleases } from './remotes.operator-routes';

// Releases of a remote checked against the deployed shell before anyone loads them: the page runs
// the shell's copy of each singleton (React, @platform/shared), so a release requiring a range that
// copy is not in is never served (/remotes.json takes the newest one the shell can run) and an
// operator's roll-out of it is refused with the reason; a roll-back serves the release before.

let context: TestContext;
let dist: StaticFixture;
let admin: string;
let cashier: string;

/** A build's manifest requiring `shared` of @platform/shared (and React 19, like every build). */
const manifest = (shared: string) =>
  JSON.stringify({
    name: 'mfe_lobby',
    shared: [
      { name: '@platform/shared', version: shared.replace(/^\^/, ''), requiredVersion: shared, singleton: true },
      { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
      // Not a singleton: each build may bring its own copy, whatever the shell has.
      { name: 'react/jsx-runtime', version: '20.0.0', requiredVersion: '^20.0.0', singleton: null },
    ],
  });

beforeAll(async () => {
  dist = await createStaticFixture({
    'shell/index.html': '<!doctype html><title>shell</title>',
    'shell/mf-manifest.json': JSON.stringify({
      name: 'shell',
      shared: [
        { name: '@platform/shared', version: '5.6.0', requiredVersion: '^5.6.0', singleton: true },
        { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
        { name: 'react/jsx-runtime', version: '19.3.1', requiredVersion: '^19.3.1', singleton: null },
      ],
    }),
    'remotes/mfe_lobby/1.0.0/mf-manifest.json': manifest('^5.4.0'),
    'remotes/mfe_lobby/1.0.1/mf-manifest.json': manifest('^5.6.0'),
    // Built against a newer runtime than the shell's: a minor the shell does not have, a major.
    'remotes/mfe_lobby/1.1.0/mf-manifest.json': manifest('^5.7.0'),
    'remotes/mfe_lobby/2.0.0/mf-manifest.json': manifest('^6.0.0'),
    'remotes/mfe_auth/0.1.0/mf-manifest.json': manifest('^5.0.0'),
    // A canary of the next version: served only once pinned; it rolls back to the release before.
    'remotes/mfe_auth/0.2.0-rc.1/mf-manifest.json': manifest('^5.6.0'),
  });
  context = await createTestApp({ staticRoot: dist.root });
  await context.app.ready();
  admin = (await operatorLogin(context, { username: 'release-admin', role: 'admin' })).token;
  cashier = (await operatorLogin(context, { username: 'release-cashier', role: 'cashier' })).token;
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

async function served(name = 'mfe_lobby'): Promise<string | null | undefined> {
  const response = await context.app.inject({ method: 'GET', url: '/remotes.json' });
  return json<RemoteManifestEntry[]>(response).find((remote) => remote.name === name)?.version;
}

async function ops<T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) {
  const response = await context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
}

it('serves the newest release the deployed shell can run, not a newer one built for another runtime', async () => {
  expect(await served()).toBe('1.0.1');
  const list = await ops<RemoteReleases[]>('GET', '/remotes/releases');
  expect(list.status).toBe(200);
  expect(list.body.value.find((remote) => remote.name === 'mfe_lobby')).toEqual({
    name: 'mfe_lobby',
    pinned: null,
    serving: '1.0.1',
    canary: null,
    releases: [
      { version: '2.0.0', compatible: false, problems: '@platform/shared ^6.0.0 (the shell has 5.6.0)' },
      { version: '1.1.0', compatible: false, problems: '@platform/shared ^5.7.0 (the shell has 5.6.0)' },
      { version: '1.0.1', compatible: true, problems: '' },
      { version: '1.0.0', compatible: true, problems: '' },
    ],
  });
});

it('refuses to roll out a release the shell cannot run, saying why, and keeps serving the one before', async () => {
  const refused = await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '2.0.0' });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ errorCode: 'remote.release.incompatible' });
  expect(refused.body.message).toContain('@platform/shared ^6.0.0 (the shell has 5.6.0)');
  expect(await served()).toBe('1.0.1');
  expect((await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '3.0.0' })).body.errorCode).toBe('remote.release.unknown');
  expect((await ops('POST', '/remotes/rollout', { name: 'mfe_nothing', version: '1.0.0' })).body.errorCode).toBe('remote.unknown');
  expect((await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '../1.0.0' })).status).toBe(400);
});

it('rolls a release out and back, each on the next page load, each in the audit trail; only admins may', async () => {
  expect((await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.0' }, cashier)).status).toBe(403);

  const out = await ops<RemoteReleases>('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.0' });
  expect(out.body.value).toMatchObject({ pinned: '1.0.0', serving: '1.0.0' });
  expect(await served()).toBe('1.0.0');
  // Nothing older the shell can run: no roll-back.
  const none = await ops('POST', '/remotes/rollback', { name: 'mfe_lobby' });
  expect([none.status, none.body.errorCode]).toEqual([409, 'remote.rollback.none']);

  await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.1' });
  const back = await ops<RemoteReleases>('POST', '/remotes/rollback', { name: 'mfe_lobby' });
  expect(back.body.value).toMatchObject({ pinned: '1.0.0', serving: '1.0.0' });
  expect(await served()).toBe('1.0.0');
  // The other remote is untouched.
  expect(await served('mfe_auth')).toBe('0.1.0');
  // A canary rolled out, then back: the release before it.
  expect((await ops<RemoteReleases>('POST', '/remotes/rollout', { name: 'mfe_auth', version: '0.2.0-rc.1' })).body.value.serving).toBe('0.2.0-rc.1');
  expect(await served('mfe_auth')).toBe('0.2.0-rc.1');
  expect((await ops<RemoteReleases>('POST', '/remotes/rollback', { name: 'mfe_auth' })).body.value).toMatchObject({ pinned: '0.1.0', serving: '0.1.0' });

  const audit = await context.pool.query<{ action: string; outcome: string; errorCode: string | null }>(
    "SELECT action, outcome, error_code AS \"errorCode\" FROM operator_action WHERE action LIKE 'remote.%' AND outcome <> 'started' ORDER BY id",
  );
  expect(audit.rows.map((row) => [row.action, row.outcome, row.errorCode])).toEqual([
    ['remote.rollout', 'refused', 'remote.release.incompatible'],
    ['remote.rollout', 'refused', 'remote.release.unknown'],
    ['remote.rollout', 'refused', 'remote.unknown'],
    ['remote.rollout', 'ok', null],
    ['remote.rollback', 'refused', 'remote.rollback.none'],
    ['remote.rollout', 'ok', null],
    ['remote.rollback', 'ok', null],
    ['remote.rollout', 'ok', null],
    ['remote.rollback', 'ok', null],
  ]);
  // Each change says what the devices were served before and after it; a refused one what was asked.
  const details = await context.pool.query<{ action: string; outcome: string; detail: unknown }>(
    "SELECT action, outcome, detail FROM operator_action WHERE action LIKE 'remote.%' AND outcome <> 'started' ORDER BY id",
  );
  const unchanged = { serving: '1.0.1', canary: null };
  expect(details.rows.map((row) => row.detail)).toEqual([
    { version: '2.0.0', before: unchanged, after: { serving: '2.0.0', canary: null } },
    { version: '3.0.0', before: unchanged, after: { serving: '3.0.0', canary: null } },
    { version: '1.0.0', before: null, after: null },
    { version: '1.0.0', before: unchanged, after: { serving: '1.0.0', canary: null } },
    { before: { serving: '1.0.0', canary: null }, after: { serving: '1.0.0', canary: null } },
    { version: '1.0.1', before: { serving: '1.0.0', canary: null }, after: { serving: '1.0.1', canary: null } },
    { before: { serving: '1.0.1', canary: null }, after: { serving: '1.0.0', canary: null } },
    { version: '0.2.0-rc.1', before: { serving: '0.1.0', canary: null }, after: { serving: '0.2.0-rc.1', canary: null } },
    { before: { serving: '0.2.0-rc.1', canary: null }, after: { serving: '0.1.0', canary: null } },
  ]);
});

it('stops serving a pin the shell can no longer run (the shell changed since) and serves the newest it can', async () => {
  await context.pool.query("UPDATE remote_registry SET entry_url = '/remotes/mfe_lobby/1.1.0/mf-manifest.json', version = '1.1.0' WHERE name = 'mfe_lobby'");
  expect(await served()).toBe('1.0.1');
  await context.pool.query('UPDATE remote_registry SET entry_url = NULL, version = NULL WHERE name = $1', ['mfe_lobby']);
});

it('lists, rolls out and rolls back from the command line', async () => {
  const lines: string[] = [];
  const io = opsIoViaInject(context.app, admin, lines);
  expect(await runOps(['remote-releases'], io)).toBe(0);
  expect(lines.join('\n')).toContain('mfe_lobby: serving 1.0.1 (the newest the shell can run)\n  2.0.0  cannot run under the deployed shell: needs @platform/shared ^6.0.0 (the shell has 5.6.0)');
  lines.length = 0;
  expect(await runOps(['remote-rollout', 'mfe_lobby', '1.1.0'], io)).toBe(1);
  expect(lines.join('\n')).toContain('@platform/shared ^5.7.0 (the shell has 5.6.0)');
  lines.length = 0;
  expect(await runOps(['remote-rollout', 'mfe_lobby', '1.0.0'], io)).toBe(0);
  expect(lines[0]).toMatch(/^Rolled out mfe_lobby 1\.0\.0\./);
  expect(await served()).toBe('1.0.0');
  expect(await runOps(['remote-rollout', 'mfe_lobby'], io)).toBe(2);
});

describe('a canary: a release served to a share of the devices', () => {
  const devices = Array.from({ length: 500 }, (_, index) => `canary-device-${String(index).padStart(6, '0')}`);

  async function servedTo(deviceId: string, name = 'mfe_lobby'): Promise<string | null | undefined> {
    const response = await context.app.inject({ method: 'GET', url: '/remotes.json', headers: { 'device-id': deviceId } });
    expect(response.headers.vary).toContain('Device-Id');
    return json<RemoteManifestEntry[]>(response).find((remote) => remote.name === name)?.version;
  }
  /** The devices served `version` of mfe_lobby. */
  async function devicesOn(version: string): Promise<Set<string>> {
    const on = new Set<string>();
    for (const device of devices) if ((await servedTo(device)) === version) on.add(device);
    return on;
  }

  beforeAll(async () => {
    await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.0' });
  });

  it('splits the devices near the share, each device keeping its side on every load; a larger share only adds devices', async () => {
    const set = await ops<RemoteReleases>('POST', '/remotes/canary', { name: 'mfe_lobby', version: '1.0.1', percent: 50 });
    expect(set.status).toBe(200);
    expect(set.body.value).toMatchObject({ pinned: '1.0.0', serving: '1.0.0', canary: { version: '1.0.1', percent: 50 } });

    const half = await devicesOn('1.0.1');
    // 500 devices at 50 %: 250 expected, a standard deviation of about 11.
    expect(half.size).toBeGreaterThan(200);
    expect(half.size).toBeLessThan(300);
    // Every other device gets the stable release, and asking again changes nobody's side.
    expect(await devicesOn('1.0.0')).toEqual(new Set(devices.filter((device) => !half.has(device))));
    expect(await devicesOn('1.0.1')).toEqual(half);
    // Without a Device-Id (or with one that is not shaped like one): the stable release.
    expect(await served()).toBe('1.0.0');
    expect(await servedTo('short')).toBe('1.0.0');
    // The split is per remote: the other remote is not touched.
    expect(await servedTo([...half][0], 'mfe_auth')).toBe('0.1.0');

    await ops('POST', '/remotes/canary', { name: 'mfe_lobby', version: '1.0.1', percent: 80 });
    const more = await devicesOn('1.0.1');
    expect(more.size).toBeGreaterThan(half.size);
    for (const device of half) expect(more.has(device)).toBe(true);
  });

  it('is refused for a release not deployed, one the shell cannot run, or the one everyone has; only admins may set one', async () => {
    const refusals = [
      [{ name: 'mfe_lobby', version: '9.9.9', percent: 10 }, 404, 'remote.release.unknown'],
      [{ name: 'mfe_lobby', version: '2.0.0', percent: 10 }, 409, 'remote.release.incompatible'],
      [{ name: 'mfe_lobby', version: '1.0.0', percent: 10 }, 409, 'remote.canary.serving'],
      [{ name: 'mfe_nothing', version: '1.0.0', percent: 10 }, 404, 'remote.unknown'],
    ] as const;
    for (const [body, status, errorCode] of refusals) {
      const refused = await ops('POST', '/remotes/canary', body);
      expect([refused.status, refused.body.errorCode]).toEqual([status, errorCode]);
    }
    for (const percent of [0, 101, 12.5, 'half']) expect((await ops('POST', '/remotes/canary', { name: 'mfe_lobby', version: '1.0.1', percent })).status).toBe(400);
    expect((await ops('POST', '/remotes/canary', { name: 'mfe_lobby', version: '1.0.1', percent: 10 }, cashier)).status).toBe(403);
    // Nothing refused changed the canary running.
    expect((await ops<RemoteReleases[]>('GET', '/remotes/releases')).body.value.find((remote) => remote.name === 'mfe_lobby')?.canary).toEqual({ version: '1.0.1', percent: 80 });
  });

  it('serves the stable release to canary devices once the canary release is removed from the site', async () => {
    const onCanary = [...(await devicesOn('1.0.1'))][0];
    await context.pool.query("UPDATE remote_registry SET canary_version = '1.0.9' WHERE merchant_id = $1 AND name = 'mfe_lobby'", [context.merchantId]);
    expect(await servedTo(onCanary)).toBe('1.0.0');
    await context.pool.query("UPDATE remote_registry SET canary_version = '1.0.1' WHERE merchant_id = $1 AND name = 'mfe_lobby'", [context.merchantId]);
    expect(await servedTo(onCanary)).toBe('1.0.1');
  });

  it('ends on a roll-back (every device back on the stable release), and is promoted by rolling its release out', async () => {
    const onCanary = [...(await devicesOn('1.0.1'))][0];
    const back = await ops<RemoteReleases & { endedCanary: string | null }>('POST', '/remotes/rollback', { name: 'mfe_lobby' });
    expect(back.body.value).toMatchObject({ serving: '1.0.0', canary: null, endedCanary: '1.0.1' });
    expect(await servedTo(onCanary)).toBe('1.0.0');
    expect((await devicesOn('1.0.0')).size).toBe(devices.length);

    await ops('POST', '/remotes/canary', { name: 'mfe_lobby', version: '1.0.1', percent: 5 });
    const promoted = await ops<RemoteReleases>('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.1' });
    expect(promoted.body.value).toMatchObject({ pinned: '1.0.1', serving: '1.0.1', canary: null });
    expect((await devicesOn('1.0.1')).size).toBe(devices.length);

    const audit = await context.pool.query<{ detail: unknown; outcome: string }>(
      "SELECT detail, outcome FROM operator_action WHERE action = 'remote.canary' AND outcome = 'ok' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.detail)).toEqual([
      { version: '1.0.1', percent: 50, before: { serving: '1.0.0', canary: null }, after: { serving: '1.0.0', canary: { version: '1.0.1', percent: 50 } } },
      { version: '1.0.1', percent: 80, before: { serving: '1.0.0', canary: { version: '1.0.1', percent: 50 } }, after: { serving: '1.0.0', canary: { version: '1.0.1', percent: 80 } } },
      { version: '1.0.1', percent: 5, before: { serving: '1.0.0', canary: null }, after: { serving: '1.0.0', canary: { version: '1.0.1', percent: 5 } } },
    ]);
    // Ending a canary: the same release for everyone, the canary gone.
    const ended = await context.pool.query<{ detail: unknown }>("SELECT detail FROM operator_action WHERE action = 'remote.rollback' AND outcome = 'ok' ORDER BY id DESC LIMIT 1");
    expect(ended.rows[0].detail).toEqual({ before: { serving: '1.0.0', canary: { version: '1.0.1', percent: 80 } }, after: { serving: '1.0.0', canary: null } });
  });

  it('sets and ends a canary from the command line', async () => {
    await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.0' });
    const lines: string[] = [];
    const io = opsIoViaInject(context.app, admin, lines);
    expect(await runOps(['remote-canary', 'mfe_lobby', '1.0.1', '25'], io)).toBe(0);
    expect(lines.join('\n')).toContain('Canary mfe_lobby 1.0.1 to 25% of devices; the others keep 1.0.0.');
    expect(lines.join('\n')).toContain('  1.0.1  ← canary (25%)');
    lines.length = 0;
    expect(await runOps(['remote-canary', 'mfe_lobby', '1.0.1', '0'], io)).toBe(2);
    expect(await runOps(['remote-rollback', 'mfe_lobby'], io)).toBe(0);
    expect(lines.join('\n')).toContain('Ended the canary of mfe_lobby 1.0.1: every device gets 1.0.0.');
  });
});

describe('per brand: each merchant its own registry', () => {
  it("rolls a release out for one brand only; the other brand's devices keep theirs", async () => {
    const brand = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('RELEASEB', 'Second brand') RETURNING id");
    await context.pool.query("INSERT INTO remote_registry (merchant_id, name) VALUES ($1, 'mfe_lobby')", [brand.rows[0].id]);
    const brandAdmin = (await operatorLogin(context, { username: 'release-admin-b', role: 'admin', merchantCode: 'RELEASEB' })).token;
    const servedOf = async (merchant?: string) =>
      json<RemoteManifestEntry[]>(await context.app.inject({ method: 'GET', url: '/remotes.json', headers: merchant ? { merchant } : {} })).find((remote) => remote.name === 'mfe_lobby')?.version;

    expect(await servedOf('RELEASEB')).toBe('1.0.1');
    expect((await ops<RemoteReleases>('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.0' }, brandAdmin)).body.value.serving).toBe('1.0.0');
    expect(await servedOf('RELEASEB')).toBe('1.0.0');
    // The first brand's own roll-out stands.
    expect(await servedOf()).toBe('1.0.0');
    await ops('POST', '/remotes/rollout', { name: 'mfe_lobby', version: '1.0.1' });
    expect(await servedOf()).toBe('1.0.1');
    expect(await servedOf('RELEASEB')).toBe('1.0.0');
    // A brand's operator sees and changes only its own registry.
    expect((await ops('POST', '/remotes/rollout', { name: 'mfe_auth', version: '0.1.0' }, brandAdmin)).body.errorCode).toBe('remote.unknown');
  });
});
