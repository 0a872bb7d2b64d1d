import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Locator } from '../harness/test';

// The back office's Releases section against the real server: a squad releases a remote on its
// own (`npm run release -- mfe-auth --version …`, as release.spec.ts does), an admin rolls it out
// from the back office after confirming from → to, a player's next page load gets it; the admin
// rolls back the same way and the player's next load gets the release before. The audit log has
// each change once, with what was served before and after. The version is a pre-release (…-e2e,
// which the other browser tests that look at dist/ leave aside), so other workers' merchants never
// serve it; this worker's merchant is left serving what it served before, and the folder removed.

const repoRoot = path.resolve(__dirname, '..', '..');
const run = promisify(execFile);

interface RegistryRow {
  entry_url: string | null;
  version: string | null;
  canary_version: string | null;
  canary_percent: number;
}

const registryRow = async (name: string): Promise<RegistryRow> =>
  (await operatorSql<RegistryRow>(`SELECT entry_url, version, canary_version, canary_percent FROM remote_registry WHERE name = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [name]))[0];

async function restoreRegistryRow(name: string, row: RegistryRow): Promise<void> {
  await operatorSql(`UPDATE remote_registry SET entry_url = $2, version = $3, canary_version = $4, canary_percent = $5 WHERE name = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [
    name,
    row.entry_url,
    row.version,
    row.canary_version,
    row.canary_percent,
  ]);
}

/**
 * A pre-release just after `served` (1.0.0 → 1.0.1-bo-e2e.<time>): rolled back, it serves `served`
 * again, and it sorts before release.spec.ts's 1.0.1-e2e.<time> should that one be deployed meanwhile.
 */
function preReleaseAfter(served: string): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(served);
  if (!match) throw new Error(`mfe_auth serves ${served}, not a release: this test needs a release served to roll back to`);
  return `${match[1]}.${match[2]}.${Number(match[3]) + 1}-bo-e2e.${Date.now()}`;
}

const releaseRow = (card: Locator, version: string) => card.locator(`[data-testid="release-row"][data-version="${version}"]`);

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test('an admin rolls a released remote out and back in the back office: the player gets each on the next load, the audit log has each once', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const registryBefore = await registryRow('mfe_auth');

  // What the player's page loads now.
  await page.goto('/login');
  const previous = await remotePage(page, 'mfe_auth').getAttribute('data-remote-version');
  expect(previous).toMatch(/^\d+\.\d+\.\d+$/);
  const version = preReleaseAfter(previous!);
  const folder = path.join(repoRoot, 'dist', 'remotes', 'mfe_auth', version);

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const released = await run(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), 'mfe-auth', '--version', version], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    expect(released.stdout).toContain(`✓ released mfe_auth ${version}`);
    // A pre-release beside the release: nobody is served it until it is pinned.
    await page.reload();
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', previous!);

    // The admin finds it in the Releases section: deployed, not served.
    const office = await desk.newPage();
    const admin = await createOperatorAccount('admin');
    await signInToBackOffice(office, admin);
    await backOfficeSections(office).filter({ hasText: 'Releases' }).click();
    await expect(office.getByRole('heading', { level: 1, name: 'Releases' })).toBeVisible();
    const card = office.locator('[data-testid="remote"][data-remote="mfe_auth"]');
    await expect(card.getByRole('heading', { name: 'mfe_auth' })).toBeVisible();
    await expect(releaseRow(card, previous!)).toContainText('Served');
    await expect(releaseRow(card, version)).toContainText('Available');

    // Rolled out, after confirming from → to.
    await releaseRow(card, version).getByRole('button', { name: `Roll out ${version}…` }).click();
    const rollout = card.getByRole('dialog', { name: `Roll out ${version} of mfe_auth to every device?` });
    await expect(rollout.getByTestId('release-from-to')).toHaveText(`mfe_auth ${previous} → ${version}`);
    await rollout.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByRole('status')).toHaveText(`mfe_auth: every device now gets ${version}.`);
    await expect(card.getByTestId('remote-summary')).toHaveText(`Every device gets ${version} (pinned).`);
    await expect(releaseRow(card, version)).toContainText('Served');
    await expect(releaseRow(card, version)).toContainText('Pinned');

    // The player's next page load gets it.
    await page.reload();
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', version);
    await expect(page.getByTestId('login-username')).toBeVisible();

    // Usable at 820 px: the page does not scroll sideways.
    await office.setViewportSize({ width: 820, height: 1000 });
    await expect(card.getByRole('button', { name: 'Roll back…' })).toBeVisible();
    expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await office.setViewportSize({ width: 1280, height: 900 });

    // Rolled back to the release before, after confirming from → to.
    await expect(card.getByText(`Serves the release before to every device: ${previous}.`)).toBeVisible();
    await card.getByRole('button', { name: 'Roll back…' }).click();
    const rollback = card.getByRole('dialog', { name: 'Roll mfe_auth back to the release before?' });
    await expect(rollback.getByTestId('release-from-to')).toHaveText(`mfe_auth ${version} → ${previous}`);
    await rollback.getByRole('button', { name: 'Confirm' }).click();
    await expect(card.getByRole('status')).toHaveText(`mfe_auth rolled back: every device now gets ${previous}.`);
    await expect(releaseRow(card, previous!)).toContainText('Served');
    await expect(releaseRow(card, version)).toContainText('Available');

    // The player's next page load gets the release before.
    await page.reload();
    await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', previous!);
    await expect(page.getByTestId('login-username')).toBeVisible();

    // The audit log: each change once, done, with what was served before and after.
    await backOfficeSections(office).filter({ hasText: 'Audit log' }).click();
    await office.getByLabel('Operator').fill(admin.username);
    await office.getByLabel('Action').fill('remote.');
    await office.getByRole('button', { name: 'Search' }).click();
    const done = office.getByTestId('audit-row').filter({ hasText: 'done' });
    await expect(done).toHaveCount(2);
    const detail = async (row: Locator) => JSON.parse((await row.locator('code').textContent()) ?? '') as unknown;
    const rolledOut = done.filter({ hasText: 'remote.rollout' });
    await expect(rolledOut).toHaveCount(1);
    await expect(rolledOut).toContainText('remote mfe_auth');
    expect(await detail(rolledOut)).toEqual({ version, before: { serving: previous, canary: null }, after: { serving: version, canary: null } });
    const rolledBack = done.filter({ hasText: 'remote.rollback' });
    await expect(rolledBack).toHaveCount(1);
    await expect(rolledBack).toContainText('remote mfe_auth');
    expect(await detail(rolledBack)).toEqual({ before: { serving: version, canary: null }, after: { serving: previous, canary: null } });
  } finally {
    await desk.close();
    // What this worker's merchant served before (a pin or none, a canary or none), and no folder left.
    await restoreRegistryRow('mfe_auth', registryBefore);
    rmSync(folder, { recursive: true, force: true });
  }
  expect(await registryRow('mfe_auth')).toEqual(registryBefore);
  await page.reload();
  await expect(remotePage(page, 'mfe_auth')).toHaveAttribute('data-remote-version', previous!);
});
