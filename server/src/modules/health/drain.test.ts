import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type pg from 'pg';
import { buildApp } from '../../app';
import { createPool } from '../../db/pool';
import { DRAIN_RETRY_MAX_MS, DRAIN_RETRY_MIN_MS } from '../../http/lifecycle';
import { drainAndClose } from '../../main';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { assertLedgerReconciled, ensureHouseAccount, ensureMemberAccount, memberBalanceMinor, postTransaction } from '../ledger';
import { movement } from '../ledger/ledger.testing';
import { createMember, tokenFor } from '../member/member.testing';

// An instance told to stop, as a gateway in front of several sees it: /readyz says draining at
// once (so no new requests are sent to it), every open event stream is told when to reconnect
// (elsewhere) and ended, a stream opened meanwhile is ended the same way, and a money call in
// flight is not cut: the close waits for it, and it commits and answers.

let context: TestContext;
let draining: { app: FastifyInstance; pool: pg.Pool; url: string };

beforeAll(async () => {
  context = await createTestApp();
  await context.ownerPool.query(
    `INSERT INTO merchant_setting (merchant_id, key, value) VALUES ($1, 'wallet', '{"single": false}')
     ON CONFLICT (merchant_id, key) DO UPDATE SET value = EXCLUDED.value`,
    [context.merchantId],
  );
  const pool = createPool(context.appDatabaseUrl, 5);
  const app = await buildApp({ pool, remoteOverrides: {}, lotteryJobs: false, logger: false });
  draining = { app, pool, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
});

afterAll(async () => {
  await draining.pool.end();
  await context.close();
});

/** A request over its own connection (no agent: nothing kept open to hold up the close). */
function request(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The balance stream, read until the server ends it; `opened` once its first balance event came. */
function balanceStream(token: string): { opened: Promise<void>; body: Promise<string> } {
  let markOpened: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const body = new Promise<string>((resolve, reject) => {
    http
      .get(`${draining.url}/wps/v2/wallets/balance/events`, { headers: { authorization: token, language: 'EN' }, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: balance')) markOpened();
        });
        response.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
  return { opened, body };
}

/** The reconnect delay of the stream's last block, which must be its last `retry:` line. */
function lastRetryMs(body: string): number {
  const blocks = body.trim().split('\n\n');
  const last = blocks[blocks.length - 1];
  expect(last).toMatch(/^retry: \d+$/);
  return Number(last.slice('retry: '.length));
}

it('says draining, ends its streams with a reconnect delay, and finishes the money call in flight before it closes', async () => {
  const memberId = await createMember(context.pool, context.merchantId, { username: 'drain01', password: 'secret123' });
  const wallet = await ensureMemberAccount(context.pool, context.merchantId, memberId, 'REAL', Date.now());
  const house = await ensureHouseAccount(context.pool, context.merchantId, 'house_cash', Date.now());
  await postTransaction(context.pool, movement(context.merchantId, 'drain01:fund', { from: house, to: wallet, amountMinor: 50_000, nowMs: Date.now() }));
  const token = await tokenFor(context.app, 'drain01', 'secret123');
  const vendor = (await context.pool.query<{ id: number }>('SELECT id FROM game_vendor WHERE merchant_id = $1 AND enabled ORDER BY sort_order, id LIMIT 1', [context.merchantId])).rows[0].id;

  expect(json<{ status: string }>(await draining.app.inject({ method: 'GET', url: '/readyz' })).status).toBe('ready');
  const stream = balanceStream(token);
  await stream.opened;

  // The money call's answer is recorded as the server finishes writing it: a close that waits for
  // the call comes after.
  const events: string[] = [];
  draining.app.server.on('request', (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    if (incoming.url?.includes('GCS_walletTransfer')) outgoing.on('finish', () => events.push('answered'));
  });
  // A money call held in flight: its wallet's row is locked by another transaction.
  const blocker = await context.ownerPool.connect();
  let transferred: Promise<{ status: number; body: string }>;
  try {
    await blocker.query('BEGIN');
    await blocker.query('SELECT 1 FROM ledger_account WHERE id = $1 FOR UPDATE', [wallet]);
    transferred = request('POST', `${draining.url}/wps/relay/GCS_walletTransfer`, { authorization: token, language: 'EN', 'idempotency-key': 'drain01:transfer' }, {
      fromAccountTypeId: 0,
      toAccountTypeId: vendor,
      amount: 123.45,
    });
    // Wait until the call is inside the database, waiting on the lock.
    for (;;) {
      const waiting = await context.ownerPool.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND backend_type = 'client backend'");
      if (waiting.rowCount) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    // Draining (drainAndClose's first step, here alone so the grace period can be looked at): not
    // ready, liveness unchanged, the open stream told when to come back and ended.
    draining.app.lifecycle?.drain();
    const readiness = await draining.app.inject({ method: 'GET', url: '/readyz' });
    expect(readiness.statusCode).toBe(503);
    expect(json<{ status: string }>(readiness).status).toBe('draining');
    expect((await draining.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const retryMs = lastRetryMs(await stream.body);
    expect(retryMs).toBeGreaterThanOrEqual(DRAIN_RETRY_MIN_MS);
    expect(retryMs).toBeLessThanOrEqual(DRAIN_RETRY_MAX_MS);
    expect(draining.app.lifecycle?.openStreams).toBe(0);

    // Then the close, with the call still in flight.
    const closed = drainAndClose({ app: draining.app, close: () => draining.app.close() }, 0).then(() => events.push('closed'));
    // The call in flight has not been cut: it finishes once the lock goes, before the close ends.
    await blocker.query('COMMIT');
    const answer = await transferred;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true });
    await closed;
    expect(events).toEqual(['answered', 'closed']);
  } finally {
    await blocker.query('ROLLBACK').catch(() => undefined);
    blocker.release();
  }
  expect(await memberBalanceMinor(context.pool, context.merchantId, memberId)).toBe(50_000 - 12_345);
  await assertLedgerReconciled(context.pool);
});

it('ends a stream opened while draining at once, with a reconnect delay, before it sends anything', async () => {
  const app = await buildApp({ pool: draining.pool, remoteOverrides: {}, lotteryJobs: false, logger: false });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await createMember(context.pool, context.merchantId, { username: 'drain02', password: 'secret123' });
    const token = await tokenFor(app, 'drain02', 'secret123');
    app.lifecycle?.drain();
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(`${url}/wps/v2/wallets/balance/events`, { headers: { authorization: token, language: 'EN' }, agent: false }, (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(body).not.toContain('event:');
    const retryMs = lastRetryMs(body);
    expect(retryMs).toBeGreaterThanOrEqual(DRAIN_RETRY_MIN_MS);
    expect(app.lifecycle?.openStreams).toBe(0);
  } finally {
    await app.close();
  }
});
