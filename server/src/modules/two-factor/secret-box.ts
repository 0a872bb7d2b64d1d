import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';
import { open as openSealed, seal as sealWith, type SecretsKey } from '../../secrets-key';

// Encryption at rest of members' authenticator (TOTP) secrets: AES-256-GCM under a server key.
//
// The key comes from TWO_FACTOR_SECRET_KEY (base64 of 32 bytes) when set. Without it the server
// generates a key once and keeps it in the `server_secret` table sealed with SECRETS_KEY (the
// environment's key-encryption key, src/secrets-key.ts), so a fresh machine and several replicas
// work with no extra setup and a copy of the database alone still opens no secret. Rows kept in
// clear before migration 013 are sealed at start-up (sealClearServerSecrets). Every ciphertext
// names the key it was sealed with (key id = fingerprint), so switching keys is detectable, never
// silent.

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface SealedSecret {
  keyId: string;
  /** base64 of iv ‖ ciphertext ‖ tag */
  ciphertext: string;
}

function fingerprint(key: Buffer, source: string): string {
  return `${source}:${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

export function secretKeyFromBase64(base64: string, source = 'env'): SecretKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`TWO_FACTOR_SECRET_KEY must be base64 of ${KEY_BYTES} bytes`);
  return { id: fingerprint(key, source), key };
}

const purposeOf = (name: string) => `server_secret.${name}` as const;

/**
 * Seals every server_secret row still kept in clear (from before migration 013) with SECRETS_KEY
 * and clears the clear copy, then checks that SECRETS_KEY opens every sealed row, so a wrong key
 * stops the start-up instead of a member's sign-in. Idempotent; safe when replicas start together.
 */
export async function sealClearServerSecrets(db: Db, secretsKey: SecretsKey): Promise<number> {
  const clear = await db.query<{ name: string; value: Buffer }>('SELECT name, value FROM server_secret WHERE value IS NOT NULL');
  for (const row of clear.rows) {
    await db.query(
      'UPDATE server_secret SET sealed_value = $2, value = NULL WHERE name = $1 AND value IS NOT NULL',
      [row.name, sealWith(secretsKey, purposeOf(row.name), row.value)],
    );
  }
  const sealed = await db.query<{ name: string; sealed_value: string }>('SELECT name, sealed_value FROM server_secret');
  for (const row of sealed.rows) openSealed(secretsKey, purposeOf(row.name), row.sealed_value);
  return clear.rows.length;
}

/** The environment's TWO_FACTOR_SECRET_KEY, else the database's (created on first use, sealed with SECRETS_KEY). */
export async function loadSecretKey(db: Db, secretsKey: SecretsKey, env: NodeJS.ProcessEnv = process.env): Promise<SecretKey> {
  if (env.TWO_FACTOR_SECRET_KEY) return secretKeyFromBase64(env.TWO_FACTOR_SECRET_KEY);
  // A row an older replica left in clear is sealed first.
  await sealClearServerSecrets(db, secretsKey);
  const name = 'two_factor_key';
  await db.query(
    'INSERT INTO server_secret (name, sealed_value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, sealWith(secretsKey, purposeOf(name), randomBytes(KEY_BYTES))],
  );
  const stored = await db.query<{ sealed_value: string }>('SELECT sealed_value FROM server_secret WHERE name = $1', [name]);
  const key = openSealed(secretsKey, purposeOf(name), stored.rows[0].sealed_value);
  return { id: fingerprint(key, 'db'), key };
}

export function seal(secret: string, key: SecretKey): SealedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return { keyId: key.id, ciphertext: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64') };
}

export function open(sealed: SealedSecret, key: SecretKey): string {
  if (sealed.keyId !== key.id) {
    throw new Error(`A two-factor secret was sealed with key ${sealed.keyId}, but the server has ${key.id}`);
  }
  const packed = Buffer.from(sealed.ciphertext, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key.key, packed.subarray(0, IV_BYTES));
  decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
