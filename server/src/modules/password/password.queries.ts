import type { Db } from '../../db/pool';

// SQL of e-mailed reset links. Only a hash of each token is stored (hex SHA-256).

export async function insertResetToken(db: Db, merchantId: number, memberId: number, tokenHash: string, nowMs: number, expiresAtMs: number): Promise<void> {
  await db.query(
    `INSERT INTO password_reset_token (merchant_id, member_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [merchantId, memberId, tokenHash, new Date(nowMs), new Date(expiresAtMs)],
  );
}

/**
 * Uses a live token up and returns its member id; undefined when it is unknown, used or expired.
 * Used up in the same statement that finds it: a token works once, even under concurrency.
 */
export async function consumeResetToken(db: Db, merchantId: number, tokenHash: string, nowMs: number): Promise<number | undefined> {
  const result = await db.query<{ member_id: string }>(
    `UPDATE password_reset_token SET consumed_at = $3
      WHERE merchant_id = $1 AND token_hash = $2 AND consumed_at IS NULL AND expires_at > $3
      RETURNING member_id`,
    [merchantId, tokenHash, new Date(nowMs)],
  );
  return result.rows[0] ? Number(result.rows[0].member_id) : undefined;
}

/** Uses up every live reset token of a member. */
export async function consumeMemberResetTokens(db: Db, memberId: number, nowMs: number): Promise<void> {
  await db.query('UPDATE password_reset_token SET consumed_at = $2 WHERE member_id = $1 AND consumed_at IS NULL', [memberId, new Date(nowMs)]);
}
