import { PAYMENT_STATUS_EVENT, type C2CDeposit, type DepositMTResult, type PaymentStatusChange } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type pg from 'pg';
import { buildApp } from '../../app';
import { createPool } from '../../db/pool';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { answer, cancel, deposit as depositC2C, depositor, markPaid, postJson, setC2CSettings, value, withdrawer } from '../c2c/c2c.testing';
import { approveDeposit, rejectDeposit } from '../deposit';
import { listWithdrawals, payWithdrawal, rejectWithdrawal } from '../withdrawal';
import { memberWithSession, newKey } from '../withdrawal/withdrawal.testing';
import { paymentStatusOf } from './payment-stream';

// The status push (GET /wps/v2/wallets/balance/events, `paymentStatus` events), for each table
// migration 048 watches: a withdrawal an operator pays or rejects, a deposit an operator approves
// or rejects, and a C2C order's creation (migration 051) and steps reach the member's open stream
// (both sides of an order), on another server instance than the one that made the change, and
// nobody else's. Paying a withdrawal moves none of the member's money (no balance event), so the
// push is all they get.

let context: TestContext;
let second: { app: FastifyInstance; pool: pg.Pool };
let secondUrl: string;
let memberCounter = 0;

beforeAll(async () => {
  context = await createTestApp();
  const pool = createPool(context.appDatabaseUrl, 5);
  second = { app: await buildApp({ pool, remoteOverrides: {}, logger: false }), pool };
  secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await second.app.close();
  await second.pool.end();
  await context.close();
});

interface StatusStream {
  /** Resolves with the next paymentStatus event, or rejects after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<PaymentStatusChange>;
  /** Resolves once the stream has sent its first event (the balance): it is subscribed. */
  opened: Promise<void>;
  close: () => void;
}

