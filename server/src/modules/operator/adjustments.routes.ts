import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { readDepositSettings } from '../deposit';
import { minorToMajor, transferAmountMinor } from '../ledger';
import { ADJUSTMENT_STATUSES, type AdjustmentRecord, type AdjustmentStatus } from './adjustment.queries';
import { approveAdjustment, listAdjustments, rejectAdjustment, requestAdjustment, type AdjustmentOutcome } from './adjustment.service';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorIdempotencyKeyOf, operatorOf } from './audit-context';
import { auditedChange } from './operator.service';

// Balance adjustments of the operator API with four eyes (adjustment.service.ts): a cashier asks,
// it is applied at once up to the merchant's threshold, above it another cashier approves or
// rejects it from the queue. Every step is audited once with the request and the member's balance
// before and after it.

const reasonSchema = { type: 'string', minLength: 1, maxLength: 500, description: 'Why: the remark of the movement in the member’s records, kept in the audit trail' };

const adjustmentSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'username', 'amount', 'reason', 'requestedBy', 'status', 'decidedBy', 'decidedAt', 'decisionReason', 'transactionId', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    username: { type: 'string' },
    amount: { type: 'number', description: 'signed, major units: positive credits the member' },
    reason: { type: 'string' },
    requestedBy: { type: 'string', description: 'the operator who asked' },
    status: { type: 'string', enum: ADJUSTMENT_STATUSES, description: 'awaiting: a second operator is to approve; applied: the money moved; rejected: nothing moved' },
    decidedBy: { type: ['string', 'null'], description: 'the second operator (null when applied at once)' },
    decidedAt: { type: ['integer', 'null'], description: 'epoch ms' },
    decisionReason: { type: ['string', 'null'] },
    transactionId: { type: ['integer', 'null'] },
    createdAt: { type: 'integer', description: 'epoch ms' },
  },
};

const adjustmentRow = (adjustment: AdjustmentRecord) => ({
  id: adjustment.id,
  username: adjustment.username,
  amount: minorToMajor(adjustment.amountMinor),
  reason: adjustment.reason,
  requestedBy: adjustment.requestedBy,
  status: adjustment.status,
  decidedBy: adjustment.decidedBy,
  decidedAt: adjustment.decidedAtMs,
  decisionReason: adjustment.decisionReason,
  transactionId: adjustment.transactionId,
  createdAt: adjustment.createdAtMs,
});

/** The audit trail's before/after of an adjustment: the request's state and the member's balance. */
const auditOf = (adjustment: AdjustmentRecord | null, balanceMinor: number) => ({
  adjustment: adjustment && { id: adjustment.id, status: adjustment.status, amount: minorToMajor(adjustment.amountMinor), transactionId: adjustment.transactionId },
  balance: minorToMajor(balanceMinor),
});

const outcomeValue = (outcome: AdjustmentOutcome) => ({
  adjustment: adjustmentRow(outcome.adjustment),
  replayed: outcome.replayed,
  awaitingSecondApproval: outcome.adjustment.status === 'awaiting',
  transactionId: outcome.adjustment.transactionId,
  amount: minorToMajor(outcome.adjustment.amountMinor),
});

const outcomeSchema: JsonSchema = {
  type: 'object',
  required: ['adjustment', 'replayed', 'awaitingSecondApproval', 'transactionId', 'amount'],
  properties: {
    adjustment: adjustmentSchema,
    replayed: { type: 'boolean', description: 'true: this key (or this approval) was answered before; nothing moved again' },
    awaitingSecondApproval: { type: 'boolean', description: 'true: nothing moved yet, another operator is to approve it' },
    transactionId: { type: ['integer', 'null'] },
    amount: { type: 'number', description: 'signed, major units' },
  },
};

const idParams: JsonSchema = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 9007199254740991 } } };

/** A positive amount with two decimals at most, in minor units; operator.adjustment.invalid otherwise. */
function adjustmentMinor(amount: number): number {
  try {
    return transferAmountMinor(amount);
  } catch {
    throw new AppError(400, 'operator.adjustment.invalid');
  }
}

