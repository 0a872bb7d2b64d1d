import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { betOnSsc } from '../harness/lottery';
import { creditMember, signInOperator } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type Locator, type Page } from '../harness/test';

// Missions on a 390 px phone, through the pages only: the back office creates a mission with the
// command-line tool (a stake milestone of 20.00 paying 5.00, a leaderboard by stake); a new player
// finds Mission Activity in the member centre with its badge of open missions, sees the stake
// milestone at 0, bets 20.00 on the 1-minute SSC, watches the milestone's progress reach 20.00 once
// the round has settled, sees itself on the leaderboard, and claims the reward: the page says it
// was paid and the badge counts one open mission fewer. The page fits the screen in English and in
// Bengali.

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

/** A mission running from two days ago to three days ahead (whatever the merchant's time zone), with one stake milestone. */
async function createMission(title: string): Promise<void> {
  const operator = await signInOperator();
  const body = {
    name: title,
    texts: { EN: { title, description: 'Bet 20.00 on anything' }, BN: { title, description: 'যেকোনো খেলায় ২০.০০ বাজি ধরুন' } },
    start: `${dayOf(Date.now() - 2 * DAY)} 00:00`,
    end: `${dayOf(Date.now() + 3 * DAY)} 00:00`,
    leaderboardMetric: 'stake',
    milestones: [{ kind: 'stake', target: 20, reward: { amount: 5, wageringMultiplier: 1 } }],
    prizes: [{ rank: 1, amount: 10 }],
  };
  const created = await operator.ops(['mission-create', '--json', JSON.stringify(body)]);
  expect(created.code, created.lines.join('\n')).toBe(0);
}

/** The member centre opened from the phone's Me tab, on Mission Activity, showing the mission `title`. */
async function openMission(page: Page, title: string, menuLabel: RegExp): Promise<{ overlay: Locator; missions: Locator }> {
  await page.getByTestId('tab-me').click();
  const overlay = page.getByTestId('mfe_member_center-overlay');
  const entry = overlay.getByRole('navigation').getByRole('button', { name: menuLabel });
  await entry.click();
  await expect(entry).toHaveAttribute('aria-current', 'page');
  const missions = overlay.getByTestId('missions');
  const picker = missions.getByRole('combobox');
  await expect(missions.getByTestId('mission-title')).toBeVisible();
  if ((await picker.count()) > 0) await picker.selectOption({ label: title });
  await expect(missions.getByTestId('mission-title')).toHaveText(title);
  return { overlay, missions };
}

test('a player bets, sees the stake milestone move and claims it; the badge counts one open mission fewer', async ({ page, request }) => {
  test.setTimeout(240_000);
  const title = `Stake sprint ${Date.now().toString(36)}`;
  await createMission(title);
  const member = await registerMember(request);
  await creditMember(member.username, 100_00);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');

  const { overlay, missions } = await openMission(page, title, /^Mission Activity/);
  const badge = overlay.getByTestId('centre-menu-badge-missionLeaderboard');
  await expect(badge).toBeVisible();
  const openBefore = Number(await badge.textContent());
  expect(openBefore).toBeGreaterThanOrEqual(1);
  await expect(missions.getByTestId('mission-countdown')).toContainText(/^Ends in \d+d \d\d:\d\d:\d\d$/);
  const stake = missions.getByTestId('milestone-stake');
  await expect(stake.getByTestId('milestone-progress')).toHaveText(/^\D*0\.00 \/ \D*20\.00$/);
  await expect(stake.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await expect(stake.getByRole('button', { name: 'Claim' })).toBeDisabled();
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // A 20.00 bet on the 1-minute SSC; once its round has settled the milestone has it (the tab is
  // read again when shown).
  await betOnSsc(request, member.token);
  const tabs = missions.getByRole('tablist');
  await expect(async () => {
    await tabs.getByRole('tab', { name: 'Leaderboard' }).click();
    await tabs.getByRole('tab', { name: 'Milestones' }).click();
    await expect(stake.getByTestId('milestone-progress')).toHaveText(/^\D*20\.00 \/ \D*20\.00$/, { timeout: 3000 });
  }).toPass({ timeout: 180_000, intervals: [5000] });
  await expect(stake.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // The leaderboard has the player with its 20.00 stake.
  await tabs.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(missions.getByTestId('leaderboard-me')).toContainText(/^Your rank: \d+ \(\D*20\.00\)/);
  await expect(missions.getByRole('table').getByRole('row').filter({ hasText: member.username })).toHaveCount(1);
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');

  // Claimed: the reward paid, the milestone claimed, one open mission fewer.
  await tabs.getByRole('tab', { name: 'Milestones' }).click();
  await stake.getByRole('button', { name: 'Claim' }).click();
  await expect(stake.getByRole('status')).toHaveText(/5\.00 has been added to your wallet$/);
  await expect(stake.getByText('Claimed')).toBeVisible();
  if (openBefore > 1) await expect(badge).toHaveText(String(openBefore - 1));
  else await expect(badge).toHaveCount(0);

  await tabs.getByRole('tab', { name: 'Rules' }).click();
  await expect(missions.getByText('Each milestone\'s reward is claimed once.')).toBeVisible();
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
});

test('Mission Activity fits a 390 px screen in Bengali', async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Stake sprint ${Date.now().toString(36)}`;
  await createMission(title);
  const member = await registerMember(request);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
  const { missions } = await openMission(page, title, /^মিশন কার্যক্রম/);
  await expect(missions.getByTestId('milestone-stake').getByRole('button', { name: 'দাবি করুন' })).toBeDisabled();
  for (const tab of ['লিডারবোর্ড', 'নিয়ম', 'মাইলফলক']) {
    await missions.getByRole('tablist').getByRole('tab', { name: tab }).click();
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
  }
});
