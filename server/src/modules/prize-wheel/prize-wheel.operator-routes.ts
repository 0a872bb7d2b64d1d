import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import type { SecretsKey } from '../../secrets-key';
import { auditContextOf, audited, OPERATOR_BEARER_HEADER as bearerHeader, operatorIdempotencyKeyOf, operatorOf } from '../operator';
import { grantTicketsTo, MAX_TICKETS_PER_GRANT } from './prize-wheel.service';

// The operators' side of the prize wheel (/ops/v1, registered behind the operator token check by
// app.ts through operatorRoutes' extraRoutes; the command-line tool's `grant-tickets`), audited:
// tickets granted to a member by name. The grant's source is the operator and the request's
// Idempotency-Key, so a repeated request (a retry, the tool run again with --idempotency-key)
// grants nothing more, and two grants are two keys.

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
      return audited(
        auditContextOf(request, db, clock),
        { action: 'prize_ticket.grant', targetType: 'member', targetId: username, detail: { count, reason: reason ?? '', idempotencyKey } },
        async () => {
          const granted = await grantTicketsTo(db, secretsKey, {
            merchantId: operator.merchantId,
            username,
            count,
            source: `operator:${operator.id}:${idempotencyKey}`,
            nowMs: clock(),
          });
          return ok({ username: granted.username, granted: granted.granted, replayed: granted.replayed, available: granted.available });
        },
      );
    });
  };
}
