import { GUEST_MEMBER_TYPE, type PrizeDeliveryStatus, type PrizeKind } from '@platform/contract';
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
}

interface RawSpin {
  id: string; ticket_id: string; wheel_name: string; created_at: Date; segment_index: number; prize_label: string; prize_kind: PrizeKind;
  amount_minor: string | null; weights: number[]; server_seed_hash: string; server_seed: string | null; client_seed: string; nonce: string;
  delivery_status: PrizeDeliveryStatus | null;
}
const spinOf = (row: RawSpin): SpinRow => ({
  id: safe(row.id), ticketId: safe(row.ticket_id), wheelName: row.wheel_name, spunAtMs: row.created_at.getTime(), segmentIndex: row.segment_index,
  label: row.prize_label, kind: row.prize_kind, amountMinor: safeOrNull(row.amount_minor), weights: row.weights, serverSeedHash: row.server_seed_hash,
  serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: safe(row.nonce), deliveryStatus: row.delivery_status,
});

const SPIN_COLUMNS = `s.id, s.ticket_id, w.name AS wheel_name, s.created_at, s.segment_index, s.prize_label, s.prize_kind, s.amount_minor, s.weights,
  s.server_seed_hash, seed.server_seed, s.client_seed, s.nonce, s.delivery_status`;
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
