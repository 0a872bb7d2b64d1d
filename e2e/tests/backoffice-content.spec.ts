import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { createOperatorAccount } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The back office's Content section against the real server: a content editor uploads a banner
// image and creates a home banner with it and an announcement; a player's next page load shows
// both (the image from the site's own origin), without a restart; the editor deletes them and the
// player's next load no longer shows them; an admin finds each change once in the audit log, with
// the row before and after it.


/** A png of one colour: each run's bytes (and so its address) its own. */
function pngOf(width: number, height: number, [red, green, blue]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The home page's banner showing `imageUrl`, loaded. */
const homeBannerImage = (page: Page, imageUrl: string) => page.locator(`[data-testid="banner"][data-group="w_home"] img[src="${imageUrl}"]`).first();

/** The announcement list's title buttons (the side bar's Announcements). */
async function announcementTitles(page: Page) {
  await page.getByTestId('side-bar').getByRole('button', { name: 'Announcements' }).click();
  const titles = page.getByTestId('announcement-modal').getByRole('list', { name: 'Announcements' }).getByRole('button');
  await expect(titles.first()).toBeVisible();
  return titles;
}

const made = { banners: [] as number[], announcements: [] as number[], imageHash: null as string | null };

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
});

test.afterEach(async () => {
  // The worker's merchant as it was, whatever failed: the rows this test made, and its image.
  if (made.banners.length) await operatorSql(`DELETE FROM banner WHERE merchant_id = ${WORKER_MERCHANT_ID} AND id = ANY($1::int[])`, [made.banners]);
  if (made.announcements.length) await operatorSql(`DELETE FROM announcement WHERE merchant_id = ${WORKER_MERCHANT_ID} AND id = ANY($1::int[])`, [made.announcements]);
  if (made.imageHash) await operatorSql(`DELETE FROM content_image WHERE merchant_id = ${WORKER_MERCHANT_ID} AND sha256 = decode($1, 'hex')`, [made.imageHash]);
});

