import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The back office's Games & lottery section against the real server: a content editor hides a game
// of the slots lobby; the player's next load of the lobby no longer lists it, without a restart;
// shown again, it is back on the next load; an admin finds each change once in the audit log.

let player: RegisteredMember;

/** The worker's Fortune Gems of the slots category (RNG) shown, as the seed has it. */
const restore = () =>
  operatorSql(
    `UPDATE game g SET enabled = true FROM game_vendor v
      WHERE v.id = g.game_vendor_id AND g.merchant_id = ${WORKER_MERCHANT_ID} AND v.game_category = 'RNG' AND g.game_code = 'JLS001'`,
  );

test.beforeAll(async ({ request }) => {
  await clearThrottles();
  await clearRegistrationLimits();
  player = await registerMember(request);
  await restore();
});

test.afterAll(async () => {
  await restore();
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

const tile = (page: Page, name: string) => page.getByTestId('game-list').getByTestId('game-tile').filter({ has: page.getByText(name, { exact: true }) });

test("a content editor hides a slot game and the player's next lobby load no longer lists it", async ({ page, browser }) => {
  // The player's lobby before: the vendor's two slots.
  await openSite(page, '/');
  await logIn(page);
  await openSite(page, '/rng?vassalage=JL');
  const list = page.getByTestId('game-list');
  await expect(list.getByTestId('game-tile')).toHaveCount(2);
  await expect(tile(page, 'Fortune Gems')).toHaveCount(1);

  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const editor = await createOperatorAccount('content');
  await signInToBackOffice(office, editor);
  await backOfficeSections(office).filter({ hasText: 'Games & lottery' }).click();
  await expect(office.getByRole('heading', { name: 'Games & lottery', exact: true })).toBeVisible();
  await office.getByRole('combobox', { name: 'Category' }).selectOption('RNG');
  const row = office.locator('[data-testid="catalogue-row"][data-game="RNG/JLS001"]');
  await expect(row).toContainText('Shown');
  await row.getByRole('button', { name: 'Hide Fortune Gems (RNG JLS001)' }).click();
  await expect(office.getByRole('status')).toHaveText('Fortune Gems is no longer shown to players.');
  await expect(row).toContainText('Hidden');

  // The player's next load: one slot left, Fortune Gems gone.
  await page.reload();
  await expect(list.getByTestId('game-tile')).toHaveCount(1);
  await expect(tile(page, 'Dragon Pearl')).toHaveCount(1);
  await expect(tile(page, 'Fortune Gems')).toHaveCount(0);

  // Shown again: back on the next load.
  await row.getByRole('button', { name: 'Show Fortune Gems (RNG JLS001)' }).click();
  await expect(office.getByRole('status')).toHaveText('Fortune Gems is shown to players again.');
  await page.reload();
  await expect(list.getByTestId('game-tile')).toHaveCount(2);
  await expect(tile(page, 'Fortune Gems')).toHaveCount(1);

  // Each change once in the audit trail, with the game before and after.
  const audits = await operatorSql<{ detail: { before: { enabled: boolean }; after: { enabled: boolean } } }>(
    `SELECT a.detail FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE a.merchant_id = ${WORKER_MERCHANT_ID} AND a.action = 'game.update' AND a.outcome = 'ok' AND o.username = $1 ORDER BY a.id`,
    [editor.username],
  );
  expect(audits.map((audit) => [audit.detail.before.enabled, audit.detail.after.enabled])).toEqual([
    [true, false],
    [false, true],
  ]);
  await desk.close();
});
