import { callEncrypted, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember, signInOperator, type OperatorSession } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Locator, type Page } from '../harness/test';

// The point mall as a player meets it: a player bets (spins of the in-house slot), the day's
// points are counted (points are credited per closed day, so the test moves its rounds two days
// back and has the back office count that day with `ops points-earn`, as the daily job would),
// then on /pointMall the player sees its points and the rules, redeems a cash item and a gift with
// the payment password, finds both in the history (the gift awaiting delivery until the back
// office marks it delivered with `ops points-deliver`), and converts points to money. On a desktop
// and on a 390 px phone, in English and Bengali, with nothing scrolling sideways.
//
// The worker's merchant earns 100 points per 0.01 staked on slots during these tests (a small spin
// buys what the journey redeems); the seed's rule (1 point per 10.00) is put back after.

const PAYMENT_PASSWORD = '246801';
let operator: OperatorSession;

test.beforeAll(async () => {
  operator = await signInOperator();
  const set = await operator.ops(['points-settings-set', '--json', JSON.stringify({ rules: [{ source: 'rng', perAmount: 0.01, points: 100 }] })]);
  expect(set.code, set.lines.join('\n')).toBe(0);
});

test.afterAll(async () => {
  await operator.ops(['points-settings-set', '--json', JSON.stringify({ rules: [{ source: 'rng', perAmount: 10, points: 1 }] })]);
});

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
});

async function launchSlot(request: APIRequestContext, member: RegisteredMember): Promise<string> {
  const response = await request.post('/wps/game/launchGame', {
    headers: { Authorization: member.token },
    data: { gameId: 'JLS001', vassalage: 'JL', launchMode: 'GLS', accountType: 1, platform: 'html5', clientType: 3, language: 'EN' },
  });
  const body = (await response.json()) as { value?: { game_url?: string } };
  expect(response.status()).toBe(200);
  return body.value?.game_url ?? '';
}

async function spinOnce(spin: Locator, lastRound: Locator): Promise<void> {
  await expect(spin).toBeEnabled();
  const before = (await lastRound.count()) ? await lastRound.textContent() : null;
  await spin.click();
  await expect(lastRound).toBeVisible({ timeout: 20_000 });
  if (before) await expect(lastRound).not.toHaveText(before, { timeout: 20_000 });
  await expect(spin).toBeEnabled({ timeout: 20_000 });
}

/** A player with money, a payment password and `spins` settled slot rounds, whose points were counted; answers its points. */
async function playerWhoBet(page: Page, request: APIRequestContext, spins: number): Promise<{ member: RegisteredMember; points: number }> {
  const member = await registerMember(request);
  await creditMember(member.username, 100_00);
  const password = await callEncrypted(request, 'POST', '/wps/relay/setWithdrawPassword', { paymentPassword: PAYMENT_PASSWORD, confirmPaymentPassword: PAYMENT_PASSWORD }, { Authorization: member.token });
  expect(password.body.success, JSON.stringify(password.body)).toBe(true);

  await page.goto(await launchSlot(request, member));
  for (let spin = 0; spin < spins; spin++) await spinOnce(page.getByRole('button', { name: 'Spin', exact: true }), page.getByTestId('last-round'));

  // The rounds are today's; points are counted once a day has ended: they move to two days ago.
  const memberId = `(SELECT id FROM member WHERE username = $1 AND merchant_id = ${WORKER_MERCHANT_ID})`;
  await operatorSql(`UPDATE game_round SET started_at = started_at - interval '2 days', ended_at = ended_at - interval '2 days' WHERE member_id = ${memberId}`, [member.username]);
  const rounds = await operatorSql<{ day: string; stake: string }>(
    `SELECT to_char((ended_at AT TIME ZONE 'UTC') + make_interval(mins => COALESCE((SELECT (value->>'timeZoneOffsetMinutes')::int FROM merchant_setting
             WHERE merchant_id = ${WORKER_MERCHANT_ID} AND key = 'withdraw'), 360)), 'YYYY-MM-DD') AS day, sum(valid_bet_minor)::text AS stake
       FROM game_round WHERE member_id = ${memberId} AND status = 'settled' GROUP BY 1`,
    [member.username],
  );
  expect(rounds.length).toBeGreaterThan(0);
  let points = 0;
  for (const round of rounds) {
    points += Number(round.stake) * 100;
    const counted = await operator.ops(['points-earn', round.day]);
    expect(counted.code, counted.lines.join('\n')).toBe(0);
  }
  const balance = await operator.ops(['points-balance', member.username]);
  expect(balance.lines).toContain(`${member.username} has ${points} point(s).`);
  return { member, points };
}

