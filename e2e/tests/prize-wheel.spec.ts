import { createHash, createHmac } from 'node:crypto';
import { verifySpin } from '@platform/inhouse-games';
import { openText, secretsKeyFromEnv } from '../../server/src/secrets-key';
import { clearRegistrationLimits, clearThrottles, registerMember } from '../harness/accounts';
import { operatorSql } from '../harness/database';
import { expectNoHorizontalOverflow, expectSettled } from '../harness/layout';
import { WORKER_MERCHANT_ID } from '../harness/merchant';
import { signInOperator } from '../harness/operator';
import { openSite, skipAnnouncementPopup, useEnglish } from '../harness/site';
import { expect, test, type APIRequestContext, type Locator, type Page } from '../harness/test';

// The prize wheel as a player meets it in the member centre's Reward Centre: the back office grants
// two tickets with the command-line tool (ops grant-tickets), the player spins one (the wheel turns,
// the prize shows, a cash prize reaches the header's balance), rotates the seed and has the spin
// recomputed in the browser (Verified), and finds it in the history. A second player signs in for
// the day on the reward centre's first tab (day 1 of the streak pays 0.50), enters the promo code
// SPIN2026 in its Promotions tab (three tickets), and spins and verifies one. On a desktop and on a
// 390 px phone, with nothing scrolling sideways.
//
// The test opens the member's sealed server seed with the run's secrets key, as only the server
// can, to type a client seed whose spin lands on a cash prize: what the header shows is then known.

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
  await skipAnnouncementPopup(page);
  await clearThrottles();
  await clearRegistrationLimits();
  // SPIN2026 is once per person, and once-per-person promotions remember the address of each
  // account that received them: every browser of this run comes from 127.0.0.1, so each test's
  // players would look like one person. Each is a new person here (as in promotions-journey.spec.ts);
  // the rule itself is tested in the server's promotion tests.
  await operatorSql(`DELETE FROM promotion_identity WHERE promotion_id IN (SELECT id FROM promotion WHERE merchant_id = ${WORKER_MERCHANT_ID})`);
});

interface Segment {
  label: string;
  kind: 'cash' | 'none' | 'physical';
  amountMinor: number | null;
  weight: number;
}

const nodeHmac = (key: string, message: string) => new Uint8Array(createHmac('sha256', key).update(message, 'utf8').digest());

/** The worker's merchant's enabled wheel, in wheel order. */
async function wheelSegments(): Promise<Segment[]> {
  const rows = await operatorSql<{ label: string; prize_kind: Segment['kind']; amount_minor: string | null; weight: number }>(
    `SELECT s.label, s.prize_kind, s.amount_minor, s.weight FROM prize_wheel_segment s JOIN prize_wheel w ON w.id = s.wheel_id
      WHERE w.merchant_id = ${WORKER_MERCHANT_ID} AND w.enabled ORDER BY s.position`,
  );
  return rows.map((row) => ({ label: row.label, kind: row.prize_kind, amountMinor: row.amount_minor === null ? null : Number(row.amount_minor), weight: Number(row.weight) }));
}

/** The member's active server seed (opened with the secrets key), its hash and the next nonce. */
async function activeSeed(username: string): Promise<{ serverSeed: string; hash: string; nonce: number }> {
  const [row] = await operatorSql<{ merchant_id: number; server_seed_sealed: string; server_seed_hash: string; next_nonce: string }>(
    `SELECT s.merchant_id, s.server_seed_sealed, s.server_seed_hash, s.next_nonce FROM prize_wheel_seed s JOIN member m ON m.id = s.member_id
      WHERE m.username = $1 AND m.merchant_id = ${WORKER_MERCHANT_ID} AND s.active`,
    [username],
  );
  const serverSeed = openText(secretsKeyFromEnv(), `server_secret.prize_wheel_seed:${row.merchant_id}`, row.server_seed_sealed);
  return { serverSeed, hash: row.server_seed_hash, nonce: Number(row.next_nonce) };
}

/** A new player with two tickets from the operator, signed in on the home page; its cash-landing client seed and that prize. */
async function playerWithTickets(page: Page, request: APIRequestContext) {
  const member = await registerMember(request);
  const operator = await signInOperator();
  const granted = await operator.ops(['grant-tickets', member.username, '2', '--reason', 'Browser test']);
  expect(granted.code).toBe(0);
  expect(granted.lines).toContain(`Granted 2 ticket(s): ${member.username} has 2 ticket(s) to spin.`);

  const segments = await wheelSegments();
  const seed = await activeSeed(member.username);
  let clientSeed = '';
  for (let attempt = 0; attempt < 1000 && !clientSeed; attempt++) {
    const candidate = `e2e-${attempt}`;
    if (segments[verifySpin(seed.serverSeed, candidate, seed.nonce, segments, nodeHmac)].kind === 'cash') clientSeed = candidate;
  }
  expect(clientSeed).not.toBe('');
  const prize = segments[verifySpin(seed.serverSeed, clientSeed, seed.nonce, segments, nodeHmac)];

  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  return { member, seed, clientSeed, prize };
}

