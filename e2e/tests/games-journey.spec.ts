import { clearRegistrationLimits, clearThrottles, TEST_PASSWORD, uniqueUsername } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type FrameLocator, type Locator, type Page } from '../harness/test';

// The games journey, as a new player lives it: they register, an operator credits
// them (`ops credit`, harness/operator.ts), they open the RNG category, filter the game list,
// favourite a game, launch an in-house slot into the /game frame, spin, and see the header
// balance follow the round (pushed by the server: the bet and the win went through the
// seamless-wallet API into the ledger). The round is in their bet records (member centre,
// Betting Record › Slots) with its stake and win; they rotate the seed, and the verification page
// recomputes the same round from the revealed seed in the browser.

const SLOT = { code: 'JLS001', name: 'Fortune Gems' };
const OTHER_SLOT = { code: 'JLS002', name: 'Dragon Pearl' };

/** Digits of an amount as shown ('৳1,234.50', '1,234.50') → its value in minor units. */
function minorOf(text: string): number {
  const match = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (match[1] === '-' ? -1 : 1) * (Number(match[2].replace(/,/g, '')) * 100 + Number(match[3]));
}

const amountOf = async (locator: Locator): Promise<number> => minorOf((await locator.textContent()) ?? '');

async function registerInPopup(page: Page): Promise<string> {
  const username = uniqueUsername('game');
  await openSite(page, '/');
  await page.getByTestId('header-register').click();
  await page.getByTestId('register-username').fill(username);
  await page.getByTestId('register-password').fill(TEST_PASSWORD);
  await page.getByTestId('register-confirmPassword').fill(TEST_PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-success')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  // The success notice has one button: it closes it.
  await page.getByTestId('register-success').getByRole('button').last().click();
  await expect(page.getByTestId('register-success')).toHaveCount(0);
  return username;
}

/** The game codes of the tiles the game list shows now. */
async function listedCodes(list: Locator): Promise<string[]> {
  return list.getByTestId('game-tile').evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-game-code') ?? ''));
}

/** Spins until the in-game balance moves (a round whose win equals its stake leaves it as it was), at most 8 times. */
async function spinUntilBalanceMoves(game: FrameLocator, startMinor: number): Promise<{ roundId: string; balanceMinor: number; lastWinMinor: number }> {
  for (let spin = 1; spin <= 8; spin += 1) {
    // No round line before the first spin (textContent would wait for one).
    const lastRound = game.getByTestId('last-round');
    const before = (await lastRound.count()) > 0 ? await lastRound.textContent() : null;
    await game.getByRole('button', { name: 'Spin', exact: true }).click();
    // The round is over when the last round line names a new round and the spin button is back.
    await expect(game.getByTestId('last-round')).not.toHaveText(before ?? '', { timeout: 20_000 });
    await expect(game.getByRole('button', { name: 'Spin', exact: true })).toBeEnabled({ timeout: 20_000 });
    const roundText = (await game.getByTestId('last-round').textContent()) ?? '';
    const roundId = /Last round (\S+) used nonce/.exec(roundText)?.[1];
    if (!roundId) throw new Error(`no round id in ${JSON.stringify(roundText)}`);
    const balanceMinor = await amountOf(game.getByTestId('balance'));
    // A round without a win shows its last win as a dash.
    const lastWin = (await game.getByTestId('last-win').textContent()) ?? '';
    if (balanceMinor !== startMinor) return { roundId, balanceMinor, lastWinMinor: /\d/.test(lastWin) ? minorOf(lastWin) : 0 };
    startMinor = balanceMinor;
  }
  throw new Error('eight spins in a row left the balance unchanged');
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('a new player finds, favourites, launches and plays a slot, sees the balance and the round in the bet records, and verifies it', async ({ page, context }) => {
  test.setTimeout(180_000);
  const username = await registerInPopup(page);
  await creditMember(username, 100_000, 'Welcome credit');
  await expect(page.getByTestId('header-balance')).toContainText('1,000.00', { timeout: 10_000 });

  // The RNG category: the in-house slots in its game list.
  await openSite(page, '/rng');
  const list = page.getByTestId('game-list');
  await expect(list.getByTestId('game-tile').first()).toBeVisible();
  expect(await listedCodes(list)).toEqual(expect.arrayContaining([SLOT.code, OTHER_SLOT.code]));

  // Filters: at least 25 lines keeps Dragon Pearl only; a name search keeps Fortune Gems only.
  await list.getByTestId('game-filter-lines').selectOption('25');
  await expect.poll(() => listedCodes(list)).toEqual([OTHER_SLOT.code]);
  await list.getByTestId('game-filter-lines').selectOption('');
  await list.getByTestId('game-filter-name').fill('Fortune');
  await list.getByTestId('game-filter-search').click();
  await expect.poll(() => listedCodes(list)).toEqual([SLOT.code]);

  // Favourite it: the star stays on after a reload (the server keeps it).
  const tile = list.locator(`[data-testid="game-tile"][data-game-code="${SLOT.code}"]`);
  await tile.getByTestId('game-favourite').click();
  await expect(tile.getByTestId('game-favourite')).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  const favourite = page.getByTestId('game-list').locator(`[data-testid="game-tile"][data-game-code="${SLOT.code}"]`).getByTestId('game-favourite');
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  const [favouriteRow] = await operatorSql<{ count: string }>(
    `SELECT count(*)::text AS count FROM game_favourite f JOIN member m ON m.id = f.member_id JOIN game g ON g.id = f.game_id
      WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID} AND g.game_code = $2`,
    [username, SLOT.code],
  );
  expect(favouriteRow.count).toBe('1');

  // Launch: the game opens in the /game frame with the player's balance.
  await page.getByTestId('game-list').locator(`[data-testid="game-tile"][data-game-code="${SLOT.code}"]`).getByRole('button', { name: SLOT.name, exact: true }).click();
  await expect(page).toHaveURL(/\/game(\?|$)/);
  await expect(page.getByTestId('game-frame')).toBeVisible();
  const game = page.frameLocator('[data-testid="game-frame"]');
  await expect(game.getByRole('heading', { name: SLOT.name })).toBeVisible({ timeout: 20_000 });
  await expect(game.getByTestId('balance')).toContainText('1,000.00');
  const serverSeedHash = (await game.getByTestId('server-seed-hash').textContent())?.trim() ?? '';
  expect(serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

  // Spin: the header balance follows the game's (pushed; no reload).
  const played = await spinUntilBalanceMoves(game, 100_000);
  await expect.poll(async () => amountOf(page.getByTestId('header-balance')), { timeout: 10_000 }).toBe(played.balanceMinor);
  expect(played.balanceMinor).not.toBe(100_000);

  // Rotate the seed: the revealed seed hashes to the one shown before play, and the last round
  // links to the verification page.
  await game.getByRole('button', { name: 'Rotate seed' }).click();
  await expect(game.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
  const verifyHref = await game.getByTestId('verify-last-round').getAttribute('href');
  expect(verifyHref).toBeTruthy();

  // The bet records: the round in Betting Record › Slots, today, with its stake and win.
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-betting-record').click();
  const records = page.getByTestId('bet-history');
  // The lottery's tabs come first; the slot round is under Slots.
  await records.getByRole('tab', { name: 'Slots' }).click();
  await expect(records.getByRole('tab', { name: 'Slots' })).toHaveAttribute('aria-selected', 'true');
  // The records name a round by the id the wallet keys it by (seed and nonce), not the game's
  // short round number, which any row's date can contain: match that id's cell exactly.
  const [recordRound] = await operatorSql<{ id: string }>('SELECT provider_round_id AS id FROM inhouse_round WHERE id = $1', [Number(played.roundId)]);
  const row = records.locator('tbody tr').filter({ has: page.getByText(recordRound.id, { exact: true }) });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  await expect(row).toContainText(SLOT.name);
  const cells = await row.locator('td').allTextContents();
  // Columns: time, bet, valid bet, win, profit and loss, game, round.
  const [betMinor, validMinor, winMinor, profitMinor] = cells.slice(1, 5).map(minorOf);
  expect(winMinor).toBe(played.lastWinMinor);
  expect(validMinor).toBe(betMinor);
  expect(profitMinor).toBe(winMinor - betMinor);
  // Every round played so far is a record: their results add up to the balance moved.
  await expect(records.locator('tfoot')).toBeVisible();
  const footer = await records.locator('tfoot td').allTextContents();
  expect(minorOf(footer[3])).toBe(played.balanceMinor - 100_000);

  // The verification page recomputes the round from the revealed seed, in the browser.
  const verify = await context.newPage();
  await verify.goto(new URL(verifyHref!, page.url()).toString());
  // Opened from the round's link, the page verifies at once.
  await expect(verify.getByTestId('verify-result')).toBeVisible({ timeout: 20_000 });
  await expect(verify.getByTestId('verify-hash-check')).toHaveAttribute('data-matches', 'true');
  await expect(verify.getByTestId('verify-hash-of-seed')).toHaveText(serverSeedHash);
  // 'Bet ৳0.20, total win ৳1.50': the win the game paid.
  expect(minorOf(((await verify.getByTestId('verify-total-win').textContent()) ?? '').split('total win').at(-1) ?? '')).toBe(played.lastWinMinor);
});
