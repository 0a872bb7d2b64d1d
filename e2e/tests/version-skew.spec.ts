import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '../harness/test';
import { E2E_PORT } from '../harness/constants';
import { signInOperator } from '../harness/operator';
import { remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Releases of different ages on one page. The shell and each remote are released on their own, so
// a page runs a shell and remotes built from different versions of the runtime (@platform/shared,
// the page's one copy): a remote built against an older minor must keep working under a newer
// shell, and a remote needing a newer major than the deployed shell has must never be served.
// (A remote of the next minor under the current shell — a new page, call and switch it brings in
// its own bundle — is the member-centre test below.)

const repoRoot = path.resolve(__dirname, '..', '..');
const dist = path.join(repoRoot, 'dist');
const runtimeVersion: string = JSON.parse(readFileSync(path.join(repoRoot, 'shared', 'package.json'), 'utf8')).version;
const [runtimeMajor, runtimeMinor] = runtimeVersion.split('.').map(Number);

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
    expect(listed.lines.find((line) => line.includes(version))).toContain(`cannot run under the deployed shell: needs @platform/shared ${needs}`);
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
  const built = await new Promise<number | null>((resolve) => {
    const build = spawn('npx', ['webpack', '--mode', 'production', '--config', path.join(repoRoot, 'e2e', 'fixtures', 'version-skew', 'shell-next-runtime.webpack.cjs')], {
      cwd: repoRoot,
      env: { ...process.env, OUTPUT_DIR: path.join(site, 'shell'), RUNTIME_VERSION: nextRuntime, NODE_OPTIONS: '--max-old-space-size=4096' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    build.once('exit', resolve);
  });
  expect(built).toBe(0);
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
