import type { Db } from '../../db/pool';
import type { CodePurpose } from '../notification';

// SQL of SMS codes and of the sends they are counted by. Codes are stored only as salted hashes.

/** Serialises the send requests of one number, through every merchant, until the transaction ends. */
export async function lockSendsOf(db: Db, mobile: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`sms:${mobile}`]);
}

/**
 * When the `n`-th most recent send to the number since `sinceMs` went out (epoch ms), through any
 * merchant, if there were that many: the number has had its share until that send is older than
 * the window. Deliberately not scoped by merchant: the number's owner is one person whatever the
 * brand (index verification_send_mobile_all_merchants, migration 014).
 */
export async function nthLatestSendToNumberMs(db: Db, mobile: string, n: number, sinceMs: number): Promise<number | undefined> {
  const result = await db.query<{ sent_at: Date }>(
    'SELECT sent_at FROM verification_send WHERE mobile = $1 AND sent_at > $2 ORDER BY sent_at DESC OFFSET $3 LIMIT 1',
    [mobile, new Date(sinceMs), n - 1],
  );
  return result.rows[0]?.sent_at.getTime();
}

/** When a code last went to the number (epoch ms), if ever. */
export async function lastSentAtMs(db: Db, merchantId: number, mobile: string): Promise<number | undefined> {
  const result = await db.query<{ sent_at: Date | null }>(
    'SELECT max(sent_at) AS sent_at FROM verification_send WHERE merchant_id = $1 AND mobile = $2',
    [merchantId, mobile],
  );
  return result.rows[0]?.sent_at?.getTime();
}

export async function insertSend(db: Db, merchantId: number, mobile: string, ip: string, nowMs: number): Promise<void> {
  await db.query('INSERT INTO verification_send (merchant_id, mobile, ip, sent_at) VALUES ($1, $2, $3, $4)', [merchantId, mobile, ip, new Date(nowMs)]);
}

/** Retires the live codes of (number, purpose). */
export async function retireLiveCodes(db: Db, merchantId: number, mobile: string, purpose: CodePurpose, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE verification_code SET consumed_at = $4
      WHERE merchant_id = $1 AND mobile = $2 AND purpose = $3 AND consumed_at IS NULL`,
    [merchantId, mobile, purpose, new Date(nowMs)],
  );
}

export interface NewCode {
  merchantId: number;
  mobile: string;
  purpose: CodePurpose;
  codeHash: string;
  salt: string;
  maxAttempts: number;
  nowMs: number;
  expiresAtMs: number;
}

export async function insertCode(db: Db, code: NewCode): Promise<void> {
  await db.query(
    `INSERT INTO verification_code (merchant_id, mobile, purpose, code_hash, salt, max_attempts, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [code.merchantId, code.mobile, code.purpose, code.codeHash, code.salt, code.maxAttempts, new Date(code.nowMs), new Date(code.expiresAtMs)],
  );
}

export interface LiveCode {
  id: string;
  codeHash: string;
  salt: string;
  attempts: number;
  expiresAtMs: number;
}

/** The live code of (number, purpose), row-locked until the transaction ends. */
export async function selectLiveCodeForUpdate(db: Db, merchantId: number, mobile: string, purpose: CodePurpose): Promise<LiveCode | undefined> {
  const result = await db.query<{ id: string; code_hash: string; salt: string; attempts: number; expires_at: Date }>(
    `SELECT id, code_hash, salt, attempts, expires_at FROM verification_code
      WHERE merchant_id = $1 AND mobile = $2 AND purpose = $3 AND consumed_at IS NULL
      FOR UPDATE`,
    [merchantId, mobile, purpose],
  );
  const row = result.rows[0];
  return row && { id: row.id, codeHash: row.code_hash, salt: row.salt, attempts: row.attempts, expiresAtMs: row.expires_at.getTime() };
}

export async function consumeCode(db: Db, codeId: string, nowMs: number): Promise<void> {
  await db.query('UPDATE verification_code SET consumed_at = $2 WHERE id = $1', [codeId, new Date(nowMs)]);
}

/** Counts a wrong attempt; the last allowed one retires the code. */
export async function recordWrongAttempt(db: Db, codeId: string, attempts: number, nowMs: number): Promise<void> {
  await db.query(
    'UPDATE verification_code SET attempts = $2, consumed_at = CASE WHEN $2 >= max_attempts THEN $3::timestamptz ELSE NULL END WHERE id = $1',
    [codeId, attempts, new Date(nowMs)],
  );
}
