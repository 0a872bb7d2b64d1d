import { createHash } from 'node:crypto';
import { clearRegistrationLimits, clearThrottles, registerMember, type RegisteredMember } from '../harness/accounts';
import { WORKER_MERCHANT } from '../harness/merchant';
import { creditMember } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Locator, type Page } from '../harness/test';

// The in-house (JL) game pages where the games journey (games-journey.spec.ts: a slot launched
// from the lobby, spun, found in the bet records and verified) does not go:
// - Rocket Crash in real time: two players, each in a browser of their own, on the same round of
//   the server's crash scheduler. One bets and cashes out; the other sees the bet and the cash-out
//   arrive on the stream. At the crash the round's seed is revealed, its SHA-256 is the hash shown
//   while betting was open, and the verification page recomputes the same crash point from it and
//   walks the seed back to the published end of its chain.
// - The game pages on a 390 px phone: the slot inside the site's /game frame and alone, the crash
//   page and the verification page, none scrolling sideways.

/** A frame of a page (the game in the site's /game frame). */
type Frame = ReturnType<Page['mainFrame']>;

/** The masked name other players see (server/src/modules/inhouse: maskName). */
const maskedName = (username: string) => `${username.slice(0, 2)}***${username.slice(-1)}`;

/** '1,234.50' → 123450. */
function minorOf(text: string): number {
  const match = /([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The launch as the lobby asks for it (POST /wps/game/launchGame): the game page's address. */
async function launch(request: APIRequestContext, member: RegisteredMember, gameCode: string): Promise<string> {
  const response = await request.post('/wps/game/launchGame', {
    headers: { Authorization: member.token },
    data: { gameId: gameCode, vassalage: 'JL', launchMode: 'GLS', accountType: 1, platform: 'html5', clientType: 3, language: 'EN' },
  });
  const body = (await response.json()) as { success: boolean; value?: { game_url?: string }; errorCode?: string };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  const url = body.value?.game_url ?? '';
  expect(url).toMatch(new RegExp(`^/jl/play/${gameCode}\\?session=[^&]+&lang=EN$`));
  return url;
}

/** How far the document, or anything in it, reaches past the right edge of the window. */
async function horizontalOverflow(target: Page | Frame): Promise<{ scroll: number; wider: string[] }> {
  return target.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll<HTMLElement>('body *')]
      // The row of past crash points scrolls inside its own box.
      .filter((element) => !element.closest('[data-testid="crash-history"]') && element.getBoundingClientRect().right > width + 1)
      .map((element) => element.getAttribute('data-testid') ?? `${element.tagName.toLowerCase()}.${element.className}`);
    return { scroll: document.documentElement.scrollWidth - width, wider };
  });
}

async function expectNoHorizontalOverflow(target: Page | Frame): Promise<void> {
  expect(await horizontalOverflow(target)).toEqual({ scroll: 0, wider: [] });
}

