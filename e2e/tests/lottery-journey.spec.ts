import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { creditMember } from '../harness/operator';
import { bettingString, placeSlip } from '../harness/lottery';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// The lottery journey, on the real server and its scheduler (a 1-minute SSC game drawn
// by the server's clock): a player opens /lottery, picks every digit of the first position (one
// ticket of ten wins whatever is drawn), chases one further round with stop-on-win, confirms, sees
// the round drawn (pushed to the page); the prize, the rebate and the refund of the stopped chase
// reach the header balance by the balance push, and the bets are in today's orders and in the
// member centre's Betting Record (Lottery and Chase).

/** Digits of an amount as shown ('৳1,234.50', '1,234.50') → minor units. */
function minorOf(text: string): number {
  const match = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (match[1] === '-' ? -1 : 1) * (Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]));
}

const balanceOf = async (page: Page): Promise<number> => minorOf((await page.getByTestId('header-balance').textContent()) ?? '');

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('a player bets on SSC with a chase, sees the draw, the win in the header balance, and the records', async ({ page, request }) => {
  test.setTimeout(240_000);
  const member = await registerMember(request);
  await creditMember(member.username, 100_000, 'Welcome credit');
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  await expect(page.getByTestId('header-balance')).toContainText('1,000.00');
  await openSite(page, '/lottery');

  // The lobby lists the games; the 1-minute SSC opens its betting page.
  const lobby = page.getByTestId('lottery-lobby');
  await lobby.locator('[data-testid="lottery-game-card"][data-game-code="SSC1"]').first().getByRole('link').click();
  const screen = page.getByTestId('betting-screen');
  await expect(screen).toHaveAttribute('data-game-code', 'SSC1');
  await expect(page).toHaveURL(/\/lottery\?gameCode=SSC1/);

  // Fixed position, every digit on the first position: 10 tickets of 2.00, one of them wins.
  await screen.getByRole('tab', { name: 'Fixed position' }).click();
  await screen.locator('[data-testid="play-button"][data-play-code="SSC_POSITION"]').click();
  await screen.getByTestId('pick-row').first().getByTestId('quick-all').click();
  await expect(screen.getByTestId('bet-summary')).toContainText('10');
  await screen.getByTestId('add-to-slip').click();
  await expect(screen.getByTestId('slip-line')).toHaveCount(1);
  await expect(screen.getByTestId('slip-total')).toContainText('20.00');

  // Chase one further round, stopping once a bet wins.
  await screen.getByTestId('chase-toggle').click();
  await screen.getByTestId('chase-count').fill('1');
  await screen.getByTestId('chase-winning-stop').check();
  await expect(screen.getByTestId('order-total')).toContainText('40.00');
  const numero = await placeSlip(page, screen);
  expect(numero).toMatch(/^\d{8}-\d{4}$/);
  await expect(page.getByTestId('header-balance')).toContainText('960.00', { timeout: 10_000 });
  const orders = screen.getByTestId('today-orders');
  await expect(orders.getByTestId('order-row')).toHaveCount(2);

  // The draw (within a minute) is pushed; the win (19.00), the rebate (0.60 at series 1900) and
  // the chased round, stopped by the win and refunded (20.00), reach the header balance.
  await expect(page.getByTestId('header-balance')).toContainText('999.60', { timeout: 100_000 });
  await expect(screen.getByTestId('latest-result').getByTestId('draw-numbers')).toBeVisible();
  await expect(orders.getByTestId('order-status').filter({ hasText: 'Won' })).toHaveCount(1, { timeout: 15_000 });
  await expect(orders.getByTestId('order-status').filter({ hasText: /stopped/i })).toHaveCount(1);
  expect(await balanceOf(page)).toBe(99_960);

  // The round verifies in the browser: its revealed seed matches the hash published before sales,
  // and the numbers recomputed from the seed and the round's sales hash (fixed when its sales
  // closed, this bet among them) are the ones drawn.
  await screen.getByTestId('history-toggle').click();
  await screen.locator(`[data-testid="history-row"][data-numero="${numero}"]`).getByTestId('history-verify').click();
  const verify = page.getByTestId('verify-dialog');
  await expect(verify.getByTestId('verify-result')).toHaveText('Match: the draw is what the seed gives.', { timeout: 20_000 });
  await expect(verify.getByTestId('verify-hash')).toHaveAttribute('data-ok', 'true');
  await expect(verify.getByTestId('verify-sales-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await verify.getByRole('button', { name: 'Close' }).last().click();
  await expect(verify).toHaveCount(0);

  // The records: Betting Record › Lottery lists both bets, the chase tab too.
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-betting-record').click();
  const records = page.getByTestId('bet-history');
  await records.getByRole('tab', { name: 'Lottery', exact: true }).click();
  await expect(records.locator('tbody tr, [data-testid="lottery-record"]').filter({ hasText: numero }).first()).toBeVisible({ timeout: 10_000 });
  await expect(records).toContainText('Won');
  await records.getByRole('tab', { name: 'Chase' }).click();
  await expect(records).toContainText(numero);
});

test('the lottery pages fit a phone (390 px): lobby, SSC betting page, Vietnam lottery, in English and Bengali', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const language of ['EN', 'BN']) {
    await page.addInitScript((lang) => {
      window.localStorage.setItem('lang', lang);
      window.localStorage.setItem('hisLang', lang);
    }, language);
    for (const [path, testId] of [
      ['/lottery', 'lottery-lobby'],
      ['/lottery?gameCode=SSC1', 'betting-screen'],
      ['/lottery?gameCode=LHC5', 'betting-screen'],
      ['/vnlottery?gameCode=VN5', 'betting-screen'],
    ] as const) {
      await openSite(page, path).catch(async () => {
        // /vnlottery has no header (bare chrome): wait for its page instead.
        await page.goto(path);
      });
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(page.getByTestId(testId).locator('[data-testid="play-menu"], [data-testid="lottery-game-card"]').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ language, path, overflow }).toEqual({ language, path, overflow: 0 });
      if (process.env.LOTTERY_SCREENSHOTS) await page.screenshot({ path: `${process.env.LOTTERY_SCREENSHOTS}/${language}-${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
    }
    // The verification of a past SSC round (its seed, hashes and numbers) fits the phone too. The
    // 1-minute game has drawn rounds once the server has run for a minute.
    await openSite(page, '/lottery?gameCode=SSC1');
    await page.getByTestId('history-toggle').click();
    await page.getByTestId('history-verify').first().click({ timeout: 90_000 });
    const verify = page.getByTestId('verify-dialog');
    await expect(verify.getByTestId('verify-result')).toBeVisible({ timeout: 20_000 });
    const overflow = await verify.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
    expect({ language, dialog: 'verify', overflow }).toEqual({ language, dialog: 'verify', overflow: 0 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    if (process.env.LOTTERY_SCREENSHOTS) await page.screenshot({ path: `${process.env.LOTTERY_SCREENSHOTS}/${language}-verify.png` });
    await page.keyboard.press('Escape');
  }
});

for (const language of ['EN', 'BN']) {
  test(`a chase plan is built, placed and its remaining rounds cancelled on a phone (390 px), in ${language}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const member = await registerMember(request);
    await creditMember(member.username, 100_000, 'Welcome credit');
    await openSite(page, '/');
    await logInInPopup(page, member.username, member.password);
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    // The 5-minute SSC: its round stays on sale while the plan is built and cancelled.
    await openSite(page, '/lottery?gameCode=SSC5&playType=SSC_POSITION');
    const screen = page.getByTestId('betting-screen');
    await expect(screen).toHaveAttribute('data-game-code', 'SSC5');
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${language.toLowerCase()}`, 'i'));
    await expect(screen.locator('[data-testid="play-button"][data-play-code="SSC_POSITION"]')).toHaveAttribute('aria-pressed', 'true');
    await screen.getByTestId('pick-row').first().getByTestId('pick-value').first().click();
    await screen.getByTestId('add-to-slip').click();
    await expect(screen.getByTestId('slip-line')).toHaveCount(1);

    // Doubling over four rounds: the plan's table (round, multiple, stake, cost so far) fits the phone.
    await screen.getByTestId('chase-toggle').click();
    await screen.getByTestId('chase-count').fill('3');
    await screen.getByTestId('plan-kind-double').click();
    await expect(screen.getByTestId('chase-plan-row')).toHaveCount(4);
    expect({ language, step: 'plan', overflow: await overflow() }).toEqual({ language, step: 'plan', overflow: 0 });
    await placeSlip(page, screen, language);

    // Today's orders list the four rounds; cancelling the rest returns the rounds still on sale.
    const orders = screen.getByTestId('today-orders');
    await expect(orders.getByTestId('order-row')).toHaveCount(4);
    await orders.getByTestId('order-cancel-chase').first().click();
    const confirm = page.getByTestId('cancel-chase-confirm');
    await expect(confirm).toBeVisible();
    expect({ language, step: 'confirm', overflow: await overflow() }).toEqual({ language, step: 'confirm', overflow: 0 });
    await confirm.getByRole('button', { name: bettingString(language, 'cancel_chase'), exact: true }).click();
    await expect(orders.getByTestId('cancel-chase-done')).toBeVisible();
    await expect(orders.getByTestId('order-cancel-chase')).toHaveCount(0);
    expect({ language, step: 'cancelled', overflow: await overflow() }).toEqual({ language, step: 'cancelled', overflow: 0 });
  });
}
