import { randomBytes } from 'node:crypto';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test } from '../harness/test';

// The Content section's help centre against the real server: a content editor writes a help
// article, watching it in the preview at phone and desktop width (its script left out); a player's
// next visit to the help page finds it, without a restart, its script gone there too.

const made = { articles: [] as number[] };

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test.afterEach(async () => {
  // The worker's merchant as it was, whatever failed.
  if (made.articles.length) await operatorSql(`DELETE FROM help_article WHERE merchant_id = ${WORKER_MERCHANT_ID} AND id = ANY($1::int[])`, [made.articles]);
});

test('a content editor adds a help article, previewed at 390 px and desktop width, and a player finds it on the help page', async ({ page, browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  await signInToBackOffice(office, await createOperatorAccount('content'));
  await backOfficeSections(office).filter({ hasText: 'Content' }).click();
  await office.getByRole('tab', { name: 'Help centre' }).click();
  await expect(office.getByTestId('article-row').first()).toBeVisible();

  await office.getByRole('button', { name: 'New help article' }).click();
  const form = office.getByRole('form', { name: 'New help article' });
  const title = `Cashing out on weekends ${randomBytes(3).toString('hex')}`;
  await form.getByLabel('Category').fill('Withdrawals');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text (HTML: paragraphs, bold, lists, links; scripts are removed)').fill('<p>Paid <b>every day</b>.</p><script>window.hacked = 1</script>');
  for (const [frame, width] of [['preview-mobile', 390], ['preview-desktop', 1280]] as const) {
    const shown = form.getByTestId(frame);
    await expect(shown.getByRole('heading', { name: title })).toBeVisible();
    await expect(shown.locator('b')).toHaveText('every day');
    await expect(shown.locator('script')).toHaveCount(0);
    expect(Math.round((await shown.boundingBox())!.width)).toBe(width);
  }
  await form.getByRole('button', { name: 'Create' }).click();
  const created = office.getByRole('status').filter({ hasText: /^Help article \d+ created\.$/ });
  await expect(created).toBeVisible();
  made.articles.push(Number(/(\d+)/.exec((await created.textContent()) ?? '')![1]));
  await expect(office.locator(`[data-testid="article-row"][data-id="${made.articles[0]}"]`)).toContainText('Shown');
  // On a tablet held upright the desktop frame scrolls in its place: the page does not.
  await office.setViewportSize({ width: 820, height: 1180 });
  await office.getByRole('button', { name: 'New help article' }).click();
  await expect(office.getByTestId('preview-desktop')).toBeAttached();
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The player's next visit to the help page.
  await openSite(page, '/help');
  await page.getByTestId('help-search').fill(title);
  await expect(page.getByTestId('help-result')).toHaveCount(1);
  await expect(page.getByTestId('help-result')).toContainText(title);
  await desk.close();
});
