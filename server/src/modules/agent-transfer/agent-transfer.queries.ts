import type { Db } from '../../db/pool';

// SQL of the transfer to upline (agent-transfer.service.ts). Money moves only through the ledger's
// postTransaction; these statements read members, the merchant's setting and what a key recorded.

export interface TransferParties {
  memberType: number;
  /** The upline of the same merchant; null when the member has none (or it is of another merchant). */
  upline: { id: number; memberType: number; status: 'active' | 'blocked' } | null;
}

/** The member's type and their upline (its type and status), or undefined when there is no such member. */
export async function selectTransferParties(db: Db, merchantId: number, memberId: number): Promise<TransferParties | undefined> {
  const result = await db.query<{ member_type: number; upline_id: string | null; upline_type: number | null; upline_status: 'active' | 'blocked' | null }>(
    `SELECT m.member_type, u.id AS upline_id, u.member_type AS upline_type, u.status AS upline_status
       FROM member m LEFT JOIN member u ON u.id = m.upline_id AND u.merchant_id = m.merchant_id
      WHERE m.merchant_id = $1 AND m.id = $2`,
    [merchantId, memberId],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    memberType: row.member_type,
    upline: row.upline_id === null ? null : { id: Number(row.upline_id), memberType: row.upline_type as number, status: row.upline_status as 'active' | 'blocked' },
  };
}

/** The merchant's 'upline_transfer' setting (JSON), undefined when none is stored. */
export async function selectUplineTransferSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'upline_transfer'", [merchantId]);
  return result.rows[0]?.value;
}

export interface RecordedTransfer {
  kind: string;
  orderNo: string | null;
  remark: string | null;
  /** The member's own posting (negative: the money that left the main wallet); null when none. */
  memberAmountMinor: number | null;
}

/** What the ledger recorded under a key, with the member's main-wallet posting in it. */
export async function selectTransferByKey(db: Db, merchantId: number, memberId: number, idempotencyKey: string): Promise<RecordedTransfer | undefined> {
  const result = await db.query<{ kind: string; order_no: string | null; remark: string | null; amount_minor: string | null }>(
    `SELECT t.kind, t.order_no, t.remark, p.amount_minor
       FROM ledger_transaction t
       LEFT JOIN ledger_account a ON a.merchant_id = t.merchant_id AND a.member_id = $2 AND a.kind = 'member_main'
       LEFT JOIN ledger_posting p ON p.transaction_id = t.id AND p.account_id = a.id
      WHERE t.merchant_id = $1 AND t.idempotency_key = $3`,
    [merchantId, memberId, idempotencyKey],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  return { kind: row.kind, orderNo: row.order_no, remark: row.remark, memberAmountMinor: row.amount_minor === null ? null : Number(row.amount_minor) };
}
