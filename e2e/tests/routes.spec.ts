import { expect, test } from '../harness/test';
import { openSite, remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Every route of the site with its aliases, the remote that owns it, and the English title its
// remote shows until the remote's own screens are built.
const ROUTES: [path: string, remote: string, title: string][] = [
  ['/', 'mfe_lobby', 'Home'],
  ['/index', 'mfe_lobby', 'Home'],
  ['/index.html', 'mfe_lobby', 'Home'],
  ['/home', 'mfe_lobby', 'Home'],
  ['/register', 'mfe_auth', 'Register'],
  ['/register.html', 'mfe_auth', 'Register'],
  ['/login', 'mfe_auth', 'Login'],
  ['/rng', 'mfe_lobby', 'Slots'],
  ['/live', 'mfe_lobby', 'Live Casino'],
  ['/fish', 'mfe_lobby', 'Fishing'],
  ['/pvp', 'mfe_lobby', 'PVP'],
  ['/sports', 'mfe_lobby', 'Sports'],
  ['/esports', 'mfe_lobby', 'E-sports'],
  ['/cockfight', 'mfe_lobby', 'Cockfighting'],
  ['/inhouse', 'mfe_lobby', 'In-House'],
  ['/elott', 'mfe_lobby', 'Lottery'],
  ['/hot', 'mfe_lobby', 'Hot Games'],
  ['/lottery', 'mfe_lottery', 'Lottery'],
  ['/lottery?gameCode=SSC1&playType=5X', 'mfe_lottery', 'Lottery'],
  ['/vnlottery', 'mfe_lottery', 'Vietnam Lottery'],
  ['/seamless', 'mfe_lobby', 'Game'],
  ['/promotions', 'mfe_lobby', 'Promotions'],
  ['/promotions/3', 'mfe_lobby', 'Promotion Details'],
  ['/promoDetail?id=3', 'mfe_lobby', 'Promotion Details'],
  ['/pointMall', 'mfe_lobby', 'Points Mall'],
  ['/help', 'mfe_lobby', 'Help Center'],
  ['/helpmc', 'mfe_lobby', 'Help Center'],
  ['/down', 'mfe_lobby', 'App Download'],
  ['/download', 'mfe_lobby', 'App Download'],
  ['/game', 'mfe_lobby', 'Game'],
];

test.describe('routes', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });

  // Each route is loaded as a deep link (a full page load), one after the other in one browser
  // context: its cache keeps the shell's and remotes' files, as a visitor's browser would, instead
  // of a fresh context downloading everything 30 times. Every route is checked even when one fails.
  test('every route is rendered by its remote when opened by its address', async ({ page }) => {
    test.setTimeout(180_000);
    for (const [path, remote, title] of ROUTES) {
      await test.step(`${path} is rendered by ${remote}`, async () => {
        await page.goto(path);
        await expect.soft(remotePage(page, remote).getByRole('heading', { level: 1 }), path).toHaveText(title);
      });
    }
  });

  test('routes without a top or left bar hide them: /vnlottery, /helpmc, /seamless (unless bars=1)', async ({ page }) => {
    for (const path of ['/vnlottery', '/helpmc', '/seamless']) {
      await page.goto(path);
      await expect(page.getByTestId('remote-page')).toBeVisible();
      await expect(page.getByTestId('header')).toHaveCount(0);
      await expect(page.getByTestId('side-bar')).toHaveCount(0);
    }
    await page.goto('/seamless?bars=1');
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(page.getByTestId('side-bar')).toBeVisible();
  });

  test('an unknown path shows a not-found page inside the site, with a way home', async ({ page }) => {
    await openSite(page, '/no-such-page');
    await expect(page.getByTestId('not-found-page')).toBeVisible();
    await expect(page.getByTestId('header')).toBeVisible();
    await page.getByTestId('not-found-page').getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
  });

  test('the default language is Bengali', async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/');
    await expect(remotePage(page, 'mfe_lobby').getByRole('heading', { level: 1 })).toHaveText('হোম');
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
    await page.close();
  });
});
