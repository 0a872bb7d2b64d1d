import { clearRegistrationLimits, clearThrottles, registerPlayer, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { E2E_BASE_URL } from '../harness/constants';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { betOnSsc } from '../harness/lottery';
import { WORKER_MERCHANT, WORKER_MERCHANT_ID } from '../harness/merchant';
import { memberIdOf, openCentrePage } from '../harness/member-centre';
import { signInOperator, type OperatorSession } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Locator, type Page } from '../harness/test';

// Invite a friend as two players meet it, on a 390 px phone: the first copies the invitation link
// from Invite Friends, a second player (another browser) opens it and registers; the first sees
// the friend in the list as registered. The friend's first deposit, approved by the back office
// with the command-line tool, and a lottery bet that settles make the friend qualify: the first
// player's list then shows the friend rewarded, the invitation reward is in the records once and
// in the balance, and opening the page again pays nothing more. The pages fit the phone in
// English and in Bengali.
//
// Every browser of this run comes from 127.0.0.1 (the server believes no X-Forwarded-For unless
// TRUST_PROXY names a proxy, and the harness's server names none), so the two players share an
// address: the test turns the address comparison off for its merchant, as an operator would on a
// carrier's shared address, and puts it back afterwards. Devices (each browser its own) and cards
// are still compared; the rule itself is tested in the server's referral tests.

const PHONE = { width: 390, height: 844 };
const REWARD = 8;

test.use({ viewport: PHONE });

let operator: OperatorSession;
let savedSettings: string | undefined;

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  operator ??= await signInOperator();
  const [row] = await operatorSql<{ value: Record<string, unknown> }>(
    `SELECT to_jsonb(s) - 'merchant_id' - 'updated_at' AS value FROM referral_setting s WHERE merchant_id = ${WORKER_MERCHANT_ID}`,
  );
  savedSettings = row ? JSON.stringify(row.value) : undefined;
  // A first deposit of at least 500.00 (the bank transfer's least) and a 20.00 lottery bet qualify.
  const set = await operator.ops([
    'referral-settings-set',
    '--json',
    JSON.stringify({ enabled: true, checkAddress: false, minFirstDeposit: 500, minValidStake: 20, invitationReward: REWARD }),
  ]);
  expect(set.lines[0]).toBe('Referral settings saved.');
});

test.afterEach(async () => {
  if (!savedSettings) return;
  const saved = JSON.parse(savedSettings) as Record<string, number | boolean | string | null>;
  await operatorSql(
    `UPDATE referral_setting SET enabled = $1, check_address = $2, min_first_deposit_minor = $3, min_valid_stake_minor = $4, invitation_reward_minor = $5
      WHERE merchant_id = ${WORKER_MERCHANT_ID}`,
    [saved.enabled, saved.check_address, saved.min_first_deposit_minor, saved.min_valid_stake_minor, saved.invitation_reward_minor],
  );
});

