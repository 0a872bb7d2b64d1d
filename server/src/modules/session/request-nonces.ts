import type { Db } from '../../db/pool';

// The nonces of encrypted requests seen within the freshness window (http/encryption.ts): one
// row per nonce until its payload would be stale anyway. Claiming is one atomic statement, so
// two replicas given the same payload at the same instant cannot both accept it.

/** How often one process deletes expired nonces (each replica does its own share). */
const PURGE_INTERVAL_MS = 60_000;

export interface RequestNonces {
  /** True when `nonce` was not seen (or its record expired) and is now recorded until `expiresAtMs`. */
  claim(nonce: string, nowMs: number, expiresAtMs: number): Promise<boolean>;
}

export function createRequestNonces(db: Db): RequestNonces {
  let lastPurgeMs = Number.NEGATIVE_INFINITY;
  return {
    async claim(nonce, nowMs, expiresAtMs) {
      if (nowMs - lastPurgeMs >= PURGE_INTERVAL_MS) {
        lastPurgeMs = nowMs;
        await db.query('DELETE FROM request_nonce WHERE expires_at <= $1', [new Date(nowMs)]);
      }
      // A row still in its window makes the insert do nothing (no row back): a replay. An expired
      // row not yet purged is taken over.
      const result = await db.query(
        `INSERT INTO request_nonce AS n (nonce, expires_at) VALUES ($1, $2)
         ON CONFLICT (nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE n.expires_at <= $3
         RETURNING 1`,
        [nonce, new Date(expiresAtMs), new Date(nowMs)],
      );
      return result.rowCount === 1;
    },
  };
}
