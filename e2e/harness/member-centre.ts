import { operatorSql } from './database';
import { WORKER_MERCHANT_ID } from './merchant';
import { expect, type Locator, type Page } from './test';

// The member centre as the journeys walk it, and what they read of a member in the database of
// this worker's merchant (harness/merchant.ts).

/** The member centre opened on a page: the header's button on a desktop, the account menu on a phone. */
export async function openCentrePage(page: Page, headerTestId: string, menuName: string): Promise<Locator> {
  const overlay = page.getByTestId('mfe_member_center-overlay');
  if (await overlay.isVisible()) {
    await overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: menuName }).click();
    return overlay;
  }
  const headerButton = page.getByTestId(headerTestId);
  if (await headerButton.isVisible()) {
    await headerButton.click();
  } else {
    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-account-record').click();
    await overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: menuName }).click();
  }
  // The menu's button (a page may have a button of the same name: the withdraw page's Withdraw).
  await expect(overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: menuName })).toHaveAttribute('aria-current', 'page');
  return overlay;
}

/** Closes the member centre (Escape) and waits until it is gone. */
export async function closeCentre(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('mfe_member_center-overlay')).toHaveCount(0);
}

export async function memberIdOf(username: string): Promise<number> {
  const rows = await operatorSql<{ id: number }>(`SELECT id FROM member WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID}`, [username]);
  return Number(rows[0].id);
}

/** The lottery stake this member has placed and not had refunded (what the wagering rule counts). */
export async function lotteryStakeOf(memberId: number): Promise<number> {
  const rows = await operatorSql<{ total: string | null }>(
    `SELECT sum(amount_minor)::text AS total FROM lottery_bet WHERE member_id = $1 AND state NOT IN ('cancelled', 'stopped', 'void')`,
    [memberId],
  );
  return Number(rows[0].total ?? 0);
}
