import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, withDatabase } from '../db/pool';

/** Set by global-setup.ts: a URL with the right to CREATE DATABASE. */
export const ADMIN_URL_VARIABLE = 'SERVER_TEST_ADMIN_DATABASE_URL';

export interface TestDatabase {
  name: string;
  databaseUrl: string;
  pool: pg.Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

function adminUrl(): string {
  const url = process.env[ADMIN_URL_VARIABLE];
  if (!url) throw new Error(`${ADMIN_URL_VARIABLE} is not set: run the tests through server/jest.config.js`);
  return url;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database (no migrations), so test files never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const databaseUrl = withDatabase(adminUrl(), name);
  const pool = createPool(databaseUrl, 5);
  return {
    name,
    databaseUrl,
    pool,
    drop: async () => {
      await pool.end();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
    },
  };
}
