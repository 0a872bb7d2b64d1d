import { execFile } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { expect, test, type Locator, type Page } from '../harness/test';

// The back office's sections are released alone (backoffice/sections.json): a squad releases the
// audit section (`npm run release -- backoffice/audit --version …`), which writes its own folder
// and nothing else; an admin rolls it out from Releases, and the operator's next page load runs the
// new code (the version the loaded code reports) while every other section keeps its release; the
// admin rolls it back the same way. A release that cannot load shows the section's retry panel,
// and the admin, on the host's own Releases page, rolls it back. The versions are pre-releases
// (…-e2e), which no brand is served unless it pins them, so other workers never see them.

const repoRoot = path.resolve(__dirname, '..', '..');
const sectionsDir = path.join(repoRoot, 'dist', 'backoffice', 'assets', 'sections');
const run = promisify(execFile);

/** Every file of the back office's build but the audit section's, with its modification time. */
function othersFingerprint(): Record<string, number> {
  const fingerprint: Record<string, number> = {};
  const root = path.join(repoRoot, 'dist', 'backoffice');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (full === path.join(sectionsDir, 'audit')) continue;
      if (entry.isDirectory()) walk(full);
      else fingerprint[path.relative(root, full)] = statSync(full).mtimeMs;
    }
  };
  walk(root);
  return fingerprint;
}

const section = (page: Page, name: string) => page.locator(`[data-section="${name}"]`);
const releaseRow = (card: Locator, version: string) => card.locator(`[data-testid="release-row"][data-version="${version}"]`);

