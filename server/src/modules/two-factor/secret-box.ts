import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/pool';

// Encryption at rest of members' authenticator (TOTP) secrets: AES-256-GCM under a server key.
//
// The key comes from TWO_FACTOR_SECRET_KEY (base64 of 32 bytes) when set; that is the production
// setting, because then a copy of the database alone does not reveal the secrets. Without it the
// server generates a key once and keeps it in the `server_secret` table, so a fresh machine and
// several replicas work with no setup: that still keeps secrets out of logs, query results and
// exports of the member tables, but not out of a full database dump. Every ciphertext names the
// key it was sealed with (key id = fingerprint), so switching keys is detectable, never silent.

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

/** The environment's key, else the database's (created on first use). */
export async function loadSecretKey(db: Db, env: NodeJS.ProcessEnv = process.env): Promise<SecretKey> {
  if (env.TWO_FACTOR_SECRET_KEY) return secretKeyFromBase64(env.TWO_FACTOR_SECRET_KEY);
  await db.query(
    `INSERT INTO server_secret (name, value) VALUES ('two_factor_key', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(KEY_BYTES)],
  );
  const stored = await db.query<{ value: Buffer }>(`SELECT value FROM server_secret WHERE name = 'two_factor_key'`);
  return { id: fingerprint(stored.rows[0].value, 'db'), key: stored.rows[0].value };
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
