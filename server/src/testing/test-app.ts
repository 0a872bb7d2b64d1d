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

/**
 * A migrated and seeded database of its own (a clone of the template global-setup.ts prepared)
 * plus the app on it, running as the app role like the site, exercised with `app.inject`. The app
 * is returned before ready(), so a test may still add routes.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase({ prepared: true });
  const app = await buildApp({ remoteOverrides: {}, ...options, pool: database.appPool, logger: false });
  const merchant = await database.appPool.query<{ id: number }>("SELECT id FROM merchant WHERE code = 'DEFAULT'");
  return {
    app,
    pool: database.appPool,
    ownerPool: database.pool,
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
