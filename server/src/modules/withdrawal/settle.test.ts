import { GUEST_MEMBER_TYPE, type Envelope, type Withdrawal, type WithdrawReport } from '@platform/contract';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled } from '../ledger';
import { createMember, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { holdWithdrawal, listWithdrawals, payWithdrawal, rejectWithdrawal } from './withdrawal.service';
import {
  bindCard,
  credit,
  get,
  houseBalanceMinor,
  ledgerSumMinor,
  mainBalanceMinor,
  memberWithSession,
  newKey,
  outcome,
  PAYMENT_PASSWORD,
  post,
  setPaymentPasswordOf,
  setWithdrawSettings,
  valueOf,
} from './withdrawal.testing';

// What operators do with a pending withdrawal (the operator API calls these service functions):
// pay it (the hold goes to house_withdrawals and house_withdrawal_charges) or reject it (the hold
// goes back to the member), once, whoever presses at the same moment; the member's records of
// them; and, over a random mix of all of it at once, that no money is created or lost.

const clock = new TestClock();
let context: TestContext;
let memberCounter = 0;

beforeAll(async () => {
  context = await createTestApp({ clock: clock.now });
  await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 1000, minimumAmount: 100, charge: { percent: 2, fixed: 1 } });
});

afterAll(async () => {
  await context.close();
});

async function readyMember(balanceMinor: number) {
  const session = await memberWithSession(context, `st${String(++memberCounter).padStart(3, '0')}`, clock.nowMs);
  await setPaymentPasswordOf(context.app, session.token);
  const cardId = await bindCard(context.app, session.token);
  await credit(context.pool, context.merchantId, session.memberId, balanceMinor, clock.nowMs);
  return { ...session, cardId };
}

const request = (member: { memberId: number; cardId: number }, amountMinor: number) =>
  holdWithdrawal(context.pool, { merchantId: context.merchantId, memberId: member.memberId, amountMinor, cardId: member.cardId, withdrawType: 'BC', idempotencyKey: newKey(), nowMs: clock.nowMs }).then(
    (result) => result.withdrawal,
  );
const pay = (withdrawalId: number, operatorName = 'alice') => payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId, operatorName, nowMs: clock.nowMs });
const reject = (withdrawalId: number, reason = 'Account name does not match', operatorName = 'bob') =>
  rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId, operatorName, reason, nowMs: clock.nowMs });
const house = (kind: string) => houseBalanceMinor(context.pool, context.merchantId, kind);

describe('paying', () => {
  it('moves the hold to payouts (amount − charge) and charges, once; the member sees it paid', async () => {
    const member = await readyMember(500_000);
    const withdrawal = await request(member, 100_000);
    // 2 % of 1,000 + 1 = 21.
    expect(withdrawal.chargeMinor).toBe(2_100);
    const [hold, payouts, charges] = [await house('house_withdrawal_hold'), await house('house_withdrawals'), await house('house_withdrawal_charges')];

    const paid = await pay(withdrawal.id);
    expect(paid.changed).toBe(true);
    expect(paid.withdrawal).toMatchObject({ id: withdrawal.id, orderNo: `W${withdrawal.id}`, status: 'paid', operatorName: 'alice', decidedAtMs: clock.nowMs, remark: null, amountMinor: 100_000, chargeMinor: 2_100 });
    expect(await house('house_withdrawal_hold')).toBe(hold - 100_000);
    expect(await house('house_withdrawals')).toBe(payouts + 97_900);
    expect(await house('house_withdrawal_charges')).toBe(charges + 2_100);
    expect(await mainBalanceMinor(context.pool, member.memberId)).toBe(400_000);

    // Twice, or five operators at once: nothing more moves.
    const again = await Promise.all(Array.from({ length: 5 }, () => pay(withdrawal.id, 'carol')));
    expect(again.every((result) => !result.changed && result.withdrawal.status === 'paid' && result.withdrawal.operatorName === 'alice')).toBe(true);
    expect(await house('house_withdrawals')).toBe(payouts + 97_900);
    const postings = await context.pool.query<{ kind: string; idempotency_key: string; moved: string }>(
      `SELECT t.kind, t.idempotency_key, string_agg(p.amount_minor::text, ',' ORDER BY p.amount_minor) AS moved
         FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id WHERE t.order_no = $1 GROUP BY t.id ORDER BY t.id`,
      [`W${withdrawal.id}`],
    );
    expect(postings.rows).toEqual([
      { kind: 'withdraw_request', idempotency_key: `withdraw_request:${withdrawal.id}`, moved: '-100000,100000' },
      { kind: 'withdraw_paid', idempotency_key: `withdraw_settle:${withdrawal.id}`, moved: '-100000,2100,97900' },
    ]);
    // A paid one cannot be rejected.
    await expect(reject(withdrawal.id)).rejects.toMatchObject({ statusCode: 409, errorCode: 'withdrawal.already.settled' });
  });

  it('a free withdrawal pays its whole amount out (no charge posting)', async () => {
    await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 1000, minimumAmount: 100 });
    const member = await readyMember(100_000);
    const withdrawal = await request(member, 50_000);
    const payouts = await house('house_withdrawals');
    await pay(withdrawal.id);
    expect(await house('house_withdrawals')).toBe(payouts + 50_000);
    await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 1000, minimumAmount: 100, charge: { percent: 2, fixed: 1 } });
  });
});

