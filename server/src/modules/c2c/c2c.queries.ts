import type { C2COrderStatus, C2COutcome } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the C2C orders (migration 027). This module owns c2c_order and c2c_image, the C2C
// columns of withdrawal (c2c_settled_minor, c2c_reserved_minor) and the status of deposit rows of
// method C2C; it writes them only inside the database transaction that holds the withdrawal's
// row lock (c2c.service.ts), together with the ledger posting when money moves. It reads the
// withdrawal's card and the member's real name. Money never moves here.

const toSafe = (value: string | number): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`${value} is beyond the safe integer range`);
  return number;
};

export const OPEN_STATUSES: readonly C2COrderStatus[] = ['matched', 'paid', 'disputed'];

export interface OrderRow {
  id: number;
  merchantId: number;
  depositId: number;
  withdrawalId: number;
  depositorId: number;
  withdrawerId: number;
  amountMinor: number;
  bankName: string;
  cardNumber: string;
  payeeName: string;
  depositorName: string;
  status: C2COrderStatus;
  receivedMinor: number | null;
  outcome: C2COutcome | null;
  payDeadlineMs: number;
  paidAtMs: number | null;
  confirmDeadlineMs: number | null;
  closedAtMs: number | null;
  decisionKey: string | null;
  decisionDigest: string | null;
  operatorName: string | null;
  ledgerTransactionId: number | null;
  createdAtMs: number;
  hasProof: boolean;
}

const ms = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

const ORDER_COLUMNS = `o.id::float8 AS id, o.merchant_id AS "merchantId", o.deposit_id::float8 AS "depositId", o.withdrawal_id::float8 AS "withdrawalId",
  o.depositor_id::float8 AS "depositorId", o.withdrawer_id::float8 AS "withdrawerId", o.amount_minor::text AS "amountMinor",
  o.bank_name AS "bankName", o.card_number AS "cardNumber", o.payee_name AS "payeeName", o.depositor_name AS "depositorName",
  o.status, o.received_minor::text AS "receivedMinor", o.outcome,
  ${ms('o.pay_deadline')} AS "payDeadlineMs", ${ms('o.paid_at')} AS "paidAtMs", ${ms('o.confirm_deadline')} AS "confirmDeadlineMs",
  ${ms('o.closed_at')} AS "closedAtMs", o.decision_key AS "decisionKey", o.decision_digest AS "decisionDigest",
  o.operator_name AS "operatorName", o.ledger_transaction_id::float8 AS "ledgerTransactionId", ${ms('o.created_at')} AS "createdAtMs",
  EXISTS (SELECT 1 FROM c2c_image i WHERE i.order_id = o.id AND i.role = 'proof') AS "hasProof"`;

type OrderDbRow = Omit<OrderRow, 'amountMinor' | 'receivedMinor'> & { amountMinor: string; receivedMinor: string | null };

const orderOf = (row: OrderDbRow): OrderRow => ({
  ...row,
  amountMinor: toSafe(row.amountMinor),
  receivedMinor: row.receivedMinor === null ? null : toSafe(row.receivedMinor),
});

export async function selectOrder(db: Db, merchantId: number, orderId: number, lock = false): Promise<OrderRow | undefined> {
  const result = await db.query<OrderDbRow>(`SELECT ${ORDER_COLUMNS} FROM c2c_order o WHERE o.merchant_id = $1 AND o.id = $2${lock ? ' FOR UPDATE' : ''}`, [merchantId, orderId]);
  return result.rows[0] && orderOf(result.rows[0]);
}

export async function selectOrderByDeposit(db: Db, merchantId: number, depositId: number): Promise<OrderRow | undefined> {
  const result = await db.query<OrderDbRow>(`SELECT ${ORDER_COLUMNS} FROM c2c_order o WHERE o.merchant_id = $1 AND o.deposit_id = $2`, [merchantId, depositId]);
  return result.rows[0] && orderOf(result.rows[0]);
}