/** The site's page around the frame: it does not scroll sideways (its own elements are the lobby's test). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
});

test('two players on one crash round: one cashes out, the other sees it live; the revealed seed matches its hash and recomputes the crash point', async ({ page, browser, request }) => {
  // A round is 7 s of betting, then as long as the multiplier takes to reach its crash point
  // (2× after 12 s, 10× after 38 s, 100× after 77 s), then 3 s of pause.
  test.setTimeout(300_000);
  const alice = await registerMember(request);
  const bob = await registerMember(request);
  await creditMember(alice.username, 10_000);
  await creditMember(bob.username, 10_000);
  const aliceUrl = await launch(request, alice, 'JLC001');
  const bobUrl = await launch(request, bob, 'JLC001');

  // Bob plays in a browser of his own (another context: other storage, another stream).
  const bobContext = await browser.newContext({ extraHTTPHeaders: { Merchant: WORKER_MERCHANT.code } });
  try {
    const bobPage = await bobContext.newPage();
    await page.goto(aliceUrl);
    await bobPage.goto(bobUrl);
    for (const player of [page, bobPage]) {
      await expect(player.getByRole('heading', { level: 1 })).toHaveText('Rocket Crash');
      await expect(player.getByTestId('balance')).toHaveText('100.00');
    }

    const aliceBet = page.getByTestId('crash-bet');
    const aliceOnBobsPage = bobPage.getByTestId('crash-bets').getByRole('listitem').filter({ hasText: maskedName(alice.username) });
    let cashedOut: { multiplier: string; winMinor: number } | null = null;
    let roundHash = '';
    /** Alice's balance in minor units as the bets and wins leave it. */
    let aliceMinor = 10_000;
    // A round can crash before the cash-out (below 1.01× in about 2 % of rounds): then the next one.
    for (let attempt = 1; attempt <= 4 && !cashedOut; attempt += 1) {
      // A round taking bets, with time left to bet (the last seconds are skipped).
      await expect(async () => {
        expect(await page.getByTestId('multiplier').getAttribute('data-phase')).toBe('betting');
        expect(Number(/(\d+) s/.exec((await page.getByTestId('multiplier').textContent()) ?? '')?.[1] ?? 0)).toBeGreaterThanOrEqual(3);
      }).toPass({ timeout: 150_000, intervals: [250] });
      // The round's seed hash is published before any bet, the same on both pages.
      roundHash = (await bobPage.getByTestId('crash-round-hash').textContent()) ?? '';
      expect(roundHash).toMatch(/^[0-9a-f]{64}$/);
      await expect(page.getByTestId('crash-round-hash')).toHaveText(roundHash);

      await page.getByTestId('crash-amount').fill('1');
      await page.getByTestId('crash-auto').fill('');
      await aliceBet.click();
      await expect(aliceBet).toHaveText('Bet placed');
      aliceMinor -= 100;
      await expect(page.getByTestId('balance')).toHaveText((aliceMinor / 100).toFixed(2));
      // Bob sees Alice's bet on the round, under her masked name.
      await expect(aliceOnBobsPage).toHaveCount(1);
      await expect(aliceOnBobsPage).toContainText('1.00');

      // Running: the cash-out button comes at 1.01×; Alice presses it at once.
      const cashout = page.getByTestId('crash-cashout');
      await expect(cashout.or(page.locator('[data-phase="crashed"]')).first()).toBeVisible({ timeout: 20_000 });
      // Pressed through its element: should the round crash first, the button is gone and the press
      // fails at once (a locator would wait for a cash-out button of a later round, or press the
      // next round's Bet in its place).
      const cashoutButton = await page.$('[data-testid="crash-cashout"]');
      if (cashoutButton) await cashoutButton.click().catch(() => undefined);
      await expect(aliceBet).toHaveText(/^(Cashed out|Lost)/, { timeout: 150_000 });
      if ((await aliceBet.textContent())?.startsWith('Lost')) {
        // Crashed first: the bet is lost on both pages; the balance stays at what the bet left.
        await expect(aliceOnBobsPage).toContainText('Lost');
        await expect(page.getByTestId('balance')).toHaveText((aliceMinor / 100).toFixed(2));
        continue;
      }
      // Her row: You · stake · multiplier × · win (the last part).
      const row = (await page.getByTestId('crash-bets').getByRole('listitem').filter({ hasText: 'You' }).locator('span').last().textContent()) ?? '';
      const match = /^(\d+\.\d{2})× · ([\d,]+\.\d{2})$/.exec(row);
      if (!match) throw new Error(`no cash-out in ${JSON.stringify(row)}`);
      cashedOut = { multiplier: match[1], winMinor: minorOf(match[2]) };
    }
    if (!cashedOut) throw new Error('four rounds in a row crashed before the cash-out');
    expect(Number(cashedOut.multiplier)).toBeGreaterThanOrEqual(1.01);
    // A stake of 1.00 at T× pays T × 1.00 exactly.
    expect(cashedOut.winMinor).toBe(Math.round(Number(cashedOut.multiplier) * 100));

    // Bob sees the cash-out come in on his stream: her multiplier and win.
    await expect(aliceOnBobsPage).toContainText(`${cashedOut.multiplier}× · ${(cashedOut.winMinor / 100).toFixed(2)}`);
    // Alice's money: 100.00 − her stakes + the win (settled through the provider API into the ledger).
    const expected = ((aliceMinor + cashedOut.winMinor) / 100).toFixed(2);
    await expect(page.getByTestId('balance')).toHaveText(expected);

    // The crash: the seed is revealed on Bob's page; its hash is the one published before the bets.
    await expect(bobPage.getByTestId('multiplier')).toHaveAttribute('data-phase', 'crashed', { timeout: 150_000 });
    const crashText = (await bobPage.getByTestId('multiplier').textContent()) ?? '';
    const crashPoint = /Crashed at ([\d,]+\.\d{2})×/.exec(crashText)?.[1];
    if (!crashPoint) throw new Error(`no crash point in ${JSON.stringify(crashText)}`);
    expect(Number(crashPoint.replace(/,/g, ''))).toBeGreaterThanOrEqual(Number(cashedOut.multiplier));
    const roundId = await bobPage.getByTestId('crash-history').getByRole('link').first().getAttribute('title');
    const seedOfRound = bobPage.getByTestId('crash-seed');
    expect(roundId).toBe(`Verify round ${await seedOfRound.getAttribute('data-round')}`);
    const seed = (await seedOfRound.textContent()) ?? '';
    expect(createHash('sha256').update(seed).digest('hex')).toBe(roundHash);
    // The round is first among the past crash points on both pages.
    for (const player of [page, bobPage]) await expect(player.getByTestId('crash-history').getByRole('link').first()).toHaveText(`${crashPoint}×`);

    // The verification page (opened from the round) recomputes the same crash point in the browser.
    const [verify] = await Promise.all([bobContext.waitForEvent('page'), bobPage.getByTestId('crash-verify').click()]);
    await expect(verify.getByTestId('verify-crash-point')).toHaveText(`Crash point: ${crashPoint}×`);
    await expect(verify.getByTestId('verify-hash-check')).toHaveAttribute('data-matches', 'true');
    await expect(verify.getByTestId('verify-hash-of-seed')).toHaveText(roundHash);
    // The seed walks back to the end of the chain published before the chain's first round.
    await expect(verify.getByTestId('verify-chain-check')).toHaveAttribute('data-matches', 'true');
    // Alice's balance stays what the round left (the win was paid once).
    await expect(page.getByTestId('balance')).toHaveText(expected);
  } finally {
    await bobContext.close();
  }
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the slot in the /game frame and alone, the crash page and the verification page: playable, nothing scrolls sideways', async ({ page, request }) => {
    test.setTimeout(240_000);
    const member = await registerMember(request);
    await creditMember(member.username, 10_000);

    // In the site's /game frame, launched from the lobby.
    await openSite(page, '/inhouse');
    await page.getByTestId('header-login').click();
    const login = page.getByRole('dialog', { name: 'Login or register' });
    await login.getByTestId('login-username').fill(member.username);
    await login.getByTestId('login-password').fill(member.password);
    await login.getByTestId('login-submit').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('header-balance')).toContainText('100.00');
    const gems = page.getByTestId('game-tile').filter({ has: page.getByText('Fortune Gems', { exact: true }) }).first();
    await gems.getByRole('button', { name: 'Fortune Gems', exact: true }).click();
    await expect(page).toHaveURL(/\/game$/);
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /^\/jl\/play\/JLS001\?session=/);
    const game = page.frameLocator('[data-testid="game-frame"]');
    await spinOnce(game.getByRole('button', { name: 'Spin', exact: true }), game.getByTestId('last-round'));
    const frame = page.frames().find((candidate) => candidate.url().includes('/jl/play/JLS001'));
    if (!frame) throw new Error('no game frame');
    await expectNoHorizontalOverflow(frame);
    await expectNoSidewaysScroll(page);

    // Alone (the launch URL opened as a page of its own), with the paytable open.
    const slotUrl = await launch(request, member, 'JLS001');
    await page.goto(slotUrl);
    await spinOnce(page.getByRole('button', { name: 'Spin', exact: true }), page.getByTestId('last-round'));
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Paytable' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');

    // Rotating the seed reveals it; the last round's verification link, at this width too.
    await page.getByRole('button', { name: 'Rotate seed' }).click();
    await expect(page.getByTestId('revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
    await page.goto((await page.getByTestId('verify-last-round').getAttribute('href')) ?? '');
    await expect(page.getByTestId('verify-hash-check')).toHaveAttribute('data-matches', 'true');
    await expect(page.getByTestId('verify-step').first()).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // The crash page.
    await page.goto(await launch(request, member, 'JLC001'));
    await expect(page.getByTestId('multiplier')).toHaveAttribute('data-phase', /betting|running|crashed/, { timeout: 30_000 });
    await expect(page.getByTestId('crash-bet')).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // A past crash round's verification in Bengali (its longest texts): the seed, the chain check.
    const pastRound = page.getByTestId('crash-history').getByRole('link').first();
    await expect(pastRound).toBeVisible({ timeout: 100_000 });
    const verifyUrl = new URL((await pastRound.getAttribute('href')) ?? '', page.url());
    verifyUrl.searchParams.set('lang', 'BN');
    await page.goto(verifyUrl.toString());
    await expect(page.locator('html')).toHaveAttribute('lang', /^bn/i);
    await expect(page.getByTestId('verify-chain-check')).toHaveAttribute('data-matches', 'true');
    await expectNoHorizontalOverflow(page);
  });
});

/** One spin: the round is over when the last round line names a new round and Spin is back. */
async function spinOnce(spin: Locator, lastRound: Locator): Promise<void> {
  await expect(spin).toBeEnabled();
  const before = (await lastRound.count()) ? await lastRound.textContent() : null;
  await spin.click();
  await expect(lastRound).toBeVisible({ timeout: 20_000 });
  if (before) await expect(lastRound).not.toHaveText(before, { timeout: 20_000 });
  await expect(spin).toBeEnabled({ timeout: 20_000 });
}