/** The member centre on its Reward Centre page, from the header's account menu. */
async function openRewardCentre(page: Page): Promise<Locator> {
  await page.getByTestId('header-account-menu').click();
  await page.getByTestId('header-menu-members').click();
  const overlay = page.getByTestId('mfe_member_center-overlay');
  await overlay.getByRole('navigation', { name: 'Member Centre' }).getByRole('button', { name: 'Reward Centre' }).click();
  await expect(overlay.getByRole('button', { name: 'Reward Centre' })).toHaveAttribute('aria-current', 'page');
  await expect(overlay.getByTestId('reward-center')).toBeVisible();
  return overlay;
}

/** A client seed whose next spin (with the member's active seed) lands on a cash prize, and that prize. */
async function cashLandingSeed(username: string): Promise<{ clientSeed: string; prize: Segment; seed: { serverSeed: string; hash: string; nonce: number } }> {
  const segments = await wheelSegments();
  const seed = await activeSeed(username);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const candidate = `e2e-${attempt}`;
    const prize = segments[verifySpin(seed.serverSeed, candidate, seed.nonce, segments, nodeHmac)];
    if (prize.kind === 'cash') return { clientSeed: candidate, prize, seed };
  }
  throw new Error('no client seed lands on a cash prize');
}

const major = (minor: number) => (minor / 100).toFixed(2);

/**
 * A new player opens the reward centre: the daily sign-in first (day 1 pays 0.50, the header shows
 * it), then the promo code SPIN2026 in the Promotions tab (three tickets), from there the wheel:
 * three spins available, one spun onto a cash prize (the header adds it), then verified in the browser.
 */
async function signInEnterCodeAndSpin(page: Page, request: APIRequestContext, phone: boolean): Promise<void> {
  const member = await registerMember(request);
  await page.addInitScript((token) => window.sessionStorage.setItem('token', token), member.token);
  await openSite(page, '/');
  await expect(page.getByTestId('header-balance')).toContainText('0.00');
  const overlay = await openRewardCentre(page);
  const fits = async () => {
    if (!phone) return;
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
  };

  // The daily sign-in: a new player is on day 1 of the streak.
  await expect(overlay.getByRole('tab', { name: 'Daily sign-in' })).toHaveAttribute('aria-selected', 'true');
  const signIn = overlay.getByTestId('sign-in');
  await expect(signIn.getByTestId('sign-in-day')).toHaveCount(7);
  await expect(signIn.getByTestId('sign-in-day').first()).toHaveAttribute('data-status', 'today');
  await expect(signIn.getByTestId('sign-in-day').first()).toContainText('0.50');
  await expect(signIn).toContainText('Miss a day and the streak starts over.');
  await fits();
  await signIn.getByTestId('sign-in-button').click();
  await expect(signIn.getByTestId('task-success')).toHaveText(/^Signed in: day 1 paid \D*0\.50 into your wallet\.$/);
  await expect(signIn.getByTestId('sign-in-done')).toBeVisible();
  await expect(signIn.getByTestId('sign-in-button')).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toContainText('0.50');
  await fits();

  // The promo code gives three tickets, once.
  await overlay.getByRole('tab', { name: 'Promotions' }).click();
  const box = overlay.getByTestId('promo-code-box');
  await box.getByTestId('promo-code-input').fill('SPIN2026');
  await box.getByTestId('promo-code-apply').click();
  await expect(box.getByTestId('promo-code-success')).toHaveText('Promo code applied: you received 3 prize-wheel tickets');
  await expect(overlay.getByTestId('my-promotion').filter({ hasText: 'Promo Code: 3 Free Spins' })).toBeVisible();
  await fits();
  const { clientSeed, prize, seed } = await cashLandingSeed(member.username);

  await overlay.getByTestId('promo-code-to-wheel').click();
  await expect(overlay.getByRole('tab', { name: 'Prize wheel' })).toHaveAttribute('aria-selected', 'true');
  const wheelTab = overlay.getByTestId('wheel-tab');
  await expect(wheelTab.getByTestId('wheel-tickets')).toHaveText('You have 3 tickets to spin');
  await expect(wheelTab.getByTestId('wheel-seed-hash')).toHaveText(seed.hash);
  await fits();
  await wheelTab.getByTestId('wheel-client-seed').fill(clientSeed);
  await wheelTab.getByTestId('wheel-spin').click();
  const won = wheelTab.getByTestId('wheel-prize');
  await expect(won).toHaveAttribute('data-kind', 'cash');
  await expect(won).toContainText(`You won ${prize.label}`);
  await expect(page.getByTestId('header-balance')).toContainText(major(50 + (prize.amountMinor ?? 0)));
  await expect(wheelTab.getByTestId('wheel-tickets')).toHaveText('You have 2 tickets to spin');
  await fits();

  await wheelTab.getByTestId('wheel-rotate').click();
  await expect(wheelTab.getByTestId('wheel-revealed')).toContainText(seed.serverSeed);
  await wheelTab.getByTestId('wheel-verify-button').click();
  await expect(wheelTab.getByTestId('wheel-verify-result')).toHaveText('Verified');
  await expect(wheelTab.getByTestId('wheel-verify-segment')).toHaveAttribute('data-matches', 'true');
  await fits();
}

