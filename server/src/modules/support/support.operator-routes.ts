import { SUPPORT_ANSWER_MAX_LENGTH, SUPPORT_CATEGORIES, SUPPORT_CONTACTS, SUPPORT_STATES } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { ok } from '../../http/envelope';
import { apiSchema } from '../../http/schemas';
import { auditContextOf, audited, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { answerQuestion, closeQuestion, operatorQuestion, operatorQuestions, questionState, stateOf, type OperatorQuestion } from './support.service';

// Customer service's view of support questions (/ops/v1, registered behind the operator token
// check by app.ts through operatorRoutes' extraRoutes; content staff and admins, operator-roles.ts):
// the queue (open ones first), a question with its images, answering (delivered to the member's
// platform messages) and closing. A question holds a member's words, images and contact details,
// so reading it is audited as members' mail is, and so is every decision.

const question = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    category: { type: 'string', enum: SUPPORT_CATEGORIES },
    text: { type: 'string', description: 'plain text as written: show it as text' },
    contact: { type: 'string', enum: SUPPORT_CONTACTS, description: 'how the member would like to be reached besides the platform messages' },
    contactAddress: { type: ['string', 'null'], description: "the account's own e-mail address or mobile number when asked; null for platform messages" },
    imageCount: { type: 'integer' },
    state: { type: 'string', enum: SUPPORT_STATES },
    answer: { type: ['string', 'null'] },
    answeredBy: { type: ['string', 'null'] },
    answeredAt: { type: ['integer', 'null'] },
    closedBy: { type: ['string', 'null'] },
    closedAt: { type: ['integer', 'null'] },
    askedAt: { type: 'integer' },
  },
} as const;

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9_007_199_254_740_991 } } } as const;

const wire = ({ answeredAtMs, closedAtMs, askedAtMs, ...rest }: OperatorQuestion) => ({ ...rest, answeredAt: answeredAtMs, closedAt: closedAtMs, askedAt: askedAtMs });

export async function supportOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { open: boolean; page: number; size: number } }>('/support/questions', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Members' support questions: the open ones first (oldest first), then the answered and closed (newest first)",
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          open: { type: 'boolean', default: false, description: 'only those waiting for an answer' },
          page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          size: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
      },
      value: { type: 'object', required: ['list', 'totalPages'], properties: { totalPages: { type: 'integer' }, list: { type: 'array', items: question } } },
    }),
  }, async (request) => {
    const { open, page, size } = request.query;
    return audited(auditContextOf(request, db, clock), { action: 'support.list', targetType: 'support_question', detail: { open, page } }, async () => {
      const found = await operatorQuestions(db, { merchantId: operatorOf(request).merchantId, openOnly: open, page, size });
      return ok({ totalPages: found.totalPages, list: found.list.map(wire) });
    });
  });

  app.get<{ Params: { id: number } }>('/support/questions/:id', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'A support question with its images (data URLs); 404 support.question.not.found',
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', properties: { ...question.properties, images: { type: 'array', items: { type: 'string' } } } },
    }),
  }, async (request) => {
    const { id } = request.params;
    return audited(auditContextOf(request, db, clock), { action: 'support.show', targetType: 'support_question', targetId: String(id) }, async () => {
      const { images, ...rest } = await operatorQuestion(db, operatorOf(request).merchantId, id);
      return ok({ ...wire(rest), images });
    });
  });

  app.post<{ Params: { id: number }; Body: { text: string } }>('/support/questions/:id/answer', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Answer an open question: the answer shows beside it on the member's page and arrives in the member's platform messages",
      description: 'Once: 409 support.question.not.open when it was answered or closed before (no second message).',
      headers: bearerHeader,
      params: idParams,
      body: {
        type: 'object',
        required: ['text'],
        additionalProperties: false,
        properties: { text: { type: 'string', minLength: 1, maxLength: SUPPORT_ANSWER_MAX_LENGTH, pattern: '\\S', description: 'plain text' } },
      },
      value: { type: 'object', properties: { ...question.properties, mailId: { type: 'integer', description: 'the platform message that carried it' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { id } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'support.answer', targetType: 'support_question', targetId: String(id) }, async () => {
      const before = await questionState(db, operator.merchantId, id);
      const { mailId, ...answered } = await answerQuestion(db, { merchantId: operator.merchantId, by: operator.username, nowMs: clock() }, id, request.body.text);
      return { before, after: stateOf(answered), value: ok({ ...wire(answered), mailId }) };
    });
  });

  app.post<{ Params: { id: number } }>('/support/questions/:id/close', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Close a question, answered or not (closing a closed one changes nothing: changed false)',
      headers: bearerHeader,
      params: idParams,
      value: { type: 'object', properties: { ...question.properties, changed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { id } = request.params;
    return auditedChange(auditContextOf(request, db, clock), { action: 'support.close', targetType: 'support_question', targetId: String(id) }, async () => {
      const before = await questionState(db, operator.merchantId, id);
      const { changed, ...closed } = await closeQuestion(db, { merchantId: operator.merchantId, by: operator.username, nowMs: clock() }, id);
      return { before, after: stateOf(closed), value: ok({ ...wire(closed), changed }) };
    });
  });
}
