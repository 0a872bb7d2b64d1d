import pg from 'pg';
import type { Db } from './pool';

// Two database roles (README "Database roles"). The OWNER role (DATABASE_URL) owns the schema: it runs
// the migrations, the seed and the start-up key set-up. The APP role (APP_DATABASE_URL, or one the
// embedded PostgreSQL makes) serves every request: it may read and write rows, never change the
// schema, so a bug or an injected statement in the application cannot drop the ledger's triggers,
// alter its tables or rewrite its history.
//
// Its rights are granted here after every migration run (runMigrations' afterMigrations, under the
// migration lock), not by ALTER DEFAULT PRIVILEGES: the app role's name is configuration, not
// schema, and granting from one list each start also takes back anything granted by hand since.
// A table a new migration adds gets the default rights (read and write rows) with nothing else to
// do; a table with an append-only trigger (its function named *_append_only) gets only SELECT and
// INSERT unless declared otherwise, and a declaration may not give it UPDATE or DELETE.

/** Rights of the app role on one table: `SELECT`, `INSERT`, `UPDATE (column, ...)`, ... */
export type TableRights = Record<string, readonly string[]>;

/** What the app role may do to an ordinary table. */
export const DEFAULT_TABLE_RIGHTS: readonly string[] = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'];
/** What it may do to a table whose rows, once written, never change. */
export const APPEND_ONLY_TABLE_RIGHTS: readonly string[] = ['SELECT', 'INSERT'];
/** The plumbing's own tables: migrations are recorded by the owner only. */
const PLUMBING_TABLE_RIGHTS: TableRights = { schema_migrations: ['SELECT'] };

const APPEND_ONLY_TRIGGER_FUNCTION = '%\\_append\\_only';
const CHANGING_RIGHT = /^\s*(UPDATE|DELETE|TRUNCATE)\b/i;
const RIGHT = /^(SELECT|INSERT|UPDATE|DELETE|REFERENCES)( \([a-z_][a-z0-9_]*(, [a-z_][a-z0-9_]*)*\))?$/;

/** The user and password of a PostgreSQL URL. */
export function credentialsOf(databaseUrl: string): { user: string; password: string } {
  const url = new URL(databaseUrl);
  return { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

/** `databaseUrl` with another user and password (same server and database). */
export function withCredentials(databaseUrl: string, user: string, password: string): string {
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(user);
  url.password = encodeURIComponent(password);
  return url.toString();
}

export interface AppRoleSpec {
  name: string;
  password: string;
  /** Set the password of a role that already exists (the embedded PostgreSQL, which makes a new one each start). */
  resetPassword?: boolean;
}

/**
 * Creates the app role unless it exists: a login with no attribute beyond LOGIN (no superuser,
 * no role or database creation, no replication, no row-security bypass). Needs an owner with
 * CREATEROLE; a role made by the operator beforehand is left as it is (unless resetPassword).
 */
export async function ensureAppRole(db: Db, role: AppRoleSpec): Promise<void> {
  const identifier = pg.escapeIdentifier(role.name);
  const password = pg.escapeLiteral(role.password);
  const exists = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role.name]);
  if (exists.rowCount) {
    if (role.resetPassword) await db.query(`ALTER ROLE ${identifier} WITH LOGIN PASSWORD ${password}`);
    return;
  }
  try {
    await db.query(`CREATE ROLE ${identifier} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${password}`);
  } catch (error) {
    // 42710 duplicate_object, or 23505 when two processes create it at the same moment.
    const code = (error as { code?: string }).code;
    if (code === '42710' || code === '23505') return;
    if (code === '42501') {
      throw new Error(`The database role "${role.name}" of APP_DATABASE_URL does not exist, and DATABASE_URL's role may not create it: create it (CREATE ROLE … LOGIN PASSWORD …)`, { cause: error });
    }
    throw error;
  }
}