describe('rejecting', () => {
  it('gives the whole hold back (the charge is never taken), once, with the reason for the member', async () => {
    const member = await readyMember(300_000);
    const withdrawal = await request(member, 200_000);
    expect(await mainBalanceMinor(context.pool, member.memberId)).toBe(100_000);
    const hold = await house('house_withdrawal_hold');
    const rejected = await reject(withdrawal.id, '  Bank account closed  ');
    expect(rejected).toMatchObject({ changed: true, withdrawal: { status: 'rejected', remark: 'Bank account closed', operatorName: 'bob' } });
    expect(await mainBalanceMinor(context.pool, member.memberId)).toBe(300_000);
    expect(await house('house_withdrawal_hold')).toBe(hold - 200_000);
    expect((await reject(withdrawal.id)).changed).toBe(false);
    expect(await mainBalanceMinor(context.pool, member.memberId)).toBe(300_000);
    await expect(pay(withdrawal.id)).rejects.toMatchObject({ statusCode: 409, errorCode: 'withdrawal.already.settled' });
    const refund = await context.pool.query<{ kind: string; remark: string }>("SELECT kind, remark FROM ledger_transaction WHERE order_no = $1 AND kind = 'withdraw_refund'", [
      `W${withdrawal.id}`,
    ]);
    expect(refund.rows).toEqual([{ kind: 'withdraw_refund', remark: 'Bank account closed' }]);
  });

  it('refuses what is not a decision: unknown or another merchant’s withdrawal, no operator, no reason', async () => {
    const member = await readyMember(100_000);
    const withdrawal = await request(member, 10_000);
    await expect(pay(987_654_321)).rejects.toMatchObject({ statusCode: 404, errorCode: 'withdrawal.not.found' });
    const other = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('SETTLE2', 'Other') RETURNING id");
    await expect(payWithdrawal(context.pool, { merchantId: other.rows[0].id, withdrawalId: withdrawal.id, operatorName: 'x', nowMs: clock.nowMs })).rejects.toMatchObject({
      errorCode: 'withdrawal.not.found',
    });
    await expect(pay(withdrawal.id, '   ')).rejects.toMatchObject({ errorCode: 'request.param.err' });
    await expect(reject(withdrawal.id, ' ')).rejects.toMatchObject({ errorCode: 'request.param.err' });
    expect((await listWithdrawals(context.pool, context.merchantId, { memberId: member.memberId }))[0].status).toBe('pending');
  });
});

describe('two operators at the same moment', () => {
  it('pay and reject pressed together, many times over: each withdrawal ends one way, its money moved once', async () => {
    const member = await readyMember(2_000_000);
    const withdrawals = await Promise.all(Array.from({ length: 8 }, () => request(member, 100_000)));
    const before = await mainBalanceMinor(context.pool, member.memberId);
    const results = await Promise.all(
      withdrawals.flatMap((withdrawal) => [
        ...Array.from({ length: 3 }, () => pay(withdrawal.id).then((result) => ({ id: withdrawal.id, way: 'paid', changed: result.changed }), (error: { errorCode?: string }) => ({ id: withdrawal.id, way: error.errorCode, changed: false }))),
        ...Array.from({ length: 3 }, () => reject(withdrawal.id).then((result) => ({ id: withdrawal.id, way: 'rejected', changed: result.changed }), (error: { errorCode?: string }) => ({ id: withdrawal.id, way: error.errorCode, changed: false }))),
      ]),
    );
    let refunded = 0;
    for (const withdrawal of withdrawals) {
      const mine = results.filter((result) => result.id === withdrawal.id);
      expect(mine.filter((result) => result.changed)).toHaveLength(1);
      const winner = mine.find((result) => result.changed)!.way;
      const loser = winner === 'paid' ? 'rejected' : 'paid';
      // The winner's side answers it settled (changed or not); the other side is refused.
      expect(mine.filter((result) => result.way === loser)).toEqual([]);
      expect(mine.filter((result) => result.way !== winner).every((result) => result.way === 'withdrawal.already.settled')).toBe(true);
      const stored = (await listWithdrawals(context.pool, context.merchantId, { memberId: member.memberId })).find((row) => row.id === withdrawal.id)!;
      expect(stored.status).toBe(winner);
      const settlements = await context.pool.query("SELECT 1 FROM ledger_transaction WHERE order_no = $1 AND kind IN ('withdraw_paid', 'withdraw_refund')", [`W${withdrawal.id}`]);
      expect(settlements.rowCount).toBe(1);
      if (winner === 'rejected') refunded += 100_000;
    }
    expect(await mainBalanceMinor(context.pool, member.memberId)).toBe(before + refunded);
    await assertLedgerReconciled(context.pool);
  });
});

