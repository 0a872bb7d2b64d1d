import { LOTTERY_DEFAULT_GAME_CODES, type Envelope } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import type { LightMyRequestResponse } from 'fastify';
import { readSeedFile, seedMerchant } from '../../db/seed';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import { placeOrder } from './betting.service';
import { fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';

// The lottery games' desk of the operator API (/ops/v1/lottery/games, /ops/v1/lottery/rounds) on a
// real PostgreSQL: every game with its schedule, settings and the rounds on sale and next; content
// staff change what the engine reads (on sale, sales closing, the most a bet wins, the liability
// limits), each change audited once with before and after and read by the very next bet; bad
// input, unknown games and another merchant's games are refused or untouched; rounds are listed
// with their sales for risk, who voids them. A game's draw weekdays are one more setting; what a
// change of them does to the rounds is replan.test.ts's.

let context: TestContext;
let otherMerchantId: number;
const nowMs = LOTTERY_TEST_START_MS;
const secretsKey = testSecretsKey();
const tokens: Record<'content' | 'risk' | 'cashier', string> = { content: '', risk: '', cashier: '' };
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;

beforeAll(async () => {
  context = await createTestApp({ clock: () => nowMs });
  for (const role of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[role] = (await operatorLogin(context, { username: `lotto_${role}`, role, nowMs })).token;
  const seed = await readSeedFile();
  otherMerchantId = (await seedMerchant(context.ownerPool, { ...seed, merchant: { code: 'OTHERLOTTO', name: 'Other Lotto' }, domains: ['otherlotto.example'] }))!;
  await roundOnSale(context.pool, secretsKey, context.merchantId, 'SSC1', nowMs);
}, 120_000);

afterAll(async () => {
  await context.close();
});

/** The prize series every game is seeded with (migration 045). */
const SEEDED_SERIES = { minSeries: 1800, defaultSeries: 1900, maxBetSeries: 1960, maxSeries: 1960 };
const body = <T>(response: LightMyRequestResponse) => json<Envelope<T>>(response);
const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

interface Round { numero: string; state: string; openAt: number; closeAt: number; drawAt: number; bets: number; stake: number; voidReason: string | null }
interface Game {
  gameCode: string;
  enabled: boolean;
  intervalSeconds: number;
  closeSeconds: number;
  drawWeekdays: number;
  maxPrize: number;
  maxRoundPayout: number;
  maxNumberPayout: number;
  maxMemberStake: number;
  current: Round | null;
  next: Round | null;
}

const gameRow = async (merchantId: number, gameCode: string) =>
  (await context.pool.query('SELECT * FROM lottery_game WHERE merchant_id = $1 AND game_code = $2', [merchantId, gameCode])).rows[0] as Record<string, unknown>;
const audits = async (gameCode: string) =>
  (await context.pool.query<{ outcome: string; error_code: string | null; detail: Record<string, unknown> }>(
    "SELECT outcome, error_code, detail FROM operator_action WHERE action = 'lottery_game.update' AND target_id = $1 ORDER BY id",
    [gameCode],
  )).rows;

async function bet(gameCode: string, memberId: number) {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, gameCode, nowMs);
  return placeOrder(context.pool, {
    merchantId: context.merchantId, memberId, gameCode, currentNumero: round.numero,
    slip: slipOf([lineOf(position, [[1, 2], [], [], [], []])]), betCartAmountSum: '4.0000', chase: 0, winningStop: false, nowMs,
  });
}

describe('GET /lottery/games', () => {
  it('lists every game with its schedule, settings, the round on sale and the next one; content and risk read it', async () => {
    const games = body<{ list: Game[] }>(await ops(tokens.risk, 'GET', '/lottery/games')).value!.list;
    expect(games.map((game) => game.gameCode)).toEqual([...LOTTERY_DEFAULT_GAME_CODES]);
    const ssc1 = games[0];
    expect(ssc1).toMatchObject({ enabled: true, intervalSeconds: 60, closeSeconds: 5, drawWeekdays: 127, maxPrize: 300_000, maxRoundPayout: 0, maxNumberPayout: 0, maxMemberStake: 0 });
    // TP. Hồ Chí Minh draws on Mondays (1) and Saturdays (32).
    expect(games.find((game) => game.gameCode === 'XSMNHCM')).toMatchObject({ drawWeekdays: 33, closeSeconds: 900 });
    expect(ssc1.current).toMatchObject({ state: 'open', bets: 0, stake: 0 });
    expect(ssc1.current!.openAt).toBeLessThanOrEqual(nowMs);
    expect(ssc1.current!.closeAt).toBeGreaterThan(nowMs);
    expect(ssc1.next!.drawAt).toBe(ssc1.current!.drawAt + 60_000);
    expect((await ops(tokens.content, 'GET', '/lottery/games')).statusCode).toBe(200);
    expect((await ops(tokens.cashier, 'GET', '/lottery/games')).statusCode).toBe(403);
  });
});

describe('POST /lottery/games/:gameCode', () => {
  it('changes the limits the next bet is held to, audited once with before and after; the other merchant keeps its own', async () => {
    const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'opslimit');
    const otherBefore = await gameRow(otherMerchantId, 'SSC1');
    const changed = await ops(tokens.content, 'POST', '/lottery/games/SSC1', { maxMemberStake: 3.5, maxNumberPayout: 5000 });
    expect(changed.statusCode).toBe(200);
    expect(body(changed).value).toMatchObject({ gameCode: 'SSC1', enabled: true, closeSeconds: 5, drawWeekdays: 127, maxMemberStake: 3.5, maxNumberPayout: 5000, rescheduledRounds: 0, replannedRounds: null });
    expect(await gameRow(context.merchantId, 'SSC1')).toMatchObject({ max_member_stake_minor: '350', max_number_payout_minor: '500000' });
    expect(await gameRow(otherMerchantId, 'SSC1')).toEqual(otherBefore);
    // A 4.00 bet passes 3.50 a member may stake on a draw.
    await expect(bet('SSC1', member)).rejects.toMatchObject({ errorCode: 'lottery.limit.stake' });
    const done = (await audits('SSC1')).filter((row) => row.outcome === 'ok');
    expect(done).toHaveLength(1);
    expect(done[0].detail).toEqual({
      before: { enabled: true, resultSource: 'house', closeSeconds: 5, drawWeekdays: 127, ...SEEDED_SERIES, maxPrize: 300_000, maxRoundPayout: 0, maxNumberPayout: 0, maxMemberStake: 0 },
      after: { enabled: true, resultSource: 'house', closeSeconds: 5, drawWeekdays: 127, ...SEEDED_SERIES, maxPrize: 300_000, maxRoundPayout: 0, maxNumberPayout: 5000, maxMemberStake: 3.5 },
    });
    await ops(tokens.content, 'POST', '/lottery/games/SSC1', { maxMemberStake: 0 });
    await expect(bet('SSC1', member)).resolves.toBeDefined();
  });

  it('changes the prize series bets may use, refusing an order that does not hold and changing nothing', async () => {
    const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'opsseries');
    // Bets at 1900 (the seeded default) pass; the desk lowers the highest series a bet may use to 1850.
    await expect(bet('SSC5', member)).resolves.toBeDefined();
    const changed = await ops(tokens.content, 'POST', '/lottery/games/SSC5', { maxBetSeries: 1850, defaultSeries: 1850 });
    expect(body(changed).value).toMatchObject({ minSeries: 1800, defaultSeries: 1850, maxBetSeries: 1850, maxSeries: 1960 });
    await expect(bet('SSC5', member)).rejects.toMatchObject({ errorCode: 'lottery.series.invalid' });
    for (const asked of [{ minSeries: 1900 }, { maxSeries: 1840 }, { defaultSeries: 1990 }, { maxBetSeries: 1700 }]) {
      const refused = await ops(tokens.content, 'POST', '/lottery/games/SSC5', asked);
      expect([asked, refused.statusCode, body(refused).errorCode]).toEqual([asked, 400, 'lottery.game.series_invalid']);
    }
    expect((await ops(tokens.content, 'POST', '/lottery/games/SSC5', { maxSeries: 2001 })).statusCode).toBe(400);
    expect(await gameRow(context.merchantId, 'SSC5')).toMatchObject({ min_series: 1800, default_series: 1850, max_bet_series: 1850, max_series: 1960 });
    await ops(tokens.content, 'POST', '/lottery/games/SSC5', { maxBetSeries: 1960, defaultSeries: 1900 });
    await expect(bet('SSC5', member)).resolves.toBeDefined();
  });

  it('takes a game off sale: bets are refused until it is back', async () => {
    const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'opsoff');
    expect(body(await ops(tokens.content, 'POST', '/lottery/games/SSC5', { enabled: false })).value).toMatchObject({ enabled: false });
    await expect(bet('SSC5', member)).rejects.toMatchObject({ errorCode: 'lottery.game.unknown' });
    expect((await gameRow(otherMerchantId, 'SSC5')).enabled).toBe(true);
    await ops(tokens.content, 'POST', '/lottery/games/SSC5', { enabled: true });
    await expect(bet('SSC5', member)).resolves.toBeDefined();
  });

  it('reschedules the rounds not open yet to a new closing time; the round on sale keeps its close', async () => {
    const before = body<{ list: Game[] }>(await ops(tokens.content, 'GET', '/lottery/games')).value!.list.find((game) => game.gameCode === 'GD11X5')!;
    const changed = body<{ rescheduledRounds: number }>(await ops(tokens.content, 'POST', '/lottery/games/GD11X5', { closeSeconds: 40 }));
    expect(changed.value!.rescheduledRounds).toBeGreaterThan(0);
    const after = body<{ list: Game[] }>(await ops(tokens.content, 'GET', '/lottery/games')).value!.list.find((game) => game.gameCode === 'GD11X5')!;
    expect(after.closeSeconds).toBe(40);
    expect(after.current).toEqual(before.current);
    expect(after.next!.closeAt).toBe(after.next!.drawAt - 40_000);
    expect(after.next!.openAt).toBe(after.next!.drawAt - 40_000 - 180_000);
    const far = await context.pool.query<{ bad: string }>(
      `SELECT count(*) AS bad FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
        WHERE g.merchant_id = $1 AND g.game_code = 'GD11X5' AND r.open_at > $2 AND r.close_at <> r.draw_at - interval '40 seconds'`,
      [context.merchantId, new Date(nowMs)],
    );
    expect(far.rows[0].bad).toBe('0');
  });

  it('changes the weekdays a game draws on, audited with before and after and what became of its rounds; the same days again re-plan nothing', async () => {
    const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'opsdays');
    // Đà Nẵng draws on Wednesdays (4) and Saturdays (32); a bet on the round on sale (Saturday 28).
    const onSale = await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMTDNG', nowMs);
    const lo = PLAYS.find((play) => play.code === 'VN18_LO2')!;
    await placeOrder(context.pool, {
      merchantId: context.merchantId, memberId: member, gameCode: 'XSMTDNG', currentNumero: onSale.numero,
      slip: slipOf([lineOf(lo, [[5]])]), betCartAmountSum: '18.0000', chase: 0, winningStop: false, nowMs,
    });
    const before = body<{ list: Game[] }>(await ops(tokens.content, 'GET', '/lottery/games')).value!.list.find((game) => game.gameCode === 'XSMTDNG')!;
    expect(before.drawWeekdays).toBe(36);
    // Saturdays only: the Wednesdays not on sale yet, nobody's bet on, are removed.
    const changed = await ops(tokens.content, 'POST', '/lottery/games/XSMTDNG', { drawWeekdays: 32 });
    expect(changed.statusCode).toBe(200);
    const value = body<{ drawWeekdays: number; replannedRounds: { moved: number; created: number; deleted: number; voided: number; refundedBets: number } }>(changed).value!;
    expect(value).toMatchObject({ gameCode: 'XSMTDNG', drawWeekdays: 32, replannedRounds: { voided: 0, refundedBets: 0 } });
    expect(value.replannedRounds.deleted).toBeGreaterThan(0);
    expect(await gameRow(context.merchantId, 'XSMTDNG')).toMatchObject({ draw_weekdays: 32 });
    const after = body<{ list: Game[] }>(await ops(tokens.content, 'GET', '/lottery/games')).value!.list.find((game) => game.gameCode === 'XSMTDNG')!;
    expect(after.current).toEqual(before.current);
    expect(after.current).toMatchObject({ numero: '20261128', bets: 1, stake: 18 });
    // The next round is Saturday 5 December, on sale once Saturday 28's sales close.
    expect(after.next).toMatchObject({ numero: '20261205', openAt: after.current!.closeAt });
    const done = (await audits('XSMTDNG')).filter((row) => row.outcome === 'ok');
    expect(done).toHaveLength(1);
    expect(done[0].detail).toEqual({
      before: expect.objectContaining({ drawWeekdays: 36, closeSeconds: 900, resultSource: 'official' }),
      after: expect.objectContaining({ drawWeekdays: 32, closeSeconds: 900, replannedRounds: value.replannedRounds }),
    });
    // The same days again: saved (and audited), nothing re-planned.
    const again = await ops(tokens.content, 'POST', '/lottery/games/XSMTDNG', { drawWeekdays: 32 });
    expect(body(again).value).toMatchObject({ drawWeekdays: 32, replannedRounds: null });
    expect(body<{ list: Game[] }>(await ops(tokens.content, 'GET', '/lottery/games')).value!.list.find((game) => game.gameCode === 'XSMTDNG')).toEqual(after);
    // The other merchant's Đà Nẵng keeps its days.
    expect((await gameRow(otherMerchantId, 'XSMTDNG')).draw_weekdays).toBe(36);
  });

  it('refuses bad input and unknown games with nothing changed', async () => {
    const before = await gameRow(context.merchantId, 'PK10');
    const closing = await ops(tokens.content, 'POST', '/lottery/games/PK10', { closeSeconds: 75, enabled: false });
    expect(closing.statusCode).toBe(400);
    expect(body(closing)).toMatchObject({ errorCode: 'lottery.game.close_invalid' });
    expect(body(closing).message).toContain('74');
    for (const payload of [{}, { maxPrize: -1 }, { maxPrize: 1.234 }, { closeSeconds: 'soon' }, { intervalSeconds: 30 }, { drawWeekdays: 0 }, { drawWeekdays: 128 }, { drawWeekdays: 1.5 }, { drawWeekdays: 'x' }, { drawWeekdays: 3, maxPrize: -1 }]) {
      const refused = await ops(tokens.content, 'POST', '/lottery/games/PK10', payload);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).errorCode).toBe('request.param.err');
    }
    expect(await gameRow(context.merchantId, 'PK10')).toEqual(before);
    // Audited as refused, never as made.
    const rows = (await audits('PK10')).map((row) => row.outcome);
    expect(rows).not.toContain('ok');
    expect((await audits('PK10')).filter((row) => row.outcome === 'refused').map((row) => row.error_code)).toContain('lottery.game.close_invalid');
    const unknown = await ops(tokens.content, 'POST', '/lottery/games/NOPE', { enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).errorCode).toBe('lottery.game.unknown');
    expect((await ops(tokens.risk, 'POST', '/lottery/games/PK10', { enabled: false })).statusCode).toBe(403);
    expect(await gameRow(context.merchantId, 'PK10')).toEqual(before);
  });
});

