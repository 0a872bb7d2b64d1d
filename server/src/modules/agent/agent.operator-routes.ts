import { AFFILIATE_APPLICATION_STATES, type AffiliateApplication } from '@platform/shared/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, audited, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { decideApplication, listApplications } from './application.service';

// The operators' side of the affiliate application (/ops/v1, registered behind the operator token
// check by app.ts through operatorRoutes' extraRoutes): the applications, and a decision on a
// pending one (approve: the player becomes an agent), audited.

const applicationSchema = {
  type: 'object',
  properties: {
    applicationId: { type: 'integer' },
    username: { type: 'string' },
    contact: { type: 'string', description: 'plain text as sent: show it as text' },
    message: { type: 'string', description: 'plain text as sent: show it as text' },
    state: { type: 'string', enum: AFFILIATE_APPLICATION_STATES },
    answer: { type: 'string' },
    createdTime: { type: 'integer' },
    decidedTime: { type: ['integer', 'null'] },
  },
} as const;

export async function agentOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { state?: AffiliateApplication['state']; limit: number } }>('/affiliate-applications', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Affiliate applications, newest first',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { state: { type: 'string', enum: AFFILIATE_APPLICATION_STATES }, limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 } },
      },
      value: { type: 'array', items: applicationSchema },
    }),
  }, async (request) => ok(await listApplications(db, operatorOf(request).merchantId, request.query.state, request.query.limit)));

  app.post<{ Params: { id: number }; Body: { approve: boolean; answer: string } }>('/affiliate-applications/:id/decision', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Approve (the player becomes an agent) or reject a pending affiliate application',
      description: '404 not.found when no pending application of this merchant has the id.',
      headers: bearerHeader,
      params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } },
      body: {
        type: 'object',
        required: ['approve'],
        additionalProperties: false,
        properties: { approve: { type: 'boolean' }, answer: { type: 'string', maxLength: 500, default: '' } },
      },
      value: applicationSchema,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { approve, answer } = request.body;
    return audited(
      auditContextOf(request, db, clock),
      { action: approve ? 'affiliate_application.approve' : 'affiliate_application.reject', targetType: 'affiliate_application', targetId: String(request.params.id) },
      async () => ok(await decideApplication(db, { merchantId: operator.merchantId, applicationId: request.params.id, approve, answer, operator: operator.username, nowMs: clock() })),
    );
  });
}
