import type { Envelope } from '@platform/contract';
import { randomUUID } from 'node:crypto';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { memberBalanceMinor } from '../ledger';
import { createMember } from '../member/member.testing';
import { credit } from '../withdrawal/withdrawal.testing';
import { operatorLogin } from './operator.testing';

// Balance adjustments with four eyes, attacked the way a dishonest cashier would: a large credit
// to an accomplice approved by its own author, the same credit cut into slices under the
// threshold, slices sent all at once so that none sees the others, an approval clicked twice or by
// two colleagues at once, a key replayed with another amount, a request of another merchant.
// Whatever is tried, money moves only once per adjustment, only with a second operator above the
// threshold, and every step is in the audit trail with the balance before and after.

let context: TestContext;
let carol: string; // cashier who asks
let dave: string; // second cashier
let erin: string; // third cashier
let outsider: string; // a cashier of another merchant
const THRESHOLD = 1000; // major units

beforeAll(async () => {
  context = await createTestApp();
  await context.app.ready();
  const nowMs = Date.now();
  carol = (await operatorLogin(context, { username: 'adj_carol', role: 'cashier', nowMs })).token;
  dave = (await operatorLogin(context, { username: 'adj_dave', role: 'cashier', nowMs })).token;
  erin = (await operatorLogin(context, { username: 'adj_erin', role: 'cashier', nowMs })).token;
  await context.pool.query("INSERT INTO merchant (code, name) VALUES ('ADJOTHER', 'Other')");
  outsider = (await operatorLogin(context, { merchantCode: 'ADJOTHER', username: 'adj_mallory', role: 'cashier', nowMs })).token;
  await context.pool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'deposit', $2)
      ON CONFLICT (merchant_id, key) DO UPDATE SET value = merchant_setting.value || EXCLUDED.value`,
    [context.merchantId, JSON.stringify({ secondApprovalAbove: THRESHOLD })],
  );
});

afterAll(async () => {
  await context.close();
});

interface Adjustment {
  id: number;
  username: string;
  amount: number;
  status: 'awaiting' | 'applied' | 'rejected';
  requestedBy: string;
  decidedBy: string | null;
  transactionId: number | null;
}
interface Outcome {
  adjustment: Adjustment;
  replayed: boolean;
  awaitingSecondApproval: boolean;
  transactionId: number | null;
  amount: number;
}

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  context.app.inject({
    method,
    url: `/ops/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const adjust = (token: string, username: string, amount: number, direction: 'credit' | 'debit' = 'credit', key = `adj-${randomUUID()}`) =>
  ops(token, 'POST', `/members/${username}/adjustments`, { amount, direction, reason: 'Goodwill' }, key);
const valueOf = <T>(response: { statusCode: number; body: string }): T => {
  expect({ status: response.statusCode, body: response.statusCode === 200 ? 'ok' : response.body }).toEqual({ status: 200, body: 'ok' });
  return json<Envelope<T>>(response).value;
};
const errorOf = (response: { statusCode: number; body: string }) => ({ status: response.statusCode, errorCode: json<Envelope<unknown>>(response).errorCode });

async function member(username: string, balanceMinor = 0): Promise<number> {
  const id = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  if (balanceMinor > 0) await credit(context.pool, context.merchantId, id, balanceMinor);
  return id;
}
const balanceOf = (memberId: number) => memberBalanceMinor(context.pool, context.merchantId, memberId);
const adjustmentMovements = async (memberId: number): Promise<number> =>
  Number(
    (
      await context.pool.query<{ count: string }>(
        `SELECT count(*) FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id JOIN ledger_account a ON a.id = p.account_id
          WHERE t.kind = 'operator_adjustment' AND a.member_id = $1`,
        [memberId],
      )
    ).rows[0].count,
  );

describe('up to the threshold', () => {
  it('applies at once, and the audit trail has the balance before and after', async () => {
    const id = await member('adj_small', 50_00);
    const outcome = valueOf<Outcome>(await adjust(carol, 'adj_small', 200));
    expect(outcome).toMatchObject({ awaitingSecondApproval: false, replayed: false, amount: 200, adjustment: { status: 'applied', requestedBy: 'adj_carol', decidedBy: null } });
    expect(await balanceOf(id)).toBe(250_00);
    const audit = await context.pool.query<{ outcome: string; detail: Record<string, unknown> }>(
      "SELECT outcome, detail FROM operator_action WHERE action = 'balance.adjust' AND target_id = 'adj_small' ORDER BY id",
    );
    expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'ok']);
    expect(audit.rows[0].detail).toMatchObject({ amount: 200, direction: 'credit', reason: 'Goodwill' });
    expect(audit.rows[1].detail).toEqual({
      reason: 'Goodwill',
      before: { adjustment: null, balance: 50 },
      after: { adjustment: { id: outcome.adjustment.id, status: 'applied', amount: 200, transactionId: outcome.transactionId }, balance: 250 },
    });
  });
});

