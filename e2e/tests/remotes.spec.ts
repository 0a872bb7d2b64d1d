import { expect, test } from '../harness/test';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../harness/database';
import { allowRemoteOrigin, clearRemoteOrigins, openSite, remotePage, setRemoteEntry, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { RemoteStaticServer } from '../harness/static-server';

const repoRoot = path.resolve(__dirname, '..', '..');
const dist = path.join(repoRoot, 'dist');
const { apps } = JSON.parse(readFileSync(path.join(repoRoot, 'apps.json'), 'utf8')) as {
  apps: { kind: string; federationName?: string; exposes?: Record<string, string> }[];
};

function currentVersion(remote: string): string {
  const versions = readdirSync(path.join(dist, 'remotes', remote)).filter((name) => !name.includes('e2e'));
  return versions.sort().at(-1)!;
}

/**
 * Modification times of every file of the shell and of the remotes other than `except` (versions
 * other browser tests deploy for a while, named …-e2e, left out: release.spec.ts releases one).
 */
function otherBuildsFingerprint(except: string): Record<string, number> {
  const fingerprint: Record<string, number> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(dist, 'remotes', except) && !entry.name.includes('-e2e')) walk(full);
      } else fingerprint[path.relative(dist, full)] = statSync(full).mtimeMs;
    }
  };
  walk(path.join(dist, 'shell'));
  walk(path.join(dist, 'remotes'));
  return fingerprint;
}

/**
 * Deploys a release of `remote` beside its current one, as a release pipeline promoting a build
 * does: a copy of the current build whose version (the one its pages show) is rewritten.
 */
function deployCopyAs(remote: string, version: string): string {
  const current = currentVersion(remote);
  const target = path.join(dist, 'remotes', remote, version);
  cpSync(path.join(dist, 'remotes', remote, current), target, { recursive: true });
  // The version is compiled into the remote's own chunks (__APP_VERSION__). remoteEntry.js and
  // the manifests also carry shared packages' versions, which must stay as they are.
  let rewritten = 0;
  for (const file of readdirSync(target).filter((name) => name.endsWith('.js') && name !== 'remoteEntry.js')) {
    const code = readFileSync(path.join(target, file), 'utf8');
    const next = code.replaceAll(`version:"${current}"`, `version:"${version}"`);
    if (next !== code) {
      writeFileSync(path.join(target, file), next);
      // The build's compressed copies are of the file before the rewrite: a pipeline that changes
      // a file compresses it again; here the server compresses it per request instead.
      rmSync(path.join(target, `${file}.br`), { force: true });
      rmSync(path.join(target, `${file}.gz`), { force: true });
      rewritten += 1;
    }
  }
  if (rewritten === 0) throw new Error(`no version:"${current}" found in the chunks of ${remote} ${current}`);
  return target;
}

