import type { Db } from '../../db/pool';

// SQL of the deposits (migration 021). Money never moves here: a credit is a ledger transaction
// (deposit.settle.ts); these rows say what was asked, what the provider or operator said, and
// which ledger transaction credited it.

// C2C: player-to-player deposits (modules/c2c, migration 027): deposit rows only, no deposit_channel row.
export type ChannelMethod = 'MT' | 'PG' | 'QR' | 'C2C';
export type DepositStatus = 'pending' | 'crediting' | 'approved' | 'rejected' | 'cancelled' | 'failed' | 'expired';

export interface ChannelRow {
  id: number;
  method: ChannelMethod;
  vendorName: string;
  bankCode: string;
  provider: string | null;
  providerChannel: string | null;
  minMinor: number;
  maxMinor: number;
  fixedAmountsMinor: number[];
  receivingBankName: string | null;
  receivingAccountName: string | null;
  receivingAccountNumber: string | null;
  receivingBranch: string | null;
  sandbox: boolean;
}

const CHANNEL_COLUMNS = `id, method, vendor_name AS "vendorName", bank_code AS "bankCode", provider, provider_channel AS "providerChannel",
  min_amount_minor::float8 AS "minMinor", max_amount_minor::float8 AS "maxMinor", fixed_amounts_minor::float8[] AS "fixedAmountsMinor",
  receiving_bank_name AS "receivingBankName", receiving_account_name AS "receivingAccountName",
  receiving_account_number AS "receivingAccountNumber", receiving_branch AS "receivingBranch", sandbox`;

/** The merchant's enabled channels in display order (sandbox ones only when `sandbox`). */
export async function selectChannels(db: Db, merchantId: number, sandbox: boolean): Promise<ChannelRow[]> {
  const result = await db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM deposit_channel
      WHERE merchant_id = $1 AND enabled AND (NOT sandbox OR $2)
      ORDER BY sort_order, id`,
    [merchantId, sandbox],
  );
  return result.rows;
}

/** The merchant_setting 'deposit' row's value, or undefined. */
export async function selectDepositSetting(db: Db, merchantId: number): Promise<unknown> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'deposit'", [merchantId]);
  return result.rows[0]?.value;
}

export interface DepositRow {
  id: number;
  merchantId: number;
  memberId: number;
  channelId: number;
  method: ChannelMethod;
  vendorName: string;
  bankCode: string;
  provider: string | null;
  requestedMinor: number;
  creditedMinor: number | null;
  customerChargeMinor: number;
  status: DepositStatus;
  payeeName: string | null;
  depositorAccount: string | null;
  transactionDate: string | null;
  referenceNo: string | null;
  receivingBankName: string | null;
  receivingAccountName: string | null;
  receivingAccountNumber: string | null;
  receivingBranch: string | null;
  providerOrderId: string | null;
  payUrl: string | null;
  qrContent: string | null;
  expiresAtMs: number | null;
  idempotencyKey: string;
  requestDigest: string;
  createdAtMs: number;
  settledAtMs: number | null;
  operatorName: string | null;
  rejectReason: string | null;
  ledgerTransactionId: number | null;
}

const DEPOSIT_COLUMNS = `d.id::float8 AS id, d.merchant_id AS "merchantId", d.member_id::float8 AS "memberId", d.channel_id AS "channelId",
  d.method, d.vendor_name AS "vendorName", d.bank_code AS "bankCode", d.provider,
  d.requested_minor::float8 AS "requestedMinor", d.credited_minor::float8 AS "creditedMinor", d.customer_charge_minor::float8 AS "customerChargeMinor",
  d.status, d.payee_name AS "payeeName", d.depositor_account AS "depositorAccount", d.transaction_date AS "transactionDate",
  d.reference_no AS "referenceNo", d.receiving_bank_name AS "receivingBankName", d.receiving_account_name AS "receivingAccountName",
  d.receiving_account_number AS "receivingAccountNumber", d.receiving_branch AS "receivingBranch",
  d.provider_order_id AS "providerOrderId", d.pay_url AS "payUrl", d.qr_content AS "qrContent",
  (extract(epoch FROM d.expires_at) * 1000)::float8 AS "expiresAtMs", d.idempotency_key AS "idempotencyKey", d.request_digest AS "requestDigest",
  (extract(epoch FROM d.created_at) * 1000)::float8 AS "createdAtMs", (extract(epoch FROM d.settled_at) * 1000)::float8 AS "settledAtMs",
  d.operator_name AS "operatorName", d.reject_reason AS "rejectReason", d.ledger_transaction_id::float8 AS "ledgerTransactionId"`;

export async function selectDeposit(db: Db, merchantId: number, depositId: number): Promise<DepositRow | undefined> {
  const result = await db.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM deposit d WHERE d.merchant_id = $1 AND d.id = $2`, [merchantId, depositId]);
  return result.rows[0];
}

