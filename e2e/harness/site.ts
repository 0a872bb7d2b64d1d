import { expect, type Page } from '@playwright/test';
import { operatorSql } from './database';
import { WORKER_MERCHANT_ID } from './merchant';

/** Opens a page of the site and waits until the shell has started (chrome or a status page shown). */
export async function openSite(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-testid="header"], [data-testid="maintenance-page"], [data-testid="ip-restriction-page"], [data-testid="remote-page"]').first()).toBeVisible();
}

/** The site's language is a visitor's choice stored in localStorage; tests pick English when they read texts. */
export async function useEnglish(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('lang')) {
      window.localStorage.setItem('lang', 'EN');
      window.localStorage.setItem('hisLang', 'EN');
    }
  });
}

/**
 * The home page offers its popup announcements once per browser-tab session (sessionStorage key
 * of the shell's announcement popup). Tests about other things mark them as already offered so the
 * modal does not cover what they click; announcements.spec.ts tests the popup itself.
 */
export async function skipAnnouncementPopup(page: Page): Promise<void> {
  await page.addInitScript(() => window.sessionStorage.setItem('announcementPopupShown', '1'));
}

/** Points this worker's merchant's registry row of a remote at a manifest (null: the newest build). */
export async function setRemoteEntry(name: string, entryUrl: string | null): Promise<void> {
  await operatorSql(
    `update remote_registry set entry_url = $2 where name = $1 and merchant_id = ${WORKER_MERCHANT_ID}`,
    [name, entryUrl],
  );
}

/**
 * Allows this worker's merchant to load remotes from `origin` (remote_origin, migration 011): the
 * registry takes an entry URL only on an allowed origin, and the pages' Content-Security-Policy
 * names exactly these.
 */
export async function allowRemoteOrigin(origin: string): Promise<void> {
  await operatorSql(`insert into remote_origin (merchant_id, origin) values (${WORKER_MERCHANT_ID}, $1) on conflict do nothing`, [origin]);
}

/** Withdraws every origin allowed with allowRemoteOrigin (entries there must be cleared first). */
export async function clearRemoteOrigins(): Promise<void> {
  await operatorSql(`delete from remote_origin where merchant_id = ${WORKER_MERCHANT_ID}`);
}

export function remotePage(page: Page, remote: string) {
  return page.locator(`[data-testid="remote-page"][data-remote="${remote}"]`);
}

/** Logs in through the header's login popup (English texts) and waits for the header balance. */
export async function logInInPopup(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('header-login').click();
  const popup = page.getByRole('dialog', { name: 'Login or register' });
  await popup.getByTestId('login-username').fill(username);
  await popup.getByTestId('login-password').fill(password);
  await popup.getByTestId('login-submit').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText(/\d/);
}
