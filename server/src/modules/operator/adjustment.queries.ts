import type { Db } from '../../db/pool';

// operator_adjustment (migration 076): every balance adjustment an operator asked for.

export type AdjustmentStatus = 'awaiting' | 'applied' | 'rejected';
export const ADJUSTMENT_STATUSES: readonly AdjustmentStatus[] = ['awaiting', 'applied', 'rejected'];

export interface AdjustmentRecord {
  id: number;
  memberId: number;
  username: string;
  amountMinor: number;
  reason: string;
  requestedById: number;
  requestedBy: string;
  status: AdjustmentStatus;
  decidedBy: string | null;
  decidedAtMs: number | null;
  decisionReason: string | null;
  transactionId: number | null;
  createdAtMs: number;
}

interface AdjustmentDbRow {
  id: string;
  member_id: string;
  username: string;
  amount_minor: string;
  reason: string;
  requested_by: string;
  requested_by_name: string;
  status: AdjustmentStatus;
  decided_by_name: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  transaction_id: string | null;
  created_at: Date;
}

const SELECT = `
  SELECT a.id, a.member_id, m.username, a.amount_minor, a.reason, a.requested_by, r.username AS requested_by_name, a.status,
         d.username AS decided_by_name, a.decided_at, a.decision_reason, a.transaction_id, a.created_at
    FROM operator_adjustment a
    JOIN member m ON m.id = a.member_id
    JOIN operator r ON r.id = a.requested_by
    LEFT JOIN operator d ON d.id = a.decided_by`;

const recordOf = (row: AdjustmentDbRow): AdjustmentRecord => ({
  id: Number(row.id),
  memberId: Number(row.member_id),
  username: row.username,
  amountMinor: Number(row.amount_minor),
  reason: row.reason,
  requestedById: Number(row.requested_by),
  requestedBy: row.requested_by_name,
  status: row.status,
  decidedBy: row.decided_by_name,
  decidedAtMs: row.decided_at ? row.decided_at.getTime() : null,
  decisionReason: row.decision_reason,
  transactionId: row.transaction_id === null ? null : Number(row.transaction_id),
  createdAtMs: row.created_at.getTime(),
});

export async function lockMember(db: Db, memberId: number): Promise<void> {
  await db.query('SELECT 1 FROM member WHERE id = $1 FOR UPDATE', [memberId]);
}

export async function selectByKey(db: Db, merchantId: number, operatorId: number, idempotencyKey: string): Promise<AdjustmentRecord | undefined> {
  const result = await db.query<AdjustmentDbRow>(`${SELECT} WHERE a.merchant_id = $1 AND a.requested_by = $2 AND a.idempotency_key = $3`, [merchantId, operatorId, idempotencyKey]);
  return result.rows[0] && recordOf(result.rows[0]);
}

/** What `operatorId` applied to the member on their own (no second operator) since `sinceMs`, in absolute minor units. */
export async function sumAppliedAlone(db: Db, merchantId: number, memberId: number, operatorId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ total: string }>(
    `SELECT COALESCE(sum(abs(amount_minor)), 0) AS total FROM operator_adjustment
      WHERE merchant_id = $1 AND member_id = $2 AND requested_by = $3 AND status = 'applied' AND decided_by IS NULL AND created_at > $4`,
    [merchantId, memberId, operatorId, new Date(sinceMs)],
  );
  return Number(result.rows[0].total);
}

export async function insertAdjustment(
  db: Db,
  input: { merchantId: number; memberId: number; operatorId: number; amountMinor: number; reason: string; idempotencyKey: string; status: 'awaiting' | 'applied'; transactionId: number | null; nowMs: number },
): Promise<AdjustmentRecord> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO operator_adjustment (merchant_id, member_id, amount_minor, reason, requested_by, idempotency_key, status, transaction_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [input.merchantId, input.memberId, input.amountMinor, input.reason, input.operatorId, input.idempotencyKey, input.status, input.transactionId, new Date(input.nowMs)],
  );
  return (await selectById(db, input.merchantId, Number(inserted.rows[0].id)))!;
}

export async function selectById(db: Db, merchantId: number, id: number): Promise<AdjustmentRecord | undefined> {
  const result = await db.query<AdjustmentDbRow>(`${SELECT} WHERE a.merchant_id = $1 AND a.id = $2`, [merchantId, id]);
  return result.rows[0] && recordOf(result.rows[0]);
}

/** The request, locked until the end of the caller's transaction (one decision at a time). */
export async function lockAdjustment(db: Db, merchantId: number, id: number): Promise<AdjustmentRecord | undefined> {
  const locked = await db.query('SELECT 1 FROM operator_adjustment WHERE merchant_id = $1 AND id = $2 FOR UPDATE', [merchantId, id]);
  if (locked.rowCount === 0) return undefined;
  return selectById(db, merchantId, id);
}

export async function decideAdjustment(
  db: Db,
  merchantId: number,
  id: number,
  decision: { status: 'applied' | 'rejected'; decidedBy: number; transactionId: number | null; reason: string | null; nowMs: number },
): Promise<AdjustmentRecord> {
  await db.query(
    `UPDATE operator_adjustment SET status = $3, decided_by = $4, decided_at = $5, transaction_id = $6, decision_reason = $7
      WHERE merchant_id = $1 AND id = $2 AND status = 'awaiting'`,
    [merchantId, id, decision.status, decision.decidedBy, new Date(decision.nowMs), decision.transactionId, decision.reason],
  );
  return (await selectById(db, merchantId, id))!;
}

export async function selectAdjustments(db: Db, merchantId: number, filter: { status?: AdjustmentStatus; username?: string; limit: number }): Promise<AdjustmentRecord[]> {
  const result = await db.query<AdjustmentDbRow>(
    `${SELECT} WHERE a.merchant_id = $1 AND ($2::text IS NULL OR a.status = $2) AND ($3::text IS NULL OR lower(m.username) = lower($3))
      ORDER BY a.created_at DESC, a.id DESC LIMIT $4`,
    [merchantId, filter.status ?? null, filter.username ?? null, filter.limit],
  );
  return result.rows.map(recordOf);
}
