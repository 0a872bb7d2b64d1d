import { hashPassword } from '../../server/src/modules/identity';
import { clearRegistrationLimits, clearThrottles, promoteToAgent, registerMember, type RegisteredMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow } from '../harness/layout';
import { betOnSsc } from '../harness/lottery';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember, signInOperator } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Page } from '../harness/test';

// The agent centre's reports and contract pages on the real server. An agent with a
// player under it: the merchant gives the agent dividend and daily salary contracts and posts an
// announcement for agents; the player bets on the lottery. The agent reads the announcement, looks
// at a downline's team in Team Overview, sees the player's bet in Team Betting, its team in User Profit and Loss, My Income, its dividend and
// daily salary contracts, and sends the player a red envelope with its payment password (the
// player's balance grows by it). A player asks to become an agent through "Become an agent"; the
// back office approves it with the command-line tool and the player, logged in again, has the
// agent centre. On a 390 px phone every page fits the screen.

const PAYMENT_PASSWORD = '246810';

interface Team {
  agent: RegisteredMember;
  player: RegisteredMember;
  announcement: string;
}

async function agentWithTeam(request: APIRequestContext): Promise<Team> {
  const agent = await registerMember(request);
  const player = await registerMember(request);
  await promoteToAgent(agent.username);
  await operatorSql(`UPDATE member SET payment_password_hash = $2 WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}`, [
    agent.username,
    await hashPassword(PAYMENT_PASSWORD),
  ]);
  await operatorSql(
    `UPDATE member SET upline_id = (SELECT id FROM member WHERE lower(username) = lower($2) AND merchant_id = ${WORKER_MERCHANT_ID})
      WHERE lower(username) = lower($1) AND merchant_id = ${WORKER_MERCHANT_ID}`,
    [player.username, agent.username],
  );
  // The back office gives the agent its contracts from the merchant (ops agent-contract).
  const operator = await signInOperator();
  for (const [kind, terms] of [
    ['dividend', { cycle: 'weekly', tiers: [{ loss: 0, active: 1, rate: 2500 }] }],
    ['daily', { tiers: [{ bet: 100, active: 1, rate: 80 }] }],
  ] as const) {
    const granted = await operator.ops(['agent-contract', agent.username, '--kind', kind, '--terms', JSON.stringify(terms)]);
    expect(granted.lines.join('\n')).toContain('is active');
  }
  const announcement = `Agent news ${agent.username}`;
  await operatorSql(
    `INSERT INTO announcement (merchant_id, type, title, content, published_at) VALUES (${WORKER_MERCHANT_ID}, 'AG', $1, '<p>New wage tiers from Monday</p>', now() - interval '1 minute')`,
    [announcement],
  );
  await creditMember(agent.username, 5_000, 'Agent float');
  await creditMember(player.username, 5_000, 'Welcome credit');
  return { agent, player, announcement };
}

