import fs from 'node:fs/promises';
import path from 'node:path';
import type { Envelope } from '@platform/contract';
import { runOps } from '../../scripts/ops';
import { opsIoViaInject } from '../../testing/ops-io';
import { createStaticFixture, type StaticFixture } from '../../testing/static-fixture';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import type { ServedSection } from './backoffice-sections';
import type { SectionReleases } from './backoffice-sections.operator-routes';

// The back office's sections, each released alone under dist/backoffice/assets/sections/<name>/
// <version>/: what each merchant's operators load (the newest release, a pre-release only when
// pinned or alone), and an admin pinning a release, rolling back to the one before, or following
// the newest again; each change audited once with what was pinned and served before and after.

let context: TestContext;
let dist: StaticFixture;
let admin: string;
const tokens: Record<'cashier' | 'content' | 'risk' | 'support', string> = { cashier: '', content: '', risk: '', support: '' };
let otherBrandAdmin: string;

const entry = (name: string, version: string) => `backoffice/assets/sections/${name}/${version}/remoteEntry.js`;
const described = (name: string, version: string) => `backoffice/assets/sections/${name}/${version}/section.json`;
/** A release as admins see it: runnable, or not and why. */
const release = (version: string, problem = '') => ({ version, compatible: problem === '', problem });
const NEEDS_KIT_2 = "it needs the back office's kit ^2.0.0 (the back office has 1.4.0)";

beforeAll(async () => {
  dist = await createStaticFixture({
    'backoffice/index.html': '<!doctype html><title>back office</title>',
    // The kit the deployed back office provides, and what each release was built against.
    'backoffice/kit.json': '{ "kit": "1.4.0" }',
    [described('players', '2.0.0')]: '{ "name": "players", "version": "2.0.0", "kit": "^1.2.0" }',
    // Built against a kit the deployed back office does not have: never served nor pinned.
    [entry('players', '3.0.0')]: 'var players_300;',
    [described('players', '3.0.0')]: '{ "name": "players", "version": "3.0.0", "kit": "^2.0.0" }',
    [entry('cashier', '1.0.0')]: 'var cashier_100;',
    [entry('cashier', '1.1.0')]: 'var cashier_110;',
    [entry('cashier', '1.2.0')]: 'var cashier_120;',
    // A copy still under way (no remoteEntry.js yet) and a folder that is not a version: not releases.
    'backoffice/assets/sections/cashier/1.3.0/mf-manifest.json': '{}',
    'backoffice/assets/sections/cashier/latest/remoteEntry.js': 'var not_a_release;',
    // A release and a pre-release beside it: the pre-release only once pinned.
    [entry('players', '2.0.0')]: 'var players_200;',
    [entry('players', '2.1.0-e2e')]: 'var players_210e2e;',
    // Nothing but a pre-release deployed: it is served.
    [entry('dashboard', '0.1.0-rc.1')]: 'var dashboard_010rc1;',
    [entry('brand', '1.0.0')]: 'var brand_100;',
    [entry('brand', '1.1.0')]: 'var brand_110;',
    // A section folder without any release yet, and a folder whose name is not a section's.
    'backoffice/assets/sections/audit/README': 'coming',
    'backoffice/assets/sections/Not_A_Section/1.0.0/remoteEntry.js': 'var nope;',
  });
  context = await createTestApp({ staticRoot: dist.root });
  await context.app.ready();
  admin = (await operatorLogin(context, { username: 'sections-admin', role: 'admin' })).token;
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `sections-${role}`, role })).token;
  await context.pool.query("INSERT INTO merchant (code, name) VALUES ('SECTIONSB', 'Second brand')");
  otherBrandAdmin = (await operatorLogin(context, { username: 'sections-admin-b', role: 'admin', merchantCode: 'SECTIONSB' })).token;
});

afterAll(async () => {
  await context.close();
  await dist.remove();
});

beforeEach(async () => {
  await context.pool.query('DELETE FROM backoffice_section_release');
});

async function ops<T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) {
  const response = await context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload });
  return { status: response.statusCode, body: json<Envelope<T>>(response) };
}

async function loaded(token = admin): Promise<ServedSection[]> {
  const answer = await ops<{ sections: ServedSection[] }>('GET', '/backoffice/sections', undefined, token);
  expect(answer.status).toBe(200);
  return answer.body.value.sections;
}

const servedOf = async (name: string, token = admin) => (await loaded(token)).find((section) => section.name === name)?.version;

