import type { TableRights } from '../../db/app-role';
import type { Db } from '../../db/pool';

// The phone proofs' table (migration 038): ID tokens already used, until they expire.

/**
 * The app role's rights on this module's table (composed in main.ts): a used token is read,
 * recorded and, once expired, deleted; a record is never rewritten (no UPDATE), so no request can
 * shorten its life or free a token again.
 */
export const PHONE_PROOF_APP_ROLE_RIGHTS: TableRights = {
  phone_proof_used: ['SELECT', 'INSERT', 'DELETE'],
};

/** How often one process deletes expired rows (each replica does its own share). */
const PURGE_INTERVAL_MS = 60_000;
let lastPurgeMs = Number.NEGATIVE_INFINITY;

/**
 * True when the proof `proofHash` (hex SHA-256 of the token's identity) was not used yet and is now
 * recorded as used until `expiresAtMs`; false when it was used before. One statement, so two
 * requests (or two replicas) with the same token cannot both pass.
 */
export async function claimProof(db: Db, merchantId: number, proofHash: string, nowMs: number, expiresAtMs: number): Promise<boolean> {
  if (nowMs - lastPurgeMs >= PURGE_INTERVAL_MS) {
    lastPurgeMs = nowMs;
    await db.query('DELETE FROM phone_proof_used WHERE expires_at <= $1', [new Date(nowMs)]);
  }
  const result = await db.query(
    `INSERT INTO phone_proof_used (proof_hash, merchant_id, expires_at, used_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (proof_hash) DO NOTHING
     RETURNING 1`,
    [proofHash, merchantId, new Date(expiresAtMs), new Date(nowMs)],
  );
  return result.rowCount === 1;
}

/** The merchant's 'firebaseSms' setting document, as stored (may be absent). */
export async function selectFirebaseSmsSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'firebaseSms'", [merchantId]);
  return result.rows[0]?.value;
}
