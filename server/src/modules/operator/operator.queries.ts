import { GUEST_MEMBER_TYPE } from '@platform/contract';
import type { Db } from '../../db/pool';
import type { OperatorRole } from './operator-roles';

export interface OperatorRecord {
  id: number;
  merchantId: number;
  merchantCode: string;
  username: string;
  role: OperatorRole;
}

interface OperatorRow {
  id: string;
  merchant_id: number;
  merchant_code: string;
  username: string;
  role: OperatorRole;
}

const toOperator = (row: OperatorRow): OperatorRecord => ({ id: Number(row.id), merchantId: row.merchant_id, merchantCode: row.merchant_code, username: row.username, role: row.role });

export async function insertOperator(
  db: Db,
  input: { merchantId: number; username: string; passwordHash: string; role: OperatorRole; totpSecretSealed: string; nowMs: number },
): Promise<number> {
  const result = await db.query<{ id: string }>(
    'INSERT INTO operator (merchant_id, username, password_hash, role, totp_secret_sealed, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [input.merchantId, input.username, input.passwordHash, input.role, input.totpSecretSealed, new Date(input.nowMs)],
  );
  return Number(result.rows[0].id);
}

/** A new authenticator secret for an operator (enrolment; the last accepted step is forgotten). */
export async function updateTotpSecret(db: Db, merchantId: number, username: string, totpSecretSealed: string): Promise<boolean> {
  const result = await db.query(
    'UPDATE operator SET totp_secret_sealed = $3, totp_last_step = NULL WHERE merchant_id = $1 AND lower(username) = lower($2)',
    [merchantId, username, totpSecretSealed],
  );
  return result.rowCount === 1;
}

/** Takes a TOTP step as used, unless it (or a later one) was used already: two logins with one code, one wins. */
export async function claimTotpStep(db: Db, operatorId: number, step: number): Promise<boolean> {
  const result = await db.query('UPDATE operator SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)', [operatorId, step]);
  return result.rowCount === 1;
}

export async function selectMerchantId(db: Db, merchantCode: string): Promise<number | undefined> {
  const result = await db.query<{ id: number }>('SELECT id FROM merchant WHERE lower(code) = lower($1)', [merchantCode]);
  return result.rows[0]?.id;
}

/** An active operator by merchant and name, with the hash to check a password against. */
export async function selectOperatorForLogin(
  db: Db,
  merchantId: number,
  username: string,
): Promise<(OperatorRecord & { passwordHash: string; totpSecretSealed: string | null; totpLastStep: number | null }) | undefined> {
  const result = await db.query<OperatorRow & { password_hash: string; totp_secret_sealed: string | null; totp_last_step: string | null }>(
    `SELECT o.id, o.merchant_id, m.code AS merchant_code, o.username, o.role, o.password_hash, o.totp_secret_sealed, o.totp_last_step
       FROM operator o JOIN merchant m ON m.id = o.merchant_id
      WHERE o.merchant_id = $1 AND lower(o.username) = lower($2) AND o.status = 'active'`,
    [merchantId, username],
  );
  const row = result.rows[0];
  return row
    ? { ...toOperator(row), passwordHash: row.password_hash, totpSecretSealed: row.totp_secret_sealed, totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step) }
    : undefined;
}

export async function insertToken(db: Db, input: { operatorId: number; tokenHash: Buffer; nowMs: number; expiresAtMs: number; clientIp: string }): Promise<void> {
  await db.query(
    'INSERT INTO operator_token (operator_id, token_hash, created_at, expires_at, client_ip) VALUES ($1, $2, $3, $4, $5)',
    [input.operatorId, input.tokenHash, new Date(input.nowMs), new Date(input.expiresAtMs), input.clientIp],
  );
}

/** A signed-in operator: the token's row and when it stops working (epoch ms). */
export type TokenOperator = OperatorRecord & { tokenId: number; tokenExpiresAt: number };

