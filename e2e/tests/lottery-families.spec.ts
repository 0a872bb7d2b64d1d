import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { placeSlip } from '../harness/lottery';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { creditMember } from '../harness/operator';
import { logInInPopup, openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Locator, type Page } from '../harness/test';

// The lottery families added beside SSC, 11X5, PK10, Mark Six and Vietnam: Fast 3 (dice), Lucky
// 28, 3D and Pick 5, on the real server and its scheduler, on a 390 px phone, in the two languages
// the seeded site offers (English, and Bengali, whose words run longest; the other sets are
// checked key by key by the translation tests). A player opens a game by its address with a play chosen, picks every value of the
// first row, places the slip, and opens the game's trend chart: it fits the phone, and every draw
// it shows is the round's drawn number as the server stored it. On Fast 3 (a draw a minute) the
// player waits for the round just bet on to be drawn and reads it in the chart. Mark Six 三中二,
// the one play paying two prize levels, shows both and is bet the same way; Mark Six 过关, priced
// by its legs, shows its prize once the legs make a bet, and the server stores that prize.

test.use({ viewport: { width: 390, height: 844 } });

interface Family {
  readonly gameCode: string;
  readonly playCode: string;
  readonly language: string;
  /** Tickets of every value of the play's first row. */
  readonly tickets: number;
}

const FAMILIES: readonly Family[] = [
  // 单挑一骰, dice 1-6: 6 tickets.
  { gameCode: 'JSK3', playCode: 'K3_ANY1', language: 'EN', tickets: 6 },
  // 大小单双 of the sum: 4 tickets.
  { gameCode: 'PC28', playCode: 'PC28_BSOE', language: 'BN', tickets: 4 },
  // 一码不定位, digits 0-9: 10 tickets.
  { gameCode: 'F3D', playCode: 'D3_ANY1', language: 'EN', tickets: 10 },
  // 定位胆 on 万, digits 0-9: 10 tickets.
  { gameCode: 'FPL5', playCode: 'P5_POSITION', language: 'BN', tickets: 10 },
];

/** The stored numbers of a game's drawn rounds, by numero. */
async function drawnNumbers(gameCode: string): Promise<Map<string, number[]>> {
  const rows = await operatorSql<{ numero: string; numbers: number[] }>(
    `SELECT r.numero, r.numbers FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE g.merchant_id = ${WORKER_MERCHANT_ID} AND g.game_code = $1 AND r.state IN ('drawn', 'settled')`,
    [gameCode],
  );
  return new Map(rows.map((row) => [row.numero, row.numbers]));
}

/** Every row of the chart's first position: its drawn ball is the first number the server drew. */
async function expectRowsMatchDraws(chart: Locator, gameCode: string): Promise<number> {
  const table = chart.getByTestId('trend-table');
  const rows = table.getByTestId('trend-row');
  const count = await rows.count();
  const stored = await drawnNumbers(gameCode);
  for (let index = 0; index < count; index += 1) {
    const row = rows.nth(index);
    const numero = (await row.getAttribute('data-numero')) ?? '';
    expect(stored.has(numero), `round ${numero} is drawn`).toBe(true);
    const drawn = row.locator('td[data-drawn="true"]');
    await expect(drawn).toHaveCount(1);
    expect(Number(await drawn.getAttribute('data-value'))).toBe(stored.get(numero)![0]);
  }
  return count;
}

/** A new player with 1,000.00, logged in on the site, with the site's language set to `language`. */
async function loggedInPlayer(page: Page, request: APIRequestContext, language: string): Promise<{ username: string }> {
  const member = await registerMember(request);
  await creditMember(member.username, 100_000, 'Welcome credit');
  await openSite(page, '/');
  await logInInPopup(page, member.username, member.password);
  if (language !== 'EN') await page.evaluate((chosen) => window.localStorage.setItem('lang', chosen), language);
  return member;
}

async function openGame(page: Page, family: Family): Promise<Locator> {
  await page.goto(`/lottery?gameCode=${family.gameCode}&playType=${family.playCode}`);
  const screen = page.getByTestId('betting-screen');
  await expect(screen).toHaveAttribute('data-game-code', family.gameCode);
  await expect(screen.locator(`[data-testid="play-button"][data-play-code="${family.playCode}"]`)).toHaveAttribute('aria-pressed', 'true');
  return screen;
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

for (const family of FAMILIES) {
  test(`${family.gameCode}: a bet placed and the trend chart read on a phone, in ${family.language}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await loggedInPlayer(page, request, family.language);

    const screen = await openGame(page, family);
    await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${family.language.toLowerCase()}`, 'i'));
    const values = screen.getByTestId('pick-row').first().getByTestId('pick-value');
    await expect(values).toHaveCount(family.tickets);
    for (let index = 0; index < family.tickets; index += 1) await values.nth(index).click();
    await expect(screen.getByTestId('bet-summary')).toContainText(String(family.tickets));
    await screen.getByTestId('add-to-slip').click();
    await expect(screen.getByTestId('slip-line')).toHaveCount(1);
    const numero = await placeSlip(page, screen, family.language);
    await expect(page.getByTestId('header-balance')).toContainText((1000 - family.tickets * 2).toFixed(2), { timeout: 10_000 });
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'betting-screen');

    await screen.getByTestId('trend-toggle').click();
    const chart = screen.getByTestId('trend-chart');
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-busy', 'false');
    await expectSettled(page);
    if (family.gameCode === 'JSK3') {
      // The round bet on is drawn within a minute: the page hears the draw and the chart adds it.
      await expect(chart.locator(`[data-testid="trend-row"][data-numero="${numero}"]`)).toBeVisible({ timeout: 150_000 });
      await expect(chart).toHaveAttribute('aria-busy', 'false');
    }
    const rows = (await chart.getByTestId('trend-table').count()) > 0 ? await expectRowsMatchDraws(chart, family.gameCode) : 0;
    if (family.gameCode === 'JSK3') expect(rows).toBeGreaterThan(0);
    if (rows > 0) {
      // The footer counts what the rows show: the drawn values' appearances add up to the rows.
      const appearances = await chart.getByTestId('trend-appearances').locator('td[data-value]').allTextContents();
      expect(appearances.reduce((sum, text) => sum + Number(text), 0)).toBe(rows);
    }
    await expectNoHorizontalOverflow(page, 'betting-screen');
  });
}