/** The depositor's latest order still open (matched, paid or disputed), if any. */
export async function selectLatestOpenOfDepositor(db: Db, merchantId: number, depositorId: number): Promise<OrderRow | undefined> {
  const result = await db.query<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM c2c_order o
      WHERE o.merchant_id = $1 AND o.depositor_id = $2 AND o.status IN ('matched', 'paid', 'disputed')
      ORDER BY o.id DESC LIMIT 1`,
    [merchantId, depositorId],
  );
  return result.rows[0] && orderOf(result.rows[0]);
}

/** Orders on the withdrawer's withdrawals: open ones, then those closed since `closedSinceMs`; newest first. */
export async function selectOrdersOfWithdrawer(db: Db, merchantId: number, withdrawerId: number, closedSinceMs: number, limit: number): Promise<OrderRow[]> {
  const result = await db.query<OrderDbRow>(
    `SELECT ${ORDER_COLUMNS} FROM c2c_order o
      WHERE o.merchant_id = $1 AND o.withdrawer_id = $2 AND (o.closed_at IS NULL OR o.closed_at >= $3)
      ORDER BY (o.closed_at IS NULL) DESC, o.id DESC LIMIT $4`,
    [merchantId, withdrawerId, new Date(closedSinceMs), limit],
  );
  return result.rows.map(orderOf);
}

/** Orders of the merchant (a status, or all), oldest first: the operators' list. */
export async function selectOrders(
  db: Db,
  merchantId: number,
  filter: { statuses?: readonly C2COrderStatus[]; orderId?: number; limit: number },
): Promise<(OrderRow & { depositor: string; withdrawer: string })[]> {
  const result = await db.query<OrderDbRow & { depositor: string; withdrawer: string }>(
    `SELECT ${ORDER_COLUMNS}, d.username AS depositor, w.username AS withdrawer
       FROM c2c_order o JOIN member d ON d.id = o.depositor_id JOIN member w ON w.id = o.withdrawer_id
      WHERE o.merchant_id = $1 AND ($2::text[] IS NULL OR o.status = ANY($2::text[])) AND ($4::bigint IS NULL OR o.id = $4)
      ORDER BY o.id LIMIT $3`,
    [merchantId, filter.statuses ?? null, filter.limit, filter.orderId ?? null],
  );
  return result.rows.map((row) => ({ ...orderOf(row), depositor: row.depositor, withdrawer: row.withdrawer }));
}

/** Open orders past a deadline (matched past pay_deadline, paid past confirm_deadline), oldest first. */
export async function selectDue(db: Db, nowMs: number, limit: number, scope: { merchantId: number; memberId: number } | undefined): Promise<{ id: number; merchantId: number }[]> {
  const result = await db.query<{ id: string; merchant_id: number }>(
    `SELECT id, merchant_id FROM c2c_order
      WHERE ((status = 'matched' AND pay_deadline <= $1) OR (status = 'paid' AND confirm_deadline <= $1))
        AND ($2::int IS NULL OR (merchant_id = $2 AND (depositor_id = $3 OR withdrawer_id = $3)))
      ORDER BY id LIMIT $4`,
    [new Date(nowMs), scope?.merchantId ?? null, scope?.memberId ?? null, limit],
  );
  return result.rows.map((row) => ({ id: toSafe(row.id), merchantId: row.merchant_id }));
}

// ── The withdrawal side ──────────────────────────────────────────────────────

export interface WithdrawalC2CRow {
  id: number;
  memberId: number;
  amountMinor: number;
  settledMinor: number;
  reservedMinor: number;
  status: 'pending' | 'paid' | 'rejected';
}

const WITHDRAWAL_COLUMNS = `w.id::text AS id, w.member_id::text AS "memberId", w.amount_minor::text AS "amountMinor",
  w.c2c_settled_minor::text AS "settledMinor", w.c2c_reserved_minor::text AS "reservedMinor", w.status`;

type WithdrawalDbRow = Record<Exclude<keyof WithdrawalC2CRow, 'status'>, string> & { status: WithdrawalC2CRow['status'] };

const withdrawalOf = (row: WithdrawalDbRow): WithdrawalC2CRow => ({
  id: toSafe(row.id),
  memberId: toSafe(row.memberId),
  amountMinor: toSafe(row.amountMinor),
  settledMinor: toSafe(row.settledMinor),
  reservedMinor: toSafe(row.reservedMinor),
  status: row.status,
});

/** Locks a withdrawal's row (the caller's transaction): every C2C change of it and its orders happens under it. */
export async function lockWithdrawal(db: Db, merchantId: number, withdrawalId: number): Promise<WithdrawalC2CRow | undefined> {
  const result = await db.query<WithdrawalDbRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawal w WHERE w.merchant_id = $1 AND w.id = $2 FOR UPDATE`, [merchantId, withdrawalId]);
  return result.rows[0] && withdrawalOf(result.rows[0]);
}