async function openAgentCentre(page: Page, agent: RegisteredMember) {
  await openSite(page, '/');
  await logInInPopup(page, agent.username, agent.password);
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-agent').click();
  const menu = page.getByRole('navigation', { name: 'Agent Centre' });
  await expect(menu).toBeVisible();
  return menu;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('an agent reads its announcements, team betting, user P&L, income and contracts, and sends a red envelope', async ({ page, request }) => {
  test.setTimeout(120_000);
  const team = await agentWithTeam(request);
  const numero = await betOnSsc(request, team.player.token);
  const menu = await openAgentCentre(page, team.agent);
  await expect(menu.getByRole('button')).toHaveText([
    'Agency Announcement', 'Team Overview', 'Register Centre', 'Team Management', 'Team Betting', 'User Profit and Loss', 'My Income', 'Account Details', 'Red Envelope',
    'Dividend', 'Daily Wages',
  ]);

  // The announcement for agents, opened.
  const announcements = page.getByTestId('announcements');
  await announcements.getByRole('button', { name: team.announcement }).click();
  await expect(announcements.getByTestId('agent-announcement-content')).toHaveText('New wage tiers from Monday');

  // Team Overview: the whole team, then the player's own team (none below it), and a stranger refused.
  await menu.getByRole('button', { name: 'Team Overview' }).click();
  const overview = page.getByTestId('team-overview');
  await overview.getByLabel('Downline username').fill(team.player.username);
  await overview.getByTestId('team-overview-search').click();
  await expect(overview.getByTestId('team-overview-scope')).toContainText(team.player.username);
  await overview.getByLabel('Downline username').fill('nobody_here_123');
  await overview.getByTestId('team-overview-search').click();
  await expect(overview.getByRole('alert')).toContainText('This member is not in your team');

  // The player's bet in Team Betting, under its username.
  await menu.getByRole('button', { name: 'Team Betting' }).click();
  const betting = page.getByTestId('team-betting');
  await expect(betting.getByRole('row').filter({ hasText: numero })).toContainText(team.player.username);

  // User Profit and Loss: the team and the player's row.
  await menu.getByRole('button', { name: 'User Profit and Loss' }).click();
  const pnl = page.getByTestId('team-profit-loss');
  await expect(pnl.getByTestId('pnl-team-size')).toContainText('2');
  await expect(pnl.getByTestId('pnl-downlines')).toContainText(team.player.username);

  // My Income: nothing yet today.
  await menu.getByRole('button', { name: 'My Income' }).click();
  await expect(page.getByTestId('income-totals')).toContainText('Total Income');

  // The contracts from the merchant.
  await menu.getByRole('button', { name: 'Dividend' }).click();
  const dividend = page.getByTestId('dividend');
  await expect(dividend).toContainText('Weekly');
  await expect(dividend).toContainText('25.00%');
  await menu.getByRole('button', { name: 'Daily Wages' }).click();
  await expect(page.getByTestId('daily-salary')).toContainText('0.80%');

  // A red envelope of 12.00 to every direct downline (the player), with the payment password.
  await menu.getByRole('button', { name: 'Red Envelope' }).click();
  const envelope = page.getByTestId('red-envelope');
  await envelope.getByTestId('red-envelope-amount').fill('12');
  await envelope.getByTestId('red-envelope-password').fill(PAYMENT_PASSWORD);
  await envelope.getByTestId('red-envelope-submit').click();
  await page.getByTestId('red-envelope-confirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(envelope.getByTestId('red-envelope-result-total')).toContainText('12.00');
  await expect(envelope.getByTestId('red-envelope-result-count')).toHaveText('1');
  await expect(page.getByTestId('header-balance')).toContainText('38.00');
  // The player received it: one movement of 12.00 into its main wallet (its balance also moves
  // when its lottery round settles meanwhile, so the movement is what is checked).
  const received = await operatorSql<{ amount: string }>(
    `SELECT p.amount_minor AS amount FROM ledger_posting p JOIN ledger_transaction t ON t.id = p.transaction_id
       JOIN ledger_account a ON a.id = p.account_id JOIN member m ON m.id = a.member_id
      WHERE lower(m.username) = lower($1) AND m.merchant_id = ${WORKER_MERCHANT_ID} AND t.kind = 'red_envelope'`,
    [team.player.username],
  );
  expect(received.map((row) => Number(row.amount))).toEqual([1_200]);
});

test('a player applies to become an agent; once the back office approves, the agent centre opens for it', async ({ page, request }) => {
  // A merchant without an affiliate site of its own: the get-agent link opens the application
  // (the seed's link is put back afterwards; the other tests of this worker's merchant use it).
  const [link] = await operatorSql<{ label: string; url: string }>(
    `DELETE FROM resource WHERE merchant_id = ${WORKER_MERCHANT_ID} AND resource_type = 'AFFILIATELINK' RETURNING label_name_en AS label, url`,
  );
  try {
    await applyAndBecomeAgent(page, request);
  } finally {
    if (link) {
      await operatorSql(`INSERT INTO resource (merchant_id, resource_type, label_name_en, url) VALUES (${WORKER_MERCHANT_ID}, 'AFFILIATELINK', $1, $2)`, [link.label, link.url]);
    }
  }
});

async function applyAndBecomeAgent(page: Page, request: APIRequestContext): Promise<void> {
  const player = await registerMember(request);
  await openSite(page, '/');
  await logInInPopup(page, player.username, player.password);
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-get-agent').click();
  const application = page.getByTestId('affiliate-application');
  await application.getByLabel('Contact').fill('telegram @e2e_agent');
  await application.getByTestId('affiliate-message').fill('A football fan group of 2,000 people');
  await application.getByTestId('affiliate-submit').click();
  await expect(application.getByTestId('affiliate-state')).toHaveText('Awaiting an answer');

  const operator = await signInOperator();
  const listed = await operator.ops(['applications', '--status', 'pending']);
  const row = listed.lines.find((line) => line.includes(player.username));
  expect(row).toBeTruthy();
  const id = /^(\d+)/.exec(row!.trim())![1];
  expect((await operator.ops(['approve-application', id, '--answer', 'Welcome aboard'])).code).toBe(0);

  // Logged in again, the member is an agent: the agent centre's menu.
  await page.getByTestId('mfe_agent_center-overlay').getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-sign-out').click();
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
  await logInInPopup(page, player.username, player.password);
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-agent').click();
  await expect(page.getByRole('navigation', { name: 'Agent Centre' })).toContainText('Team Overview');
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Every page of the agent-centre menu, each opened and measured (by position: the labels are translated). */
  async function expectEveryPageFits(page: Page, language: string, count: number): Promise<void> {
    const menu = page.getByTestId('mfe_agent_center-overlay').getByRole('navigation');
    // The contract pages join the menu once the consolidated flags are in.
    await expect(menu.getByRole('button')).toHaveCount(count);
    for (let index = 0; index < count; index += 1) {
      const button = menu.getByRole('button').nth(index);
      const label = (await button.textContent()) ?? String(index);
      await test.step(`${language}: ${label}`, async () => {
        await button.click();
        await expect(button).toHaveAttribute('aria-current', 'page');
        // The page's first answer is in (no spinner left) before it is measured.
        await expect(page.getByTestId('mfe_agent_center-overlay').getByRole('status')).toHaveCount(0);
        await expectNoHorizontalOverflow(page, 'mfe_agent_center-overlay');
      });
    }
  }

  test('every page of the agent centre fits the screen, in English and in Bengali, and so does the affiliate application', async ({ page, request }) => {
    test.setTimeout(180_000);
    const team = await agentWithTeam(request);
    await betOnSsc(request, team.player.token);
    await openAgentCentre(page, team.agent);
    // Announcements, Team Overview, Register Centre, Team Management, Team Betting, User P&L, My
    // Income, Account Details, Red Envelope, Dividend, Daily Wages.
    await expectEveryPageFits(page, 'EN', 11);

    // Bengali, whose words run longest of the seven sets.
    await page.evaluate(() => window.localStorage.setItem('lang', 'BN'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
    await page.getByTestId('header-account-menu').click();
    await page.getByTestId('header-menu-agent').click();
    await expectEveryPageFits(page, 'BN', 11);

    // A player's "Become an agent" on a merchant without an affiliate site: the application form,
    // then its answer, in Bengali (the seed's link is put back afterwards, as above).
    const [link] = await operatorSql<{ label: string; url: string }>(
      `DELETE FROM resource WHERE merchant_id = ${WORKER_MERCHANT_ID} AND resource_type = 'AFFILIATELINK' RETURNING label_name_en AS label, url`,
    );
    try {
      await page.evaluate((token) => window.sessionStorage.setItem('token', token), team.player.token);
      await page.reload();
      await page.getByTestId('header-account-menu').click();
      await page.getByTestId('header-menu-get-agent').click();
      const application = page.getByTestId('affiliate-application');
      await expect(application.getByTestId('affiliate-form')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'affiliate-application');
      await application.getByTestId('affiliate-contact').fill('telegram @e2e_phone');
      await application.getByTestId('affiliate-message').fill('বন্ধুদের একটি বড় দল');
      await application.getByTestId('affiliate-submit').click();
      await expect(application.getByTestId('affiliate-status')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'affiliate-application');
    } finally {
      if (link) {
        await operatorSql(`INSERT INTO resource (merchant_id, resource_type, label_name_en, url) VALUES (${WORKER_MERCHANT_ID}, 'AFFILIATELINK', $1, $2)`, [link.label, link.url]);
      }
    }
  });
});
