import { expect, test, type Page } from '../harness/test';
import { clearRegistrationLimits, clearThrottles, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { openSite, remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';

// A session survives a reload and a newly opened page of the site in the same tab (at app
// start, a token in this tab's storage loads the member), and a token the server has ended
// leaves the page logged out.

async function registerInPopup(page: Page): Promise<string> {
  await openSite(page, '/');
  await page.getByTestId('header-register').click();
  await expect(page.getByTestId('register-form')).toBeVisible();
  await page.getByTestId('register-username').fill(uniqueUsername('rld'));
  await page.getByTestId('register-password').fill(TEST_PASSWORD);
  await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await expectLoggedIn(page);
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  return token!;
}

async function expectLoggedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('header-balance')).toContainText('৳0.00');
  await expect(page.getByTestId('header-account-menu')).toBeVisible();
  await expect(page.getByTestId('header-login')).toHaveCount(0);
  await expect(page.getByTestId('header-register')).toHaveCount(0);
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('token'));
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('a registered player stays logged in across a reload and a new page of the site in the same tab', async ({ page }) => {
  const token = await registerInPopup(page);

  await page.reload();
  await expectLoggedIn(page);
  expect(await storedToken(page)).toBe(token);

  // A new page of the site loaded in the same tab (not a client-side route change).
  await openSite(page, '/lottery');
  await expect(remotePage(page, 'mfe_lottery').getByRole('heading', { level: 1 })).toHaveText('Lottery');
  await expectLoggedIn(page);
  expect(await storedToken(page)).toBe(token);
  await page.getByTestId('header-account-menu').click();
  await expect(page.getByTestId('header-menu-members')).toBeVisible();
  await expect(page.getByTestId('header-menu-sign-out')).toBeVisible();
});

test('a second tab follows the first through its reload and its sign-out', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  for (const page of [first, second]) {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  }
  await openSite(second, '/');
  await expect(second.getByTestId('header-login')).toBeVisible();

  const token = await registerInPopup(first);
  await expectLoggedIn(second);
  expect(await storedToken(second)).toBe(token);

  // The first tab's reload keeps both logged in.
  await first.reload();
  await expectLoggedIn(first);
  await expectLoggedIn(second);

  await first.getByTestId('header-account-menu').click();
  await first.getByTestId('header-menu-sign-out').click();
  await first.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(first.getByTestId('header-login')).toBeVisible();
  await expect(second.getByTestId('header-login')).toBeVisible();
  expect(await storedToken(second)).toBeNull();
});

test('a stored token the server has ended leaves the reloaded page logged out', async ({ page, request }) => {
  const token = await registerInPopup(page);
  // The session ends on the server behind the page's back (signed out elsewhere, expired).
  const logout = await request.delete('/wps/session/logout', { headers: { Authorization: token } });
  expect(logout.status()).toBe(200);

  await page.reload();
  await expect(page.getByTestId('header-login')).toBeVisible();
  await expect(page.getByTestId('header-register')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveCount(0);
  await expect.poll(() => storedToken(page)).toBeNull();
  await expect(page).toHaveURL(/\/$/);

  // And it stays logged out on the next page, with no token to resume.
  await openSite(page, '/lottery');
  await expect(page.getByTestId('header-login')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});
