import type { Db } from '../../db/pool';
import type { SealedSecret } from './secret-box';

// SQL of the two-factor module. Every query is scoped by merchant (directly or through the
// member) and parameterised; times come from the caller's clock.

export interface TotpRow {
  sealed: SealedSecret;
  confirmed: boolean;
  lastUsedStep: number | null;
}

export async function selectTotp(db: Db, merchantId: number, memberId: number, forUpdate = false): Promise<TotpRow | undefined> {
  const result = await db.query<{ secret_ciphertext: string; key_id: string; confirmed_at: Date | null; last_used_step: string | null }>(
    `SELECT secret_ciphertext, key_id, confirmed_at, last_used_step FROM member_totp
      WHERE merchant_id = $1 AND member_id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    sealed: { keyId: row.key_id, ciphertext: row.secret_ciphertext },
    confirmed: row.confirmed_at !== null,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}

/** Starts (or restarts) an unconfirmed enrolment; a confirmed one is never overwritten. */
export async function upsertPendingTotp(db: Db, merchantId: number, memberId: number, sealed: SealedSecret, nowMs: number): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO member_totp (member_id, merchant_id, secret_ciphertext, key_id, created_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id) DO UPDATE
       SET secret_ciphertext = EXCLUDED.secret_ciphertext, key_id = EXCLUDED.key_id, created_at = EXCLUDED.created_at,
           last_used_step = NULL
       WHERE member_totp.confirmed_at IS NULL`,
    [memberId, merchantId, sealed.ciphertext, sealed.keyId, new Date(nowMs)],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function confirmTotp(db: Db, merchantId: number, memberId: number, step: number, nowMs: number): Promise<void> {
  await db.query(
    'UPDATE member_totp SET confirmed_at = $3, last_used_step = $4 WHERE merchant_id = $1 AND member_id = $2',
    [merchantId, memberId, new Date(nowMs), step],
  );
}

/** Records an accepted code's step; false when a concurrent request already used this step. */
export async function markTotpStepUsed(db: Db, merchantId: number, memberId: number, step: number): Promise<boolean> {
  const result = await db.query(
    `UPDATE member_totp SET last_used_step = $3
      WHERE merchant_id = $1 AND member_id = $2 AND (last_used_step IS NULL OR last_used_step < $3)`,
    [merchantId, memberId, step],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function deleteTotp(db: Db, merchantId: number, memberId: number): Promise<void> {
  await db.query('DELETE FROM member_totp WHERE merchant_id = $1 AND member_id = $2', [merchantId, memberId]);
}

export async function selectSmsTwoFactor(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM member_sms_two_factor WHERE merchant_id = $1 AND member_id = $2', [merchantId, memberId]);
  return (result.rowCount ?? 0) > 0;
}

export async function setSmsTwoFactor(db: Db, merchantId: number, memberId: number, enabled: boolean, nowMs: number): Promise<void> {
  if (enabled) {
    await db.query(
      `INSERT INTO member_sms_two_factor (member_id, merchant_id, enabled_at) VALUES ($1, $2, $3)
       ON CONFLICT (member_id) DO NOTHING`,
      [memberId, merchantId, new Date(nowMs)],
    );
  } else {
    await db.query('DELETE FROM member_sms_two_factor WHERE merchant_id = $1 AND member_id = $2', [merchantId, memberId]);
  }
}

export type SecondFactor = 'totp' | 'sms';

export interface ChallengeRow {
  id: number;
  memberId: number;
  loginType: string;
  factors: SecondFactor[];
  defaultPasswordUsed: boolean;
  attempts: number;
  maxAttempts: number;
  expiresAtMs: number;
  consumed: boolean;
}

export interface NewChallenge {
  merchantId: number;
  memberId: number;
  ticketHash: Buffer;
  loginType: string;
  factors: SecondFactor[];
  defaultPasswordUsed: boolean;
  maxAttempts: number;
  clientIp: string;
  nowMs: number;
  expiresAtMs: number;
}

export async function insertChallenge(db: Db, challenge: NewChallenge): Promise<void> {
  await db.query(
    `INSERT INTO login_challenge (merchant_id, member_id, ticket_hash, login_type, factors, default_password_used,
                                  max_attempts, client_ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      challenge.merchantId, challenge.memberId, challenge.ticketHash, challenge.loginType, challenge.factors,
      challenge.defaultPasswordUsed, challenge.maxAttempts, challenge.clientIp, new Date(challenge.nowMs), new Date(challenge.expiresAtMs),
    ],
  );
}

export async function selectChallenge(db: Db, merchantId: number, ticketHash: Buffer): Promise<ChallengeRow | undefined> {
  const result = await db.query<{
    id: string;
    member_id: string;
    login_type: string;
    factors: SecondFactor[];
    default_password_used: boolean;
    attempts: number;
    max_attempts: number;
    expires_at: Date;
    consumed_at: Date | null;
  }>(
    `SELECT id, member_id, login_type, factors, default_password_used, attempts, max_attempts, expires_at, consumed_at
       FROM login_challenge WHERE merchant_id = $1 AND ticket_hash = $2`,
    [merchantId, ticketHash],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    memberId: Number(row.member_id),
    loginType: row.login_type,
    factors: row.factors,
    defaultPasswordUsed: row.default_password_used,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    expiresAtMs: row.expires_at.getTime(),
    consumed: row.consumed_at !== null,
  };
}

/**
 * Counts one attempt at a live challenge before its code is checked, atomically, so parallel
 * guesses can never exceed max_attempts. Undefined when the ticket is unknown, used up, expired
 * or out of attempts.
 */
export async function reserveChallengeAttempt(db: Db, merchantId: number, ticketHash: Buffer, nowMs: number): Promise<ChallengeRow | undefined> {
  const result = await db.query<{ id: string }>(
    `UPDATE login_challenge SET attempts = attempts + 1
      WHERE merchant_id = $1 AND ticket_hash = $2 AND consumed_at IS NULL AND expires_at > $3 AND attempts < max_attempts
      RETURNING id`,
    [merchantId, ticketHash, new Date(nowMs)],
  );
  if (!result.rows[0]) return undefined;
  return selectChallenge(db, merchantId, ticketHash);
}

/** After a wrong code: a challenge out of attempts is ended. */
export async function endExhaustedChallenge(db: Db, challengeId: number, nowMs: number): Promise<void> {
  await db.query(
    'UPDATE login_challenge SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL AND attempts >= max_attempts',
    [challengeId, new Date(nowMs)],
  );
}

/** Uses the challenge up; false when it was already used (a concurrent completion). */
export async function consumeChallenge(db: Db, challengeId: number, nowMs: number): Promise<boolean> {
  const result = await db.query('UPDATE login_challenge SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL', [challengeId, new Date(nowMs)]);
  return (result.rowCount ?? 0) > 0;
}

/**
 * Ends every pending login of a member (its factors changed): a ticket issued under the old
 * factors completes no login.
 */
export async function endMemberChallenges(db: Db, merchantId: number, memberId: number, nowMs: number): Promise<void> {
  await db.query(
    'UPDATE login_challenge SET consumed_at = $3 WHERE merchant_id = $1 AND member_id = $2 AND consumed_at IS NULL',
    [merchantId, memberId, new Date(nowMs)],
  );
}

/** The second factors in force for a member, authenticator first (SMS only with a mobile number). */
export async function selectSecondFactors(db: Db, merchantId: number, memberId: number): Promise<SecondFactor[]> {
  const result = await db.query<{ totp: boolean; sms: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM member_totp WHERE merchant_id = $1 AND member_id = $2 AND confirmed_at IS NOT NULL) AS totp,
            EXISTS (SELECT 1 FROM member_sms_two_factor t JOIN member m ON m.id = t.member_id
                     WHERE t.merchant_id = $1 AND t.member_id = $2 AND m.mobile_e164 IS NOT NULL) AS sms`,
    [merchantId, memberId],
  );
  const factors: SecondFactor[] = [];
  if (result.rows[0]?.totp) factors.push('totp');
  if (result.rows[0]?.sms) factors.push('sms');
  return factors;
}