describe('above the threshold', () => {
  it('moves nothing until another cashier approves; the author cannot approve their own', async () => {
    const id = await member('adj_large');
    const asked = valueOf<Outcome>(await adjust(carol, 'adj_large', 5000));
    expect(asked).toMatchObject({ awaitingSecondApproval: true, transactionId: null, adjustment: { status: 'awaiting' } });
    expect(await balanceOf(id)).toBe(0);

    expect(errorOf(await ops(carol, 'POST', `/adjustments/${asked.adjustment.id}/approve`))).toEqual({ status: 409, errorCode: 'operator.adjustment.own' });
    expect(await balanceOf(id)).toBe(0);

    const queue = valueOf<{ list: Adjustment[] }>(await ops(dave, 'GET', '/adjustments?status=awaiting'));
    expect(queue.list.map((row) => row.id)).toContain(asked.adjustment.id);

    const approved = valueOf<Outcome>(await ops(dave, 'POST', `/adjustments/${asked.adjustment.id}/approve`));
    expect(approved).toMatchObject({ replayed: false, adjustment: { status: 'applied', decidedBy: 'adj_dave' } });
    expect(await balanceOf(id)).toBe(5000_00);

    // Clicked again, by the same or another colleague: answered, nothing moves twice.
    expect(valueOf<Outcome>(await ops(erin, 'POST', `/adjustments/${asked.adjustment.id}/approve`)).replayed).toBe(true);
    expect(await balanceOf(id)).toBe(5000_00);
    expect(await adjustmentMovements(id)).toBe(1);

    const audit = await context.pool.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM operator_action WHERE action = 'adjustment.approve' AND target_id = $1 AND outcome = 'ok' ORDER BY id LIMIT 1",
      [String(asked.adjustment.id)],
    );
    expect(audit.rows[0].detail).toMatchObject({ before: { adjustment: { status: 'awaiting' }, balance: 0 }, after: { adjustment: { status: 'applied' }, balance: 5000 } });
  });

  it('is approved once when two colleagues approve it at the same moment', async () => {
    const id = await member('adj_race');
    const asked = valueOf<Outcome>(await adjust(carol, 'adj_race', 3000));
    const answers = await Promise.all([dave, erin, dave, erin].map((token) => ops(token, 'POST', `/adjustments/${asked.adjustment.id}/approve`)));
    const outcomes = answers.map((answer) => valueOf<Outcome>(answer));
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(await balanceOf(id)).toBe(3000_00);
    expect(await adjustmentMovements(id)).toBe(1);
  });

  it('counts what the same cashier adjusted alone for the member in the last day: slices ask for a second operator too', async () => {
    const id = await member('adj_slices');
    const slices = [];
    for (let slice = 0; slice < 4; slice++) slices.push(valueOf<Outcome>(await adjust(carol, 'adj_slices', 400)));
    expect(slices.map((outcome) => outcome.adjustment.status)).toEqual(['applied', 'applied', 'awaiting', 'awaiting']);
    expect(await balanceOf(id)).toBe(800_00);
    // Another cashier has a window of their own: their first slice is applied.
    expect(valueOf<Outcome>(await adjust(dave, 'adj_slices', 400)).adjustment.status).toBe('applied');
  });

  it('counts slices sent all at once: never more than the threshold applied alone', async () => {
    const id = await member('adj_burst');
    const answers = await Promise.all(Array.from({ length: 10 }, () => adjust(carol, 'adj_burst', 300)));
    const statuses = answers.map((answer) => valueOf<Outcome>(answer).adjustment.status);
    expect(statuses.filter((status) => status === 'applied')).toHaveLength(3);
    expect(await balanceOf(id)).toBe(900_00);
  });

  it('counts debits as well as credits', async () => {
    const id = await member('adj_debits', 5000_00);
    expect(valueOf<Outcome>(await adjust(carol, 'adj_debits', 900, 'debit')).adjustment.status).toBe('applied');
    expect(valueOf<Outcome>(await adjust(carol, 'adj_debits', 900, 'credit')).adjustment.status).toBe('awaiting');
    expect(await balanceOf(id)).toBe(4100_00);
  });

  it('rejected, moves nothing and cannot be approved after; the author may withdraw it', async () => {
    const id = await member('adj_reject');
    const asked = valueOf<Outcome>(await adjust(carol, 'adj_reject', 2000));
    const rejected = valueOf<{ adjustment: Adjustment; replayed: boolean }>(await ops(carol, 'POST', `/adjustments/${asked.adjustment.id}/reject`, { reason: 'Typed the wrong member' }));
    expect(rejected.adjustment).toMatchObject({ status: 'rejected', decidedBy: 'adj_carol' });
    expect(errorOf(await ops(dave, 'POST', `/adjustments/${asked.adjustment.id}/approve`))).toEqual({ status: 409, errorCode: 'operator.adjustment.decided' });
    expect(await balanceOf(id)).toBe(0);
    expect(await adjustmentMovements(id)).toBe(0);
  });

  it('a debit the balance no longer covers is refused at approval and still waits', async () => {
    const id = await member('adj_debit', 3000_00);
    const asked = valueOf<Outcome>(await adjust(carol, 'adj_debit', 2500, 'debit'));
    // Meanwhile 1,000 leaves the balance (here another cashier's debit).
    const spend = valueOf<Outcome>(await adjust(erin, 'adj_debit', 1000, 'debit'));
    expect(spend.adjustment.status).toBe('applied');
    expect(errorOf(await ops(dave, 'POST', `/adjustments/${asked.adjustment.id}/approve`))).toEqual({ status: 409, errorCode: 'wallet.insufficient.balance' });
    expect(await balanceOf(id)).toBe(2000_00);
    const queue = valueOf<{ list: Adjustment[] }>(await ops(dave, 'GET', '/adjustments?username=adj_debit&status=awaiting'));
    expect(queue.list.map((row) => row.id)).toEqual([asked.adjustment.id]);
  });
});

