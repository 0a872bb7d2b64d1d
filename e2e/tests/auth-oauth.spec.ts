import { expect, test, type Page } from '../harness/test';
import { operatorSql } from '../harness/database';
import { E2E_BASE_URL } from '../harness/constants';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { configureGoogleLogin, startOidcProvider, type LocalOidcProvider } from '../harness/oidc-provider';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Google login, completed by a browser test against a real OpenID provider started
// locally. The provider is the `oidc-provider` package on localhost with its development login
// and consent pages; the site runs a standard authorization-code flow (PKCE, state, nonce)
// against it, exactly as it would against accounts.google.com.

let provider: LocalOidcProvider;

async function openLoginPopup(page: Page) {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await expect(popup.getByTestId('login-form')).toBeVisible();
  return popup;
}

test.describe('Google login', () => {
  test.beforeAll(async () => {
    provider = await startOidcProvider(E2E_BASE_URL);
  });
  test.afterAll(async () => {
    await configureGoogleLogin(null);
    await provider?.stop();
  });
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });

  test('the Google button is hidden until the merchant configures Google login, then shown', async ({ page }) => {
    await configureGoogleLogin(null);
    await openSite(page, '/');
    let offered = page.waitForResponse((response) => new URL(response.url()).pathname === '/wps/session/oauth/providers');
    let popup = await openLoginPopup(page);
    expect(((await (await offered).json()) as { value: { list: unknown[] } }).value.list).toEqual([]);
    await expect(popup.getByTestId('free-play-button')).toBeVisible();
    await expect(popup.getByTestId('social-login')).toHaveCount(0);
    await expect(popup.getByTestId('oauth-google')).toHaveCount(0);
    await expect(popup.getByTestId('oauth-facebook')).toHaveCount(0);

    await configureGoogleLogin({ issuer: provider.issuer });
    await page.reload();
    await expect(page.getByTestId('header')).toBeVisible();
    offered = page.waitForResponse((response) => new URL(response.url()).pathname === '/wps/session/oauth/providers');
    popup = await openLoginPopup(page);
    await offered;
    await expect(popup.getByTestId('oauth-google')).toHaveText(/Log in with Google/);
    await expect(popup.getByTestId('oauth-facebook')).toHaveCount(0);
  });

  test("configured: the button leads to the provider's sign-in and consent pages and back, logged in", async ({ page }) => {
    await configureGoogleLogin({ issuer: provider.issuer });
    const account = `g${Date.now().toString(36)}`;

    await openSite(page, '/');
    const popup = await openLoginPopup(page);
    const google = popup.getByTestId('oauth-google');
    await expect(google).toHaveText(/Log in with Google/);
    // Only the configured provider is offered.
    await expect(popup.getByTestId('oauth-facebook')).toHaveCount(0);
    await google.click();

    // The provider's own pages (its development login: any account name and password).
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(account);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    // Consent: the site asks for the e-mail address and profile.
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(provider.issuer);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Back on the site: signed in, and the one-time code is out of the address.
    await page.waitForURL((url) => url.origin === E2E_BASE_URL);
    await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
    await expect(page.getByTestId('header-login')).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).not.toHaveURL(/oauthCode|oauthError/);

    // The provider account got a member of its own, with the verified address it gave.
    const members = await operatorSql<{ email: string | null }>(
      `SELECT m.email FROM member m WHERE m.merchant_id = ${WORKER_MERCHANT_ID} AND m.email = $1`,
      [`${account}@mail.example`],
    );
    expect(members).toHaveLength(1);
  });

  test('a sign-in the site cannot complete (wrong client secret): back on the site with the failure told, not logged in', async ({ page }) => {
    await configureGoogleLogin({ issuer: provider.issuer, clientSecret: 'wrong-secret' });
    await openSite(page, '/');
    const popup = await openLoginPopup(page);
    await popup.getByTestId('oauth-google').click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(`g${Date.now().toString(36)}`);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    // The token request fails (wrong client secret): the site says so and stays logged out.
    await page.waitForURL((url) => url.origin === E2E_BASE_URL);
    const failed = page.getByTestId('oauth-failed');
    await expect(failed).toBeVisible();
    await expect(failed.getByRole('alert')).toHaveText('Sign-in with the external account did not complete. Please try again.');
    await expect(page.getByTestId('header-balance')).toHaveCount(0);
    await failed.getByRole('button', { name: 'Back to login' }).click();
    await expect(popup.getByTestId('login-form')).toBeVisible();
  });
});
