import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The lobby against the real server: a category's vendors and games, the list's filters
// and pages, favourites (logged out: the login popup), a launch into the /game frame (a reload
// keeps it), a balance too low for the game (deposit popup), a vendor under maintenance (its
// window) and a vendor not connected yet; on a desktop and on a 390 px phone.

const PAGE_GAMES = 45;

let player: RegisteredMember;

test.beforeAll(async ({ request }) => {
  await clearThrottles();
  await clearRegistrationLimits();
  player = await registerMember(request);
  // 45 games of a vendor that has no adapter (PG): two pages of the list; their icons do not exist.
  await operatorSql(`DELETE FROM game WHERE merchant_id = ${WORKER_MERCHANT_ID} AND game_code LIKE 'E2EPG%'`);
  await operatorSql(
    `INSERT INTO game (merchant_id, game_vendor_id, game_code, name, game_classify, min_bet_minor, line_num, icon_url, sort_order, created_at)
     SELECT gv.merchant_id, gv.id, 'E2EPG' || lpad(n::text, 2, '0'), 'Pager Slot ' || lpad(n::text, 2, '0'), 'SLOT', 50, 10,
            '/assets/games/no-such-icon-' || n || '.png', n, now()
       FROM game_vendor gv, generate_series(1, ${PAGE_GAMES}) AS n
      WHERE gv.merchant_id = ${WORKER_MERCHANT_ID} AND gv.vassalage = 'PG' AND gv.game_category = 'RNG'`,
  );
});

test.afterAll(async () => {
  await operatorSql(`DELETE FROM game WHERE merchant_id = ${WORKER_MERCHANT_ID} AND game_code LIKE 'E2EPG%'`);
  await operatorSql(`DELETE FROM game_vendor_maintenance WHERE merchant_id = ${WORKER_MERCHANT_ID} AND reason = 'e2e lobby'`);
});

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
});

async function logIn(page: Page): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(player.username);
  await popup.getByTestId('login-password').fill(player.password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}

/** Nothing inside `testId` is wider than the window, and the page does not scroll sideways. */
async function expectNoHorizontalOverflow(page: Page, testId: string): Promise<void> {
  const overflow = await page.evaluate((id) => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>(`[data-testid="${id}"] *`)]
      // Vendor cards scroll inside their own row.
      .filter((element) => !element.closest('ul[aria-label="Game providers"]') && element.getBoundingClientRect().right > width + 1)
      .map((element) => element.getAttribute('data-testid') ?? element.tagName);
    return { scroll: document.documentElement.scrollWidth - width, wider };
  }, testId);
  expect(overflow).toEqual({ scroll: 0, wider: [] });
}