async function releasesOf(name: string, token = admin): Promise<SectionReleases | undefined> {
  return (await ops<SectionReleases[]>('GET', '/backoffice/section-releases', undefined, token)).body.value.find((section) => section.name === name);
}

/** The audit rows of section changes written after row `afterId`, outcome rows only. */
async function auditSince(afterId: number) {
  const rows = await context.pool.query<{ action: string; outcome: string; errorCode: string | null; targetId: string; detail: unknown }>(
    `SELECT action, outcome, error_code AS "errorCode", target_id AS "targetId", detail FROM operator_action
     WHERE action LIKE 'backoffice\\_section.%' AND outcome <> 'started' AND id > $1 ORDER BY id`,
    [afterId],
  );
  return rows.rows;
}
const lastAuditId = async () => Number((await context.pool.query<{ id: string | null }>('SELECT max(id) AS id FROM operator_action')).rows[0].id ?? 0);

it('gives every operator, whatever the role, each deployed section with its newest release and entry URL', async () => {
  const expected = [
    { name: 'brand', version: '1.1.0', entry: '/ops/assets/sections/brand/1.1.0/remoteEntry.js' },
    { name: 'cashier', version: '1.2.0', entry: '/ops/assets/sections/cashier/1.2.0/remoteEntry.js' },
    { name: 'dashboard', version: '0.1.0-rc.1', entry: '/ops/assets/sections/dashboard/0.1.0-rc.1/remoteEntry.js' },
    { name: 'players', version: '2.0.0', entry: '/ops/assets/sections/players/2.0.0/remoteEntry.js' },
  ];
  expect(await loaded()).toEqual(expected);
  for (const token of Object.values(tokens)) expect(await loaded(token)).toEqual(expected);
  // The entry is the file the back office's static route serves.
  const file = await context.app.inject({ method: 'GET', url: expected[1].entry });
  expect([file.statusCode, file.body]).toEqual([200, 'var cashier_120;']);
  // Without a token: nothing.
  expect((await context.app.inject({ method: 'GET', url: '/ops/v1/backoffice/sections' })).statusCode).toBe(401);
});

it('lists each section folder to admins with its releases newest first, the pin and what is served; other roles are refused', async () => {
  const list = await ops<SectionReleases[]>('GET', '/backoffice/section-releases');
  expect(list.status).toBe(200);
  expect(list.body.value).toEqual([
    { name: 'audit', pinned: null, serving: null, releases: [] },
    { name: 'brand', pinned: null, serving: '1.1.0', releases: [release('1.1.0'), release('1.0.0')] },
    { name: 'cashier', pinned: null, serving: '1.2.0', releases: [release('1.2.0'), release('1.1.0'), release('1.0.0')] },
    { name: 'dashboard', pinned: null, serving: '0.1.0-rc.1', releases: [release('0.1.0-rc.1')] },
    { name: 'players', pinned: null, serving: '2.0.0', releases: [release('3.0.0', NEEDS_KIT_2), release('2.0.0'), release('2.1.0-e2e')] },
  ]);
  for (const token of Object.values(tokens)) {
    const refused = await ops('GET', '/backoffice/section-releases', undefined, token);
    expect([refused.status, refused.body.errorCode]).toEqual([403, 'operator.role.forbidden']);
  }
});

