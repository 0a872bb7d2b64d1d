import { clearRegistrationLimits, clearThrottles, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { E2E_PORT } from '../harness/constants';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT, WORKER_MERCHANT_ID } from '../harness/merchant';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Browser, type BrowserContext, type Page, type Request, type Route } from '../harness/test';

// Start-up and storage: the merchant written at boot from
// the domain and sent as the Merchant header of every call, the session keys, the analytics tag
// (never fetched from Google: the browser's request is answered here), the image CDNs' fallback.

/** The worker's pages name the merchant themselves (harness/test.ts); this one is reached by host name only. */
const HOST_ONLY_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** A browser context without the harness's Merchant header: the host name picks the merchant. */
async function hostOnlyContext(browser: Browser): Promise<BrowserContext> {
  // The runner gives a new context the fixtures' options: the worker's Merchant header is taken off.
  const context = await browser.newContext({ baseURL: HOST_ONLY_ORIGIN, extraHTTPHeaders: {} });
  await context.addInitScript(() => {
    window.localStorage.setItem('lang', 'EN');
    window.localStorage.setItem('hisLang', 'EN');
    window.sessionStorage.setItem('announcementPopupShown', '1');
  });
  return context;
}

const session = (page: Page) => page.evaluate(() => ({ ...window.sessionStorage }));
const local = (page: Page) => page.evaluate(() => ({ ...window.localStorage }));

test.describe('merchant from the domain', () => {
  test.beforeAll(async () => {
    // This worker's merchant owns the host name 127.0.0.1 for these tests (no other page uses it
    // without a Merchant header).
    await operatorSql(`insert into merchant_domain (domain, merchant_id) values ('127.0.0.1', ${WORKER_MERCHANT_ID}) on conflict (domain) do update set merchant_id = excluded.merchant_id`);
  });
  test.afterAll(async () => {
    await operatorSql(`delete from merchant_domain where domain = '127.0.0.1'`);
  });

  test('the boot status goes by host name; its merchant code is written and every later call sends it once, through registration and login', async ({ browser }) => {
    await clearRegistrationLimits();
    await clearThrottles();
    const context = await hostOnlyContext(browser);
    const page = await context.newPage();
    /** The API calls in the order the page sent them, and how many had gone out when the boot status was answered. */
    const sent: { path: string; headers: Promise<{ name: string; value: string }[]> }[] = [];
    let sentBeforeStatusAnswer = -1;
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/wps/')) sent.push({ path: url.pathname, headers: request.headersArray() });
    });
    page.on('response', (response) => {
      if (sentBeforeStatusAnswer < 0 && new URL(response.url()).pathname === '/wps/system/status') sentBeforeStatusAnswer = sent.length;
    });
    const callsSent = async () =>
      Promise.all(
        sent.map(async ({ path, headers }) => {
          const names = (await headers).filter((header) => header.name.toLowerCase() === 'merchant');
          return { path, merchants: names.map((header) => header.value) };
        }),
      );
    try {
      await page.goto('/');
      await expect(page.getByTestId('header')).toBeVisible();
      const boot = await callsSent();
      expect(boot.find((call) => call.path === '/wps/system/status')?.merchants).toEqual([]);
      expect(await session(page)).toMatchObject({ merchant: WORKER_MERCHANT.code, merchantCode: WORKER_MERCHANT.code });
      expect((await local(page)).merchantCode).toBe(WORKER_MERCHANT.code);
      const statusAnswer = JSON.parse((await session(page)).permission);
      expect(statusAnswer.info.merchantCode).toBe(WORKER_MERCHANT.code);

      const username = uniqueUsername('boot');
      await page.getByTestId('header-register').click();
      await page.getByTestId('register-username').fill(username);
      await page.getByTestId('register-password').fill(TEST_PASSWORD);
      await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('register-success')).toBeVisible();
      await expect(page.getByTestId('header-balance')).toBeVisible();

      // The account is the domain's merchant's: the header named it on the registration.
      const [member] = await operatorSql<{ code: string }>('select m.code from member p join merchant m on m.id = p.merchant_id where p.username = $1', [username]);
      expect(member.code).toBe(WORKER_MERCHANT.code);
      // Every call sent once the status answered names the merchant, exactly once.
      expect(sentBeforeStatusAnswer).toBeGreaterThan(0);
      const later = (await callsSent()).slice(sentBeforeStatusAnswer);
      expect(later.map((call) => call.path)).toEqual(expect.arrayContaining(['/wps/member/register', '/wps/member/info']));
      for (const call of later) expect(call).toEqual({ path: call.path, merchants: [WORKER_MERCHANT.code] });

      // Session keys: the logged-in session and the merchant; the derived ones are not written.
      const stored = await session(page);
      expect(Object.keys(stored)).toEqual(expect.arrayContaining(['token', 'merchant', 'merchantCode', 'permission', 'isAgent', 'account', 'username', 'login']));
      for (const derived of ['settings', 'whitelabel', 'index_notice', 'gameVendor', 'routers', 'consolidated', 'enableSalary', 'enableContract']) {
        expect({ key: derived, stored: derived in stored }).toEqual({ key: derived, stored: false });
      }
    } finally {
      await context.close();
    }
  });
});

