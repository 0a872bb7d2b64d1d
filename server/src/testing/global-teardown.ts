import fs from 'node:fs/promises';
import type { TestPostgresGlobal } from './global-setup';
import { withAdmin } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const postgres = (globalThis as TestPostgresGlobal).__serverTestPostgres;
  if (!postgres) return;
  if (postgres.embedded) {
    await postgres.embedded.handle.stop();
    await fs.rm(postgres.embedded.dataDir, { recursive: true, force: true });
    return;
  }
  // An external server (DATABASE_URL) keeps running: leave it as it was.
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(postgres.template)}`), postgres.adminUrl);
}