/** The active operator a live token belongs to. */
export async function selectOperatorByToken(db: Db, tokenHash: Buffer, nowMs: number): Promise<TokenOperator | undefined> {
  const result = await db.query<OperatorRow & { token_id: string; expires_at: Date }>(
    `SELECT o.id, o.merchant_id, m.code AS merchant_code, o.username, o.role, t.id AS token_id, t.expires_at
       FROM operator_token t JOIN operator o ON o.id = t.operator_id JOIN merchant m ON m.id = o.merchant_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2 AND o.status = 'active'`,
    [tokenHash, new Date(nowMs)],
  );
  const row = result.rows[0];
  return row ? { ...toOperator(row), tokenId: Number(row.token_id), tokenExpiresAt: row.expires_at.getTime() } : undefined;
}

export async function revokeToken(db: Db, tokenId: number, nowMs: number): Promise<void> {
  await db.query('UPDATE operator_token SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [tokenId, new Date(nowMs)]);
}

export interface AuditEntry {
  merchantId: number;
  operatorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string;
  outcome: 'started' | 'ok' | 'refused';
  errorCode?: string;
  detail: Record<string, unknown>;
  requestId?: string;
  clientIp?: string;
  nowMs: number;
}

export async function insertAudit(db: Db, entry: AuditEntry): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO operator_action (merchant_id, operator_id, action, target_type, target_id, outcome, error_code, detail, request_id, client_ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      entry.merchantId,
      entry.operatorId,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      entry.outcome,
      entry.errorCode ?? null,
      JSON.stringify(entry.detail),
      entry.requestId ?? null,
      entry.clientIp ?? null,
      new Date(entry.nowMs),
    ],
  );
  return Number(result.rows[0].id);
}

export interface AuditRow {
  id: number;
  operator: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: string;
  errorCode: string | null;
  detail: Record<string, unknown>;
  requestId: string | null;
  clientIp: string | null;
  createdAt: number;
}

/** What a search of the audit trail narrows to; every field optional. */
export interface AuditFilter {
  /** Only entries older than this id (paging). */
  beforeId?: number;
  /** The operator's name (any case); a failed login counts under the name tried. */
  operator?: string;
  /** Actions starting with this ('deposit.' or 'deposit.approve'). */
  actionPrefix?: string;
  /** From this instant (epoch ms, inclusive)… */
  fromMs?: number;
  /** …to this one (epoch ms, exclusive). */
  toMs?: number;
}

/** The merchant's audit trail, newest first, narrowed by `filter`. */
export async function selectAudit(db: Db, merchantId: number, limit: number, filter: AuditFilter = {}): Promise<AuditRow[]> {
  const result = await db.query<{
    id: string; username: string | null; action: string; target_type: string | null; target_id: string | null; outcome: string;
    error_code: string | null; detail: Record<string, unknown>; request_id: string | null; client_ip: string | null; created_at: Date;
  }>(
    `SELECT a.id, o.username, a.action, a.target_type, a.target_id, a.outcome, a.error_code, a.detail, a.request_id, a.client_ip, a.created_at
       FROM operator_action a LEFT JOIN operator o ON o.id = a.operator_id
      WHERE a.merchant_id = $1 AND ($3::bigint IS NULL OR a.id < $3)
        AND ($4::text IS NULL OR lower(o.username) = lower($4) OR (a.operator_id IS NULL AND lower(a.detail ->> 'username') = lower($4)))
        AND ($5::text IS NULL OR starts_with(a.action, $5))
        AND ($6::timestamptz IS NULL OR a.created_at >= $6)
        AND ($7::timestamptz IS NULL OR a.created_at < $7)
      ORDER BY a.id DESC LIMIT $2`,
    [
      merchantId,
      limit,
      filter.beforeId ?? null,
      filter.operator ?? null,
      filter.actionPrefix ?? null,
      filter.fromMs === undefined ? null : new Date(filter.fromMs),
      filter.toMs === undefined ? null : new Date(filter.toMs),
    ],
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    operator: row.username,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    outcome: row.outcome,
    errorCode: row.error_code,
    detail: row.detail,
    requestId: row.request_id,
    clientIp: row.client_ip,
    createdAt: row.created_at.getTime(),
  }));
}

