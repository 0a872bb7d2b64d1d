import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';

// Lockout after repeated failures (5 minutes by default), per subject: an account name, a client
// IP, a mobile number. Race-safe without holding locks while a password is hashed:
//
//   1. reserveAttempts() counts the attempt *before* it is checked, in one atomic upsert per
//      subject (PostgreSQL serialises concurrent upserts of a row). The attempt that brings the
//      count to the limit also sets locked_until. An attempt finding the subject locked, or
//      beyond the limit, is refused and must not be checked at all.
//   2. A failed check needs nothing more: it was counted in step 1.
//   3. A successful check calls forgiveAttempt() (takes its own count back) or clearFailures().
//
// So with N attempts in flight at once, at most `maxFailures` of them are ever checked, and
// while a subject is locked even a correct answer is refused without being looked at.

export interface ThrottleKey {
  /** What is counted: 'login.account', 'login.ip', 'sms.mobile', ... */
  scope: string;
  /** Which one: a lower-case account name, an IP address, an E.164 number, ... */
  subject: string;
}

export interface ThrottleRule {
  /** The attempt that reaches this count is still checked, and locks the subject. */
  maxFailures: number;
  /** Failures older than this (since the first of the run) are forgotten. */
  windowMs: number;
  /** How long the subject stays locked. */
  lockMs: number;
}

export interface Reservation {
  /** False: refuse the attempt without checking it. */
  allowed: boolean;
  /** When the lock ends (epoch ms) if a subject is locked, else null. */
  lockedUntilMs: number | null;
  /** Failures counted in the window before this attempt, highest over the keys. */
  priorFailures: number;
}

interface ReservedRow {
  failures: number;
  locked_until: Date | null;
}

/** A PostgreSQL interval literal for a duration in milliseconds. */
const intervalOf = (ms: number): string => `${Math.round(ms)} milliseconds`;

/**
 * Counts one attempt against each key (each with its own rule), in the order given, and says
 * whether it may proceed. The first locked key refuses it; keys after it are left alone, so put
 * the broadest key first (a locked client IP then does not add to an account's count). Each
 * upsert is its own statement holding one row lock, so concurrent reservations never deadlock.
 */
export async function reserveAttempts(
  db: Db,
  merchantId: number,
  keys: { key: ThrottleKey; rule: ThrottleRule }[],
  nowMs: number,
): Promise<Reservation> {
  let priorFailures = 0;
  for (const { key, rule } of keys) {
    const row = await reserveOne(db, merchantId, key, rule, nowMs);
    const lockedUntil = row.locked_until?.getTime() ?? null;
    // Locked by an earlier attempt: the upsert parks the count at max + 1.
    if (row.failures > rule.maxFailures) {
      // The remaining keys are not counted: the attempt goes no further.
      return { allowed: false, lockedUntilMs: lockedUntil ?? nowMs + rule.lockMs, priorFailures: rule.maxFailures };
    }
    priorFailures = Math.max(priorFailures, Math.min(row.failures, rule.maxFailures + 1) - 1);
  }
  return { allowed: true, lockedUntilMs: null, priorFailures };
}

/**
 * The single upsert behind reserveAttempts. Every SET expression reads the row as it was before
 * this statement (PostgreSQL semantics), and the row is locked for the statement's duration.
 *   - locked (locked_until > now): failures parked at max + 1, so the caller refuses;
 *   - lock over, or window passed: a new run starts at 1;
 *   - otherwise: failures + 1 (capped at max + 1); reaching max sets locked_until.
 */
