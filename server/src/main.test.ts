import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Envelope, RsaKey, SystemStatus } from '@platform/contract';
import pg from 'pg';
import { readConfig } from './config';
import { appRoleProblems, withCredentials } from './db/app-role';
import { createPool } from './db/pool';
import { resolveSecretsKey, startServer } from './main';
import { generateSecretsKeyText, open, openText, parseSecretsKey, secretsKeyFromEnv } from './secrets-key';
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
      expect(await health.json()).toEqual({ status: 'ok', instanceId: expect.any(String), startedAt: expect.any(String), configRevision: expect.any(String) });
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

describe('secrets at rest', () => {
  const options = () => ({ databaseUrl: database.databaseUrl, port: 0, host: '127.0.0.1', logger: false as const, remoteOverrides: {} });

  it('seals what an older version kept in clear at the next start, and refuses another SECRETS_KEY', async () => {
    const key = secretsKeyFromEnv();
    const first = await startServer({ ...options(), secretsKey: key });
    let publicKey: RsaKey;
    try {
      publicKey = ((await (await fetch(`http://127.0.0.1:${first.port}/wps/session/key/rsa`)).json()) as Envelope<RsaKey>).value;
      const stored = await first.pool.query<{ private_key_pkcs8: string | null; private_key_sealed: string }>(
        'SELECT private_key_pkcs8, private_key_sealed FROM rsa_key WHERE retired_at IS NULL',
      );
      expect(stored.rows[0].private_key_pkcs8).toBeNull();
      expect(stored.rows[0].private_key_sealed).not.toContain('PRIVATE KEY');
      // What a version before migration 013 left: the private key, a generated key and a message in clear.
      const pem = openText(key, 'rsa_key.private_key', stored.rows[0].private_key_sealed);
      await first.pool.query('UPDATE rsa_key SET private_key_pkcs8 = $1, private_key_sealed = NULL WHERE retired_at IS NULL', [pem]);
      await first.pool.query("INSERT INTO server_secret (name, value) VALUES ('legacy_key', $1)", [Buffer.alloc(32, 9)]);
      await first.pool.query(
        `INSERT INTO outbox (merchant_id, channel, recipient, subject, body, sender, created_at)
         SELECT id, 'sms', '+8801700000099', NULL, 'Lucky Star: your login code is 135790.', 'outbox', now() FROM merchant LIMIT 1`,
      );
    } finally {
      await first.close();
    }

    const second = await startServer({ ...options(), secretsKey: key });
    try {
      const clear = await second.pool.query<{ rsa: number; secrets: number; outbox: number }>(
        `SELECT (SELECT count(*) FROM rsa_key WHERE private_key_pkcs8 IS NOT NULL)::int AS rsa,
                (SELECT count(*) FROM server_secret WHERE value IS NOT NULL)::int AS secrets,
                (SELECT count(*) FROM outbox WHERE body IS NOT NULL)::int AS outbox`,
      );
      expect(clear.rows[0]).toEqual({ rsa: 0, secrets: 0, outbox: 0 });
      const dump = JSON.stringify(
        await Promise.all(['rsa_key', 'server_secret', 'outbox'].map(async (table) => (await second.pool.query(`SELECT * FROM ${table}`)).rows)),
      );
      expect(dump).not.toContain('PRIVATE KEY');
      expect(dump).not.toContain('135790');
      // The same key pair, still usable: it is the one browsers already hold.
      const again = (await (await fetch(`http://127.0.0.1:${second.port}/wps/session/key/rsa`)).json()) as Envelope<RsaKey>;
      expect([again.value.keyId, again.value.publicKey]).toEqual([publicKey.keyId, publicKey.publicKey]);
      const legacy = await second.pool.query<{ sealed_value: string }>("SELECT sealed_value FROM server_secret WHERE name = 'legacy_key'");
      expect(open(key, 'server_secret.legacy_key', legacy.rows[0].sealed_value)).toEqual(Buffer.alloc(32, 9));
    } finally {
      await second.close();
    }

    const otherKey = parseSecretsKey(generateSecretsKeyText());
    await expect(startServer({ ...options(), secretsKey: otherKey })).rejects.toThrow(`but SECRETS_KEY is ${otherKey.id}`);
  });
});

describe('resolveSecretsKey', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'main-secrets-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('takes SECRETS_KEY when set', async () => {
    const config = { ...readConfig({ SECRETS_KEY: Buffer.alloc(32, 5).toString('base64') }), developmentSecretsKeyFile: path.join(dir, 'k') };
    const resolved = await resolveSecretsKey(config);
    expect(resolved.key.key).toEqual(Buffer.alloc(32, 5));
    expect(resolved.description).toBe('SECRETS_KEY from the environment');
    await expect(fs.stat(path.join(dir, 'k'))).rejects.toThrow();
  });

  it('in development keeps a generated key under .data/ and says so', async () => {
    const file = path.join(dir, 'secrets.key');
    const first = await resolveSecretsKey({ secretsKey: undefined, production: false, developmentSecretsKeyFile: file });
    expect(first.description).toBe(`development key generated in ${file} (SECRETS_KEY is unset; production refuses to start without it)`);
    const second = await resolveSecretsKey({ secretsKey: undefined, production: false, developmentSecretsKeyFile: file });
    expect(second.key).toEqual(first.key);
    expect(second.description).toMatch(/^development key read from /);
  });

  it('never generates one in production', async () => {
    const file = path.join(dir, 'secrets.key');
    await expect(resolveSecretsKey({ secretsKey: undefined, production: true, developmentSecretsKeyFile: file })).rejects.toThrow(
      /SECRETS_KEY is required/,
    );
    await expect(fs.stat(file)).rejects.toThrow();
  });
});