export async function adjustmentsRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.post<{ Params: { username: string }; Body: { amount: number; direction: 'credit' | 'debit'; reason: string } }>('/members/:username/adjustments', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "Adjust a member's main wallet with a reason",
      description:
        "Credit or debit a real-money member; the reason is the remark of the movement in their records. Above the merchant's four-eyes threshold (deposit setting secondApprovalAbove), counting what this operator adjusted alone for this member in the last 24 hours, nothing moves yet: the adjustment waits (awaitingSecondApproval) for another operator's approval. Idempotency-Key required: repeated, the adjustment is asked once.",
      headers: { ...bearerHeader, 'idempotency-key': { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,100}$' } },
      params: { type: 'object', required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
      body: {
        type: 'object',
        required: ['amount', 'direction', 'reason'],
        additionalProperties: false,
        properties: {
          amount: { type: 'number', description: 'major units, positive, two decimals at most' },
          direction: { type: 'string', enum: ['credit', 'debit'] },
          reason: reasonSchema,
        },
      },
      value: outcomeSchema,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { amount, direction, reason } = request.body;
    const idempotencyKey = operatorIdempotencyKeyOf(request);
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'balance.adjust', targetType: 'member', targetId: request.params.username, asked: { amount, direction, reason, idempotencyKey } },
      async () => {
        const magnitude = adjustmentMinor(amount);
        const outcome = await requestAdjustment(db, {
          merchantId: operator.merchantId,
          operatorId: operator.id,
          username: request.params.username,
          amountMinor: direction === 'credit' ? magnitude : -magnitude,
          reason,
          idempotencyKey,
          thresholdMinor: (await readDepositSettings(db, operator.merchantId)).secondApprovalAboveMinor,
          nowMs: clock(),
        });
        return {
          before: auditOf(outcome.replayed ? outcome.adjustment : null, outcome.balanceBeforeMinor),
          after: auditOf(outcome.adjustment, outcome.balanceAfterMinor),
          value: ok(outcomeValue(outcome)),
        };
      },
    );
  });

  app.get<{ Querystring: { status?: AdjustmentStatus; username?: string; limit: number } }>('/adjustments', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Balance adjustments, newest first: those awaiting a second operator, applied, or rejected',
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: ADJUSTMENT_STATUSES },
          username: { type: 'string', minLength: 1, maxLength: 64 },
          limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: adjustmentSchema } } },
    }),
  }, async (request) => {
    const list = await listAdjustments(db, operatorOf(request).merchantId, { status: request.query.status, username: request.query.username, limit: request.query.limit });
    return ok({ list: list.map(adjustmentRow) });
  });

  app.post<{ Params: { id: number } }>('/adjustments/:id/approve', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Approve an adjustment another operator asked for: the money moves now, once',
      description:
        '404 operator.adjustment.not.found; 409 operator.adjustment.own (the operator who asked cannot approve it), operator.adjustment.decided (rejected), wallet.insufficient.balance (a debit the balance no longer covers: nothing moves, the request still waits). Approving an applied one again answers it (replayed).',
      headers: bearerHeader,
      params: idParams,
      value: outcomeSchema,
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const id = request.params.id;
    return auditedChange(auditContextOf(request, db, clock), { action: 'adjustment.approve', targetType: 'adjustment', targetId: String(id) }, async () => {
      const outcome = await approveAdjustment(db, { merchantId: operator.merchantId, adjustmentId: id, operatorId: operator.id, nowMs: clock() });
      return { before: auditOf(outcome.before, outcome.balanceBeforeMinor), after: auditOf(outcome.adjustment, outcome.balanceAfterMinor), value: ok(outcomeValue(outcome)) };
    });
  });

  app.post<{ Params: { id: number }; Body: { reason: string } }>('/adjustments/:id/reject', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Turn down an adjustment waiting for approval (the operator who asked may withdraw it): nothing moves',
      description: '404 operator.adjustment.not.found; 409 operator.adjustment.decided (already applied). Rejecting again answers it (replayed).',
      headers: bearerHeader,
      params: idParams,
      body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: reasonSchema } },
      value: { type: 'object', required: ['adjustment', 'replayed'], properties: { adjustment: adjustmentSchema, replayed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const id = request.params.id;
    return auditedChange(auditContextOf(request, db, clock), { action: 'adjustment.reject', targetType: 'adjustment', targetId: String(id), asked: { reason: request.body.reason } }, async () => {
      const outcome = await rejectAdjustment(db, { merchantId: operator.merchantId, adjustmentId: id, operatorId: operator.id, reason: request.body.reason, nowMs: clock() });
      const state = (adjustment: AdjustmentRecord) => ({ id: adjustment.id, status: adjustment.status, amount: minorToMajor(adjustment.amountMinor), reason: adjustment.decisionReason });
      return { before: state(outcome.before), after: state(outcome.adjustment), value: ok({ adjustment: adjustmentRow(outcome.adjustment), replayed: outcome.replayed }) };
    });
  });
}