describe('keys and merchants', () => {
  it('the same key asks once; the same key with another amount is refused', async () => {
    const id = await member('adj_key');
    const key = `adj-${randomUUID()}`;
    const first = valueOf<Outcome>(await adjust(carol, 'adj_key', 100, 'credit', key));
    const again = valueOf<Outcome>(await adjust(carol, 'adj_key', 100, 'credit', key));
    expect(again).toMatchObject({ replayed: true, adjustment: { id: first.adjustment.id } });
    expect(errorOf(await adjust(carol, 'adj_key', 999, 'credit', key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    expect(await balanceOf(id)).toBe(100_00);
  });

  it("another merchant's cashier neither sees nor approves the request", async () => {
    await member('adj_foreign');
    const asked = valueOf<Outcome>(await adjust(carol, 'adj_foreign', 4000));
    expect(valueOf<{ list: Adjustment[] }>(await ops(outsider, 'GET', '/adjustments')).list).toEqual([]);
    expect(errorOf(await ops(outsider, 'POST', `/adjustments/${asked.adjustment.id}/approve`))).toEqual({ status: 404, errorCode: 'operator.adjustment.not.found' });
    expect(errorOf(await ops(outsider, 'POST', `/adjustments/${asked.adjustment.id}/reject`, { reason: 'x' }))).toEqual({ status: 404, errorCode: 'operator.adjustment.not.found' });
  });
});