it('rolls a release out, back and follows the newest again, each answered with the row and audited once with before and after', async () => {
  const since = await lastAuditId();
  const out = await ops<SectionReleases>('POST', '/backoffice/section-releases/rollout', { name: 'cashier', version: '1.1.0' });
  expect(out.status).toBe(200);
  expect(out.body.value).toEqual({ name: 'cashier', pinned: '1.1.0', serving: '1.1.0', releases: [release('1.2.0'), release('1.1.0'), release('1.0.0')] });
  expect(await servedOf('cashier')).toBe('1.1.0');
  // The other sections are untouched.
  expect(await servedOf('brand')).toBe('1.1.0');

  const back = await ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'cashier' });
  expect(back.body.value).toMatchObject({ name: 'cashier', pinned: '1.0.0', serving: '1.0.0' });
  expect(await servedOf('cashier')).toBe('1.0.0');

  const follow = await ops<SectionReleases>('POST', '/backoffice/section-releases/follow', { name: 'cashier' });
  expect(follow.body.value).toMatchObject({ name: 'cashier', pinned: null, serving: '1.2.0' });
  expect(await servedOf('cashier')).toBe('1.2.0');

  // Without a pin, a roll-back steps back from the newest.
  expect((await ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'cashier' })).body.value).toMatchObject({ pinned: '1.1.0', serving: '1.1.0' });

  expect(await auditSince(since)).toEqual([
    { action: 'backoffice_section.rollout', outcome: 'ok', errorCode: null, targetId: 'cashier', detail: { before: { pinned: null, serving: '1.2.0' }, after: { pinned: '1.1.0', serving: '1.1.0' } } },
    { action: 'backoffice_section.rollback', outcome: 'ok', errorCode: null, targetId: 'cashier', detail: { before: { pinned: '1.1.0', serving: '1.1.0' }, after: { pinned: '1.0.0', serving: '1.0.0' } } },
    { action: 'backoffice_section.follow', outcome: 'ok', errorCode: null, targetId: 'cashier', detail: { before: { pinned: '1.0.0', serving: '1.0.0' }, after: { pinned: null, serving: '1.2.0' } } },
    { action: 'backoffice_section.rollback', outcome: 'ok', errorCode: null, targetId: 'cashier', detail: { before: { pinned: null, serving: '1.2.0' }, after: { pinned: '1.1.0', serving: '1.1.0' } } },
  ]);
  const started = await context.pool.query("SELECT count(*)::int AS n FROM operator_action WHERE action LIKE 'backoffice\\_section.%' AND outcome = 'started' AND id > $1", [since]);
  expect(started.rows[0].n).toBe(4);
});

it('serves a pre-release only once pinned, and rolls it back to the release before it', async () => {
  expect(await servedOf('players')).toBe('2.0.0');
  expect((await ops<SectionReleases>('POST', '/backoffice/section-releases/rollout', { name: 'players', version: '2.1.0-e2e' })).body.value).toMatchObject({ pinned: '2.1.0-e2e', serving: '2.1.0-e2e' });
  expect(await loaded()).toContainEqual({ name: 'players', version: '2.1.0-e2e', entry: '/ops/assets/sections/players/2.1.0-e2e/remoteEntry.js' });
  expect((await ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'players' })).body.value).toMatchObject({ pinned: '2.0.0', serving: '2.0.0' });
});

it('never serves nor pins a release built against a kit the deployed back office does not have, and rolls back past it', async () => {
  // The newest deployed release of players is 3.0.0, which needs kit ^2.0.0: the newest it can run is served.
  expect(await servedOf('players')).toBe('2.0.0');
  const since = await lastAuditId();
  const refused = await ops<SectionReleases>('POST', '/backoffice/section-releases/rollout', { name: 'players', version: '3.0.0' });
  expect([refused.status, refused.body.errorCode]).toEqual([409, 'backoffice.section.incompatible']);
  expect(refused.body.message).toContain('^2.0.0');
  expect(await releasesOf('players')).toMatchObject({ pinned: null, serving: '2.0.0' });
  expect((await auditSince(since)).map((row) => [row.outcome, row.errorCode])).toEqual([['refused', 'backoffice.section.incompatible']]);
  // A pin set before the back office changed its kit is ignored the same way.
  await context.pool.query("INSERT INTO backoffice_section_release (merchant_id, name, version) SELECT id, 'players', '3.0.0' FROM merchant WHERE code = 'DEFAULT'");
  expect(await servedOf('players')).toBe('2.0.0');
  // Once the back office provides kit 2, the release runs: served as the newest.
  await dist.write('backoffice/kit.json', '{ "kit": "2.0.1" }');
  try {
    expect(await servedOf('players')).toBe('3.0.0');
    expect((await releasesOf('players'))?.releases[1]).toEqual({ version: '2.0.0', compatible: false, problem: "it needs the back office's kit ^1.2.0 (the back office has 2.0.1)" });
    // A roll-back steps over a release the back office cannot run: 3.0.0 → 2.1.0-e2e, then nothing
    // (2.0.0 needs kit 1).
    expect((await ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'players' })).body.value).toMatchObject({ pinned: '2.1.0-e2e', serving: '2.1.0-e2e' });
    const nothing = await ops('POST', '/backoffice/section-releases/rollback', { name: 'players' });
    expect([nothing.status, nothing.body.errorCode]).toEqual([409, 'backoffice.section.nothing.before']);
  } finally {
    await dist.write('backoffice/kit.json', '{ "kit": "1.4.0" }');
  }
});