async function spinVerifyAndFindInHistory(page: Page, request: APIRequestContext, phone: boolean): Promise<void> {
  const { seed, clientSeed, prize } = await playerWithTickets(page, request);
  const overlay = await openRewardCentre(page);
  const fits = async () => {
    if (!phone) return;
    await expectSettled(page);
    await expectNoHorizontalOverflow(page, 'mfe_member_center-overlay');
  };
  await fits();

  await overlay.getByRole('tab', { name: 'Prize wheel' }).click();
  const wheelTab = overlay.getByTestId('wheel-tab');
  await expect(wheelTab.getByTestId('wheel-tickets')).toHaveText('You have 2 tickets to spin');
  // The hash shown before the spin is the SHA-256 of the seed that will draw it.
  await expect(wheelTab.getByTestId('wheel-seed-hash')).toHaveText(seed.hash);
  expect(createHash('sha256').update(seed.serverSeed, 'utf8').digest('hex')).toBe(seed.hash);
  await expect(wheelTab.getByTestId('wheel-segment')).toHaveCount((await wheelSegments()).length);
  // The client seed field offers a random seed; the player types its own.
  await expect(wheelTab.getByTestId('wheel-client-seed')).toHaveValue(/^[0-9a-f]{32}$/);
  await fits();
  // The wheel scales to the column: on the phone it is no wider than the screen.
  if (phone) expect((await wheelTab.getByTestId('prize-wheel').boundingBox())!.width).toBeLessThanOrEqual(390);

  await wheelTab.getByTestId('wheel-client-seed').fill(clientSeed);
  await wheelTab.getByTestId('wheel-spin').click();
  const won = wheelTab.getByTestId('wheel-prize');
  await expect(won).toHaveAttribute('data-kind', 'cash');
  const amount = ((prize.amountMinor ?? 0) / 100).toFixed(2);
  await expect(won).toContainText(`You won ${prize.label}`);
  await expect(won).toContainText(amount);
  await expect(page.getByTestId('header-balance')).toContainText(amount);
  await expect(wheelTab.getByTestId('wheel-tickets')).toHaveText('You have 1 ticket to spin');
  await fits();

  // Rotating reveals the seed that drew the spin; the browser recomputes it.
  await wheelTab.getByTestId('wheel-rotate').click();
  await expect(wheelTab.getByTestId('wheel-revealed')).toContainText(seed.serverSeed);
  await expect(wheelTab.getByTestId('wheel-seed-hash')).not.toHaveText(seed.hash);
  const spinId = await wheelTab.getByTestId('wheel-verify-id').inputValue();
  expect(spinId).toMatch(/^[1-9][0-9]*$/);
  await wheelTab.getByTestId('wheel-verify-button').click();
  await expect(wheelTab.getByTestId('wheel-verify-result')).toHaveText('Verified');
  await expect(wheelTab.getByTestId('wheel-verify-segment')).toHaveAttribute('data-matches', 'true');
  await fits();

  await overlay.getByRole('tab', { name: 'History' }).click();
  const rows = overlay.getByRole('table', { name: 'History' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(prize.label);
  await expect(rows.first()).toContainText('Cash');
  await expect(rows.first()).toContainText(amount);
  await fits();

  // Verify from the history: the wheel tab checks that spin again.
  await rows.first().getByTestId('history-verify').click();
  await expect(overlay.getByTestId('wheel-verify-result')).toHaveText('Verified');
  await expect(overlay.getByTestId('wheel-verify-id')).toHaveValue(spinId);
}

test('a player granted two tickets spins the wheel, sees the cash prize in the header, verifies the spin in the browser and finds it in the history', async ({ page, request }) => {
  test.setTimeout(120_000);
  await spinVerifyAndFindInHistory(page, request, false);
});

test('a second player signs in for the day, enters the promo code SPIN2026, spins one of its three tickets and verifies it in the browser', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInEnterCodeAndSpin(page, request, false);
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sign-in, the promo code and the wheel it fills fit the screen at every step', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInEnterCodeAndSpin(page, request, true);
  });

  test('the reward centre and its wheel fit the screen at every step', async ({ page, request }) => {
    test.setTimeout(120_000);
    await spinVerifyAndFindInHistory(page, request, true);
  });
});
