import { PAYMENT_STATUS_EVENT, type PaymentStatusChange } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type pg from 'pg';
import { buildApp } from '../../app';
import { createPool } from '../../db/pool';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { holdWithdrawal, payWithdrawal, rejectWithdrawal } from '../withdrawal';
import { bindCard, credit, memberWithSession, newKey, setPaymentPasswordOf } from '../withdrawal/withdrawal.testing';
import { paymentStatusOf } from './payment-stream';

// The status push (GET /wps/v2/wallets/balance/events, `paymentStatus` events): a withdrawal an
// operator pays or rejects reaches its member's open stream, on another server instance than the
// one that settled it, although paying moves none of the member's money (no balance event).

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
        next: (timeoutMs = 2000) => {
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

async function memberWithPendingWithdrawal(amountMinor: number) {
  const session = await memberWithSession(context, `pay_push${++memberCounter}`);
  await setPaymentPasswordOf(context.app, session.token);
  const cardId = await bindCard(context.app, session.token);
  await credit(context.pool, context.merchantId, session.memberId, amountMinor * 2);
  const { withdrawal } = await holdWithdrawal(context.pool, {
    merchantId: context.merchantId,
    memberId: session.memberId,
    amountMinor,
    cardId,
    withdrawType: 'BC',
    idempotencyKey: newKey(),
    nowMs: Date.now(),
  });
  return { ...session, withdrawalId: withdrawal.id };
}

describe('payment status push', () => {
  it('tells the member, on another instance, that the operator paid their withdrawal', async () => {
    const member = await memberWithPendingWithdrawal(50_000);
    const stream = await openStream(secondUrl, member.token);
    await stream.opened;

    await payWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: member.withdrawalId, operatorName: 'alice', nowMs: Date.now() });
    expect(await stream.next()).toEqual({ kind: 'withdrawal', id: member.withdrawalId, status: 'paid' });
    stream.close();
  });

  it('tells the member a rejection, and nobody else', async () => {
    const member = await memberWithPendingWithdrawal(60_000);
    const other = await memberWithPendingWithdrawal(50_000);
    const stream = await openStream(secondUrl, member.token);
    const otherStream = await openStream(secondUrl, other.token);
    await Promise.all([stream.opened, otherStream.opened]);

    await rejectWithdrawal(context.pool, { merchantId: context.merchantId, withdrawalId: member.withdrawalId, operatorName: 'bob', reason: 'Name does not match', nowMs: Date.now() });
    expect(await stream.next()).toEqual({ kind: 'withdrawal', id: member.withdrawalId, status: 'rejected' });
    await expect(otherStream.next(300)).rejects.toThrow(`no ${PAYMENT_STATUS_EVENT} event`);
    stream.close();
    otherStream.close();
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