describe('no money created or lost', () => {
  it('random withdrawals, payments and rejections of several members at once: every account adds up', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => readyMember(1_000_000)));
    const start = {
      hold: await house('house_withdrawal_hold'),
      payouts: await house('house_withdrawals'),
      charges: await house('house_withdrawal_charges'),
    };
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const operations: (() => Promise<unknown>)[] = [];
    for (let index = 0; index < 120; index++) {
      const member = members[Math.floor(random() * members.length)];
      const amountMinor = 10_000 + Math.floor(random() * 90_000);
      const roll = random();
      operations.push(async () => {
        const withdrawal = await request(member, amountMinor).catch((error: { errorCode?: string }) => {
          if (error.errorCode !== 'withdraw.insufficient.balance') throw error;
          return undefined;
        });
        if (!withdrawal) return;
        if (roll < 0.4) await pay(withdrawal.id);
        else if (roll < 0.7) await reject(withdrawal.id);
        else if (roll < 0.85) await Promise.all([pay(withdrawal.id), reject(withdrawal.id)].map((settling) => settling.catch(() => undefined)));
      });
    }
    await Promise.all(operations.map((operation) => operation()));

    const rows = (await listWithdrawals(context.pool, context.merchantId, { limit: 1000 })).filter((row) => members.some((member) => member.memberId === row.memberId));
    const sum = (status: string, pick: (row: (typeof rows)[number]) => number) => rows.filter((row) => row.status === status).reduce((total, row) => total + pick(row), 0);
    for (const member of members) {
      const own = rows.filter((row) => row.memberId === member.memberId);
      const gone = own.filter((row) => row.status !== 'rejected').reduce((total, row) => total + row.amountMinor, 0);
      const balance = await mainBalanceMinor(context.pool, member.memberId);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(balance).toBe(1_000_000 - gone);
    }
    expect(await house('house_withdrawal_hold')).toBe(start.hold + sum('pending', (row) => row.amountMinor));
    expect(await house('house_withdrawals')).toBe(start.payouts + sum('paid', (row) => row.amountMinor - row.chargeMinor));
    expect(await house('house_withdrawal_charges')).toBe(start.charges + sum('paid', (row) => row.chargeMinor));
    expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
    await assertLedgerReconciled(context.pool);
  }, 60_000);
});

describe("the operators' queue", () => {
  it('lists by status, oldest first, with the full card number and payee', async () => {
    const member = await readyMember(500_000);
    const first = await request(member, 10_000);
    const second = await request(member, 20_000);
    await pay(first.id);
    const pending = await listWithdrawals(context.pool, context.merchantId, { status: 'pending', memberId: member.memberId });
    expect(pending.map((row) => row.id)).toEqual([second.id]);
    expect(pending[0]).toMatchObject({ username: member.username, payeeName: 'Rahim Uddin', bankName: 'Dutch-Bangla Bank', cardNumber: expect.stringMatching(/^\d{14}$/), orderNo: `W${second.id}` });
    expect(pending[0]).not.toHaveProperty('requestDigest');
    expect((await listWithdrawals(context.pool, context.merchantId, { status: 'paid', memberId: member.memberId })).map((row) => row.id)).toEqual([first.id]);
    expect((await listWithdrawals(context.pool, context.merchantId, { memberId: member.memberId })).map((row) => row.id)).toEqual([first.id, second.id]);
  });
});

