import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { betOnSsc } from '../harness/lottery';
import { createOperatorAccount, creditMember } from '../harness/operator';
import { expect, test } from '../harness/test';

// The back office's Risk section against the real server: a player is credited and bets on every
// digit of the 1-minute SSC's first position (one ticket of ten always wins: a prize of 19.00 on a
// stake of 20.00); once the round is drawn and settled, a risk analyst opens the Risk section and
// finds the win among the large wins, with the game and amounts, and the player's name opens them
// in the Players section. The read is in the audit log once.

test.beforeEach(async () => {
  await clearThrottles();
  await clearRegistrationLimits();
});

test('a risk analyst sees a lottery win made in the test among the large wins and opens the player from it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const player = await registerMember(request);
  await creditMember(player.username, 100_00, 'Risk test credit');
  await betOnSsc(request, player.token);

  // The scheduler draws and settles the round within a minute or so of its close.
  await expect
    .poll(
      async () =>
        (
          await operatorSql<{ state: string }>(
            `SELECT b.state FROM lottery_bet b JOIN member m ON m.id = b.member_id
              WHERE m.merchant_id = ${WORKER_MERCHANT_ID} AND lower(m.username) = lower($1)`,
            [player.username],
          )
        ).map((row) => row.state),
      { timeout: 150_000, intervals: [2_000] },
    )
    .toEqual(['won']);

  const analyst = await createOperatorAccount('risk');
  await signInToBackOffice(page, analyst);
  await backOfficeSections(page).filter({ hasText: 'Risk' }).click();
  await expect(page.getByRole('tab', { name: 'Large wins', selected: true })).toBeVisible();

  // Other tests of this merchant may win too: the analyst narrows to today and finds the player.
  await page.getByLabel('Last days').fill('1');
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByTestId('risk-large-wins').getByTestId('risk-row').filter({ has: page.getByRole('link', { name: player.username, exact: true }) });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await expect(row).toContainText('Lottery');
  await expect(row).toContainText('SSC1');
  await expect(row).toContainText('20.00');
  await expect(row).toContainText('19.00');

  // The read is audited, naming the report.
  const audited = await operatorSql<{ outcome: string }>(
    `SELECT a.outcome FROM operator_action a JOIN operator o ON o.id = a.operator_id
      WHERE a.merchant_id = ${WORKER_MERCHANT_ID} AND o.username = $1 AND a.action = 'risk.read' AND a.target_id = 'large-wins' ORDER BY a.id`,
    [analyst.username],
  );
  expect(audited.map((entry) => entry.outcome)).toContain('ok');

  // The player's name opens them in the Players section.
  await row.getByRole('link', { name: player.username, exact: true }).click();
  await expect(page).toHaveURL(/\/ops\/players\?/);
  await expect(page.getByTestId('player-detail').getByRole('heading', { level: 2 })).toContainText(player.username, { timeout: 10_000 });
});
