import type { Db } from '../../db/pool';

// The outbox as a queue (migration 070). Every statement is one autocommitted statement: a claim
// is committed before anything is sent, so no row lock or transaction is held across a network
// call, and each outcome is recorded only by the holder of the row's latest claim (its attempt
// number fences the update).

export type DeliveryStatus = 'kept' | 'queued' | 'sending' | 'sent' | 'failed';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['kept', 'queued', 'sending', 'sent', 'failed'];

export interface ClaimedRow {
  id: string;
  merchant_id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body_sealed: string | null;
  body: string | null;
  /** This claim's number: what fences its outcome. */
  attempts: number;
}

/**
 * Claims up to `limit` rows: due queued ones, and claims whose lease lapsed (their worker died)
 * while attempts remain. SKIP LOCKED: workers side by side (replicas, processes) each take other
 * rows; the row lock lasts this statement only, the lease (status 'sending', lease_until) guards
 * the row from then on.
 */
export async function claimDue(db: Db, input: { nowMs: number; leaseUntilMs: number; limit: number; maxAttempts: number }): Promise<ClaimedRow[]> {
  const result = await db.query<ClaimedRow>(
    `UPDATE outbox o
        SET status = 'sending', attempts = o.attempts + 1, lease_until = $2, next_attempt_at = NULL, updated_at = $1
      WHERE o.id IN (
              SELECT id FROM outbox
               WHERE (status = 'queued' AND next_attempt_at <= $1)
                  OR (status = 'sending' AND lease_until <= $1 AND attempts < $4)
               ORDER BY id
               LIMIT $3
                 FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.merchant_id, o.channel, o.recipient, o.subject, o.body_sealed, o.body, o.attempts`,
    [new Date(input.nowMs), new Date(input.leaseUntilMs), input.limit, input.maxAttempts],
  );
  return result.rows;
}

/**
 * Rows whose last attempt's worker died (lease lapsed) with no attempt left: failed, since
 * whether that attempt reached the provider cannot be known. Returns how many.
 */
export async function failLapsedLastAttempts(db: Db, input: { nowMs: number; maxAttempts: number }): Promise<number> {
  const result = await db.query(
    `UPDATE outbox
        SET status = 'failed', failed_at = $1, updated_at = $1, lease_until = NULL,
            last_error = 'the worker of the last attempt stopped before recording its outcome'
      WHERE status = 'sending' AND lease_until <= $1 AND attempts >= $2`,
    [new Date(input.nowMs), input.maxAttempts],
  );
  return result.rowCount ?? 0;
}

/** Whether the claim still held (false: its lease lapsed and another worker claimed the row). */
export async function markSent(db: Db, input: { id: string; attempt: number; providerMessageId: string | null; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `UPDATE outbox
        SET status = 'sent', sent_at = $4, updated_at = $4, lease_until = NULL, provider_message_id = $3
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [input.id, input.attempt, input.providerMessageId, new Date(input.nowMs)],
  );
  return result.rowCount === 1;
}

export async function markRetry(db: Db, input: { id: string; attempt: number; error: string; nextAttemptAtMs: number; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `UPDATE outbox
        SET status = 'queued', next_attempt_at = $4, updated_at = $5, lease_until = NULL, last_error = $3
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [input.id, input.attempt, input.error, new Date(input.nextAttemptAtMs), new Date(input.nowMs)],
  );
  return result.rowCount === 1;
}

export async function markFailed(db: Db, input: { id: string; attempt: number; error: string; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `UPDATE outbox
        SET status = 'failed', failed_at = $4, updated_at = $4, lease_until = NULL, last_error = $3
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [input.id, input.attempt, input.error, new Date(input.nowMs)],
  );
  return result.rowCount === 1;
}

/** One row of the operators' list: never its text (codes, links). */
export interface DeliveryRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  sender: string;
  status: DeliveryStatus;
  attempts: number;
  lastError: string | null;
  providerMessageId: string | null;
  createdAtMs: number;
  updatedAtMs: number | null;
  nextAttemptAtMs: number | null;
  sentAtMs: number | null;
  failedAtMs: number | null;
}

const ms = (value: Date | null): number | null => (value === null ? null : value.getTime());

/** The merchant's deliveries, newest first. */
export async function listDeliveries(
  db: Db,
  input: { merchantId: number; status?: DeliveryStatus; channel?: 'sms' | 'email'; recipient?: string; limit: number },
): Promise<DeliveryRow[]> {
  const result = await db.query<{
    id: string;
    channel: 'sms' | 'email';
    recipient: string;
    subject: string | null;
    sender: string;
    status: DeliveryStatus;
    attempts: number;
    last_error: string | null;
    provider_message_id: string | null;
    created_at: Date;
    updated_at: Date | null;
    next_attempt_at: Date | null;
    sent_at: Date | null;
    failed_at: Date | null;
  }>(
    `SELECT id, channel, recipient, subject, sender, status, attempts, last_error, provider_message_id,
            created_at, updated_at, next_attempt_at, sent_at, failed_at
       FROM outbox
      WHERE merchant_id = $1
        AND ($2::text IS NULL OR status = $2)
        AND ($3::text IS NULL OR channel = $3)
        AND ($4::text IS NULL OR lower(recipient) = lower($4))
      ORDER BY id DESC
      LIMIT $5`,
    [input.merchantId, input.status ?? null, input.channel ?? null, input.recipient ?? null, input.limit],
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    sender: row.sender,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    providerMessageId: row.provider_message_id,
    createdAtMs: row.created_at.getTime(),
    updatedAtMs: ms(row.updated_at),
    nextAttemptAtMs: ms(row.next_attempt_at),
    sentAtMs: ms(row.sent_at),
    failedAtMs: ms(row.failed_at),
  }));
}
