import pg from 'pg';

/** What query code needs from a pool or a checked-out client. */
export type Db = Pick<pg.Pool, 'query'>;

/**
 * `connectionTimeoutMillis`: how long a checkout may wait, for a free connection or a new one.
 * The site's 5 s keeps requests (and /healthz) from hanging while the database is down.
 */
export function createPool(databaseUrl: string, max = Number(process.env.PG_POOL_MAX) || 10, { connectionTimeoutMillis = 5000 }: { connectionTimeoutMillis?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => {
    // pool.end() resolves once it has asked its clients to close, before their sockets have:
    // a database stopped right after (a clean shutdown) still reaches them. Nothing is lost.
    if (pool.ending) return;
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  return pool;
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
