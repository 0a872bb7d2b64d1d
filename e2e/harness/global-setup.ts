import type { FullConfig } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { readSeedFile, seedMerchant } from '../../server/src/db/seed';
import { generateSecretsKeyText } from '../../server/src/secrets-key';
import { startEmbeddedDatabase } from './database';
import { E2E_BASE_URL, E2E_OPS_PORT, E2E_PORT } from './constants';
import { merchantOfWorker } from './merchant';

const repoRoot = path.resolve(__dirname, '..', '..');

async function waitForHealthy(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode} before it was healthy`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms`);
}

/**
 * One merchant per worker slot (harness/merchant.ts): the default merchant's seed under the
 * worker's code. It has no domain of its own: the `Merchant` header selects it.
 */
async function seedWorkerMerchants(databaseUrl: string, workers: number): Promise<void> {
  const seed = await readSeedFile();
  const pool = new Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (let slot = 0; slot < workers; slot++) {
      const merchant = merchantOfWorker(slot);
      await seedMerchant(pool, {
        ...seed,
        merchant: { code: merchant.code, name: seed.merchant.name, isDefault: false },
        domains: [],
      });
    }
  } finally {
    await pool.end();
  }
}

/**
 * A fresh embedded PostgreSQL and the real server (server/dist/main.js) serving the production
 * build in dist/, with a merchant per worker. Tests reach the database through E2E_DATABASE_URL
 * to act as the operator.
 */
export default async function globalSetup(config: FullConfig) {
  const database = await startEmbeddedDatabase(path.join(repoRoot, '.data', `e2e-pg-${process.pid}`));
  process.env.E2E_DATABASE_URL = database.url;
  // The run's secrets key: the server seals outbox texts with it, the workers (which inherit this
  // environment) open them with it (harness/accounts.ts).
  process.env.SECRETS_KEY = generateSecretsKeyText();

  const server = spawn(process.execPath, [path.join(repoRoot, 'server', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      // Requests run as a role of their own, with no rights on the schema (as in production).
      APP_DATABASE_URL: database.appUrl ?? '',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // The operator API is served on its own listener only (the ops tool of harness/operator.ts).
      OPS_PORT: String(E2E_OPS_PORT),
      OPS_HOST: '127.0.0.1',
      // The demo channels pay through the gateway simulator, which runs only when asked for.
      PAYMENT_SIMULATOR: '1',
      STATIC_ROOT: path.join(repoRoot, 'dist'),
      LOG_LEVEL: 'warn',
      // The real-time salary pass every 10 s instead of every 5 minutes, so the agent's
      // journey sees its wage within a browser test's time.
      AGENT_WAGE_INTERVAL_MS: '10000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealthy(`${E2E_BASE_URL}/healthz`, server);
  // The server has migrated the database and seeded the default merchant by now.
  await seedWorkerMerchants(database.url, config.workers);

  return async () => {
    // A server that already exited (it crashed, or a test stopped it) has nothing to wait for.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await database.stop();
    rmSync(database.dataDir, { recursive: true, force: true });
  };
}
