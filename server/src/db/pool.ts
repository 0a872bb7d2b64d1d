import pg from 'pg';

/** What query code needs from a pool or a checked-out client. */
export type Db = Pick<pg.Pool, 'query'>;

/**
 * `connectionTimeoutMillis`: how long a checkout may wait, for a free connection or a new one.
 * The site's 5 s keeps requests (and /healthz) from hanging while the database is down.
 * `sessionUrl`: the pool's URL is a transaction-mode pooler (PgBouncer), which runs each
 * transaction on whichever server connection is free. What lives on a session needs a connection
 * of its own: LISTEN, and the jobs' session advisory locks (periodic-job.ts) go to `sessionUrl`
 * directly (sessionPoolOf, sessionConnectionOf), and every statement goes unnamed, since one
 * prepared by name on a server connection is unknown on the next (server/README.md "Several
 * instances").
 */
export function createPool(
  databaseUrl: string,
  max = Number(process.env.PG_POOL_MAX) || 10,
  { connectionTimeoutMillis = 5000, sessionUrl }: { connectionTimeoutMillis?: number; sessionUrl?: string } = {},
): pg.Pool {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, connectionTimeoutMillis });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', (error) => {
    // pool.end() resolves once it has asked its clients to close, before their sockets have:
    // a database stopped right after (a clean shutdown) still reaches them. Nothing is lost.
    if (pool.ending) return;
    process.emitWarning(`PostgreSQL idle client error: ${error.message}`);
  });
  // The pool listens for errors on idle clients only. A client checked out and between two
  // queries (a transaction's work in between, a job's kept lock) that loses its connection (the
  // database restarting: 57P01) emits 'error' with nobody listening, which would end the process.
  // Its next query fails and its holder handles that; the event itself needs no more.
  pool.on('connect', (client) => client.on('error', ignoreCheckedOutError));
  if (sessionUrl) {
    pool.on('connect', sendUnnamed);
    const session = createPool(sessionUrl, SESSION_POOL_MAX, { connectionTimeoutMillis });
    sessionPools.set(pool, session);
    const endPooled = pool.end.bind(pool);
    pool.end = (async () => {
      await Promise.all([endPooled(), session.end()]);
    }) as typeof pool.end;
  }
  return pool;
}

const ignoreCheckedOutError = (): void => undefined;

/** Direct connections a pool behind a pooler keeps for session features: the jobs' leader locks. */
const SESSION_POOL_MAX = 4;
const sessionPools = new WeakMap<pg.Pool, pg.Pool>();

/** Where a session feature (a session advisory lock) checks out its connection: the pool's direct one, or the pool itself. */
export function sessionPoolOf(pool: pg.Pool): pg.Pool {
  return sessionPools.get(pool) ?? pool;
}

/** The connection settings a LISTEN connection opens with: the direct ones of a pool behind a pooler. */
export function sessionConnectionOf(pool: pg.Pool): pg.PoolConfig {
  return sessionPoolOf(pool).options;
}

/** A client of a pooled pool: its statements lose their names (prepared unnamed, each time). */
function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) =>
    query(typeof config === 'object' && config !== null && 'name' in config ? { ...config, name: undefined } : config, ...rest)) as typeof client.query;
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
