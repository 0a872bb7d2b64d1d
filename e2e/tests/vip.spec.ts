import { writeFile } from 'node:fs/promises';
import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { betOnSsc } from '../harness/lottery';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { closeCentre, memberIdOf, openCentrePage } from '../harness/member-centre';
import { signInOperator } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Page } from '../harness/test';

// VIP ranks on a 390 px phone, through the pages and the back office's command-line tool: the
// operator sets level 1 (Bronze) to ask a month's turnover of 20.00 and deposits of 1,000.00; a new
// player's rank page shows 0 of each; the player deposits 1,000.00 by bank transfer (approved with
// `ops approve-deposit`) and bets 20.00 on the lottery, and once the bet has settled the rank page
// shows both reached. The month that activity belongs to is then decided with `ops vip-month-end`:
// the player is promoted, the account menu shows the Bronze badge, and the Bronze upgrade bonus is
// claimed once on the benefits page (a second claim is refused, the claim history and `ops
// vip-claims` have it once). The pages fit the phone in English and in Bengali.
//
// A month is decided once it has ended; a test cannot wait for the end of a month, so after the
// activity has moved the progress it is moved back into an ended month (two months ago, which the
// server's own month-end job, deciding the month just ended, leaves to the operator), as if the
// month had passed.

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const DHAKA_MS = 6 * 3_600_000;

test.use({ viewport: { width: 390, height: 844 } });

let levelOne: Record<string, unknown> | undefined;

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test.afterEach(async () => {
  // Level 1 as the seed has it, for whatever runs next in this worker's merchant.
  if (levelOne) {
    await operatorSql(`UPDATE vip_level SET reach_month_turnover_minor = $1, reach_month_deposit_minor = $2 WHERE merchant_id = ${WORKER_MERCHANT_ID} AND level = 1`, [
      levelOne.reach_month_turnover_minor,
      levelOne.reach_month_deposit_minor,
    ]);
  }
});

/** The month two months before now in Dhaka (the merchant's time zone), and an instant in its middle. */
function endedMonth(): { key: string; middleMs: number } {
  const local = new Date(Date.now() + DHAKA_MS);
  const index = local.getUTCFullYear() * 12 + local.getUTCMonth() - 2;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { key: `${year}-${String(month).padStart(2, '0')}`, middleMs: Date.UTC(year, month - 1, 15, 6) };
}

/** The rank page, opened from the account menu's "My VIP rank". */
async function openRank(page: Page) {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-vip').click();
  const overlay = page.getByTestId('mfe_member_center-overlay');
  await expect(overlay.getByTestId('vip-rank-card')).toBeVisible();
  await expectSettled(page);
  return overlay;
}

