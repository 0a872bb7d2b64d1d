import type { Envelope } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { memberBalanceMinor } from '../ledger';
import { createMember, tokenFor } from '../member/member.testing';
import {
  bindCard,
  credit,
  ledgerSumMinor,
  memberWithSession,
  newKey,
  PAYMENT_PASSWORD,
  post as encryptedPost,
  setPaymentPasswordOf,
  valueOf,
} from '../withdrawal/withdrawal.testing';
import { operatorLogin } from './operator.testing';

// The cashier desk of the operator API, end to end through HTTP: a member's deposit and
// withdrawal decided by operators, each decision audited, money moved once however often or by
// however many operators it is repeated, and nothing of another merchant reachable.

let context: TestContext;
const PASSWORD = 'cashier desk password';
let alice: string;
let bob: string;
let outsider: string;
let otherMerchantId: number;


beforeAll(async () => {
  context = await createTestApp();
  await context.app.ready();
  const nowMs = Date.now();
  alice = (await operatorLogin(context, { username: 'alice', password: PASSWORD, role: 'admin', nowMs })).token;
  bob = (await operatorLogin(context, { username: 'bob', password: PASSWORD, role: 'cashier', nowMs })).token;
  otherMerchantId = (await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('CASHOTHER', 'Other') RETURNING id")).rows[0].id;
  outsider = (await operatorLogin(context, { merchantCode: 'CASHOTHER', username: 'mallory', password: PASSWORD, role: 'cashier', nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

const ops = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const errorCodeOf = (response: { body: string }) => json<Envelope<unknown>>(response).errorCode;

async function pendingDeposit(username: string, amount: number): Promise<{ memberId: number; number: string }> {
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const token = await tokenFor(context.app, username, 'secret123');
  const response = await context.app.inject({
    method: 'POST',
    url: '/wps/relay/depositMTV3',
    headers: { authorization: token, 'idempotency-key': newKey() },
    payload: { amount, payeeName: 'Karim Ahmed' },
  });
  const { depositId } = json<Envelope<{ depositId: number }>>(response).value;
  expect(depositId).toBeGreaterThan(0);
  return { memberId, number: `D${depositId}` };
}

describe('reads of private data', () => {
  it("are audited: card numbers, receipts, C2C images, members' mail", async () => {
    const { number } = await pendingDeposit('cash_read1', 600);
    for (const url of ['/withdrawals?status=pending', `/deposits/${number}/receipt`, '/c2c', '/c2c/C999999/images', '/member-mails']) await ops(alice, 'GET', url);
    const rows = await context.pool.query<{ action: string; outcome: string; operator: string }>(
      `SELECT a.action, a.outcome, o.username AS operator FROM operator_action a JOIN operator o ON o.id = a.operator_id
        WHERE a.action IN ('withdrawal.list', 'deposit.receipt', 'peer_payment.list', 'peer_payment.images', 'mail.read') AND a.outcome <> 'started' ORDER BY a.id`,
    );
    // The receipt and the images do not exist: refused, and audited all the same.
    expect(rows.rows).toEqual([
      { action: 'withdrawal.list', outcome: 'ok', operator: 'alice' },
      { action: 'deposit.receipt', outcome: 'refused', operator: 'alice' },
      { action: 'peer_payment.list', outcome: 'ok', operator: 'alice' },
      { action: 'peer_payment.images', outcome: 'refused', operator: 'alice' },
      { action: 'mail.read', outcome: 'ok', operator: 'alice' },
    ]);
  });
});

describe('large deposit approvals', () => {
  it('wait for a second operator above the merchant threshold, and credit once when they agree', async () => {
    await context.pool.query(
      `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'deposit', '{"secondApprovalAbove": 1000}')
       ON CONFLICT (merchant_id, key) DO UPDATE SET value = merchant_setting.value || EXCLUDED.value`,
      [context.merchantId],
    );
    try {
      const { memberId, number } = await pendingDeposit('cash_big1', 1500);
      type Answer = { awaitingSecondApproval: boolean; deposit: { status: string } };
      // The first operator alone, however often: nothing is credited.
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(valueOf<Answer>(await ops(alice, 'POST', `/deposits/${number}/approve`, {}))).toMatchObject({ awaitingSecondApproval: true, deposit: { status: 'pending' } });
      }
      expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
      // The second must approve the same amount.
      const other = await ops(bob, 'POST', `/deposits/${number}/approve`, { amount: 1400 });
      expect([other.statusCode, errorCodeOf(other)]).toEqual([409, 'operator.approval.mismatch']);
      expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
      expect(valueOf<Answer>(await ops(bob, 'POST', `/deposits/${number}/approve`, {}))).toMatchObject({ awaitingSecondApproval: false, deposit: { status: 'approved' } });
      expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(150_000);

      // At or under the threshold one operator approves.
      const small = await pendingDeposit('cash_big2', 1000);
      expect(valueOf<Answer>(await ops(alice, 'POST', `/deposits/${small.number}/approve`, {}))).toMatchObject({ awaitingSecondApproval: false, deposit: { status: 'approved' } });
    } finally {
      await context.pool.query("UPDATE merchant_setting SET value = value - 'secondApprovalAbove' WHERE merchant_id = $1 AND key = 'deposit'", [context.merchantId]);
    }
  });

  it('are capped like adjustments', async () => {
    const { memberId, number } = await pendingDeposit('cash_big3', 500);
    const huge = await ops(alice, 'POST', `/deposits/${number}/approve`, { amount: 100_000_000.01 });
    expect([huge.statusCode, errorCodeOf(huge)]).toEqual([400, 'operator.approval.too.large']);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(0);
  });
});

describe('deposits', () => {
  it('lists the pending ones; approval credits once even when two operators approve at once', async () => {
    const { memberId, number } = await pendingDeposit('cash_dep1', 800.5);
    const pending = valueOf<{ list: { number: string; username: string; requestedAmount: number; status: string }[] }>(await ops(alice, 'GET', '/deposits?status=pending'));
    expect(pending.list).toContainEqual(expect.objectContaining({ number, username: 'cash_dep1', requestedAmount: 800.5, status: 'pending' }));

    const [first, second] = await Promise.all([ops(alice, 'POST', `/deposits/${number}/approve`, {}), ops(bob, 'POST', `/deposits/${number}/approve`, {})]);
    const decisions = [first, second].map((response) => valueOf<{ replayed: boolean; deposit: { status: string; creditedAmount: number } }>(response));
    expect(decisions.map((decision) => decision.replayed).sort()).toEqual([false, true]);
    expect(decisions[0].deposit).toMatchObject({ status: 'approved', creditedAmount: 800.5 });
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(80_050);

    const rejectLater = await ops(alice, 'POST', `/deposits/${number}/reject`, { reason: 'too late' });
    expect(rejectLater.statusCode).toBe(409);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(80_050);
  });

  it('approves what arrived when it differs, rejects with a reason, and never reaches another merchant', async () => {
    const partial = await pendingDeposit('cash_dep2', 600);
    const approved = valueOf<{ deposit: { creditedAmount: number } }>(await ops(alice, 'POST', `/deposits/${partial.number.slice(1)}/approve`, { amount: 550 }));
    expect(approved.deposit.creditedAmount).toBe(550);
    expect(await memberBalanceMinor(context.pool, context.merchantId, partial.memberId)).toBe(55_000);

    const refused = await pendingDeposit('cash_dep3', 700);
    expect((await ops(outsider, 'POST', `/deposits/${refused.number}/approve`, {})).statusCode).toBe(404);
    expect(valueOf<{ list: unknown[] }>(await ops(outsider, 'GET', '/deposits')).list).toEqual([]);
    const rejected = valueOf<{ deposit: { status: string; rejectReason: string } }>(await ops(bob, 'POST', `/deposits/${refused.number}/reject`, { reason: 'No money arrived' }));
    expect(rejected.deposit).toMatchObject({ status: 'rejected', rejectReason: 'No money arrived' });
    expect((await ops(alice, 'POST', `/deposits/${refused.number}/approve`, {})).statusCode).toBe(409);
    expect(await memberBalanceMinor(context.pool, context.merchantId, refused.memberId)).toBe(0);

    for (const [url, body] of [
      ['/deposits/X1/approve', {}],
      ['/deposits/D0/approve', {}],
      [`/deposits/${refused.number}/approve`, { amount: -1 }],
      [`/deposits/${refused.number}/reject`, {}],
    ] as const) {
      expect((await ops(alice, 'POST', url, body)).statusCode).toBeGreaterThanOrEqual(400);
    }
    expect((await ops(alice, 'GET', '/deposits/D999999/receipt')).statusCode).toBe(404);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
  });
});

describe('withdrawals', () => {
  async function pendingWithdrawal(username: string, amount: number): Promise<{ memberId: number; number: string }> {
    const member = await memberWithSession(context, username);
    await credit(context.pool, context.merchantId, member.memberId, 2_000_00);
    await setPaymentPasswordOf(context.app, member.token);
    const bankCardId = await bindCard(context.app, member.token);
    const response = await encryptedPost(
      context.app,
      '/wps/relay/withdraw',
      member.token,
      { amount, bankCardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' },
      { 'idempotency-key': newKey() },
    );
    const value = valueOf<{ orderNo?: string; withdrawId?: number }>(response);
    const number = value.orderNo ?? `W${value.withdrawId}`;
    expect(number).toMatch(/^W\d+$/);
    return { memberId: member.memberId, number };
  }

  it('pay and reject race: exactly one wins, the money moves once, both are audited', async () => {
    const { memberId, number } = await pendingWithdrawal('cash_wd1', 600);
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(1_400_00);
    const [pay, reject] = await Promise.all([ops(alice, 'POST', `/withdrawals/${number}/pay`), ops(bob, 'POST', `/withdrawals/${number}/reject`, { reason: 'Card closed' })]);
    const statuses = [pay.statusCode, reject.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const expected = pay.statusCode === 200 ? 1_400_00 : 2_000_00;
    expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(expected);
    expect(errorCodeOf(pay.statusCode === 200 ? reject : pay)).toBe('withdrawal.already.settled');

    const audit = valueOf<{ list: { action: string; outcome: string; targetId: string; operator: string }[] }>(await ops(alice, 'GET', '/audit?limit=4'));
    const decisions = audit.list.filter((entry) => entry.targetId === number && entry.outcome !== 'started');
    expect(decisions.map((entry) => entry.outcome).sort()).toEqual(['ok', 'refused']);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
  });

  it("show a pending one's wagering as it is now: credited since, it is still to stake; a decided one has none", async () => {
    type Listed = { list: { number: string; status: string; wagering: { remaining: number; counted: number } | null }[] };
    const pending = await pendingWithdrawal('cash_wd4', 500);
    const before = valueOf<Listed>(await ops(alice, 'GET', '/withdrawals?status=pending')).list.find((entry) => entry.number === pending.number);
    expect(before?.wagering).toEqual({ remaining: 0, counted: expect.any(Number) });
    // An operator's credit adds to the requirement (the merchant's operatorCreditMultiplier).
    const credited = await context.app.inject({
      method: 'POST',
      url: '/ops/v1/members/cash_wd4/adjustments',
      headers: { authorization: `Bearer ${alice}`, 'idempotency-key': newKey() },
      payload: { amount: 100, direction: 'credit', reason: 'Goodwill' },
    });
    expect(credited.statusCode).toBe(200);
    const after = valueOf<Listed>(await ops(alice, 'GET', '/withdrawals?status=pending')).list.find((entry) => entry.number === pending.number);
    expect(after?.wagering?.remaining).toBeGreaterThan(0);
    expect(valueOf<{ changed: boolean }>(await ops(alice, 'POST', `/withdrawals/${pending.number}/pay`)).changed).toBe(true);
    const paid = valueOf<Listed>(await ops(alice, 'GET', '/withdrawals?status=paid')).list.find((entry) => entry.number === pending.number);
    expect(paid).toMatchObject({ status: 'paid', wagering: null });
  });

  it('lists them with the card to pay to; a rejection refunds with the reason; paying twice pays once', async () => {
    const paid = await pendingWithdrawal('cash_wd2', 700);
    const listed = valueOf<{ list: { number: string; cardNumber: string; payeeName: string; amount: number; payout: number }[] }>(await ops(alice, 'GET', '/withdrawals?status=pending'));
    const row = listed.list.find((entry) => entry.number === paid.number);
    expect(row).toMatchObject({ amount: 700, payeeName: 'Rahim Uddin' });
    expect(row!.cardNumber).toMatch(/^10\d{12,13}$/);
    const twice = await Promise.all([1, 2, 3].map(() => ops(alice, 'POST', `/withdrawals/${paid.number}/pay`)));
    expect(twice.map((response) => valueOf<{ changed: boolean }>(response).changed).filter(Boolean)).toHaveLength(1);

    const refunded = await pendingWithdrawal('cash_wd3', 800);
    expect((await ops(outsider, 'POST', `/withdrawals/${refunded.number}/reject`, { reason: 'x' })).statusCode).toBe(404);
    const rejected = valueOf<{ withdrawal: { status: string; remark: string } }>(await ops(bob, 'POST', `/withdrawals/${refunded.number}/reject`, { reason: 'Name does not match' }));
    expect(rejected.withdrawal).toMatchObject({ status: 'rejected', remark: 'Name does not match' });
    expect(await memberBalanceMinor(context.pool, context.merchantId, refunded.memberId)).toBe(2_000_00);
    expect(await memberBalanceMinor(context.pool, otherMerchantId, refunded.memberId)).toBe(0);
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
  });
});
