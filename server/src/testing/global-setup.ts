import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ensureAppRole } from '../db/app-role';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded';
import { createPool, withDatabase } from '../db/pool';
import { prepareDatabase } from '../main';
import { REPO_ROOT } from '../paths';
import { generateSecretsKeyText } from '../secrets-key';
import { ADMIN_URL_VARIABLE, APP_ROLE_PASSWORD_VARIABLE, APP_ROLE_VARIABLE, TEMPLATE_DATABASE_VARIABLE, withAdmin } from './test-database';

// One PostgreSQL for the whole Jest run (or DATABASE_URL's server, which must allow CREATE
// DATABASE and CREATE ROLE), and in it one template database, migrated and seeded once here. Each
// test file then clones the template (test-database.ts) instead of migrating a database of its
// own. The run has its own app role, granted its rights in the template (so in every clone): the
// app under test runs as it, as the site does, while the tests' operator work uses the owner.

export interface TestPostgresGlobal {
  __serverTestPostgres?: { adminUrl: string; template: string; appRole: string; embedded?: { handle: EmbeddedPostgresHandle; dataDir: string } };
}

async function createTemplate(adminUrl: string, appRole: string): Promise<string> {
  const template = `t_template_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(template)}`), adminUrl);
  const pool = createPool(withDatabase(adminUrl, template), 2);
  try {
    await prepareDatabase(pool, { appRole });
  } finally {
    await pool.end();
  }
  // No one may connect to it: a connection would make every clone fail ("being accessed by other users").
  await withAdmin((client) => client.query(`ALTER DATABASE ${client.escapeIdentifier(template)} WITH ALLOW_CONNECTIONS false`), adminUrl);
  return template;
}

export default async function globalSetup(): Promise<void> {
  let adminUrl = process.env.DATABASE_URL;
  let embedded: { handle: EmbeddedPostgresHandle; dataDir: string } | undefined;
  if (!adminUrl) {
    const dataDir = path.join(REPO_ROOT, '.data', `test-pg-${process.pid}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    // Not persistent: stopping it deletes the data directory. Nothing in it must survive a crash,
    // so it need not wait for the disk (fsync off: every test's writes and each clone are faster).
    const handle = await startEmbeddedPostgres({ dataDir, persistent: false, settings: ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] });
    embedded = { handle, dataDir };
    adminUrl = handle.adminUrl;
  }
  // The run's secrets key (a new one each run): the template's RSA key and every outbox text are
  // sealed with it; buildApp, startServer and the outbox helpers read it from the environment.
  process.env.SECRETS_KEY = generateSecretsKeyText();
  // Every test file builds the app, and compiling its routes' schemas was half of that: the
  // compiled validators and serializers are kept for the run's other files, and the next run's
  // (http/compiled-schemas.ts: a schema that changes is compiled again).
  process.env.SCHEMA_CACHE_DIR ||= path.join(REPO_ROOT, 'node_modules', '.cache', 'compiled-schemas');
  // The payment gateway simulator runs only when asked for (deposit module's gateways/registry.ts): the deposit tests pay through it.
  process.env.PAYMENT_SIMULATOR = '1';
  const appRole = { name: `platform_test_app_${randomBytes(4).toString('hex')}`, password: randomBytes(18).toString('base64url') };
  await withAdmin((client) => ensureAppRole(client, { ...appRole, resetPassword: true }), adminUrl);
  const template = await createTemplate(adminUrl, appRole.name);
  // Workers are started after global setup and inherit this environment.
  process.env[ADMIN_URL_VARIABLE] = adminUrl;
  process.env[TEMPLATE_DATABASE_VARIABLE] = template;
  process.env[APP_ROLE_VARIABLE] = appRole.name;
  process.env[APP_ROLE_PASSWORD_VARIABLE] = appRole.password;
  (globalThis as TestPostgresGlobal).__serverTestPostgres = { adminUrl, template, appRole: appRole.name, embedded };
}