it('ignores a pin whose folder was removed: the newest release is served, the pin still shown to admins', async () => {
  await ops('POST', '/backoffice/section-releases/rollout', { name: 'brand', version: '1.0.0' });
  expect(await servedOf('brand')).toBe('1.0.0');
  await fs.rm(path.join(dist.root, 'backoffice/assets/sections/brand/1.0.0'), { recursive: true });
  try {
    expect(await servedOf('brand')).toBe('1.1.0');
    expect(await releasesOf('brand')).toEqual({ name: 'brand', pinned: '1.0.0', serving: '1.1.0', releases: [release('1.1.0')] });
  } finally {
    await dist.write(entry('brand', '1.0.0'), 'var brand_100;');
  }
  expect(await servedOf('brand')).toBe('1.0.0');
});

it('refuses an unknown section, a release not deployed, nothing before, a non-admin and a malformed name or version, changing nothing', async () => {
  await ops('POST', '/backoffice/section-releases/rollout', { name: 'cashier', version: '1.0.0' });
  const since = await lastAuditId();
  const refusals = [
    ['/rollout', { name: 'reports', version: '1.0.0' }, 404, 'backoffice.section.unknown'],
    ['/rollback', { name: 'reports' }, 404, 'backoffice.section.unknown'],
    ['/follow', { name: 'reports' }, 404, 'backoffice.section.unknown'],
    ['/rollout', { name: 'cashier', version: '1.3.0' }, 404, 'backoffice.section.release.missing'],
    ['/rollout', { name: 'cashier', version: '9.9.9' }, 404, 'backoffice.section.release.missing'],
    ['/rollback', { name: 'cashier' }, 409, 'backoffice.section.nothing.before'],
    ['/rollback', { name: 'audit' }, 409, 'backoffice.section.nothing.before'],
  ] as const;
  for (const [url, body, status, errorCode] of refusals) {
    const refused = await ops('POST', `/backoffice/section-releases${url}`, body);
    expect([url, refused.status, refused.body.errorCode]).toEqual([url, status, errorCode]);
    expect(refused.body.message).toContain(body.name);
  }
  expect((await auditSince(since)).map((row) => [row.action, row.outcome, row.errorCode, row.detail])).toEqual([
    ['backoffice_section.rollout', 'refused', 'backoffice.section.unknown', { version: '1.0.0' }],
    ['backoffice_section.rollback', 'refused', 'backoffice.section.unknown', {}],
    ['backoffice_section.follow', 'refused', 'backoffice.section.unknown', {}],
    ['backoffice_section.rollout', 'refused', 'backoffice.section.release.missing', { version: '1.3.0' }],
    ['backoffice_section.rollout', 'refused', 'backoffice.section.release.missing', { version: '9.9.9' }],
    ['backoffice_section.rollback', 'refused', 'backoffice.section.nothing.before', {}],
    ['backoffice_section.rollback', 'refused', 'backoffice.section.nothing.before', {}],
  ]);

  const malformed = [
    ['/rollout', { name: 'cashier', version: '../1.1.0' }],
    ['/rollout', { name: 'cashier', version: '1.1' }],
    ['/rollout', { name: '../cashier', version: '1.1.0' }],
    ['/rollout', { name: 'Cashier', version: '1.1.0' }],
    ['/rollout', { name: 'cashier' }],
    ['/rollback', { name: 'cashier/..' }],
    ['/follow', {}],
  ] as const;
  for (const [url, body] of malformed) expect([url, body, (await ops('POST', `/backoffice/section-releases${url}`, body)).status]).toEqual([url, body, 400]);
  for (const token of Object.values(tokens)) {
    for (const [url, body] of [['/rollout', { name: 'cashier', version: '1.1.0' }], ['/rollback', { name: 'cashier' }], ['/follow', { name: 'cashier' }]] as const) {
      const refused = await ops('POST', `/backoffice/section-releases${url}`, body, token);
      expect([refused.status, refused.body.errorCode]).toEqual([403, 'operator.role.forbidden']);
    }
  }
  // Nothing refused changed the pin, nor wrote a change to the trail.
  expect(await releasesOf('cashier')).toMatchObject({ pinned: '1.0.0', serving: '1.0.0' });
  expect((await auditSince(since)).filter((row) => row.outcome === 'ok')).toEqual([]);
});

