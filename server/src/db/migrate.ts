import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';

/**
 * Advisory-lock key (any constant bigint) serialising migrations across every process that
 * starts against the same database: several API replicas may boot at once.
 */
const MIGRATION_LOCK_KEY = 7_402_118_001;

export interface Migration {
  /** The numeric prefix, e.g. "001". */
  version: string;
  /** The file name, e.g. "001_merchants.sql". */
  name: string;
  sql: string;
  checksum: string;
}

const MIGRATION_FILE = /^(\d+)_[a-z0-9_]+\.sql$/;

/** Reads NNN_name.sql files in numeric order. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((file) => MIGRATION_FILE.test(file));
  const migrations = await Promise.all(
    files.map(async (name): Promise<Migration> => {
      const sql = await fs.readFile(path.join(dir, name), 'utf8');
      const version = (MIGRATION_FILE.exec(name) as RegExpExecArray)[1];
      return { version, name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
  migrations.sort((a, b) => Number(a.version) - Number(b.version));
  for (let i = 1; i < migrations.length; i++) {
    if (Number(migrations[i].version) === Number(migrations[i - 1].version)) {
      throw new Error(`Two migrations share version ${migrations[i].version}: ${migrations[i - 1].name}, ${migrations[i].name}`);
    }
  }
  return migrations;
}

export interface RunMigrationsOptions {
  /**
   * Work that must follow the migrations under the same lock, in a transaction of its own, on
   * every run (even when nothing was applied): the app role's grants (app-role.ts).
   */
  afterMigrations?: (client: pg.PoolClient) => Promise<void>;
}

/**
 * Applies every migration not yet recorded in schema_migrations, each in its own transaction,
 * while holding an advisory lock. Safe to run twice or from several processes at once.
 * Returns the names applied by this call.
 */
export async function runMigrations(pool: pg.Pool, dir: string = MIGRATIONS_DIR, options: RunMigrationsOptions = {}): Promise<string[]> {
  const migrations = await loadMigrations(dir);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version    text PRIMARY KEY,
        name       text NOT NULL,
        checksum   text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const done = await client.query<{ version: string; name: string; checksum: string }>(
      'SELECT version, name, checksum FROM schema_migrations',
    );
    const recorded = new Map(done.rows.map((row) => [row.version, row]));
    for (const migration of migrations) {
      const previous = recorded.get(migration.version);
      if (previous) {
        // An applied migration must never change: the databases already migrated would
        // silently differ from new ones.
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} changed after it was applied (recorded as ${previous.name}). ` +
              'Add a new migration instead of editing an applied one.',
          );
        }
        continue;
      }
      try {
        await client.query('BEGIN');
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
          migration.version,
          migration.name,
          migration.checksum,
        ]);
        await client.query('COMMIT');
        applied.push(migration.name);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    if (options.afterMigrations) {
      try {
        await client.query('BEGIN');
        await options.afterMigrations(client);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    // A connection that could not give the lock back is destroyed rather than returned to the
    // pool (closing the session releases the lock).
    const unlocked = await client
      .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
      .then(() => true, () => false);
    client.release(!unlocked);
  }
  return applied;
}