async function openSection(page: Page, label: string, heading: string): Promise<void> {
  await backOfficeSections(page).filter({ hasText: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function openAuditCard(page: Page): Promise<Locator> {
  await openSection(page, 'Releases', 'Releases');
  await page.getByRole('tab', { name: 'Back office sections' }).click();
  const card = page.locator('[data-testid="section-releases"][data-section-name="audit"]');
  await expect(card.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  return card;
}

async function confirmIn(card: Locator, question: string, fromTo: string, told: string): Promise<void> {
  const dialog = card.getByRole('dialog', { name: question });
  await expect(dialog.getByTestId('release-from-to')).toHaveText(fromTo);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByRole('status')).toHaveText(told);
}

test('a back office section released alone is rolled out and back per brand from Releases; a release that cannot load is rolled back from the browser', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now();
  const version = `1.0.1-e2e.${stamp}`;
  const broken = `1.0.2-e2e.${stamp}`;
  const folders = [version, broken].map((name) => path.join(sectionsDir, 'audit', name));
  const admin = await createOperatorAccount('admin');
  try {
    await signInToBackOffice(page, admin);
    await openSection(page, 'Audit log', 'Audit log');
    const served = await section(page, 'audit').getAttribute('data-section-version');
    expect(served).toMatch(/^\d+\.\d+\.\d+$/);
    await openSection(page, 'Risk', 'Risk');
    const riskServed = await section(page, 'risk').getAttribute('data-section-version');

    // Released alone: its own folder is written, nothing else of the back office.
    const before = othersFingerprint();
    const released = await run(process.execPath, [path.join(repoRoot, 'scripts', 'release.mjs'), 'backoffice/audit', '--version', version], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    expect(released.stdout).toContain(`✓ released back office section audit ${version}`);
    expect(othersFingerprint()).toEqual(before);
    // A pre-release beside the release: nobody gets it until it is pinned.
    await page.reload();
    await openSection(page, 'Audit log', 'Audit log');
    await expect(section(page, 'audit')).toHaveAttribute('data-section-version', served!);

    // Rolled out from Releases, after confirming from → to; the next page load runs it.
    let card = await openAuditCard(page);
    await expect(card.getByTestId('section-summary')).toHaveText(`Operators get ${served} (not pinned: the newest release).`);
    await releaseRow(card, version).getByRole('button', { name: `Roll out ${version}…` }).click();
    await confirmIn(card, `Serve ${version} of the Audit log section to this brand's operators?`, `Audit log ${served} → ${version}`, `Audit log: operators now get ${version}.`);
    await page.reload();
    await openSection(page, 'Audit log', 'Audit log');
    await expect(section(page, 'audit')).toHaveAttribute('data-section-version', version);
    await expect(page.getByLabel('From day')).toBeVisible();
    // Every other section keeps its release.
    await openSection(page, 'Risk', 'Risk');
    await expect(section(page, 'risk')).toHaveAttribute('data-section-version', riskServed!);

    // Rolled back, the same way.
    card = await openAuditCard(page);
    await card.getByRole('button', { name: 'Roll back…' }).click();
    await confirmIn(card, 'Roll the Audit log section back to the release before?', `Audit log ${version} → ${served}`, `Audit log: operators now get ${served}.`);
    await page.reload();
    await openSection(page, 'Audit log', 'Audit log');
    await expect(section(page, 'audit')).toHaveAttribute('data-section-version', served!);

    // A release whose container cannot run: the section says so and offers a retry, the rest of
    // the back office works, and the admin rolls it back from Releases.
    cpSync(folders[0], folders[1], { recursive: true });
    for (const file of ['remoteEntry.js.br', 'remoteEntry.js.gz']) rmSync(path.join(folders[1], file), { force: true });
    writeFileSync(path.join(folders[1], 'remoteEntry.js'), 'throw new Error("this release of the audit section is broken");\n');
    card = await openAuditCard(page);
    await releaseRow(card, broken).getByRole('button', { name: `Roll out ${broken}…` }).click();
    await confirmIn(card, `Serve ${broken} of the Audit log section to this brand's operators?`, `Audit log ${served} → ${broken}`, `Audit log: operators now get ${broken}.`);
    await page.reload();
    await backOfficeSections(page).filter({ hasText: 'Audit log' }).click();
    await expect(section(page, 'audit').getByRole('alert')).toContainText('This section could not be loaded');
    await expect(section(page, 'audit').getByRole('button', { name: 'Try again' })).toBeVisible();
    card = await openAuditCard(page);
    await card.getByRole('button', { name: 'Roll back…' }).click();
    await confirmIn(card, 'Roll the Audit log section back to the release before?', `Audit log ${broken} → ${version}`, `Audit log: operators now get ${version}.`);
    await card.getByRole('button', { name: 'Follow the newest…' }).click();
    await confirmIn(card, 'Unpin the Audit log section, so that operators get the newest release?', `Audit log ${version} → ${served}`, `Audit log: operators now get ${served}.`);
    await page.reload();
    await openSection(page, 'Audit log', 'Audit log');
    await expect(section(page, 'audit')).toHaveAttribute('data-section-version', served!);

    // Each change is in the audit log once, with what was pinned and served before and after.
    await page.getByLabel('Operator').fill(admin.username);
    await page.getByLabel('Action').fill('backoffice_section.');
    await page.getByRole('button', { name: 'Search' }).click();
    const done = page.getByTestId('audit-row').filter({ hasText: 'done' });
    await expect(done).toHaveCount(5);
    const rolledOut = done.filter({ hasText: 'backoffice_section.rollout' });
    await expect(rolledOut).toHaveCount(2);
    const first = rolledOut.filter({ hasNotText: broken });
    await expect(first).toHaveCount(1);
    expect(JSON.parse((await first.locator('code').textContent()) ?? '')).toEqual({ before: { pinned: null, serving: served }, after: { pinned: version, serving: version } });
    const followed = done.filter({ hasText: 'backoffice_section.follow' });
    expect(JSON.parse((await followed.locator('code').textContent()) ?? '')).toEqual({ before: { pinned: version, serving: version }, after: { pinned: null, serving: served } });
  } finally {
    await operatorSql(`DELETE FROM backoffice_section_release WHERE merchant_id = ${WORKER_MERCHANT_ID} AND name = 'audit'`);
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
});
