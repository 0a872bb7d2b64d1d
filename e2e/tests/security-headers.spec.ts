import { expect, test, type Page } from '../harness/test';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { clearThrottles, registerPlayer } from '../harness/accounts';
import { freePort } from '../harness/database';
import { allowRemoteOrigin, clearRemoteOrigins, remotePage, setRemoteEntry, useEnglish } from '../harness/site';
import { RemoteStaticServer } from '../harness/static-server';

// The built site under its real security headers: the page's
// Content-Security-Policy allows no inline script, no eval and no origin the operator did not
// allow, and everything the shell and the remotes load at run time (federation manifests, entries
// and chunks, CSS, web fonts, images, the captcha picture, the service worker) still works.

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * Records every CSP violation any document of the page reports (across navigations), and every
 * console error that names the policy.
 */
async function watchPolicy(page: Page): Promise<{ violations: Violation[]; consoleErrors: string[] }> {
  const violations: Violation[] = [];
  const consoleErrors: string[] = [];
  await page.exposeFunction('__reportCspViolation', (violation: Violation) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { __reportCspViolation: (violation: Violation) => void }).__reportCspViolation({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      }),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  return { violations, consoleErrors };
}

test.describe('security headers in the browser', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await clearThrottles();
  });
  test.afterEach(async () => {
    await setRemoteEntry('mfe_lobby', null);
    await clearRemoteOrigins();
  });

  test('home, login (with its captcha), the login page and remote-hosted pages load under the real policy with no violation', async ({ page, request }) => {
    const policy = await watchPolicy(page);
    const response = await page.goto('/');
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    // Home: the shell, the lobby remote, banners, the popup announcement (sanitized HTML).
    await expect(page.getByTestId('header')).toBeVisible();
    await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
    await expect(page.getByTestId('announcement-modal')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: /close/i }).click();

    // The login popup (mfe_auth), and the captcha picture a failed login brings (a data: image).
    const { username } = await registerPlayer(request);
    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('Wrong1234');
    await page.getByTestId('login-submit').click();
    const captcha = page.getByTestId('login-captcha-image').locator('img');
    await expect(captcha).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect.poll(() => captcha.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    // Pages hosted by remotes, reached by address.
    for (const [url, remote] of [
      ['/login', 'mfe_auth'],
      ['/lottery', 'mfe_lottery'],
      ['/promotions', 'mfe_lobby'],
      ['/register', 'mfe_auth'],
    ] as const) {
      await page.goto(url);
      await expect(page.locator(`[data-remote="${remote}"]`).first()).toBeVisible();
    }
    // Web fonts (Bengali, the site's default language) are fetched from the shell's own origin.
    await page.evaluate(() => localStorage.setItem('lang', 'BN'));
    await page.goto('/');
    await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(policy.violations).toEqual([]);
    expect(policy.consoleErrors).toEqual([]);
  });

  test('a remote on an origin the operator allowed loads under the policy; inline script does not run', async ({ page }) => {
    const dist = path.resolve(__dirname, '..', '..', 'dist', 'remotes', 'mfe_lobby');
    const version = readdirSync(dist).filter((name) => !name.includes('e2e')).sort().at(-1)!;
    const remoteServer = new RemoteStaticServer(path.join(dist, version), await freePort());
    await remoteServer.start();
    try {
      await allowRemoteOrigin(remoteServer.url);
      await setRemoteEntry('mfe_lobby', `${remoteServer.url}/mf-manifest.json`);
      const policy = await watchPolicy(page);
      const response = await page.goto('/');
      // The allowed origin is named where the federation runtime needs it, and nowhere else.
      expect(response!.headers()['content-security-policy']).toContain(`script-src 'self' ${remoteServer.url}`);
      expect(response!.headers()['content-security-policy']).toContain(`connect-src 'self' ${remoteServer.url}`);
      await expect(remotePage(page, 'mfe_lobby')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(policy.violations).toEqual([]);
      expect(policy.consoleErrors).toEqual([]);

      // The policy is really enforced (and the watch really sees it): an inline script is refused.
      const ran = await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__inlineRan = true;';
        document.head.append(script);
        return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
      });
      expect(ran).toBe(false);
      await expect.poll(() => policy.violations.map((violation) => violation.directive)).toContain('script-src-elem');
    } finally {
      await remoteServer.stop();
    }
  });
});
