import type { Envelope } from '@platform/contract';
import { PLAYS } from '@platform/lottery-rules';
import { AppError } from '../../http/envelope';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { operatorLogin } from '../operator/operator.testing';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { fundedMembers, LOTTERY_TEST_START_MS, lineOf, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { parseOfficialNumbers } from './official-results.service';

// Official results entered with four eyes, on a real PostgreSQL, shaped like the ways staff could
// get a round drawn wrongly: one operator entering both times, two entries that differ, two
// second entries at the same moment, an entry before the draw, for a game the house draws, for
// another brand's round, by a role without the right. The scheduler never draws such a round
// itself; once two operators agree it is drawn with their numbers and settled exactly once.

let context: TestContext;
let now = LOTTERY_TEST_START_MS;
const secretsKey = testSecretsKey();
const tokens: Record<'first' | 'second' | 'third' | 'content' | 'cashier', string> = { first: '', second: '', third: '', content: '', cashier: '' };
const position = PLAYS.find((play) => play.code === 'SSC_POSITION')!;
let member: number;

beforeAll(async () => {
  context = await createTestApp({ clock: () => now });
  tokens.first = (await operatorLogin(context, { username: 'result_risk1', role: 'risk', nowMs: now })).token;
  tokens.second = (await operatorLogin(context, { username: 'result_risk2', role: 'risk', nowMs: now })).token;
  tokens.third = (await operatorLogin(context, { username: 'result_admin', role: 'admin', nowMs: now })).token;
  tokens.content = (await operatorLogin(context, { username: 'result_content', role: 'content', nowMs: now })).token;
  tokens.cashier = (await operatorLogin(context, { username: 'result_cashier', role: 'cashier', nowMs: now })).token;
  [member] = await fundedMembers(context.pool, context.merchantId, 1, 1_000_000, 'official');
  // The content desk switches SSC1 to official results (an audited game setting).
  const switched = await ops(tokens.content, 'POST', '/lottery/games/SSC1', { resultSource: 'official' });
  expect([switched.statusCode, body<{ resultSource: string }>(switched).value?.resultSource]).toEqual([200, 'official']);
}, 120_000);

afterAll(async () => {
  await context.close();
});

const body = <T>(response: { body: string }) => json<Envelope<T>>(response as never);
const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const enter = (token: string, roundId: number, numbers: string[]) => ops(token, 'POST', `/lottery/results/${roundId}`, { numbers });
const refusal = async (response: Promise<{ statusCode: number; body: string }>) => {
  const answered = await response;
  return [answered.statusCode, body(answered).errorCode];
};

/** A bet on the first digit being 1 or 2 in SSC1's round on sale at `now`; the round. */
async function betOnSale() {
  const round = await roundOnSale(context.pool, secretsKey, context.merchantId, 'SSC1', now);
  await placeOrder(context.pool, {
    merchantId: context.merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero,
    slip: slipOf([lineOf(position, [[1, 2], [], [], [], []])]), betCartAmountSum: '4.0000', chase: 0, winningStop: false, nowMs: now,
  });
  return round;
}

const roundRow = async (roundId: number) =>
  (await context.pool.query<{ state: string; numbers: number[] | null; server_seed: string | null; result_source: string }>('SELECT state, numbers, server_seed, result_source FROM lottery_round WHERE id = $1', [roundId])).rows[0];
const entries = async (roundId: number) =>
  (await context.pool.query<{ state: string; username: string }>('SELECT e.state, o.username FROM lottery_result_entry e JOIN operator o ON o.id = e.operator_id WHERE round_id = $1 ORDER BY e.id', [roundId])).rows;
const balance = () => mainBalanceMinor(context.pool, member);

it('reads the official numbers as the result prints them, refusing what no draw of the game can be', () => {
  expect(parseOfficialNumbers('SSC', ['1', '2', '3', '4', '5'])).toEqual([1, 2, 3, 4, 5]);
  expect(parseOfficialNumbers('LHC', ['01', '12', '23', '34', '45', '49', '7'])).toEqual([1, 12, 23, 34, 45, 49, 7]);
  const vn = ['01234', '00007', ...new Array(8).fill('12345'), ...new Array(10).fill('0123'), '000', '999', '555', '00', '09', '90', '99'];
  expect(parseOfficialNumbers('VN', vn)).toHaveLength(27);
  const refused = (kind: Parameters<typeof parseOfficialNumbers>[0], numbers: string[]) => {
    try {
      parseOfficialNumbers(kind, numbers);
      return 'accepted';
    } catch (error) {
      return error instanceof AppError ? `${error.errorCode}: ${error.params.detail}` : String(error);
    }
  };
  expect(refused('SSC', ['1', '2', '3', '4'])).toBe('lottery.result.invalid: 5 numbers expected, 4 given');
  expect(refused('SSC', ['1', '2', '3', '4', '10'])).toMatch(/number 5 \(10\) must be at most 1 digits/);
  // A Vietnamese prize number is written with all its digits: a dropped leading zero is a typo.
  expect(refused('VN', ['1234', ...vn.slice(1)])).toMatch(/number 1 \(1234\) must be exactly 5 digits/);
  expect(refused('LHC', ['01', '01', '23', '34', '45', '49', '7'])).toBe('lottery.result.invalid: out of range or repeated');
  expect(refused('LHC', ['01', '50', '23', '34', '45', '49', '7'])).toBe('lottery.result.invalid: out of range or repeated');
});

it('leaves a round of an official-result game to staff, draws it when two operators agree, and settles it once', async () => {
  const round = await betOnSale();
  const before = await balance();
  // Before the draw time: refused.
  expect(await refusal(enter(tokens.first, round.roundId, ['1', '2', '3', '4', '5']))).toEqual([409, 'lottery.result.not_due']);
  now = round.drawAt + 1_000;
  // The scheduler leaves it open.
  await drawAndSettle(context.pool, secretsKey, now);
  expect(await roundRow(round.roundId)).toMatchObject({ state: 'open', numbers: null });
  const waiting = body<{ list: { roundId: number; firstEntry: unknown; openBets: number }[] }>(await ops(tokens.second, 'GET', '/lottery/results')).value!.list;
  expect(waiting.find((entry) => entry.roundId === round.roundId)).toMatchObject({ firstEntry: null, openBets: 1 });

  // First entry: it waits; the list says who and when, never the numbers.
  expect(body(await enter(tokens.first, round.roundId, ['1', '2', '3', '4', '5'])).value).toEqual({ state: 'awaiting_second' });
  const listed = await ops(tokens.second, 'GET', '/lottery/results');
  expect(body<{ list: { roundId: number; firstEntry: { operator: string } | null }[] }>(listed).value!.list.find((entry) => entry.roundId === round.roundId)?.firstEntry?.operator).toBe('result_risk1');
  expect(listed.body).not.toContain('"numbers"');
  // The same operator cannot be the second pair of eyes.
  expect(await refusal(enter(tokens.first, round.roundId, ['1', '2', '3', '4', '5']))).toEqual([409, 'lottery.result.own']);

  // A differing second entry: both set aside, nothing drawn.
  expect(await refusal(enter(tokens.second, round.roundId, ['1', '2', '3', '4', '6']))).toEqual([409, 'lottery.result.mismatch']);
  expect(await entries(round.roundId)).toEqual([
    { state: 'mismatched', username: 'result_risk1' },
    { state: 'mismatched', username: 'result_risk2' },
  ]);
  expect((await roundRow(round.roundId)).state).toBe('open');

  // Two fresh entries that agree draw it, with their numbers and no seed shown.
  expect(body(await enter(tokens.second, round.roundId, ['1', '2', '3', '4', '5'])).value).toEqual({ state: 'awaiting_second' });
  expect(body(await enter(tokens.first, round.roundId, ['1', '2', '3', '4', '5'])).value).toEqual({ state: 'drawn', numbers: ['1', '2', '3', '4', '5'] });
  expect(await roundRow(round.roundId)).toEqual({ state: 'drawn', numbers: [1, 2, 3, 4, 5], server_seed: null, result_source: 'official' });
  expect(await refusal(enter(tokens.third, round.roundId, ['1', '2', '3', '4', '5']))).toEqual([409, 'lottery.result.closed']);

  // The scheduler settles it, once: the bet on a first digit of 1 or 2 won (its prize and its rebate paid).
  await drawAndSettle(context.pool, secretsKey, now);
  await drawAndSettle(context.pool, secretsKey, now);
  expect((await roundRow(round.roundId)).state).toBe('settled');
  const bets = await context.pool.query<{ state: string; payout: string }>('SELECT lottery_bet_state(b.state, r.state) AS state, b.prize_minor + b.rebate_minor AS payout FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.round_id = $1', [round.roundId]);
  expect(bets.rows.map((row) => row.state)).toEqual(['won']);
  expect((await balance()) - before).toBe(Number(bets.rows[0].payout));

  // The trail: every entry once, never the numbers while undecided; the drawing one says them.
  const trail = await context.pool.query<{ outcome: string; error_code: string | null; detail: Record<string, unknown> }>(
    "SELECT outcome, error_code, detail FROM operator_action WHERE action = 'lottery_result.enter' AND target_id = $1 AND outcome <> 'started' ORDER BY id",
    [String(round.roundId)],
  );
  expect(trail.rows.map((row) => [row.outcome, row.error_code])).toEqual([
    ['refused', 'lottery.result.not_due'],
    ['ok', null],
    ['refused', 'lottery.result.own'],
    ['refused', 'lottery.result.mismatch'],
    ['ok', null],
    ['ok', null],
    ['refused', 'lottery.result.closed'],
  ]);
  expect(trail.rows[1].detail).toEqual({ before: { round: expect.stringMatching(/^SSC1 /), state: 'awaiting_first' }, after: { round: expect.stringMatching(/^SSC1 /), state: 'awaiting_second' } });
  expect(trail.rows[5].detail).toMatchObject({ after: { state: 'drawn', numbers: ['1', '2', '3', '4', '5'] } });
  expect(JSON.stringify(trail.rows.slice(0, 5).map((row) => row.detail))).not.toContain('"1","2"');
});

it('draws a round once when two second entries arrive at the same moment', async () => {
  now += 60_000;
  const round = await betOnSale();
  now = round.drawAt + 1_000;
  await enter(tokens.first, round.roundId, ['9', '9', '9', '9', '9']);
  const [a, b] = await Promise.all([enter(tokens.second, round.roundId, ['9', '9', '9', '9', '9']), enter(tokens.third, round.roundId, ['9', '9', '9', '9', '9'])]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  expect([body(a).errorCode, body(b).errorCode].filter(Boolean)).toEqual(['lottery.result.closed']);
  const features = await context.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_draw_feature WHERE round_id = $1', [round.roundId]);
  const plays = PLAYS.filter((play) => play.kind === 'SSC').length;
  expect(features.rows[0].n).toBe(plays);
  expect(await entries(round.roundId)).toHaveLength(2);
});

it('refuses a house-drawn game, another brand, bad numbers and roles without the right, changing nothing', async () => {
  const house = await roundOnSale(context.pool, secretsKey, context.merchantId, 'SSC5', now);
  now = Math.max(now, house.drawAt + 1_000);
  expect(await refusal(enter(tokens.first, house.roundId, ['1', '2', '3', '4', '5']))).toEqual([409, 'lottery.result.not_official']);
  now += 60_000;
  const round = await betOnSale();
  now = round.drawAt + 1_000;
  expect(await refusal(enter(tokens.first, round.roundId, ['1', '2', '3', '4']))).toEqual([400, 'lottery.result.invalid']);
  expect(await refusal(enter(tokens.first, round.roundId, ['1', '2', '3', '4', '12']))).toEqual([400, 'lottery.result.invalid']);
  expect((await enter(tokens.first, round.roundId, ['1', '2', '3', '4', 'x'])).statusCode).toBe(400);
  expect(await refusal(enter(tokens.first, 999_999_999, ['1', '2', '3', '4', '5']))).toEqual([404, 'lottery.round.unknown']);
  for (const token of [tokens.content, tokens.cashier]) {
    expect(await refusal(enter(token, round.roundId, ['1', '2', '3', '4', '5']))).toEqual([403, 'operator.role.forbidden']);
    expect((await ops(token, 'GET', '/lottery/results')).statusCode).toBe(403);
  }
  expect(await entries(round.roundId)).toEqual([]);
  expect((await roundRow(round.roundId)).state).toBe('open');
  // Another brand's risk analyst does not see it nor reach it.
  await context.pool.query("INSERT INTO merchant (code, name) VALUES ('RESULTSB', 'Results B') ON CONFLICT DO NOTHING");
  const other = (await operatorLogin(context, { username: 'result_other', role: 'risk', merchantCode: 'RESULTSB', nowMs: now })).token;
  expect(await refusal(enter(other, round.roundId, ['1', '2', '3', '4', '5']))).toEqual([404, 'lottery.round.unknown']);
  expect(body<{ list: unknown[] }>(await ops(other, 'GET', '/lottery/results')).value!.list).toEqual([]);
  // Switched back to the house's draws, the scheduler draws what waits.
  await ops(tokens.content, 'POST', '/lottery/games/SSC1', { resultSource: 'house' });
  await drawAndSettle(context.pool, secretsKey, now);
  expect(await roundRow(round.roundId)).toMatchObject({ state: 'settled', result_source: 'house' });
});
