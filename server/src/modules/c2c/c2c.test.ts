import { GUEST_MEMBER_TYPE, type C2CConfirmation, type C2CDeposit, type DepositMethods, type DepositReport } from '@platform/contract';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { approveDeposit } from '../deposit';
import { assertLedgerReconciled } from '../ledger';
import { createMember, MINUTE, TestClock, tokenFor } from '../member/member.testing';
import { operatorLogin } from '../operator/operator.testing';
import { listWithdrawals, payWithdrawal, rejectWithdrawal } from '../withdrawal';
import { houseBalanceMinor, ledgerSumMinor, LOGIN_PASSWORD, mainBalanceMinor, newKey, setWithdrawSettings } from '../withdrawal/withdrawal.testing';
import {
  answer,
  cancel,
  confirmations,
  deposit,
  depositor,
  detail,
  envelope,
  getJson,
  JPEG_DATA_URL,
  markPaid,
  PNG_DATA_URL,
  postJson,
  refusal,
  setC2CSettings,
  value,
  withdrawer,
} from './c2c.testing';
import { runOps } from '../../scripts/ops';
import { cancelOrder, confirmReceipt, createC2CDeposit, resolveDispute } from './c2c.service';
import { createC2CSweep } from './c2c.sweep';

// Player-to-player deposits over HTTP on a real PostgreSQL: matching, the depositor's and the
// withdrawer's steps, deadlines, operators' decisions, replays, who may reach what, and that money
// is only ever moved from the withdrawer's hold to the depositor (never created or lost).

const clock = new TestClock();
let context: TestContext;
const OPERATOR_PASSWORD = 'c2c desk operator password';
let operatorToken: string;

beforeAll(async () => {
  // Deadlines here are applied lazily (reads and actions) or by a sweep the test runs itself.
  context = await createTestApp({ clock: clock.now, c2cSweep: false });
  await context.app.ready();
  await setWithdrawSettings(context.pool, context.merchantId, { dailyMaxCount: 1000, minimumAmount: 100, charge: { percent: 2, fixed: 1 } });
  await setC2CSettings(context.pool, context.merchantId, { enabled: true, minAmount: 100, maxAmount: 50_000, payMinutes: 10, confirmMinutes: 5 });
  operatorToken = (await operatorLogin(context, { username: 'desk', password: OPERATOR_PASSWORD, role: 'cashier', nowMs: clock.nowMs })).token;
});

afterAll(async () => {
  await context.close();
});

// Each test starts with no withdrawal open to matching: what earlier tests left is settled the
// ordinary way (open orders cancelled, confirmed or released; pending withdrawals rejected).
beforeEach(async () => {
  const nowMs = clock.nowMs;
  const open = await context.pool.query<{ id: string; deposit_id: string; depositor_id: string; withdrawer_id: string; status: string }>(
    "SELECT id, deposit_id, depositor_id, withdrawer_id, status FROM c2c_order WHERE merchant_id = $1 AND status IN ('matched', 'paid', 'disputed')",
    [context.merchantId],
  );
  for (const row of open.rows) {
    const merchantId = context.merchantId;
    if (row.status === 'matched') await cancelOrder(context.pool, { merchantId, memberId: Number(row.depositor_id), depositId: Number(row.deposit_id), nowMs }).catch(() => undefined);
    if (row.status === 'paid') {
      await confirmReceipt(context.pool, { merchantId, memberId: Number(row.withdrawer_id), orderId: Number(row.id), result: 'received', idempotencyKey: newKey(), nowMs }).catch(() => undefined);
    }
    if (row.status === 'disputed') await resolveDispute(context.pool, { merchantId, orderId: Number(row.id), received: false, operatorName: 'cleanup', nowMs });
  }
  for (const row of await listWithdrawals(context.pool, context.merchantId, { status: 'pending', limit: 1000 })) {
    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: row.id, operatorName: 'cleanup', reason: 'test isolation', nowMs });
  }
});

const house = (kind: string) => houseBalanceMinor(context.pool, context.merchantId, kind);
const balance = (memberId: number) => mainBalanceMinor(context.pool, memberId);
const withdrawalRow = async (id: number) => (await listWithdrawals(context.pool, context.merchantId, { limit: 1000 })).find((row) => row.id === id)!;
const ops = (method: 'GET' | 'POST', url: string, payload?: object) =>
  context.app.inject({ method, url: `/ops/v1${url}`, headers: { authorization: `Bearer ${operatorToken}` }, ...(payload ? { payload } : {}) });

/** Money is only moved: every account of the merchant sums to zero, and every balance matches its postings. */
async function booksBalance(): Promise<void> {
  expect(await ledgerSumMinor(context.pool, context.merchantId)).toBe(0);
  await assertLedgerReconciled(context.pool);
}

/** Matches a new depositor's deposit of `amount` and answers both. */
async function matched(amount: number) {
  const member = await depositor(context, clock.nowMs);
  const order = value<C2CDeposit>(await deposit(context, member.token, amount));
  return { member, order };
}

