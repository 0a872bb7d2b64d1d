import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { withCredentials } from '../db/app-role';
import { createPool, withDatabase } from '../db/pool';

/** Set by global-setup.ts: a URL with the right to CREATE DATABASE. */
export const ADMIN_URL_VARIABLE = 'SERVER_TEST_ADMIN_DATABASE_URL';
/** Set by global-setup.ts: the migrated and seeded database that createTestDatabase() clones. */
export const TEMPLATE_DATABASE_VARIABLE = 'SERVER_TEST_TEMPLATE_DATABASE';
/** Set by global-setup.ts: the run's app role (db/app-role.ts), granted its rights in the template. */
export const APP_ROLE_VARIABLE = 'SERVER_TEST_APP_ROLE';
export const APP_ROLE_PASSWORD_VARIABLE = 'SERVER_TEST_APP_ROLE_PASSWORD';

export interface TestDatabase {
  name: string;
  /** As the owner of the schema (the admin role): migrations, seed, operator work. */
  databaseUrl: string;
  /** The owner's pool. */
  pool: pg.Pool;
  /** As the run's app role, the role the site's requests run as. */
  appDatabaseUrl: string;
  /** The app role's pool: its rights are those a prepared database grants (none in an empty one). */
  appPool: pg.Pool;
  /** Closes the pools and drops the database. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /**
   * A copy of the database global-setup.ts migrated and seeded (as `prepareDatabase` leaves it),
   * instead of an empty one. Cloning is a file copy in PostgreSQL: far cheaper than migrating.
   */
  prepared?: boolean;
}

function requiredVariable(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through server/jest.config.js`);
  return value;
}

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>, adminUrl = requiredVariable(ADMIN_URL_VARIABLE)): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new database of the test file's own, so test files never see each other's rows. */
export async function createTestDatabase({ prepared = false }: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = requiredVariable(ADMIN_URL_VARIABLE);
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(async (client) => {
    const template = prepared ? ` TEMPLATE ${client.escapeIdentifier(requiredVariable(TEMPLATE_DATABASE_VARIABLE))}` : '';
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${template}`);
  });
  const databaseUrl = withDatabase(adminUrl, name);
  const appDatabaseUrl = withCredentials(databaseUrl, requiredVariable(APP_ROLE_VARIABLE), requiredVariable(APP_ROLE_PASSWORD_VARIABLE));
  // Tests that race a hundred callers over five connections queue for them; on a machine kept busy
  // by other work a checkout can wait longer than the site's 5 s. These tests are about outcomes
  // (money once, nothing lost), so the wait is bounded only by the test's own time.
  const pool = createPool(databaseUrl, 5, { connectionTimeoutMillis: 60_000 });
  const appPool = createPool(appDatabaseUrl, 5, { connectionTimeoutMillis: 60_000 });
  return {
    name,
    databaseUrl,
    pool,
    appDatabaseUrl,
    appPool,
    drop: async () => {
      await Promise.all([pool.end(), appPool.end()]);
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
}