/**
 * Gives the app role exactly its rights on every table of the public schema (after taking back
 * whatever it had): `rights` per table where declared, SELECT and INSERT on an append-only table,
 * the default rights elsewhere; USAGE on the schema and its sequences. Run by the owner, in the
 * migration's locked section (concurrent GRANTs on one table can fail).
 */
export async function grantAppRole(db: Db, appRole: string, rights: TableRights = {}): Promise<void> {
  const role = pg.escapeIdentifier(appRole);
  const exists = await db.query('SELECT rolsuper FROM pg_roles WHERE rolname = $1', [appRole]);
  if (!exists.rowCount) throw new Error(`The application's database role "${appRole}" does not exist`);
  const tables = await db.query<{ name: string; append_only: boolean }>(
    `SELECT c.relname AS name,
            EXISTS (SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
                     WHERE t.tgrelid = c.oid AND NOT t.tgisinternal AND p.proname LIKE $1) AS append_only
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v')
      ORDER BY c.relname`,
    [APPEND_ONLY_TRIGGER_FUNCTION],
  );
  const declared: TableRights = { ...PLUMBING_TABLE_RIGHTS, ...rights };
  const present = new Set(tables.rows.map((table) => table.name));
  for (const name of Object.keys(declared)) {
    if (!present.has(name)) throw new Error(`App role rights are declared for table "${name}", which does not exist`);
  }
  // The whole plan is checked before anything is revoked.
  const plan = tables.rows.map((table) => {
    const tableRights = declared[table.name] ?? (table.append_only ? APPEND_ONLY_TABLE_RIGHTS : DEFAULT_TABLE_RIGHTS);
    for (const right of tableRights) {
      if (!RIGHT.test(right)) throw new Error(`App role right "${right}" on table "${table.name}" is not a plain privilege`);
      if (table.append_only && CHANGING_RIGHT.test(right)) {
        throw new Error(`Table "${table.name}" is append-only, yet the app role would get ${right} on it`);
      }
    }
    return { table: table.name, rights: tableRights };
  });
  await db.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
  await db.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`);
  await db.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
  for (const { table, rights: tableRights } of plan) {
    if (tableRights.length) await db.query(`GRANT ${tableRights.join(', ')} ON ${pg.escapeIdentifier(table)} TO ${role}`);
  }
  await db.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
}

/**
 * Why the connected role could change the schema, if it could: superuser, a member of the role
 * owning a table, the schema or the database (membership lets it act as the owner), or CREATE on
 * the schema. Empty for a proper app role.
 */
export async function appRoleProblems(db: Db): Promise<string[]> {
  const result = await db.query<{
    role: string;
    superuser: boolean;
    owned_tables: string[];
    owns_schema: boolean;
    owns_database: boolean;
    creates_in_schema: boolean;
  }>(`
    SELECT current_user AS role,
           r.rolsuper AS superuser,
           ARRAY(SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
                    AND pg_has_role(current_user, c.relowner, 'MEMBER')
                  ORDER BY c.relname LIMIT 5) AS owned_tables,
           pg_has_role(current_user, (SELECT nspowner FROM pg_namespace WHERE nspname = 'public'), 'MEMBER') AS owns_schema,
           pg_has_role(current_user, (SELECT datdba FROM pg_database WHERE datname = current_database()), 'MEMBER') AS owns_database,
           has_schema_privilege('public', 'CREATE') AS creates_in_schema
      FROM pg_roles r WHERE r.rolname = current_user`);
  const row = result.rows[0];
  const problems: string[] = [];
  if (row.superuser) problems.push(`"${row.role}" is a superuser`);
  if (row.owned_tables.length) problems.push(`"${row.role}" owns (or may act as the owner of) ${row.owned_tables.join(', ')}`);
  if (row.owns_schema) problems.push(`"${row.role}" owns (or may act as the owner of) the public schema`);
  if (row.owns_database) problems.push(`"${row.role}" owns (or may act as the owner of) the database`);
  if (row.creates_in_schema) problems.push(`"${row.role}" may create objects in the public schema`);
  return problems;
}
