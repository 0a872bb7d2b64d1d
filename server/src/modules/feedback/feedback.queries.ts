import type { Db } from '../../db/pool';

// SQL of feedback (migration 037_feedback.sql).

export interface NewFeedback {
  merchantId: number;
  memberId: number | null;
  type: string;
  content: string;
  sender: string | null;
  clientIp: string | null;
  nowMs: number;
}

export async function insertFeedback(db: Db, feedback: NewFeedback): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO feedback (merchant_id, member_id, type, content, sender, client_ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     RETURNING id`,
    [feedback.merchantId, feedback.memberId, feedback.type, feedback.content, feedback.sender, feedback.clientIp, new Date(feedback.nowMs)],
  );
  return Number(result.rows[0].id);
}

export interface FeedbackRow {
  id: string;
  type: string;
  content: string;
  sender: string | null;
  username: string | null;
  client_ip: string | null;
  created_at: Date;
  read_at: Date | null;
  total: string;
}

/** One page of a merchant's feedback, newest first, with the count of all that match. */
export async function selectFeedbackPage(
  db: Db,
  query: { merchantId: number; unreadOnly: boolean; offset: number; limit: number },
): Promise<FeedbackRow[]> {
  const result = await db.query<FeedbackRow>(
    `SELECT f.id, f.type, f.content, f.sender, m.username, f.client_ip, f.created_at, f.read_at,
            count(*) OVER () AS total
       FROM feedback f
       LEFT JOIN member m ON m.id = f.member_id
      WHERE f.merchant_id = $1 AND ($2::boolean IS FALSE OR f.read_at IS NULL)
      ORDER BY f.created_at DESC, f.id DESC
      OFFSET $3 LIMIT $4`,
    [query.merchantId, query.unreadOnly, query.offset, query.limit],
  );
  return result.rows;
}

/**
 * Marks some of a merchant's feedback read (those read before keep their time), but only when every
 * id is the merchant's: answers the ids found, and marks nothing when one is missing.
 */
export async function markFeedbackRead(db: Db, merchantId: number, ids: number[], nowMs: number): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    `WITH found AS (SELECT id FROM feedback WHERE merchant_id = $1 AND id = ANY($2::bigint[])),
          marked AS (
            UPDATE feedback SET read_at = COALESCE(read_at, $3)
             WHERE id IN (SELECT id FROM found) AND (SELECT count(*) FROM found) = cardinality($2::bigint[])
            RETURNING id)
     SELECT id FROM found`,
    [merchantId, ids, new Date(nowMs)],
  );
  return result.rows.map((row) => Number(row.id));
}