it("keeps each brand's pins its own", async () => {
  expect((await ops<SectionReleases>('POST', '/backoffice/section-releases/rollout', { name: 'cashier', version: '1.0.0' }, otherBrandAdmin)).body.value.serving).toBe('1.0.0');
  expect(await servedOf('cashier', otherBrandAdmin)).toBe('1.0.0');
  expect(await servedOf('cashier')).toBe('1.2.0');
  await ops('POST', '/backoffice/section-releases/rollback', { name: 'cashier' });
  expect(await servedOf('cashier')).toBe('1.1.0');
  expect(await servedOf('cashier', otherBrandAdmin)).toBe('1.0.0');
  await ops('POST', '/backoffice/section-releases/follow', { name: 'cashier' }, otherBrandAdmin);
  expect(await servedOf('cashier', otherBrandAdmin)).toBe('1.2.0');
  expect(await servedOf('cashier')).toBe('1.1.0');
  // The other brand's changes are in its own trail only.
  const trails = await context.pool.query<{ code: string; n: number }>(
    "SELECT m.code, count(*)::int AS n FROM operator_action a JOIN merchant m ON m.id = a.merchant_id WHERE a.action LIKE 'backoffice\\_section.%' AND a.outcome = 'ok' AND m.code = 'SECTIONSB' GROUP BY m.code",
  );
  expect(trails.rows).toEqual([{ code: 'SECTIONSB', n: 2 }]);
});

it('takes two roll-backs at once one after the other: each steps back one release, each audited with its own before and after', async () => {
  const since = await lastAuditId();
  const answers = await Promise.all([
    ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'cashier' }),
    ops<SectionReleases>('POST', '/backoffice/section-releases/rollback', { name: 'cashier' }),
  ]);
  expect(answers.map((answer) => answer.body.value.serving).sort()).toEqual(['1.0.0', '1.1.0']);
  expect(await servedOf('cashier')).toBe('1.0.0');
  // The trail's outcome rows are written once each transaction is done, in either order.
  const details = (await auditSince(since)).map((row) => row.detail as { before: { serving: string } });
  expect(details.sort((a, b) => b.before.serving.localeCompare(a.before.serving))).toEqual([
    { before: { pinned: null, serving: '1.2.0' }, after: { pinned: '1.1.0', serving: '1.1.0' } },
    { before: { pinned: '1.1.0', serving: '1.1.0' }, after: { pinned: '1.0.0', serving: '1.0.0' } },
  ]);
});

it('lists, rolls out, rolls back and follows from the command line', async () => {
  const lines: string[] = [];
  const io = opsIoViaInject(context.app, admin, lines);
  expect(await runOps(['section-releases'], io)).toBe(0);
  expect(lines.join('\n')).toContain('cashier: serving 1.2.0 (the newest)\n  1.2.0  ← served\n  1.1.0\n  1.0.0');
  expect(lines.join('\n')).toContain('audit: serving nothing (the newest)');
  expect(lines.join('\n')).toContain(`players: serving 2.0.0 (the newest)\n  3.0.0  (cannot run: ${NEEDS_KIT_2})\n  2.0.0  ← served`);
  lines.length = 0;
  expect(await runOps(['section-rollout', 'cashier', '1.1.0'], io)).toBe(0);
  expect(lines.join('\n')).toBe('Rolled out cashier 1.1.0.\ncashier: serving 1.1.0 (pinned 1.1.0)\n  1.2.0\n  1.1.0  ← served\n  1.0.0');
  lines.length = 0;
  expect(await runOps(['section-rollback', 'cashier'], io)).toBe(0);
  expect(lines[0]).toMatch(/^Rolled cashier back to 1\.0\.0\./);
  expect(await servedOf('cashier')).toBe('1.0.0');
  lines.length = 0;
  // Refused by the site (exit 1), with its reason.
  expect(await runOps(['section-rollback', 'cashier'], io)).toBe(1);
  expect(lines.join('\n')).toContain('cashier 1.0.0');
  lines.length = 0;
  expect(await runOps(['section-follow', 'cashier'], io)).toBe(0);
  expect(lines[0]).toMatch(/^cashier follows the newest release: 1\.2\.0\.\n/);
  expect(await servedOf('cashier')).toBe('1.2.0');
  // A command line the tool cannot send (exit 2), without calling anything.
  for (const argv of [['section-rollout', 'cashier'], ['section-rollout', 'cashier', 'v1'], ['section-rollback'], ['section-follow', 'Cashier'], ['section-follow', 'a', 'b']]) {
    expect([argv, await runOps(argv, io)]).toEqual([argv, 2]);
  }
});
