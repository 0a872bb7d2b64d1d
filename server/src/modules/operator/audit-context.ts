import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { clientIpOf } from '../../http/request-context';
import { idempotencyKeyOf } from '../ledger';
import type { AuditContext } from './operator.service';

/** Documents the operator token on every operator API route but the login. */
export const OPERATOR_BEARER_HEADER = {
  authorization: { type: 'string', maxLength: 256, description: 'Bearer <token> from POST /ops/v1/session' },
};

/** The operator of a request to the operator API (its token was checked before routing reached here). */
export function operatorOf(request: FastifyRequest): NonNullable<FastifyRequest['operator']> {
  if (!request.operator) throw new Error(`No operator for ${request.method} ${request.url}: register the route inside the operator API`);
  return request.operator;
}

/** Where an action of this request is audited: the request's operator, id and address. */
export function auditContextOf(request: FastifyRequest, db: pg.Pool, clock: Clock): AuditContext {
  const operator = operatorOf(request);
  return { db, merchantId: operator.merchantId, operatorId: operator.id, requestId: request.id, clientIp: clientIpOf(request), now: clock };
}

/** The operator's Idempotency-Key, required on every money action. */
export const operatorIdempotencyKeyOf = (request: FastifyRequest): string => idempotencyKeyOf(request.headers['idempotency-key']);
