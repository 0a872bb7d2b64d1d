import { GUEST_MEMBER_TYPE, PRIZE_DELIVERY_STATUSES, type PrizeDeliveryStatus, type PrizeKind } from '@platform/contract';
import type { Db } from '../../db/pool';

// SQL of the prize wheel (migration 055). Every query is scoped by merchant.

/** bigint columns arrive as strings; ids and amounts stay far below 2^53. */
const safe = (value: string | number): number => {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Prize wheel value ${value} is beyond safe integer range`);
  return number;
};
const safeOrNull = (value: string | number | null): number | null => (value === null ? null : safe(value));

export interface SegmentRow {
  id: number;
  label: string;
  kind: PrizeKind;
  amountMinor: number | null;
  weight: number;
}

export interface WheelRow {
  id: number;
  name: string;
  enabled: boolean;
  /** In wheel order: a spin's segment index is an index into this list. */
  segments: SegmentRow[];
}

async function segmentsOf(db: Db, wheelId: number): Promise<SegmentRow[]> {
  const result = await db.query<{ id: number; label: string; prize_kind: PrizeKind; amount_minor: string | null; weight: number }>(
    'SELECT id, label, prize_kind, amount_minor, weight FROM prize_wheel_segment WHERE wheel_id = $1 ORDER BY position',
    [wheelId],
  );
  return result.rows.map((row) => ({ id: row.id, label: row.label, kind: row.prize_kind, amountMinor: safeOrNull(row.amount_minor), weight: row.weight }));
}

/** A wheel of the merchant with its segments: the one named, or the enabled one when no id is given. */
export async function selectWheel(db: Db, merchantId: number, wheelId?: number): Promise<WheelRow | undefined> {
  const result = await db.query<{ id: number; name: string; enabled: boolean }>(
    wheelId === undefined
      ? 'SELECT id, name, enabled FROM prize_wheel WHERE merchant_id = $1 AND enabled'
      : 'SELECT id, name, enabled FROM prize_wheel WHERE merchant_id = $1 AND id = $2',
    wheelId === undefined ? [merchantId] : [merchantId, wheelId],
  );
  const wheel = result.rows[0];
  return wheel && { ...wheel, segments: await segmentsOf(db, wheel.id) };
}

/** A real member (no free-play guest) of the merchant, by id or by name. */
export async function selectRealMember(db: Db, merchantId: number, by: { id: number } | { username: string }): Promise<{ id: number; username: string } | undefined> {
  const result = await db.query<{ id: string; username: string }>(
    'id' in by
      ? 'SELECT id, username FROM member WHERE merchant_id = $1 AND id = $2 AND member_type <> $3'
      : 'SELECT id, username FROM member WHERE merchant_id = $1 AND lower(username) = lower($2) AND member_type <> $3',
    [merchantId, 'id' in by ? by.id : by.username, GUEST_MEMBER_TYPE],
  );
  const row = result.rows[0];
  return row && { id: safe(row.id), username: row.username };
}

/** Adds the grant's tickets numbered 1…count that the member does not have yet; answers the new ids. */
export async function insertTickets(
  db: Db,
  ticket: { merchantId: number; memberId: number; wheelId: number; source: string; count: number; nowMs: number },
): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO prize_ticket (merchant_id, member_id, wheel_id, source, grant_index, created_at)
     SELECT $1, $2, $3, $4, n, $6 FROM generate_series(1, $5::int) AS n
     ON CONFLICT (member_id, source, grant_index) DO NOTHING
     RETURNING id`,
    [ticket.merchantId, ticket.memberId, ticket.wheelId, ticket.source, ticket.count, new Date(ticket.nowMs)],
  );
  return result.rows.map((row) => safe(row.id)).sort((a, b) => a - b);
}

/** The ids of the tickets a source granted the member, in grant order. */
export async function selectGrantTicketIds(db: Db, merchantId: number, memberId: number, source: string): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    'SELECT id FROM prize_ticket WHERE merchant_id = $1 AND member_id = $2 AND source = $3 ORDER BY grant_index',
    [merchantId, memberId, source],
  );
  return result.rows.map((row) => safe(row.id));
}