test('Speed Mark Six 三中二: both prizes shown, a bet of four numbers placed and held at its top prize, on a phone in Bengali', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await loggedInPlayer(page, request, 'BN');
  const screen = await openGame(page, { gameCode: 'LHC5', playCode: 'LHC_THREE_TWO', language: 'BN', tickets: 4 });
  // 中二 and 中三 (5 × 中二): two prize levels on the prize line.
  const tiers = screen.getByTestId('bet-prize-tier');
  await expect(tiers).toHaveCount(2);
  await expect(tiers.nth(1)).toHaveAttribute('data-weight', '5');
  const values = screen.getByTestId('pick-row').first().getByTestId('pick-value');
  for (let index = 0; index < 4; index += 1) await values.nth(index).click();
  // C(4, 3) = 4 tickets.
  await expect(screen.getByTestId('bet-summary')).toContainText('4');
  await screen.getByTestId('add-to-slip').click();
  await expect(screen.getByTestId('slip-line')).toHaveCount(1);
  await placeSlip(page, screen, 'BN');
  await expectSettled(page);
  await expectNoHorizontalOverflow(page, 'betting-screen');
  // The server holds the bet, the new player's only one, to its top level: each of the 4 tickets could win 中三.
  const [bet] = await operatorSql<{ tickets: number; prize: string; liability: string }>(
    `SELECT b.tickets, b.ticket_prize_minor AS prize, b.liability_minor AS liability FROM lottery_bet b JOIN member m ON m.id = b.member_id
      WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID}`,
    [member.username],
  );
  expect(bet.tickets).toBe(4);
  expect(Number(bet.liability)).toBe(4 * 5 * Number(bet.prize));
});

test('Speed Mark Six 过关: no prize until the legs make a bet, then the bet\'s own, placed on a phone and stored at that price', async ({ page, request }) => {
  test.setTimeout(180_000);
  const member = await loggedInPlayer(page, request, 'EN');
  const screen = await openGame(page, { gameCode: 'LHC5', playCode: 'LHC_PARLAY2', language: 'EN', tickets: 1 });
  const rows = screen.getByTestId('pick-row');
  await expect(rows).toHaveCount(6);
  // 大 on 正码1: one leg of two, no bet yet and no prize.
  await rows.nth(0).getByTestId('pick-value').nth(0).click();
  await expect(screen.getByTestId('bet-prize')).toContainText('depends on the legs');
  // 小 on 正码6: a 2-leg parlay, one ticket.
  await rows.nth(5).getByTestId('pick-value').nth(1).click();
  await expect(screen.getByTestId('bet-summary')).toContainText('1');
  await expect(screen.getByTestId('bet-prize')).toContainText('Prize per winning ticket');
  const prizeLine = (await screen.getByTestId('bet-prize').textContent()) ?? '';
  await expectNoHorizontalOverflow(page, 'betting-screen');
  await screen.getByTestId('add-to-slip').click();
  await expect(screen.getByTestId('slip-line')).toHaveCount(1);
  await placeSlip(page, screen, 'EN');
  await expectSettled(page);
  const [bet] = await operatorSql<{ tickets: number; prize: string; series: number; mode: number; multiple: number }>(
    `SELECT b.tickets, b.ticket_prize_minor AS prize, b.series, b.money_mode AS mode, b.multiple FROM lottery_bet b JOIN member m ON m.id = b.member_id
      WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID}`,
    [member.username],
  );
  expect([bet.tickets, bet.mode, bet.multiple]).toEqual([1, 1, 1]);
  // 大 + 小 on two positions: P (25·25 − 1)/(49·48) = 13/49 (49 counts in both), so one ticket of
  // 2.00 pays floor(200 × 49/13 × series/2000) minor units, and the page showed that amount.
  const prize = Math.floor((200 * 49 * bet.series) / (13 * 2000));
  expect(Number(bet.prize)).toBe(prize);
  expect(prizeLine).toContain((prize / 100).toFixed(2));
});