/** A deposit by its id alone (a provider's callback names no merchant until its order is found). */
export async function selectProviderDeposit(db: Db, provider: string, depositId: number): Promise<DepositRow | undefined> {
  const result = await db.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM deposit d WHERE d.id = $1 AND d.provider = $2`, [depositId, provider]);
  return result.rows[0];
}

export async function selectDepositByKey(db: Db, memberId: number, idempotencyKey: string): Promise<DepositRow | undefined> {
  const result = await db.query<DepositRow>(`SELECT ${DEPOSIT_COLUMNS} FROM deposit d WHERE d.member_id = $1 AND d.idempotency_key = $2`, [memberId, idempotencyKey]);
  return result.rows[0];
}

/** Takes the member's deposit lock until the transaction ends (the in-progress limit is checked under it). */
export async function lockMemberDeposits(db: Db, memberId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('deposit:' || $1::text, 0))", [memberId]);
}

/** Deposits of the member in progress: pending (or being credited), and not past their order's expiry. */
export async function countInProgress(db: Db, memberId: number, nowMs: number): Promise<number> {
  const result = await db.query<{ count: string }>(
    `SELECT count(*) FROM deposit
      WHERE member_id = $1 AND status IN ('pending', 'crediting') AND (expires_at IS NULL OR expires_at > $2)`,
    [memberId, new Date(nowMs)],
  );
  return Number(result.rows[0].count);
}

export interface NewDeposit {
  merchantId: number;
  memberId: number;
  channel: ChannelRow;
  requestedMinor: number;
  payeeName?: string | null;
  depositorAccount?: string | null;
  transactionDate?: string | null;
  expiresAtMs?: number | null;
  /** The deposit promotion the member chose for it (migration 059), joined before it was made. */
  promotionId?: number | null;
  idempotencyKey: string;
  requestDigest: string;
  nowMs: number;
}

/** Inserts a pending deposit; undefined when the member already used the idempotency key. */
export async function insertDeposit(db: Db, input: NewDeposit): Promise<number | undefined> {
  const { channel } = input;
  const mt = channel.method === 'MT';
  const result = await db.query<{ id: string }>(
    `INSERT INTO deposit (merchant_id, member_id, channel_id, method, vendor_name, bank_code, provider, requested_minor,
                          payee_name, depositor_account, transaction_date,
                          receiving_bank_name, receiving_account_name, receiving_account_number, receiving_branch,
                          expires_at, idempotency_key, request_digest, created_at, updated_at, promotion_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $20)
     ON CONFLICT (member_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [
      input.merchantId,
      input.memberId,
      channel.id,
      channel.method,
      channel.vendorName,
      channel.bankCode,
      channel.provider,
      input.requestedMinor,
      input.payeeName ?? null,
      input.depositorAccount ?? null,
      input.transactionDate ?? null,
      mt ? channel.receivingBankName : null,
      mt ? channel.receivingAccountName : null,
      mt ? channel.receivingAccountNumber : null,
      mt ? channel.receivingBranch ?? '' : null,
      input.expiresAtMs == null ? null : new Date(input.expiresAtMs),
      input.idempotencyKey,
      input.requestDigest,
      new Date(input.nowMs),
      input.promotionId ?? null,
    ],
  );
  return result.rows[0] ? Number(result.rows[0].id) : undefined;
}

