import { writeFile } from 'node:fs/promises';
import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { memberIdOf } from '../harness/member-centre';
import { signInOperator } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// A promotion to apply for, on a 390 px phone, through the pages only: the player applies for the
// seeded "Share & Win $20" with a comment and a screenshot (png), the promotion waits for review,
// an operator approves it with the command-line tool, and the player's page then shows the $20
// paid (its wagering, 3×, in progress) and the header's balance has it. The form, a refusal of a
// file and the page fit the screen in English and in Bengali, as do the daily sign-in's streak and
// the day's wager with its progress.

const SHARE_AND_WIN = 'Share & Win $20';
/** A 1×1 png. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  // One per person: every browser of this run comes from 127.0.0.1, so a player of an earlier
  // test would count as the same person. Each test's player is a new person (the rule itself is
  // tested in the server's promotion tests).
  await operatorSql(`DELETE FROM promotion_identity WHERE promotion_id IN (SELECT id FROM promotion WHERE merchant_id = ${WORKER_MERCHANT_ID})`);
});

async function shareAndWinId(): Promise<number> {
  const rows = await operatorSql<{ id: number }>(`SELECT id FROM promotion WHERE merchant_id = ${WORKER_MERCHANT_ID} AND title = $1`, [SHARE_AND_WIN]);
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

/** A new player, logged in through the header's popup. */
async function newPlayer(page: Page, request: Parameters<typeof registerMember>[0]): Promise<string> {
  const member = await registerMember(request);
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  return member.username;
}

test('a player applies with a comment and a screenshot, an operator approves, and the player has the $20', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const username = await newPlayer(page, request);
  const memberId = await memberIdOf(username);
  const promotionId = await shareAndWinId();

  // 1. The list shows it to apply for; its page has Apply, which opens the form.
  await openSite(page, '/promotions');
  const card = page.getByTestId('promo-card').and(page.locator(`[data-id="${promotionId}"]`));
  await expect(card.getByTestId('promo-state')).toHaveText('Apply');
  await card.click();
  const detail = page.getByTestId('promo-detail');
  await expect(detail).toHaveAttribute('data-state', 'apply');
  await expect(detail.getByRole('heading', { name: SHARE_AND_WIN })).toBeVisible();
  const action = detail.getByTestId('promo-action');
  await expect(action).toHaveText('Apply');
  await action.click();
  const form = detail.getByTestId('promo-apply-form');
  await expect(form).toBeVisible();

  // 2. A comment (counted as typed) and a png, shown as a thumbnail.
  await form.getByTestId('promo-apply-comment').fill('Shared on my page with three friends 🎉');
  await expect(form.getByTestId('promo-apply-count')).toHaveText('38/140');
  const screenshot = testInfo.outputPath('share.png');
  await writeFile(screenshot, PNG);
  await form.getByTestId('promo-apply-file').setInputFiles(screenshot);
  await expect(form.getByTestId('promo-apply-image')).toHaveCount(1);
  await expect(form.getByTestId('promo-apply-image').locator('img')).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'remote-page');

  // 3. Sent: the promotion waits for review, and the server holds the application.
  await form.getByTestId('promo-apply-submit').click();
  await expect(detail).toHaveAttribute('data-state', 'applying');
  await expect(form).toHaveCount(0);
  await expect(action).toHaveText('Under review');
  await expect(action).toBeDisabled();
  await expect(detail.getByTestId('promo-state')).toHaveText('Applying');
  await expectNoHorizontalOverflow(page, 'remote-page');
  const claims = await operatorSql<{ id: string; state: string }>(
    `SELECT id::text, state FROM promotion_claim WHERE member_id = $1 AND promotion_id = $2`,
    [memberId, promotionId],
  );
  expect(claims).toEqual([{ id: expect.any(String), state: 'applying' }]);

  // 4. The back office lists it waiting and approves it with the command-line tool.
  const operator = await signInOperator();
  const waiting = await operator.ops(['promotion-applications', '--waiting']);
  expect(waiting.code).toBe(0);
  expect(waiting.lines.some((line) => line.includes(username) && line.includes('Shared on my page'))).toBe(true);
  const approved = await operator.ops(['promotion-approve', claims[0].id]);
  expect(approved.code).toBe(0);
  expect(approved.lines.join('\n')).toContain(`Application ${claims[0].id} approved: 20 paid`);

  // 5. The player's page: the $20 paid, its wagering (3×) in progress; the balance has it.
  await page.reload();
  await expect(detail).toHaveAttribute('data-state', 'process');
  await expect(action).toHaveText('In progress');
  await expect(detail.getByTestId('promo-bonus')).toHaveText(/^Your bonus: \D*20\.00$/);
  await expect(detail.getByTestId('promo-wagering-remaining')).toContainText('60.00');
  await expect(page.getByTestId('header-balance')).toContainText('20.00');
  await expectNoHorizontalOverflow(page, 'remote-page');

  // 6. Approving again pays nothing more.
  const again = await operator.ops(['promotion-approve', claims[0].id]);
  expect(again.code).not.toBe(0);
  await page.reload();
  await expect(page.getByTestId('header-balance')).toContainText('20.00');
});

