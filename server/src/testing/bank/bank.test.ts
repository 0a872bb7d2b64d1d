import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ensureGameAccount, ensureHouseAccount, ensureMemberAccount, postTransaction, reconcile } from '../../modules/ledger';
import { createMember } from '../../modules/member/member.testing';
import { listWithdrawals, payWithdrawal, rejectWithdrawal } from '../../modules/withdrawal';
import { createTestApp, type TestContext } from '../test-app';
import {
  effectsOf,
  ledgerKeyOf,
  planOperations,
  bankClientsPool,
  runOperations,
  seededRandom,
  type BankOperation,
  type BankOutcome,
  type BankWorld,
} from './bank-ops';

// The bank test: 50 concurrent clients make 10,000 random
// operations — transfers between members' main and game wallets through the wallet service,
// withdrawal requests through the withdrawal service (held until an operator decides), bets and
// wins as ledger transactions against the house account through the one money service,
// postTransaction (the games issue brings their real flows, which call it) — on a real PostgreSQL, 5% of them sent a second time under the same
// key as a retrying client would. Afterwards, for the whole ledger: per merchant and unit the
// accounts sum to zero, no member balance is negative, reconcile() finds nothing, every
// acknowledged operation is recorded exactly once (unacknowledged ones at most once) and every
// balance is exactly what the recorded operations make it. Then the same with the process moving
// the money (a `node` child) killed with SIGKILL several times during the run and restarted with
// what it had not acknowledged. Last, operators pay and reject every withdrawal left pending, two
// at a time on each, and the books still balance.

jest.setTimeout(900_000);

const OPERATIONS = 10_000;
const CLIENTS = 50;
const MEMBERS = 20;
const FUNDING_MINOR = 200_000;
const NOW = Date.UTC(2025, 0, 1);

let context: TestContext;
let world: BankWorld;

beforeAll(async () => {
  context = await createTestApp();
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wallet', '{"single": false}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId],
  );
  const vendorIds = (
    await context.pool.query<{ id: number }>('SELECT id FROM game_vendor WHERE merchant_id = $1 AND enabled ORDER BY id LIMIT 3', [context.merchantId])
  ).rows.map((row) => row.id);
  // Withdrawals of any amount, as many a day as the run makes, no turnover asked, no charge.
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'withdraw', $2)
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId, JSON.stringify({ minimumAmount: 0.01, maximumAmount: 1_000_000, dailyMaxCount: 10_000, turnoverMultiplier: 0 })],
  );
  const houseAccount = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', NOW);
  const holdAccount = await ensureHouseAccount(context.pool, context.merchantId, 'house_withdrawal_hold', NOW);
  world = { merchantId: context.merchantId, houseAccount, holdAccount, members: [], vendorIds };
  for (let index = 0; index < MEMBERS; index++) {
    const memberId = await createMember(context.pool, context.merchantId, { username: `bank${index}` });
    const mainAccount = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', NOW);
    const gameAccounts: Record<number, number> = {};
    for (const vendorId of vendorIds) gameAccounts[vendorId] = await ensureGameAccount(context.pool, context.merchantId, memberId, vendorId, NOW);
    const card = await context.pool.query<{ id: string }>(
      `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, card_number, payee_name, created_at)
       VALUES ($1, $2, 'BC', 'DBBL', 'Dutch-Bangla Bank', $3, 'Bank Tester', now()) RETURNING id`,
      [context.merchantId, memberId, `7000${String(index).padStart(8, '0')}`],
    );
    world.members.push({ memberId, mainAccount, cardId: Number(card.rows[0].id), gameAccounts });
    await postTransaction(context.pool, {
      merchantId: context.merchantId,
      idempotencyKey: `bank_funding:${memberId}`,
      kind: 'deposit',
      unit: 'REAL',
      postings: [
        { accountId: houseAccount, amountMinor: -FUNDING_MINOR },
        { accountId: mainAccount, amountMinor: FUNDING_MINOR },
      ],
      nowMs: NOW,
    });
  }
});