/** Opens a member's stream as the browser does and collects its paymentStatus events. */
function openStream(baseUrl: string, token: string): Promise<StatusStream> {
  return new Promise((resolveOpen, rejectOpen) => {
    const request = http.get(`${baseUrl}/wps/v2/wallets/balance/events`, { headers: { language: 'EN', authorization: token }, agent: false }, (response) => {
      expect(response.statusCode).toBe(200);
      const events: PaymentStatusChange[] = [];
      const waiting: ((value: PaymentStatusChange) => void)[] = [];
      let buffer = '';
      let markOpened: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => (markOpened = resolve));
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields.event) markOpened();
          if (fields.event !== PAYMENT_STATUS_EVENT) continue;
          const change = JSON.parse(fields.data) as PaymentStatusChange;
          const waiter = waiting.shift();
          if (waiter) waiter(change);
          else events.push(change);
        }
      });
      resolveOpen({
        opened,
        next: (timeoutMs = 15_000) => {
          const ready = events.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise<PaymentStatusChange>((resolve, reject) => {
            const waiter = (value: PaymentStatusChange) => {
              clearTimeout(timer);
              resolve(value);
            };
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(new Error(`no ${PAYMENT_STATUS_EVENT} event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiting.push(waiter);
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed || !String(error).includes('socket hang up')) rejectOpen(error);
    });
  });
}

/** Opens the streams of `tokens` on the second instance; resolves once each is subscribed. */
async function openStreams(...tokens: string[]): Promise<StatusStream[]> {
  const streams = await Promise.all(tokens.map((token) => openStream(secondUrl, token)));
  await Promise.all(streams.map((stream) => stream.opened));
  return streams;
}

/** A member with a pending bank-card withdrawal of `amountMinor` (c2c.testing's withdrawer: the same fixture). */
const memberWithPendingWithdrawal = (amountMinor: number) => withdrawer(context, amountMinor, Date.now(), amountMinor * 2);

describe('withdrawal status push', () => {
  it('tells the member, on another instance, that the operator paid their withdrawal', async () => {
    const member = await memberWithPendingWithdrawal(50_000);
    const [stream] = await openStreams(member.token);

    await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: member.withdrawalId, operatorName: 'alice', nowMs: Date.now() });
    expect(await stream.next()).toEqual({ kind: 'withdrawal', id: member.withdrawalId, status: 'paid' });
    stream.close();
  });

  it('tells the member a rejection, and nobody else', async () => {
    const member = await memberWithPendingWithdrawal(60_000);
    const other = await memberWithPendingWithdrawal(50_000);
    const [stream, otherStream] = await openStreams(member.token, other.token);

    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: member.withdrawalId, operatorName: 'bob', reason: 'Name does not match', nowMs: Date.now() });
    expect(await stream.next()).toEqual({ kind: 'withdrawal', id: member.withdrawalId, status: 'rejected' });
    // Nothing reached the other member before their own withdrawal's rejection.
    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: other.withdrawalId, operatorName: 'bob', reason: 'marker', nowMs: Date.now() });
    expect(await otherStream.next()).toEqual({ kind: 'withdrawal', id: other.withdrawalId, status: 'rejected' });
    stream.close();
    otherStream.close();
  });
});

/** A member with a session and a pending manual bank transfer (MT) of `amount`, major units. */
async function memberWithPendingDeposit(amount: number) {
  const session = await memberWithSession(context, `pay_push${++memberCounter}`);
  const { depositId } = value<DepositMTResult>(await postJson(context, '/wps/relay/depositMTV3', session.token, { amount, payeeName: 'Push Tester' }, newKey()));
  return { ...session, depositId };
}

/**
 * Nothing reached the bystander's stream before this: their own deposit is rejected, and the next
 * event they get is that one. (The listener hands out notifications in commit order.)
 */
async function expectNothingBefore(bystander: { depositId: number }, stream: StatusStream): Promise<void> {
  await rejectDeposit(context.pool, { merchantId: context.merchantId, depositId: bystander.depositId, operatorName: 'carol', reason: 'marker', nowMs: Date.now() });
  expect(await stream.next()).toEqual({ kind: 'deposit', id: bystander.depositId, status: 'rejected' });
}

describe('deposit status push', () => {
  it('tells the member, on another instance, that the operator approved their deposit', async () => {
    const member = await memberWithPendingDeposit(700);
    const [stream] = await openStreams(member.token);

    await approveDeposit(context.pool, { merchantId: context.merchantId, depositId: member.depositId, operatorName: 'alice', nowMs: Date.now() });
    // The credit's two steps (deposit.settle.ts): claimed for crediting, then approved.
    expect(await stream.next()).toEqual({ kind: 'deposit', id: member.depositId, status: 'crediting' });
    expect(await stream.next()).toEqual({ kind: 'deposit', id: member.depositId, status: 'approved' });
    stream.close();
  });

  it('tells the member a rejected deposit, and nobody else', async () => {
    const member = await memberWithPendingDeposit(800);
    const bystander = await memberWithPendingDeposit(900);
    const [stream, bystanderStream] = await openStreams(member.token, bystander.token);

    await rejectDeposit(context.pool, { merchantId: context.merchantId, depositId: member.depositId, operatorName: 'bob', reason: 'No transfer arrived', nowMs: Date.now() });
    expect(await stream.next()).toEqual({ kind: 'deposit', id: member.depositId, status: 'rejected' });
    await expectNothingBefore(bystander, bystanderStream);
    stream.close();
    bystanderStream.close();
  });
});

describe('C2C order status push', () => {
  beforeAll(async () => {
    await setC2CSettings(context.pool, context.merchantId, { enabled: true, minAmount: 100, maxAmount: 50_000 });
  });

  // A C2C deposit is matched to the oldest pending withdrawal with room: each test starts with
  // none but its own (what earlier tests left pending is rejected; every order here is closed).
  beforeEach(async () => {
    for (const row of await listWithdrawals(context.pool, context.merchantId, { status: 'pending', limit: 1000 })) {
      await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: row.id, operatorName: 'cleanup', reason: 'test isolation', nowMs: Date.now() });
    }
  });

  /** A withdrawer with a pending withdrawal of 1,000.00 and a depositor whose C2C deposit of `amount` is matched to it. */
  async function matchedOrder(amount: number) {
    const owner = await withdrawer(context, 100_000, Date.now());
    const payer = await depositor(context, Date.now());
    const order = value<C2CDeposit>(await depositC2C(context, payer.token, amount));
    expect(order).toMatchObject({ status: 'matched', cardNumber: owner.cardNumber });
    return { owner, payer, order };
  }

  it('tells the withdrawer, on another instance, that the depositor says they paid (and the depositor), nobody else', async () => {
    const bystander = await memberWithPendingDeposit(600);
    const { owner, payer, order } = await matchedOrder(400);
    const [ownerStream, payerStream, bystanderStream] = await openStreams(owner.token, payer.token, bystander.token);

    value(await markPaid(context, payer.token, order.depositId));
    try {
      const paid = { kind: 'c2c', id: order.orderId, status: 'paid' };
      expect(await ownerStream.next()).toEqual(paid);
      expect(await payerStream.next()).toEqual(paid);
      await expectNothingBefore(bystander, bystanderStream);
    } finally {
      // Closed for the next test (pass or fail): the withdrawer confirms.
      value(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }));
      for (const stream of [ownerStream, payerStream, bystanderStream]) stream.close();
    }
  });

  it('tells both sides that the order completed: the order, the depositor’s deposit, the withdrawer’s withdrawal paid in full', async () => {
    const { owner, payer, order } = await matchedOrder(1000);
    value(await markPaid(context, payer.token, order.depositId));
    const [ownerStream, payerStream] = await openStreams(owner.token, payer.token);

    value(await answer(context, owner.token, { orderId: order.orderId, result: 'received' }));
    // One transaction (c2c.service.ts credit): the withdrawal is settled, then the order and its deposit closed.
    expect(await ownerStream.next()).toEqual({ kind: 'withdrawal', id: owner.withdrawalId, status: 'paid' });
    expect(await ownerStream.next()).toEqual({ kind: 'c2c', id: order.orderId, status: 'confirmed' });
    expect(await payerStream.next()).toEqual({ kind: 'c2c', id: order.orderId, status: 'confirmed' });
    expect(await payerStream.next()).toEqual({ kind: 'deposit', id: order.depositId, status: 'approved' });
    ownerStream.close();
    payerStream.close();
  });

  it('tells both sides that the depositor cancelled, and nobody else', async () => {
    const bystander = await memberWithPendingDeposit(600);
    const { owner, payer, order } = await matchedOrder(500);
    const [ownerStream, payerStream, bystanderStream] = await openStreams(owner.token, payer.token, bystander.token);

    value(await cancel(context, payer.token, order.depositId));
    const cancelled = { kind: 'c2c', id: order.orderId, status: 'cancelled' };
    expect(await ownerStream.next()).toEqual(cancelled);
    expect(await payerStream.next()).toEqual(cancelled);
    expect(await payerStream.next()).toEqual({ kind: 'deposit', id: order.depositId, status: 'cancelled' });
    await expectNothingBefore(bystander, bystanderStream);
    for (const stream of [ownerStream, payerStream, bystanderStream]) stream.close();
  });

  it('tells the withdrawer, on another instance, of a new order against their withdrawal (and the depositor), nobody else', async () => {
    const bystander = await memberWithPendingDeposit(600);
    const owner = await withdrawer(context, 100_000, Date.now());
    const payer = await depositor(context, Date.now());
    const [ownerStream, payerStream, bystanderStream] = await openStreams(owner.token, payer.token, bystander.token);

    // The depositor's C2C deposit inserts the order already matched (migration 051's trigger).
    const order = value<C2CDeposit>(await depositC2C(context, payer.token, 300));
    try {
      expect(order).toMatchObject({ status: 'matched', cardNumber: owner.cardNumber });
      const created = { kind: 'c2c', id: order.orderId, status: 'matched' };
      expect(await ownerStream.next()).toEqual(created);
      expect(await payerStream.next()).toEqual(created);
      await expectNothingBefore(bystander, bystanderStream);
    } finally {
      // Closed for the next test (pass or fail): the depositor cancels.
      value(await cancel(context, payer.token, order.depositId));
      for (const stream of [ownerStream, payerStream, bystanderStream]) stream.close();
    }
  });
});

describe('paymentStatusOf', () => {
  it('reads the trigger payload and drops anything else', () => {
    expect(paymentStatusOf('{"memberId":7,"kind":"deposit","id":12,"status":"approved"}')).toEqual({ memberId: 7, change: { kind: 'deposit', id: 12, status: 'approved' } });
    expect(paymentStatusOf('{"memberId":7,"kind":"bet","id":12,"status":"won"}')).toBeNull();
    expect(paymentStatusOf('not json')).toBeNull();
    expect(paymentStatusOf('null')).toBeNull();
  });
});
