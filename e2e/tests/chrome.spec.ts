import { expect, test } from '../harness/test';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// The shell's chrome as a visitor meets it: popup announcement, announcement list, app download,
// login popup, language. Texts come from the seed (server/seed/default-merchant.json).

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

test.describe('chrome', () => {
  test.beforeEach(async ({ page }) => useEnglish(page));

  test('the popup announcement opens once per session, on its detail, and closes', async ({ page }) => {
    await openSite(page, '/');
    const modal = page.getByTestId('announcement-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Welcome to Lucky Star' })).toBeVisible();
    await expect(modal.locator('time')).toHaveText(DATE_TIME);

    await page.getByRole('dialog').getByRole('button', { name: /close/i }).click();
    await expect(modal).toHaveCount(0);

    // Same tab, same session: not offered again.
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(modal).toHaveCount(0);
  });

  test('announcements: 9 titles a page, a second page, sanitized HTML detail', async ({ page }) => {
    await skipAnnouncementPopup(page);
    await openSite(page, '/');
    await page.getByTestId('side-bar').getByRole('button', { name: 'Announcements' }).click();
    const modal = page.getByTestId('announcement-modal');
    const titles = modal.getByRole('list', { name: 'Announcements' }).getByRole('button');
    await expect(titles).toHaveCount(9);
    await page.getByRole('dialog').getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect(titles.first()).toBeVisible();
    expect(await titles.count()).toBeGreaterThan(0);
    expect(await titles.count()).toBeLessThanOrEqual(9);

    // The security notice carries a script and an onerror handler in the seed: neither survives.
    let dialogs = 0;
    page.on('dialog', async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Page 1', exact: true }).click();
    await modal.getByRole('button', { name: /Security notice/ }).click();
    const content = page.getByTestId('announcement-content');
    await expect(content).toContainText('Our staff will never ask for your password');
    await expect(content.locator('script')).toHaveCount(0);
    expect(await content.locator('img').evaluateAll((images) => images.filter((image) => image.hasAttribute('onerror')).length)).toBe(0);
    // Every picture has finished loading or failing (an onerror handler left in would have run by then).
    await expect.poll(() => content.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete))).toBe(true);
    expect(dialogs).toBe(0);
  });

  test('app download: Android and iOS tabs with 4 steps each and a QR of the resource link', async ({ page }) => {
    await skipAnnouncementPopup(page);
    await openSite(page, '/');
    await page.getByTestId('side-bar-download').getByRole('button', { name: /download app/i }).click();
    const modal = page.getByTestId('app-download-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('install-steps-android').getByRole('listitem')).toHaveCount(4);
    await expect(modal.getByTestId('install-qr')).toBeVisible();
    await modal.getByRole('tab', { name: /ios/i }).click();
    await expect(modal.getByTestId('install-steps-ios').getByRole('listitem')).toHaveCount(4);
  });

  test('the header Login button opens the auth popup, which closes on a background click', async ({ page }) => {
    await skipAnnouncementPopup(page);
    await openSite(page, '/');
    await page.getByTestId('header').getByRole('button', { name: /^login$/i }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
    await expect(dialog).toHaveCount(0);
  });

  test('the language switcher relabels the chrome and sets the document language', async ({ page }) => {
    await skipAnnouncementPopup(page);
    await openSite(page, '/');
    await expect(page.getByTestId('side-bar').getByRole('link', { name: 'Home' })).toBeVisible();
    await page.getByTestId('side-bar').getByRole('combobox', { name: /language/i }).selectOption('BN');
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
    await expect(page.getByTestId('side-bar').getByRole('link', { name: 'হোম' })).toBeVisible();
    // The choice is kept for the next visit.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  });
});
