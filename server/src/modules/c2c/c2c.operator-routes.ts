import { C2C_ORDER_STATUSES, type C2COrderStatus } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import { depositNumber } from '../deposit';
import { minorToMajor, transferAmountMinor } from '../ledger';
import { audited, auditContextOf, auditedChange, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from '../operator';
import { orderNoOf } from '../withdrawal';
import * as service from './c2c.service';

// The C2C desk of the operator API (/ops/v1, registered behind its token check by app.ts through
// operatorRoutes' extraRoutes): the merchant's C2C orders, the images of one, and the decision of
// a disputed one (audited like cashier.routes.ts). The money rule is c2c.service.ts's: a decision
// moves money at most once, whoever repeats it.

const orderParams: JsonSchema = {
  type: 'object',
  required: ['orderId'],
  properties: { orderId: { type: 'string', pattern: '^C?[1-9][0-9]{0,15}$', description: 'C12 or 12' } },
};

const orderSchema: JsonSchema = {
  type: 'object',
  properties: {
    number: { type: 'string', description: 'C + order id' },
    deposit: { type: 'string', description: "the depositor's deposit number (D…)" },
    withdrawal: { type: 'string', description: 'the withdrawal it pays (W…)' },
    depositor: { type: 'string' },
    withdrawer: { type: 'string' },
    payerName: { type: 'string' },
    amount: { type: 'number' },
    receivedAmount: { type: ['number', 'null'] },
    status: { type: 'string' },
    outcome: { type: ['string', 'null'] },
    bankName: { type: 'string' },
    cardNumber: { type: 'string' },
    payeeName: { type: 'string' },
    createdAt: { type: 'integer' },
    payDeadline: { type: 'integer' },
    paidAt: { type: ['integer', 'null'] },
    confirmDeadline: { type: ['integer', 'null'] },
    closedAt: { type: ['integer', 'null'] },
    operator: { type: ['string', 'null'] },
    hasProof: { type: 'boolean' },
  },
};

const round = (ms: number | null): number | null => (ms === null ? null : Math.round(ms));

const orderRow = (order: service.OperatorOrder) => ({
  number: `C${order.id}`,
  deposit: depositNumber(order.depositId),
  withdrawal: orderNoOf(order.withdrawalId),
  depositor: order.depositor,
  withdrawer: order.withdrawer,
  payerName: order.depositorName,
  amount: minorToMajor(order.amountMinor),
  receivedAmount: order.receivedMinor === null ? null : minorToMajor(order.receivedMinor),
  status: order.status,
  outcome: order.outcome,
  bankName: order.bankName,
  cardNumber: order.cardNumber,
  payeeName: order.payeeName,
  createdAt: Math.round(order.createdAtMs),
  payDeadline: Math.round(order.payDeadlineMs),
  paidAt: round(order.paidAtMs),
  confirmDeadline: round(order.confirmDeadlineMs),
  closedAt: round(order.closedAtMs),
  operator: order.operatorName,
  hasProof: order.hasProof,
});

/** What the audit trail keeps of an order before and after a decision: its state and amounts (not the card). */
const orderAudit = (order: service.OperatorOrder | undefined) =>
  order && {
    status: order.status,
    outcome: order.outcome,
    amount: minorToMajor(order.amountMinor),
    receivedAmount: order.receivedMinor === null ? null : minorToMajor(order.receivedMinor),
    operator: order.operatorName,
  };

const orderIdOf = (text: string): number => Number(text.replace(/^C/, ''));


export async function c2cOperatorRoutes(app: FastifyInstance, { db, clock }: { db: pg.Pool; clock: Clock }): Promise<void> {
  app.get<{ Querystring: { status?: C2COrderStatus; limit: number } }>('/c2c', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's C2C orders, oldest first",
      headers: bearerHeader,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: { type: 'string', enum: C2C_ORDER_STATUSES, description: 'only this status (default: every status)' },
          limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
        },
      },
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: orderSchema } } },
    }),
  }, async (request) =>
    // The list shows withdrawers' card numbers in full: read under audit.
    audited(auditContextOf(request, db, clock), { action: 'peer_payment.list', detail: { status: request.query.status ?? null, limit: request.query.limit } }, async () => {
      const rows = await service.listOrders(db, operatorOf(request).merchantId, { status: request.query.status, limit: request.query.limit });
      return ok({ list: rows.map(orderRow) });
    }));

  app.get<{ Params: { orderId: string } }>('/c2c/:orderId/images', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "An order's images: the payer's proof and the withdrawer's evidence, as data URLs",
      headers: bearerHeader,
      params: orderParams,
      value: {
        type: 'object',
        required: ['list'],
        properties: { list: { type: 'array', items: { type: 'object', properties: { role: { type: 'string' }, dataUrl: { type: 'string' } } } } },
      },
    }),
  }, async (request) =>
    // Proofs and evidence (members' bank screens) are read under audit.
    audited(auditContextOf(request, db, clock), { action: 'peer_payment.images', targetType: 'peer_payment', targetId: request.params.orderId }, async () => {
      const merchantId = operatorOf(request).merchantId;
      const orderId = orderIdOf(request.params.orderId);
      if (!(await service.operatorOrder(db, merchantId, orderId))) throw new AppError(404, 'c2c.order.not.found');
      return ok({ list: await service.disputeImages(db, merchantId, orderId) });
    }));

  app.post<{ Params: { orderId: string }; Body: { received: boolean; amount?: number } }>('/c2c/:orderId/resolve', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Decide a disputed C2C order',
      description:
        'received true: the amount (default the whole order) is credited to the payer from the withdrawal held; false: nothing arrived, the order is rejected and its part of the withdrawal released. The same decision again changes nothing.',
      headers: bearerHeader,
      params: orderParams,
      body: {
        type: 'object',
        required: ['received'],
        additionalProperties: false,
        properties: { received: { type: 'boolean' }, amount: { type: 'number', description: 'received only: what arrived, major units, at most the order amount' } },
      },
      value: { type: 'object', required: ['order', 'changed'], properties: { order: orderSchema, changed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const { received, amount } = request.body;
    return auditedChange(
      auditContextOf(request, db, clock),
      // The audit trail's names are letters and underscores (migration 024): C2C is 'peer_payment' there.
      { action: 'peer_payment.resolve', targetType: 'peer_payment', targetId: request.params.orderId, asked: amount === undefined ? { received } : { received, amount } },
      async () => {
        const orderId = orderIdOf(request.params.orderId);
        const before = orderAudit(await service.operatorOrder(db, operator.merchantId, orderId));
        const result = await service.resolveDispute(db, {
          merchantId: operator.merchantId,
          orderId,
          received,
          amountMinor: received && amount !== undefined ? transferAmountMinor(amount) : undefined,
          operatorName: operator.username,
          nowMs: clock(),
        });
        return { before, after: orderAudit(result.order), value: ok({ order: orderRow(result.order), changed: result.changed }) };
      },
    );
  });
}