async function reserveOne(db: Db, merchantId: number, key: ThrottleKey, rule: ThrottleRule, nowMs: number): Promise<ReservedRow> {
  // $4 now, $5 max, $6 window, $7 lock duration.
  const result = await db.query<ReservedRow>(
    `INSERT INTO auth_throttle AS t (merchant_id, scope, subject, failures, window_started_at, locked_until, updated_at)
     VALUES ($1, $2, $3, 1, $4::timestamptz, CASE WHEN $5::integer <= 1 THEN $4::timestamptz + $7::interval END, $4::timestamptz)
     ON CONFLICT (merchant_id, scope, subject) DO UPDATE SET
       failures = CASE
           WHEN t.locked_until > $4::timestamptz THEN $5::integer + 1
           WHEN t.locked_until IS NOT NULL OR t.window_started_at + $6::interval <= $4::timestamptz THEN 1
           ELSE least(t.failures + 1, $5::integer + 1)
         END,
       window_started_at = CASE
           WHEN t.locked_until > $4::timestamptz THEN t.window_started_at
           WHEN t.locked_until IS NOT NULL OR t.window_started_at + $6::interval <= $4::timestamptz THEN $4::timestamptz
           ELSE t.window_started_at
         END,
       locked_until = CASE
           WHEN t.locked_until > $4::timestamptz THEN t.locked_until
           WHEN t.locked_until IS NOT NULL OR t.window_started_at + $6::interval <= $4::timestamptz THEN CASE WHEN $5::integer <= 1 THEN $4::timestamptz + $7::interval END
           WHEN t.failures + 1 >= $5::integer THEN $4::timestamptz + $7::interval
           ELSE NULL
         END,
       updated_at = $4::timestamptz
     RETURNING failures, locked_until`,
    [merchantId, key.scope, key.subject, new Date(nowMs), rule.maxFailures, intervalOf(rule.windowMs), intervalOf(rule.lockMs)],
  );
  return result.rows[0];
}

/**
 * Takes back the count of `count` attempts (default one) that turned out fine (a correct password
 * from an IP that is still counted), and the lock they may have set if the remaining count is
 * under the limit.
 */
export async function forgiveAttempt(db: Db, merchantId: number, key: ThrottleKey, rule: ThrottleRule, count = 1): Promise<void> {
  await db.query(
    `UPDATE auth_throttle
        SET failures = greatest(failures - $5, 0),
            locked_until = CASE WHEN failures - $5 < $4 THEN NULL ELSE locked_until END
      WHERE merchant_id = $1 AND scope = $2 AND subject = $3`,
    [merchantId, key.scope, key.subject, rule.maxFailures, count],
  );
}

/**
 * Forgets every failure of a subject (a successful login of that account). Returns the count it
 * forgot (0 when nothing was counted).
 */
export async function clearFailures(db: Db, merchantId: number, key: ThrottleKey): Promise<number> {
  const result = await db.query<{ failures: number }>(
    'DELETE FROM auth_throttle WHERE merchant_id = $1 AND scope = $2 AND subject = $3 RETURNING failures',
    [merchantId, key.scope, key.subject],
  );
  return result.rows[0]?.failures ?? 0;
}

/** Forgets every subject of `scope` that begins with `subjectPrefix` (an account from every address). */
export async function clearFailuresByPrefix(db: Db, merchantId: number, scope: string, subjectPrefix: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE merchant_id = $1 AND scope = $2 AND starts_with(subject, $3)', [merchantId, scope, subjectPrefix]);
}

/** The lock end of a subject (epoch ms) if it is locked at `nowMs`, else null. Reads only. */
export async function lockedUntil(db: Db, merchantId: number, key: ThrottleKey, nowMs: number): Promise<number | null> {
  const result = await db.query<{ locked_until: Date }>(
    `SELECT locked_until FROM auth_throttle
      WHERE merchant_id = $1 AND scope = $2 AND subject = $3 AND locked_until > $4`,
    [merchantId, key.scope, key.subject, new Date(nowMs)],
  );
  return result.rows[0]?.locked_until.getTime() ?? null;
}

/**
 * 429 TOO_MANY_REQUESTS, 'too many requests, try again after 5 minutes'. The value tells the
 * client to show a captcha with the next try and when the lock ends.
 */
export function tooManyRequests(lockoutMinutes: number, lockedUntilMs: number | null): AppError {
  return new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(lockoutMinutes) }, { captcha: true, lockedUntil: lockedUntilMs });
}
