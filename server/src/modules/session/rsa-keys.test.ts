import { createPublicKey } from 'node:crypto';
import type { Envelope, RsaKey } from '@platform/contract';
import { generateSecretsKeyText, openText, parseSecretsKey, secretsKeyFromEnv } from '../../secrets-key';
import { createTestApp, json, type TestContext } from '../../testing/test-app';
import { loadDecryptionKeys, sealClearRsaKeys } from './rsa-keys';

// The transport key pair's private half is kept sealed with SECRETS_KEY, never in clear.

// Each rotation generates a 2048-bit RSA pair: seconds on a loaded 2-core machine (a CI run timed
// out at Jest's default 5 s, and the next test then ran into the unfinished rotation).
jest.setTimeout(60_000);

let context: TestContext;
const secretsKey = secretsKeyFromEnv();

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

async function storedKeys() {
  const result = await context.pool.query<{ key_id: string; public_key_spki: string; private_key_pkcs8: string | null; private_key_sealed: string }>(
    'SELECT key_id, public_key_spki, private_key_pkcs8, private_key_sealed FROM rsa_key ORDER BY created_at',
  );
  return result.rows;
}

it('stores the start-up key and every rotated one sealed', async () => {
  await context.pool.query('UPDATE rsa_key SET retired_at = now() WHERE retired_at IS NULL');
  const fresh = json<Envelope<RsaKey>>(await context.app.inject({ method: 'GET', url: '/wps/session/key/rsa' })).value;
  const rows = await storedKeys();
  expect(rows.map((row) => row.key_id)).toContain(fresh.keyId);
  for (const row of rows) {
    expect(row.private_key_pkcs8).toBeNull();
    expect(row.private_key_sealed).toMatch(new RegExp(`^sealed1:${secretsKey.id}:`));
    expect(row.private_key_sealed).not.toContain('PRIVATE KEY');
    // The sealed private key is the public key's pair.
    const pem = openText(secretsKey, 'rsa_key.private_key', row.private_key_sealed);
    expect(createPublicKey(pem).export({ type: 'spki', format: 'der' }).toString('base64')).toBe(row.public_key_spki);
  }
  expect(await loadDecryptionKeys(context.pool, secretsKey)).toHaveLength(2);
});

it('with another SECRETS_KEY, neither start-up nor decryption goes on', async () => {
  const other = parseSecretsKey(generateSecretsKeyText());
  await expect(sealClearRsaKeys(context.pool, other)).rejects.toThrow(`but SECRETS_KEY is ${other.id}`);
  await context.pool.query('UPDATE rsa_key SET retired_at = now() WHERE retired_at IS NULL');
  await context.app.inject({ method: 'GET', url: '/wps/session/key/rsa' });
  await expect(loadDecryptionKeys(context.pool, other)).rejects.toThrow(/sealed with secrets key/);
});
