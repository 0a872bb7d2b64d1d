import type { Envelope } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import { withTransaction } from '../../db/transaction';
import { secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { reconcile } from '../ledger';
import { operatorLogin } from '../operator/operator.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { cancelChase, placeOrder } from './betting.service';
import { costOf, fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf } from './lottery.testing';
import { REPLAN_VOID_REASON, replanRounds, type Replanned } from './replan';
import { ensureRounds, ROUNDS_AHEAD } from './rounds.service';

// A game's draw weekdays changed from the back office (POST /ops/v1/lottery/games/:gameCode
// drawWeekdays, replan.ts) on a real PostgreSQL, tried where it can go wrong: a chase's bet on a
// day dropped is refunded once and the ledger still adds up; a bet on a day kept stays; a round
// with only cancelled bets is voided, never deleted from under them; a day added gets rounds at
// its times, each opening when the one before closes; the round on sale is left as its buyers saw
// it, even when its day is dropped; saving the same days again, or re-planning twice, changes
// nothing; a mask that is no set of weekdays is refused with nothing changed.

let context: TestContext;
let content = '';
const nowMs = LOTTERY_TEST_START_MS; // Friday 2026-11-27, 11:00 in Vietnam, 12:00 in China
// The app's own key, so that the rounds made here are sealed as the scheduler seals them.
const secretsKey = secretsKeyFromEnv();
const HOUR = 3_600_000;
const lo = PLAYS.find((play) => play.code === 'VN18_LO2')!;
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
/** Lô 05: one point, 18.00 a round. */
const loLine = lineOf(lo, [[5]]);
const THURSDAY = 8;
const SATURDAY = 32;
/** A southern province's round of a local date: drawn 16:15 in Vietnam (09:15 UTC), sales closing at 16:00. */
const southern = (day: number, month = 11) => ({ closeAt: Date.UTC(2026, month - 1, day, 9, 0), drawAt: Date.UTC(2026, month - 1, day, 9, 15) });

beforeAll(async () => {
  context = await createTestApp({ clock: () => nowMs });
  content = (await operatorLogin(context, { username: 'replan_content', role: 'content', nowMs })).token;
  await ensureRounds(context.pool, secretsKey, nowMs, context.merchantId);
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: { body: string }) => json<Envelope<T>>(response as never);
const setWeekdays = (gameCode: string, drawWeekdays: unknown) =>
  context.app.inject({ method: 'POST', url: `/ops/v1/lottery/games/${gameCode}`, headers: { authorization: `Bearer ${content}` }, payload: { drawWeekdays } });

interface Round {
  id: number;
  numero: string;
  state: string;
  openAt: number;
  closeAt: number;
  drawAt: number;
  voidReason: string | null;
}

async function roundsOf(gameCode: string): Promise<Round[]> {
  const result = await context.pool.query<{ id: string; numero: string; state: string; openAt: Date; closeAt: Date; drawAt: Date; voidReason: string | null }>(
    `SELECT r.id, r.numero, r.state, r.open_at AS "openAt", r.close_at AS "closeAt", r.draw_at AS "drawAt", r.void_reason AS "voidReason"
       FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id
      WHERE g.merchant_id = $1 AND g.game_code = $2 ORDER BY r.draw_at`,
    [context.merchantId, gameCode],
  );
  return result.rows.map((row) => ({ ...row, id: Number(row.id), openAt: row.openAt.getTime(), closeAt: row.closeAt.getTime(), drawAt: row.drawAt.getTime() }));
}

const roundOf = async (gameCode: string, numero: string) => (await roundsOf(gameCode)).find((round) => round.numero === numero);

async function betsOn(roundId: number) {
  const result = await context.pool.query<{ memberId: string; state: string }>('SELECT b.member_id AS "memberId", lottery_bet_state(b.state, r.state) AS state FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.round_id = $1 ORDER BY b.id', [roundId]);
  return result.rows.map((row) => [Number(row.memberId), row.state]);
}

/** Ledger movements of a round's void: one per batch of members, keyed by the round. */
const voidMovements = async (roundId: number) =>
  Number((await context.pool.query<{ count: string }>('SELECT count(*) AS count FROM ledger_transaction WHERE idempotency_key LIKE $1', [`lottery:void:${roundId}:%`])).rows[0].count);

/** The game's open rounds from the one on sale at `at`: each opens when the one before it closes. */
function expectUnbroken(rounds: Round[], at = nowMs) {
  const open = rounds.filter((round) => round.state === 'open' && round.closeAt > at);
  expect(open[0].openAt).toBeLessThanOrEqual(at);
  for (let index = 1; index < open.length; index += 1) expect([open[index].numero, open[index].openAt]).toEqual([open[index].numero, open[index - 1].closeAt]);
}

const weekdayOf = (drawAt: number, offsetMinutes = 420) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(drawAt + offsetMinutes * 60_000).getUTCDay()];

const NOTHING: Replanned = { moved: 0, created: 0, deleted: 0, voided: 0, refundedBets: 0 };

describe('TP. Hồ Chí Minh (Monday and Saturday) draws on Saturdays only', () => {
  let chaser: number;
  let canceller: number;
  let before: Round[];

  beforeAll(async () => {
    [chaser, canceller] = await fundedMembers(context.pool, context.merchantId, 2, 100_000, 'hcm');
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMNHCM', nowMs);
    expect(round.numero).toBe('20261128');
    const chase = (memberId: number, chase: number) =>
      placeOrder(context.pool, {
        merchantId: context.merchantId, memberId, gameCode: 'XSMNHCM', currentNumero: round.numero,
        slip: slipOf([loLine]), betCartAmountSum: costOf([loLine], chase + 1), chase, winningStop: false, nowMs,
      });
    // Saturday 28, Monday 30, Saturday 5, Monday 7.
    await chase(chaser, 3);
    // Six rounds, up to Monday 14, cancelled at once: that Monday has only a cancelled bet.
    const cancelled = await chase(canceller, 5);
    await cancelChase(context.pool, context.merchantId, canceller, cancelled.orderNo, nowMs);
    expect(await mainBalanceMinor(context.pool, chaser)).toBe(100_000 - 4 * 1800);
    expect(await mainBalanceMinor(context.pool, canceller)).toBe(100_000);
    before = await roundsOf('XSMNHCM');
  });

  it('voids the chase’s Mondays, refunding each bet once, keeps its Saturday bet, deletes the Mondays nobody bet on; the ledger adds up', async () => {
    const response = await setWeekdays('XSMNHCM', SATURDAY);
    expect(response.statusCode).toBe(200);
    const replanned = body<{ drawWeekdays: number; replannedRounds: Replanned }>(response).value!;
    expect(replanned.drawWeekdays).toBe(SATURDAY);
    // Mondays 30, 7 (the chaser's open bets) and 14 (a cancelled bet only) voided; two open bets refunded.
    expect(replanned.replannedRounds).toMatchObject({ voided: 3, refundedBets: 2 });
    const after = await roundsOf('XSMNHCM');

    // The round on sale, Saturday 28, as it was.
    expect(after.find((round) => round.numero === '20261128')).toEqual(before.find((round) => round.numero === '20261128'));
    for (const numero of ['20261130', '20261207', '20261214']) {
      const round = after.find((entry) => entry.numero === numero)!;
      expect([numero, round.state, round.voidReason]).toEqual([numero, 'void', REPLAN_VOID_REASON]);
      expect(await voidMovements(round.id)).toBe(numero === '20261214' ? 0 : 1);
    }
    expect(await betsOn((await roundOf('XSMNHCM', '20261130'))!.id)).toEqual([[chaser, 'void'], [canceller, 'cancelled']]);
    expect(await betsOn((await roundOf('XSMNHCM', '20261214'))!.id)).toEqual([[canceller, 'cancelled']]);
    // Saturday 5 keeps its bet; its sales now open when Saturday 28's close, Monday 30 being gone.
    const saturday = (await roundOf('XSMNHCM', '20261205'))!;
    expect(saturday).toMatchObject({ state: 'open', openAt: southern(28).closeAt, ...southern(5, 12) });
    expect(await betsOn(saturday.id)).toEqual([[chaser, 'open'], [canceller, 'cancelled']]);
    // Every other Monday is gone; every round on sale from now is a Saturday, one after the other.
    const mondays = after.filter((round) => weekdayOf(round.drawAt) === 'Mon');
    expect(mondays.map((round) => [round.numero, round.state])).toEqual([['20261130', 'void'], ['20261207', 'void'], ['20261214', 'void']]);
    expect(after.filter((round) => round.state === 'open').every((round) => weekdayOf(round.drawAt) === 'Sat')).toBe(true);
    expectUnbroken(after);
    // As many rounds ahead as the scheduler keeps (the voided ones aside): it has nothing to add.
    expect(after.filter((round) => round.state === 'open' && round.drawAt > nowMs)).toHaveLength(ROUNDS_AHEAD);
    await ensureRounds(context.pool, secretsKey, nowMs, context.merchantId);
    expect(await roundsOf('XSMNHCM')).toEqual(after);

    // The two Monday stakes back once: 4 × 18.00 paid, 2 × 18.00 refunded; the canceller's untouched.
    expect(await mainBalanceMinor(context.pool, chaser)).toBe(100_000 - 2 * 1800);
    expect(await mainBalanceMinor(context.pool, canceller)).toBe(100_000);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });

  it('changes nothing when the same weekdays are saved again, or the rounds are re-planned again', async () => {
    const rounds = await roundsOf('XSMNHCM');
    const again = await setWeekdays('XSMNHCM', SATURDAY);
    expect(again.statusCode).toBe(200);
    expect(body<{ replannedRounds: Replanned | null }>(again).value!.replannedRounds).toBeNull();
    const gameId = Number((await context.pool.query<{ id: string }>("SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = 'XSMNHCM'", [context.merchantId])).rows[0].id);
    expect(await withTransaction(context.pool, (client) => replanRounds(client, secretsKey, gameId, nowMs))).toEqual(NOTHING);
    expect(await roundsOf('XSMNHCM')).toEqual(rounds);
    expect(await mainBalanceMinor(context.pool, chaser)).toBe(100_000 - 2 * 1800);
    expect((await reconcile(context.pool)).problems).toEqual([]);
  });
});

describe('Đồng Tháp (Mondays): the round on sale stays; days added get their rounds', () => {
  let member: number;
  let onSale: Round;

  beforeAll(async () => {
    [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'dongthap');
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMNDT', nowMs);
    expect(round.numero).toBe('20261130');
    await placeOrder(context.pool, {
      merchantId: context.merchantId, memberId: member, gameCode: 'XSMNDT', currentNumero: round.numero,
      slip: slipOf([loLine]), betCartAmountSum: costOf([loLine]), chase: 0, winningStop: false, nowMs,
    });
    onSale = (await roundOf('XSMNDT', '20261130'))!;
  });

  it('keeps Monday 30 on sale as it was when Monday is dropped for Thursday; Thursday 3 opens when it closes', async () => {
    expect((await setWeekdays('XSMNDT', THURSDAY)).statusCode).toBe(200);
    const rounds = await roundsOf('XSMNDT');
    expect(rounds.find((round) => round.numero === '20261130')).toEqual(onSale);
    expect(await betsOn(onSale.id)).toEqual([[member, 'open']]);
    // Thursday's first round would open when last Thursday's closed: not before Monday 30's close.
    expect(rounds.find((round) => round.numero === '20261203')).toMatchObject({ state: 'open', openAt: onSale.closeAt, ...southern(3, 12) });
    expect(rounds.filter((round) => round.drawAt > onSale.drawAt).every((round) => weekdayOf(round.drawAt) === 'Thu')).toBe(true);
    expectUnbroken(rounds);
    expect(await mainBalanceMinor(context.pool, member)).toBe(100_000 - 1800);
  });

  it('adds Saturday: its rounds at 16:15 closing at 16:00, each opening when the Thursday before closes, and the Thursday after opening when it closes', async () => {
    const response = await setWeekdays('XSMNDT', THURSDAY | SATURDAY);
    expect(response.statusCode).toBe(200);
    const rounds = await roundsOf('XSMNDT');
    // No Saturday 28: it would draw before the round on sale, sold at the same time.
    expect(rounds.find((round) => round.numero === '20261128')).toBeUndefined();
    const saturday = rounds.find((round) => round.numero === '20261205')!;
    expect(saturday).toMatchObject({ state: 'open', openAt: southern(3, 12).closeAt, ...southern(5, 12) });
    expect(rounds.find((round) => round.numero === '20261210')).toMatchObject({ state: 'open', openAt: saturday.closeAt, ...southern(10, 12) });
    expect(rounds.find((round) => round.numero === '20261212')).toMatchObject({ state: 'open', openAt: southern(10, 12).closeAt, ...southern(12, 12) });
    expect(rounds.find((round) => round.numero === '20261130')).toEqual(onSale);
    const ahead = rounds.filter((round) => round.drawAt > onSale.drawAt);
    expect(new Set(ahead.map((round) => weekdayOf(round.drawAt)))).toEqual(new Set(['Thu', 'Sat']));
    // Thursdays and Saturdays alternate from the round on sale to the last.
    expect(ahead.map((round) => weekdayOf(round.drawAt)).join(' ')).toMatch(/^Thu( Sat Thu)*( Sat)?$/);
    expectUnbroken(rounds);
    expect(body<{ replannedRounds: Replanned }>(response).value!.replannedRounds).toMatchObject({ deleted: 0, voided: 0, refundedBets: 0 });
    expect(rounds.filter((round) => round.state === 'open' && round.drawAt > nowMs).length).toBeGreaterThanOrEqual(ROUNDS_AHEAD);
  });
});

describe('5-minute SSC (288 draws a day) stops drawing on Fridays', () => {
  it('leaves the round on sale, voids the chase’s later rounds of today with each bet refunded once, and opens Saturday’s first draw when the round on sale closes', async () => {
    const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'ssc5');
    const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'SSC5', nowMs);
    const line = lineOf(position, [[1, 2], [], [], [], []]);
    // The round on sale and the next two, all of today (12:00 in China).
    await placeOrder(context.pool, {
      merchantId: context.merchantId, memberId: member, gameCode: 'SSC5', currentNumero: round.numero,
      slip: slipOf([line]), betCartAmountSum: costOf([line], 3), chase: 2, winningStop: true, nowMs,
    });
    const before = await roundsOf('SSC5');
    const onSale = before.find((entry) => entry.id === round.roundId)!;
    const chased = before.filter((entry) => entry.drawAt > onSale.drawAt).slice(0, 2);

    const response = await setWeekdays('SSC5', 127 & ~16);
    expect(response.statusCode).toBe(200);
    expect(body<{ replannedRounds: Replanned }>(response).value!.replannedRounds).toMatchObject({ voided: 2, refundedBets: 2 });
    const after = await roundsOf('SSC5');
    expect(after.find((entry) => entry.id === round.roundId)).toEqual(onSale);
    expect(await betsOn(onSale.id)).toEqual([[member, 'open']]);
    for (const voided of chased) {
      expect(after.find((entry) => entry.id === voided.id)).toMatchObject({ state: 'void', voidReason: REPLAN_VOID_REASON });
      expect(await voidMovements(voided.id)).toBe(1);
    }
    // Nothing else of Friday: the next open round is Saturday's first, 00:05 in China (16:05 UTC), numbered by its date.
    const open = after.filter((entry) => entry.state === 'open' && entry.drawAt > onSale.drawAt);
    expect(open[0]).toMatchObject({ numero: '20261128-001', openAt: onSale.closeAt, drawAt: Date.UTC(2026, 10, 27, 16, 5), closeAt: Date.UTC(2026, 10, 27, 16, 4, 30) });
    expect(open.every((entry) => weekdayOf(entry.drawAt, 480) !== 'Fri')).toBe(true);
    expect(open).toHaveLength(ROUNDS_AHEAD - 1);
    expectUnbroken(after);
    expect(await mainBalanceMinor(context.pool, member)).toBe(100_000 - 400);
    expect((await reconcile(context.pool)).problems).toEqual([]);
    // Six hours later (Friday 18:00 in China) Saturday's first draw is on sale, and the scheduler
    // tops up as before, after the last round.
    const later = nowMs + 6 * HOUR;
    expect(await ensureRounds(context.pool, secretsKey, later, context.merchantId)).toBeGreaterThan(0);
    const topped = await roundsOf('SSC5');
    expect(topped.filter((entry) => entry.state === 'open' && entry.drawAt > later)).toHaveLength(ROUNDS_AHEAD);
    expect(topped.find((entry) => entry.openAt <= later && entry.closeAt > later)?.numero).toBe('20261128-001');
    expectUnbroken(topped, later);
  });
});

