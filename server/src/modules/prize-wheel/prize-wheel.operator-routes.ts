import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import type { SecretsKey } from '../../secrets-key';
import { auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorIdempotencyKeyOf, operatorOf } from '../operator';
import { availableTicketsOf, cancelMemberTickets, deliverPrize, deliveryStateOf, listDeliveries, wheelReport } from './prize-wheel.operations';
import type { DeliveryFilter } from './prize-wheel.queries';
import { grantTicketsTo, MAX_TICKETS_PER_GRANT } from './prize-wheel.service';

// The operators' side of the prize wheel (/ops/v1, registered behind the operator token check by
// app.ts through operatorRoutes' extraRoutes; the command-line tool's `grant-tickets`), audited:
// tickets granted to a member by name. The grant's source is the operator and the request's
// Idempotency-Key, so a repeated request (a retry, the tool run again with --idempotency-key)
// grants nothing more, and two grants are two keys. Running it (prize-wheel.operations.ts): the
// physical prizes to deliver and delivered, marking one delivered (audited, once), cancelling a
// member's unused tickets (audited, once per Idempotency-Key) and a wheel's report over a period.

const IDEMPOTENCY_HEADER = { 'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' } } as const;
const DAY_MS = 86_400_000;

const deliveryItem = {
  type: 'object',
  required: ['spinId', 'ticketId', 'username', 'wheelName', 'prize', 'spunAt', 'status', 'deliveredAt', 'deliveredBy', 'note'],
  properties: {
    spinId: { type: 'string' },
    ticketId: { type: 'integer' },
    username: { type: 'string' },
    wheelName: { type: 'string' },
    prize: { type: 'string', description: "the segment's label when it was drawn" },
    spunAt: { type: 'integer' },
    status: { type: 'string', enum: ['pending', 'delivered'] },
    deliveredAt: { type: ['integer', 'null'] },
    deliveredBy: { type: ['string', 'null'], description: "the operator who marked it delivered" },
    note: { type: ['string', 'null'], description: 'what they noted: tracking, courier, pick-up' },
  },
} as const;