export interface TicketRow {
  id: number;
  memberId: number;
  wheelId: number;
  source: string;
  state: 'available' | 'used' | 'cancelled';
  createdAtMs: number;
}

interface RawTicket { id: string; member_id: string; wheel_id: number; source: string; state: TicketRow['state']; created_at: Date }
const ticketOf = (row: RawTicket): TicketRow => ({
  id: safe(row.id), memberId: safe(row.member_id), wheelId: row.wheel_id, source: row.source, state: row.state, createdAtMs: row.created_at.getTime(),
});

/** The ticket with its row lock until the transaction ends: spins of one ticket wait for each other. */
export async function lockTicket(db: Db, merchantId: number, ticketId: number): Promise<TicketRow | undefined> {
  const result = await db.query<RawTicket>(
    'SELECT id, member_id, wheel_id, source, state, created_at FROM prize_ticket WHERE merchant_id = $1 AND id = $2 FOR UPDATE',
    [merchantId, ticketId],
  );
  return result.rows[0] && ticketOf(result.rows[0]);
}

export async function markTicketUsed(db: Db, ticketId: number, nowMs: number): Promise<void> {
  await db.query("UPDATE prize_ticket SET state = 'used', used_at = $2 WHERE id = $1 AND state = 'available'", [ticketId, new Date(nowMs)]);
}

/** The member's tickets of the wheel that can be spun, oldest first (at most `limit`), and how many there are. */
export async function selectAvailableTickets(db: Db, merchantId: number, memberId: number, wheelId: number, limit: number): Promise<{ tickets: TicketRow[]; count: number }> {
  const result = await db.query<RawTicket & { count: string }>(
    `SELECT id, member_id, wheel_id, source, state, created_at, count(*) OVER () AS count FROM prize_ticket
      WHERE merchant_id = $1 AND member_id = $2 AND wheel_id = $3 AND state = 'available'
      ORDER BY id LIMIT $4`,
    [merchantId, memberId, wheelId, limit],
  );
  return { tickets: result.rows.map(ticketOf), count: result.rows[0] ? safe(result.rows[0].count) : 0 };
}

export async function countAvailableTickets(db: Db, merchantId: number, memberId: number): Promise<number> {
  const result = await db.query<{ count: string }>(
    "SELECT count(*) AS count FROM prize_ticket WHERE merchant_id = $1 AND member_id = $2 AND state = 'available'",
    [merchantId, memberId],
  );
  return safe(result.rows[0].count);
}

export interface NewSpin {
  merchantId: number;
  memberId: number;
  ticketId: number;
  wheelId: number;
  seedId: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  weights: number[];
  segmentIndex: number;
  segment: SegmentRow;
  ledgerTransactionId: number | null;
  nowMs: number;
}