it('refuses a mask that is no set of weekdays (0, 128, 1.5, "x", none at all) with nothing changed', async () => {
  const game = async () => (await context.pool.query("SELECT * FROM lottery_game WHERE merchant_id = $1 AND game_code = 'XSMTKH'", [context.merchantId])).rows[0] as object;
  const gameBefore = await game();
  const roundsBefore = await roundsOf('XSMTKH');
  for (const drawWeekdays of [0, 128, 1.5, 'x', -1, null]) {
    const refused = await setWeekdays('XSMTKH', drawWeekdays);
    expect([drawWeekdays, refused.statusCode, body(refused).errorCode]).toEqual([drawWeekdays, 400, 'request.param.err']);
  }
  expect(await game()).toEqual(gameBefore);
  expect(await roundsOf('XSMTKH')).toEqual(roundsBefore);
  const audits = await context.pool.query<{ outcome: string }>("SELECT outcome FROM operator_action WHERE action = 'lottery_game.update' AND target_id = 'XSMTKH'");
  expect(audits.rows.map((row) => row.outcome)).not.toContain('ok');
});

/**
 * Saves new weekdays for `gameCode` in a transaction held open while `meanwhile` starts: it must
 * come to wait on a lock of that transaction (a statement starting with `waitsAt`), then the
 * change commits; what `meanwhile` answered (or the error it threw).
 */