export async function updateProviderOrder(
  db: Db,
  depositId: number,
  order: { providerOrderId: string; payUrl: string | null; qrContent: string | null },
  nowMs: number,
): Promise<void> {
  await db.query(
    `UPDATE deposit SET provider_order_id = $2, pay_url = $3, qr_content = $4, updated_at = $5
      WHERE id = $1 AND provider_order_id IS NULL`,
    [depositId, order.providerOrderId, order.payUrl, order.qrContent, new Date(nowMs)],
  );
}

/**
 * Starts crediting: from one of `from` to crediting, recording the amount (and the operator).
 * The row lock of the UPDATE decides between concurrent deciders: exactly one gets the row.
 */
export async function claimCredit(
  db: Db,
  depositId: number,
  from: readonly DepositStatus[],
  creditedMinor: number,
  nowMs: number,
  operatorName: string | null,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE deposit SET status = 'crediting', credited_minor = $3, operator_name = COALESCE($5, operator_name), updated_at = $4
      WHERE id = $1 AND status = ANY($2::text[])`,
    [depositId, from, creditedMinor, new Date(nowMs), operatorName],
  );
  return result.rowCount === 1;
}

/** Crediting done: approved, with the ledger transaction that credited it. */
export async function finishCredit(db: Db, depositId: number, ledgerTransactionId: number, nowMs: number): Promise<void> {
  await db.query(
    `UPDATE deposit SET status = 'approved', ledger_transaction_id = $2, settled_at = $3, updated_at = $3
      WHERE id = $1 AND status = 'crediting'`,
    [depositId, ledgerTransactionId, new Date(nowMs)],
  );
}

/** Closes a deposit without money (rejected, cancelled, failed, expired) when it is in one of `from`. */
export async function closeDeposit(
  db: Db,
  depositId: number,
  from: readonly DepositStatus[],
  to: 'rejected' | 'cancelled' | 'failed' | 'expired',
  nowMs: number,
  details: { operatorName?: string; rejectReason?: string; memberId?: number } = {},
): Promise<boolean> {
  const result = await db.query(
    `UPDATE deposit SET status = $3, settled_at = $4, updated_at = $4,
            operator_name = COALESCE($5, operator_name), reject_reason = COALESCE($6, reject_reason)
      WHERE id = $1 AND status = ANY($2::text[]) AND ($7::bigint IS NULL OR member_id = $7)`,
    [depositId, from, to, new Date(nowMs), details.operatorName ?? null, details.rejectReason ?? null, details.memberId ?? null],
  );
  return result.rowCount === 1;
}

export async function upsertReceipt(
  db: Db,
  receipt: { depositId: number; merchantId: number; contentType: string; image: Buffer; referenceNo: string; nowMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO deposit_receipt (deposit_id, merchant_id, content_type, image, reference_no, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (deposit_id) DO UPDATE SET content_type = EXCLUDED.content_type, image = EXCLUDED.image,
       reference_no = EXCLUDED.reference_no, uploaded_at = EXCLUDED.uploaded_at`,
    [receipt.depositId, receipt.merchantId, receipt.contentType, receipt.image, receipt.referenceNo, new Date(receipt.nowMs)],
  );
  await db.query('UPDATE deposit SET reference_no = $2, updated_at = $3 WHERE id = $1', [receipt.depositId, receipt.referenceNo, new Date(receipt.nowMs)]);
}

export async function selectReceipt(
  db: Db,
  merchantId: number,
  depositId: number,
): Promise<{ contentType: 'image/png' | 'image/jpeg'; image: Buffer; referenceNo: string; uploadedAtMs: number } | undefined> {
  const result = await db.query<{ contentType: 'image/png' | 'image/jpeg'; image: Buffer; referenceNo: string; uploadedAtMs: number }>(
    `SELECT content_type AS "contentType", image, reference_no AS "referenceNo", (extract(epoch FROM uploaded_at) * 1000)::float8 AS "uploadedAtMs"
       FROM deposit_receipt WHERE merchant_id = $1 AND deposit_id = $2`,
    [merchantId, depositId],
  );
  return result.rows[0];
}

