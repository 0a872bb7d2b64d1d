import { LOTTERY_KINDS } from '@platform/contract';
import { lunarYearOf, playById, playsOf, rowWordCounts, ticketPrizeMinor, unitPrizeMinor, winCount, WORD_BITS, type LotteryKind, type MoneyMode } from '@platform/lottery-rules';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { MEMBERS_PER_MOVEMENT, reconcile } from '../ledger';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { drawAndSettle } from './lottery.jobs';
import { costOf, drawRoundAs, fundedMembers, GAME_OF_KIND, LOTTERY_TEST_START_MS, lineOf, randomLines, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { drawRoundIn, roundDraw } from './rounds.service';
import { settleRound, settleRoundIn } from './settlement.service';

// Settlement: every play's SQL rule against its TypeScript twin on random bets, hand-
// worked bets, a chase that stops on a win, and a round of 100 concurrent bettors settled once
// although settlement is started twice at the same time.

let database: TestDatabase;
let merchantId: number;
const secretsKey = testSecretsKey();

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  merchantId = (await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'")).rows[0].id;
});

afterAll(async () => {
  await database.drop();
});

interface BetRow {
  id: string;
  playId: number;
  picks: string[];
  multiple: number;
  series: number;
  mode: MoneyMode;
  unitPrizeMinor: string;
  maxPrizeMinor: string;
  amountMinor: string;
  rebateMinor: string;
  state: string;
  prizeMinor: string;
  winCount: string | null;
}

const betsOfRound = async (roundId: number) =>
  (
    await database.appPool.query<BetRow>(
      `SELECT b.id, b.play_id AS "playId", b.picks::text[] AS picks, b.multiple, b.series, b.money_mode AS mode, b.unit_prize_minor AS "unitPrizeMinor",
              b.max_prize_minor AS "maxPrizeMinor", b.amount_minor AS "amountMinor", b.rebate_minor AS "rebateMinor",
              lottery_bet_state(b.state, r.state) AS state, b.prize_minor AS "prizeMinor", b.win_count AS "winCount"
         FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE b.round_id = $1 ORDER BY b.id`,
      [roundId],
    )
  ).rows;

const roundNumbers = async (roundId: number) => {
  const row = (
    await database.appPool.query<{ numbers: number[]; serverSeed: string; salesHash: string; numero: string; gameCode: string; kind: LotteryKind }>(
      `SELECT r.numbers, r.server_seed AS "serverSeed", r.sales_hash AS "salesHash", r.numero, g.game_code AS "gameCode", g.kind
         FROM lottery_round r JOIN lottery_game g ON g.id = r.game_id WHERE r.id = $1`,
      [roundId],
    )
  ).rows[0];
  return row;
};

it('pays hand-worked SSC bets: every digit on the first position wins one ticket, the prize at series 1900', async () => {
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 100_000, 'handssc');
  const later = LOTTERY_TEST_START_MS + 3_600_000;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', later);
  const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
  const allDigits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const line = lineOf(position, [allDigits, [], [], [], []], { series: 1900 });
  await placeOrder(database.appPool, { merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([line]), betCartAmountSum: '20.0000', chase: 0, winningStop: false, nowMs: later });
  // 10 tickets × 2.00 paid; one ticket wins 2 / (1/10) × 1900 / 2000 = 19.00; the rebate (1960 − 1900) / 2000 of 20.00 = 0.60.
  expect(unitPrizeMinor(position, 1900, 1)).toBe(1900);
  expect(await mainBalanceMinor(database.appPool, member)).toBe(100_000 - 2000);
  await drawAndSettle(database.appPool, secretsKey, round.drawAt);
  const [bet] = await betsOfRound(round.roundId).then((bets) => bets.filter((row) => row.playId === position.id && Number(row.amountMinor) === 2000));
  expect(bet).toMatchObject({ state: 'won', winCount: '1', prizeMinor: '1900', rebateMinor: '60' });
  expect(await mainBalanceMinor(database.appPool, member)).toBe(100_000 - 2000 + 1900 + 60);
});

