import type { Db } from '../../db/pool';

// SQL of captcha challenges. Only a hash of each answer is stored.

export interface NewChallenge {
  captchaId: string;
  merchantId: number;
  answerHash: Buffer;
  nowMs: number;
  expiresAtMs: number;
  clientIp: string | null;
}

/** Stores a challenge; false when its id is taken (an id the caller chose that was used before). */
export async function insertChallenge(db: Db, challenge: NewChallenge): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO captcha_challenge (id, merchant_id, answer_hash, created_at, expires_at, client_ip)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (id) DO NOTHING`,
    [
      challenge.captchaId,
      challenge.merchantId,
      challenge.answerHash,
      new Date(challenge.nowMs),
      new Date(challenge.expiresAtMs),
      challenge.clientIp,
    ],
  );
  return result.rowCount === 1;
}

/** Deletes up to 200 challenges that expired before `beforeMs` (small batches keep each call short). */
export async function deleteChallengesExpiredBefore(db: Db, beforeMs: number): Promise<void> {
  await db.query(
    `DELETE FROM captcha_challenge WHERE id IN (
       SELECT id FROM captcha_challenge WHERE expires_at < $1 LIMIT 200)`,
    [new Date(beforeMs)],
  );
}

/**
 * Uses a live challenge up and returns its answer hash; undefined when it is unknown, used,
 * expired or another merchant's. The UPDATE makes a second use of one challenge impossible.
 */
export async function useChallenge(db: Db, merchantId: number, captchaId: string, nowMs: number): Promise<Buffer | undefined> {
  const result = await db.query<{ answer_hash: Buffer }>(
    `UPDATE captcha_challenge SET used_at = $3
      WHERE id = $1 AND merchant_id = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING answer_hash`,
    [captchaId, merchantId, new Date(nowMs)],
  );
  return result.rows[0]?.answer_hash;
}