afterAll(async () => {
  await context.close();
});

/** Every account's balance. */
async function balances(): Promise<Map<number, number>> {
  const result = await context.pool.query<{ id: string; balance_minor: string }>('SELECT id, balance_minor FROM ledger_account');
  return new Map(result.rows.map((row) => [Number(row.id), Number(row.balance_minor)]));
}

/** The operations plus 5% of them again (same key, same payload) at random places: client retries. */
function withRetries(operations: BankOperation[], seed: number): BankOperation[] {
  const random = seededRandom(seed);
  const all = [...operations];
  for (let index = 0; index < operations.length / 20; index++) {
    const op = operations[Math.floor(random() * operations.length)];
    all.splice(Math.floor(random() * all.length), 0, { ...op });
  }
  return all;
}

interface Tally {
  moved: number;
  replayed: number;
  refused: number;
}

/** The checks after a run; `acks` holds every acknowledged outcome per key. */
async function verify(before: Map<number, number>, operations: BankOperation[], acks: Map<string, BankOutcome[]>): Promise<Tally> {
  const totals = await context.pool.query<{ merchant_id: number; unit: string; total: string }>(
    'SELECT merchant_id, unit, sum(balance_minor) AS total FROM ledger_account GROUP BY merchant_id, unit',
  );
  for (const row of totals.rows) expect({ merchant: row.merchant_id, unit: row.unit, total: Number(row.total) }).toEqual({ merchant: row.merchant_id, unit: row.unit, total: 0 });
  const negative = await context.pool.query('SELECT id FROM ledger_account WHERE member_id IS NOT NULL AND balance_minor < 0');
  expect(negative.rows).toEqual([]);
  expect((await reconcile(context.pool)).problems).toEqual([]);

  const withdrawalRows = await context.pool.query<{ member_id: string; idempotency_key: string; id: string }>(
    'SELECT member_id, idempotency_key, id FROM withdrawal WHERE merchant_id = $1',
    [world.merchantId],
  );
  const withdrawalIds = new Map(withdrawalRows.rows.map((row) => [`${row.member_id}:${row.idempotency_key}`, Number(row.id)]));
  const keys = operations.map((op) => ledgerKeyOf(world, op, withdrawalIds));
  const recorded = await context.pool.query<{ idempotency_key: string; n: string }>(
    'SELECT idempotency_key, count(*) AS n FROM ledger_transaction WHERE merchant_id = $1 AND idempotency_key = ANY($2::text[]) GROUP BY idempotency_key',
    [world.merchantId, keys],
  );
  const times = new Map(recorded.rows.map((row) => [row.idempotency_key, Number(row.n)]));
  const expected = new Map(before);
  const tally: Tally = { moved: 0, replayed: 0, refused: 0 };
  for (const op of operations) {
    const outcomes = acks.get(op.key) ?? [];
    const count = times.get(ledgerKeyOf(world, op, withdrawalIds)) ?? 0;
    // At most once, whatever happened; exactly once when acknowledged as moved or replayed.
    expect(count).toBeLessThanOrEqual(1);
    if (outcomes.some((outcome) => outcome !== 'refused')) expect({ key: op.key, count }).toEqual({ key: op.key, count: 1 });
    if (outcomes.length && outcomes.every((outcome) => outcome === 'refused')) expect({ key: op.key, count }).toEqual({ key: op.key, count: 0 });
    expect(outcomes.filter((outcome) => outcome === 'moved').length).toBeLessThanOrEqual(1);
    for (const outcome of outcomes) tally[outcome]++;
    if (count === 1) for (const [account, amount] of effectsOf(world, op)) expected.set(account, (expected.get(account) ?? 0) + amount);
  }
  // Every balance is what the recorded operations make it: nothing moved twice, nothing lost.
  expect(await balances()).toEqual(expected);
  return tally;
}

