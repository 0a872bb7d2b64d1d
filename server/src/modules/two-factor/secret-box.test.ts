import { createHash, randomBytes } from 'node:crypto';
import { generateSecretsKeyText, open as openSealed, parseSecretsKey, secretsKeyFromEnv } from '../../secrets-key';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { loadSecretKey, open, seal, sealClearServerSecrets } from './secret-box';

// The key sealing members' authenticator secrets, when the database generates it: kept sealed with
// SECRETS_KEY, never in clear (a database dump alone must not open the secrets).

let database: TestDatabase;
const secretsKey = secretsKeyFromEnv();

beforeAll(async () => {
  database = await createTestDatabase({ prepared: true });
});

afterAll(async () => {
  await database.drop();
});

beforeEach(async () => {
  await database.pool.query('DELETE FROM server_secret');
});

it('generates the two-factor key once and keeps it only sealed with SECRETS_KEY', async () => {
  const first = await loadSecretKey(database.pool, secretsKey, {});
  const again = await loadSecretKey(database.pool, secretsKey, {});
  expect(again).toEqual(first);
  const row = await database.pool.query<{ value: Buffer | null; sealed_value: string }>(
    "SELECT value, sealed_value FROM server_secret WHERE name = 'two_factor_key'",
  );
  expect(row.rows[0].value).toBeNull();
  expect(row.rows[0].sealed_value).toMatch(new RegExp(`^sealed1:${secretsKey.id}:`));
  expect(Buffer.from(row.rows[0].sealed_value.split(':')[2], 'base64').includes(first.key)).toBe(false);
  expect(openSealed(secretsKey, 'server_secret.two_factor_key', row.rows[0].sealed_value)).toEqual(first.key);
});

it('seals the clear key an older version kept, and what it sealed still opens', async () => {
  const clearKey = randomBytes(32);
  await database.pool.query("INSERT INTO server_secret (name, value) VALUES ('two_factor_key', $1)", [clearKey]);
  // An authenticator secret the older version sealed with that key (its key id: the fingerprint).
  const legacyKey = { id: `db:${createHash('sha256').update(clearKey).digest('hex').slice(0, 16)}`, key: clearKey };
  const sealedTotp = seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', legacyKey);

  expect(await sealClearServerSecrets(database.pool, secretsKey)).toBe(1);
  const row = await database.pool.query<{ value: Buffer | null }>("SELECT value FROM server_secret WHERE name = 'two_factor_key'");
  expect(row.rows[0].value).toBeNull();
  const loaded = await loadSecretKey(database.pool, secretsKey, {});
  expect(loaded).toEqual(legacyKey);
  expect(open(sealedTotp, loaded)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  expect(await sealClearServerSecrets(database.pool, secretsKey)).toBe(0);
});

it('a different SECRETS_KEY is refused at once, naming both keys', async () => {
  await loadSecretKey(database.pool, secretsKey, {});
  const other = parseSecretsKey(generateSecretsKeyText());
  await expect(sealClearServerSecrets(database.pool, other)).rejects.toThrow(
    `sealed with secrets key ${secretsKey.id}, but SECRETS_KEY is ${other.id}`,
  );
});

it('TWO_FACTOR_SECRET_KEY still wins, and nothing is stored then', async () => {
  const configured = randomBytes(32);
  const key = await loadSecretKey(database.pool, secretsKey, { TWO_FACTOR_SECRET_KEY: configured.toString('base64') });
  expect(key.key).toEqual(configured);
  const rows = await database.pool.query('SELECT count(*)::int AS count FROM server_secret');
  expect(rows.rows[0].count).toBe(0);
});