async function openMall(page: Page, member: RegisteredMember): Promise<void> {
  await openSite(page, '/pointMall');
  await logInInPopup(page, member.username, member.password);
  // A login lands on the home page (the site's rule); the player goes back to the mall.
  await expect(page).toHaveURL(/\/$/);
  await openSite(page, '/pointMall');
  await expect(page.getByTestId('point-mall')).toBeVisible();
}

const card = (page: Page, name: string) => page.getByTestId('point-item').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function redeem(page: Page, name: string): Promise<void> {
  await card(page, name).getByTestId('point-redeem').click();
  const dialog = page.getByTestId('point-redeem-dialog');
  await dialog.getByTestId('point-password').fill(PAYMENT_PASSWORD);
  await dialog.getByTestId('point-confirm').click();
  await expect(dialog).toHaveCount(0);
}

async function convert(page: Page, points: number): Promise<void> {
  await page.getByTestId('point-convert-input').fill(String(points));
  await page.getByTestId('point-convert').click();
  const dialog = page.getByTestId('point-convert-dialog');
  await dialog.getByTestId('point-password').fill(PAYMENT_PASSWORD);
  await dialog.getByTestId('point-confirm').click();
  await expect(dialog).toHaveCount(0);
}

test('a visitor sees the rules, the rewards and a login prompt', async ({ page }) => {
  await openSite(page, '/pointMall');
  await expect(page.getByTestId('point-rules')).toContainText('for every');
  await expect(page.getByTestId('point-item').first()).toBeVisible();
  await expect(page.getByTestId('point-login')).toBeVisible();
  await expect(page.getByTestId('point-balance')).toHaveCount(0);
});

test('a player who bet redeems cash and a gift, sees them in the history, the gift delivered, and converts points', async ({ page, request }) => {
  test.setTimeout(240_000);
  const { member, points } = await playerWhoBet(page, request, 2);
  expect(points).toBeGreaterThanOrEqual(1000);
  await openMall(page, member);
  await expect(page.getByTestId('point-balance')).toHaveText(String(points));

  await redeem(page, '1.00 cash');
  await expect(page.getByTestId('point-balance')).toHaveText(String(points - 100));
  await redeem(page, 'Team cap');
  await expect(page.getByTestId('point-balance')).toHaveText(String(points - 900));
  const rows = page.getByTestId('point-history-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Team cap' }).getByTestId('point-history-status')).toHaveText('Awaiting delivery');
  await expect(rows.filter({ hasText: '1.00 cash' }).getByTestId('point-history-status')).toHaveText('Completed');

  // The back office delivers the gift.
  const pending = await operator.ops(['points-redeems', '--status', 'pending']);
  const line = pending.lines.find((text) => text.includes(member.username));
  const redeemId = /^\s*(\d+)/.exec(line ?? '')?.[1];
  expect(redeemId, pending.lines.join('\n')).toBeDefined();
  const delivered = await operator.ops(['points-deliver', redeemId!, '--note', 'Courier']);
  expect(delivered.lines).toContain(`Redeem ${redeemId} marked delivered.`);
  await page.reload();
  await expect(page.getByTestId('point-history-row').filter({ hasText: 'Team cap' }).getByTestId('point-history-status')).toHaveText('Delivered');

  await convert(page, 100);
  await expect(page.getByTestId('point-balance')).toHaveText(String(points - 1000));
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('earns, redeems and converts, in English and Bengali, nothing scrolling sideways', async ({ page, request }) => {
    test.setTimeout(240_000);
    const { member, points } = await playerWhoBet(page, request, 1);
    await openMall(page, member);
    await expect(page.getByTestId('point-balance')).toHaveText(String(points));
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'point-mall');
    await redeem(page, '1.00 cash');
    await expect(page.getByTestId('point-history-row')).toHaveCount(1);
    await convert(page, 100);
    await expect(page.getByTestId('point-balance')).toHaveText(String(points - 200));
    await expectNoHorizontalOverflow(page, 'point-mall');

    await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));
    await page.reload();
    await expect(page.getByTestId('point-history-status')).toHaveText('সম্পন্ন');
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'point-mall');
  });
});