describe('the channel and the settings', () => {
  it('lists a C2C channel only while the merchant has C2C on; off, depositC2C is refused', async () => {
    const member = await depositor(context, clock.nowMs);
    const methods = value<DepositMethods>(await getJson(context, '/wps/relay/getDepositBanksList', member.token)).methods;
    expect(methods.find((method) => method.method === 'C2C')).toEqual({
      method: 'C2C',
      channels: [{ vendorId: 0, vendorName: 'C2C', mcsBankCode: 'C2C', method: 'C2C', minAmount: 100, maxAmount: 50_000, fixedAmounts: [], banks: [{ bankCode: 'C2C', bankType: 'C2C' }] }],
    });
    await setC2CSettings(context.pool, context.merchantId, { enabled: false });
    try {
      const off = value<DepositMethods>(await getJson(context, '/wps/relay/getDepositBanksList', member.token)).methods;
      expect(off.some((method) => method.method === 'C2C')).toBe(false);
      expect(refusal(await deposit(context, member.token, 500))).toEqual({ status: 400, errorCode: 'c2c.disabled' });
    } finally {
      await setC2CSettings(context.pool, context.merchantId, { enabled: true, minAmount: 100, maxAmount: 50_000, payMinutes: 10, confirmMinutes: 5 });
    }
  });

  it('refuses an amount out of range, a bad amount, no key, no payer name, and nothing to match', async () => {
    const member = await depositor(context, clock.nowMs);
    expect(refusal(await deposit(context, member.token, 99.99))).toEqual({ status: 400, errorCode: 'c2c.amount.out.of.range' });
    expect(refusal(await deposit(context, member.token, 50_000.01))).toEqual({ status: 400, errorCode: 'c2c.amount.out.of.range' });
    expect(refusal(await deposit(context, member.token, 100.001))).toEqual({ status: 400, errorCode: 'wallet.amount.invalid' });
    expect(refusal(await postJson(context, '/wps/relay/depositC2C', member.token, { amount: 500, payerName: 'X' }))).toEqual({ status: 400, errorCode: 'wallet.idempotency.key.required' });
    expect(refusal(await postJson(context, '/wps/relay/depositC2C', member.token, { amount: 500 }, newKey()))).toEqual({ status: 400, errorCode: 'c2c.payer.name.required' });
    // No withdrawal can take 49,000.
    expect(refusal(await deposit(context, member.token, 49_000))).toEqual({ status: 400, errorCode: 'c2c.no.match' });
    const open = await context.pool.query("SELECT count(*)::int AS n FROM deposit WHERE member_id = $1", [member.memberId]);
    expect(open.rows[0].n).toBe(0);
  });
});

describe('one deposit from match to credit', () => {
  it('shows the card, takes the proof and "I have paid", lets the withdrawer confirm, and moves the money once from the hold', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const member = await depositor(context, clock.nowMs);
    const hold = await house('house_withdrawal_hold');

    const order = value<C2CDeposit>(await deposit(context, member.token, 400));
    expect(order).toMatchObject({
      amount: 400,
      status: 'matched',
      bankName: 'Dutch-Bangla Bank',
      cardNumber: owner.cardNumber,
      payeeName: 'K**** A****',
      payDeadline: clock.nowMs + 10 * MINUTE,
      paidTime: null,
      confirmDeadline: null,
      receivedAmount: null,
      hasProof: false,
      refCode: `D${order.depositId}`,
    });
    expect((await withdrawalRow(owner.withdrawalId)).c2cReservedMinor).toBe(40_000);
    // The deposit counts as pending in the member's records, method C2C.
    const report = value<DepositReport>(await getJson(context, `/wps/relay/MCSFE_getDepositTransactionReport?startDate=${clock.nowMs - MINUTE}&endDate=${clock.nowMs + MINUTE}`, member.token));
    expect(report.list).toEqual([expect.objectContaining({ depositId: order.depositId, depositMethod: 'C2C', state: 'pending', requestedAmount: 400, amount: 0 })]);
    // The generic cancel and an operator's approval do not touch a C2C deposit.
    expect(refusal(await postJson(context, '/wps/relay/cancelDeposit', member.token, { depositId: order.depositId }))).toEqual({ status: 409, errorCode: 'deposit.state.invalid' });
    await expect(approveDeposit(context.pool, { merchantId: context.merchantId, depositId: order.depositId, operatorName: 'x', nowMs: clock.nowMs })).rejects.toMatchObject({ errorCode: 'deposit.not.manual' });

    clock.advance(MINUTE);
    expect(value<C2CDeposit>(await postJson(context, '/wps/relay/uploadC2CProof', member.token, { depositId: order.depositId, image: PNG_DATA_URL })).hasProof).toBe(true);
    expect(refusal(await postJson(context, '/wps/relay/uploadC2CProof', member.token, { depositId: order.depositId, image: 'data:image/png;base64,AAAA' }))).toEqual({ status: 400, errorCode: 'deposit.image.invalid' });
    const paid = value<C2CDeposit>(await markPaid(context, member.token, order.depositId));
    expect(paid).toMatchObject({ status: 'paid', paidTime: clock.nowMs, confirmDeadline: clock.nowMs + 5 * MINUTE });
    // "I have paid" again, or a cancel now: nothing changes / refused.
    expect(value<C2CDeposit>(await markPaid(context, member.token, order.depositId))).toEqual(paid);
    expect(refusal(await cancel(context, member.token, order.depositId))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });

    const list = await confirmations(context, owner.token);
    expect(list.list).toEqual([
      expect.objectContaining({ orderId: order.orderId, withdrawId: owner.withdrawalId, withdrawOrderNo: `W${owner.withdrawalId}`, amount: 400, payerName: 'Rahim Payer', status: 'paid', proofImage: PNG_DATA_URL }),
    ]);
    expect(list.withdrawals).toEqual([{ withdrawId: owner.withdrawalId, orderNo: `W${owner.withdrawalId}`, amount: 1000, settledAmount: 0, reservedAmount: 400, status: 'pending', fullyPaid: false }]);

    const key = newKey();
    const confirmed = value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }, key));
    expect(confirmed).toMatchObject({ status: 'confirmed', outcome: 'received', receivedAmount: 400, proofImage: null });
    expect(await balance(member.memberId)).toBe(40_000);
    expect(await house('house_withdrawal_hold')).toBe(hold - 40_000);
    expect(await withdrawalRow(owner.withdrawalId)).toMatchObject({ status: 'pending', c2cSettledMinor: 40_000, c2cReservedMinor: 0 });
    // The same answer again (same key, or another key): the same order, nothing more moves.
    expect(value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }, key))).toEqual(confirmed);
    expect(value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }))).toEqual(confirmed);
    expect(refusal(await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount: 100 }, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    expect(refusal(await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount: 100 }))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });
    expect(await balance(member.memberId)).toBe(40_000);

    const ledger = await context.pool.query<{ kind: string; idempotency_key: string; order_no: string; moved: string }>(
      `SELECT t.kind, t.idempotency_key, t.order_no, string_agg(p.amount_minor::text, ',' ORDER BY p.amount_minor) AS moved
         FROM ledger_transaction t JOIN ledger_posting p ON p.transaction_id = t.id WHERE t.idempotency_key = $1 GROUP BY t.id`,
      [`c2c:${order.orderId}`],
    );
    expect(ledger.rows).toEqual([{ kind: 'deposit', idempotency_key: `c2c:${order.orderId}`, order_no: `D${order.depositId}`, moved: '-40000,40000' }]);
    const after = value<DepositReport>(await getJson(context, `/wps/relay/MCSFE_getDepositTransactionReport?startDate=${clock.nowMs - 5 * MINUTE}&endDate=${clock.nowMs + MINUTE}`, member.token));
    expect(after.list[0]).toMatchObject({ depositId: order.depositId, state: 'approved', amount: 400 });
    expect(value<C2CDeposit>(await detail(context, member.token, order.depositId))).toMatchObject({ status: 'confirmed', receivedAmount: 400, cardNumber: `****${owner.cardNumber.slice(-4)}` });
    await booksBalance();
  });

  it('a withdrawal paid in full by depositors is paid ("Full payment has been made"); an operator then pays nothing and cannot reject it', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const [payouts, charges] = [await house('house_withdrawals'), await house('house_withdrawal_charges')];
    const first = await matched(600);
    const second = await matched(400);
    expect([first.order.cardNumber, second.order.cardNumber]).toEqual([owner.cardNumber, owner.cardNumber]);
    // Nothing is left open on it: a third depositor is not matched.
    const third = await depositor(context, clock.nowMs);
    expect(refusal(await deposit(context, third.token, 100))).toEqual({ status: 400, errorCode: 'c2c.no.match' });
    // While orders are open an operator can neither pay nor reject it.
    await expect(payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', nowMs: clock.nowMs })).rejects.toMatchObject({ statusCode: 409, errorCode: 'withdrawal.c2c.open' });
    await expect(rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', reason: 'x', nowMs: clock.nowMs })).rejects.toMatchObject({ errorCode: 'withdrawal.c2c.open' });

    for (const { member, order } of [first, second]) {
      value(await markPaid(context, member.token, order.depositId));
      value(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }));
    }
    expect(await withdrawalRow(owner.withdrawalId)).toMatchObject({ status: 'paid', c2cSettledMinor: 100_000, c2cReservedMinor: 0, decidedAtMs: clock.nowMs, operatorName: null });
    expect((await confirmations(context, owner.token)).withdrawals).toEqual([expect.objectContaining({ withdrawId: owner.withdrawalId, status: 'paid', settledAmount: 1000, fullyPaid: true })]);
    expect([await balance(first.member.memberId), await balance(second.member.memberId)]).toEqual([60_000, 40_000]);
    const pay = await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', nowMs: clock.nowMs });
    expect(pay.changed).toBe(false);
    await expect(rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', reason: 'x', nowMs: clock.nowMs })).rejects.toMatchObject({ errorCode: 'withdrawal.already.settled' });
    // No payout and no charge: the depositors paid the card.
    expect([await house('house_withdrawals'), await house('house_withdrawal_charges')]).toEqual([payouts, charges]);
    // The member's withdrawal record: paid, no charge.
    const record = await getJson(context, `/wps/relay/getWithdrawTransactionReport?startDateTs=${clock.nowMs - MINUTE}&endDateTs=${clock.nowMs + MINUTE}`, owner.token);
    expect(value<{ records: { withdrawId: number; status: string; charge: number; receivedAmount: number }[] }>(record).records).toEqual([
      expect.objectContaining({ withdrawId: owner.withdrawalId, status: 'paid', charge: 0, receivedAmount: 1000 }),
    ]);
    await booksBalance();
  });
});

