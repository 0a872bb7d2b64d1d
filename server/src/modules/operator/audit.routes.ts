import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';
import { AUDIT_CSV_MAX_ROWS, auditCsv } from './audit-csv';
import { audited, auditTrail, type AuditFilter } from './operator.service';

// The merchant's audit trail for the back office (risk reads it: operator-roles.ts): a page of it,
// narrowed by operator, action and time, and the same search as a CSV file to keep or hand on.
// A download leaves the API with a copy of the trail (client addresses, members' names, reasons),
// so it is itself audited (audit.export), as reads of members' private data are.

export interface AuditRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

interface AuditQuery {
  operator?: string;
  action?: string;
  from?: number;
  to?: number;
}

const filterProperties: Record<string, JsonSchema> = {
  operator: { type: 'string', minLength: 1, maxLength: 40, description: "the operator's name, any case (a failed login counts under the name tried)" },
  action: { type: 'string', pattern: '^[a-z_.]{1,61}$', description: "actions starting with this: 'deposit.' or 'deposit.approve'" },
  from: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, description: 'from this instant, epoch ms (inclusive)' },
  to: { type: 'integer', minimum: 0, maximum: 8_640_000_000_000_000, description: 'to this instant, epoch ms (exclusive)' },
};

const entrySchema: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    operator: { type: ['string', 'null'] },
    action: { type: 'string' },
    targetType: { type: ['string', 'null'] },
    targetId: { type: ['string', 'null'] },
    outcome: { type: 'string', enum: ['started', 'ok', 'refused'] },
    errorCode: { type: ['string', 'null'] },
    detail: { type: 'object', additionalProperties: true },
    requestId: { type: ['string', 'null'] },
    clientIp: { type: ['string', 'null'] },
    createdAt: { type: 'integer' },
  },
};

/** The filter of a query; 400 operator.period.invalid for a period ending before it starts. */
function filterOf(query: AuditQuery): AuditFilter {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) throw new AppError(400, 'operator.period.invalid', { detail: 'from is after to' });
  return { operator: query.operator, actionPrefix: query.action, fromMs: query.from, toMs: query.to };
}

export async function auditRoutes(app: FastifyInstance, { db, clock = systemClock }: AuditRoutesOptions): Promise<void> {
  app.get<{ Querystring: AuditQuery & { limit: number; before?: number } }>('/audit', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's audit trail, newest first",
      description: 'Filters combine; 400 operator.period.invalid when from is after to. Page with before (the last id of the page).',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          before: { type: 'integer', minimum: 1, description: 'only entries older than this id (paging)' },
          ...filterProperties,
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: entrySchema } } },
    }),
  }, async (request) => {
    const filter = { ...filterOf(request.query), beforeId: request.query.before };
    return ok({ list: await auditTrail(db, operatorOf(request).merchantId, request.query.limit, filter) });
  });

  app.get<{ Querystring: AuditQuery }>('/audit.csv', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'The audit trail as a CSV file (audited: audit.export)',
      description:
        `The filters of GET /audit; newest first, at most ${AUDIT_CSV_MAX_ROWS} entries (header x-truncated: true when there were more: narrow the period). ` +
        `Columns: id, time (ISO 8601, UTC), operator, action, outcome, errorCode, targetType, targetId, reason, clientIp, requestId, detail (JSON). ` +
        "A cell starting with =, +, - or @ gets a leading ' so that a spreadsheet shows it as text.",
      headers: bearerHeader,
      querystring: { type: 'object', additionalProperties: false, properties: filterProperties },
      value: { type: 'object', description: 'never sent: the answer is text/csv' },
    }),
  }, async (request, reply) => {
    const operator = operatorOf(request);
    const filter = filterOf(request.query);
    const { operator: name, action, from, to } = request.query;
    const csv = await audited(
      auditContextOf(request, db, clock),
      { action: 'audit.export', detail: { operator: name ?? null, action: action ?? null, from: from ?? null, to: to ?? null } },
      async () => {
        const rows = await auditTrail(db, operator.merchantId, AUDIT_CSV_MAX_ROWS + 1, filter);
        if (rows.length > AUDIT_CSV_MAX_ROWS) reply.header('x-truncated', 'true');
        return auditCsv(rows.slice(0, AUDIT_CSV_MAX_ROWS));
      },
    );
    const day = new Date(clock()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-${operator.merchantCode}-${day}.csv"`)
      .send(csv);
  });
}
