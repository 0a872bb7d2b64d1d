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
  await withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(postgres.template)}`);
    // A test file's database left behind (a crashed worker) still holds grants to the role.
    await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(postgres.appRole)}`).catch((error: Error) => {
      process.emitWarning(`Could not drop the test app role ${postgres.appRole}: ${error.message}`);
    });
  }, postgres.adminUrl);
}