describe('partial receipt, and operators settling the rest', () => {
  it('credits only what arrived, releases the rest; paying the withdrawal then moves only amount − settled with the charge on that part', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const { member, order } = await matched(500);
    value(await markPaid(context, member.token, order.depositId));
    for (const receivedAmount of [0, 500.01]) {
      const bad = await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount });
      expect(bad.statusCode).toBe(400);
    }
    expect(refusal(await answer(context, owner.token, { orderId: order.orderId, result: 'partial' }))).toEqual({ status: 400, errorCode: 'c2c.received.amount.invalid' });
    const partial = value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount: 300 }));
    expect(partial).toMatchObject({ status: 'confirmed', outcome: 'partial', receivedAmount: 300 });
    expect(await balance(member.memberId)).toBe(30_000);
    expect(await withdrawalRow(owner.withdrawalId)).toMatchObject({ status: 'pending', c2cSettledMinor: 30_000, c2cReservedMinor: 0 });
    const deposited = value<DepositReport>(await getJson(context, `/wps/relay/MCSFE_getDepositTransactionReport?startDate=${clock.nowMs - MINUTE}&endDate=${clock.nowMs + MINUTE}`, member.token));
    expect(deposited.list[0]).toMatchObject({ requestedAmount: 500, amount: 300, state: 'approved' });

    const [hold, payouts, charges] = [await house('house_withdrawal_hold'), await house('house_withdrawals'), await house('house_withdrawal_charges')];
    const paid = await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', nowMs: clock.nowMs });
    expect(paid.changed).toBe(true);
    // Charge 21.00 on 1,000 → on the 700 left: 21 × 700 / 1000 = 14.70.
    expect(await house('house_withdrawal_hold')).toBe(hold - 70_000);
    expect(await house('house_withdrawals')).toBe(payouts + 70_000 - 1_470);
    expect(await house('house_withdrawal_charges')).toBe(charges + 1_470);
    const listed = envelope<{ list: { number: string; payout: number; charge: number; c2cSettled: number }[] }>(await ops('GET', '/withdrawals?status=paid&limit=1000')).value.list;
    expect(listed.find((row) => row.number === `W${owner.withdrawalId}`)).toMatchObject({ payout: 685.3, charge: 14.7, c2cSettled: 300 });
    await booksBalance();
  });

  it('rejecting a partly paid withdrawal refunds only what depositors did not pay', async () => {
    const owner = await withdrawer(context, 80_000, clock.nowMs);
    const { member, order } = await matched(200);
    value(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }));
    expect(await balance(member.memberId)).toBe(20_000);
    expect(await balance(owner.memberId)).toBe(0);
    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', reason: 'Card closed', nowMs: clock.nowMs });
    expect(await balance(owner.memberId)).toBe(60_000);
    await booksBalance();
  });
});

