import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// The lottery in browser tests: bets placed through the real betting call, and the betting page's
// slip placed the way a player does it.

/** A string of the betting page in one of its translation sets (the page's own locale files). */
export function bettingString(language: string, key: string): string {
  const file = path.join(__dirname, '..', '..', 'mfe-lottery', 'src', 'features', 'betting', 'locales', `${language.toLowerCase()}.json`);
  const value = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw new Error(`no betting string ${key} in ${language}`);
  return value;
}

/**
 * Places the slip of the betting page `screen`, confirming, in the page's language; a round that
 * closed meanwhile (the page says so and moves to the next one) is bet on the next round. The
 * numero bet on.
 */
export async function placeSlip(page: Page, screen: Locator, language = 'EN'): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const numero = /\d{8}(-\d{2,4})?/.exec((await screen.getByTestId('round-numero').textContent()) ?? '')?.[0] ?? '';
    await screen.getByTestId('place-bet').click();
    await page.getByTestId('bet-confirm').getByRole('button', { name: bettingString(language, 'confirm_bet'), exact: true }).click();
    const placed = screen.getByTestId('bet-placed');
    const failed = screen.getByTestId('bet-error');
    await expect(placed.or(failed)).toBeVisible({ timeout: 15_000 });
    if (await placed.isVisible()) return numero;
    await expect(failed).toContainText(bettingString(language, 'error_round_closed'));
    await expect(screen.getByTestId('round-status')).not.toContainText(bettingString(language, 'betting_closed'), { timeout: 20_000 });
  }
  throw new Error('three rounds closed before the bet went through');
}

/** Places a 20.00 bet (every digit on the first position) on the round of SSC1 on sale; retries a round that closed. */
export async function betOnSsc(request: APIRequestContext, token: string): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const opened = await request.get('/lgw/games/opened/numero?gameCode=SSC1');
    const round = (await opened.json()).value.current as { numero: string; closeTime: number } | null;
    if (!round) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      continue;
    }
    const placed = await request.post('/lgw/orders/betting', {
      headers: { authorization: token },
      data: { gameCode: 'SSC1', currentNumero: round.numero, bettingSlipString: '0,1,2,3,4,5,6,7,8,9____~1~1011~1~1900~1', betCartAmountSum: '20.0000', device: 'WEB' },
    });
    const body = await placed.json();
    if (body.success) return round.numero;
    if (body.errorCode !== 'lottery.round.closed') throw new Error(`the bet was refused: ${body.errorCode} ${body.message}`);
    await new Promise((resolve) => setTimeout(resolve, 6000));
  }
  throw new Error('no round took the bet');
}
