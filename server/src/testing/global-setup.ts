import fs from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded';
import { REPO_ROOT } from '../paths';
import { ADMIN_URL_VARIABLE } from './test-database';

// One PostgreSQL for the whole Jest run; each test file then creates its own database in it
// (test-database.ts). With DATABASE_URL set, that server is used instead (it must allow
// CREATE DATABASE).

export interface TestPostgresGlobal {
  __serverTestPostgres?: { handle: EmbeddedPostgresHandle; dataDir: string };
}

export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env[ADMIN_URL_VARIABLE] = process.env.DATABASE_URL;
    return;
  }
  const dataDir = path.join(REPO_ROOT, '.data', `test-pg-${process.pid}`);
  await fs.rm(dataDir, { recursive: true, force: true });
  // Not persistent: stopping it deletes the data directory.
  const handle = await startEmbeddedPostgres({ dataDir, persistent: false });
  // Workers are started after global setup and inherit this environment.
  process.env[ADMIN_URL_VARIABLE] = handle.adminUrl;
  (globalThis as TestPostgresGlobal).__serverTestPostgres = { handle, dataDir };
}
