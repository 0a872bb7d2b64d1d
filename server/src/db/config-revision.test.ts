import type { Envelope, SystemStatus, Whitelabel } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app';
import { createTestApp, json, type TestContext } from '../testing/test-app';
import { createTestDatabase } from '../testing/test-database';
import { LISTENER_APPLICATION_NAME } from './config-revision';
import { createPool } from './pool';

// Merchants and configuration are served from memory (db/config-revision.ts, migration 016):
// an operator's change reaches every app on the database through LISTEN/NOTIFY, a missed
// notification through the periodic check, and a warm read costs no query.

let context: TestContext;
/** A second replica: another app, its own pool (as the app role), the same database. */
let second: { app: FastifyInstance; pool: pg.Pool };
let moduleId: string;

const whitelabelOf = async (app: FastifyInstance) =>
  json<Envelope<Whitelabel>>(await app.inject({ method: 'GET', url: '/wps/system/whitelabel', headers: { merchant: 'DEFAULT' } })).value!;

const statusOf = async (app: FastifyInstance) =>
  json<Envelope<SystemStatus>>(await app.inject({ method: 'GET', url: '/wps/system/status', headers: { merchant: 'DEFAULT' } })).value!;

/** Milliseconds until `app` answers `enabled` for the module (polling every 10 ms), or throws after `limitMs`. */
async function msUntilSwitch(app: FastifyInstance, enabled: '0' | '1', startedAt: number, limitMs: number): Promise<number> {
  for (;;) {
    if ((await whitelabelOf(app))[moduleId]?.enabled === enabled) return Date.now() - startedAt;
    if (Date.now() - startedAt > limitMs) throw new Error(`the switch did not become ${enabled} within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Counts the statements an app sends through `pool`, queries and checked-out clients alike. */
function countQueries(pool: pg.Pool): { readonly count: number; stop(): void } {
  let count = 0;
  const query = pool.query;
  pool.query = ((...args: unknown[]) => {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(pool, args);
  }) as typeof pool.query;
  const onAcquire = () => count++;
  pool.on('acquire', onAcquire);
  return {
    get count() {
      return count;
    },
    stop() {
      pool.query = query;
      pool.off('acquire', onAcquire);
    },
  };
}

beforeAll(async () => {
  context = await createTestApp();
  const pool = createPool(context.appDatabaseUrl, 5);
  second = { app: await buildApp({ pool, remoteOverrides: {}, logger: false }), pool };
  moduleId = Object.keys(await whitelabelOf(context.app))[0];
});

afterAll(async () => {
  await second.app.close();
  await second.pool.end();
  await context.close();
});

describe('config revision in memory', () => {
  it("shows an operator's change on both apps of one database within a second", async () => {
    const before = (await whitelabelOf(context.app))[moduleId].enabled;
    expect((await whitelabelOf(second.app))[moduleId].enabled).toBe(before);
    const after = before === '1' ? '0' : '1';
    const startedAt = Date.now();
    await context.ownerPool.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [
      after === '1',
      context.merchantId,
      moduleId,
    ]);
    expect(await msUntilSwitch(context.app, after, startedAt, 1000)).toBeLessThan(1000);
    expect(await msUntilSwitch(second.app, after, startedAt, 1000)).toBeLessThan(1000);
    // And the status of both carries it too.
    expect((await statusOf(context.app)).info.whitelabel[moduleId].enabled).toBe(after);
    expect((await statusOf(second.app)).info.whitelabel[moduleId].enabled).toBe(after);
  });

  it('knows, as soon as it is built, the revision its own start-up writes moved to', async () => {
    // A fresh database's vendor rows have no secret yet: the app makes them as it starts, which
    // moves the revision. Ready, it must already serve that revision, not the one before it and
    // a notification later (its first answers would be cached under a revision about to go).
    const database = await createTestDatabase({ prepared: true });
    const storedRevision = async () =>
      (await database.pool.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision;
    const withoutSecret = async () => (await database.pool.query('SELECT 1 FROM game_provider WHERE secret_sealed IS NULL')).rowCount;
    let app: FastifyInstance | undefined;
    try {
      expect(await withoutSecret()).toBeGreaterThan(0);
      const before = await storedRevision();
      app = await buildApp({ pool: database.appPool, remoteOverrides: {}, lotteryJobs: false, logger: false });
      // Built: the watch listens and knows a revision. It must be the one after the secrets.
      const knownWhenBuilt = app.configRevision?.revision;
      const moves: Array<string | undefined> = [];
      app.configRevision?.onChange((revision) => moves.push(revision));
      await app.ready();
      const stored = await storedRevision();
      expect(await withoutSecret()).toBe(0);
      expect(BigInt(stored)).toBeGreaterThan(BigInt(before));
      expect(knownWhenBuilt).toBe(stored);
      expect(app.configRevision?.revision).toBe(stored);
      expect(moves).toEqual([]);
    } finally {
      await app?.close();
      await database.drop();
    }
  });

  it('serves a warm status, whitelabel and vendor lanes without a query', async () => {
    const reads = [
      { method: 'GET' as const, url: '/wps/system/status', headers: { merchant: 'DEFAULT' } },
      { method: 'GET' as const, url: '/wps/system/whitelabel', headers: { merchant: 'DEFAULT' } },
      { method: 'GET' as const, url: '/wps/relay/GCSGAME_newGameVendor?platform=html5&language=EN', headers: { merchant: 'DEFAULT' } },
      // By host name (no Merchant header): the default merchant.
      { method: 'GET' as const, url: '/wps/system/status' },
    ];
    for (const read of reads) expect((await second.app.inject(read)).statusCode).toBe(200);
    const queries = countQueries(second.pool);
    try {
      for (const read of reads) expect((await second.app.inject(read)).statusCode).toBe(200);
      expect(queries.count).toBe(0);
    } finally {
      queries.stop();
    }
  });

  it('catches a missed notification with the periodic check', async () => {
    const pool = createPool(context.appDatabaseUrl, 2);
    const app = await buildApp({ pool, remoteOverrides: {}, logger: false, configRevision: { checkIntervalMs: 200 } });
    try {
      const before = (await whitelabelOf(app))[moduleId].enabled;
      const after = before === '1' ? '0' : '1';
      const notifications = app.configRevision!.notifications;
      // The change and its revision, committed without a notification (the trigger is off for it).
      const owner = await context.ownerPool.connect();
      try {
        await owner.query('BEGIN');
        await owner.query('ALTER TABLE whitelabel_module DISABLE TRIGGER whitelabel_module_bumps_config_revision');
        await owner.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [after === '1', context.merchantId, moduleId]);
        await owner.query('UPDATE config_revision SET revision = revision + 1');
        await owner.query('ALTER TABLE whitelabel_module ENABLE TRIGGER whitelabel_module_bumps_config_revision');
        await owner.query('COMMIT');
      } finally {
        owner.release();
      }
      expect(await msUntilSwitch(app, after, Date.now(), 2000)).toBeLessThan(2000);
      expect(app.configRevision!.notifications).toBe(notifications);
    } finally {
      await app.close();
      await pool.end();
    }
  });

  it('reads from the database while the listener is down, and listens again', async () => {
    const watch = second.app.configRevision!;
    const before = (await whitelabelOf(second.app))[moduleId].enabled;
    const after = before === '1' ? '0' : '1';
    await context.ownerPool.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database() AND pid <> pg_backend_pid()`,
      [LISTENER_APPLICATION_NAME],
    );
    // The lost connection makes the revision unknown: every request reads the database.
    const deadline = Date.now() + 2000;
    while (watch.revision !== undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(watch.revision).toBeUndefined();
    await context.ownerPool.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [after === '1', context.merchantId, moduleId]);
    expect((await whitelabelOf(second.app))[moduleId].enabled).toBe(after);
    // Reconnected: known again, and notified again.
    while (watch.revision === undefined && Date.now() < deadline + 3000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watch.revision).toBeDefined();
    const startedAt = Date.now();
    await context.ownerPool.query('UPDATE whitelabel_module SET enabled = $1 WHERE merchant_id = $2 AND module_id = $3', [before === '1', context.merchantId, moduleId]);
    expect(await msUntilSwitch(second.app, before, startedAt, 1000)).toBeLessThan(1000);
  });
});
