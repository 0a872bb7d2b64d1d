import type pg from 'pg';
import type { PrizeDeliveryStatus, PrizeKind } from '@platform/contract';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { minorToMajor } from '../ledger';
import * as queries from './prize-wheel.queries';

// What operators do to run the wheel (prize-wheel.operator-routes.ts, the tool's prize-deliveries,
// prize-deliver, cancel-tickets and prize-wheel-report; migration 060):
// - deliver a physical prize: pending → delivered once, with the time, the operator and a note;
//   asked again it changes nothing and says it was delivered already (when, by whom);
// - cancel a member's unused tickets (a number of them, oldest first, or all): the tickets are
//   locked as a spin locks its ticket, so a spin and a cancellation never both take one; a used
//   ticket is never among them; more than the member has is refused, and nothing changes;
//   repeated with its Idempotency-Key it cancels nothing more;
// - a wheel's report over a period: spins and cash paid per segment, deliveries, tickets.
// Everything is the operator's merchant's: another merchant's spin, member or wheel is not found.

/** A spin id as the routes take it: text, as a PostgreSQL bigint may not fit a JS number. */
const SPIN_ID = /^[1-9][0-9]{0,17}$/;
const MAX_REPORT_MS = 366 * 86_400_000;

const majorOrNull = (minor: number | null): number | null => (minor === null ? null : minorToMajor(minor));

export interface Delivery {
  spinId: string;
  ticketId: number;
  username: string;
  wheelName: string;
  prize: string;
  spunAt: number;
  status: PrizeDeliveryStatus;
  deliveredAt: number | null;
  deliveredBy: string | null;
  note: string | null;
}

const deliveryOf = (row: queries.DeliveryRow): Delivery => ({
  spinId: String(row.spinId),
  ticketId: row.ticketId,
  username: row.username,
  wheelName: row.wheelName,
  prize: row.label,
  spunAt: row.spunAtMs,
  status: row.status,
  deliveredAt: row.deliveredAtMs,
  deliveredBy: row.deliveredBy,
  note: row.note,
});

/** A page of the merchant's physical prizes by delivery status (of one member when named). */
export async function listDeliveries(
  pool: pg.Pool,
  merchantId: number,
  filter: { status: queries.DeliveryFilter; username?: string; page: number; size: number },
): Promise<{ list: Delivery[]; total: number; totalPages: number }> {
  let memberId: number | undefined;
  if (filter.username !== undefined) {
    const member = await queries.selectRealMember(pool, merchantId, { username: filter.username });
    if (!member) throw new AppError(404, 'operator.member.not.found');
    memberId = member.id;
  }
  const { list, total } = await queries.selectDeliveries(pool, merchantId, { status: filter.status, memberId, page: filter.page, size: filter.size });
  return { list: list.map(deliveryOf), total, totalPages: Math.ceil(total / filter.size) };
}

/**
 * Marks a physical prize delivered. Once: a second call (or one at the same moment) changes
 * nothing and answers `alreadyDelivered` with the first delivery's time, operator and note.
 */
export async function deliverPrize(
  pool: pg.Pool,
  input: { merchantId: number; operatorId: number; spinId: string; note?: string; nowMs: number },
): Promise<Delivery & { alreadyDelivered: boolean }> {
  if (!SPIN_ID.test(input.spinId)) throw new AppError(404, 'prize_wheel.spin.not_found');
  const note = input.note?.trim() ? input.note.trim() : null;
  const marked = await queries.markDelivered(pool, { merchantId: input.merchantId, spinId: input.spinId, operatorId: input.operatorId, note, nowMs: input.nowMs });
  const found = await queries.selectDelivery(pool, input.merchantId, input.spinId);
  if (!found) throw new AppError(404, 'prize_wheel.spin.not_found');
  if (found.status === null) throw new AppError(409, 'prize_wheel.spin.not_physical');
  return { ...deliveryOf({ ...found, status: found.status }), alreadyDelivered: !marked };
}

/** A member's tickets that can be spun now (null: no such member), as a grant or a cancellation records it. */
export async function availableTicketsOf(pool: pg.Pool, merchantId: number, username: string): Promise<number | null> {
  const member = await queries.selectRealMember(pool, merchantId, { username });
  return member ? queries.countAvailableTickets(pool, merchantId, member.id) : null;
}

/** A spin's prize delivery as a delivery records it (null: no spin of the merchant, or no thing to deliver). */
export async function deliveryStateOf(pool: pg.Pool, merchantId: number, spinId: string) {
  const found = SPIN_ID.test(spinId) ? await queries.selectDelivery(pool, merchantId, spinId) : undefined;
  if (!found || found.status === null) return null;
  return { spinId, username: found.username, prize: found.label, status: found.status, deliveredBy: found.deliveredBy, note: found.note };
}

