import type pg from 'pg';
import { LHC_ZODIAC_PLAY_SIZES, betAmountMinor, lhcZodiacValues, lunarYearOf, ticketPrizeMinor, formatSlips, mulberry32, picksFromRows, playById, randomRows, type Draw, type LotteryKind, type PlayDefinition, type SlipLine } from '@platform/lottery-rules';
import { withTransaction } from '../../db/transaction';
import { insertDrawFeatures } from './rounds.service';
import { generateSecretsKeyText, parseSecretsKey, type SecretsKey } from '../../secrets-key';
import { createMember } from '../member/member.testing';
import { credit } from '../withdrawal/withdrawal.testing';
import { ensureRounds } from './rounds.service';

// Helpers of the lottery's tests (not a test file): members with money, the round on sale, slips
// of random valid bets. Tests of other modules may import it; production code may not.

/** A quarter past a minute (UTC): every game has a round on sale, none closing in the next seconds. */
export const LOTTERY_TEST_START_MS = Date.UTC(2026, 10, 27, 4, 0, 20);

export const testSecretsKey = (): SecretsKey => parseSecretsKey(generateSecretsKeyText());

/**
 * The kinds' games among the defaults, one each: house-drawn games, so that a test drawing from the
 * seed (drawAndSettle) can draw them (VN18: the five-minute southern game, not a province's, whose
 * results staff enter).
 */
export const GAME_OF_KIND: Record<LotteryKind, string> = { SSC: 'SSC1', '11X5': 'GD11X5', PK10: 'PK10', LHC: 'LHC5', VN: 'VN5', K3: 'JSK3', PC28: 'PC28', '3D': 'F3D', P5: 'FPL5', VN18: 'VNMN5' };

export async function fundedMembers(pool: pg.Pool, merchantId: number, count: number, amountMinor: number, prefix = 'lotto'): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = await createMember(pool, merchantId, { username: `${prefix}${String(index).padStart(4, '0')}`, nowMs: LOTTERY_TEST_START_MS });
    await credit(pool, merchantId, id, amountMinor, LOTTERY_TEST_START_MS);
    ids.push(id);
  }
  return ids;
}

export interface OnSale {
  roundId: number;
  numero: string;
  closeAt: number;
  drawAt: number;
}

/** The rounds of every game created, and the round of `gameCode` on sale at `nowMs`. */
export async function roundOnSale(pool: pg.Pool, secretsKey: SecretsKey, merchantId: number, gameCode: string, nowMs: number): Promise<OnSale> {
  await ensureRounds(pool, secretsKey, nowMs, merchantId);
  const result = await pool.query<{ id: string; numero: string; closeAt: Date; drawAt: Date }>(
    `SELECT r.id, r.numero, r.close_at AS "closeAt", r.draw_at AS "drawAt" FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE g.merchant_id = $1 AND g.game_code = $2 AND r.open_at <= $3 AND r.close_at > $3`,
    [merchantId, gameCode, new Date(nowMs)],
  );
  const row = result.rows[0];
  if (!row) throw new Error(`no round of ${gameCode} on sale at ${new Date(nowMs).toISOString()}`);
  return { roundId: Number(row.id), numero: row.numero, closeAt: row.closeAt.getTime(), drawAt: row.drawAt.getTime() };
}

/** A slip line of `play` with these rows. */
export function lineOf(play: PlayDefinition, rows: number[][], { mode = 1, series = 1900, multiple = 1 }: Partial<Pick<SlipLine, 'mode' | 'series' | 'multiple'>> = {}): SlipLine {
  return { playId: play.id, rows, picks: picksFromRows(rows), mode, series, multiple };
}

/** The default games' cap on what one bet may win (300,000.00): a line one of whose tickets pays more is refused. */
export const DEFAULT_MAX_PRIZE_MINOR = 30_000_000;

/**
 * `count` random valid lines of `play` (at most 3 values a row, so ticket counts stay small; up to
 * N − 1 for a 胆拖 of 任选N, whose tickets take N numbers from its two rows: 任选七/八 need more than
 * 3 + 3), each within the default cap.
 */
export function randomLines(play: PlayDefinition, count: number, seed: number): SlipLine[] {
  const random = mulberry32(seed);
  const lines: SlipLine[] = [];
  const perRow = play.rule === 'banker_choose' || play.rule === 'banker_superset' ? Math.max(3, (play.k ?? 0) - 1) : 3;
  while (lines.length < count) {
    const rows = randomRows(play, random, perRow);
    if (play.ticketsOf(picksFromRows(rows)) === 0) continue;
    const mode = ([1, 2, 3] as const)[Math.floor(random() * 3)];
    const line = lineOf(play, rows, { mode, series: 1800 + 10 * Math.floor(random() * 17), multiple: 1 + Math.floor(random() * 5) });
    if (betAmountMinor(play, play.ticketsOf(line.picks), line.mode, line.multiple) === undefined) continue;
    if (ticketPrizeMinor(play, line.series, line.mode, line.multiple, line.picks) > DEFAULT_MAX_PRIZE_MINOR) continue;
    // A zodiac play takes the zodiacs of its number count in the tests' lunar year (2026).
    const size = LHC_ZODIAC_PLAY_SIZES[play.code];
    if (size && rows[0].some((zodiac) => !lhcZodiacValues(size, lunarYearOf(LOTTERY_TEST_START_MS)).includes(zodiac))) continue;
    lines.push(line);
  }
  return lines;
}

/** What the lines cost, as the page sends it ("12.3400"). */
export function costOf(lines: readonly SlipLine[], rounds = 1): string {
  const minor = lines.reduce((sum, line) => {
    const play = playById(line.playId)!;
    return sum + betAmountMinor(play, play.ticketsOf(line.picks), line.mode, line.multiple)!;
  }, 0);
  return ((minor * rounds) / 100).toFixed(4);
}

export const slipOf = (lines: readonly SlipLine[]): string => formatSlips(lines);

/** Writes a chosen draw for an open round (instead of its seed's), as the draw does: numbers, state drawn, every play's features. */
export async function drawRoundAs(pool: pg.Pool, roundId: number, draw: Draw, nowMs: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    const updated = await client.query("UPDATE lottery_round SET state = 'drawn', numbers = $2, server_seed = $3, drawn_at = $4 WHERE id = $1 AND state = 'open'", [
      roundId,
      draw.numbers,
      'ab'.repeat(32),
      new Date(nowMs),
    ]);
    if (updated.rowCount !== 1) throw new Error(`round ${roundId} is not open`);
    await insertDrawFeatures(client, roundId, draw);
  });
}
