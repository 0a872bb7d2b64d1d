import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../harness/test';
import { E2E_PORT } from '../harness/constants';
import { registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { signInOperator } from '../harness/operator';
import { logInInPopup, openSite, remotePage, setRemoteEntry, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Releases of different ages on one page. The shell and each remote are released on their own, so
// a page runs a shell and remotes built from different versions of the runtime (@platform/shared,
// the page's one copy): a remote built against an older minor must keep working under a newer
// shell, and a remote needing a newer major than the deployed shell has must never be served.
// And a remote of the next minor brings what is new in it (a page, a call, a switch) in its own
// bundle, so it works under the shell deployed now.

const repoRoot = path.resolve(__dirname, '..', '..');
const dist = path.join(repoRoot, 'dist');
const runtimeVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')).version;
const [runtimeMajor, runtimeMinor] = runtimeVersion.split('.').map(Number);

/** Runs webpack with a configuration of e2e/fixtures/version-skew; resolves with its exit code. */
function buildFixture(config: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const build = spawn('npx', ['webpack', '--mode', 'production', '--config', path.join(repoRoot, 'e2e', 'fixtures', 'version-skew', config)], {
      cwd: repoRoot,
      env: { ...process.env, ...env, NODE_OPTIONS: '--max-old-space-size=4096' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.once('exit', resolve);
  });
}

/** The release of `remote` this worker's merchant is served now, read from the page that places it. */
async function servedRelease(page: Page, pathName: string, remote: string): Promise<string> {
  await page.goto(pathName);
  const version = await remotePage(page, remote).getAttribute('data-remote-version');
  expect(version).toMatch(/^\d+\.\d+\.\d+/);
  return version!;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test('a release needing a newer runtime major than the deployed shell has is refused by the registry, and the release before keeps serving', async ({ page }) => {
  const served = await servedRelease(page, '/lottery', 'mfe_lottery');
  // The served release as it would be built against the next major of the runtime: its manifest
  // asks the page for @platform/shared ^<major+1>.0.0 (a pre-release: never served unpinned).
  const version = `${runtimeMajor + 1}.0.0-e2e.${Date.now()}`;
  const folder = path.join(dist, 'remotes', 'mfe_lottery', version);
  cpSync(path.join(dist, 'remotes', 'mfe_lottery', served), folder, { recursive: true });
  try {
    const manifestFile = path.join(folder, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { shared: { name: string; requiredVersion?: string }[] };
    const needs = `^${runtimeMajor + 1}.0.0`;
    for (const entry of manifest.shared) if (entry.name.startsWith('@platform/shared')) entry.requiredVersion = needs;
    writeFileSync(manifestFile, JSON.stringify(manifest));

    const operator = await signInOperator();
    const listed = await operator.ops(['remote-releases']);
    // Each entry point of the runtime the release shares is named, in the manifest's order.
    const line = listed.lines.find((candidate) => candidate.includes(version)) ?? '';
    expect(line).toContain('cannot run under the deployed shell: needs ');
    expect(line).toContain(`@platform/shared ${needs} (the shell has ${runtimeVersion})`);
    const rollout = await operator.ops(['remote-rollout', 'mfe_lottery', version]);
    expect(rollout.code).not.toBe(0);
    expect(rollout.lines.join('\n')).not.toContain('Rolled out');

    await page.reload();
    await expect(remotePage(page, 'mfe_lottery')).toHaveAttribute('data-remote-version', served);
    await expect(page.getByTestId('lottery-lobby')).toBeVisible();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('remotes released against the runtime a shell release ago keep working under a shell of the next runtime minor', async ({ page }) => {
  test.setTimeout(420_000);
  const served = { lottery: await servedRelease(page, '/lottery', 'mfe_lottery'), auth: await servedRelease(page, '/login', 'mfe_auth') };

  // A site whose shell is the next runtime minor's; the remotes are the releases deployed now.
  const site = path.join(repoRoot, '.test-results', 'version-skew', `site-${process.pid}`);
  rmSync(site, { recursive: true, force: true });
  mkdirSync(site, { recursive: true });
  for (const shared of ['remotes', 'games']) if (existsSync(path.join(dist, shared))) symlinkSync(path.join(dist, shared), path.join(site, shared));
  const nextRuntime = `${runtimeMajor}.${runtimeMinor + 1}.0`;
  expect(await buildFixture('shell-next-runtime.webpack.cjs', { OUTPUT_DIR: path.join(site, 'shell'), RUNTIME_VERSION: nextRuntime })).toBe(0);
  const shellManifest = JSON.parse(readFileSync(path.join(site, 'shell', 'mf-manifest.json'), 'utf8')) as { shared: { name: string; version: string }[] };
  expect(shellManifest.shared.find((entry) => entry.name === '@platform/shared')?.version).toBe(nextRuntime);

  // The real server on the same database, serving that site.
  const port = E2E_PORT + 20;
  let server: ChildProcess | undefined;
  try {
    server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL, PORT: String(port), HOST: '127.0.0.1', OPS_PORT: String(port + 1), OPS_HOST: '127.0.0.1', STATIC_ROOT: site, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const origin = `http://localhost:${port}`;
    await expect.poll(async () => (await page.request.get(`${origin}/healthz`).catch(() => null))?.status() ?? 0, { timeout: 60_000 }).toBe(200);

    // The registry, checking each release against this shell, serves the same releases as before.
    await page.goto(`${origin}/lottery`);
    await expect(remotePage(page, 'mfe_lottery')).toHaveAttribute('data-remote-version', served.lottery);
    await expect(page.getByTestId('lottery-lobby')).toBeVisible();
    await page.goto(`${origin}/login`);
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', served.auth);
    await expect(page.getByTestId('login-username')).toBeVisible();
    // The remotes run on the shell's copy of the runtime: one bus, one i18n, evaluated once.
    expect(await page.evaluate(() => (globalThis as { __platformSharedEvaluations?: number }).__platformSharedEvaluations)).toBe(1);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(site, { recursive: true, force: true });
  }
});

test('a member centre of the next minor brings a new page, a call and a switch the deployed shell has never heard of, and they work under it', async ({ page, request }) => {
  test.setTimeout(420_000);
  const shellFiles = () => ['index.html', 'mf-manifest.json'].map((file) => readFileSync(path.join(dist, 'shell', file), 'utf8'));
  const shellBefore = shellFiles();
  const version = `1.1.0-e2e.${Date.now()}`;
  const folder = path.join(dist, 'remotes', 'mfe_member_center', version);
  expect(await buildFixture('member-center-next.webpack.cjs', { REMOTE_VERSION: version })).toBe(0);
  const operator = await signInOperator();
  try {
    // It needs no newer runtime than the shell has, so the registry takes it.
    const rollout = await operator.ops(['remote-rollout', 'mfe_member_center', version]);
    expect(rollout).toMatchObject({ code: 0, lines: expect.arrayContaining([`Rolled out mfe_member_center ${version}.`]) });
    const served = (await (await request.get('/remotes.json')).json()) as { name: string; entry: string }[];
    expect(served.find((entry) => entry.name === 'mfe_member_center')?.entry).toContain(version);

    // The new switch, a whitelabel module the shell's contract does not name, on for this brand.
    await operatorSql(
      `INSERT INTO whitelabel_module (merchant_id, module_id, enabled) VALUES (${WORKER_MERCHANT_ID}, 'SKEWPROBE3', true)
       ON CONFLICT (merchant_id, module_id) DO UPDATE SET enabled = true`,
    );
    const member = await registerMember(request);
    await openSite(page, '/');
    await logInInPopup(page, member.username, member.password);
    const openCentre = async () => {
      await page.getByTestId('header-account-menu').click();
      await page.getByTestId('header-menu-account-record').click();
      const menu = page.getByRole('navigation', { name: 'Member Centre' });
      await expect(menu).toBeVisible();
      return menu;
    };
    // The new page is in the menu, and its call (a row only this bundle has) answers.
    await (await openCentre()).getByRole('button', { name: 'Release probe' }).click();
    await expect(page.getByTestId('skew-probe-account')).toHaveText(member.username);

    // The switch is read by the remote itself: off, the page leaves the menu.
    await operatorSql(`UPDATE whitelabel_module SET enabled = false WHERE merchant_id = ${WORKER_MERCHANT_ID} AND module_id = 'SKEWPROBE3'`);
    await page.reload();
    const menu = await openCentre();
    await expect(menu.getByRole('button').first()).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Release probe' })).toHaveCount(0);
    // Nothing of the shell was rebuilt.
    expect(shellFiles()).toEqual(shellBefore);
  } finally {
    // Back to the newest release the shell can run, unpinned (a rollback would pin the one before).
    await setRemoteEntry('mfe_member_center', null);
    await operatorSql(`DELETE FROM whitelabel_module WHERE merchant_id = ${WORKER_MERCHANT_ID} AND module_id = 'SKEWPROBE3'`);
    rmSync(folder, { recursive: true, force: true });
  }
});
