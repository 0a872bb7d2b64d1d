import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: FastifyInstance;
  /**
   * The app's own pool, as the app role (db/app-role.ts): reads and writes rows, never the schema
   * nor ledger history. Fixtures and most operator SQL work through it.
   */
  pool: pg.Pool;
  /** As the owner of the schema, for what the app role may not do (tampering with the ledger, DDL). */
  ownerPool: pg.Pool;
  /** The owner's URL. */
  databaseUrl: string;
  /** The app role's URL. */
  appDatabaseUrl: string;
  /** Id of the seeded default merchant. */
  merchantId: number;
  close(): Promise<void>;
}

export type TestAppOptions = Omit<BuildAppOptions, 'pool' | 'logger'>;

// Tables whose changes bump the config revision (migrations 008, 009, 011, 033).
const CONFIG_TABLES = new RegExp(
  '\\b(' +
    ['merchant', 'merchant_domain', 'merchant_setting', 'whitelabel_module', 'register_field_rule', 'resource', 'customer_service',
      'banner', 'announcement', 'promotion', 'help_article', 'game_vendor', 'country', 'domain_route', 'maintenance_window',
      'region_rule', 'ip_country_override', 'remote_origin',
      'game_provider', 'game_vendor_maintenance'].join('|') +
    ')\\b',
  'i',
);
const WRITE = /^\s*(INSERT|UPDATE|DELETE|TRUNCATE|WITH)\b/i;

/**
 * Waits until the app has heard of the stored configuration revision: after a change made through
 * the API (an operator route), before asking the site what players now see. Bounded (10 s) for a
 * busy machine; the assertion after it then says what was not seen.
 */
export async function untilConfigurationHeard(pool: Pick<pg.Pool, 'query'>, app: FastifyInstance): Promise<void> {
  const watch = app.configRevision;
  if (!watch) return;
  const stored = BigInt((await pool.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const known = watch.revision;
    if (known === undefined || BigInt(known) >= stored || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/**
 * The app hears of a configuration change through LISTEN/NOTIFY (db/config-revision.ts), a few
 * milliseconds after it commits. A test's fixture writes as an operator and then asks at once:
 * `pool` as seen by the test waits, after a statement that changes configuration, until the app
 * has heard of the stored revision (as any replica does within milliseconds).
 */
function settlingPool(pool: pg.Pool, app: FastifyInstance): pg.Pool {
  const settle = () => untilConfigurationHeard(pool, app);
  const query = async (...args: unknown[]) => {
    const result = await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (text && WRITE.test(text) && CONFIG_TABLES.test(text)) await settle();
    return result;
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * A migrated and seeded database of its own (a clone of the template global-setup.ts prepared)
 * plus the app on it, running as the app role like the site, exercised with `app.inject`. The app
 * is returned before ready(), so a test may still add routes.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase({ prepared: true });
  // The lottery scheduler stays off unless a test asks for it (its ticks would run in every test app).
  const app = await buildApp({ remoteOverrides: {}, lotteryJobs: false, ...options, pool: database.appPool, logger: false });
  const merchant = await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'");
  return {
    app,
    pool: settlingPool(database.appPool, app),
    ownerPool: settlingPool(database.pool, app),
    databaseUrl: database.databaseUrl,
    appDatabaseUrl: database.appDatabaseUrl,
    merchantId: merchant.rows[0].id,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** The parsed JSON body of an inject response, typed by the caller. */
export function json<T>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