export async function insertSpin(db: Db, spin: NewSpin): Promise<number> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO prize_spin (merchant_id, member_id, ticket_id, wheel_id, seed_id, server_seed_hash, client_seed, nonce, weights,
                             segment_index, segment_id, prize_label, prize_kind, amount_minor, ledger_transaction_id, delivery_status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
     RETURNING id`,
    [
      spin.merchantId, spin.memberId, spin.ticketId, spin.wheelId, spin.seedId, spin.serverSeedHash, spin.clientSeed, spin.nonce, spin.weights,
      spin.segmentIndex, spin.segment.id, spin.segment.label, spin.segment.kind, spin.segment.amountMinor, spin.ledgerTransactionId,
      spin.segment.kind === 'physical' ? 'pending' : null, new Date(spin.nowMs),
    ],
  );
  return safe(result.rows[0].id);
}

export interface SpinRow {
  id: number;
  ticketId: number;
  wheelName: string;
  spunAtMs: number;
  segmentIndex: number;
  label: string;
  kind: PrizeKind;
  amountMinor: number | null;
  weights: number[];
  serverSeedHash: string;
  /** Null until the seed is rotated. */
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  deliveryStatus: PrizeDeliveryStatus | null;
  /** When a physical prize was delivered; null until then. */
  deliveredAtMs: number | null;
}

interface RawSpin {
  id: string; ticket_id: string; wheel_name: string; created_at: Date; segment_index: number; prize_label: string; prize_kind: PrizeKind;
  amount_minor: string | null; weights: number[]; server_seed_hash: string; server_seed: string | null; client_seed: string; nonce: string;
  delivery_status: PrizeDeliveryStatus | null; delivered_at: Date | null;
}
const spinOf = (row: RawSpin): SpinRow => ({
  id: safe(row.id), ticketId: safe(row.ticket_id), wheelName: row.wheel_name, spunAtMs: row.created_at.getTime(), segmentIndex: row.segment_index,
  label: row.prize_label, kind: row.prize_kind, amountMinor: safeOrNull(row.amount_minor), weights: row.weights, serverSeedHash: row.server_seed_hash,
  serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: safe(row.nonce), deliveryStatus: row.delivery_status,
  deliveredAtMs: row.delivered_at?.getTime() ?? null,
});

const SPIN_COLUMNS = `s.id, s.ticket_id, w.name AS wheel_name, s.created_at, s.segment_index, s.prize_label, s.prize_kind, s.amount_minor, s.weights,
  s.server_seed_hash, seed.server_seed, s.client_seed, s.nonce, s.delivery_status, s.delivered_at`;
const SPIN_FROM = 'prize_spin s JOIN prize_wheel w ON w.id = s.wheel_id JOIN prize_wheel_seed seed ON seed.id = s.seed_id';

/** One spin of the member's, with its seed as it is now (revealed or not). */
export async function selectSpin(db: Db, merchantId: number, memberId: number, spinId: string): Promise<SpinRow | undefined> {
  const result = await db.query<RawSpin>(`SELECT ${SPIN_COLUMNS} FROM ${SPIN_FROM} WHERE s.merchant_id = $1 AND s.member_id = $2 AND s.id = $3`, [merchantId, memberId, spinId]);
  return result.rows[0] && spinOf(result.rows[0]);
}

/** A page of the member's spins, newest first, with the count of all and the cash won over all. */
export async function selectSpins(db: Db, merchantId: number, memberId: number, page: number, size: number): Promise<{ spins: SpinRow[]; total: number; cashMinor: number }> {
  const [rows, totals] = await Promise.all([
    db.query<RawSpin>(
      `SELECT ${SPIN_COLUMNS} FROM ${SPIN_FROM} WHERE s.merchant_id = $1 AND s.member_id = $2 ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
      [merchantId, memberId, size, (page - 1) * size],
    ),
    db.query<{ total: string; cash: string }>(
      'SELECT count(*) AS total, coalesce(sum(amount_minor), 0) AS cash FROM prize_spin WHERE merchant_id = $1 AND member_id = $2',
      [merchantId, memberId],
    ),
  ]);
  return { spins: rows.rows.map(spinOf), total: safe(totals.rows[0].total), cashMinor: safe(totals.rows[0].cash) };
}

// ── The operators' side (migration 060): deliveries, cancellations, the report ──────────────────

export type DeliveryFilter = PrizeDeliveryStatus | 'all';

export interface DeliveryRow {
  spinId: number;
  ticketId: number;
  memberId: number;
  username: string;
  wheelName: string;
  label: string;
  spunAtMs: number;
  status: PrizeDeliveryStatus;
  deliveredAtMs: number | null;
  deliveredBy: string | null;
  note: string | null;
}

interface RawDelivery {
  id: string; ticket_id: string; member_id: string; username: string; wheel_name: string; prize_label: string; created_at: Date;
  delivery_status: PrizeDeliveryStatus; delivered_at: Date | null; delivered_by: string | null; delivery_note: string | null;
}
const deliveryOf = (row: RawDelivery): DeliveryRow => ({
  spinId: safe(row.id), ticketId: safe(row.ticket_id), memberId: safe(row.member_id), username: row.username, wheelName: row.wheel_name, label: row.prize_label,
  spunAtMs: row.created_at.getTime(), status: row.delivery_status, deliveredAtMs: row.delivered_at?.getTime() ?? null, deliveredBy: row.delivered_by, note: row.delivery_note,
});
const DELIVERY_COLUMNS = `s.id, s.ticket_id, s.member_id, m.username, w.name AS wheel_name, s.prize_label, s.created_at, s.delivery_status,
  s.delivered_at, o.username AS delivered_by, s.delivery_note`;