/** A real-money member (not a free-play guest) of the merchant by user name. */
export async function selectRealMember(db: Db, merchantId: number, username: string): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: string; username: string }>(
    'SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> $3',
    [merchantId, username, GUEST_MEMBER_TYPE],
  );
  const row = result.rows[0];
  return row ? { id: Number(row.id), username: row.username } : undefined;
}

/**
 * Blocks (ending the member's sessions) or unblocks a real member as the operator: the block is
 * the operator's (member.blocked_by, migration 047), which an agent cannot lift. Answers whether
 * the member exists.
 */
/** A member's block as the audit trail records it before and after a change. */
export interface MemberBlockState {
  status: string;
  blockedBy: string | null;
}

/** Blocks or unblocks; answers the member's state before and after, or undefined for no such real member. */
export async function updateMemberBlock(
  db: Db,
  merchantId: number,
  username: string,
  blocked: boolean,
  nowMs: number,
): Promise<{ before: MemberBlockState; after: MemberBlockState } | undefined> {
  const result = await db.query<{ id: string; status: string; blocked_by: string | null; before_status: string; before_blocked_by: string | null }>(
    `WITH old AS (
       SELECT id, status, blocked_by FROM member WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> $3 FOR UPDATE
     )
     UPDATE member m SET status = $4, blocked_by = CASE WHEN $4 = 'blocked' THEN 'operator' END
       FROM old WHERE m.id = old.id
     RETURNING m.id, m.status, m.blocked_by, old.status AS before_status, old.blocked_by AS before_blocked_by`,
    [merchantId, username, GUEST_MEMBER_TYPE, blocked ? 'blocked' : 'active'],
  );
  const row = result.rows[0];
  if (!row) return undefined;
  if (blocked) {
    await db.query("UPDATE member_session SET revoked_at = $2, revoke_reason = 'blocked' WHERE member_id = $1 AND revoked_at IS NULL", [row.id, new Date(nowMs)]);
  }
  return { before: { status: row.before_status, blockedBy: row.before_blocked_by }, after: { status: row.status, blockedBy: row.blocked_by } };
}

export type SecondApproval = 'requested' | 'waiting' | 'confirmed' | 'mismatch';

/**
 * The four-eyes step of a large deposit approval: the first operator's approval is kept
 * ('requested'; again by them: 'waiting', its amount updated); another operator's approval of
 * the same amount takes it ('confirmed': only one of several at once does); of another amount,
 * 'mismatch'.
 */
export async function claimSecondApproval(db: Db, input: { merchantId: number; depositId: number; operatorId: number; amountMinor: number; nowMs: number }): Promise<SecondApproval> {
  const confirmed = await db.query(
    'DELETE FROM deposit_approval_request WHERE deposit_id = $1 AND merchant_id = $2 AND operator_id <> $3 AND amount_minor = $4 RETURNING deposit_id',
    [input.depositId, input.merchantId, input.operatorId, input.amountMinor],
  );
  if (confirmed.rowCount === 1) return 'confirmed';
  const requested = await db.query(
    `INSERT INTO deposit_approval_request (deposit_id, merchant_id, operator_id, amount_minor, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (deposit_id) DO NOTHING RETURNING deposit_id`,
    [input.depositId, input.merchantId, input.operatorId, input.amountMinor, new Date(input.nowMs)],
  );
  if (requested.rowCount === 1) return 'requested';
  const own = await db.query('UPDATE deposit_approval_request SET amount_minor = $3 WHERE deposit_id = $1 AND operator_id = $2 RETURNING deposit_id', [
    input.depositId,
    input.operatorId,
    input.amountMinor,
  ]);
  if (own.rowCount === 1) return 'waiting';
  // Another operator's request, made a moment ago (after the first look): of the same amount, this
  // approval is its second; of another, a mismatch.
  const late = await db.query(
    'DELETE FROM deposit_approval_request WHERE deposit_id = $1 AND merchant_id = $2 AND operator_id <> $3 AND amount_minor = $4 RETURNING deposit_id',
    [input.depositId, input.merchantId, input.operatorId, input.amountMinor],
  );
  return late.rowCount === 1 ? 'confirmed' : 'mismatch';
}
