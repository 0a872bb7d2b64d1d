import { BALANCE_EVENT, type Envelope } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type pg from 'pg';
import { buildApp } from '../../app';
import { createPool } from '../../db/pool';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { createMember, tokenFor } from '../member/member.testing';
import { BALANCE_LISTENER_APPLICATION_NAME } from './balance-stream';
import { ensureHouseAccount, ensureMemberAccount, postTransaction } from './ledger.service';

// The balance push (GET /wps/v2/wallets/balance/events) over real HTTP, with two server instances
// on one database: money moved anywhere reaches every open stream of its member, on either
// instance, at once; a stream opens with the balance; a listener that lost its connection catches
// up when it is back.

let context: TestContext;
let second: { app: FastifyInstance; pool: pg.Pool };
const urls: string[] = [];
let keyCounter = 0;

beforeAll(async () => {
  context = await createTestApp();
  const pool = createPool(context.appDatabaseUrl, 5);
  second = { app: await buildApp({ pool, remoteOverrides: {}, logger: false }), pool };
  for (const app of [context.app, second.app]) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
});

afterAll(async () => {
  await second.app.close();
  await second.pool.end();
  await context.close();
});

async function memberWithToken(username: string): Promise<{ memberId: number; token: string; account: number }> {
  const memberId = await createMember(context.pool, context.merchantId, { username, password: 'secret123' });
  const account = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', Date.now());
  return { memberId, account, token: await tokenFor(context.app, username, 'secret123') };
}

/** Moves `amountMinor` from the house to the account, as a deposit would. */
async function credit(account: number, amountMinor: number): Promise<void> {
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', Date.now());
  await postTransaction(context.pool, {
    merchantId: context.merchantId,
    idempotencyKey: `push-test-${++keyCounter}`,
    kind: 'test_deposit',
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: account, amountMinor },
    ],
    nowMs: Date.now(),
  });
}

interface BalanceStream {
  /** Resolves with the next balance event's sumBalance, or rejects after `timeoutMs`. */
  next: (timeoutMs?: number) => Promise<number>;
  close: () => void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/**
 * Opens a stream as the browser does (the token in the Authorization header) and parses its
 * events. node:http without an agent: one connection, gone with the stream (fetch's pool keeps a
 * spare connection open that would hold up the server's close).
 */
function openStream(baseUrl: string, token: string | null): Promise<BalanceStream & { status: number; contentType: string; body: () => Promise<string> }> {
  return new Promise((resolveOpen, rejectOpen) => {
    const headers: Record<string, string> = { language: 'EN' };
    if (token) headers.authorization = token;
    const request = http.get(`${baseUrl}/wps/v2/wallets/balance/events`, { headers, agent: false }, (response) => {
      const events: number[] = [];
      const waiting: ((value: number) => void)[] = [];
      let buffer = '';
      let raw = '';
      response.setEncoding('utf8');
      const ended = new Promise<void>((resolveEnd) => {
        response.on('close', () => resolveEnd());
        response.on('data', (chunk: string) => {
          raw += chunk;
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
            if (fields.event !== BALANCE_EVENT) continue;
            const sumBalance = (JSON.parse(fields.data) as { sumBalance: number }).sumBalance;
            const waiter = waiting.shift();
            if (waiter) waiter(sumBalance);
            else events.push(sumBalance);
          }
        });
      });
      resolveOpen({
        status: response.statusCode ?? 0,
        contentType: String(response.headers['content-type'] ?? ''),
        body: async () => {
          await ended;
          return raw;
        },
        next: (timeoutMs = 15_000) => {
          const ready = events.shift();
          if (ready !== undefined) return Promise.resolve(ready);
          return new Promise<number>((resolve, reject) => {
            const waiter = (value: number) => {
              clearTimeout(timer);
              resolve(value);
            };
            const timer = setTimeout(() => {
              waiting.splice(waiting.indexOf(waiter), 1);
              reject(new Error(`no balance event within ${timeoutMs} ms`));
            }, timeoutMs);
            waiting.push(waiter);
          });
        },
        close: () => request.destroy(),
        ended,
      });
    });
    request.on('error', (error) => {
      if (!request.destroyed || !String(error).includes('socket hang up')) rejectOpen(error);
    });
  });
}

async function openBalanceStream(baseUrl: string, token: string): Promise<BalanceStream> {
  const stream = await openStream(baseUrl, token);
  expect(stream.status).toBe(200);
  expect(stream.contentType).toMatch(/^text\/event-stream/);
  return stream;
}

describe('balance push', () => {
  it('opens with the balance, and a deposit reaches the streams on both instances within a second', async () => {
    const { account, token } = await memberWithToken('push_both');
    await credit(account, 10_000);
    const onFirst = await openBalanceStream(urls[0], token);
    const onSecond = await openBalanceStream(urls[1], token);
    expect(await onFirst.next()).toBe(100);
    expect(await onSecond.next()).toBe(100);

    const started = Date.now();
    await credit(account, 2_550);
    expect(await onFirst.next()).toBe(125.5);
    expect(await onSecond.next()).toBe(125.5);
    expect(Date.now() - started).toBeLessThan(1000);
    onFirst.close();
    onSecond.close();
  });

  it("tells a member nothing of another member's money", async () => {
    const watcher = await memberWithToken('push_watcher');
    const other = await memberWithToken('push_other');
    const stream = await openBalanceStream(urls[1], watcher.token);
    expect(await stream.next()).toBe(0);
    await credit(other.account, 500);
    await expect(stream.next(500)).rejects.toThrow('no balance event');
    await credit(watcher.account, 100);
    expect(await stream.next()).toBe(1);
    stream.close();
  });

  it('catches up after its listener lost the database connection', async () => {
    const { account, token } = await memberWithToken('push_reconnect');
    const stream = await openBalanceStream(urls[1], token);
    expect(await stream.next()).toBe(0);
    const listener = second.app.balanceStreams!.channelListener;
    // The database ends the listeners' connections (both instances'), as a failover would.
    await context.ownerPool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1 || ':%' AND datname = current_database()",
      [BALANCE_LISTENER_APPLICATION_NAME],
    );
    for (let tries = 0; tries < 100 && listener.listening; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(listener.listening).toBe(false);
    // Announced while nobody on the second instance listened: the notification is lost.
    await credit(account, 700);
    expect(await stream.next(5000)).toBe(7);
    expect(listener.listening).toBe(true);
    stream.close();
  });

  it('refuses a request without a live session with an error envelope', async () => {
    const response = await openStream(urls[0], null);
    expect(response.status).toBe(401);
    const body = JSON.parse(await response.body()) as Envelope<unknown>;
    expect(body.success).toBe(false);
    expect(body.errorCode).toEqual(expect.any(String));
  });

  it('forgets a closed stream, and ends open streams when the server closes', async () => {
    const { token } = await memberWithToken('push_close');
    const streams = second.app.balanceStreams!;
    const before = streams.openStreams;
    const stream = await openBalanceStream(urls[1], token);
    await stream.next();
    expect(streams.openStreams).toBe(before + 1);
    stream.close();
    for (let tries = 0; tries < 50 && streams.openStreams > before; tries++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(streams.openStreams).toBe(before);

    const third = await buildApp({ pool: second.pool, remoteOverrides: {}, logger: false });
    const url = await third.listen({ port: 0, host: '127.0.0.1' });
    const open = await openBalanceStream(url, token);
    await open.next();
    await third.close();
    await open.ended;
  });
});
