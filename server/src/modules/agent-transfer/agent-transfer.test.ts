import { randomBytes } from 'node:crypto';
import {
  PAYMENT_PASSWORD_MAX_FAILURES,
  TX_TYPE_UPLINE_TRANSFER_IN,
  TX_TYPE_UPLINE_TRANSFER_OUT,
  type AgentDownlineTransfer,
  type MemberTransactions,
  type UplineTransferSettings,
} from '@platform/contract';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { createMember, MINUTE, TestClock } from '../member/member.testing';
import {
  credit,
  get,
  ledgerSumMinor,
  mainBalanceMinor,
  memberWithSession,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  valueOf,
} from '../withdrawal/withdrawal.testing';
import { postUplineTransfer } from './agent-transfer.service';

// The transfer to upline over HTTP on a real PostgreSQL: who may send (an agent with an upline),
// the payment password and its lock, the merchant's limits, the money (one ledger transaction,
// sender → upline, both records show it), the idempotency key, and races against the balance.

const clock = new TestClock();
let context: TestContext;
let memberCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
});

afterAll(async () => {
  await context.close();
});

afterEach(async () => {
  await context.pool.query("DELETE FROM merchant_setting WHERE merchant_id = $1 AND key = 'upline_transfer'", [context.merchantId]);
});

const URL = '/wps/relay/agentDownlineTransfer';
const newKey = (): string => `up-${randomBytes(8).toString('hex')}`;

interface Party {
  memberId: number;
  token: string;
  username: string;
}

/** A member with a session and a payment password; memberType and upline set as the back office would. */
async function party(options: { memberType?: number; uplineId?: number | null; balanceMinor?: number; paymentPassword?: boolean } = {}): Promise<Party> {
  const session = await memberWithSession(context, `up${String(++memberCounter).padStart(3, '0')}`, clock.nowMs);
  await context.pool.query('UPDATE member SET member_type = $2, upline_id = $3 WHERE id = $1', [session.memberId, options.memberType ?? 1, options.uplineId ?? null]);
  if (options.paymentPassword !== false) await setPaymentPasswordOf(context.app, session.token);
  if (options.balanceMinor) await credit(context.pool, context.merchantId, session.memberId, options.balanceMinor, clock.nowMs);
  return session;
}

/** An agent with `balanceMinor` whose upline is another agent. */
async function agentWithUpline(balanceMinor: number) {
  const upline = await party({ memberType: 1 });
  const agent = await party({ memberType: 2, uplineId: upline.memberId, balanceMinor });
  return { agent, upline };
}

const transfer = (token: string, body: Record<string, unknown>, key: string | null = newKey()) =>
  post(context.app, URL, token, { password: PAYMENT_PASSWORD, ...body }, key === null ? {} : { 'idempotency-key': key });

const settingsOf = async (token: string) => valueOf<UplineTransferSettings>(await get(context.app, '/wps/relay/getUplineTransferSettings', token));

async function records(token: string, txTypeId: number): Promise<MemberTransactions> {
  const query = `startTime=${clock.nowMs - 60 * MINUTE}&endTime=${clock.nowMs + 60 * MINUTE}&txTypeIds=${txTypeId}`;
  return valueOf<MemberTransactions>(await get(context.app, `/wps/relay/ODSFE2_MemTransDet?${query}`, token));
}

const transferCount = async () => Number((await context.pool.query("SELECT count(*) FROM ledger_transaction WHERE kind = 'upline_transfer'")).rows[0].count);