test.describe('run-time remotes', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });
  test.afterEach(async () => {
    for (const remote of ['mfe_lobby', 'mfe_lottery']) await setRemoteEntry(remote, null);
    await clearRemoteOrigins();
  });

  test('swapping a remote in /remotes.json changes what users get on their next load, with nothing else rebuilt or restarted', async ({ page, request }) => {
    const swapVersion = '2.0.0-e2e';
    const before = otherBuildsFingerprint('mfe_lottery');
    const healthBefore = await (await request.get('/healthz')).json();
    expect(healthBefore).toMatchObject({ status: 'ok', instanceId: expect.any(String), startedAt: expect.any(String) });
    const swapDir = deployCopyAs('mfe_lottery', swapVersion);
    try {
      await page.goto('/lottery');
      await expect(remotePage(page, 'mfe_lottery')).toHaveAttribute('data-remote-version', currentVersion('mfe_lottery'));

      await setRemoteEntry('mfe_lottery', `/remotes/mfe_lottery/${swapVersion}/mf-manifest.json`);
      const manifest = await (await request.get('/remotes.json')).json();
      expect(manifest.find((entry: { name: string }) => entry.name === 'mfe_lottery').entry).toContain(swapVersion);

      await page.reload();
      await expect(remotePage(page, 'mfe_lottery')).toHaveAttribute('data-remote-version', swapVersion);
      // The other remotes still come from their own builds.
      await page.goto('/');
      await expect(remotePage(page, 'mfe_lobby')).toHaveAttribute('data-remote-version', currentVersion('mfe_lobby'));

      // Rolling back is the same one-line change.
      await setRemoteEntry('mfe_lottery', null);
      await page.goto('/lottery');
      await expect(remotePage(page, 'mfe_lottery')).toHaveAttribute('data-remote-version', currentVersion('mfe_lottery'));

      expect(otherBuildsFingerprint('mfe_lottery')).toEqual(before);
      // The same server instance answered throughout: a restart names a new instance (/healthz).
      // (Its configuration revision may have moved meanwhile: other workers change their merchants.)
      const healthAfter = await (await request.get('/healthz')).json();
      expect({ instanceId: healthAfter.instanceId, startedAt: healthAfter.startedAt }).toEqual({
        instanceId: healthBefore.instanceId,
        startedAt: healthBefore.startedAt,
      });
    } finally {
      rmSync(swapDir, { recursive: true, force: true });
    }
  });

  test('a remote whose server is down shows a retry panel, the rest of the site works, and retry recovers once it is back', async ({ page }) => {
    const remoteServer = new RemoteStaticServer(path.join(dist, 'remotes', 'mfe_lobby', currentVersion('mfe_lobby')), await freePort());
    await remoteServer.start();
    try {
      // Its own origin, as a CDN's would be: the operator allows it first (the registry and the
      // pages' Content-Security-Policy take remote code from allowed origins only).
      await allowRemoteOrigin(remoteServer.url);
      await setRemoteEntry('mfe_lobby', `${remoteServer.url}/mf-manifest.json`);
      await openSite(page, '/');
      await expect(remotePage(page, 'mfe_lobby')).toBeVisible();

      await remoteServer.stop();
      await page.reload();
      await expect(page.getByTestId('remote-unavailable')).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toContainText(/temporarily unavailable/i);
      // The chrome and the other remotes keep working.
      await expect(page.getByTestId('header')).toBeVisible();
      await expect(page.getByTestId('side-bar')).toBeVisible();
      await expect(page.getByTestId('footer')).toBeVisible();
      await page.goto('/lottery');
      await expect(remotePage(page, 'mfe_lottery')).toBeVisible();
      await page.goto('/');
      await expect(page.getByTestId('remote-unavailable')).toBeVisible();

      await remoteServer.start();
      await page.getByTestId('remote-unavailable').getByRole('button').click();
      await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
      await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
    } finally {
      await remoteServer.stop();
    }
  });

  test('a page a remote release brings in its routes.json is routed on the next load, with no new shell', async ({ page }) => {
    const version = '2.0.0-e2e-routes';
    const releaseDir = deployCopyAs('mfe_lobby', version);
    try {
      const routesFile = path.join(releaseDir, 'routes.json');
      const routes: unknown[] = JSON.parse(readFileSync(routesFile, 'utf8'));
      writeFileSync(routesFile, JSON.stringify([...routes, { id: 'help-e2e', paths: ['/help-e2e'], module: './HelpPage', layout: 'bare' }]));
      await openSite(page, '/help-e2e');
      await expect(page.getByTestId('not-found-page')).toBeVisible();

      await setRemoteEntry('mfe_lobby', `/remotes/mfe_lobby/${version}/mf-manifest.json`);
      await page.reload();
      await expect(remotePage(page, 'mfe_lobby').getByRole('heading', { level: 1 })).toHaveText('Help Center');
      await expect(remotePage(page, 'mfe_lobby')).toHaveAttribute('data-remote-version', version);
      // In the layout the route names: the page alone.
      await expect(page.getByTestId('header')).toHaveCount(0);
    } finally {
      rmSync(releaseDir, { recursive: true, force: true });
    }
  });

  test('a remote that answers 404 shows the retry panel in its slot only', async ({ page }) => {
    await setRemoteEntry('mfe_lobby', '/remotes/mfe_lobby/0.0.0-missing/mf-manifest.json');
    await openSite(page, '/');
    await expect(page.getByTestId('remote-unavailable')).toBeVisible();
    await expect(page.getByTestId('header')).toBeVisible();
    await page.goto('/lottery');
    await expect(remotePage(page, 'mfe_lottery')).toBeVisible();
  });

  test('one copy of React, react-dom, the router, rxjs, i18next and the shared library once the shell and every remote have loaded', async ({ page }) => {
    // The router, RxJS and i18next are not shared themselves: they come with the shared package
    // (shared/src/routing, bus, i18n). A second copy would arrive in a script of its own, so each
    // script the page runs is searched for a string of each library's code.
    const libraryMarkers: Record<string, string> = {
      'react-router': 'may be used only in the context of a <Router> component',
      rxjs: 'object unsubscribed',
      i18next: 'i18next is already initialized',
      'react-i18next': 'initReactI18next',
    };
    const scriptsWith: Record<string, string[]> = Object.fromEntries(Object.keys(libraryMarkers).map((name) => [name, []]));
    const scriptReads: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scriptReads.push(
        response.text().then(
          (body) => {
            for (const [name, marker] of Object.entries(libraryMarkers)) if (body.includes(marker)) scriptsWith[name].push(response.url());
          },
          () => undefined,
        ),
      );
    });
    await openSite(page, '/');
    await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
    // Bring several remotes into the same page without reloading: lobby, lottery, auth.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/lottery');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(remotePage(page, 'mfe_lottery')).toBeVisible();
    await page.getByTestId('header').getByRole('button', { name: /^login$/i }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // Then every exposed module of every remote in apps.json, through the shell's federation runtime.
    const exposed = apps
      .filter((app) => app.kind === 'remote')
      .flatMap((app) => Object.keys(app.exposes ?? {}).map((name) => `${app.federationName}/${name.replace(/^\.\//, '')}`));

    const report = await page.evaluate(async (ids) => {
      type ShareEntry = { loaded?: boolean; loading?: unknown; version: string; from: string };
      type Instance = { name: string; loadRemote(id: string): Promise<unknown> };
      const federation = (globalThis as unknown as {
        __FEDERATION__: { __INSTANCES__: Instance[]; __SHARE__: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> };
      }).__FEDERATION__;
      const shell = federation.__INSTANCES__.find((instance) => instance.name === 'shell')!;
      const modules = await Promise.all(ids.map((id) => shell.loadRemote(id)));
      const loaded: Record<string, string[]> = {};
      for (const scopes of Object.values(federation.__SHARE__)) {
        for (const packages of Object.values(scopes)) {
          for (const [pkg, versions] of Object.entries(packages)) {
            for (const [version, entry] of Object.entries(versions)) {
              if (entry.loaded) (loaded[pkg] ??= []).includes(`${version}@${entry.from}`) || loaded[pkg].push(`${version}@${entry.from}`);
            }
          }
        }
      }
      return {
        modulesLoaded: modules.filter((module) => module !== undefined && module !== null).length,
        loaded,
        sharedEvaluations: (globalThis as unknown as { __platformSharedEvaluations: number }).__platformSharedEvaluations,
      };
    }, exposed);
    expect(report.modulesLoaded).toBe(exposed.length);
    for (const pkg of ['react', 'react-dom', '@platform/shared']) {
      expect(report.loaded[pkg], `${pkg} loaded copies`).toHaveLength(1);
    }
    await Promise.all(scriptReads);
    for (const [name, scripts] of Object.entries(scriptsWith)) {
      expect(report.loaded[name], `${name} is not in the share scope`).toBeUndefined();
      expect(scripts, `scripts carrying ${name}`).toHaveLength(1);
    }
    // The shared package counts its evaluations (shared/src/bus/event-bus.ts): one bus for the page.
    expect(report.sharedEvaluations).toBe(1);
  });
});
