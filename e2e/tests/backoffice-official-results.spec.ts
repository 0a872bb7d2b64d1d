import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { backOfficeSections, signInToBackOffice } from '../harness/backoffice';
import { operatorSql } from '../harness/database';
import { betOnSsc } from '../harness/lottery';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember, createOperatorAccount } from '../harness/operator';
import { expect, test, type Browser, type Page } from '../harness/test';

// Official results with four eyes against the real server: a content editor sets the 1-minute SSC
// of the worker's brand to official results in Games & lottery; a player's bet on it is not drawn
// by the house when its draw time comes; a risk analyst enters the official numbers, a second one
// (who is not shown them) enters a different set, so both are set aside; entered twice again alike,
// the round is drawn with those numbers and the player's bet is settled once. The game goes back to
// the house's draws afterwards (the other tests of this worker bet on it).

const setSource = (source: 'house' | 'official') =>
  operatorSql(`UPDATE lottery_game SET result_source = $1 WHERE merchant_id = ${WORKER_MERCHANT_ID} AND game_code = 'SSC1'`, [source]);

async function desk(browser: Browser, role: 'content' | 'risk'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInToBackOffice(page, await createOperatorAccount(role));
  await backOfficeSections(page).filter({ hasText: 'Games & lottery' }).click();
  await page.getByRole('tab', { name: 'Lottery' }).click();
  return page;
}

/** Enters `numbers` for the round once it is listed, and waits for the panel to say `told`. */
async function enterResult(page: Page, numero: string, numbers: string, told: string): Promise<void> {
  const round = page.getByTestId('awaiting-result').filter({ hasText: numero });
  await expect(async () => {
    await page.getByLabel('Official results to enter').getByRole('button', { name: 'Refresh' }).click();
    await expect(round).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 150_000, intervals: [3000] });
  await round.getByLabel(/The numbers in the draw's order/).fill(numbers);
  await round.getByRole('button', { name: 'Enter the result' }).click();
  const panel = page.getByLabel('Official results to enter');
  await expect(panel.getByRole('status').or(panel.getByRole('alert')).first()).toContainText(told);
}

test('two risk analysts enter an official result: a disagreement draws nothing, an agreement draws the round and the bet settles once', async ({ browser, request }) => {
  test.setTimeout(420_000);
  await clearThrottles();
  await clearRegistrationLimits();
  const member = await registerMember(request);
  await creditMember(member.username, 10_000);
  const pages: Page[] = [];
  try {
    // The content editor sets the game to official results.
    const editor = await desk(browser, 'content');
    pages.push(editor);
    const row = editor.locator('[data-testid="lottery-row"][data-game="SSC1"]');
    await row.getByRole('button', { name: /^Settings of/ }).click();
    const form = editor.getByRole('form', { name: /^Settings of/ });
    await form.getByLabel('Result').selectOption('official');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('official results');

    // The player bets on the round on sale; its draw time passes and the house does not draw it.
    const numero = await betOnSsc(request, member.token);
    const first = await desk(browser, 'risk');
    const second = await desk(browser, 'risk');
    pages.push(first, second);

    await enterResult(first, numero, '3 0 9 1 7', 'Another operator must now enter it again');
    await expect(first.getByTestId('awaiting-result').filter({ hasText: numero })).toContainText('You entered it at');
    // The second analyst sees who entered it, not the numbers, and types a different set.
    await enterResult(second, numero, '3 0 9 1 8', 'Your numbers differ from the first entry');
    const round = await operatorSql<{ state: string }>(`SELECT r.state FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE g.merchant_id = ${WORKER_MERCHANT_ID} AND g.game_code = 'SSC1' AND r.numero = $1`, [numero]);
    expect(round[0].state).toBe('open');

    // Entered twice again alike: drawn with those numbers, then settled by the scheduler.
    await enterResult(second, numero, '3 0 9 1 7', 'Another operator must now enter it again');
    await enterResult(first, numero, '3 0 9 1 7', 'is drawn: 3 0 9 1 7');
    await expect(async () => {
      const settled = await operatorSql<{ state: string; numbers: number[]; server_seed: string | null; bets: string[] }>(
        `SELECT r.state, r.numbers, r.server_seed, array(SELECT b.state FROM lottery_bet b JOIN member m ON m.id = b.member_id WHERE b.round_id = r.id AND m.username = $2) AS bets
           FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE g.merchant_id = ${WORKER_MERCHANT_ID} AND g.game_code = 'SSC1' AND r.numero = $1`,
        [numero, member.username],
      );
      expect(settled[0]).toEqual({ state: 'settled', numbers: [3, 0, 9, 1, 7], server_seed: null, bets: ['won'] });
    }).toPass({ timeout: 30_000, intervals: [1000] });
    const entries = await operatorSql<{ state: string }>(
      `SELECT e.state FROM lottery_result_entry e JOIN lottery_round r ON r.id = e.round_id JOIN lottery_game g ON g.id = r.game_id
        WHERE g.merchant_id = ${WORKER_MERCHANT_ID} AND r.numero = $1 ORDER BY e.id`,
      [numero],
    );
    expect(entries.map((entry) => entry.state)).toEqual(['mismatched', 'mismatched', 'confirmed', 'confirmed']);
  } finally {
    await setSource('house');
    for (const page of pages) await page.context().close();
  }
});