describe('not received, and the operators deciding', () => {
  it('needs 1-3 png/jpg images, disputes the order (nothing moves, the withdrawal is frozen), and an operator decides it once', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const one = await matched(300);
    const two = await matched(200);
    // Not before the depositor says they paid.
    expect(refusal(await answer(context, owner.token, { orderId: one.order.orderId, result: 'not_received', images: [PNG_DATA_URL] }))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });
    for (const { member, order } of [one, two]) value(await markPaid(context, member.token, order.depositId));
    expect(refusal(await answer(context, owner.token, { orderId: one.order.orderId, result: 'not_received' }))).toEqual({ status: 400, errorCode: 'c2c.images.required' });
    expect((await answer(context, owner.token, { orderId: one.order.orderId, result: 'not_received', images: [] })).statusCode).toBe(400);
    expect((await answer(context, owner.token, { orderId: one.order.orderId, result: 'not_received', images: [PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL, PNG_DATA_URL] })).statusCode).toBe(400);
    expect(refusal(await answer(context, owner.token, { orderId: one.order.orderId, result: 'not_received', images: ['data:image/gif;base64,R0lGOD=='] }))).toEqual({ status: 400, errorCode: 'deposit.image.invalid' });
    const hold = await house('house_withdrawal_hold');
    for (const { order } of [one, two]) {
      const disputed = value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'not_received', images: [PNG_DATA_URL, JPEG_DATA_URL] }));
      expect(disputed.status).toBe('disputed');
    }
    expect(await house('house_withdrawal_hold')).toBe(hold);
    expect([await balance(one.member.memberId), await balance(two.member.memberId)]).toEqual([0, 0]);
    // The confirmation window does not run for a disputed order.
    clock.advance(6 * MINUTE);
    expect(value<C2CDeposit>(await detail(context, one.member.token, one.order.depositId)).status).toBe('disputed');
    await expect(payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', nowMs: clock.nowMs })).rejects.toMatchObject({ errorCode: 'withdrawal.c2c.open' });

    const images = envelope<{ list: { role: string; dataUrl: string }[] }>(await ops('GET', `/c2c/C${one.order.orderId}/images`)).value.list;
    expect(images.map((image) => image.role)).toEqual(['dispute', 'dispute']);
    expect(envelope<{ list: { number: string; status: string }[] }>(await ops('GET', '/c2c?status=disputed')).value.list.map((row) => row.number)).toEqual(
      expect.arrayContaining([`C${one.order.orderId}`, `C${two.order.orderId}`]),
    );
    // Nothing arrived for one: rejected, released, nothing moves; the same decision again changes nothing; the other way is refused.
    const rejected = envelope<{ order: { status: string }; changed: boolean }>(await ops('POST', `/c2c/C${one.order.orderId}/resolve`, { received: false })).value;
    expect(rejected).toMatchObject({ order: { status: 'rejected' }, changed: true });
    expect(envelope<{ changed: boolean }>(await ops('POST', `/c2c/${one.order.orderId}/resolve`, { received: false })).value.changed).toBe(false);
    expect(refusal(await ops('POST', `/c2c/C${one.order.orderId}/resolve`, { received: true }))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });
    expect(value<C2CDeposit>(await detail(context, one.member.token, one.order.depositId)).status).toBe('rejected');
    // 150 of the other arrived: credited; concurrent repeats credit once.
    const resolutions = await Promise.all(Array.from({ length: 5 }, () => ops('POST', `/c2c/C${two.order.orderId}/resolve`, { received: true, amount: 150 })));
    expect(resolutions.map((response) => envelope<{ changed: boolean }>(response).value.changed).filter(Boolean)).toHaveLength(1);
    expect(await balance(two.member.memberId)).toBe(15_000);
    expect(await withdrawalRow(owner.withdrawalId)).toMatchObject({ c2cSettledMinor: 15_000, c2cReservedMinor: 0, status: 'pending' });
    const audit = await context.pool.query<{ action: string; outcome: string }>("SELECT action, outcome FROM operator_action WHERE action = 'peer_payment.resolve' AND target_id = $1 ORDER BY id", [
      `C${one.order.orderId}`,
    ]);
    // (The repeat named it 'C'-less: audited under that name.)
    expect(audit.rows.map((row) => row.outcome)).toEqual(['started', 'ok', 'started', 'refused']);
    await booksBalance();
  });

  it('a withdrawer who disputed and then found the money may still confirm it', async () => {
    const owner = await withdrawer(context, 50_000, clock.nowMs);
    const { member, order } = await matched(250);
    value(await markPaid(context, member.token, order.depositId));
    value(await answer(context, owner.token, { orderId: order.orderId, result: 'not_received', images: [JPEG_DATA_URL] }));
    expect(value<C2CConfirmation>(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }))).toMatchObject({ status: 'confirmed', outcome: 'received' });
    expect(await balance(member.memberId)).toBe(25_000);
    await booksBalance();
  });
});

