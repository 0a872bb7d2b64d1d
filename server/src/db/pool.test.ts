import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { PeriodicJob } from './periodic-job';
import { createPool, sessionConnectionOf, sessionPoolOf } from './pool';

// A pool behind a transaction-mode pooler (PgBouncer, `npm run cluster`): a statement prepared by
// name on one server connection is unknown on the next, and a session lock or LISTEN taken
// through it would stay on a server connection other clients then borrow. So such a pool sends
// every statement unnamed, and keeps direct connections for what lives on a session. Here both
// URLs reach the test database directly: what is checked is what each connection was sent.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

const PREPARED = 'SELECT count(*)::int AS prepared FROM pg_prepared_statements';

test('a plain pool prepares a named statement on its connection; a pooled one sends it unnamed', async () => {
  for (const [pooled, expected] of [
    [false, 1],
    [true, 0],
  ] as const) {
    const pool = pooled ? createPool(database.appDatabaseUrl, 1, { sessionUrl: database.appDatabaseUrl }) : createPool(database.appDatabaseUrl, 1);
    try {
      const client = await pool.connect();
      try {
        const named = await client.query<{ one: number }>({ name: 'pool_test_named', text: 'SELECT $1::int AS one', values: [1] });
        expect(named.rows).toEqual([{ one: 1 }]);
        // Through the pool too (pool.query checks out a client of the same kind).
        expect((await client.query<{ prepared: number }>(PREPARED)).rows[0].prepared).toBe(expected);
      } finally {
        client.release();
      }
      expect((await pool.query<{ one: number }>({ name: 'pool_test_named_2', text: 'SELECT $1::int AS one', values: [2] })).rows).toEqual([{ one: 2 }]);
    } finally {
      await pool.end();
    }
  }
});

test('a pooled pool lends direct connections for session features, and ends them with itself', async () => {
  const plain = createPool(database.appDatabaseUrl, 1);
  const pooled = createPool(database.appDatabaseUrl, 1, { sessionUrl: database.appDatabaseUrl });
  try {
    expect(sessionPoolOf(plain)).toBe(plain);
    expect(sessionConnectionOf(plain)).toBe(plain.options);
    const session = sessionPoolOf(pooled);
    expect(session).not.toBe(pooled);
    expect(sessionConnectionOf(pooled)).toBe(session.options);

    // A job's leader lock is taken on the session pool: while one job holds it kept, another
    // job of the same name on the same pooled pool skips its runs.
    let runs = 0;
    const first = new PeriodicJob({ name: 'pool_test_leader', intervalMs: 60_000, run: async () => void (runs += 1), leaderLock: { pool: pooled, hold: 'kept' } });
    const second = new PeriodicJob({ name: 'pool_test_leader', intervalMs: 60_000, run: async () => void (runs += 1), leaderLock: { pool: pooled, hold: 'kept' } });
    await first.runOnce();
    await second.runOnce();
    expect(runs).toBe(1);
    const held = await database.pool.query<{ holders: number }>(
      `SELECT count(*)::int AS holders FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = (hashtextextended('pool_test_leader', 0) & 4294967295)::oid`,
    );
    expect(held.rows[0].holders).toBe(1);
    await first.close();
    await second.close();
  } finally {
    await plain.end();
    await pooled.end();
  }
  expect(sessionPoolOf(pooled).ending).toBe(true);
});

test('a checked-out client whose connection the server ends between two queries does not end the process', async () => {
  // As when PostgreSQL restarts (57P01) while a transaction's client waits on other work.
  const pool = createPool(database.appDatabaseUrl, 1);
  try {
    const client = await pool.connect();
    const { pid } = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0];
    const ended = new Promise((resolve) => client.once('end', resolve));
    await database.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await ended;
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    // The pool makes a new connection for the next checkout.
    expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await pool.end();
  }
});