test('the application form, a refused file and the page fit the screen in Bengali', async ({ page, request }, testInfo) => {
  await newPlayer(page, request);
  const promotionId = await shareAndWinId();
  // Bengali, whose words run longest of the seven sets.
  await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));
  await openSite(page, `/promotions/${promotionId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  const detail = page.getByTestId('promo-detail');
  await expect(detail).toHaveAttribute('data-state', 'apply');
  await detail.getByTestId('promo-action').click();
  const form = detail.getByTestId('promo-apply-form');
  await form.getByTestId('promo-apply-comment').fill('আমি আমার বন্ধুদের সাথে শেয়ার করেছি');
  const gif = testInfo.outputPath('share.gif');
  await writeFile(gif, Buffer.from('GIF89a'));
  await form.getByTestId('promo-apply-file').setInputFiles(gif);
  await expect(form.getByTestId('promo-apply-image-error')).toHaveText('"share.gif" PNG বা JPG ছবি নয়।');
  const screenshot = testInfo.outputPath('share.png');
  await writeFile(screenshot, PNG);
  await form.getByTestId('promo-apply-file').setInputFiles(screenshot);
  await expect(form.getByTestId('promo-apply-image')).toHaveCount(1);
  await expect(form.getByTestId('promo-apply-submit')).toHaveText('আবেদন জমা দিন');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'remote-page');
});

test("the daily sign-in's streak and the day's wager progress fit the screen in English and Bengali", async ({ page, request }) => {
  await newPlayer(page, request);
  const idOf = async (trigger: string) =>
    (await operatorSql<{ id: number }>(`SELECT id FROM promotion WHERE merchant_id = ${WORKER_MERCHANT_ID} AND trigger = $1`, [trigger]))[0].id;
  const signIn = await idOf('sign_in');
  const wager = await idOf('bet_volume');
  for (const language of ['EN', 'BN']) {
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    await openSite(page, `/promotions/${signIn}`);
    const detail = page.getByTestId('promo-detail');
    await expect(detail).toHaveAttribute('data-state', 'claim');
    await expect(detail.getByTestId('promo-streak-amount')).toHaveCount(7);
    await expect(detail.getByTestId('promo-streak-amount').first()).toHaveAttribute('data-today', 'true');
    if (language === 'EN') {
      await expect(detail.getByTestId('promo-action')).toHaveText('Sign in');
      await expect(detail.getByTestId('promo-streak-day')).toHaveText('Day 1 of 7');
    }
    await expect(detail.getByTestId('promo-daily')).toBeVisible();
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'remote-page');

    await openSite(page, `/promotions/${wager}`);
    await expect(detail).toHaveAttribute('data-state', 'joined');
    await expect(detail.getByTestId('promo-progress-bar')).toHaveAttribute('aria-valuenow', '0');
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'remote-page');
  }
});