export interface Candidate {
  id: number;
  memberId: number;
  bankName: string;
  cardNumber: string;
  payeeName: string;
}

/**
 * The oldest pending bank-card withdrawal of another member of the merchant with at least
 * `amountMinor` open (amount − settled − reserved), locked. `skipLocked`: rows another
 * transaction holds are passed over; without it the scan waits for them, and a row that no longer
 * qualifies once its lock is released is skipped (PostgreSQL re-checks the condition on the
 * updated row), so the answer is always a row with room, locked by this transaction.
 */
export async function lockCandidate(db: Db, merchantId: number, depositorId: number, amountMinor: number, skipLocked: boolean): Promise<Candidate | undefined> {
  const result = await db.query<{ id: string; member_id: string }>(
    `SELECT w.id, w.member_id FROM withdrawal w
      WHERE w.merchant_id = $1 AND w.status = 'pending' AND w.withdraw_type = 'BC' AND w.member_id <> $2
        AND w.amount_minor - w.c2c_settled_minor - w.c2c_reserved_minor >= $3
      ORDER BY w.id LIMIT 1
      FOR UPDATE OF w${skipLocked ? ' SKIP LOCKED' : ''}`,
    [merchantId, depositorId, amountMinor],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  const card = await db.query<{ bank_name: string; card_number: string; payee_name: string }>(
    'SELECT c.bank_name, c.card_number, c.payee_name FROM withdrawal w JOIN withdraw_card c ON c.id = w.card_id WHERE w.id = $1',
    [row.id],
  );
  return { id: toSafe(row.id), memberId: toSafe(row.member_id), bankName: card.rows[0].bank_name, cardNumber: card.rows[0].card_number, payeeName: card.rows[0].payee_name };
}

/** Adds to (positive) or releases (negative) the reservation of a locked withdrawal; the table's CHECKs bound it. */
export async function reserve(db: Db, withdrawalId: number, deltaMinor: number): Promise<void> {
  await db.query('UPDATE withdrawal SET c2c_reserved_minor = c2c_reserved_minor + $2 WHERE id = $1', [withdrawalId, deltaMinor]);
}

/**
 * An order's credit on its locked withdrawal: its reservation released, `receivedMinor` settled;
 * settled reaching the amount makes the withdrawal paid (no operator: "Full payment has been
 * made"). Answers the withdrawal's status after.
 */
export async function settleOnWithdrawal(db: Db, withdrawalId: number, reservedMinor: number, receivedMinor: number, nowMs: number): Promise<'pending' | 'paid'> {
  const result = await db.query<{ status: 'pending' | 'paid' }>(
    `UPDATE withdrawal SET c2c_reserved_minor = c2c_reserved_minor - $2, c2c_settled_minor = c2c_settled_minor + $3,
            status = CASE WHEN c2c_settled_minor + $3 = amount_minor THEN 'paid' ELSE status END,
            decided_at = CASE WHEN c2c_settled_minor + $3 = amount_minor THEN $4 ELSE decided_at END
      WHERE id = $1 AND status = 'pending' RETURNING status`,
    [withdrawalId, reservedMinor, receivedMinor, new Date(nowMs)],
  );
  if (result.rowCount !== 1) throw new Error(`withdrawal ${withdrawalId} is not pending`);
  return result.rows[0].status;
}

/** The member's real name (the default name of a C2C payer). */
/** Orders the member made since `sinceMs` and let go unpaid (cancelled, or expired). */
export async function countUnpaidSince(db: Db, depositorId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ count: string }>(
    "SELECT count(*) AS count FROM c2c_order WHERE depositor_id = $1 AND created_at >= $2 AND status IN ('cancelled', 'expired')",
    [depositorId, new Date(sinceMs)],
  );
  return Number(result.rows[0].count);
}