export function prizeWheelOperatorRoutes(secretsKey: SecretsKey): FastifyPluginAsync<{ db: pg.Pool; clock: Clock }> {
  return async (app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }) => {
    app.post<{ Body: { username: string; count: number; reason?: string } }>('/prize-wheel/tickets', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Grant prize wheel tickets to a member (for the merchant's enabled wheel)",
        description:
          '404 operator.member.not.found (no real member of that name), 409 prize_wheel.unavailable (no wheel enabled). ' +
          'Idempotency-Key required: repeated, the tickets are granted once (replayed: true).',
        headers: { ...bearerHeader, 'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' } },
        body: {
          type: 'object',
          required: ['username', 'count'],
          additionalProperties: false,
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 64 },
            count: { type: 'integer', minimum: 1, maximum: MAX_TICKETS_PER_GRANT },
            reason: { type: 'string', maxLength: 180, description: 'kept in the audit trail' },
          },
        },
        value: {
          type: 'object',
          required: ['username', 'granted', 'replayed', 'available'],
          properties: {
            username: { type: 'string' },
            granted: { type: 'integer', description: 'tickets this request added (0 when replayed)' },
            replayed: { type: 'boolean', description: 'the Idempotency-Key had granted them already' },
            available: { type: 'integer', description: "the member's tickets that can be spun now" },
          },
        },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const { username, count, reason } = request.body;
      const idempotencyKey = operatorIdempotencyKeyOf(request);
      return auditedChange(
        auditContextOf(request, db, clock),
        { action: 'prize_ticket.grant', targetType: 'member', targetId: username, asked: { count, reason: reason ?? '', idempotencyKey } },
        async () => {
          const available = await availableTicketsOf(db, operator.merchantId, username);
          const granted = await grantTicketsTo(db, secretsKey, {
            merchantId: operator.merchantId,
            username,
            count,
            source: `operator:${operator.id}:${idempotencyKey}`,
            nowMs: clock(),
          });
          return {
            before: available === null ? null : { available },
            after: { available: granted.available, granted: granted.granted, replayed: granted.replayed },
            value: ok({ username: granted.username, granted: granted.granted, replayed: granted.replayed, available: granted.available }),
          };
        },
      );
    });

    app.get<{ Querystring: { status: DeliveryFilter; username?: string; page: number; size: number } }>('/prize-wheel/deliveries', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Physical prizes won on the wheel: waiting for delivery (oldest first), delivered (newest first) or all, paged',
        description: '404 operator.member.not.found when `username` names no member.',
        headers: bearerHeader,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['pending', 'delivered', 'all'], default: 'pending' },
            username: { type: 'string', minLength: 1, maxLength: 64 },
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        value: {
          type: 'object',
          required: ['list', 'total', 'totalPages'],
          properties: { list: { type: 'array', items: deliveryItem }, total: { type: 'integer' }, totalPages: { type: 'integer' } },
        },
      }),
    }, async (request) => ok(await listDeliveries(db, operatorOf(request).merchantId, request.query)));

    app.post<{ Params: { spinId: string }; Body: { note?: string } | undefined }>('/prize-wheel/deliveries/:spinId/deliver', {
      schema: apiSchema({
        tags: ['operator'],
        summary: 'Mark a physical prize delivered, with an optional note (tracking, courier); once',
        description:
          '404 prize_wheel.spin.not_found (no spin of the merchant), 409 prize_wheel.spin.not_physical. Marked already: nothing changes, ' +
          'alreadyDelivered true with the first delivery (its time, operator and note; the note sent is not kept).',
        headers: bearerHeader,
        params: { type: 'object', required: ['spinId'], properties: { spinId: { type: 'string', pattern: '^[1-9][0-9]{0,17}$' } } },
        body: { type: ['object', 'null'], additionalProperties: false, properties: { note: { type: 'string', maxLength: 500 } } },
        value: { ...deliveryItem, required: [...deliveryItem.required, 'alreadyDelivered'], properties: { ...deliveryItem.properties, alreadyDelivered: { type: 'boolean' } } },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const { spinId } = request.params;
      const note = request.body?.note;
      return auditedChange(
        auditContextOf(request, db, clock),
        { action: 'prize_spin.deliver', targetType: 'prize_spin', targetId: spinId, asked: { note: note ?? '' } },
        async () => {
          const before = await deliveryStateOf(db, operator.merchantId, spinId);
          const delivered = await deliverPrize(db, { merchantId: operator.merchantId, operatorId: operator.id, spinId, note, nowMs: clock() });
          return { before, after: await deliveryStateOf(db, operator.merchantId, spinId), value: ok(delivered) };
        },
      );
    });

    app.post<{ Body: { username: string; count?: number; all?: true; reason: string } }>('/prize-wheel/tickets/cancel', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "Cancel a member's unused prize wheel tickets: `count` of them (oldest first) or `all`",
        description:
          '404 operator.member.not.found, 409 prize_wheel.cancel.too_many (fewer unused tickets than `count`: nothing is cancelled). ' +
          'A used ticket is never cancelled; a cancelled one cannot be spun, and a spin at the same moment takes its ticket or finds it cancelled. ' +
          'Idempotency-Key required: repeated, nothing more is cancelled (replayed: true).',
        headers: { ...bearerHeader, ...IDEMPOTENCY_HEADER },
        body: {
          type: 'object',
          required: ['username', 'reason'],
          additionalProperties: false,
          oneOf: [{ required: ['count'] }, { required: ['all'] }],
          properties: {
            username: { type: 'string', minLength: 1, maxLength: 64 },
            count: { type: 'integer', minimum: 1, maximum: 1000 },
            all: { type: 'boolean', const: true },
            reason: { type: 'string', minLength: 1, maxLength: 180, pattern: '\\S', description: 'kept with the cancellation and in the audit trail' },
          },
        },
        value: {
          type: 'object',
          required: ['username', 'cancelled', 'replayed', 'available'],
          properties: {
            username: { type: 'string' },
            cancelled: { type: 'integer', description: 'tickets the request cancelled (what it did, when replayed)' },
            replayed: { type: 'boolean', description: 'the Idempotency-Key had been used: nothing more was cancelled' },
            available: { type: 'integer', description: "the member's tickets that can be spun now" },
          },
        },
      }),
    }, async (request) => {
      const operator = operatorOf(request);
      const { username, count, reason } = request.body;
      const idempotencyKey = operatorIdempotencyKeyOf(request);
      return auditedChange(
        auditContextOf(request, db, clock),
        { action: 'prize_ticket.cancel', targetType: 'member', targetId: username, asked: { count: count ?? 'all', reason, idempotencyKey } },
        async () => {
          const available = await availableTicketsOf(db, operator.merchantId, username);
          const cancelled = await cancelMemberTickets(db, { merchantId: operator.merchantId, operatorId: operator.id, username, count, reason: reason.trim(), idempotencyKey, nowMs: clock() });
          return {
            before: available === null ? null : { available },
            after: { available: cancelled.available, cancelled: cancelled.cancelled, replayed: cancelled.replayed },
            value: ok(cancelled),
          };
        },
      );
    });

    app.get<{ Querystring: { wheelId?: number; from?: number; to?: number } }>('/prize-wheel/report', {
      schema: apiSchema({
        tags: ['operator'],
        summary: "A wheel's spins and cost over [from, to): cash paid, spins per segment, physical prizes, tickets granted and cancelled",
        description:
          'The enabled wheel unless wheelId names one (404 prize_wheel.wheel.not_found); to defaults to now, from to 30 days before to; ' +
          '400 prize_wheel.period.invalid when from is not before to or the period is over 366 days. Segments as they were drawn: a wheel edited ' +
          'in the period shows both versions of a segment.',
        headers: bearerHeader,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            wheelId: { type: 'integer', minimum: 1, maximum: 2147483647 },
            from: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms, included' },
            to: { type: 'integer', minimum: 0, maximum: 8640000000000000, description: 'epoch ms, excluded' },
          },
        },
        value: {
          type: 'object',
          required: ['wheelId', 'name', 'enabled', 'from', 'to', 'spins', 'cashPaid', 'physical', 'tickets', 'segments'],
          properties: {
            wheelId: { type: 'integer' },
            name: { type: 'string' },
            enabled: { type: 'boolean' },
            from: { type: 'integer' },
            to: { type: 'integer' },
            spins: { type: 'integer' },
            cashPaid: { type: 'number', description: 'cash prizes paid, major units' },
            physical: { type: 'object', required: ['pending', 'delivered'], properties: { pending: { type: 'integer' }, delivered: { type: 'integer' } } },
            tickets: { type: 'object', required: ['granted', 'cancelled'], properties: { granted: { type: 'integer' }, cancelled: { type: 'integer' } } },
            segments: {
              type: 'array',
              items: {
                type: 'object',
                required: ['index', 'label', 'kind', 'amount', 'spins', 'cashPaid'],
                properties: {
                  index: { type: 'integer' },
                  label: { type: 'string' },
                  kind: { type: 'string', enum: ['cash', 'none', 'physical'] },
                  amount: { type: ['number', 'null'] },
                  spins: { type: 'integer' },
                  cashPaid: { type: 'number' },
                },
              },
            },
          },
        },
      }),
    }, async (request) => {
      const toMs = request.query.to ?? clock();
      const fromMs = request.query.from ?? toMs - 30 * DAY_MS;
      return ok(await wheelReport(db, operatorOf(request).merchantId, { wheelId: request.query.wheelId, fromMs, toMs }));
    });
  };
}