const DELIVERY_FROM = `prize_spin s JOIN member m ON m.id = s.member_id JOIN prize_wheel w ON w.id = s.wheel_id
  LEFT JOIN operator o ON o.id = s.delivered_by`;
/** The queue is worked oldest first; what was delivered reads newest delivery first. */
const DELIVERY_ORDER: Record<DeliveryFilter, string> = {
  pending: 's.id',
  delivered: 's.delivered_at DESC, s.id DESC',
  all: 's.id DESC',
};

/** A page of the merchant's physical prizes (of one member when named), with the count of all that match. */
export async function selectDeliveries(
  db: Db,
  merchantId: number,
  filter: { status: DeliveryFilter; memberId?: number; page: number; size: number },
): Promise<{ list: DeliveryRow[]; total: number }> {
  const where = ['s.merchant_id = $1', 's.delivery_status = ANY($2::text[])', '($3::bigint IS NULL OR s.member_id = $3)'];
  const parameters = [merchantId, filter.status === 'all' ? PRIZE_DELIVERY_STATUSES : [filter.status], filter.memberId ?? null];
  const [rows, count] = await Promise.all([
    db.query<RawDelivery>(
      `SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE ${where.join(' AND ')} ORDER BY ${DELIVERY_ORDER[filter.status]} LIMIT $4 OFFSET $5`,
      [...parameters, filter.size, (filter.page - 1) * filter.size],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total FROM prize_spin s WHERE ${where.join(' AND ')}`, parameters),
  ]);
  return { list: rows.rows.map(deliveryOf), total: safe(count.rows[0].total) };
}

/** One spin of the merchant's with its prize's delivery (its status null when the prize is no thing). */
export async function selectDelivery(db: Db, merchantId: number, spinId: string): Promise<(Omit<DeliveryRow, 'status'> & { status: PrizeDeliveryStatus | null }) | undefined> {
  const result = await db.query<RawDelivery>(`SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE s.merchant_id = $1 AND s.id = $2`, [merchantId, spinId]);
  return result.rows[0] && deliveryOf(result.rows[0]);
}

/**
 * Marks a physical prize delivered, if it is still pending: one statement, so of two at once one
 * marks it and the other finds it delivered. Answers whether this call marked it.
 */
export async function markDelivered(db: Db, delivery: { merchantId: number; spinId: string; operatorId: number; note: string | null; nowMs: number }): Promise<boolean> {
  const result = await db.query(
    `UPDATE prize_spin SET delivery_status = 'delivered', delivered_at = $4, delivered_by = $3, delivery_note = $5
      WHERE merchant_id = $1 AND id = $2 AND delivery_status = 'pending'`,
    [delivery.merchantId, delivery.spinId, delivery.operatorId, new Date(delivery.nowMs), delivery.note],
  );
  return result.rowCount === 1;
}

export interface CancellationRow {
  id: number;
  memberId: number;
  cancelled: number;
}

/**
 * Records an operator's cancellation under its Idempotency-Key, unless that key has one already:
 * answers the new row's id, or undefined. Of two requests with one key at once, the second waits
 * here for the first to commit (the unique index) and then finds its row.
 */
export async function insertCancellation(
  db: Db,
  cancellation: { merchantId: number; memberId: number; operatorId: number; idempotencyKey: string; requested: number | null; reason: string; nowMs: number },
): Promise<number | undefined> {
  const result = await db.query<{ id: string }>(
    `INSERT INTO prize_ticket_cancellation (merchant_id, member_id, operator_id, idempotency_key, requested, cancelled, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, 0, $6, $7)
     ON CONFLICT (operator_id, idempotency_key) DO NOTHING
     RETURNING id`,
    [cancellation.merchantId, cancellation.memberId, cancellation.operatorId, cancellation.idempotencyKey, cancellation.requested, cancellation.reason, new Date(cancellation.nowMs)],
  );
  return result.rows[0] ? safe(result.rows[0].id) : undefined;
}

export async function selectCancellation(db: Db, operatorId: number, idempotencyKey: string): Promise<CancellationRow | undefined> {
  const result = await db.query<{ id: string; member_id: string; cancelled: number }>(
    'SELECT id, member_id, cancelled FROM prize_ticket_cancellation WHERE operator_id = $1 AND idempotency_key = $2',
    [operatorId, idempotencyKey],
  );
  const row = result.rows[0];
  return row && { id: safe(row.id), memberId: safe(row.member_id), cancelled: row.cancelled };
}

/**
 * The member's unused tickets, oldest first, each locked until the transaction ends, as a spin
 * locks the one it takes: a spin under way is waited for, and its ticket, used by then, is not
 * among them.
 */
export async function lockAvailableTickets(db: Db, merchantId: number, memberId: number): Promise<number[]> {
  const result = await db.query<{ id: string }>(
    "SELECT id FROM prize_ticket WHERE merchant_id = $1 AND member_id = $2 AND state = 'available' ORDER BY id FOR UPDATE",
    [merchantId, memberId],
  );
  return result.rows.map((row) => safe(row.id));
}

/** Cancels those tickets (locked by the caller); answers how many changed. */
export async function cancelTickets(db: Db, ticketIds: number[], cancellationId: number, nowMs: number): Promise<number> {
  if (ticketIds.length === 0) return 0;
  const result = await db.query(
    "UPDATE prize_ticket SET state = 'cancelled', cancelled_at = $3, cancellation_id = $2 WHERE id = ANY($1::bigint[]) AND state = 'available'",
    [ticketIds, cancellationId, new Date(nowMs)],
  );
  await db.query('UPDATE prize_ticket_cancellation SET cancelled = $2 WHERE id = $1', [cancellationId, result.rowCount ?? 0]);
  return result.rowCount ?? 0;
}

export interface ReportSegmentRow {
  index: number;
  label: string;
  kind: PrizeKind;
  amountMinor: number | null;
  spins: number;
  cashMinor: number;
}

/**
 * A wheel's spins over [from, to): per segment as it was drawn (index, label, kind and amount as
 * the spin kept them, so an edited wheel shows both versions), the physical prizes' deliveries, and
 * the tickets granted and cancelled in the period.
 */
export async function selectWheelReport(
  db: Db,
  wheelId: number,
  fromMs: number,
  toMs: number,
): Promise<{ segments: ReportSegmentRow[]; pending: number; delivered: number; granted: number; cancelled: number }> {
  const period = [wheelId, new Date(fromMs), new Date(toMs)];
  const [segments, deliveries, tickets] = await Promise.all([
    db.query<{ segment_index: number; prize_label: string; prize_kind: PrizeKind; amount_minor: string | null; spins: string; cash_minor: string }>(
      `SELECT segment_index, prize_label, prize_kind, amount_minor, count(*) AS spins,
              coalesce(sum(amount_minor) FILTER (WHERE prize_kind = 'cash'), 0) AS cash_minor
         FROM prize_spin WHERE wheel_id = $1 AND created_at >= $2 AND created_at < $3
        GROUP BY segment_index, prize_label, prize_kind, amount_minor ORDER BY segment_index, count(*) DESC`,
      period,
    ),
    db.query<{ pending: string; delivered: string }>(
      `SELECT count(*) FILTER (WHERE delivery_status = 'pending') AS pending, count(*) FILTER (WHERE delivery_status = 'delivered') AS delivered
         FROM prize_spin WHERE wheel_id = $1 AND created_at >= $2 AND created_at < $3`,
      period,
    ),
    db.query<{ granted: string; cancelled: string }>(
      `SELECT count(*) FILTER (WHERE created_at >= $2 AND created_at < $3) AS granted,
              count(*) FILTER (WHERE cancelled_at >= $2 AND cancelled_at < $3) AS cancelled
         FROM prize_ticket WHERE wheel_id = $1 AND (created_at >= $2 AND created_at < $3 OR cancelled_at >= $2 AND cancelled_at < $3)`,
      period,
    ),
  ]);
  return {
    segments: segments.rows.map((row) => ({
      index: row.segment_index, label: row.prize_label, kind: row.prize_kind, amountMinor: safeOrNull(row.amount_minor), spins: safe(row.spins), cashMinor: safe(row.cash_minor),
    })),
    pending: safe(deliveries.rows[0].pending),
    delivered: safe(deliveries.rows[0].delivered),
    granted: safe(tickets.rows[0].granted),
    cancelled: safe(tickets.rows[0].cancelled),
  };
}