test('deposits and stakes move the progress; the month end promotes; the upgrade bonus is claimed once; the badge shows', async ({ page, request }, testInfo) => {
  test.setTimeout(300_000);
  const operator = await signInOperator();
  [levelOne] = await operatorSql<Record<string, unknown>>(
    `SELECT reach_month_turnover_minor, reach_month_deposit_minor FROM vip_level WHERE merchant_id = ${WORKER_MERCHANT_ID} AND level = 1`,
  );
  const set = await operator.ops(['vip-level-set', '1', '--json', '{"reach":{"monthlyTurnover":20,"monthlyDeposit":1000}}']);
  expect(set.code).toBe(0);
  expect(set.lines.join('\n')).toContain('VIP level 1 saved.');

  const member = await registerMember(request);
  const memberId = await memberIdOf(member.username);
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);

  // 1. Level 0 (Member): nothing of what Bronze asks yet.
  let overlay = await openRank(page);
  const card = overlay.getByTestId('vip-rank-card');
  await expect(card.getByTestId('vip-rank-level')).toHaveText('VIP 0');
  await expect(card.getByText('Next: VIP 1 Bronze')).toBeVisible();
  await expect(card.getByTestId('vip-figure-monthly-turnover')).toContainText('0.00 / ৳20.00');
  await expect(card.getByTestId('vip-figure-monthly-deposit')).toContainText('0.00 / ৳1,000.00');
  await expect(card.getByTestId('vip-progress-percent')).toHaveText('0%');
  await expectNoHorizontalOverflow(page, 'vip-player-rank');
  await closeCentre(page);

  // 2. A deposit of 1,000.00 by bank transfer, approved in the back office.
  overlay = await openCentrePage(page, 'header-deposit', 'Deposit');
  await overlay.getByTestId('deposit-amount').fill('1000.00');
  await overlay.getByTestId('deposit-payeeName').fill('Karim Hossain');
  await overlay.getByTestId('deposit-submit').click();
  const manual = overlay.getByTestId('deposit-manual');
  await expect(manual).toBeVisible();
  const refCode = (await manual.getByTestId('deposit-ref').textContent())!;
  const receipt = testInfo.outputPath('receipt.png');
  await writeFile(receipt, PNG);
  await manual.getByTestId('deposit-receipt-file').setInputFiles(receipt);
  await expect(manual.getByTestId('deposit-receipt-preview')).toBeVisible();
  await manual.getByTestId('deposit-referenceNo').fill(`TRX-${Date.now()}`);
  await manual.getByTestId('deposit-receipt-submit').click();
  await expect(manual.getByTestId('deposit-status')).toHaveText('Submitted, waiting for approval');
  const approval = await operator.ops(['approve-deposit', refCode]);
  expect(approval.code).toBe(0);
  await expect(page.getByTestId('header-balance')).toContainText('1,000.00');
  await closeCentre(page);

  // 3. A 20.00 lottery bet; turnover counts once it has settled (a 1-minute game).
  await betOnSsc(request, member.token);
  await expect
    .poll(async () => (await operatorSql<{ n: number }>(`SELECT count(*)::int AS n FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.member_id = $1 AND lottery_bet_state(b.state, r.state) IN ('won', 'lost')`, [memberId]))[0].n, {
      timeout: 180_000,
      intervals: [5_000],
    })
    .toBe(1);

  // 4. Both figures reached: the bars are full.
  overlay = await openRank(page);
  await expect(card.getByTestId('vip-figure-monthly-turnover')).toContainText('৳20.00 / ৳20.00');
  await expect(card.getByTestId('vip-figure-monthly-turnover')).toContainText('Reached');
  await expect(card.getByTestId('vip-figure-monthly-deposit')).toContainText('৳1,000.00 / ৳1,000.00');
  await expect(card.getByTestId('vip-progress-percent')).toHaveText('100%');
  await expectNoHorizontalOverflow(page, 'vip-player-rank');
  await closeCentre(page);

  // 5. The month passes (the activity moves into an ended month); the operator decides it.
  const month = endedMonth();
  await operatorSql('UPDATE deposit SET settled_at = $2 WHERE member_id = $1 AND credited_minor IS NOT NULL', [memberId, new Date(month.middleMs)]);
  // A bet settles with its round, at its round's time (a lost one is not written: its round's
  // settlement makes it lost), and the month's figures read settled bets by their round: the round
  // moves with the bet (as would any other bet settled with it).
  await operatorSql(
    `WITH rounds AS (
       UPDATE lottery_round r SET settled_at = $2
        WHERE r.id IN (SELECT b.round_id FROM lottery_bet b JOIN lottery_round br ON br.id = b.round_id
                        WHERE b.member_id = $1 AND lottery_bet_state(b.state, br.state) IN ('won', 'lost'))
       RETURNING r.id)
     UPDATE lottery_bet SET settled_at = $2 WHERE member_id = $1 AND state = 'won' AND round_id IN (SELECT id FROM rounds)`,
    [memberId, new Date(month.middleMs)],
  );
  const decided = await operator.ops(['vip-month-end', month.key]);
  expect(decided.code).toBe(0);
  expect(decided.lines.join('\n')).toMatch(new RegExp(`^Month ${month.key} decided: [1-9]\\d* promoted`));
  const again = await operator.ops(['vip-month-end', month.key]);
  expect(again.lines.join('\n')).toContain(`Month ${month.key} was decided already`);
  const history = await operator.ops(['vip-member', member.username]);
  expect(history.lines[0]).toBe(`${member.username}: level 1 (highest reached 1).`);

  // 6. The badge: the member info carries the new rank once the page loads it again.
  await page.reload();
  await page.getByTestId('header-account-menu').click();
  await expect(page.getByTestId('header-rank-badge')).toHaveText('VIP 1 · Bronze');
  await page.getByTestId('header-account-menu').click();

  // 7. The Bronze upgrade bonus, claimed once.
  overlay = await openCentrePage(page, 'header-none', 'VIP Benefits');
  const benefits = overlay.getByTestId('vip-benefits');
  await expect(benefits.getByTestId('vip-benefits-badge')).toHaveText('Bronze');
  const bonus = benefits.getByTestId('vip-benefit-upgrade-1');
  await expect(bonus).toContainText('Bronze upgrade bonus');
  await expect(bonus).toContainText('৳58.00');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'vip-benefits');
  await bonus.getByRole('button', { name: 'Claim' }).dblclick();
  await expect(benefits.getByRole('status')).toHaveText('৳58.00 has been added to your wallet');
  await expect(bonus).toContainText('Claimed');
  // A second claim, straight to the server, is refused and pays nothing.
  const second = await request.post('/wps/relay/MCSFE_claimMemberClubBenefit', { headers: { authorization: member.token }, data: { benefitType: 'upgrade', rankLevel: 1 } });
  expect(second.status()).toBe(409);
  expect((await second.json()).errorCode).toBe('vip.benefit.claimed');
  const claims = await operator.ops(['vip-claims', '--username', member.username]);
  expect(claims.lines.at(-1)).toBe('1 claims, 58 paid.');
  const credits = await operatorSql<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
      WHERE t.kind = 'vip_upgrade_bonus' AND a.member_id = $1`,
    [memberId],
  );
  expect(credits).toEqual([{ n: 1 }]);

  // 8. The claim history and the levels fit the phone.
  await overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: 'VIP Rewards History' }).click();
  await expect(overlay.getByTestId('vip-record')).toHaveCount(1);
  await expect(overlay.getByTestId('vip-record')).toContainText('Bronze upgrade bonus');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'vip-records');
  await overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: 'VIP Rules' }).click();
  await expect(overlay.getByTestId('vip-level-5')).toBeVisible();
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'vip-rules');
});

test('the VIP pages fit the phone in Bengali', async ({ page, request }) => {
  const member = await registerMember(request);
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  const overlay = await openRank(page);
  await expect(overlay.getByTestId('vip-rank-level')).toHaveText('ভিআইপি 0');
  await expectNoHorizontalOverflow(page, 'vip-player-rank');
  const nav = overlay.getByRole('navigation');
  for (const [label, testId] of [['ভিআইপি সুবিধা', 'vip-benefits'], ['ভিআইপি পুরস্কারের ইতিহাস', 'vip-records'], ['ভিআইপি নিয়ম', 'vip-rules']] as const) {
    await nav.getByRole('button', { name: label }).click();
    await expect(overlay.getByTestId(testId)).toBeVisible();
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, testId);
  }
});
