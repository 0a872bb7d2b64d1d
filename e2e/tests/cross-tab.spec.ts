import { expect, test } from '../harness/test';
import { openSite, remotePage, skipAnnouncementPopup, useEnglish } from '../harness/site';

test('language and theme changed in one tab reach the site\'s other open tabs', async ({ context }) => {
  const first = await context.newPage();
  await useEnglish(first);
  await skipAnnouncementPopup(first);
  const second = await context.newPage();
  await openSite(first, '/');
  await openSite(second, '/lottery');
  await expect(remotePage(second, 'mfe_lottery').getByRole('heading', { level: 1 })).toHaveText('Lottery');

  // Theme: light on mount; the switch in one tab flips both.
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
  await first.getByTestId('header').getByRole('switch', { name: /dark|theme/i }).click();
  await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');

  // Language: Bengali chosen in the first tab relabels the second.
  await first.getByTestId('side-bar').getByRole('combobox', { name: /language/i }).selectOption('BN');
  await expect(first.locator('html')).toHaveAttribute('lang', /^bn/i);
  await expect(remotePage(second, 'mfe_lottery').getByRole('heading', { level: 1 })).toHaveText('লটারি');
});
