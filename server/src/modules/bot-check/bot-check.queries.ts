import type { Db } from '../../db/pool';

// The bot check's tables (migration 035): used solutions and subjects that met an abuse limit.

/** How often one process deletes expired used-solution rows (each replica does its own share). */
const PURGE_INTERVAL_MS = 60_000;
let lastPurgeMs = Number.NEGATIVE_INFINITY;

/**
 * True when the challenge `signature` was not used yet and is now recorded as used until
 * `expiresAtMs`; false when it was used before (a replay). One statement, so two requests (or two
 * replicas) with the same solution cannot both pass.
 */
export async function claimSolution(db: Db, merchantId: number, signature: string, nowMs: number, expiresAtMs: number): Promise<boolean> {
  if (nowMs - lastPurgeMs >= PURGE_INTERVAL_MS) {
    lastPurgeMs = nowMs;
    await db.query('DELETE FROM bot_check_used WHERE expires_at <= $1', [new Date(nowMs)]);
  }
  const result = await db.query(
    `INSERT INTO bot_check_used AS u (signature, merchant_id, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (signature) DO NOTHING
     RETURNING 1`,
    [signature, merchantId, new Date(expiresAtMs)],
  );
  return result.rowCount === 1;
}

/** A (scope, subject) pair of auth_throttle; scope '*' matches every scope. */
export interface SuspectSubject {
  scope: string;
  subject: string;
}

/**
 * Whether one of `subjects` had a lock that ended between `sinceMs` and `nowMs` (bot_check_suspect).
 * A lock still running is left out: the limit itself refuses those calls (429).
 */
export async function anySuspect(db: Db, merchantId: number, subjects: SuspectSubject[], sinceMs: number, nowMs: number): Promise<boolean> {
  if (subjects.length === 0) return false;
  const result = await db.query(
    `SELECT 1 FROM bot_check_suspect s
       JOIN unnest($2::text[], $3::text[]) AS k (scope, subject)
         ON s.subject = k.subject AND (k.scope = '*' OR s.scope = k.scope)
      WHERE s.merchant_id = $1 AND s.last_locked_until > $4 AND s.last_locked_until <= $5
      LIMIT 1`,
    [merchantId, subjects.map((item) => item.scope), subjects.map((item) => item.subject), new Date(sinceMs), new Date(nowMs)],
  );
  return (result.rowCount ?? 0) > 0;
}

/** The merchant's 'botCheck' setting document, as stored (may be absent). */
export async function selectBotCheckSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'botCheck'", [merchantId]);
  return result.rows[0]?.value;
}
