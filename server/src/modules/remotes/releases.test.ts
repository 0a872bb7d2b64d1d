import type { Envelope, RemoteManifestEntry } from '@platform/shared/contract';
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