test.describe('analytics tag', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });
  test.afterEach(async () => {
    await operatorSql(`update merchant_setting set value = '{"gtagId": null}' where key = 'analytics' and merchant_id = ${WORKER_MERCHANT_ID}`);
  });

  const setAnalytics = (value: unknown) =>
    operatorSql(
      `insert into merchant_setting (merchant_id, key, value) values (${WORKER_MERCHANT_ID}, 'analytics', $1)
       on conflict (merchant_id, key) do update set value = excluded.value`,
      [JSON.stringify(value)],
    );

  /** Answers gtag.js here (an empty script): nothing goes to Google. Returns the addresses asked for. */
  async function interceptGtag(page: Page): Promise<string[]> {
    const asked: string[] = [];
    await page.route(/^https:\/\/[^/]*googletagmanager\.com\//, (route: Route) => {
      asked.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '/* gtag.js stand-in */' });
    });
    await page.route(/^https:\/\/[^/]*(google-analytics|analytics\.google)\.com\//, (route: Route) => route.fulfill({ status: 204, body: '' }));
    return asked;
  }

  const tagScript = (page: Page) => page.locator('script[data-analytics-tag]');

  test('without a tag nothing is added', async ({ page }) => {
    const asked = await interceptGtag(page);
    await openSite(page, '/');
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(tagScript(page)).toHaveCount(0);
    expect(asked).toEqual([]);
  });

  test('a merchant tag loads at once, with a page policy that allows it', async ({ page }) => {
    await setAnalytics({ gtagId: 'G-E2ETEST1' });
    const asked = await interceptGtag(page);
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain('https://*.googletagmanager.com');
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(tagScript(page)).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1');
    await expect.poll(() => asked).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-E2ETEST1']);
    const queued = await page.evaluate(() => ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry).slice(0, 2)));
    expect(queued).toEqual([
      ['js', expect.anything()],
      ['config', 'G-E2ETEST1'],
    ]);
    await expect(page.getByTestId('analytics-consent')).toHaveCount(0);
  });

  test('where consent is required: asked first, loaded after Accept, remembered; never after Decline', async ({ page, browser }) => {
    await setAnalytics({ gtagId: 'G-E2ETEST2', consentRequired: true });
    const asked = await interceptGtag(page);
    await openSite(page, '/');
    const question = page.getByTestId('analytics-consent');
    await expect(question).toBeVisible();
    await expect(question).toContainText('Google Analytics');
    await expect(tagScript(page)).toHaveCount(0);
    expect(asked).toEqual([]);
    await question.getByRole('button', { name: 'Accept' }).click();
    await expect(question).toHaveCount(0);
    await expect(tagScript(page)).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-E2ETEST2');
    await expect.poll(() => asked.length).toBe(1);
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(tagScript(page)).toHaveCount(1);
    await expect(question).toHaveCount(0);

    // Another browser declines: no tag, and no question on the next visit.
    const context = await browser.newContext({ extraHTTPHeaders: { Merchant: WORKER_MERCHANT.code } });
    const other = await context.newPage();
    try {
      await other.addInitScript(() => {
        window.localStorage.setItem('lang', 'EN');
        window.localStorage.setItem('hisLang', 'EN');
        window.sessionStorage.setItem('announcementPopupShown', '1');
      });
      const otherAsked = await interceptGtag(other);
      await openSite(other, '/');
      // At 390 px the question fits the screen above the tab bar, nothing scrolls sideways.
      await other.setViewportSize({ width: 390, height: 800 });
      const otherQuestion = other.getByTestId('analytics-consent');
      await expect(otherQuestion).toBeVisible();
      expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await otherQuestion.getByRole('button', { name: 'Decline' }).click();
      await expect(otherQuestion).toHaveCount(0);
      await other.reload();
      await expect(other.getByTestId('header')).toBeVisible();
      await expect(otherQuestion).toHaveCount(0);
      await expect(tagScript(other)).toHaveCount(0);
      expect(otherAsked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test.describe('image CDNs', () => {
  test.afterEach(async () => {
    await operatorSql(`update merchant_setting set value = '{"imageCDNs": [], "launchGameCDNs": []}' where key = 'cdn' and merchant_id = ${WORKER_MERCHANT_ID}`);
  });

  test('pictures come from a CDN of the list; one that fails moves them to the next', async ({ page }) => {
    await operatorSql(
      `update merchant_setting set value = '{"imageCDNs": ["https://img-down.cdn.test", "https://img-up.cdn.test/site"], "launchGameCDNs": []}' where key = 'cdn' and merchant_id = ${WORKER_MERCHANT_ID}`,
    );
    await useEnglish(page);
    await skipAnnouncementPopup(page);
    // The pick is random: made the first of the list here, the CDN that is down.
    await page.addInitScript(() => {
      Math.random = () => 0;
    });
    const down: string[] = [];
    const up: string[] = [];
    await page.route('https://img-down.cdn.test/**', (route) => {
      down.push(new URL(route.request().url()).pathname);
      return route.abort('connectionrefused');
    });
    await page.route('https://img-up.cdn.test/**', (route) => {
      up.push(new URL(route.request().url()).pathname);
      return route.fulfill({
        status: 200,
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#888"/></svg>',
      });
    });
    await openSite(page, '/');
    const logo = page.getByTestId('header').locator('img').first();
    await expect(logo).toHaveAttribute('src', 'https://img-up.cdn.test/site/assets/logo.svg');
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const banner = page.getByRole('img', { name: 'Banner 1' });
    await expect(banner).toHaveAttribute('src', /^https:\/\/img-up\.cdn\.test\/site\/assets\/banners\//);
    await expect.poll(() => banner.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    // The first picture tried the CDN that is down; once it failed, the page used the next one.
    expect(down.length).toBeGreaterThanOrEqual(1);
    expect(up).toEqual(expect.arrayContaining(['/site/assets/logo.svg']));
  });
});