describe('deadlines', () => {
  it('no answer within the confirmation window counts as received in full (lazily on a read)', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const { member, order } = await matched(700);
    const paid = value<C2CDeposit>(await markPaid(context, member.token, order.depositId));
    clock.advance(5 * MINUTE - 1);
    expect((await confirmations(context, owner.token)).list[0].status).toBe('paid');
    clock.advance(1);
    expect((await confirmations(context, owner.token)).list[0]).toMatchObject({ status: 'confirmed', outcome: 'timeout', receivedAmount: 700, closedTime: paid.confirmDeadline });
    expect(await balance(member.memberId)).toBe(70_000);
    // The withdrawer's late answer changes nothing.
    expect(refusal(await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount: 1 }))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });
    expect(await balance(member.memberId)).toBe(70_000);
    await booksBalance();
  });

  it('not paid in time: expired and released; cancelling before paying releases too; both answer the same again', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const late = await matched(400);
    const quitter = await matched(300);
    expect((await withdrawalRow(owner.withdrawalId)).c2cReservedMinor).toBe(70_000);
    const cancelled = value<C2CDeposit>(await cancel(context, quitter.member.token, quitter.order.depositId));
    expect(cancelled.status).toBe('cancelled');
    expect(value<C2CDeposit>(await cancel(context, quitter.member.token, quitter.order.depositId))).toEqual(cancelled);
    expect(refusal(await markPaid(context, quitter.member.token, quitter.order.depositId))).toEqual({ status: 409, errorCode: 'c2c.order.state.invalid' });
    expect((await withdrawalRow(owner.withdrawalId)).c2cReservedMinor).toBe(40_000);

    clock.advance(10 * MINUTE);
    expect(refusal(await markPaid(context, late.member.token, late.order.depositId))).toEqual({ status: 409, errorCode: 'c2c.order.expired' });
    expect(value<C2CDeposit>(await detail(context, late.member.token, late.order.depositId)).status).toBe('expired');
    expect(value<C2CDeposit>(await cancel(context, late.member.token, late.order.depositId)).status).toBe('expired');
    expect((await withdrawalRow(owner.withdrawalId)).c2cReservedMinor).toBe(0);
    // The deposit records agree; the depositor may start again.
    const report = value<DepositReport>(await getJson(context, `/wps/relay/MCSFE_getDepositTransactionReport?startDate=${clock.nowMs - 15 * MINUTE}&endDate=${clock.nowMs}`, late.member.token));
    expect(report.list[0]).toMatchObject({ depositId: late.order.depositId, state: 'expired', amount: 0 });
    expect(value<C2CDeposit>(await deposit(context, late.member.token, 400)).status).toBe('matched');
    await booksBalance();
  });

  it('the sweep applies passed deadlines with nobody reading, once, one replica at a time', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const waiting = await matched(100);
    const unpaid = await matched(200);
    value(await markPaid(context, waiting.member.token, waiting.order.depositId));
    clock.advance(11 * MINUTE);
    const sweeps = [createC2CSweep({ db: context.pool, clock: clock.now }), createC2CSweep({ db: context.pool, clock: clock.now })];
    const rounds = await Promise.all(sweeps.map((sweep) => sweep.runOnce()));
    // Both rounds together moved each order once (a round that found the lock taken moved nothing).
    expect(rounds.reduce<number>((total, moved) => total + (moved ?? 0), 0)).toBeGreaterThanOrEqual(2);
    expect(await balance(waiting.member.memberId)).toBe(10_000);
    const statuses = await context.pool.query<{ id: string; status: string }>('SELECT id, status FROM c2c_order WHERE id = ANY($1::bigint[]) ORDER BY id', [[waiting.order.orderId, unpaid.order.orderId]]);
    expect(statuses.rows.map((row) => row.status)).toEqual(['confirmed', 'expired']);
    expect(await sweeps[0].runOnce()).toBe(0);
    await Promise.all(sweeps.map((sweep) => sweep.close()));
    expect(await withdrawalRow(owner.withdrawalId)).toMatchObject({ c2cSettledMinor: 10_000, c2cReservedMinor: 0 });
    await booksBalance();
  });
});

describe('replays', () => {
  it('depositC2C under one key makes one order, however often and however concurrently; another amount under it is refused', async () => {
    await withdrawer(context, 100_000, clock.nowMs);
    const member = await depositor(context, clock.nowMs);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => deposit(context, member.token, 250, key)));
    const orders = answers.map((response) => value<C2CDeposit>(response));
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(1);
    const count = await context.pool.query('SELECT count(*)::int AS n FROM c2c_order WHERE depositor_id = $1', [member.memberId]);
    expect(count.rows[0].n).toBe(1);
    expect(refusal(await deposit(context, member.token, 251, key))).toEqual({ status: 409, errorCode: 'wallet.idempotency.conflict' });
    // Another key while this one waits: one order at a time.
    expect(refusal(await deposit(context, member.token, 250))).toEqual({ status: 400, errorCode: 'c2c.order.open' });
    // A key of a manual deposit is not a C2C deposit's.
    await booksBalance();
  });

  it('the withdrawer pressing "received" many times at once credits once', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const { member, order } = await matched(900);
    value(await markPaid(context, member.token, order.depositId));
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => answer(context, owner.token, { orderId: order.orderId, result: index % 3 === 0 ? 'partial' : 'received', receivedAmount: index % 3 === 0 ? 100 : undefined })));
    const credited = answers.filter((response) => response.statusCode === 200).map((response) => value<C2CConfirmation>(response).receivedAmount);
    expect(new Set(credited).size).toBe(1);
    expect(await balance(member.memberId)).toBe(Math.round(credited[0]! * 100));
    const postings = await context.pool.query("SELECT count(*)::int AS n FROM ledger_transaction WHERE idempotency_key = $1", [`c2c:${order.orderId}`]);
    expect(postings.rows[0].n).toBe(1);
    await booksBalance();
  });

  it('cancel, "I have paid" and the withdrawer racing on one order: it ends one way, money moved at most once', async () => {
    const owners: Awaited<ReturnType<typeof withdrawer>>[] = [];
    for (let round = 0; round < 6; round++) {
      owners.push(await withdrawer(context, 50_000, clock.nowMs));
      const { member, order } = await matched(500);
      // The oldest withdrawal with room: an earlier round's whose order was cancelled, or this round's.
      const owner = owners.find((candidate) => candidate.cardNumber === order.cardNumber)!;
      await Promise.all([
        cancel(context, member.token, order.depositId),
        markPaid(context, member.token, order.depositId),
        answer(context, owner.token, { orderId: order.orderId, result: 'received' }),
        cancel(context, member.token, order.depositId),
      ]);
      const final = value<C2CDeposit>(await detail(context, member.token, order.depositId));
      const row = await withdrawalRow(owner.withdrawalId);
      if (final.status === 'cancelled') {
        expect(await balance(member.memberId)).toBe(0);
        expect(row).toMatchObject({ c2cSettledMinor: 0, c2cReservedMinor: 0, status: 'pending' });
      } else if (final.status === 'confirmed') {
        expect(await balance(member.memberId)).toBe(50_000);
        expect(row).toMatchObject({ c2cSettledMinor: 50_000, c2cReservedMinor: 0, status: 'paid' });
      } else {
        expect(final.status).toBe('paid');
        expect(row).toMatchObject({ c2cSettledMinor: 0, c2cReservedMinor: 50_000 });
      }
    }
    await booksBalance();
  });
});

