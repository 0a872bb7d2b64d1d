import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { clientIpOf } from '../../http/request-context';
import { idempotencyKeyOf } from '../ledger';
import type { AuditContext } from './operator.service';

/** Where an action of this request is audited: the request's operator, id and address. */
export function auditContextOf(request: FastifyRequest, db: pg.Pool, clock: Clock): AuditContext {
  const operator = request.operator;
  if (!operator) throw new Error(`No operator for ${request.method} ${request.url}`);
  return { db, merchantId: operator.merchantId, operatorId: operator.id, requestId: request.id, clientIp: clientIpOf(request), now: clock };
}

/** The operator's Idempotency-Key, required on every money action. */
export const operatorIdempotencyKeyOf = (request: FastifyRequest): string => idempotencyKeyOf(request.headers['idempotency-key']);
