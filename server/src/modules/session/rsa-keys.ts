import { createPrivateKey, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { RsaKey } from '@platform/contract';
import type { Db } from '../../db/pool';
import { open, seal, type SecretsKey } from '../../secrets-key';

// The transport key pair of encrypted calls. It lives in the database, not in the process, so
// every API replica answers GET /wps/session/key/rsa with the same public key and can decrypt
// what any browser encrypted with it. At most one key is active (unique partial index);
// retiring it (retired_at) makes the next request generate a new one. The private key is stored
// sealed with SECRETS_KEY (private_key_sealed, migration 013); rows from before are sealed at
// start-up (sealClearRsaKeys).

const PURPOSE = 'rsa_key.private_key';

const generateKeyPairAsync = promisify(generateKeyPair);

interface RsaKeyRow {
  key_id: string;
  public_key_spki: string;
  private_key_sealed: string;
}

async function loadActiveKeyRow(db: Db): Promise<RsaKeyRow | undefined> {
  const result = await db.query<RsaKeyRow>(
    'SELECT key_id, public_key_spki, private_key_sealed FROM rsa_key WHERE retired_at IS NULL',
  );
  return result.rows[0];
}

/**
 * Seals every private key still stored in clear (written before migration 013) and clears the
 * clear copy; then checks that `secretsKey` opens the active key, so a wrong SECRETS_KEY stops the
 * start-up instead of every encrypted call. Idempotent; safe when replicas start together.
 */
export async function sealClearRsaKeys(db: Db, secretsKey: SecretsKey): Promise<number> {
  const clear = await db.query<{ key_id: string; private_key_pkcs8: string }>(
    'SELECT key_id, private_key_pkcs8 FROM rsa_key WHERE private_key_pkcs8 IS NOT NULL',
  );
  for (const row of clear.rows) {
    await db.query(
      `UPDATE rsa_key SET private_key_sealed = $2, private_key_pkcs8 = NULL
        WHERE key_id = $1 AND private_key_pkcs8 IS NOT NULL`,
      [row.key_id, seal(secretsKey, PURPOSE, row.private_key_pkcs8)],
    );
  }
  const active = await loadActiveKeyRow(db);
  if (active) open(secretsKey, PURPOSE, active.private_key_sealed);
  return clear.rows.length;
}

/** Returns the active public key, generating and storing a 2048-bit pair if there is none. */
export async function ensureRsaKey(db: Db, secretsKey: SecretsKey): Promise<Omit<RsaKey, 'serverTime'>> {
  let row = await loadActiveKeyRow(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    // Replicas starting together may all generate one; the unique index keeps the first.
    await db.query(
      `INSERT INTO rsa_key (key_id, public_key_spki, private_key_sealed) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [
        randomUUID(),
        publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        seal(secretsKey, PURPOSE, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
      ],
    );
    row = await loadActiveKeyRow(db);
    if (!row) throw new Error('No active RSA key after generating one');
  }
  return { keyId: row.key_id, publicKey: row.public_key_spki };
}

// Parsed private keys by key id. A key id always names the same key material (rows are never
// rewritten), so caching the parse is safe; which keys are usable is still read per request.
const parsedKeys = new Map<string, KeyObject>();

/** Private keys that may have wrapped an incoming request's AES key, newest first. */
export async function loadDecryptionKeys(db: Db, secretsKey: SecretsKey): Promise<KeyObject[]> {
  const result = await db.query<RsaKeyRow>(
    `SELECT key_id, public_key_spki, private_key_sealed FROM rsa_key
      WHERE retired_at IS NULL OR retired_at > now() - interval '10 minutes'
      ORDER BY retired_at IS NOT NULL, created_at DESC`,
  );
  return result.rows.map((row) => {
    let key = parsedKeys.get(row.key_id);
    if (!key) {
      key = createPrivateKey(open(secretsKey, PURPOSE, row.private_key_sealed).toString('utf8'));
      parsedKeys.set(row.key_id, key);
    }
    return key;
  });
}