it('stops a chase with stop-on-win after its first win and refunds the rounds not yet drawn', async () => {
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 100_000, 'chase');
  const later = LOTTERY_TEST_START_MS + 2 * 3_600_000;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', later);
  const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
  const line = lineOf(position, [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], [], []]);
  const placed = await placeOrder(database.appPool, {
    merchantId, memberId: member, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf([line]), betCartAmountSum: '80.0000', chase: 3, winningStop: true, nowMs: later,
  });
  expect(placed.bets.map((bet) => bet.numero)).toHaveLength(4);
  expect(await mainBalanceMinor(database.appPool, member)).toBe(100_000 - 8000);
  await drawAndSettle(database.appPool, secretsKey, round.drawAt);
  const states = await database.appPool.query<{ state: string }>('SELECT b.state FROM lottery_bet b JOIN lottery_order o ON o.id = b.order_id WHERE o.order_no = $1 ORDER BY b.chase_index', [placed.orderNo]);
  expect(states.rows.map((row) => row.state)).toEqual(['won', 'stopped', 'stopped', 'stopped']);
  // Paid 80.00; won 19.00 with 0.60 rebate; 60.00 of the three stopped rounds back.
  expect(await mainBalanceMinor(database.appPool, member)).toBe(100_000 - 8000 + 1900 + 60 + 6000);
  // A later tick finds nothing more to do for them.
  await drawAndSettle(database.appPool, secretsKey, round.drawAt + 240_000);
  expect(await mainBalanceMinor(database.appPool, member)).toBe(100_000 - 8000 + 1900 + 60 + 6000);
});