describe('who may reach what', () => {
  it("another member cannot read or act on someone's order; a depositor never matches their own withdrawal; guests and strangers are refused", async () => {
    const owner = await withdrawer(context, 30_000, clock.nowMs);
    // The owner's own withdrawal is never theirs to pay.
    expect(refusal(await deposit(context, owner.token, 100))).toEqual({ status: 400, errorCode: 'c2c.no.match' });
    const { member, order } = await matched(100);
    const stranger = await depositor(context, clock.nowMs);
    expect(refusal(await detail(context, stranger.token, order.depositId))).toEqual({ status: 404, errorCode: 'c2c.order.not.found' });
    expect(refusal(await markPaid(context, stranger.token, order.depositId))).toEqual({ status: 404, errorCode: 'c2c.order.not.found' });
    expect(refusal(await cancel(context, stranger.token, order.depositId))).toEqual({ status: 404, errorCode: 'c2c.order.not.found' });
    expect(refusal(await postJson(context, '/wps/relay/uploadC2CProof', stranger.token, { depositId: order.depositId, image: PNG_DATA_URL }))).toEqual({ status: 404, errorCode: 'c2c.order.not.found' });
    // Only the withdrawer answers: not the depositor, not a stranger; neither sees it listed.
    for (const token of [member.token, stranger.token]) {
      expect(refusal(await answer(context, token, { orderId: order.orderId, result: 'received' }))).toEqual({ status: 404, errorCode: 'c2c.order.not.found' });
      expect((await confirmations(context, token)).list.some((row) => row.orderId === order.orderId)).toBe(false);
    }
    expect(value<C2CDeposit | null>(await detail(context, stranger.token))).toBeNull();
    expect(value<C2CDeposit>(await detail(context, member.token))).toMatchObject({ orderId: order.orderId });

    // A member of another merchant: matched to nothing here, reaches nothing here.
    const other = await context.pool.query<{ id: number }>("INSERT INTO merchant (code, name) VALUES ('C2COTHER', 'Other brand') RETURNING id");
    await setC2CSettings(context.pool, other.rows[0].id, { enabled: true });
    const outsiderId = await createMember(context.pool, other.rows[0].id, { username: 'c2coutsider', password: 'Outsider-pass-1', nowMs: clock.nowMs });
    expect(outsiderId).toBeGreaterThan(0);
    await expect(createC2CDeposit(context.pool, { merchantId: other.rows[0].id, memberId: outsiderId, amountMinor: 10_000, payerName: 'Out', idempotencyKey: newKey(), nowMs: clock.nowMs })).rejects.toMatchObject({
      errorCode: 'c2c.no.match',
    });
    await expect(confirmReceipt(context.pool, { merchantId: other.rows[0].id, memberId: owner.memberId, orderId: order.orderId, result: 'received', idempotencyKey: newKey(), nowMs: clock.nowMs })).rejects.toMatchObject({
      errorCode: 'c2c.order.not.found',
    });

    const guestId = await createMember(context.pool, context.merchantId, { username: 'c2cguest', password: 'Guest-pass-1', memberType: GUEST_MEMBER_TYPE, nowMs: clock.nowMs });
    expect(guestId).toBeGreaterThan(0);
    const guest = await tokenFor(context.app, 'c2cguest', 'Guest-pass-1', '10.77.0.1');
    expect((await deposit(context, guest, 100)).statusCode).toBe(403);
    expect((await getJson(context, '/wps/relay/MCSFE_getPaymentConfirmationList', guest)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getPaymentConfirmationList' })).statusCode).toBe(401);
    expect(await balance(member.memberId)).toBe(0);
  });
});

describe('many depositors at once', () => {
  it('20 depositors against 3 withdrawals: each matched to one with room, never more reserved than open, nobody refused while room was left', async () => {
    const owners = [];
    for (const amount of [100_000, 100_000, 70_000]) owners.push(await withdrawer(context, amount, clock.nowMs));
    const members = [];
    for (let index = 0; index < 20; index++) members.push(await depositor(context, clock.nowMs));
    const answers = await Promise.all(members.map((member) => deposit(context, member.token, 300)));
    const made = answers.filter((response) => response.statusCode === 200).map((response) => value<C2CDeposit>(response));
    const refused = answers.filter((response) => response.statusCode !== 200).map(refusal);
    // 3 + 3 + 2 orders of 300 fit; every other depositor is told there is no match.
    expect(made).toHaveLength(8);
    expect(refused.every((result) => result.errorCode === 'c2c.no.match')).toBe(true);
    for (const owner of owners) {
      const row = await withdrawalRow(owner.withdrawalId);
      const orders = made.filter((order) => order.cardNumber === owner.cardNumber);
      expect(row.c2cReservedMinor).toBe(orders.length * 30_000);
      expect(row.c2cReservedMinor + row.c2cSettledMinor).toBeLessThanOrEqual(row.amountMinor);
      expect(row.amountMinor - row.c2cReservedMinor).toBeLessThan(30_000);
    }
    await booksBalance();
  }, 60_000);
});

describe('no money created or lost', () => {
  it('a random mix of matches, payments, answers, disputes, deadlines and operators at once: every account adds up', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const start = { hold: await house('house_withdrawal_hold'), payouts: await house('house_withdrawals'), charges: await house('house_withdrawal_charges') };
    const owners = [];
    for (let index = 0; index < 5; index++) owners.push(await withdrawer(context, 50_000 + Math.floor(random() * 5) * 10_000, clock.nowMs));
    const members = [];
    for (let index = 0; index < 16; index++) members.push(await depositor(context, clock.nowMs));
    const ownerOf = new Map(owners.map((owner) => [owner.cardNumber, owner]));
    const operations = members.map((member) => async () => {
      for (let step = 0; step < 3; step++) {
        const amount = 100 + Math.floor(random() * 30) * 10;
        const response = await deposit(context, member.token, amount);
        if (response.statusCode !== 200) continue;
        const order = value<C2CDeposit>(response);
        const owner = ownerOf.get(order.cardNumber);
        if (!owner) throw new Error('matched to a withdrawal outside this test');
        const roll = random();
        if (roll < 0.15) {
          await cancel(context, member.token, order.depositId);
          continue;
        }
        if (roll < 0.2) continue; // left to expire
        await markPaid(context, member.token, order.depositId);
        if (roll < 0.45) await answer(context, owner.token, { orderId: order.orderId, result: 'received' });
        else if (roll < 0.6) await answer(context, owner.token, { orderId: order.orderId, result: 'partial', receivedAmount: Math.max(1, Math.floor(amount / 3)) });
        else if (roll < 0.75) {
          await answer(context, owner.token, { orderId: order.orderId, result: 'not_received', images: [PNG_DATA_URL] });
          await ops('POST', `/c2c/C${order.orderId}/resolve`, random() < 0.5 ? { received: false } : { received: true, amount: Math.max(1, Math.floor(amount / 2)) });
        } else if (roll < 0.85) {
          // The same "received" twice at once with a timeout racing it.
          await Promise.all([answer(context, owner.token, { orderId: order.orderId, result: 'received' }), answer(context, owner.token, { orderId: order.orderId, result: 'received' })]);
        }
        // else: left for the confirmation timeout
      }
    });
    const settleRest = owners.map((owner, index) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 50 * index));
      const attempt = index % 2 === 0 ? payWithdrawal : (pool: typeof context.pool, input: Parameters<typeof payWithdrawal>[1]) => rejectWithdrawal(pool, { ...input, reason: 'random' });
      await attempt(context.pool, { merchantId: context.merchantId, withdrawalId: owner.withdrawalId, operatorName: 'op', nowMs: clock.nowMs }).catch((error: { errorCode?: string }) => {
        if (error.errorCode !== 'withdrawal.c2c.open') throw error;
      });
    });
    await Promise.all([...operations, ...settleRest].map((operation) => operation()));
    clock.advance(11 * MINUTE);
    await createC2CSweep({ db: context.pool, clock: clock.now }).runOnce();

    const orders = await context.pool.query<{ depositor_id: string; withdrawal_id: string; status: string; received_minor: string | null; amount_minor: string }>(
      'SELECT depositor_id, withdrawal_id, status, received_minor, amount_minor FROM c2c_order WHERE withdrawal_id = ANY($1::bigint[])',
      [owners.map((owner) => owner.withdrawalId)],
    );
    expect(orders.rows.every((row) => row.status !== 'matched' && row.status !== 'paid')).toBe(true);
    for (const member of members) {
      const credited = orders.rows.filter((row) => Number(row.depositor_id) === member.memberId).reduce((sum, row) => sum + Number(row.received_minor ?? 0), 0);
      expect(await balance(member.memberId)).toBe(credited);
    }
    let holdExpected = 0;
    let paidOut = 0;
    let charged = 0;
    for (const owner of owners) {
      const row = await withdrawalRow(owner.withdrawalId);
      const mine = orders.rows.filter((order) => Number(order.withdrawal_id) === owner.withdrawalId);
      const settled = mine.reduce((sum, order) => sum + Number(order.received_minor ?? 0), 0);
      const reserved = mine.filter((order) => order.status === 'disputed').reduce((sum, order) => sum + Number(order.amount_minor), 0);
      expect(row.c2cSettledMinor).toBe(settled);
      expect(row.c2cReservedMinor).toBe(reserved);
      expect(settled + reserved).toBeLessThanOrEqual(row.amountMinor);
      if (row.status === 'pending') holdExpected += row.amountMinor - settled;
      // Rejected: the rest back to the withdrawer; paid by an operator: the rest out as payout + charge.
      expect(await balance(owner.memberId)).toBe(row.status === 'rejected' ? row.amountMinor - settled : 0);
      if (row.status === 'paid' && row.operatorName === 'op') {
        const charge = Number((BigInt(row.chargeMinor) * BigInt(row.amountMinor - settled)) / BigInt(row.amountMinor));
        paidOut += row.amountMinor - settled - charge;
        charged += charge;
      }
    }
    expect(await house('house_withdrawal_hold')).toBe(start.hold + holdExpected);
    expect(await house('house_withdrawals')).toBe(start.payouts + paidOut);
    expect(await house('house_withdrawal_charges')).toBe(start.charges + charged);
    await booksBalance();
  }, 120_000);
});

