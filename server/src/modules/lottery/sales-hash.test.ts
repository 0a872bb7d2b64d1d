import { createHash } from 'node:crypto';
import { formatDraw, playsOf } from '@platform/lottery-rules';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { placeOrder } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { costOf, fundedMembers, GAME_OF_KIND, LOTTERY_TEST_START_MS, randomLines, roundOnSale, slipOf, testSecretsKey, type OnSale } from './lottery.testing';
import { drawRoundIn, roundDraw } from './rounds.service';

// The attack: someone who can read the seeds early (a leaked secrets key, an insider with the
// database and the key) computes a round's numbers while it is still on sale and bets on them.
// A round's numbers depend on its sales hash too (the bets as they stood when sales closed:
// lottery-rules/src/draw.ts, server/README.md Lottery), so what such a person computes before
// the last bet is not what is drawn. Northern Vietnam rounds: 27 prizes, so two different keys
// giving the same draw by chance is out of the question.

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();
const GAME = GAME_OF_KIND.VN;

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

async function bet(memberId: number, round: OnSale, seed: number, nowMs: number): Promise<void> {
  const lines = randomLines(playsOf('VN')[0], 1, seed);
  await placeOrder(database.appPool, { merchantId, memberId, gameCode: GAME, currentNumero: round.numero, slip: slipOf(lines), betCartAmountSum: costOf(lines), chase: 0, winningStop: false, nowMs });
}

/** The draw as whoever holds the secrets key can compute it at any moment: drawn, then rolled back. */
async function drawComputedAhead(round: OnSale): Promise<string[]> {
  const rollback = new Error('rolled back: only looking');
  let numbers: string[] = [];
  await withTransaction(database.appPool, async (client) => {
    const outcome = await drawRoundIn(client, secretsKey, round.roundId, round.drawAt);
    if (!outcome.drawn) throw new Error(`not drawn: ${outcome.reason}`);
    numbers = outcome.numbers;
    throw rollback;
  }).catch((error: unknown) => {
    if (error !== rollback) throw error;
  });
  return numbers;
}

interface DrawnRound {
  numbers: number[];
  serverSeed: string;
  salesHash: string;
}

const drawnRound = async (roundId: number): Promise<DrawnRound> =>
  (
    await database.appPool.query<DrawnRound>('SELECT numbers, server_seed AS "serverSeed", sales_hash AS "salesHash" FROM lottery_round WHERE id = $1', [roundId])
  ).rows[0];

it('a round’s numbers computed with its seed before the last bet are not the numbers drawn', async () => {
  const [early, late] = await fundedMembers(database.appPool, merchantId, 2, 10_000_000, 'salesearly');
  const nowMs = LOTTERY_TEST_START_MS;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, GAME, nowMs);
  await bet(early, round, 11, nowMs);

  // With the key, the insider computes the draw while the round is on sale, and could bet on it.
  const computedAhead = await drawComputedAhead(round);
  // One more bet, by anybody, before sales close.
  await bet(late, round, 12, round.closeAt - 1000);

  const report = await drawAndSettle(database.appPool, secretsKey, round.drawAt);
  expect(report.drawn).toBeGreaterThanOrEqual(1);
  const drawn = await drawnRound(round.roundId);
  const drawnNumbers = formatDraw({ kind: 'VN', numbers: drawn.numbers });
  expect(drawnNumbers).not.toEqual(computedAhead);
  // Nor is it the seed's own draw (how rounds were drawn before sales hashes).
  expect(drawn.numbers).not.toEqual(roundDraw('VN', GAME, round.numero, drawn.serverSeed, null).numbers);
  // What was drawn is what anybody recomputes from the revealed seed and the sales hash.
  expect(drawn.numbers).toEqual(roundDraw('VN', GAME, round.numero, drawn.serverSeed, drawn.salesHash).numbers);
});

it('the sales hash is SHA-256 of the round and every bet accepted for it, cancelled ones included, in id order', async () => {
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 10_000_000, 'salesall');
  const nowMs = LOTTERY_TEST_START_MS + 3_600_000;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, GAME, nowMs);
  for (const seed of [21, 22, 23]) await bet(member, round, seed, nowMs);
  // A bet cancelled before the close still counts: it was accepted while sales were open.
  const cancelled = await database.appPool.query("UPDATE lottery_bet SET state = 'cancelled', settled_at = now() WHERE id = (SELECT min(id) FROM lottery_bet WHERE round_id = $1) RETURNING id", [round.roundId]);
  expect(cancelled.rowCount).toBe(1);

  await drawAndSettle(database.appPool, secretsKey, round.drawAt);
  const bets = await database.appPool.query<{ id: string; memberId: string; playId: number; multiple: number; amountMinor: string; content: string }>(
    `SELECT id, member_id AS "memberId", play_id AS "playId", multiple, amount_minor AS "amountMinor", content FROM lottery_bet WHERE round_id = $1`,
    [round.roundId],
  );
  expect(bets.rows).toHaveLength(3);
  const lines = bets.rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((row) => [row.id, row.memberId, row.playId, row.multiple, row.amountMinor, row.content].join(':'));
  const expected = createHash('sha256')
    .update([`${GAME}-${round.numero}`, ...lines].join('\n'), 'utf8')
    .digest('hex');
  expect((await drawnRound(round.roundId)).salesHash).toBe(expected);
});

it('a round nobody bet on is drawn with the hash of its name alone', async () => {
  const nowMs = LOTTERY_TEST_START_MS + 2 * 3_600_000;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, GAME, nowMs);
  await drawAndSettle(database.appPool, secretsKey, round.drawAt);
  const drawn = await drawnRound(round.roundId);
  expect(drawn.salesHash).toBe(createHash('sha256').update(`${GAME}-${round.numero}`, 'utf8').digest('hex'));
  expect(drawn.numbers).toEqual(roundDraw('VN', GAME, round.numero, drawn.serverSeed, drawn.salesHash).numbers);
});