export interface CancelInput {
  merchantId: number;
  operatorId: number;
  username: string;
  /** How many of the member's unused tickets, oldest first; all of them when absent. */
  count?: number;
  reason: string;
  idempotencyKey: string;
  nowMs: number;
}

/** Cancels a member's unused tickets in one transaction; answers how many, and what the member has left. */
export async function cancelMemberTickets(pool: pg.Pool, input: CancelInput): Promise<{ username: string; cancelled: number; replayed: boolean; available: number }> {
  if (input.count !== undefined && (!Number.isSafeInteger(input.count) || input.count < 1)) throw new AppError(400, 'request.param.err', { detail: 'count is 1 or more' });
  return withTransaction(pool, async (client) => {
    const member = await queries.selectRealMember(client, input.merchantId, { username: input.username });
    if (!member) throw new AppError(404, 'operator.member.not.found');
    const cancellationId = await queries.insertCancellation(client, {
      merchantId: input.merchantId,
      memberId: member.id,
      operatorId: input.operatorId,
      idempotencyKey: input.idempotencyKey,
      requested: input.count ?? null,
      reason: input.reason,
      nowMs: input.nowMs,
    });
    if (cancellationId === undefined) {
      // The key was used: what that request did, nothing more.
      const earlier = await queries.selectCancellation(client, input.operatorId, input.idempotencyKey);
      if (!earlier) throw new Error(`Cancellation ${input.idempotencyKey} of operator ${input.operatorId} conflicted but cannot be read`);
      const earlierMember = await queries.selectRealMember(client, input.merchantId, { id: earlier.memberId });
      return {
        username: earlierMember?.username ?? input.username,
        cancelled: earlier.cancelled,
        replayed: true,
        available: await queries.countAvailableTickets(client, input.merchantId, earlier.memberId),
      };
    }
    const unused = await queries.lockAvailableTickets(client, input.merchantId, member.id);
    if (input.count !== undefined && input.count > unused.length) throw new AppError(409, 'prize_wheel.cancel.too_many', { detail: String(unused.length) });
    const chosen = input.count === undefined ? unused : unused.slice(0, input.count);
    const cancelled = await queries.cancelTickets(client, chosen, cancellationId, input.nowMs);
    if (cancelled !== chosen.length) throw new Error(`Cancelled ${cancelled} of ${chosen.length} locked tickets of member ${member.id}`);
    return { username: member.username, cancelled, replayed: false, available: unused.length - cancelled };
  });
}

export interface WheelReport {
  wheelId: number;
  name: string;
  enabled: boolean;
  from: number;
  to: number;
  spins: number;
  cashPaid: number;
  physical: { pending: number; delivered: number };
  tickets: { granted: number; cancelled: number };
  segments: { index: number; label: string; kind: PrizeKind; amount: number | null; spins: number; cashPaid: number }[];
}

/**
 * A wheel's spins over [from, to) (the merchant's enabled wheel when none is named): per segment
 * as it was drawn, and every segment the wheel has now even when nothing landed on it.
 */
export async function wheelReport(pool: pg.Pool, merchantId: number, input: { wheelId?: number; fromMs: number; toMs: number }): Promise<WheelReport> {
  if (!(input.fromMs < input.toMs) || input.toMs - input.fromMs > MAX_REPORT_MS) throw new AppError(400, 'prize_wheel.period.invalid');
  const wheel = await queries.selectWheel(pool, merchantId, input.wheelId);
  if (!wheel) throw input.wheelId === undefined ? new AppError(409, 'prize_wheel.unavailable') : new AppError(404, 'prize_wheel.wheel.not_found');
  const found = await queries.selectWheelReport(pool, wheel.id, input.fromMs, input.toMs);
  const rows = [...found.segments];
  const same = (row: queries.ReportSegmentRow, index: number, segment: queries.SegmentRow) =>
    row.index === index && row.label === segment.label && row.kind === segment.kind && row.amountMinor === segment.amountMinor;
  wheel.segments.forEach((segment, index) => {
    if (!rows.some((row) => same(row, index, segment))) rows.push({ index, label: segment.label, kind: segment.kind, amountMinor: segment.amountMinor, spins: 0, cashMinor: 0 });
  });
  rows.sort((a, b) => a.index - b.index || b.spins - a.spins);
  return {
    wheelId: wheel.id,
    name: wheel.name,
    enabled: wheel.enabled,
    from: input.fromMs,
    to: input.toMs,
    spins: rows.reduce((sum, row) => sum + row.spins, 0),
    cashPaid: minorToMajor(rows.reduce((sum, row) => sum + row.cashMinor, 0)),
    physical: { pending: found.pending, delivered: found.delivered },
    tickets: { granted: found.granted, cancelled: found.cancelled },
    segments: rows.map((row) => ({ index: row.index, label: row.label, kind: row.kind, amount: majorOrNull(row.amountMinor), spins: row.spins, cashPaid: minorToMajor(row.cashMinor) })),
  };
}
