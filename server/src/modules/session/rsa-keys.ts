import { createPrivateKey, generateKeyPair, randomUUID, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import type { RsaKey } from '@platform/shared/contract';
import type { Db } from '../../db/pool';

// The transport key pair of encrypted calls. It lives in the database, not in the process, so
// every API replica answers GET /wps/session/key/rsa with the same public key and can decrypt
// what any browser encrypted with it. At most one key is active (unique partial index);
// retiring it (retired_at) makes the next request generate a new one.

const generateKeyPairAsync = promisify(generateKeyPair);

interface RsaKeyRow {
  key_id: string;
  public_key_spki: string;
  private_key_pkcs8: string;
}

async function loadActiveKeyRow(db: Db): Promise<RsaKeyRow | undefined> {
  const result = await db.query<RsaKeyRow>(
    'SELECT key_id, public_key_spki, private_key_pkcs8 FROM rsa_key WHERE retired_at IS NULL',
  );
  return result.rows[0];
}

/** Returns the active public key, generating and storing a 2048-bit pair if there is none. */
export async function ensureRsaKey(db: Db): Promise<Omit<RsaKey, 'serverTime'>> {
  let row = await loadActiveKeyRow(db);
  if (!row) {
    const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
    // Replicas starting together may all generate one; the unique index keeps the first.
    await db.query(
      `INSERT INTO rsa_key (key_id, public_key_spki, private_key_pkcs8) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [
        randomUUID(),
        publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
        privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
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
export async function loadDecryptionKeys(db: Db): Promise<KeyObject[]> {
  const result = await db.query<RsaKeyRow>(
    `SELECT key_id, public_key_spki, private_key_pkcs8 FROM rsa_key
      WHERE retired_at IS NULL OR retired_at > now() - interval '10 minutes'
      ORDER BY retired_at IS NOT NULL, created_at DESC`,
  );
  return result.rows.map((row) => {
    let key = parsedKeys.get(row.key_id);
    if (!key) {
      key = createPrivateKey(row.private_key_pkcs8);
      parsedKeys.set(row.key_id, key);
    }
    return key;
  });
}
