import { randomBytes } from 'node:crypto';
import type { Envelope, SystemStatus } from '@platform/shared/contract';
import pg from 'pg';
import { appRoleProblems, withCredentials } from './db/app-role';
import { createPool } from './db/pool';
import { startServer } from './main';
import { createTestDatabase, withAdmin, type TestDatabase } from './testing/test-database';

// The programmatic start-up used by the e2e harness: a real listening server on a real port.
// Each start migrates (or checks), grants and seeds as the owner: slow on a loaded machine.
jest.setTimeout(90_000);

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('startServer', () => {
  it('migrates, seeds and listens; a second start on the same database changes nothing', async () => {
    const first = await startServer({ databaseUrl: database.databaseUrl, appDatabaseUrl: database.appDatabaseUrl, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} });
    try {
      expect(first.url).toBe(`http://localhost:${first.port}`);
      const health = await fetch(`http://127.0.0.1:${first.port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', instanceId: expect.any(String), startedAt: expect.any(String) });
      const status = await fetch(`http://127.0.0.1:${first.port}/wps/system/status`, { headers: { Language: 'BN' } });
      expect(status.status).toBe(200);
      const body = (await status.json()) as Envelope<SystemStatus>;
      expect(body.value.info.site.brandName).toBe('Lucky Star');
    } finally {
      await first.close();
    }

    const second = await startServer({ databaseUrl: database.databaseUrl, appDatabaseUrl: database.appDatabaseUrl, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} });
    try {
      // Requests run as the app role: no right on the schema.
      expect(await appRoleProblems(second.pool)).toEqual([]);
      await expect(second.pool.query('DROP TRIGGER ledger_posting_no_change ON ledger_posting')).rejects.toMatchObject({ code: '42501' });
      const merchants = await second.pool.query('SELECT count(*)::int AS count FROM merchant');
      expect(merchants.rows[0].count).toBe(1);
      const keys = await second.pool.query('SELECT count(*)::int AS count FROM rsa_key');
      expect(keys.rows[0].count).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('refuses, when told to (production), to serve requests as a role that could change the schema', async () => {
    await expect(
      startServer({ databaseUrl: database.databaseUrl, requireRestrictedAppRole: true, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} }),
    ).rejects.toThrow(/Refusing to serve: .*superuser.*APP_DATABASE_URL/);
    const restricted = await startServer({
      databaseUrl: database.databaseUrl,
      appDatabaseUrl: database.appDatabaseUrl,
      requireRestrictedAppRole: true,
      port: 0,
      host: '127.0.0.1',
      logger: false,
      remoteOverrides: {},
    });
    await restricted.close();
  });

  it("creates APP_DATABASE_URL's role when it does not exist, and grants it its rights", async () => {
    const role = `platform_test_new_${randomBytes(4).toString('hex')}`;
    const appDatabaseUrl = withCredentials(database.databaseUrl, role, randomBytes(12).toString('hex'));
    try {
      const server = await startServer({ databaseUrl: database.databaseUrl, appDatabaseUrl, port: 0, host: '127.0.0.1', logger: false, remoteOverrides: {} });
      try {
        const attributes = await server.pool.query('SELECT current_user AS role, rolsuper, rolcreaterole, rolcreatedb FROM pg_roles WHERE rolname = current_user');
        expect(attributes.rows).toEqual([{ role, rolsuper: false, rolcreaterole: false, rolcreatedb: false }]);
        expect(await appRoleProblems(server.pool)).toEqual([]);
        const health = await fetch(`http://127.0.0.1:${server.port}/wps/system/status`);
        expect(health.status).toBe(200);
      } finally {
        await server.close();
      }
    } finally {
      // Roles belong to the whole server: leave none behind (its grants live in this database).
      const pool = createPool(database.databaseUrl, 1);
      await pool.query(`DROP OWNED BY ${pg.escapeIdentifier(role)}`).finally(() => pool.end());
      await withAdmin((client) => client.query(`DROP ROLE IF EXISTS ${pg.escapeIdentifier(role)}`));
    }
  });
});