describe("the member's records (getWithdrawTransactionReport)", () => {
  it('pages the period newest first, with the total and footer of the whole period, only the member’s own', async () => {
    const member = await readyMember(2_000_000);
    const stranger = await readyMember(2_000_000);
    await request(stranger, 99_900);
    const startMs = clock.nowMs;
    const made: Withdrawal[] = [];
    for (let index = 0; index < 12; index++) {
      clock.advance(MINUTE);
      const response = await post(
        context.app,
        '/wps/relay/withdraw',
        member.token,
        { amount: 100 + index, bankCardId: member.cardId, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' },
        { 'idempotency-key': newKey() },
      );
      made.push(valueOf<Withdrawal>(response));
    }
    await pay(made[0].withdrawId);
    await reject(made[1].withdrawId, 'Wrong branch');
    const endMs = clock.nowMs;
    const report = async (query: string) => valueOf<WithdrawReport>(await get(context.app, `/wps/relay/getWithdrawTransactionReport?${query}`, member.token));

    const firstPage = await report(`startDateTs=${startMs}&endDateTs=${endMs}&start=0&end=5`);
    expect(firstPage.total).toBe(12);
    // 100 + 101 + … + 111
    expect(firstPage.footer.amount).toBe(1266);
    expect(firstPage.records.map((row) => row.withdrawId)).toEqual(made.slice(7).reverse().map((row) => row.withdrawId));
    expect(firstPage.records[0]).toEqual({ ...made[11], status: 'pending' });
    const lastPage = await report(`startDateTs=${startMs}&endDateTs=${endMs}&start=10&end=20`);
    expect(lastPage.records.map((row) => [row.withdrawId, row.status, row.remark])).toEqual([
      [made[1].withdrawId, 'rejected', 'Wrong branch'],
      [made[0].withdrawId, 'paid', null],
    ]);
    expect(lastPage.records[1]).toMatchObject({ amount: 100, charge: 3, receivedAmount: 97, bankName: 'Dutch-Bangla Bank', withdrawType: 'BC' });

    const rejected = await report(`startDateTs=${startMs}&endDateTs=${endMs}&status=rejected`);
    expect(rejected).toEqual({ records: [expect.objectContaining({ withdrawId: made[1].withdrawId })], footer: { amount: 101 }, total: 1 });
    // A part of the period; the defaults (start 0, end 10).
    const part = await report(`startDateTs=${made[3].withdrawDate}&endDateTs=${made[5].withdrawDate}`);
    expect(part.records.map((row) => row.withdrawId)).toEqual([made[5], made[4], made[3]].map((row) => row.withdrawId));

    for (const query of [
      `startDateTs=${endMs}&endDateTs=${startMs}`,
      `startDateTs=${endMs - 32 * 1440 * MINUTE}&endDateTs=${endMs}`,
    ]) {
      expect(outcome(await get(context.app, `/wps/relay/getWithdrawTransactionReport?${query}`, member.token))).toEqual({ status: 400, errorCode: 'withdraw.report.range.invalid' });
    }
    for (const query of [`startDateTs=${startMs}&endDateTs=${endMs}&start=5&end=4`, `startDateTs=${startMs}&endDateTs=${endMs}&start=0&end=101`, 'startDateTs=abc&endDateTs=1', `startDateTs=${startMs}&endDateTs=${endMs}&status=lost`]) {
      expect(outcome(await get(context.app, `/wps/relay/getWithdrawTransactionReport?${query}`, member.token))).toEqual({ status: 400, errorCode: 'request.param.err' });
    }
    const thirtyOneDays = await report(`startDateTs=${endMs - 31 * 1440 * MINUTE}&endDateTs=${endMs}`);
    expect(thirtyOneDays.total).toBe(12);
    const message = json<Envelope<unknown>>(await get(context.app, `/wps/relay/getWithdrawTransactionReport?startDateTs=${endMs}&endDateTs=${startMs}`, member.token, 'VI')).message;
    expect(message).toBe('Chọn khoảng thời gian tối đa 31 ngày');
  });
});

describe('who may call', () => {
  it('not a free-play guest, not without a session', async () => {
    const guestId = await createMember(context.pool, context.merchantId, { username: 'stguest', password: 'Guest-pass-1', memberType: GUEST_MEMBER_TYPE, nowMs: clock.nowMs });
    expect(guestId).toBeGreaterThan(0);
    const guestToken = await tokenFor(context.app, 'stguest', 'Guest-pass-1');
    for (const url of ['/wps/relay/getWithdrawSettings', '/wps/relay/MCSFE_getWithdrawAccountInfo', '/wps/relay/MCSFE_getBanks', '/wps/relay/getTurnoverInfo']) {
      const response = await get(context.app, url, guestToken);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect((await context.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const refused = await post(context.app, '/wps/relay/withdraw', guestToken, { amount: 100, bankCardId: 1, password: PAYMENT_PASSWORD, currentWithdrawType: 'BC' }, { 'idempotency-key': newKey() });
    expect(refused.statusCode).toBe(403);
  });
});
