import fs from 'node:fs/promises';
import type { TestPostgresGlobal } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const postgres = (globalThis as TestPostgresGlobal).__serverTestPostgres;
  if (!postgres) return;
  await postgres.handle.stop();
  await fs.rm(postgres.dataDir, { recursive: true, force: true });
}
