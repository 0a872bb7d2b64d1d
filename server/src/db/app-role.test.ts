import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { APP_ROLE_TABLE_RIGHTS, prepareDatabase } from '../main';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { appRoleProblems, credentialsOf, grantAppRole } from './app-role';
import { runMigrations } from './migrate';

// The two roles: the owner migrates, the app role (every request) reads and writes rows only.

let database: TestDatabase;
let appRole: string;

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
  appRole = credentialsOf(database.appDatabaseUrl).user;
});

afterAll(async () => {
  await database.drop();
});

/** What the app role may do to a table, as PostgreSQL answers it ("INSERT (columns)": some columns only). */
async function rightsOn(table: string): Promise<string[]> {
  const rights: string[] = [];
  for (const right of ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'TRIGGER', 'REFERENCES']) {
    const columnLevel = ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'].includes(right);
    const result = await database.appPool.query<{ table: boolean; columns: boolean }>(
      `SELECT has_table_privilege($1, $2) AS table, ${columnLevel ? 'has_any_column_privilege($1, $2)' : 'false'} AS columns`,
      [table, right],
    );
    if (result.rows[0].table) rights.push(right);
    else if (result.rows[0].columns) rights.push(`${right} (columns)`);
  }
  return rights;
}

async function failureCode(query: Promise<unknown>): Promise<string | undefined> {
  return query.then(
    () => undefined,
    (error: { code?: string }) => error.code,
  );
}

it('lets the app role work with rows but never change the schema', async () => {
  expect(await appRoleProblems(database.appPool)).toEqual([]);
  expect(await appRoleProblems(database.pool)).toEqual(expect.arrayContaining([expect.stringMatching(/superuser|owns/)]));
  const app = database.appPool;
  // Rows of ordinary tables: read, written, removed.
  await app.query("INSERT INTO merchant_domain (domain, merchant_id) SELECT 'roles.example', id FROM merchant WHERE code = 'DEFAULT'");
  await app.query("UPDATE merchant_domain SET domain = 'roles2.example' WHERE domain = 'roles.example'");
  await app.query("DELETE FROM merchant_domain WHERE domain = 'roles2.example'");
  // The schema: every change is refused (42501 insufficient_privilege).
  for (const sql of [
    'DROP TRIGGER ledger_posting_no_change ON ledger_posting',
    'ALTER TABLE ledger_posting ADD COLUMN note text',
    'ALTER TABLE member ADD COLUMN note text',
    'DROP TABLE merchant_domain',
    'TRUNCATE member_session',
    'CREATE TABLE shadow (id integer)',
    'CREATE FUNCTION shadow() RETURNS integer LANGUAGE sql AS $$ SELECT 1 $$',
    'DROP FUNCTION ledger_posting_append_only() CASCADE',
    "DELETE FROM schema_migrations WHERE version = '015'",
  ]) {
    expect({ sql, code: await failureCode(app.query(sql)) }).toEqual({ sql, code: '42501' });
  }
  // The owner's migrations still apply.
  expect(await runMigrations(database.pool)).toEqual([]);
});

it('gives the ledger only reading and inserting, and every other table the default', async () => {
  // Inserting only the columns a new row needs: no starting balance, no balance-after.
  expect(await rightsOn('ledger_posting')).toEqual(['SELECT', 'INSERT (columns)']);
  expect(await rightsOn('ledger_transaction')).toEqual(['SELECT', 'INSERT (columns)']);
  expect(await rightsOn('ledger_account')).toEqual(['SELECT', 'INSERT (columns)']);
  const columns = await database.appPool.query<{ balance: boolean; balance_after: boolean; amount: boolean }>(
    `SELECT has_column_privilege('ledger_account', 'balance_minor', 'INSERT') AS balance,
            has_column_privilege('ledger_posting', 'balance_after_minor', 'INSERT') AS balance_after,
            has_column_privilege('ledger_posting', 'amount_minor', 'INSERT') AS amount`,
  );
  expect(columns.rows[0]).toEqual({ balance: false, balance_after: false, amount: true });
  expect(await rightsOn('member')).toEqual(['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
  expect(await rightsOn('schema_migrations')).toEqual(['SELECT']);
});

it('grants a later migration’s tables by default, an append-only one only reading and inserting', async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  try {
    await fs.writeFile(
      path.join(dir, '901_later.sql'),
      `CREATE TABLE later_note (id integer);
       CREATE TABLE later_log (id integer);
       CREATE FUNCTION later_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'append-only'; END $$;
       CREATE TRIGGER later_log_no_change BEFORE UPDATE OR DELETE ON later_log FOR EACH ROW EXECUTE FUNCTION later_log_append_only();`,
    );
    await runMigrations(database.pool, dir, { afterMigrations: (client) => grantAppRole(client, appRole, APP_ROLE_TABLE_RIGHTS) });
    expect(await rightsOn('later_note')).toEqual(['SELECT', 'INSERT', 'UPDATE', 'DELETE']);
    expect(await rightsOn('later_log')).toEqual(['SELECT', 'INSERT']);
    // A declaration cannot open an append-only table; nor name a table that is not there.
    await expect(grantAppRole(database.pool, appRole, { later_log: ['SELECT', 'INSERT', 'UPDATE'] })).rejects.toThrow(/append-only/);
    await expect(grantAppRole(database.pool, appRole, { ledger_postings: ['SELECT'] })).rejects.toThrow(/does not exist/);
    await expect(grantAppRole(database.pool, appRole, { later_note: ['SELECT; DROP TABLE member'] })).rejects.toThrow(/not a plain privilege/);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});

it('takes back on the next start what was granted by hand', async () => {
  await database.pool.query(`GRANT UPDATE, DELETE, TRUNCATE ON ledger_posting, ledger_account TO ${pg.escapeIdentifier(appRole)}`);
  expect(await rightsOn('ledger_posting')).toEqual(['SELECT', 'INSERT (columns)', 'UPDATE', 'DELETE', 'TRUNCATE']);
  await prepareDatabase(database.pool, { appRole });
  expect(await rightsOn('ledger_posting')).toEqual(['SELECT', 'INSERT (columns)']);
  expect(await rightsOn('ledger_account')).toEqual(['SELECT', 'INSERT (columns)']);
});