it('keeps the books with 50 clients making 10,000 random transfers, bets, wins and withdrawals', async () => {
  const operations = planOperations(world, OPERATIONS, 9001, 'bank_a');
  const sent = withRetries(operations, 9002);
  const before = await balances();
  const acks = new Map<string, BankOutcome[]>();
  const started = Date.now();
  const clientsPool = bankClientsPool(context.appDatabaseUrl);
  try {
    await runOperations(clientsPool, world, sent, CLIENTS, (op, outcome) => {
      acks.set(op.key, [...(acks.get(op.key) ?? []), outcome]);
    });
  } finally {
    await clientsPool.end();
  }
  const seconds = (Date.now() - started) / 1000;
  // Every operation was acknowledged (the run is in-process and nothing failed).
  expect(acks.size).toBe(OPERATIONS);
  const tally = await verify(before, operations, acks);
  expect(tally.moved).toBeGreaterThan(OPERATIONS / 3);
  expect(tally.refused).toBeGreaterThan(0);
  expect(tally.replayed).toBeGreaterThan(0);
  console.log(`bank test: ${sent.length} requests (${OPERATIONS} operations + retries) by ${CLIENTS} clients in ${seconds.toFixed(1)} s: ${JSON.stringify(tally)}`);
});

it('keeps the books when the process moving the money is killed with SIGKILL several times and restarted', async () => {
  const operations = planOperations(world, OPERATIONS, 9101, 'bank_b');
  const before = await balances();
  const acks = new Map<string, BankOutcome[]>();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'bank-'));
  const random = seededRandom(9102);
  const started = Date.now();
  let kills = 0;
  let starts = 0;
  try {
    for (;;) {
      const pending = operations.filter((op) => !acks.has(op.key));
      if (pending.length === 0) break;
      const jobFile = path.join(directory, `job-${starts}.json`);
      writeFileSync(jobFile, JSON.stringify({ appDatabaseUrl: context.appDatabaseUrl, world, operations: pending, clients: CLIENTS }));
      starts++;
      // Kill four times, each after 600–2,100 acknowledgements; the fifth run finishes.
      const killAfter = kills < 4 ? 600 + Math.floor(random() * 1_500) : Number.POSITIVE_INFINITY;
      const child = spawn(process.execPath, ['-r', path.join(__dirname, 'ts-require.js'), path.join(__dirname, 'bank-child.ts'), jobFile], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      let acknowledged = 0;
      let killed = false;
      for await (const line of createInterface({ input: child.stdout })) {
        const [word, key, outcome] = line.split(' ');
        if (word !== 'ACK' || killed) continue;
        acks.set(key, [...(acks.get(key) ?? []), outcome as BankOutcome]);
        if (++acknowledged >= killAfter) {
          killed = child.kill('SIGKILL');
          kills++;
        }
      }
      const exit = await exited;
      if (killed) expect(exit.signal).toBe('SIGKILL');
      else expect({ code: exit.code, stderr }).toEqual({ code: 0, stderr: '' });
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  const seconds = (Date.now() - started) / 1000;
  expect(kills).toBe(4);
  expect(acks.size).toBe(OPERATIONS);
  const tally = await verify(before, operations, acks);
  console.log(`bank test with kill -9: ${OPERATIONS} operations by ${CLIENTS} clients, ${kills} SIGKILLs, ${starts} starts, in ${seconds.toFixed(1)} s: ${JSON.stringify(tally)}`);
});

it('keeps the books when operators pay and reject the pending withdrawals, two operators on each at once', async () => {
  // The operators' list shows at most 1000 at a time, and the runs above may leave more pending
  // (how many depends on where the kills fell): the operators work through it page by page.
  const firstPage = await listWithdrawals(context.pool, world.merchantId, { status: 'pending', limit: 1000 });
  expect(firstPage.length).toBeGreaterThan(100);
  const random = seededRandom(9201);
  const before = await balances();
  const decide = (id: number, pay: boolean, operatorName: string) =>
    pay
      ? payWithdrawal(context.pool, { merchantId: world.merchantId, withdrawalId: id, operatorName, nowMs: NOW })
      : rejectWithdrawal(context.pool, { merchantId: world.merchantId, withdrawalId: id, operatorName, reason: 'bank test', nowMs: NOW });
  // Each withdrawal gets two decisions at the same moment (the same or opposite): one wins.
  type Plan = { withdrawal: (typeof firstPage)[number]; first: boolean; second: boolean };
  const plans: Plan[] = [];
  const outcomes = new Map<number, PromiseSettledResult<unknown>[]>();
  for (let page = firstPage; page.length > 0; page = await listWithdrawals(context.pool, world.merchantId, { status: 'pending', limit: 1000 })) {
    // A withdrawal still pending after its two decisions would come back on the next page.
    expect(page.filter((withdrawal) => outcomes.has(withdrawal.id))).toEqual([]);
    const pagePlans = page.map((withdrawal) => ({ withdrawal, first: random() < 0.5, second: random() < 0.5 }));
    plans.push(...pagePlans);
    let next = 0;
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < pagePlans.length) {
          const plan = pagePlans[next++];
          outcomes.set(plan.withdrawal.id, await Promise.allSettled([decide(plan.withdrawal.id, plan.first, 'op1'), decide(plan.withdrawal.id, plan.second, 'op2')]));
        }
      }),
    );
  }
  const settled = await context.pool.query<{ id: string; status: string }>('SELECT id, status FROM withdrawal WHERE merchant_id = $1', [world.merchantId]);
  const status = new Map(settled.rows.map((row) => [Number(row.id), row.status]));
  const expected = new Map(before);
  const house = await context.pool.query<{ id: string; kind: string }>("SELECT id, kind FROM ledger_account WHERE merchant_id = $1 AND kind IN ('house_withdrawals', 'house_withdrawal_charges')", [world.merchantId]);
  const payouts = Number(house.rows.find((row) => row.kind === 'house_withdrawals')?.id);
  for (const plan of plans) {
    const results = outcomes.get(plan.withdrawal.id)!;
    // At least one decision went through; a loser is refused only for the opposite decision.
    expect(results.some((result) => result.status === 'fulfilled')).toBe(true);
    if (plan.first === plan.second) expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const final = status.get(plan.withdrawal.id);
    expect(['paid', 'rejected']).toContain(final);
    const member = world.members.find((entry) => entry.memberId === plan.withdrawal.memberId)!;
    expected.set(world.holdAccount, (expected.get(world.holdAccount) ?? 0) - plan.withdrawal.amountMinor);
    if (final === 'paid') expected.set(payouts, (expected.get(payouts) ?? 0) + plan.withdrawal.amountMinor);
    else expected.set(member.mainAccount, (expected.get(member.mainAccount) ?? 0) + plan.withdrawal.amountMinor);
  }
  // The hold is empty, each withdrawal moved once (to the payout account or back to its member).
  expect(expected.get(world.holdAccount)).toBe(0);
  const after = await balances();
  for (const [account, amount] of expected) expect({ account, amount: after.get(account) ?? 0 }).toEqual({ account, amount });
  const totals = await context.pool.query<{ total: string }>('SELECT sum(balance_minor) AS total FROM ledger_account WHERE merchant_id = $1', [world.merchantId]);
  expect(Number(totals.rows[0].total)).toBe(0);
  expect((await reconcile(context.pool)).problems).toEqual([]);
  console.log(`bank test, operators: ${plans.length} withdrawals decided twice at once: ${[...status.values()].filter((value) => value === 'paid').length} paid, ${[...status.values()].filter((value) => value === 'rejected').length} rejected`);
});
