import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The help page, the mirror speed test and the download page as a player meets them:
//   - /help: the help banners above it, the help-centre articles by category, a search that
//     finds an article whatever its case and accents, and an article's own address (a deep link),
//     on /helpmc too (the page alone, no header);
//   - the speed test (/help?tab=speed) against two mirrors served here, one answering at once and
//     one 300 ms late, listed slow first: the fast one is ranked first and offered as the switch.
//     The worker's merchant's mirror domains are pointed at them for these tests and put back after;
//   - /download: the QR code of the site and the operator's app downloads;
// on a desktop and on a 390 px phone, in English and Bengali, with nothing scrolling sideways.

/** An article with accents the seed does not have, added for these tests and taken out after. */
const ACCENTED = { category: 'Tài khoản', title: 'Cách nạp tiền nhanh', content: '<p>Mở <b>Nạp tiền</b> và chọn phương thức.</p>' };

/** A tiny mirror: answers every request after `delayMs`, readable from the site's origin. */
class Mirror {
  readonly paths: string[] = [];
  private readonly server: http.Server;

  constructor(private readonly delayMs: number) {
    this.server = http.createServer((request, response) => {
      this.paths.push(request.url ?? '');
      setTimeout(() => {
        response.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store', 'Cross-Origin-Resource-Policy': 'cross-origin' });
        response.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      }, this.delayMs);
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let fast: Mirror;
let slow: Mirror;
let fastOrigin: string;
let slowOrigin: string;
let savedRoutes: { domain: string; sort_order: number; enabled: boolean }[] = [];
let accentedId: number;

test.beforeAll(async () => {
  fast = new Mirror(0);
  slow = new Mirror(300);
  [fastOrigin, slowOrigin] = await Promise.all([fast.start(), slow.start()]);
  savedRoutes = await operatorSql(`SELECT domain, sort_order, enabled FROM domain_route WHERE merchant_id = ${WORKER_MERCHANT_ID} ORDER BY sort_order, id`);
  // The slow mirror is listed first: the ranking, not the list, must put the fast one on top.
  await operatorSql(
    `WITH gone AS (DELETE FROM domain_route WHERE merchant_id = ${WORKER_MERCHANT_ID})
     INSERT INTO domain_route (merchant_id, domain, sort_order) VALUES (${WORKER_MERCHANT_ID}, $1, 0), (${WORKER_MERCHANT_ID}, $2, 1)`,
    [slowOrigin, fastOrigin],
  );
  const [added] = await operatorSql<{ id: number }>(
    `INSERT INTO help_article (merchant_id, category, title, content, sort_order) VALUES (${WORKER_MERCHANT_ID}, $1, $2, $3, 100) RETURNING id`,
    [ACCENTED.category, ACCENTED.title, ACCENTED.content],
  );
  accentedId = added.id;
});

test.afterAll(async () => {
  await operatorSql(`DELETE FROM help_article WHERE id = $1`, [accentedId]);
  await operatorSql(`DELETE FROM domain_route WHERE merchant_id = ${WORKER_MERCHANT_ID}`);
  for (const route of savedRoutes) {
    await operatorSql(`INSERT INTO domain_route (merchant_id, domain, sort_order, enabled) VALUES (${WORKER_MERCHANT_ID}, $1, $2, $3)`, [route.domain, route.sort_order, route.enabled]);
  }
  await Promise.all([fast?.stop(), slow?.stop()]);
});

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

async function articleIdOf(title: string): Promise<number> {
  const [row] = await operatorSql<{ id: number }>(`SELECT id FROM help_article WHERE merchant_id = ${WORKER_MERCHANT_ID} AND title = $1`, [title]);
  return row.id;
}

async function searchHelp(page: Page, text: string): Promise<void> {
  await page.getByTestId('help-search').fill(text);
}

/** Runs the speed test and checks the fast mirror is ranked first, marked and offered. */
async function expectFastMirrorFirst(page: Page): Promise<void> {
  await expect(page.getByTestId('speed-test')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  const rows = page.getByTestId('speed-test-mirror');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute('data-origin', fastOrigin);
  await expect(rows.nth(0)).toHaveAttribute('data-fastest', 'true');
  await expect(rows.nth(1)).toHaveAttribute('data-origin', slowOrigin);
  await expect(rows.nth(1)).not.toHaveAttribute('data-fastest', /.*/);
  await expect(rows.nth(0).getByTestId('speed-test-time')).toHaveText(/^\d+ /);
  await expect(page.getByTestId('speed-test-switch')).toHaveAttribute('href', `${fastOrigin}/`);
}

test('the help page: its banners, categories, an accent-blind search and an article’s own address', async ({ page }) => {
  await openSite(page, '/help');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Center');
  // The route's banner group is shown above the page (the default help banner when the operator has none).
  await expect(page.locator('[data-testid="banner"][data-group="w_help"]')).toBeVisible();
  await expect(page.getByTestId('help-category-link').first()).toHaveText('Account');
  await expect(page.getByTestId('help-article-link')).toHaveText(['How do I register?', 'I forgot my password']);

  await searchHelp(page, 'WITHDRAWAL');
  await expect(page.getByTestId('help-result')).toHaveCount(1);
  await expect(page.getByTestId('help-result')).toContainText('How long does a withdrawal take?');
  // A word of the body, without its accents.
  await searchHelp(page, 'phuong thuc');
  await expect(page.getByTestId('help-result')).toHaveCount(1);
  await expect(page.getByTestId('help-result')).toContainText(ACCENTED.title);
  // Opened from further down the page, the article starts at its top, like a new page. (Clicked
  // from script: Playwright's click would scroll the link into view first.)
  await page.evaluate(() => {
    document.body.style.paddingBottom = '3000px';
    window.scrollTo(0, 1500);
  });
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByTestId('help-result').evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(new RegExp(`/help\\?category=.+&article=${accentedId}$`));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByTestId('help-article').getByRole('heading', { level: 2 })).toHaveText(ACCENTED.title);
  await expect(page.getByTestId('help-article-content').locator('b')).toHaveText('Nạp tiền');

  // An article's address opens it.
  const agreement = await articleIdOf('User agreement');
  await openSite(page, `/help?category=Terms&article=${agreement}`);
  await expect(page.getByTestId('help-article')).toHaveAttribute('data-article-id', String(agreement));
  await expect(page.getByTestId('help-article-content')).toContainText('at least 18 years old');
  await page.getByTestId('help-back').click();
  await expect(page).toHaveURL(/\/help\?category=Terms$/);
  await expect(page.getByTestId('help-article-link')).toHaveText(['User agreement']);
});

test('/helpmc is the same help centre alone, its deep links too', async ({ page }) => {
  const password = await articleIdOf('I forgot my password');
  await openSite(page, `/helpmc?article=${password}`);
  await expect(page.getByTestId('help-article').getByRole('heading', { level: 2 })).toHaveText('I forgot my password');
  await expect(page.getByTestId('header')).toHaveCount(0);
  await expect(page.locator('[data-testid="banner"]')).toHaveCount(0);
});

test('the deposit guide shows a visitor every method’s steps', async ({ page }) => {
  await openSite(page, '/help?tab=deposit&method=MT');
  await expect(page.getByTestId('deposit-guide-method')).toHaveAttribute('data-method', 'MT');
  await expect(page.getByTestId('deposit-guide-method').getByRole('listitem').first()).toHaveText('Open Deposit and choose Bank transfer.');
  await page.getByTestId('deposit-guide-tab-QR').click();
  await expect(page).toHaveURL(/\/help\?tab=deposit&method=QR$/);
  await expect(page.getByTestId('deposit-guide-login')).toBeVisible();
});

test('the speed test ranks the mirror that answers first on top and offers to switch to it', async ({ page }) => {
  await openSite(page, '/help');
  await page.getByTestId('help-tab-speed').click();
  await expect(page).toHaveURL(/\/help\?tab=speed$/);
  await expectFastMirrorFirst(page);
  // Five requests each, for the small icon, each past every cache.
  expect(fast.paths.filter((path) => path.startsWith('/icons/icon.svg?speedtest=')).length).toBeGreaterThanOrEqual(5);
  expect(new Set(slow.paths).size).toBe(slow.paths.length);

  await page.getByTestId('speed-test-again').click();
  await expect(page.getByTestId('speed-test')).toHaveAttribute('data-state', 'measuring');
  await expectFastMirrorFirst(page);
});

test('the download page shows the QR code of the site and the app downloads', async ({ page, baseURL }) => {
  await openSite(page, '/download');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('App Download');
  const qr = page.getByTestId('download-qr');
  await expect(qr).toHaveAttribute('data-value', `${baseURL}/`);
  await expect(qr.locator('svg')).toBeVisible();
  await expect(page.getByTestId('download-install')).toBeVisible();
  await expect(page.getByTestId('download-android')).toHaveAttribute('href', 'https://luckystar.example/download?platform=android');
  await expect(page.getByTestId('download-ios')).toHaveAttribute('href', 'https://luckystar.example/download?platform=ios');
  // /down is the same page.
  await openSite(page, '/down');
  await expect(page.getByTestId('download-qr')).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function expectFits(page: Page, testId: string): Promise<void> {
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, testId);
  }

  test('the help page, an article, the deposit guide, the speed test and the download page fit, in English and Bengali', async ({ page }) => {
    test.setTimeout(120_000);
    const agreement = await articleIdOf('User agreement');
    for (const language of ['EN', 'BN']) {
      if (language === 'BN') await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));

      await openSite(page, '/help');
      await expect(page.getByTestId('help-article-link').first()).toBeVisible();
      await expectFits(page, 'help-centre');
      await searchHelp(page, 'deposit');
      await expect(page.getByTestId('help-result').first()).toBeVisible();
      await expectFits(page, 'help-centre');

      await openSite(page, `/help?article=${agreement}`);
      await expect(page.getByTestId('help-article-content')).toBeVisible();
      await expectFits(page, 'help-centre');

      await openSite(page, '/help?tab=deposit&method=C2C');
      await expect(page.getByTestId('deposit-guide-method')).toBeVisible();
      await expectFits(page, 'help-centre');

      await openSite(page, '/help?tab=speed');
      await expectFastMirrorFirst(page);
      await expectFits(page, 'help-centre');

      await openSite(page, '/download');
      await expect(page.getByTestId('download-qr').locator('svg')).toBeVisible();
      await expectFits(page, 'download-page');
    }
    // The Bengali page is in Bengali.
    await expect(page.getByTestId('download-install').getByRole('heading', { level: 2 })).toHaveText('এই ডিভাইসে ইনস্টল করুন');
  });
});