describe('who may transfer', () => {
  it('says in the settings whether the caller may transfer, with the default limits', async () => {
    const { agent, upline } = await agentWithUpline(0);
    expect(await settingsOf(agent.token)).toEqual({ allowed: true, minimumAmount: 1, maximumAmount: 100000 });
    // The upline is an agent too, but has no upline of their own.
    expect(await settingsOf(upline.token)).toEqual({ allowed: false, minimumAmount: 1, maximumAmount: 100000 });
    const plain = await party({ memberType: 0, uplineId: upline.memberId });
    expect((await settingsOf(plain.token)).allowed).toBe(false);
  });

  it('refuses a plain member with an upline, whatever the page shows, before looking at the payment password', async () => {
    const upline = await party({ memberType: 1 });
    const plain = await party({ memberType: 0, uplineId: upline.memberId, balanceMinor: 50_000 });
    // A wrong payment password is not even looked at: no try is counted.
    for (let attempt = 0; attempt < PAYMENT_PASSWORD_MAX_FAILURES + 1; attempt++) {
      expect(outcome(await transfer(plain.token, { transferAmount: 10, password: '000000' }))).toEqual({ status: 403, errorCode: 'upline.transfer.not.agent' });
    }
    expect(outcome(await transfer(plain.token, { transferAmount: 10 }))).toEqual({ status: 403, errorCode: 'upline.transfer.not.agent' });
    valueOf(await post(context.app, '/wps/relay/checkWithdrawPassword', plain.token, { password: PAYMENT_PASSWORD }));
    expect(await mainBalanceMinor(context.pool, plain.memberId)).toBe(50_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(0);
  });

  it('refuses an agent without an upline, or whose upline is blocked or a free-play guest', async () => {
    const transfersBefore = await transferCount();
    const alone = await party({ memberType: 41, balanceMinor: 50_000 });
    expect(outcome(await transfer(alone.token, { transferAmount: 10 }))).toEqual({ status: 400, errorCode: 'upline.transfer.no.upline' });

    const { agent, upline } = await agentWithUpline(50_000);
    await context.pool.query("UPDATE member SET status = 'blocked' WHERE id = $1", [upline.memberId]);
    expect(outcome(await transfer(agent.token, { transferAmount: 10 }))).toEqual({ status: 400, errorCode: 'upline.transfer.no.upline' });
    expect((await settingsOf(agent.token)).allowed).toBe(false);
    await context.pool.query("UPDATE member SET status = 'active', member_type = 4 WHERE id = $1", [upline.memberId]);
    expect(outcome(await transfer(agent.token, { transferAmount: 10 }))).toEqual({ status: 400, errorCode: 'upline.transfer.no.upline' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(50_000);
    expect(await mainBalanceMinor(context.pool, alone.memberId)).toBe(50_000);
    expect(await transferCount()).toBe(transfersBefore);
  });

  it('refuses an upline of another merchant (the link names a member the merchant does not have)', async () => {
    const otherMerchant = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('UPOTHER', 'Other brand') RETURNING id")).rows[0].id;
    const stranger = await createMember(context.pool, otherMerchant, { username: 'upstranger', nowMs: clock.nowMs });
    const agent = await party({ memberType: 1, uplineId: stranger, balanceMinor: 50_000 });
    expect(outcome(await transfer(agent.token, { transferAmount: 10 }))).toEqual({ status: 400, errorCode: 'upline.transfer.no.upline' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(50_000);
    expect(await mainBalanceMinor(context.pool, stranger)).toBe(0);
  });

  it('refuses a free-play guest and a call without a session', async () => {
    const upline = await party({ memberType: 1 });
    const guest = await party({ memberType: 4, uplineId: upline.memberId, paymentPassword: false });
    expect(outcome(await transfer(guest.token, { transferAmount: 10 }))).toEqual({ status: 403, errorCode: 'guest.not.allowed' });
    const anonymous = await post(context.app, URL, '', { transferAmount: 10, password: PAYMENT_PASSWORD }, { 'idempotency-key': newKey() });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the payment password', () => {
  it('asks for one to be set first', async () => {
    const upline = await party({ memberType: 1 });
    const agent = await party({ memberType: 1, uplineId: upline.memberId, balanceMinor: 50_000, paymentPassword: false });
    expect(outcome(await transfer(agent.token, { transferAmount: 10 }))).toEqual({ status: 400, errorCode: 'not.exists.payment.password' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(50_000);
  });

  it('refuses a wrong one, counting down, then locks it even for the right one; nothing moves', async () => {
    const { agent, upline } = await agentWithUpline(50_000);
    for (let attempt = 1; attempt <= PAYMENT_PASSWORD_MAX_FAILURES; attempt++) {
      const response = await transfer(agent.token, { transferAmount: 10, password: '999999' });
      expect(outcome(response)).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
      expect(JSON.parse(response.body).value).toEqual({ remainingAttempts: PAYMENT_PASSWORD_MAX_FAILURES - attempt });
    }
    expect(outcome(await transfer(agent.token, { transferAmount: 10 }))).toEqual({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(50_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(0);
    // The lock ends; the right one then goes through.
    clock.advance(16 * MINUTE);
    valueOf(await transfer(agent.token, { transferAmount: 10 }));
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(49_000);
  });
});

describe('the transfer', () => {
  it('moves the amount from the main wallet to the upline’s in one ledger transaction; both records show it', async () => {
    const { agent, upline } = await agentWithUpline(123_456);
    const sent = valueOf<AgentDownlineTransfer>(await transfer(agent.token, { transferAmount: 234.5, remark: '  weekly settlement\n ' }));
    expect(sent).toEqual({ orderNo: expect.stringMatching(/^U[0-9A-F]{16}$/), transferAmount: 234.5, sumBalance: 1000.06 });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(100_006);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(23_450);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);

    const own = await records(agent.token, TX_TYPE_UPLINE_TRANSFER_OUT);
    expect(own.list).toEqual([
      expect.objectContaining({ txTypeId: TX_TYPE_UPLINE_TRANSFER_OUT, txTypeName: 'Transfer to upline', amount: -234.5, currentAvailBalance: 1000.06, orderNo: sent.orderNo, remark: 'weekly settlement', txTimeInTimestamp: clock.nowMs }),
    ]);
    const received = await records(upline.token, TX_TYPE_UPLINE_TRANSFER_IN);
    expect(received.list).toEqual([
      expect.objectContaining({ txTypeId: TX_TYPE_UPLINE_TRANSFER_IN, txTypeName: 'Transfer from downline', amount: 234.5, currentAvailBalance: 234.5, orderNo: sent.orderNo, remark: 'weekly settlement' }),
    ]);
    // The upline's "transfer to upline" log stays empty; the sender's "received" one too.
    expect((await records(upline.token, TX_TYPE_UPLINE_TRANSFER_OUT)).list).toEqual([]);
    expect((await records(agent.token, TX_TYPE_UPLINE_TRANSFER_IN)).list).toEqual([]);
    await assertLedgerReconciled(context.pool);
  });

  it('refuses more than the balance, amounts out of the merchant’s limits and malformed amounts; nothing moves', async () => {
    const { agent, upline } = await agentWithUpline(10_000);
    const transfersBefore = await transferCount();
    expect(outcome(await transfer(agent.token, { transferAmount: 100.01 }))).toEqual({ status: 400, errorCode: 'wallet.insufficient.balance' });
    await context.pool.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'upline_transfer', $2)
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [context.merchantId, JSON.stringify({ minimumAmount: 20, maximumAmount: 50 })],
    );
    expect(await settingsOf(agent.token)).toEqual({ allowed: true, minimumAmount: 20, maximumAmount: 50 });
    const small = await transfer(agent.token, { transferAmount: 19.99 });
    expect(outcome(small)).toEqual({ status: 400, errorCode: 'upline.transfer.amount.too.small' });
    expect(JSON.parse(small.body).message).toBe('The minimum transfer amount is 20.00');
    expect(outcome(await transfer(agent.token, { transferAmount: 50.01 }))).toEqual({ status: 400, errorCode: 'upline.transfer.amount.too.large' });
    for (const transferAmount of [0, -5, 1.234, 1e20]) {
      expect({ transferAmount, ...outcome(await transfer(agent.token, { transferAmount })) }).toEqual({ transferAmount, status: 400, errorCode: 'wallet.amount.invalid' });
    }
    expect(outcome(await transfer(agent.token, { transferAmount: 20, remark: 'x'.repeat(101) }))).toMatchObject({ status: 400 });
    expect(outcome(await transfer(agent.token, { transferAmount: 20 }, null))).toEqual({ status: 400, errorCode: 'wallet.idempotency.key.required' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(10_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(0);
    expect(await transferCount()).toBe(transfersBefore);
    valueOf(await transfer(agent.token, { transferAmount: 50 }));
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(5_000);
  });
});

describe('the idempotency key', () => {
  it('answers a retry of the same transfer with the first one, moving money once; refuses the key for another transfer', async () => {
    const { agent, upline } = await agentWithUpline(100_000);
    const key = newKey();
    const first = valueOf<AgentDownlineTransfer>(await transfer(agent.token, { transferAmount: 300, remark: 'r1' }, key));
    const again = valueOf<AgentDownlineTransfer>(await transfer(agent.token, { transferAmount: 300, remark: 'r1' }, key));
    expect(again).toEqual(first);
    expect(outcome(await transfer(agent.token, { transferAmount: 301, remark: 'r1' }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    expect(outcome(await transfer(agent.token, { transferAmount: 300, remark: 'r2' }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    expect(outcome(await transfer(agent.token, { transferAmount: 300 }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    // A retry carries the payment password too: a wrong one is refused even for a known key.
    expect(outcome(await transfer(agent.token, { transferAmount: 300, remark: 'r1', password: '999999' }, key))).toEqual({ status: 400, errorCode: 'invalid.payment.pw' });
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(70_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(30_000);
    // Another member's same key is another transfer.
    const other = await agentWithUpline(100_000);
    valueOf(await transfer(other.agent.token, { transferAmount: 300, remark: 'r1' }, key));
    expect(await mainBalanceMinor(context.pool, other.upline.memberId)).toBe(30_000);
  });

  it('moves money once when one key is sent 12 times at once, different remarks included', async () => {
    const { agent, upline } = await agentWithUpline(100_000);
    const key = newKey();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        postUplineTransfer(context.pool, {
          merchantId: context.merchantId,
          memberId: agent.memberId,
          uplineId: upline.memberId,
          amountMinor: 5_000,
          remark: index % 3 === 0 ? 'other' : 'same',
          idempotencyKey: key,
          nowMs: clock.nowMs,
        }),
      ),
    );
    const done = results.filter((result): result is PromiseFulfilledResult<{ orderNo: string; amountMinor: number; replayed: boolean }> => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused.map((result) => (result.reason as { errorCode?: string }).errorCode).every((code) => code === 'wallet.idempotency.conflict')).toBe(true);
    expect(done.length).toBeGreaterThanOrEqual(4);
    expect(new Set(done.map((result) => result.value.orderNo)).size).toBe(1);
    expect(done.filter((result) => !result.value.replayed)).toHaveLength(1);
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(95_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(5_000);
  });
});

describe('races against the balance', () => {
  it('lets through exactly what the balance holds when 30 transfers race; never below zero; no money made or lost', async () => {
    const { agent, upline } = await agentWithUpline(100_000);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        postUplineTransfer(context.pool, { merchantId: context.merchantId, memberId: agent.memberId, uplineId: upline.memberId, amountMinor: 7_000, remark: '', idempotencyKey: newKey(), nowMs: clock.nowMs }),
      ),
    );
    const done = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refused.map((result) => (result.reason as { errorCode?: string }).errorCode)).toEqual(Array(30 - done).fill('wallet.insufficient.balance'));
    // 100,000 / 7,000: 14 fit.
    expect(done).toBe(14);
    expect(await mainBalanceMinor(context.pool, agent.memberId)).toBe(2_000);
    expect(await mainBalanceMinor(context.pool, upline.memberId)).toBe(98_000);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
    await assertLedgerReconciled(context.pool);
  });

  it('keeps a chain of agents consistent when each sends up at once over HTTP (A → B → C, and B’s own downlines)', async () => {
    const top = await party({ memberType: 1 });
    const middle = await party({ memberType: 1, uplineId: top.memberId, balanceMinor: 50_000 });
    const downlines = await Promise.all([0, 1, 2].map(() => party({ memberType: 2, uplineId: middle.memberId, balanceMinor: 30_000 })));
    const before = await ledgerSumMinor(context.pool, context.merchantId);
    const requests = [
      ...downlines.flatMap((downline) => [transfer(downline.token, { transferAmount: 100 }), transfer(downline.token, { transferAmount: 150 })]),
      // Fewer at once than the payment password's lock counts (tries are counted before the check).
      ...Array.from({ length: 4 }, () => transfer(middle.token, { transferAmount: 100 })),
    ];
    const responses = await Promise.all(requests);
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    for (const downline of downlines) expect(await mainBalanceMinor(context.pool, downline.memberId)).toBe(5_000);
    expect(await mainBalanceMinor(context.pool, middle.memberId)).toBe(50_000 + 3 * 25_000 - 40_000);
    expect(await mainBalanceMinor(context.pool, top.memberId)).toBe(40_000);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(before);
    await assertLedgerReconciled(context.pool);
  });
});
