import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { listFeedback, markRead } from './feedback.service';

// The operators' view of feedback (/ops/v1, registered behind the operator token check by app.ts
// through operatorRoutes' extraRoutes): newest first, and marking it read.

export async function feedbackOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { page: number; size: number; unread: boolean } }>('/feedback', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Feedback visitors and members sent (PUT /wps/feedback), newest first',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          unread: { type: 'boolean', default: false, description: 'only those not marked read yet' },
        },
      },
      value: {
        type: 'object',
        required: ['list', 'totalPages'],
        properties: {
          totalPages: { type: 'integer' },
          list: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                type: { type: 'string' },
                content: { type: 'string', description: 'plain text as sent: show it as text' },
                sender: { type: ['string', 'null'], description: 'the contact the sender gave' },
                username: { type: ['string', 'null'], description: 'the member logged in when sending; null for a visitor' },
                clientIp: { type: ['string', 'null'] },
                createdAt: { type: 'integer' },
                readAt: { type: ['integer', 'null'] },
              },
            },
          },
        },
      },
    }),
  }, async (request) => {
    const page = await listFeedback(db, { merchantId: operatorOf(request).merchantId, unreadOnly: request.query.unread, page: request.query.page, size: request.query.size });
    return ok({
      totalPages: page.totalPages,
      list: page.list.map(({ createdAtMs, readAtMs, ...rest }) => ({ ...rest, createdAt: createdAtMs, readAt: readAtMs })),
    });
  });

  app.post<{ Body: { ids: number[] } }>('/feedback/read', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Mark feedback read',
      description: 'All or nothing: 404 not.found when one id is not feedback of this merchant.',
      headers: bearerHeader,
      body: {
        type: 'object',
        required: ['ids'],
        additionalProperties: false,
        properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      },
      value: { type: 'null' },
    }),
  }, async (request) => {
    await markRead(db, operatorOf(request).merchantId, request.body.ids, clock());
    return ok(null);
  });
}