/** The Invite Friends page's tab, chosen. */
async function openTab(overlay: Locator, name: string): Promise<Locator> {
  const referral = overlay.getByTestId('referral');
  await referral.getByRole('tab', { name }).click();
  await expect(referral.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return referral;
}

/** The friends list's card of a friend. */
function friendCard(referral: Locator, username: string): Locator {
  return referral.getByRole('row').filter({ has: referral.page().getByTestId('friend-name').getByText(username, { exact: true }) });
}

async function invitationRewardsOf(memberId: number): Promise<number> {
  const [row] = await operatorSql<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
      WHERE t.kind = 'invitation_reward' AND a.member_id = $1 AND p.amount_minor > 0`,
    [memberId],
  );
  return row.n;
}

/** The second player: another browser (its own device), registering through the invitation link. */
async function registerThroughLink(page: Page, link: string): Promise<{ username: string; page: Page }> {
  const context = await page.context().browser()!.newContext({ baseURL: E2E_BASE_URL, viewport: PHONE, extraHTTPHeaders: { Merchant: WORKER_MERCHANT.code } });
  const friendPage = await context.newPage();
  await useEnglish(friendPage);
  await skipAnnouncementPopup(friendPage);
  await friendPage.goto(link);
  const code = new URL(link).searchParams.get('referralCode');
  await expect(friendPage.getByTestId('register-form')).toBeVisible();
  await expect(friendPage.getByTestId('register-referralCode')).toHaveValue(code!);
  await expectNoHorizontalOverflow(friendPage, 'register-form');
  const username = uniqueUsername('rf');
  await friendPage.getByTestId('register-username').fill(username);
  await friendPage.getByTestId('register-password').fill(TEST_PASSWORD);
  await friendPage.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
  await friendPage.getByTestId('register-submit').click();
  const success = friendPage.getByTestId('register-success');
  await expect(success).toBeVisible();
  await success.getByRole('button').first().click();
  await expect(friendPage.getByRole('dialog')).toHaveCount(0);
  await expect(friendPage.getByTestId('header-balance')).toContainText('0.00');
  return { username, page: friendPage };
}

test('a player invites a friend with the copied link; the friend registers, deposits and bets; the reward appears once', async ({ page, request }) => {
  test.setTimeout(420_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

  // 1. The first player opens Invite Friends and copies the link.
  const inviter = await registerPlayer(request);
  await openSite(page);
  await logInInPopup(page, inviter.username, inviter.password);
  const overlay = await openCentrePage(page, 'header-referral', 'Invite Friends');
  const referral = overlay.getByTestId('referral');
  const shownLink = (await referral.getByTestId('referral-link').textContent())!;
  expect(shownLink).toMatch(/^http:\/\/localhost:\d+\/register\?referralCode=[A-Z2-9]{8}$/);
  await expect(referral.getByTestId('referral-qr')).toHaveAttribute('data-value', shownLink);
  await referral.getByTestId('copy-link').click();
  await expect(referral.getByTestId('copy-link')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(shownLink);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // 2. A second player registers with it, in a browser of their own.
  const friend = await registerThroughLink(page, copied);
  const [row] = await operatorSql<{ upline_id: string | null; state: string }>(
    `SELECT m.upline_id, r.state FROM member m JOIN referral r ON r.invitee_id = m.id WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID}`,
    [friend.username],
  );
  expect(row).toEqual({ upline_id: null, state: 'registered' });

  // 3. The first player sees the friend, registered.
  let friends = await openTab(overlay, 'Friends');
  await expect(friendCard(friends, friend.username).getByTestId('friend-status')).toHaveText('Registered');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // 4. The friend deposits 500.00 by bank transfer; the back office approves it with the tool.
  const friendPage = friend.page;
  const deposit = await openCentrePage(friendPage, 'header-deposit', 'Deposit');
  await deposit.getByTestId('deposit-amount').fill('500.00');
  await deposit.getByTestId('deposit-payeeName').fill('Rahim Uddin');
  await deposit.getByTestId('deposit-submit').click();
  const refCode = (await deposit.getByTestId('deposit-manual').getByTestId('deposit-ref').textContent())!;
  const approval = await operator.ops(['approve-deposit', refCode]);
  expect(approval.code).toBe(0);
  await expect(friendPage.getByTestId('header-balance')).toContainText('500.00');

  // Deposited, not yet qualified: nothing is paid before the stake.
  await openTab(overlay, 'Invite');
  friends = await openTab(overlay, 'Friends');
  await expect(friendCard(friends, friend.username).getByTestId('friend-status')).toHaveText('Deposited');
  const inviterId = await memberIdOf(inviter.username);
  expect(await invitationRewardsOf(inviterId)).toBe(0);

  // 5. The friend bets 20.00 on the lottery; the round draws and settles.
  const token = (await friendPage.evaluate(() => window.sessionStorage.getItem('token')))!;
  await betOnSsc(request, token);
  const friendId = await memberIdOf(friend.username);
  await expect
    .poll(async () => (await operatorSql<{ n: number }>(`SELECT count(*)::int AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.member_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')`, [friendId]))[0].n, {
      timeout: 240_000,
      intervals: [5_000],
    })
    .toBe(1);

  // 6. The first player's list shows the friend rewarded, the records the reward once, and the balance has it.
  await openTab(overlay, 'Invite');
  friends = await openTab(overlay, 'Friends');
  const card = friendCard(friends, friend.username);
  await expect(card.getByTestId('friend-status')).toHaveText('Rewarded');
  await expect(card.getByTestId('friend-reward')).toHaveText(/8\.00$/);
  const records = await openTab(overlay, 'Records');
  await expect(records.getByRole('row').filter({ hasText: friend.username })).toHaveCount(1);
  await expect(records.getByRole('row').filter({ hasText: friend.username })).toContainText('8.00');
  expect(await invitationRewardsOf(inviterId)).toBe(1);
  // The balance is pushed to the header (the player had 0.00).
  await expect(page.getByTestId('header-balance')).toContainText('8.00');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // 7. Opening the page again (and the friends list, which advances friends) pays nothing more.
  await page.reload();
  const again = await openCentrePage(page, 'header-referral', 'Invite Friends');
  const list = await openTab(again, 'Friends');
  await expect(friendCard(list, friend.username).getByTestId('friend-status')).toHaveText('Rewarded');
  expect(await invitationRewardsOf(inviterId)).toBe(1);
  await expect(page.getByTestId('header-balance')).toContainText('8.00');

  // 8. Every tab fits the phone in English and in Bengali.
  for (const tab of ['Invite', 'Overview', 'My income', 'Friends', 'Records', 'Rewards', 'Rules']) {
    await openTab(again, tab);
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
  }
  await page.evaluate(() => {
    window.localStorage.setItem('lang', 'BN');
    window.localStorage.setItem('hisLang', 'BN');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  // The centre's menu is named in Bengali too (openCentrePage reads the English names).
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-account-record').click();
  const bengali = page.getByTestId('mfe_member_center-overlay');
  await bengali.getByRole('navigation', { name: 'সদস্য কেন্দ্র' }).getByRole('button', { name: 'বন্ধুদের আমন্ত্রণ' }).click();
  for (const tab of ['আমন্ত্রণ', 'সংক্ষিপ্ত বিবরণ', 'আমার আয়', 'বন্ধুরা', 'রেকর্ড', 'পুরস্কার', 'নিয়ম']) {
    await openTab(bengali, tab);
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
  }
  await friendPage.context().close();
});