export async function insertCallback(db: Db, entry: { depositId: number; provider: string; status: string; body: unknown; outcome: string; nowMs: number }): Promise<void> {
  await db.query('INSERT INTO deposit_callback (deposit_id, provider, status, body, outcome, received_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.depositId,
    entry.provider,
    entry.status,
    JSON.stringify(entry.body),
    entry.outcome,
    new Date(entry.nowMs),
  ]);
}

export interface DepositListRow extends DepositRow {
  username: string;
  hasReceipt: boolean;
}

/** The merchant's deposits (a status, or all), oldest first: the operators' queue. */
export async function selectDeposits(db: Db, merchantId: number, filter: { statuses?: readonly DepositStatus[]; limit: number; offset: number }): Promise<DepositListRow[]> {
  const result = await db.query<DepositListRow>(
    `SELECT ${DEPOSIT_COLUMNS}, m.username, EXISTS (SELECT 1 FROM deposit_receipt r WHERE r.deposit_id = d.id) AS "hasReceipt"
       FROM deposit d JOIN member m ON m.id = d.member_id
      WHERE d.merchant_id = $1 AND ($2::text[] IS NULL OR d.status = ANY($2::text[]))
      ORDER BY d.created_at, d.id
      LIMIT $3 OFFSET $4`,
    [merchantId, filter.statuses ?? null, filter.limit, filter.offset],
  );
  return result.rows;
}

export interface ReportFilter {
  memberId: number;
  fromMs: number;
  toMs: number;
  method?: ChannelMethod;
  statuses?: readonly DepositStatus[];
  limit: number;
  offset: number;
}

const REPORT_WHERE = `d.member_id = $1 AND d.created_at BETWEEN $2 AND $3 AND ($4::text IS NULL OR d.method = $4) AND ($5::text[] IS NULL OR d.status = ANY($5::text[]))`;
const reportParams = (filter: ReportFilter) => [filter.memberId, new Date(filter.fromMs), new Date(filter.toMs), filter.method ?? null, filter.statuses ?? null];

export async function selectReport(db: Db, filter: ReportFilter): Promise<DepositRow[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposit d WHERE ${REPORT_WHERE}
      ORDER BY d.created_at DESC, d.id DESC LIMIT $6 OFFSET $7`,
    [...reportParams(filter), filter.limit, filter.offset],
  );
  return result.rows;
}

export async function selectReportTotals(db: Db, filter: ReportFilter): Promise<{ count: number; requestedMinor: number; creditedMinor: number; chargeMinor: number }> {
  const result = await db.query<{ count: string; requested: string; credited: string; charge: string }>(
    `SELECT count(*) AS count, COALESCE(sum(d.requested_minor), 0) AS requested,
            COALESCE(sum(d.credited_minor) FILTER (WHERE d.status = 'approved'), 0) AS credited,
            COALESCE(sum(d.customer_charge_minor), 0) AS charge
       FROM deposit d WHERE ${REPORT_WHERE}`,
    reportParams(filter),
  );
  const row = result.rows[0];
  return { count: Number(row.count), requestedMinor: Number(row.requested), creditedMinor: Number(row.credited), chargeMinor: Number(row.charge) };
}

/**
 * Online deposits to ask the provider about: pending ones made before `beforeMs`, and expired or
 * cancelled ones with an order at the provider made since `lateSinceMs` (a late payment).
 */
export async function selectStalePending(db: Db, beforeMs: number, lateSinceMs: number, limit: number): Promise<DepositRow[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposit d
      WHERE d.method IN ('PG', 'QR') AND d.created_at < $1
        AND (d.status = 'pending' OR (d.status IN ('expired', 'cancelled') AND d.provider_order_id IS NOT NULL AND d.created_at > $2))
      ORDER BY d.created_at, d.id LIMIT $3`,
    [new Date(beforeMs), new Date(lateSinceMs), limit],
  );
  return result.rows;
}

/** Deposits left half-credited (status crediting) since before `beforeMs`. */
export async function selectStuckCrediting(db: Db, beforeMs: number, limit: number): Promise<DepositRow[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${DEPOSIT_COLUMNS} FROM deposit d WHERE d.status = 'crediting' AND d.updated_at < $1 ORDER BY d.id LIMIT $2`,
    [new Date(beforeMs), limit],
  );
  return result.rows;
}
