import { callEncrypted, clearRegistrationLimits, clearThrottles, promoteToAgent, registerMember, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { betOnSsc } from '../harness/lottery';
import { expect, test } from '../harness/test';

// The agent journey on the real server: an agent (real-time salary 1 % / 0.5 % from the
// merchant) creates an invitation link in the agent centre; a player registers through it, is
// credited and bets on the 1-minute SSC; once the round is settled the real-time salary pass (every
// 10 s in the browser tests, 5 minutes on a site) pays the agent 1 % of the player's stake (the
// house won the round: the player got back less than it staked), which the agent sees in the header
// balance and in the agent centre's Real-time Salary records.

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('an agent’s link brings a player whose lottery bet pays the agent its real-time salary, seen in the header and the agent centre', async ({ page, request }) => {
  test.setTimeout(240_000);
  const agent = await registerMember(request);
  await promoteToAgent(agent.username);
  await operatorSql(
    `INSERT INTO agent_contract (merchant_id, kind, upline_id, downline_id, terms, state, created_at, decided_at)
     SELECT ${WORKER_MERCHANT_ID}, 'realtime', NULL, id, '{"default": {"profitRate": 100, "lossRate": 50}}', 'active', now(), now()
       FROM member WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}`,
    [agent.username],
  );

  // The agent creates an invitation link for players in the agent centre.
  await openSite(page, '/');
  await logInInPopup(page, agent.username, agent.password);
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-agent').click();
  const centre = page.getByRole('navigation', { name: 'Agent Centre' });
  await centre.getByRole('button', { name: 'Register Centre' }).click();
  const register = page.getByTestId('register-center');
  await register.getByRole('tab', { name: 'Invitation links' }).click();
  await register.getByTestId('link-form').getByLabel('Rebate setting').selectOption({ index: 1 });
  await register.getByTestId('link-submit').click();
  const url = register.getByTestId('link-url').first();
  await expect(url).toContainText('/register?affiliateCode=');
  const code = /affiliateCode=([A-Za-z0-9]+)/.exec((await url.textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();

  // A player registers with the link's code, is credited, and bets on the lottery.
  const player = uniqueUsername('via');
  const registered = await callEncrypted<{ token: string }>(request, 'PUT', '/wps/member/register', { username: player, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD, affiliateCode: code });
  expect(registered.body.success).toBe(true);
  const upline = await operatorSql<{ upline: string }>(`SELECT u.username AS upline FROM member m JOIN member u ON u.id = m.upline_id WHERE lower(m.username) = lower($1) AND m.merchant_id = ${WORKER_MERCHANT_ID}`, [player]);
  expect(upline[0].upline.toLowerCase()).toBe(agent.username.toLowerCase());
  await creditMember(player, 10_000, 'Welcome credit');
  const numero = await betOnSsc(request, registered.body.value.token);

  // Within a minute the round is drawn and settled; within the next pass the agent earns 20.00 × 1 %.
  await expect(page.getByTestId('header-balance')).toContainText('0.20', { timeout: 120_000 });
  // The agent centre is still open: its Real-time Salary page (listed since the agent has a contract).
  await centre.getByRole('button', { name: 'Real-time Salary' }).click();
  const salary = page.getByTestId('realtime-salary');
  await expect(salary).toContainText('1.00%');
  await salary.getByRole('tab', { name: 'Wage records' }).click();
  await expect(salary).toContainText(numero);
  await expect(salary).toContainText(player);
  await expect(salary).toContainText('0.20');
});