/** Where and in which language a withdrawer is told of a claimed payment. */
export async function selectContact(db: Db, memberId: number): Promise<{ language: string | null; mobileE164: string | null }> {
  const result = await db.query<{ language: string | null; mobile_e164: string | null }>('SELECT language, mobile_e164 FROM member WHERE id = $1', [memberId]);
  return { language: result.rows[0]?.language ?? null, mobileE164: result.rows[0]?.mobile_e164 ?? null };
}

export async function selectRealName(db: Db, merchantId: number, memberId: number): Promise<string | null> {
  const result = await db.query<{ payee_name: string | null }>('SELECT payee_name FROM member WHERE merchant_id = $1 AND id = $2', [merchantId, memberId]);
  return result.rows[0]?.payee_name ?? null;
}

// ── Orders and their deposit rows ────────────────────────────────────────────

export interface NewOrder {
  merchantId: number;
  depositorId: number;
  candidate: Candidate;
  amountMinor: number;
  depositorName: string;
  idempotencyKey: string;
  requestDigest: string;
  payDeadlineMs: number;
  nowMs: number;
}

/** The pending deposit row (method C2C, the card it pays as its receiving account) and its order. */
export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const now = new Date(order.nowMs);
  const deposit = await db.query<{ id: string }>(
    `INSERT INTO deposit (merchant_id, member_id, channel_id, method, vendor_name, bank_code, provider, requested_minor, payee_name,
                          receiving_bank_name, receiving_account_name, receiving_account_number, receiving_branch,
                          idempotency_key, request_digest, created_at, updated_at)
     VALUES ($1, $2, NULL, 'C2C', 'C2C', 'C2C', NULL, $3, $4, $5, $6, $7, '', $8, $9, $10, $10) RETURNING id`,
    [order.merchantId, order.depositorId, order.amountMinor, order.depositorName, order.candidate.bankName, order.candidate.payeeName, order.candidate.cardNumber,
      order.idempotencyKey, order.requestDigest, now],
  );
  const result = await db.query<{ id: string }>(
    `INSERT INTO c2c_order (merchant_id, deposit_id, withdrawal_id, depositor_id, withdrawer_id, amount_minor, bank_name, card_number, payee_name,
                            depositor_name, pay_deadline, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id`,
    [order.merchantId, deposit.rows[0].id, order.candidate.id, order.depositorId, order.candidate.memberId, order.amountMinor, order.candidate.bankName,
      order.candidate.cardNumber, order.candidate.payeeName, order.depositorName, new Date(order.payDeadlineMs), now],
  );
  return toSafe(result.rows[0].id);
}

/** The member's deposit under an idempotency key (any method), with its digest. */
export async function selectDepositByKey(db: Db, memberId: number, idempotencyKey: string): Promise<{ id: number; method: string; requestDigest: string } | undefined> {
  const result = await db.query<{ id: string; method: string; request_digest: string }>('SELECT id, method, request_digest FROM deposit WHERE member_id = $1 AND idempotency_key = $2', [
    memberId,
    idempotencyKey,
  ]);
  const row = result.rows[0];
  return row && { id: toSafe(row.id), method: row.method, requestDigest: row.request_digest };
}

/** matched → paid: the withdrawer is told in the same transaction (claim_notified_at), and the window starts then. */
export async function markPaid(db: Db, orderId: number, confirmDeadlineMs: number, nowMs: number): Promise<void> {
  await db.query("UPDATE c2c_order SET status = 'paid', paid_at = $2, claim_notified_at = $2, confirm_deadline = $3, updated_at = $2 WHERE id = $1 AND status = 'matched'", [
    orderId,
    new Date(nowMs),
    new Date(confirmDeadlineMs),
  ]);
}

export async function markDisputed(db: Db, orderId: number, decision: { key: string; digest: string }, nowMs: number): Promise<void> {
  await db.query("UPDATE c2c_order SET status = 'disputed', decision_key = $2, decision_digest = $3, updated_at = $4 WHERE id = $1 AND status = 'paid'", [
    orderId,
    decision.key,
    decision.digest,
    new Date(nowMs),
  ]);
}