describe('GET /lottery/rounds', () => {
  it("lists a game's opened rounds with their sales, a voided one with its reason", async () => {
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'LHC5', nowMs);
    const voided = await ops(tokens.risk, 'POST', '/lottery/rounds/void', { gameCode: 'LHC5', numero: round.numero, reason: 'no result' });
    expect(voided.statusCode).toBe(200);
    const list = body<{ list: Round[] }>(await ops(tokens.risk, 'GET', '/lottery/rounds?gameCode=LHC5')).value!.list;
    expect(list[0]).toMatchObject({ numero: round.numero, state: 'void', voidReason: 'operator: no result' });
    // Only rounds that have opened: none of the rounds made ahead.
    expect(list.every((entry) => entry.openAt <= nowMs)).toBe(true);
    expect(body<{ list: Round[] }>(await ops(tokens.risk, 'GET', '/lottery/rounds?gameCode=LHC5&state=settled')).value!.list).toEqual([]);
    const ssc1 = body<{ list: Round[] }>(await ops(tokens.content, 'GET', '/lottery/rounds?gameCode=SSC1')).value!.list;
    expect(ssc1[0]).toMatchObject({ state: 'open', bets: 1, stake: 4 });
    expect(body(await ops(tokens.risk, 'GET', '/lottery/rounds?gameCode=NOPE')).errorCode).toBe('lottery.game.unknown');
    expect((await ops(tokens.cashier, 'GET', '/lottery/rounds?gameCode=SSC1')).statusCode).toBe(403);
  });
});