describe('the command-line desk', () => {
  it('lists orders and resolves a disputed one through the CLI over HTTP', async () => {
    const owner = await withdrawer(context, 40_000, clock.nowMs);
    const { member, order } = await matched(120);
    value(await markPaid(context, member.token, order.depositId));
    value(await answer(context, owner.token, { orderId: order.orderId, result: 'not_received', images: [PNG_DATA_URL] }));
    const lines: string[] = [];
    const fetchViaInject: typeof fetch = async (input, init) => {
      const url = new URL(String(input));
      const response = await context.app.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.pathname + url.search,
        headers: init?.headers as Record<string, string>,
        payload: init?.body as string | undefined,
      });
      return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const io = { env: { OPS_URL: 'http://c2c.test', OPS_TOKEN: operatorToken }, fetch: fetchViaInject, write: (line: string) => lines.push(line) };
    expect(await runOps(['c2c-orders', '--status', 'disputed'], io)).toBe(0);
    expect(lines.some((line) => line.includes(`C${order.orderId}`) && line.includes('disputed'))).toBe(true);
    expect(await runOps(['resolve-c2c', `C${order.orderId}`, '--received', 'maybe'], io)).toBe(2);
    expect(await runOps(['resolve-c2c', `C${order.orderId}`, '--received', 'yes', '--amount', '100'], io)).toBe(0);
    expect(lines.at(-1)).toBe(`Resolved: C${order.orderId} confirmed, 100.00 credited to the payer.`);
    expect(await runOps(['resolve-c2c', `${order.orderId}`, '--received', 'yes', '--amount', '100'], io)).toBe(0);
    expect(lines.at(-1)).toMatch(/^Already resolved/);
    expect(await balance(member.memberId)).toBe(10_000);
    await booksBalance();
  });
});

