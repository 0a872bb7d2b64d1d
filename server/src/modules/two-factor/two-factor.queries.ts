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

export type SecondFactor = 'totp' | 'sms' | 'email' | 'bank_name';

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

/**
 * The second factors in force for a member, in the order offered: authenticator, SMS (only with a
 * mobile number), e-mail, bank account name (only while a bank card is bound).
 */
export async function selectSecondFactors(db: Db, merchantId: number, memberId: number): Promise<SecondFactor[]> {
  const result = await db.query<{ totp: boolean; sms: boolean; email: boolean; bank_name: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM member_totp WHERE merchant_id = $1 AND member_id = $2 AND confirmed_at IS NOT NULL) AS totp,
            EXISTS (SELECT 1 FROM member_sms_two_factor t JOIN member m ON m.id = t.member_id
                     WHERE t.merchant_id = $1 AND t.member_id = $2 AND m.mobile_e164 IS NOT NULL) AS sms,
            EXISTS (SELECT 1 FROM member_two_factor_option
                     WHERE merchant_id = $1 AND member_id = $2 AND factor = 'email') AS email,
            EXISTS (SELECT 1 FROM member_two_factor_option o
                     WHERE o.merchant_id = $1 AND o.member_id = $2 AND o.factor = 'bank_name'
                       AND EXISTS (SELECT 1 FROM withdraw_card c
                                    WHERE c.merchant_id = $1 AND c.member_id = $2 AND c.card_type = 'BC' AND c.deleted_at IS NULL)) AS bank_name`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  const factors: SecondFactor[] = [];
  if (row?.totp) factors.push('totp');
  if (row?.sms) factors.push('sms');
  if (row?.email) factors.push('email');
  if (row?.bank_name) factors.push('bank_name');
  return factors;
}

/** The address e-mailed codes go to while the e-mail factor is on; undefined when it is off. */
export async function selectEmailFactor(db: Db, merchantId: number, memberId: number): Promise<string | undefined> {
  const result = await db.query<{ email: string }>(
    "SELECT email FROM member_two_factor_option WHERE merchant_id = $1 AND member_id = $2 AND factor = 'email'",
    [merchantId, memberId],
  );
  return result.rows[0]?.email;
}

/** Turns the e-mail factor on for `email` (replacing the address) or, with null, off. */
export async function setEmailFactor(db: Db, merchantId: number, memberId: number, email: string | null, nowMs: number): Promise<void> {
  if (email === null) {
    await db.query("DELETE FROM member_two_factor_option WHERE merchant_id = $1 AND member_id = $2 AND factor = 'email'", [merchantId, memberId]);
    return;
  }
  await db.query(
    `INSERT INTO member_two_factor_option (member_id, merchant_id, factor, email, enabled_at) VALUES ($1, $2, 'email', $3, $4)
     ON CONFLICT (member_id, factor) DO UPDATE SET email = EXCLUDED.email, enabled_at = EXCLUDED.enabled_at`,
    [memberId, merchantId, email, new Date(nowMs)],
  );
}

/** Whether the member turned the bank-account-name factor on (in force only with a bank card bound). */
export async function selectBankNameFactor(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  const result = await db.query(
    "SELECT 1 FROM member_two_factor_option WHERE merchant_id = $1 AND member_id = $2 AND factor = 'bank_name'",
    [merchantId, memberId],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function setBankNameFactor(db: Db, merchantId: number, memberId: number, enabled: boolean, nowMs: number): Promise<void> {
  if (enabled) {
    await db.query(
      `INSERT INTO member_two_factor_option (member_id, merchant_id, factor, enabled_at) VALUES ($1, $2, 'bank_name', $3)
       ON CONFLICT (member_id, factor) DO NOTHING`,
      [memberId, merchantId, new Date(nowMs)],
    );
  } else {
    await db.query("DELETE FROM member_two_factor_option WHERE merchant_id = $1 AND member_id = $2 AND factor = 'bank_name'", [merchantId, memberId]);
  }
}

export interface BankCardFacts {
  bankName: string;
  cardNumber: string;
  holderName: string;
}

/** The member's oldest bound bank card (withdrawal module's withdraw_card, type BC, not deleted). */
export async function selectBankCard(db: Db, merchantId: number, memberId: number): Promise<BankCardFacts | undefined> {
  const result = await db.query<{ bank_name: string; card_number: string; payee_name: string }>(
    `SELECT bank_name, card_number, payee_name FROM withdraw_card
      WHERE merchant_id = $1 AND member_id = $2 AND card_type = 'BC' AND deleted_at IS NULL
      ORDER BY id LIMIT 1`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return row ? { bankName: row.bank_name, cardNumber: row.card_number, holderName: row.payee_name } : undefined;
}
