import { randomBytes } from 'node:crypto';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The back office's Promotions section against the real server: a content editor creates a
// promotion (its Chinese title too), previewed first as a phone shows it; a visitor's next load of
// the site's promotions page lists it, without a restart; the editor pauses it and the next load no
// longer lists it; an admin finds the creation and the pause in the audit log.

const made = { promotions: [] as number[] };

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test.afterEach(async () => {
  // The worker's merchant as it was, whatever failed.
  if (made.promotions.length) await operatorSql(`DELETE FROM promotion WHERE merchant_id = ${WORKER_MERCHANT_ID} AND id = ANY($1::int[])`, [made.promotions]);
  made.promotions = [];
});

/** The site's promotions page as a visitor loads it, settled: the cards of its list. */
async function promotionCards(page: Page) {
  await openSite(page, '/promotions');
  const cards = page.getByTestId('promo-list').getByTestId('promo-card');
  await expect(cards.first()).toBeVisible();
  return cards;
}

test('a content editor creates a promotion players see on their next load, pauses it, and the audit log has both changes', async ({ page, browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const editor = await createOperatorAccount('content');
  await signInToBackOffice(office, editor);
  await backOfficeSections(office).filter({ hasText: 'Promotions' }).click();
  await expect(office.getByRole('heading', { name: 'Promotions', exact: true })).toBeVisible();
  await expect(office.getByTestId('promotion-row').first()).toBeVisible();

  await office.getByRole('button', { name: 'New promotion' }).click();
  const form = office.getByRole('form', { name: 'New promotion' });
  const title = `Lucky Friday ${randomBytes(3).toString('hex')}`;
  // Refused before sending: no title, no image.
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByRole('alert')).toHaveText('Correct the fields marked before saving.');
  await form.getByLabel('Category').selectOption('limited');
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Image address').fill('/assets/promotions/daily-reload.svg');
  await form.getByLabel('Terms (HTML: paragraphs, bold, lists, links; the site removes scripts)').fill('<p>Every Friday, <b>double</b> the fun.</p>');
  await form.getByRole('group', { name: 'Texts per language' }).getByRole('button', { name: 'Chinese' }).click();
  await form.getByLabel('Title in Chinese').fill(`幸运星期五 ${title.slice(-6)}`);

  // The preview: a phone's width, the player's words in the language chosen.
  const preview = form.getByTestId('promotion-preview');
  await expect(preview).toHaveAttribute('data-width', '390');
  expect(await preview.evaluate((element) => element.getBoundingClientRect().width)).toBe(390);
  await expect(preview.getByRole('heading')).toHaveText(title);
  await expect(preview.getByTestId('promotion-preview-terms')).toHaveText('Every Friday, double the fun.');
  await form.getByLabel('Preview in').selectOption('CN');
  await expect(preview.getByRole('heading')).toHaveText(`幸运星期五 ${title.slice(-6)}`);
  await form.getByRole('button', { name: 'Desktop (1200 px)' }).click();
  expect(await preview.evaluate((element) => element.getBoundingClientRect().width)).toBe(1200);
  // The wide frame scrolls in its box; the page itself does not scroll sideways.
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await form.getByRole('button', { name: 'Create' }).click();
  const created = office.getByRole('status').filter({ hasText: /^Promotion \d+ created\.$/ });
  await expect(created).toBeVisible();
  const id = Number(/Promotion (\d+)/.exec((await created.textContent()) ?? '')![1]);
  made.promotions.push(id);
  const row = office.locator(`[data-testid="promotion-row"][data-id="${id}"]`);
  await expect(row).toContainText(title);
  await expect(row).toContainText('Running');

  // A visitor's next load lists it.
  await expect((await promotionCards(page)).filter({ hasText: title })).toHaveCount(1);

  // Paused: the next load no longer lists it.
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(office.getByRole('status')).toHaveText(`Promotion ${id} paused: players no longer see it.`);
  await expect(row).toContainText('Paused');
  await expect(row.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect((await promotionCards(page)).filter({ hasText: title })).toHaveCount(0);

  // The audit log: the creation and the pause, by the editor.
  const admin = await createOperatorAccount('admin');
  const auditDesk = await desk.newPage();
  await signInToBackOffice(auditDesk, admin);
  await backOfficeSections(auditDesk).filter({ hasText: 'Audit log' }).click();
  await auditDesk.getByLabel('Operator').fill(editor.username);
  await auditDesk.getByLabel('Action').fill('promotion');
  await auditDesk.getByRole('button', { name: 'Search' }).click();
  const done = auditDesk.getByTestId('audit-row').filter({ hasText: 'done' });
  await expect(done.filter({ hasText: 'promotion.create' })).toHaveCount(1);
  await expect(done.filter({ hasText: 'promotion.create' })).toContainText(title);
  await expect(done.filter({ hasText: 'promotion.pause' })).toHaveCount(1);
  await expect(done.filter({ hasText: 'promotion.pause' })).toContainText(String(id));
  await desk.close();
});