async function whileWeekdaysAreSaved<T>(gameCode: string, drawWeekdays: number, waitsAt: string, meanwhile: () => Promise<T>): Promise<T | Error> {
  const game = (await context.pool.query<{ id: number }>('SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = $2', [context.merchantId, gameCode])).rows[0].id;
  const saving = await context.pool.connect();
  try {
    await saving.query('BEGIN');
    await saving.query('UPDATE lottery_game SET draw_weekdays = $2 WHERE id = $1', [game, drawWeekdays]);
    await replanRounds(saving, secretsKey, game, nowMs);
    const outcome = meanwhile().catch((error: Error) => error);
    const waiting = async () =>
      Number((await context.pool.query<{ count: string }>("SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1", [`${waitsAt}%`])).rows[0].count);
    while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await saving.query('COMMIT');
    return await outcome;
  } finally {
    saving.release();
  }
}

it('leaves no round of the old weekdays when the scheduler tops the game up while a change of them is being saved', async () => {
  const TUESDAY = 2;
  const game = (await context.pool.query<{ id: number }>("SELECT id FROM lottery_game WHERE merchant_id = $1 AND game_code = 'XSMNCM'", [context.merchantId])).rows[0].id;
  // The last two Mondays gone, so the scheduler has rounds to add after the last one left.
  await context.pool.query('DELETE FROM lottery_round WHERE id IN (SELECT id FROM lottery_round WHERE game_id = $1 ORDER BY draw_at DESC LIMIT 2)', [game]);
  // The scheduler read the game before the change commits, and waits at its insert.
  const topUp = await whileWeekdaysAreSaved('XSMNCM', TUESDAY, 'INSERT INTO lottery_round', () => ensureRounds(context.pool, secretsKey, nowMs, context.merchantId));
  expect(topUp).not.toBeInstanceOf(Error);
  const rounds = await roundsOf('XSMNCM');
  const onSale = rounds.find((round) => round.openAt <= nowMs && nowMs < round.closeAt)!;
  expect(rounds.filter((round) => round.drawAt > onSale.drawAt).map((round) => weekdayOf(round.drawAt)).filter((day) => day !== 'Tue')).toEqual([]);
  expectUnbroken(rounds);
});

it('refuses, moving nothing, a chase placed on the days being dropped while the change is saved', async () => {
  const WEDNESDAY = 4;
  const [member] = await fundedMembers(context.pool, context.merchantId, 1, 100_000, 'bentre');
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'XSMNBTR', nowMs);
  // Tuesday 1, 8, 15 and 22 December: the chase waits for the rounds the change holds; three of
  // them are gone when it commits, and the Wednesdays made instead were not there when it looked.
  const chase = await whileWeekdaysAreSaved('XSMNBTR', WEDNESDAY, 'SELECT r.id::int AS id', () =>
    placeOrder(context.pool, {
      merchantId: context.merchantId, memberId: member, gameCode: 'XSMNBTR', currentNumero: round.numero,
      slip: slipOf([loLine]), betCartAmountSum: costOf([loLine], 4), chase: 3, winningStop: false, nowMs,
    }),
  );
  expect(chase).toMatchObject({ errorCode: 'lottery.chase.invalid' });
  expect(await mainBalanceMinor(context.pool, member)).toBe(100_000);
  expect((await context.pool.query('SELECT 1 FROM lottery_bet WHERE member_id = $1', [member])).rowCount).toBe(0);
  expect((await reconcile(context.pool)).problems).toEqual([]);
});
