import { expect, test } from '../harness/test';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { signInOperator } from '../harness/operator';
import { remotePage, setRemoteEntry, skipAnnouncementPopup, useEnglish } from '../harness/site';

// A squad releases one remote on its own (`npm run release -- mfe-auth --version …`): a real
// production build of that remote into a folder of its own beside the releases already there,
// nothing else under dist/ touched; an operator rolls it out to this worker's merchant with the
// command-line tool and users get it on their next page load; a roll-back serves the release
// before. The version is a pre-release, so other workers' merchants never serve it (a pre-release
// is served only where pinned).

const repoRoot = path.resolve(__dirname, '..', '..');
const dist = path.join(repoRoot, 'dist');
const run = promisify(execFile);

/**
 * SHA-256 of every file under dist/ but those under `except`, and those of versions other browser
 * tests deploy for a while (remotes.spec.ts: named …-e2e), which may come and go meanwhile.
 */
function distFingerprint(except: string): Map<string, string> {
  const fingerprint = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (full === except || (entry.isDirectory() && entry.name.includes('-e2e'))) continue;
      if (entry.isDirectory()) walk(full);
      else fingerprint.set(path.relative(dist, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dist);
  return fingerprint;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test('a squad releases one remote beside the others, an operator rolls it out and back, and nothing else under dist/ changes', async ({ page }) => {
  test.setTimeout(300_000);
  const version = `1.0.1-e2e.${Date.now()}`;
  const folder = path.join(dist, 'remotes', 'mfe_auth', version);
  const before = distFingerprint(folder);
  try {
    const released = await run(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), 'mfe-auth', '--version', version], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    expect(released.stdout).toContain(`✓ released mfe_auth ${version}; it needs of the shell: `);
    expect(released.stdout).toContain('@platform/shared ^');
    expect(released.stdout).toContain(`ops remote-rollout mfe_auth ${version}`);
    // Every file that was under dist/ is byte for byte what it was; the new ones are the release's.
    const after = distFingerprint(folder);
    expect([...after.keys()].filter((file) => !before.has(file))).toEqual([]);
    const changed = [...before].filter(([file, hash]) => after.get(file) !== hash).map(([file]) => file);
    expect(changed).toEqual([]);
    expect(readdirSync(folder)).toContain('mf-manifest.json');
    // A released version is never built over.
    await expect(run(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), 'mfe-auth', '--version', version], { cwd: repoRoot })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('is already released'),
    });

    await page.goto('/login');
    const previous = await remotePage(page, 'mfe_auth').getAttribute('data-remote-version');
    expect(previous).not.toBe(version);

    const operator = await signInOperator();
    const rollout = await operator.ops(['remote-rollout', 'mfe_auth', version]);
    expect(rollout).toMatchObject({ code: 0, lines: expect.arrayContaining([`Rolled out mfe_auth ${version}.`]) });
    await page.reload();
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', version);
    await expect(page.getByTestId('login-username')).toBeVisible();

    const rollback = await operator.ops(['remote-rollback', 'mfe_auth']);
    expect(rollback).toMatchObject({ code: 0, lines: expect.arrayContaining([`Rolled mfe_auth back to ${previous}.`]) });
    await page.reload();
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', previous ?? '');
  } finally {
    await setRemoteEntry('mfe_auth', null);
    rmSync(folder, { recursive: true, force: true });
  }
});
