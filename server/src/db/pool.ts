import pg from 'pg';

/** What query code needs from a pool or a checked-out client. */
export type Db = Pick<pg.Pool, 'query'>;

export function createPool(databaseUrl: string, max = Number(process.env.PG_POOL_MAX) || 10): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  return pool;
}

/** Runs `work` inside one transaction on one connection; rolls back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Creates `database` on the server of `adminUrl` unless it exists (safe if two processes race). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } catch (error) {
      // 42P04 duplicate_database: another process created it between the check and here.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
  } finally {
    await client.end();
  }
}
