import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { JsonSchema } from '../../http/schemas';
import { auditContextOf, auditedChange } from '../operator';
import type { Change } from './content.operator.service';

// What the content module's operator routes share: banners and announcements
// (content.operator-routes.ts), help articles and customer-service links
// (help-service.operator-routes.ts).

export const CONTENT_OPERATOR_TAGS = ['operator'];
export const contentIdParams: JsonSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } };
export const contentInvalidDescription = '400 operator.content.invalid: the rule that failed; nothing is changed. 404 not.found: no such row of this merchant.';

/** Runs a content change under audit, once (operator's auditedChange): the started row keeps what was asked, the outcome row the row before and after. */
export const auditedContentChange = <T>(
  request: FastifyRequest,
  db: pg.Pool,
  clock: Clock,
  action: { action: string; targetType: string; targetId?: string },
  asked: unknown,
  change: () => Promise<Change<T>>,
): Promise<T> => auditedChange(auditContextOf(request, db, clock), { ...action, asked: { asked } }, change);