test('a content editor publishes a banner and an announcement, players see them on their next load, and the audit log has each change once', async ({ page, browser }) => {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const office = await desk.newPage();
  const editor = await createOperatorAccount('content');
  await signInToBackOffice(office, editor);
  await backOfficeSections(office).filter({ hasText: 'Content' }).click();
  await expect(office.getByRole('heading', { name: 'Content', exact: true })).toBeVisible();
  await expect(office.getByTestId('banner-row').first()).toBeVisible();

  // A banner: the image chosen is uploaded and previewed, then the banner saved with its address.
  await office.getByRole('button', { name: 'New banner' }).click();
  const bannerForm = office.getByRole('form', { name: 'New banner' });
  await bannerForm.getByLabel('Group').selectOption('w_home');
  await bannerForm.getByLabel('Order (lowest first)').fill('-100');
  const png = pngOf(96, 32, [randomBytes(1)[0], 40, 200]);
  await bannerForm.getByLabel('Image file (png, jpg or webp, 2 MB at most)').setInputFiles({ name: 'welcome.png', mimeType: 'image/png', buffer: png });
  await expect(bannerForm.getByRole('img', { name: 'Preview of the banner image' })).toBeVisible();
  await expect(bannerForm.getByLabel('Image address')).toHaveValue(/^\/wps\/content\/images\/[0-9a-f]{64}\.png$/);
  const imageUrl = await bannerForm.getByLabel('Image address').inputValue();
  made.imageHash = /([0-9a-f]{64})\.png$/.exec(imageUrl)![1];
  await bannerForm.getByRole('button', { name: 'Create' }).click();
  const bannerCreated = office.getByRole('status').filter({ hasText: /^Banner \d+ created\.$/ });
  await expect(bannerCreated).toBeVisible();
  const bannerId = Number(/Banner (\d+)/.exec((await bannerCreated.textContent()) ?? '')![1]);
  made.banners.push(bannerId);
  const bannerRow = office.locator(`[data-testid="banner-row"][data-id="${bannerId}"]`);
  await expect(bannerRow).toContainText('Home (w_home)');
  await expect(bannerRow).toHaveAttribute('data-image', imageUrl);
  // Its preview is the image the site holds (read through the operator API).
  await expect.poll(() => bannerRow.getByRole('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);

  // An announcement.
  await office.getByRole('tab', { name: 'Announcements' }).click();
  await office.getByRole('button', { name: 'New announcement' }).click();
  const announcementForm = office.getByRole('form', { name: 'New announcement' });
  const title = `Lucky weekend ${randomBytes(3).toString('hex')}`;
  await announcementForm.getByLabel('Type').selectOption('B');
  await announcementForm.getByLabel('Title').fill(title);
  await announcementForm.getByLabel('Text (HTML: paragraphs, bold, lists, links; scripts are removed)').fill('<p>Double points <b>all weekend</b>.</p>');
  await announcementForm.getByRole('button', { name: 'Create' }).click();
  const announcementCreated = office.getByRole('status').filter({ hasText: /^Announcement \d+ created\.$/ });
  await expect(announcementCreated).toBeVisible();
  const announcementId = Number(/Announcement (\d+)/.exec((await announcementCreated.textContent()) ?? '')![1]);
  made.announcements.push(announcementId);
  await expect(office.locator(`[data-testid="announcement-row"][data-id="${announcementId}"]`)).toContainText('Shown');

  // Usable on a tablet held upright: no sideways scrolling of the page, form open.
  await office.setViewportSize({ width: 820, height: 1180 });
  await office.getByRole('button', { name: 'New announcement' }).waitFor({ state: 'visible' });
  await office.getByRole('button', { name: 'New announcement' }).click();
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await office.getByRole('tab', { name: 'Banners' }).click();
  await expect(bannerRow).toBeVisible();
  expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await office.setViewportSize({ width: 1280, height: 900 });

  // A player's next load: the banner first on the home page (named in the page itself, and its
  // image served by the site), the announcement first in the list.
  await openSite(page, '/');
  await expect(page.locator('link[data-first-banner]')).toHaveAttribute('href', imageUrl);
  await expect.poll(() => homeBannerImage(page, imageUrl).evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
  const served = await page.request.get(imageUrl);
  expect([served.status(), served.headers()['content-type']]).toEqual([200, 'image/png']);
  expect(Buffer.from(await served.body()).equals(png)).toBe(true);
  await expect((await announcementTitles(page)).first()).toContainText(title);

  // The editor deletes both, each after a confirmation.
  await bannerRow.getByRole('button', { name: 'Delete' }).click();
  await bannerRow.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(office.getByRole('status').filter({ hasText: `Banner ${bannerId} deleted.` })).toBeVisible();
  await expect(bannerRow).toHaveCount(0);
  made.banners = [];
  await office.getByRole('tab', { name: 'Announcements' }).click();
  const announcementRow = office.locator(`[data-testid="announcement-row"][data-id="${announcementId}"]`);
  await announcementRow.getByRole('button', { name: 'Delete' }).click();
  await announcementRow.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(office.getByRole('status').filter({ hasText: `Announcement ${announcementId} deleted.` })).toBeVisible();
  await expect(announcementRow).toHaveCount(0);
  made.announcements = [];

  // The player's next load shows neither.
  await openSite(page, '/');
  await expect(page.locator('[data-testid="banner"][data-group="w_home"] img').first()).toBeVisible();
  await expect(page.locator(`img[src="${imageUrl}"]`)).toHaveCount(0);
  await expect(page.locator('link[data-first-banner]')).not.toHaveAttribute('href', imageUrl);
  const titles = await announcementTitles(page);
  await expect(titles.filter({ hasText: title })).toHaveCount(0);

  // The audit log: each change once, by the editor, with the row before and after it.
  const admin = await createOperatorAccount('admin');
  const auditDesk = await desk.newPage();
  await signInToBackOffice(auditDesk, admin);
  await backOfficeSections(auditDesk).filter({ hasText: 'Audit log' }).click();
  await auditDesk.getByLabel('Operator').fill(editor.username);
  const done = auditDesk.getByTestId('audit-row').filter({ hasText: 'done' });
  const search = async (action: string) => {
    await auditDesk.getByLabel('Action').fill(action);
    await auditDesk.getByRole('button', { name: 'Search' }).click();
  };
  await search('banner');
  await expect(done.filter({ hasText: 'banner_image.upload' })).toHaveCount(1);
  await expect(done.filter({ hasText: 'banner.create' })).toHaveCount(1);
  await expect(done.filter({ hasText: 'banner.delete' })).toHaveCount(1);
  // The detail as the database keeps it (jsonb: keys in its own order).
  const created = done.filter({ hasText: 'banner.create' });
  await expect(created).toContainText('"before":null');
  await expect(created).toContainText(`"id":${bannerId}`);
  await expect(created).toContainText(imageUrl);
  const deleted = done.filter({ hasText: 'banner.delete' });
  await expect(deleted).toContainText('"after":null');
  await expect(deleted).toContainText(`"id":${bannerId}`);
  await expect(deleted).toContainText(imageUrl);
  await search('announcement');
  await expect(done).toHaveCount(2);
  await expect(done.filter({ hasText: 'announcement.create' })).toContainText(title);
  await expect(done.filter({ hasText: 'announcement.delete' })).toContainText(`"after":null`);
  await desk.close();
});
