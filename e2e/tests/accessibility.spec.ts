import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../harness/test';
import { clearRegistrationLimits, registerMember } from '../harness/accounts';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';

// Accessibility: axe-core finds no serious or critical violation at phone width on home, a
// game category page, the login popup and the member centre. No rule is turned off.

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`);
}

test.describe('accessibility at phone width', () => {
  test.beforeEach(async ({ page }) => {
    await useEnglish(page);
    await skipAnnouncementPopup(page);
  });

  test('home, a category page, the drawer and the login popup have no serious or critical violation', async ({ page }) => {
    await openSite(page, '/');
    await expect(page.getByTestId('remote-page')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'home').toEqual([]);

    await page.getByTestId('header-menu').click();
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeVisible();
    expect(await seriousViolations(page, '[data-testid="side-bar"]'), 'drawer').toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByTestId('tab-games').click();
    await expect(page.getByTestId('tab-games')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('remote-page')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'category page').toEqual([]);

    await page.getByTestId('header-login').click();
    await expect(page.getByTestId('login-modal')).toBeVisible();
    expect(await seriousViolations(page), 'login popup').toEqual([]);
  });

  test('the member centre has no serious or critical violation', async ({ page, request }) => {
    await clearRegistrationLimits();
    const member = await registerMember(request);
    await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
    await openSite(page, '/');
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await page.getByTestId('tab-me').click();
    await expect(page.getByTestId('mfe_member_center-overlay')).toBeVisible();
    expect(await seriousViolations(page), 'member centre').toEqual([]);
  });
});