const tile = (page: Page, name: string) => page.getByTestId('game-tile').filter({ has: page.getByText(name, { exact: true }) }).first();

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['390 px phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`on a ${label}`, () => {
    test.use({ viewport });

    test('logged out: the slots page shows its vendors and hot games with trial play; a favourite asks to log in', async ({ page }) => {
      await openSite(page, '/rng');
      const content = page.getByTestId('category-content');
      await expect(content.locator('[data-testid="vendor-card"][data-vassalage="JL"]')).toBeVisible();
      const gems = tile(page, 'Fortune Gems');
      await expect(gems.getByTestId('game-trial')).toBeVisible();
      await expect(page.getByTestId('game-list-login')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'category-content');

      await gems.getByTestId('game-favourite').click();
      await expect(page.getByRole('dialog', { name: 'Login or register' })).toBeVisible();
    });

    test('logged in: browse a category, filter, paginate, favourite, launch into /game', async ({ page }) => {
      await openSite(page, '/');
      await logIn(page);
      await expect(page.getByTestId('home-hot-games')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'home-content');

      // A vendor entry of the home's slots row leads to its category page with its games.
      await page.getByTestId('home-lane-RNG').locator('[data-testid="vendor-card"][data-vassalage="JL"]').click();
      await expect(page).toHaveURL(/\/rng\?vassalage=JL$/);
      const list = page.getByTestId('game-list');
      await expect(list.getByTestId('game-tile')).toHaveCount(2);

      // Filters: lines, then name; reset.
      await list.getByTestId('game-filter-lines').selectOption('25');
      await expect(list.getByTestId('game-tile')).toHaveCount(1);
      await expect(tile(page, 'Dragon Pearl')).toBeVisible();
      await list.getByRole('button', { name: 'Reset' }).click();
      await expect(list.getByTestId('game-tile')).toHaveCount(2);
      await list.getByTestId('game-filter-name').fill('fortune');
      await list.getByTestId('game-filter-search').click();
      await expect(list.getByTestId('game-tile')).toHaveCount(1);
      await expect(tile(page, 'Fortune Gems')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'category-content');

      // Favourite, kept across a reload.
      const star = tile(page, 'Fortune Gems').getByTestId('game-favourite');
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await page.reload();
      await expect(tile(page, 'Fortune Gems').getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'true');
      await tile(page, 'Fortune Gems').getByTestId('game-favourite').click();
      await expect(tile(page, 'Fortune Gems').getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'false');

      // Pages of 42: previous does nothing on page 1, next shows the last 3; a failed icon shows the default.
      // PG has no game provider connected, so it has no vendor card (the lanes mark it not
      // playable); its games are still listed, and the list is narrowed to them by the address.
      await expect(page.getByTestId('category-content').locator('[data-testid="vendor-card"][data-vassalage="PG"]')).toHaveCount(0);
      await openSite(page, '/rng?vassalage=PG');
      await expect(list.getByTestId('game-tile')).toHaveCount(42);
      await expect(list.getByTestId('game-list-pages')).toHaveText('Page 1 of 2 · more games on the next pages');
      await expect(list.getByRole('button', { name: 'Previous' })).toBeDisabled();
      await expect(tile(page, 'Pager Slot 01').getByTestId('game-icon-default')).toBeVisible();
      await list.getByRole('button', { name: 'Next' }).click();
      await expect(list.getByTestId('game-tile')).toHaveCount(PAGE_GAMES - 42);
      await expect(list.getByTestId('game-list-pages')).toHaveText('Page 2 of 2');
      await expect(list.getByRole('button', { name: 'Next' })).toBeDisabled();
      await expectNoHorizontalOverflow(page, 'category-content');

      // A vendor with no adapter yet: a clear message.
      await tile(page, 'Pager Slot 43').getByRole('button', { name: 'Pager Slot 43', exact: true }).click();
      await expect(page.getByTestId('launch-not-connected-dialog')).toContainText('This game provider is not connected yet, please contact customer service');
      await page.getByTestId('launch-not-connected-dialog').getByRole('button').last().click();
    });

    test('launch: too little balance offers a deposit; with money the game opens in /game and a reload keeps it; maintenance shows its window', async ({ page }) => {
      await openSite(page, '/inhouse');
      await logIn(page);
      const balance = Number((await page.getByTestId('header-balance').textContent())?.replace(/[^0-9.]/g, ''));
      if (balance < 1) {
        await tile(page, 'Fortune Gems').getByRole('button', { name: 'Fortune Gems', exact: true }).click();
        const dialog = page.getByTestId('launch-balance-dialog');
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Deposit' }).click();
        await expect(page.getByRole('navigation', { name: 'Member Centre' })).toBeVisible();
        await expect(page.getByTestId('deposit-form')).toBeVisible();
        await creditMember(player.username, 10_000);
        await page.reload();
        await expect(page.getByTestId('header-balance')).toContainText('100.00');
      }

      await tile(page, 'Fortune Gems').getByRole('button', { name: 'Fortune Gems', exact: true }).click();
      await expect(page).toHaveURL(/\/game$/);
      const frame = page.getByTestId('game-frame');
      await expect(frame).toHaveAttribute('src', /^\/jl\/play\/JLS001\?session=.+&lang=EN/);
      const src = await frame.getAttribute('src');
      await expectNoHorizontalOverflow(page, 'remote-page');
      await page.reload();
      await expect(page.getByTestId('game-frame')).toHaveAttribute('src', src ?? '');

      // The in-house vendor under maintenance for the next hour.
      await operatorSql(
        `INSERT INTO game_vendor_maintenance (merchant_id, vassalage, starts_at, ends_at, reason)
         VALUES (${WORKER_MERCHANT_ID}, 'JL', now() - interval '1 minute', now() + interval '1 hour', 'e2e lobby')`,
      );
      try {
        await openSite(page, '/inhouse');
        await tile(page, 'Dragon Pearl').getByRole('button', { name: 'Dragon Pearl', exact: true }).click();
        const dialog = page.getByTestId('launch-maintenance-dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.getByTestId('maintenance-window')).toHaveText(/^Maintenance time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d – \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
        await expect(page).toHaveURL(/\/inhouse$/);
      } finally {
        await operatorSql(`DELETE FROM game_vendor_maintenance WHERE merchant_id = ${WORKER_MERCHANT_ID} AND reason = 'e2e lobby'`);
      }
    });
  });
}
