import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// The server's key-encryption key (SECRETS_KEY): what it keeps in the database that would be a
// secret in clear is sealed with it, so a copy of the database alone reveals none of them:
//   - rsa_key.private_key_sealed       the private half of the transport key pair (session module)
//   - server_secret.sealed_value       keys the server generated for itself, e.g. the two-factor key
//   - outbox.body_sealed               SMS and e-mail texts with live codes and reset links
//   - operator.totp_secret_sealed      operators' authenticator secrets (modules/operator)
//
// AES-256-GCM; the purpose (which column a value belongs to) is bound in as associated data, so a
// sealed value cannot be moved to another column and still open. Every sealed value names the key
// that sealed it (an id derived from the key, never the key), so a wrong key is reported, never
// taken for corrupt data. Production reads the key from the environment only (readConfig refuses
// to start without it); development generates one once under .data/ (developmentSecretsKey).

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'sealed1';

export interface SecretsKey {
  /** Names the key in sealed values: derived from it, reveals nothing of it. */
  readonly id: string;
  readonly key: Buffer;
}

/** Where a sealed value lives; bound into the ciphertext. */
export type SealPurpose = 'rsa_key.private_key' | `server_secret.${string}` | 'outbox.body' | 'operator.totp_secret';

function keyFrom(bytes: Buffer): SecretsKey {
  const id = createHmac('sha256', bytes).update('secrets-key-id').digest('hex').slice(0, 16);
  return { id, key: bytes };
}

/** SECRETS_KEY: 32 bytes as base64 (44 characters) or hex (64). Anything else is refused. */
export function parseSecretsKey(raw: string, name = 'SECRETS_KEY'): SecretsKey {
  const text = raw.trim();
  let bytes: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex');
  // Node's base64 decoder reads the URL-safe alphabet too.
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) bytes = Buffer.from(text, 'base64');
  if (!bytes || bytes.length !== KEY_BYTES) {
    throw new Error(`${name} must be ${KEY_BYTES} random bytes as base64 or hex (make one with: openssl rand -base64 32)`);
  }
  return keyFrom(bytes);
}

/** A new key as SECRETS_KEY would hold it (base64). */
export function generateSecretsKeyText(): string {
  return randomBytes(KEY_BYTES).toString('base64');
}

/** "sealed1:<key id>:<base64 of iv ‖ ciphertext ‖ tag>" */
export function seal(key: SecretsKey, purpose: SealPurpose, plaintext: string | Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
  return `${FORMAT}:${key.id}:${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64')}`;
}

/** The key id a sealed value names, or undefined when it is not a sealed value. */
export function sealedKeyId(sealed: string): string | undefined {
  const [format, keyId, data] = sealed.split(':');
  return format === FORMAT && keyId && data !== undefined ? keyId : undefined;
}

/** Opens a sealed value; throws when another key sealed it or it was altered. */
export function open(key: SecretsKey, purpose: SealPurpose, sealed: string): Buffer {
  const keyId = sealedKeyId(sealed);
  if (!keyId) throw new Error(`A ${purpose} value is not sealed data`);
  if (keyId !== key.id) {
    throw new Error(`A ${purpose} value was sealed with secrets key ${keyId}, but SECRETS_KEY is ${key.id}: restore the key it was sealed with`);
  }
  const packed = Buffer.from(sealed.slice(FORMAT.length + keyId.length + 2), 'base64');
  if (packed.length < IV_BYTES + TAG_BYTES) throw new Error(`A ${purpose} value is truncated`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, packed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(packed.subarray(packed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(packed.subarray(IV_BYTES, packed.length - TAG_BYTES)), decipher.final()]);
}

export function openText(key: SecretsKey, purpose: SealPurpose, sealed: string): string {
  return open(key, purpose, sealed).toString('utf8');
}

/** SECRETS_KEY of an environment; throws when it is missing (programmatic starts and tests set it). */
export function secretsKeyFromEnv(env: NodeJS.ProcessEnv = process.env): SecretsKey {
  if (!env.SECRETS_KEY) {
    throw new Error('SECRETS_KEY is not set: pass secretsKey, or set SECRETS_KEY (32 random bytes, base64 or hex)');
  }
  return parseSecretsKey(env.SECRETS_KEY);
}

/**
 * Development only: the key kept in `file` (created with a new key, mode 0600, on first use), so
 * `npm start` works with no setup and what it sealed stays readable across restarts.
 */
export async function developmentSecretsKey(file: string): Promise<{ key: SecretsKey; created: boolean }> {
  try {
    return { key: parseSecretsKey(await fs.readFile(file, 'utf8'), file), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true });
  const text = generateSecretsKeyText();
  // Written whole under a temporary name, then linked into place: link() fails when the file
  // exists, so when two starts race the second reads the first one's complete key.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(temporary, `${text}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return { key: parseSecretsKey(await fs.readFile(file, 'utf8'), file), created: false };
  } finally {
    await fs.rm(temporary, { force: true });
  }
  return { key: parseSecretsKey(text, file), created: true };
}