/** Closes an order with its credit (status confirmed) and approves its deposit row. */
export async function closeConfirmed(
  db: Db,
  order: { id: number; depositId: number },
  close: { receivedMinor: number; outcome: C2COutcome; ledgerTransactionId: number; decision?: { key: string; digest: string }; operatorName?: string; nowMs: number },
): Promise<void> {
  const now = new Date(close.nowMs);
  await db.query(
    `UPDATE c2c_order SET status = 'confirmed', received_minor = $2, outcome = $3, ledger_transaction_id = $4, closed_at = $5, updated_at = $5,
            decision_key = COALESCE($6, decision_key), decision_digest = COALESCE($7, decision_digest), operator_name = COALESCE($8, operator_name)
      WHERE id = $1 AND status IN ('matched', 'paid', 'disputed')`,
    [order.id, close.receivedMinor, close.outcome, close.ledgerTransactionId, now, close.decision?.key ?? null, close.decision?.digest ?? null, close.operatorName ?? null],
  );
  await db.query(
    `UPDATE deposit SET status = 'approved', credited_minor = $2, ledger_transaction_id = $3, settled_at = $4, updated_at = $4, operator_name = COALESCE($5, operator_name)
      WHERE id = $1 AND method = 'C2C' AND status = 'pending'`,
    [order.depositId, close.receivedMinor, close.ledgerTransactionId, now, close.operatorName ?? null],
  );
}

/** Closes an order without money (cancelled, expired, rejected) and its deposit row likewise. */
export async function closeWithoutMoney(db: Db, order: { id: number; depositId: number }, status: 'cancelled' | 'expired' | 'rejected', nowMs: number, operatorName?: string, reason?: string): Promise<void> {
  const now = new Date(nowMs);
  await db.query(
    `UPDATE c2c_order SET status = $2, closed_at = $3, updated_at = $3, operator_name = COALESCE($4, operator_name)
      WHERE id = $1 AND status IN ('matched', 'paid', 'disputed')`,
    [order.id, status, now, operatorName ?? null],
  );
  await db.query(
    `UPDATE deposit SET status = $2, settled_at = $3, updated_at = $3, operator_name = COALESCE($4, operator_name), reject_reason = COALESCE($5, reject_reason)
      WHERE id = $1 AND method = 'C2C' AND status = 'pending'`,
    [order.depositId, status, now, operatorName ?? null, reason ?? null],
  );
}

// ── Images ───────────────────────────────────────────────────────────────────

export async function upsertImage(db: Db, image: { orderId: number; merchantId: number; role: 'proof' | 'dispute'; position: number; contentType: string; bytes: Buffer; nowMs: number }): Promise<void> {
  await db.query(
    `INSERT INTO c2c_image (order_id, merchant_id, role, position, content_type, image, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (order_id, role, position) DO UPDATE SET content_type = EXCLUDED.content_type, image = EXCLUDED.image, uploaded_at = EXCLUDED.uploaded_at`,
    [image.orderId, image.merchantId, image.role, image.position, image.contentType, image.bytes, new Date(image.nowMs)],
  );
}

export async function selectImages(db: Db, merchantId: number, orderIds: readonly number[], role: 'proof' | 'dispute'): Promise<{ orderId: number; position: number; contentType: string; image: Buffer }[]> {
  if (orderIds.length === 0) return [];
  const result = await db.query<{ order_id: string; position: number; content_type: string; image: Buffer }>(
    'SELECT order_id, position, content_type, image FROM c2c_image WHERE merchant_id = $1 AND order_id = ANY($2::bigint[]) AND role = $3 ORDER BY order_id, position',
    [merchantId, orderIds, role],
  );
  return result.rows.map((row) => ({ orderId: toSafe(row.order_id), position: row.position, contentType: row.content_type, image: row.image }));
}

/** The withdrawals (of the merchant) with their C2C progress. */
export async function selectWithdrawals(db: Db, merchantId: number, withdrawalIds: readonly number[]): Promise<WithdrawalC2CRow[]> {
  if (withdrawalIds.length === 0) return [];
  const result = await db.query<WithdrawalDbRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawal w WHERE w.merchant_id = $1 AND w.id = ANY($2::bigint[]) ORDER BY w.id DESC`, [
    merchantId,
    withdrawalIds,
  ]);
  return result.rows.map(withdrawalOf);
}
