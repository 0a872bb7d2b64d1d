import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Response } from '../harness/test';
import { openSite, remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';

// What a cold load fetches, and the service worker on a repeat visit. Speed itself
// is measured by `npm run bench -- --load`, never asserted here.

const REMOTES = ['mfe_auth', 'mfe_lobby', 'mfe_lottery', 'mfe_member_center', 'mfe_agent_center'];
const repoRoot = path.resolve(__dirname, '..', '..');
const indexFile = path.join(repoRoot, 'dist', 'shell', 'index.html');

/** Every script the page fetches, with its body (to tell which library a numbered chunk holds). */
function recordScripts(page: Page): { url: string; body: Promise<string> }[] {
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  return scripts;
}

/** The remotes whose entry (remoteEntry.js) the page fetched. */
const entriesOf = (scripts: { url: string }[]) =>
  REMOTES.filter((remote) => scripts.some(({ url }) => url.includes(`/remotes/${remote}/`) && url.includes('remoteEntry.js')));

/** True when a fetched script holds Swiper (its own chunk or a library chunk of it). */
async function fetchedSwiper(scripts: { url: string; body: Promise<string> }[]): Promise<boolean> {
  for (const script of scripts) {
    if (/banner-swiper/.test(script.url) || (await script.body).includes('swiper-wrapper')) return true;
  }
  return false;
}

test.describe('first load', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });

  test('a page without banners fetches its own remote only, and never Swiper', async ({ page }) => {
    const scripts = recordScripts(page);

    // A page without banners: Swiper is never fetched.
    await openSite(page, '/lottery');
    await expect(remotePage(page, 'mfe_lottery')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(entriesOf(scripts)).toEqual(['mfe_lottery']);
    expect(await fetchedSwiper(scripts)).toBe(false);
  });

  test('home loads its own remote only; Swiper when the carousel is reached for, each modal when it opens', async ({ page }) => {
    const scripts = recordScripts(page);
    await openSite(page, '/');
    await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
    // The first banner stands in for the carousel; Swiper is not fetched for it (it is fetched when
    // the carousel first moves, after the autoplay delay, or when the player reaches for it).
    await expect(page.getByTestId('banner-first-slide')).toBeVisible();
    expect(await fetchedSwiper(scripts)).toBe(false);
    await page.getByTestId('banner').hover();
    await expect(page.locator('[data-testid="banner"] .swiper-initialized')).toBeVisible();
    expect(await fetchedSwiper(scripts)).toBe(true);

    // Only the route's remote: the login popup's, the centres' and the lottery's wait until needed.
    await page.waitForLoadState('networkidle');
    expect(entriesOf(scripts)).toEqual(['mfe_lobby']);
    expect(scripts.filter(({ url }) => /announcement-modal|app-download-modal/.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Download app' }).first().click();
    await expect(page.getByTestId('app-download-modal')).toBeVisible();
    expect(scripts.some(({ url }) => /app-download-modal\.[0-9a-f]+\.js/.test(url))).toBe(true);
    expect(scripts.some(({ url }) => /announcement-modal/.test(url))).toBe(false);

    // The login popup's remote is fetched when the popup is asked for.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await expect.poll(() => entriesOf(scripts)).toEqual(['mfe_auth', 'mfe_lobby']);
  });

  test('the service worker serves the shell on a repeat visit offline, and a new deploy of the page online', async ({ page, context }) => {
    await openSite(page, '/');
    // The first visit installs the worker; it takes over this page once active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    // A repeat visit through the worker (it caches the shell's chunks as they come).
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    await page.waitForLoadState('networkidle');

    // A deploy of the shell: the page on the server changes. Online, the next load gets it.
    const deployed = readFileSync(indexFile, 'utf8');
    const marker = `deploy-${Date.now()}`;
    try {
      writeFileSync(indexFile, deployed.replace('</head>', `<meta name="e2e-deploy" content="${marker}"></head>`));
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.locator('meta[name="e2e-deploy"]')).toHaveAttribute('content', marker);
      await expect(page.getByTestId('header')).toBeVisible();
    } finally {
      writeFileSync(indexFile, deployed);
    }

    // Offline: the worker answers with the cached page, and the shell's code runs from its cache
    // (the API is not reachable, so the shell shows its start-up failure with a retry).
    await context.setOffline(true);
    try {
      const response = await page.reload();
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.getByTestId('start-failed')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