describe("the withdrawer's privacy", () => {
  it("shows a depositor the card to pay and only the initials of the withdrawer's name, in every answer", async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const member = await depositor(context, clock.nowMs);
    const made = await deposit(context, member.token, 300);
    const read = await detail(context, member.token, value<C2CDeposit>(made).depositId);
    for (const response of [made, read]) {
      expect(value<C2CDeposit>(response)).toMatchObject({ cardNumber: owner.cardNumber, payeeName: 'K**** A****' });
      expect(response.body).not.toContain('Karim');
      expect(response.body).not.toContain('Ahmed');
    }
  });

  it('limits the orders a member lets go unpaid (cancelled or expired) in 24 hours: each shows a card', async () => {
    const owner = await withdrawer(context, 100_000, clock.nowMs);
    const member = await depositor(context, clock.nowMs);
    // Three harvests: two cancelled, one left to expire.
    for (let round = 0; round < 2; round += 1) value<C2CDeposit>(await cancel(context, member.token, value<C2CDeposit>(await deposit(context, member.token, 200)).depositId));
    const expiring = value<C2CDeposit>(await deposit(context, member.token, 200));
    clock.advance(11 * MINUTE);
    expect(value<C2CDeposit>(await detail(context, member.token, expiring.depositId)).status).toBe('expired');

    const refused = await deposit(context, member.token, 200);
    expect(refusal(refused)).toEqual({ status: 429, errorCode: 'c2c.daily.limit' });
    expect(refused.body).not.toContain(owner.cardNumber);
    expect((await withdrawalRow(owner.withdrawalId)).c2cReservedMinor).toBe(0);
    // Another member is not affected; the same member may again a day after.
    expect(value<C2CDeposit>(await deposit(context, (await depositor(context, clock.nowMs)).token, 200)).status).toBe('matched');
    clock.advance(24 * 60 * MINUTE);
    const again = await tokenFor(context.app, member.username, LOGIN_PASSWORD, '10.8.0.1');
    expect(value<C2CDeposit>(await deposit(context, again, 200)).status).toBe('matched');
  });
});

describe('a claimed payment', () => {
  it('tells the withdrawer (message, and SMS where configured) as the confirmation window starts', async () => {
    await setC2CSettings(context.pool, context.merchantId, { enabled: true, minAmount: 100, maxAmount: 50_000, payMinutes: 10, confirmMinutes: 5, claimSms: true });
    try {
      const owner = await withdrawer(context, 100_000, clock.nowMs);
      // Told in their own language (the site's default is Bengali).
      await context.pool.query("UPDATE member SET country_dialing_code = '+880', mobile = '1712345678', language = 'EN' WHERE id = $1", [owner.memberId]);
      const { member, order } = await matched(250);
      const inbox = async () =>
        value<{ list: { subject: string; content: string }[] }>(await getJson(context, '/wps/relay/getInboxMails', owner.token)).list.filter((mail) => mail.subject.includes('confirmation'));
      expect(await inbox()).toEqual([]);
      clock.advance(2 * MINUTE);
      const paid = value<C2CDeposit>(await markPaid(context, member.token, order.depositId));
      expect(paid.confirmDeadline).toBe(clock.nowMs + 5 * MINUTE);

      const told = await inbox();
      expect(told).toHaveLength(1);
      expect(told[0].content).toContain('Rahim Payer');
      expect(told[0].content).toContain('250.00');
      expect(told[0].content).toContain('5 minutes');
      const row = (await context.pool.query<{ claim_notified_at: Date; paid_at: Date; confirm_deadline: Date }>('SELECT claim_notified_at, paid_at, confirm_deadline FROM c2c_order WHERE id = $1', [order.orderId])).rows[0];
      expect(row.claim_notified_at.getTime()).toBe(row.paid_at.getTime());
      expect(row.confirm_deadline.getTime()).toBe(row.claim_notified_at.getTime() + 5 * MINUTE);
      const sms = await context.pool.query("SELECT recipient FROM outbox WHERE channel = 'sms' AND recipient = '+8801712345678'");
      expect(sms.rowCount).toBe(1);

      // "I have paid" again tells nobody twice.
      value<C2CDeposit>(await markPaid(context, member.token, order.depositId));
      expect(await inbox()).toHaveLength(1);
    } finally {
      await setC2CSettings(context.pool, context.merchantId, { enabled: true, minAmount: 100, maxAmount: 50_000, payMinutes: 10, confirmMinutes: 5 });
    }
  });
});