it('settles a round of 100 concurrent bettors once, although settlement is started twice at the same time', async () => {
  const later = LOTTERY_TEST_START_MS + 3 * 3_600_000;
  const members = await fundedMembers(database.appPool, merchantId, 100, 1_000_000, 'crowd');
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', later);
  const plays = playsOf('SSC');
  const placed = await Promise.all(
    members.map(async (memberId, index) => {
      const lines = randomLines(plays[index % plays.length], 3, 100 + index);
      await placeOrder(database.appPool, { merchantId, memberId, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf(lines), betCartAmountSum: costOf(lines), chase: 0, winningStop: false, nowMs: later });
      return memberId;
    }),
  );
  expect(placed).toHaveLength(100);
  const balancesBefore = await Promise.all(members.map((memberId) => mainBalanceMinor(database.appPool, memberId)));
  // Drawn, then two settlers at once (two replicas, or a re-run racing the first).
  await withTransaction(database.appPool, async (client) => {
    await drawRoundIn(client, secretsKey, round.roundId, round.drawAt);
  });
  const [first, second] = await Promise.all([settleRound(database.appPool, round.roundId, round.drawAt), settleRound(database.appPool, round.roundId, round.drawAt)]);
  expect([first.settled, second.settled].sort()).toEqual([false, true]);
  expect(first.bets + second.bets).toBe(300);
  // And once more afterwards: nothing.
  expect((await withTransaction(database.appPool, (client) => settleRoundIn(client, round.roundId, round.drawAt))).settled).toBe(false);

  const credited = await database.appPool.query<{ memberId: string; total: string }>(
    `SELECT member_id AS "memberId", sum(prize_minor + CASE WHEN state = 'push' THEN amount_minor ELSE rebate_minor END) AS total
       FROM lottery_bet WHERE round_id = $1 GROUP BY member_id`,
    [round.roundId],
  );
  const expected = new Map(credited.rows.map((row) => [Number(row.memberId), Number(row.total)]));
  const balancesAfter = await Promise.all(members.map((memberId) => mainBalanceMinor(database.appPool, memberId)));
  members.forEach((memberId, index) => expect(balancesAfter[index] - balancesBefore[index]).toBe(expected.get(memberId) ?? 0));
  const keys = await database.appPool.query<{ count: string }>("SELECT count(*) AS count FROM ledger_transaction WHERE idempotency_key LIKE $1", [`lottery:win:${round.roundId}:%`]);
  const winners = (await database.appPool.query<{ count: string }>("SELECT count(DISTINCT member_id) AS count FROM lottery_bet WHERE round_id = $1 AND prize_minor > 0", [round.roundId])).rows[0].count;
  // Prizes are paid in movements of up to MEMBERS_PER_MOVEMENT members each.
  expect(Number(keys.rows[0].count)).toBe(Math.ceil(Number(winners) / MEMBERS_PER_MOVEMENT));
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

it.each(LOTTERY_KINDS as readonly LotteryKind[])('settles every %s play in SQL exactly as winCount counts it, and pays what it says', async (kind) => {
  const gameCode = GAME_OF_KIND[kind];
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 1_000_000_000, `twin${kind.toLowerCase()}`);
  // Each kind at its own hour, after the other tests' rounds: a draw settles every round due by then.
  const nowMs = LOTTERY_TEST_START_MS + (10 + LOTTERY_KINDS.indexOf(kind)) * 3_600_000;
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, gameCode, nowMs);
  let seed = 1;
  for (const play of playsOf(kind)) {
    const lines = randomLines(play, 25, seed++ * 7919);
    await placeOrder(database.appPool, {
      merchantId,
      memberId: member,
      gameCode,
      currentNumero: round.numero,
      slip: slipOf(lines),
      betCartAmountSum: costOf(lines),
      chase: 0,
      winningStop: false,
      nowMs,
    });
  }
  const before = await mainBalanceMinor(database.appPool, member);
  // The earlier kinds' hours left many rounds due (a tick draws at most 1000, oldest first): tick
  // until nothing is left to draw, as the scheduler would after downtime.
  let settled = 0;
  for (let tick = 0; tick < 20; tick += 1) {
    const report = await drawAndSettle(database.appPool, secretsKey, round.drawAt);
    settled += report.settled;
    if (report.drawn === 0) break;
  }
  expect(settled).toBeGreaterThanOrEqual(1);

  const drawn = await roundNumbers(round.roundId);
  // The draw is the one anybody recomputes from the revealed seed and the sales hash.
  expect(drawn.numbers).toEqual([...roundDraw(kind, drawn.gameCode, drawn.numero, drawn.serverSeed, drawn.salesHash).numbers]);
  const draw = { kind, numbers: drawn.numbers, lunarYear: lunarYearOf(round.drawAt) };
  let expectedCredit = 0;
  let winners = 0;
  for (const bet of await betsOfRound(round.roundId)) {
    const play = playById(bet.playId)!;
    // The stored words are the pick words of rows; winCount takes the rows' masks back from them.
    const words = bet.picks.map((word) => BigInt(word));
    const picks = rowsMasksFromWords(rowWordCounts(play), words);
    const wins = play.features(draw).push ? 0 : winCount(play, picks, draw);
    expect({ bet: bet.id, play: play.code, wins: Number(bet.winCount) }).toEqual({ bet: bet.id, play: play.code, wins });
    // One winning ticket pays the exact prize × multiple rounded down once (not the rounded unit prize × multiple).
    const uncapped = wins * ticketPrizeMinor(play, bet.series, bet.mode, bet.multiple, picks);
    const prize = Number(bet.maxPrizeMinor) > 0 ? Math.min(uncapped, Number(bet.maxPrizeMinor)) : uncapped;
    expect(Number(bet.prizeMinor)).toBe(prize);
    const push = play.features(draw).push;
    expect(bet.state).toBe(push ? 'push' : wins > 0 ? 'won' : 'lost');
    expectedCredit += prize + (push ? Number(bet.amountMinor) : Number(bet.rebateMinor));
    if (wins > 0) winners++;
  }
  expect(winners).toBeGreaterThan(0);
  expect(await mainBalanceMinor(database.appPool, member)).toBe(before + expectedCredit);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

// Settlement writes only columns no index of lottery_bet holds, so every new row version is
// heap-only and no index grows (migration 093). Readers of settled bets by time go by the round
// instead, which holds because a won bet is settled with its round, at its round's time, and a lost
// one is not written at all: its round's settlement makes it lost (migration 096).
it('writes no indexed column of a bet: no index of lottery_bet holds state, win count, prize or settlement time', async () => {
  const indexes = await database.appPool.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'lottery_bet'::regclass`,
  );
  expect(indexes.rows.length).toBeGreaterThan(0);
  for (const index of indexes.rows) {
    expect({ index: index.name, settled: /\b(state|win_count|prize_minor|settled_at)\b/.test(index.definition) }).toEqual({ index: index.name, settled: false });
  }
});

it('gives every won bet the settlement time of its round, and leaves every lost one as it was placed: no time, ticket or prize', async () => {
  const settled = await database.appPool.query<{ state: string; bets: string; apart: string }>(
    `SELECT lottery_bet_state(b.state, r.state) AS state, count(*) AS bets,
            count(*) FILTER (WHERE CASE WHEN b.state = 'won' THEN b.settled_at IS DISTINCT FROM r.settled_at OR b.win_count < 1
                                        ELSE b.settled_at IS NOT NULL OR b.win_count IS NOT NULL OR b.prize_minor <> 0 END) AS apart
       FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id WHERE lottery_bet_state(b.state, r.state) IN ('won', 'lost')
      GROUP BY 1 ORDER BY 1`,
  );
  // The tests above settled hundreds of bets of many rounds, won and lost.
  expect(settled.rows.map((row) => row.state)).toEqual(['lost', 'won']);
  for (const row of settled.rows) {
    expect(Number(row.bets)).toBeGreaterThan(100);
    expect({ state: row.state, apart: Number(row.apart) }).toEqual({ state: row.state, apart: 0 });
  }
});

// Two settlers at once on two rounds of one game (two replicas after downtime). The later round's
// settlement leaves its lost bets as they are (migration 096), so the earlier round's stop of a
// chase that won there must not take them for bets still waiting: it locks the later round first,
// waits for its settlement, and then leaves it alone. The bets are at the game's highest series
// (no rebate), so the later round pays this member nothing and shares no ledger lock with the
// earlier one: only the round's lock keeps them apart.
it('keeps a lost bet of a round being settled lost when an earlier round stops its chase at the same time: no refund of a settled bet', async () => {
  const [member] = await fundedMembers(database.appPool, merchantId, 1, 100_000, 'racechase');
  const at = LOTTERY_TEST_START_MS + 24 * 3_600_000;
  const first = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', at);
  const position = playsOf('SSC').find((play) => play.rows.length === 5 && play.rule === 'sum')!;
  const line = lineOf(position, [[1], [], [], [], []], { series: 1960 });
  const placed = await placeOrder(database.appPool, {
    merchantId, memberId: member, gameCode: 'SSC1', currentNumero: first.numero, slip: slipOf([line]), betCartAmountSum: costOf([line], 2), chase: 1, winningStop: true, nowMs: at,
  });
  const bets = await database.appPool.query<{ roundId: string; drawAt: Date; rebateMinor: string }>(
    `SELECT b.round_id AS "roundId", r.draw_at AS "drawAt", b.rebate_minor AS "rebateMinor" FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
      WHERE b.order_id = (SELECT id FROM lottery_order WHERE order_no = $1) ORDER BY b.chase_index`,
    [placed.orderNo],
  );
  expect(bets.rows.map((bet) => Number(bet.rebateMinor))).toEqual([0, 0]);
  const [won, lost] = bets.rows.map((bet) => ({ roundId: Number(bet.roundId), drawAt: bet.drawAt.getTime() }));
  const before = await mainBalanceMinor(database.appPool, member);
  // The first round draws 1 first (the bet wins), the second 2 (it loses).
  await drawRoundAs(database.appPool, won.roundId, { kind: 'SSC', numbers: [1, 0, 0, 0, 0] }, won.drawAt);
  await drawRoundAs(database.appPool, lost.roundId, { kind: 'SSC', numbers: [2, 0, 0, 0, 0] }, lost.drawAt);

  const holder = await database.appPool.connect();
  let earlier: Promise<unknown> | undefined;
  try {
    await holder.query('BEGIN');
    expect(await settleRoundIn(holder, lost.roundId, lost.drawAt)).toMatchObject({ settled: true, bets: 1, paidMinor: 0 });
    const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    let done = false;
    earlier = settleRound(database.appPool, won.roundId, won.drawAt).finally(() => {
      done = true;
    });
    // Until the earlier round's settlement waits for this one (or, wrongly, ends without waiting).
    for (;;) {
      const blocked = await database.appPool.query<{ count: string }>('SELECT count(*) AS count FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))', [holderPid]);
      if (done || Number(blocked.rows[0].count) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await holder.query('COMMIT');
  } finally {
    holder.release();
  }
  await earlier;

  const states = await database.appPool.query<{ state: string; prizeMinor: string }>(
    `SELECT lottery_bet_state(b.state, r.state) AS state, b.prize_minor AS "prizeMinor" FROM lottery_bet b JOIN lottery_round r ON r.id = b.round_id
      WHERE b.order_id = (SELECT id FROM lottery_order WHERE order_no = $1) ORDER BY b.chase_index`,
    [placed.orderNo],
  );
  expect(states.rows.map((row) => row.state)).toEqual(['won', 'lost']);
  const prize = Number(states.rows[0].prizeMinor);
  expect(prize).toBeGreaterThan(0);
  // The prize, and no refund of the bet its own round settled as lost.
  expect(await mainBalanceMinor(database.appPool, member)).toBe(before + prize);
  const refunds = await database.appPool.query<{ count: string }>('SELECT count(*) AS count FROM ledger_transaction WHERE idempotency_key LIKE $1', [`lottery:stop:${won.roundId}:%`]);
  expect(Number(refunds.rows[0].count)).toBe(0);
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});

/** Row masks back from pick words (WORD_BITS-bit words per row, as pickWords lays them out). */
function rowsMasksFromWords(wordCounts: number[], words: bigint[]): bigint[] {
  const masks: bigint[] = [];
  let at = 0;
  for (const count of wordCounts) {
    let mask = 0n;
    for (let index = 0; index < count; index += 1) mask |= words[at + index] << BigInt(WORD_BITS * index);
    masks.push(mask);
    at += count;
  }
  return masks;
}
