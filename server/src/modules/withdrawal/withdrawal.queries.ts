import type { WithdrawType, WithdrawalStatus } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the withdrawal module (tables of migrations/020_withdrawals.sql, and the member's
// payment password and real name). Money never moves here: see withdrawal.service.ts.

/** bigint columns arrive as strings; amounts stay far below 2^53 minor units. */
function toSafeNumber(value: string | number): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Amount ${value} is beyond safe integer range`);
  return number;
}

// ── The member ───────────────────────────────────────────────────────────────

/**
 * Locks the member's row until the end of the caller's transaction: one withdrawal or card change
 * of a member at a time, so counts (today's withdrawals, bound cards) hold under concurrency. NO
 * KEY UPDATE: rows that only reference the member (sessions, postings) are not held up.
 */
export async function lockMember(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM member WHERE merchant_id = $1 AND id = $2 FOR NO KEY UPDATE', [merchantId, memberId]);
  return result.rowCount === 1;
}

/** The payment password's hash: null when none is set, undefined when there is no such member. */
export async function selectPaymentPasswordHash(db: Db, merchantId: number, memberId: number): Promise<string | null | undefined> {
  const result = await db.query<{ payment_password_hash: string | null }>(
    'SELECT payment_password_hash FROM member WHERE merchant_id = $1 AND id = $2',
    [merchantId, memberId],
  );
  return result.rows[0] ? result.rows[0].payment_password_hash : undefined;
}

/** Sets the first payment password; false when one was set already. */
export async function insertPaymentPasswordHash(db: Db, merchantId: number, memberId: number, hash: string): Promise<boolean> {
  const result = await db.query(
    'UPDATE member SET payment_password_hash = $3 WHERE merchant_id = $1 AND id = $2 AND payment_password_hash IS NULL',
    [merchantId, memberId, hash],
  );
  return result.rowCount === 1;
}

/** Replaces the payment password (change, reset). */
export async function updatePaymentPasswordHash(db: Db, merchantId: number, memberId: number, hash: string): Promise<void> {
  await db.query('UPDATE member SET payment_password_hash = $3 WHERE merchant_id = $1 AND id = $2', [merchantId, memberId, hash]);
}

/** The member's real name (payee name) and whether a payment password is set. */
export async function selectMemberWithdrawFacts(db: Db, merchantId: number, memberId: number): Promise<{ payeeName: string | null; hasPaymentPassword: boolean }> {
  const result = await db.query<{ payee_name: string | null; has_payment_password: boolean }>(
    'SELECT payee_name, payment_password_hash IS NOT NULL AS has_payment_password FROM member WHERE merchant_id = $1 AND id = $2',
    [merchantId, memberId],
  );
  const row = result.rows[0];
  return { payeeName: row?.payee_name ?? null, hasPaymentPassword: row?.has_payment_password ?? false };
}

/** Sets the member's real name when none is set; answers the name the member has afterwards. */
export async function setPayeeNameIfUnset(db: Db, merchantId: number, memberId: number, payeeName: string): Promise<string | null> {
  await db.query('UPDATE member SET payee_name = $3 WHERE merchant_id = $1 AND id = $2 AND payee_name IS NULL', [merchantId, memberId, payeeName]);
  return (await selectMemberWithdrawFacts(db, merchantId, memberId)).payeeName;
}

// ── Banks and cards ──────────────────────────────────────────────────────────

export interface BankRow {
  bankCode: string;
  bankName: string;
  cardType: WithdrawType;
  protocol: string | null;
}

/** The merchant's enabled banks and wallet types, in display order. */
export async function selectBanks(db: Db, merchantId: number): Promise<BankRow[]> {
  const result = await db.query<{ bank_code: string; bank_name: string; card_type: WithdrawType; protocol: string | null }>(
    `SELECT bank_code, bank_name, card_type, protocol FROM withdraw_bank
      WHERE merchant_id = $1 AND enabled ORDER BY sort_order, bank_code`,
    [merchantId],
  );
  return result.rows.map((row) => ({ bankCode: row.bank_code, bankName: row.bank_name, cardType: row.card_type, protocol: row.protocol }));
}

export interface CardRow {
  id: number;
  memberId: number;
  cardType: WithdrawType;
  bankCode: string;
  bankName: string;
  protocol: string | null;
  cardNumber: string;
  payeeName: string;
  createdAtMs: number;
}

interface CardDbRow {
  id: string;
  member_id: string;
  card_type: WithdrawType;
  bank_code: string;
  bank_name: string;
  protocol: string | null;
  card_number: string;
  payee_name: string;
  created_at: Date;
}

const CARD_COLUMNS = 'id, member_id, card_type, bank_code, bank_name, protocol, card_number, payee_name, created_at';

const cardOf = (row: CardDbRow): CardRow => ({
  id: Number(row.id),
  memberId: Number(row.member_id),
  cardType: row.card_type,
  bankCode: row.bank_code,
  bankName: row.bank_name,
  protocol: row.protocol,
  cardNumber: row.card_number,
  payeeName: row.payee_name,
  createdAtMs: row.created_at.getTime(),
});

/** The member's cards not deleted, oldest first. */
export async function selectCards(db: Db, merchantId: number, memberId: number): Promise<CardRow[]> {
  const result = await db.query<CardDbRow>(
    `SELECT ${CARD_COLUMNS} FROM withdraw_card WHERE merchant_id = $1 AND member_id = $2 AND deleted_at IS NULL ORDER BY id`,
    [merchantId, memberId],
  );
  return result.rows.map(cardOf);
}

/** One of the member's cards not deleted (undefined: none, deleted, or another member's). */
export async function selectCard(db: Db, merchantId: number, memberId: number, cardId: number): Promise<CardRow | undefined> {
  const result = await db.query<CardDbRow>(
    `SELECT ${CARD_COLUMNS} FROM withdraw_card WHERE merchant_id = $1 AND member_id = $2 AND id = $3 AND deleted_at IS NULL`,
    [merchantId, memberId, cardId],
  );
  return result.rows[0] && cardOf(result.rows[0]);
}

export async function insertCard(
  db: Db,
  card: { merchantId: number; memberId: number; cardType: WithdrawType; bankCode: string; bankName: string; protocol: string | null; cardNumber: string; payeeName: string; nowMs: number },
): Promise<CardRow> {
  const result = await db.query<CardDbRow>(
    `INSERT INTO withdraw_card (merchant_id, member_id, card_type, bank_code, bank_name, protocol, card_number, payee_name, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${CARD_COLUMNS}`,
    [card.merchantId, card.memberId, card.cardType, card.bankCode, card.bankName, card.protocol, card.cardNumber, card.payeeName, new Date(card.nowMs)],
  );
  return cardOf(result.rows[0]);
}

/** Whether a card not deleted has this number at this bank (any member of the merchant). */
export async function cardNumberBound(db: Db, merchantId: number, bankCode: string, cardNumber: string): Promise<boolean> {
  const result = await db.query(
    'SELECT 1 FROM withdraw_card WHERE merchant_id = $1 AND bank_code = $2 AND card_number = $3 AND deleted_at IS NULL',
    [merchantId, bankCode, cardNumber],
  );
  return result.rowCount !== 0;
}

export async function markCardDeleted(db: Db, merchantId: number, memberId: number, cardId: number, nowMs: number): Promise<boolean> {
  const result = await db.query(
    'UPDATE withdraw_card SET deleted_at = $4 WHERE merchant_id = $1 AND member_id = $2 AND id = $3 AND deleted_at IS NULL',
    [merchantId, memberId, cardId, new Date(nowMs)],
  );
  return result.rowCount === 1;
}

export async function cardHasPendingWithdrawal(db: Db, cardId: number): Promise<boolean> {
  const result = await db.query("SELECT 1 FROM withdrawal WHERE card_id = $1 AND status = 'pending' LIMIT 1", [cardId]);
  return result.rowCount !== 0;
}

// ── Withdrawals ──────────────────────────────────────────────────────────────

export interface WithdrawalRow {
  id: number;
  merchantId: number;
  memberId: number;
  username: string;
  cardId: number;
  withdrawType: WithdrawType;
  bankCode: string;
  bankName: string;
  cardNumber: string;
  payeeName: string;
  protocol: string | null;
  amountMinor: number;
  chargeMinor: number;
  virtualAmountMinor: number | null;
  /** Paid by C2C depositors and confirmed; promised by open C2C orders (modules/c2c, migration 027). */
  c2cSettledMinor: number;
  c2cReservedMinor: number;
  status: WithdrawalStatus;
  /** Listed first among pending withdrawals: the member's VIP level said so when it was requested (migration 067). */
  priority: boolean;
  requestDigest: string;
  createdAtMs: number;
  decidedAtMs: number | null;
  operatorName: string | null;
  remark: string | null;
}

interface WithdrawalDbRow {
  id: string;
  merchant_id: number;
  member_id: string;
  username: string;
  card_id: string;
  withdraw_type: WithdrawType;
  bank_code: string;
  bank_name: string;
  card_number: string;
  payee_name: string;
  protocol: string | null;
  amount_minor: string;
  charge_minor: string;
  virtual_amount_minor: string | null;
  c2c_settled_minor: string;
  c2c_reserved_minor: string;
  status: WithdrawalStatus;
  priority: boolean;
  request_digest: string;
  created_at: Date;
  decided_at: Date | null;
  operator_name: string | null;
  remark: string | null;
}

const WITHDRAWAL_SELECT = `
  SELECT w.id, w.merchant_id, w.member_id, m.username, w.card_id, w.withdraw_type, c.bank_code, c.bank_name, c.card_number,
         c.payee_name, c.protocol, w.amount_minor, w.charge_minor, w.virtual_amount_minor, w.c2c_settled_minor, w.c2c_reserved_minor, w.status, w.priority, w.request_digest,
         w.created_at, w.decided_at, w.operator_name, w.remark
    FROM withdrawal w
    JOIN withdraw_card c ON c.id = w.card_id
    JOIN member m ON m.id = w.member_id`;

const withdrawalOf = (row: WithdrawalDbRow): WithdrawalRow => ({
  id: Number(row.id),
  merchantId: row.merchant_id,
  memberId: Number(row.member_id),
  username: row.username,
  cardId: Number(row.card_id),
  withdrawType: row.withdraw_type,
  bankCode: row.bank_code,
  bankName: row.bank_name,
  cardNumber: row.card_number,
  payeeName: row.payee_name,
  protocol: row.protocol,
  amountMinor: toSafeNumber(row.amount_minor),
  chargeMinor: toSafeNumber(row.charge_minor),
  virtualAmountMinor: row.virtual_amount_minor === null ? null : toSafeNumber(row.virtual_amount_minor),
  c2cSettledMinor: toSafeNumber(row.c2c_settled_minor),
  c2cReservedMinor: toSafeNumber(row.c2c_reserved_minor),
  status: row.status,
  priority: row.priority,
  requestDigest: row.request_digest,
  createdAtMs: row.created_at.getTime(),
  decidedAtMs: row.decided_at?.getTime() ?? null,
  operatorName: row.operator_name,
  remark: row.remark,
});

export async function selectWithdrawalByKey(db: Db, merchantId: number, memberId: number, idempotencyKey: string): Promise<WithdrawalRow | undefined> {
  const result = await db.query<WithdrawalDbRow>(`${WITHDRAWAL_SELECT} WHERE w.merchant_id = $1 AND w.member_id = $2 AND w.idempotency_key = $3`, [
    merchantId,
    memberId,
    idempotencyKey,
  ]);
  return result.rows[0] && withdrawalOf(result.rows[0]);
}

export async function selectWithdrawal(db: Db, merchantId: number, withdrawalId: number): Promise<WithdrawalRow | undefined> {
  const result = await db.query<WithdrawalDbRow>(`${WITHDRAWAL_SELECT} WHERE w.merchant_id = $1 AND w.id = $2`, [merchantId, withdrawalId]);
  return result.rows[0] && withdrawalOf(result.rows[0]);
}

/** Locks a withdrawal's row until the end of the caller's transaction (an operator's decision). */
export async function lockWithdrawal(db: Db, merchantId: number, withdrawalId: number): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM withdrawal WHERE merchant_id = $1 AND id = $2 FOR UPDATE', [merchantId, withdrawalId]);
  return result.rowCount === 1;
}

/** The member's withdrawals requested at or after `sinceMs` (every status). */
export async function countWithdrawalsSince(db: Db, merchantId: number, memberId: number, sinceMs: number): Promise<number> {
  const result = await db.query<{ count: string }>(
    'SELECT count(*) FROM withdrawal WHERE merchant_id = $1 AND member_id = $2 AND created_at >= $3',
    [merchantId, memberId, new Date(sinceMs)],
  );
  return Number(result.rows[0].count);
}

export async function insertWithdrawal(
  db: Db,
  row: {
    merchantId: number;
    memberId: number;
    cardId: number;
    withdrawType: WithdrawType;
    amountMinor: number;
    chargeMinor: number;
    virtualAmountMinor: number | null;
    idempotencyKey: string;
    requestDigest: string;
    priority: boolean;
    nowMs: number;
  },
): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO withdrawal (merchant_id, member_id, card_id, withdraw_type, amount_minor, charge_minor, virtual_amount_minor,
                             idempotency_key, request_digest, priority, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      row.merchantId,
      row.memberId,
      row.cardId,
      row.withdrawType,
      row.amountMinor,
      row.chargeMinor,
      row.virtualAmountMinor,
      row.idempotencyKey,
      row.requestDigest,
      row.priority,
      new Date(row.nowMs),
    ],
  );
  return Number(result.rows[0].id);
}

/** pending → paid or rejected (the caller holds the row's lock and has moved the money). */
export async function settleWithdrawal(
  db: Db,
  withdrawalId: number,
  settlement: { status: 'paid' | 'rejected'; operatorName: string; remark: string | null; nowMs: number },
): Promise<void> {
  const result = await db.query(
    `UPDATE withdrawal SET status = $2, decided_at = $3, operator_name = $4, remark = $5 WHERE id = $1 AND status = 'pending'`,
    [withdrawalId, settlement.status, new Date(settlement.nowMs), settlement.operatorName, settlement.remark],
  );
  if (result.rowCount !== 1) throw new Error(`Withdrawal ${withdrawalId} was not pending`);
}

/**
 * The merchant's withdrawals of a status (all when undefined), oldest first. The pending ones are
 * the operators' review queue: those requested with priority (a VIP level's) come first, each group
 * oldest first. Settled ones keep the plain order of time: nothing is waiting there.
 */
export async function selectWithdrawals(db: Db, merchantId: number, filter: { status?: WithdrawalStatus; memberId?: number; limit: number }): Promise<WithdrawalRow[]> {
  const order = filter.status === 'pending' ? 'w.priority DESC, w.id' : 'w.id';
  const result = await db.query<WithdrawalDbRow>(
    `${WITHDRAWAL_SELECT}
      WHERE w.merchant_id = $1 AND ($2::text IS NULL OR w.status = $2) AND ($3::bigint IS NULL OR w.member_id = $3)
      ORDER BY ${order} LIMIT $4`,
    [merchantId, filter.status ?? null, filter.memberId ?? null, filter.limit],
  );
  return result.rows.map(withdrawalOf);
}

export interface ReportFilter {
  merchantId: number;
  memberId: number;
  fromMs: number;
  toMs: number;
  status: WithdrawalStatus | null;
}

/** A page of the member's withdrawals requested in [fromMs, toMs], newest first. */
export async function selectReportPage(db: Db, filter: ReportFilter, offset: number, limit: number): Promise<WithdrawalRow[]> {
  const result = await db.query<WithdrawalDbRow>(
    `${WITHDRAWAL_SELECT}
      WHERE w.merchant_id = $1 AND w.member_id = $2 AND w.created_at >= $3 AND w.created_at <= $4 AND ($5::text IS NULL OR w.status = $5)
      ORDER BY w.created_at DESC, w.id DESC OFFSET $6 LIMIT $7`,
    [filter.merchantId, filter.memberId, new Date(filter.fromMs), new Date(filter.toMs), filter.status, offset, limit],
  );
  return result.rows.map(withdrawalOf);
}

/** Row count and amount sum of the same filter, over the whole range. */
export async function selectReportTotals(db: Db, filter: ReportFilter): Promise<{ total: number; amountMinor: number }> {
  const result = await db.query<{ total: string; amount_minor: string }>(
    `SELECT count(*) AS total, coalesce(sum(amount_minor), 0) AS amount_minor FROM withdrawal
      WHERE merchant_id = $1 AND member_id = $2 AND created_at >= $3 AND created_at <= $4 AND ($5::text IS NULL OR status = $5)`,
    [filter.merchantId, filter.memberId, new Date(filter.fromMs), new Date(filter.toMs), filter.status],
  );
  return { total: Number(result.rows[0].total), amountMinor: toSafeNumber(result.rows[0].amount_minor) };
}

// ── Settings ─────────────────────────────────────────────────────────────────

/** The merchant's stored 'withdraw' setting document, if any. */
export async function selectWithdrawSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'withdraw'", [merchantId]);
  return result.rows[0]?.value;
}

/**
 * Whether a promotion's bonus added to the member's wagering requirement since it was last met
 * (wagering_entry, migration 044; the bonus movements are ledger kind promotion).
 */
export async function selectOwesPromotionWagering(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  const result = await db.query<{ owes: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM wagering_entry e
        WHERE e.merchant_id = $1 AND e.member_id = $2 AND e.kind = 'requirement_added' AND e.source_kind = 'promotion'
          AND e.id > coalesce((SELECT max(z.id) FROM wagering_entry z WHERE z.member_id = $2 AND z.remaining_after_minor = 0), 0)
     ) AS owes`,
    [merchantId, memberId],
  );
  return result.rows[0].owes;
}
