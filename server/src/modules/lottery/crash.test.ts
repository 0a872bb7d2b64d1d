import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { playsOf } from '@platform/lottery-rules';
import { withTransaction } from '../../db/transaction';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { reconcile } from '../ledger';
import { mainBalanceMinor } from '../withdrawal/withdrawal.testing';
import { placeOrder } from './betting.service';
import { costOf, fundedMembers, LOTTERY_TEST_START_MS, randomLines, roundOnSale, slipOf, testSecretsKey } from './lottery.testing';
import { drawRoundIn } from './rounds.service';
import { settleRound } from './settlement.service';

// The process settling a round is killed with SIGKILL: once after all its work and before COMMIT,
// then at random moments during the work. Each time nothing of the settlement is left (the round
// still drawn, nothing paid), and the next settlement pays every bet exactly once.

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

/** Runs settle-child.ts; kills it with SIGKILL `delayMs` after it wrote a line `killOn` accepts. */
function runSettler(roundId: number, nowMs: number, hold: boolean, killOn: (line: string) => boolean, delayMs = 0): Promise<{ killed: boolean; lines: string[] }> {
  const child = spawn(
    process.execPath,
    ['-r', path.join(__dirname, '../../testing/bank/ts-require.js'), path.join(__dirname, 'settle-child.ts'), database.appDatabaseUrl, String(roundId), String(nowMs), hold ? '1' : '0'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  let killed = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (!killed && killOn(line)) {
      killed = true;
      setTimeout(() => child.kill('SIGKILL'), delayMs);
    }
  });
  return new Promise((resolve) => child.on('exit', () => resolve({ killed, lines })));
}

const roundState = async (roundId: number) =>
  (await database.appPool.query<{ state: string }>('SELECT state FROM lottery_round WHERE id = $1', [roundId])).rows[0].state;

const paidFor = async (roundId: number) =>
  Number((await database.appPool.query<{ count: string }>("SELECT count(*) AS count FROM ledger_transaction WHERE idempotency_key LIKE 'lottery:%:' || $1 || ':%'", [String(roundId)])).rows[0].count);

it('settles exactly once when the settling process is killed with SIGKILL during its work', async () => {
  const nowMs = LOTTERY_TEST_START_MS;
  const members = await fundedMembers(database.appPool, merchantId, 60, 10_000_000, 'killed');
  const round = await roundOnSale(database.appPool, secretsKey, merchantId, 'SSC1', nowMs);
  const plays = playsOf('SSC');
  for (const [index, memberId] of members.entries()) {
    const lines = randomLines(plays[index % plays.length], 40, 9000 + index);
    await placeOrder(database.appPool, { merchantId, memberId, gameCode: 'SSC1', currentNumero: round.numero, slip: slipOf(lines), betCartAmountSum: costOf(lines), chase: 0, winningStop: false, nowMs });
  }
  await withTransaction(database.appPool, (client) => drawRoundIn(client, secretsKey, round.roundId, round.drawAt));
  const before = await Promise.all(members.map((memberId) => mainBalanceMinor(database.appPool, memberId)));

  // Killed after everything was written, before COMMIT.
  const held = await runSettler(round.roundId, round.drawAt, true, (line) => line.startsWith('WORKED'));
  expect(held.killed).toBe(true);
  expect(held.lines.some((line) => line.startsWith('WORKED {"settled":true'))).toBe(true);
  expect(await roundState(round.roundId)).toBe('drawn');
  expect(await paidFor(round.roundId)).toBe(0);

  // Killed at random moments from the start of the work (it never commits: the kill lands during
  // the work or while it holds the transaction open).
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const delayMs = Math.floor(Math.random() * 250);
    const run = await runSettler(round.roundId, round.drawAt, true, (line) => line === 'STARTED', delayMs);
    expect(run.killed).toBe(true);
    expect(await roundState(round.roundId)).toBe('drawn');
    expect(await paidFor(round.roundId)).toBe(0);
  }

  // The next settlement pays every bet once.
  const result = await settleRound(database.appPool, round.roundId, round.drawAt);
  expect(result).toMatchObject({ settled: true, bets: 60 * 40 });
  expect(await roundState(round.roundId)).toBe('settled');
  const credited = await database.appPool.query<{ memberId: string; total: string }>(
    `SELECT member_id AS "memberId", sum(prize_minor + CASE WHEN state = 'push' THEN amount_minor ELSE rebate_minor END) AS total
       FROM lottery_bet WHERE round_id = $1 GROUP BY member_id`,
    [round.roundId],
  );
  const expected = new Map(credited.rows.map((row) => [Number(row.memberId), Number(row.total)]));
  const after = await Promise.all(members.map((memberId) => mainBalanceMinor(database.appPool, memberId)));
  members.forEach((memberId, index) => expect(after[index] - before[index]).toBe(expected.get(memberId) ?? 0));
  expect((await reconcile(database.appPool)).problems).toEqual([]);
});
