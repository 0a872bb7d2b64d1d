import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { systemClock, type Clock } from '../../config';
import { AppError, ok } from '../../http/envelope';
import { apiSchema, type JsonSchema } from '../../http/schemas';
import {
  approveDeposit,
  depositIdOf,
  depositReceipt,
  getDeposit,
  listDeposits,
  readDepositSettings,
  rejectDeposit,
  type DepositStatus,
  type DepositView,
} from '../deposit';
import { minorToMajor, transferAmountMinor } from '../ledger';
import { getWithdrawal, listWithdrawals, payoutMinorOf, payWithdrawal, rejectWithdrawal, restChargeMinorOf, type OperatorWithdrawal } from '../withdrawal';
import { wageringStateOf, type WageringState } from '../wagering';
import { claimSecondApproval } from './operator.queries';
import { audited, auditedChange, MAX_ADJUSTMENT_MINOR } from './operator.service';
import { auditContextOf, OPERATOR_BEARER_HEADER as bearerHeader, operatorOf } from './audit-context';

// The cashier desk of the operator API: deposits to approve or reject, withdrawals to pay or
// reject. The money rules are the deposit and withdrawal modules' (each decision moves money at
// most once, whoever repeats it); this file checks the operator, names the row by its number
// (D12, W7: what the member and the records show) and audits every decision.

export interface CashierRoutesOptions {
  db: pg.Pool;
  clock?: Clock;
}

const DEPOSIT_STATUSES: readonly DepositStatus[] = ['pending', 'crediting', 'approved', 'rejected', 'cancelled', 'failed', 'expired'];

const reasonSchema = { type: 'string', minLength: 1, maxLength: 500, description: 'Why: shown to the member and kept in the audit trail' };
const numberParams = (prefix: 'D' | 'W'): JsonSchema => ({
  type: 'object',
  required: ['number'],
  properties: { number: { type: 'string', pattern: `^${prefix}?[1-9][0-9]{0,15}$`, description: `${prefix}12 or 12` } },
});
const listQuery = (statuses: readonly string[]): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    status: { type: 'string', enum: statuses, description: 'only this status (default: every status)' },
    limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  },
});

const depositSchema: JsonSchema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    username: { type: 'string' },
    method: { type: 'string' },
    channel: { type: 'string', description: 'vendor name' },
    requestedAmount: { type: 'number' },
    creditedAmount: { type: ['number', 'null'] },
    status: { type: 'string' },
    payeeName: { type: ['string', 'null'] },
    referenceNo: { type: ['string', 'null'] },
    hasReceipt: { type: 'boolean' },
    createdAt: { type: 'integer' },
    settledAt: { type: ['integer', 'null'] },
    operator: { type: ['string', 'null'] },
    rejectReason: { type: ['string', 'null'] },
  },
};

const withdrawalSchema: JsonSchema = {
  type: 'object',
  properties: {
    number: { type: 'string' },
    username: { type: 'string' },
    withdrawType: { type: 'string' },
    bankName: { type: 'string' },
    cardNumber: { type: 'string', description: 'in full: the operator pays to it' },
    payeeName: { type: 'string' },
    amount: { type: 'number' },
    charge: { type: 'number' },
    payout: { type: 'number', description: 'amount − C2C paid − charge: what is sent to the card' },
    c2cSettled: { type: 'number', description: 'paid to the card by C2C depositors already (modules/c2c); the charge is on the rest only' },
    status: { type: 'string' },
    priority: { type: 'boolean', description: "the member's VIP level put it first in the review queue when it was requested" },
    createdAt: { type: 'integer' },
    decidedAt: { type: ['integer', 'null'] },
    operator: { type: ['string', 'null'] },
    remark: { type: ['string', 'null'] },
    wagering: {
      type: ['object', 'null'],
      description: "pending ones only: the member's wagering requirement now (modules/wagering), what is still to stake and what was counted since it was last met",
      properties: { remaining: { type: 'number' }, counted: { type: 'number' } },
    },
  },
};

const depositRow = (deposit: DepositView & { username?: string; hasReceipt?: boolean }) => ({
  number: deposit.refCode,
  username: deposit.username ?? '',
  method: deposit.method,
  channel: deposit.vendorName,
  requestedAmount: minorToMajor(deposit.requestedMinor),
  creditedAmount: deposit.creditedMinor === null ? null : minorToMajor(deposit.creditedMinor),
  status: deposit.status,
  payeeName: deposit.payeeName,
  referenceNo: deposit.referenceNo,
  hasReceipt: deposit.hasReceipt ?? false,
  createdAt: deposit.createdAtMs,
  settledAt: deposit.settledAtMs,
  operator: deposit.operatorName,
  rejectReason: deposit.rejectReason,
});

const withdrawalRow = (withdrawal: OperatorWithdrawal) => ({
  number: withdrawal.orderNo,
  username: withdrawal.username,
  withdrawType: withdrawal.withdrawType,
  bankName: withdrawal.bankName,
  cardNumber: withdrawal.cardNumber,
  payeeName: withdrawal.payeeName,
  amount: minorToMajor(withdrawal.amountMinor),
  charge: minorToMajor(restChargeMinorOf(withdrawal)),
  payout: minorToMajor(payoutMinorOf(withdrawal)),
  c2cSettled: minorToMajor(withdrawal.c2cSettledMinor),
  status: withdrawal.status,
  priority: withdrawal.priority,
  createdAt: withdrawal.createdAtMs,
  decidedAt: withdrawal.decidedAtMs,
  operator: withdrawal.operatorName,
  remark: withdrawal.remark,
});

// What the audit trail keeps of a deposit or a withdrawal before and after a decision: its state
// and its amounts, never the member's card number or receipt (the trail is read by more desks
// than the cashiers', and exported).
const depositAudit = (deposit: DepositView | undefined) =>
  deposit && {
    status: deposit.status,
    requestedAmount: minorToMajor(deposit.requestedMinor),
    creditedAmount: deposit.creditedMinor === null ? null : minorToMajor(deposit.creditedMinor),
    operator: deposit.operatorName,
  };
const withdrawalAudit = (withdrawal: OperatorWithdrawal | undefined) =>
  withdrawal && {
    status: withdrawal.status,
    amount: minorToMajor(withdrawal.amountMinor),
    payout: minorToMajor(payoutMinorOf(withdrawal)),
    c2cSettled: minorToMajor(withdrawal.c2cSettledMinor),
    operator: withdrawal.operatorName,
  };

/** D12 or 12 → 12. */
function depositNumberOf(number: string): number {
  const id = depositIdOf(number.startsWith('D') ? number : `D${number}`);
  if (id === undefined) throw new AppError(404, 'not.found');
  return id;
}

const withdrawalNumberOf = (number: string): number => Number(number.replace(/^W/, ''));


export async function cashierRoutes(app: FastifyInstance, { db, clock = systemClock }: CashierRoutesOptions): Promise<void> {
  app.get<{ Querystring: { status?: DepositStatus; limit: number } }>('/deposits', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's deposits, oldest first",
      headers: bearerHeader,
      querystring: listQuery(DEPOSIT_STATUSES),
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: depositSchema } } },
    }),
  }, async (request) => {
    const rows = await listDeposits(db, operatorOf(request).merchantId, { status: request.query.status, limit: request.query.limit });
    return ok({ list: rows.map(depositRow) });
  });

  app.get<{ Params: { number: string } }>('/deposits/:number/receipt', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "A manual deposit's receipt image, as a data URL",
      headers: bearerHeader,
      params: numberParams('D'),
      value: {
        type: 'object',
        required: ['contentType', 'dataUrl'],
        properties: { contentType: { type: 'string' }, dataUrl: { type: 'string' }, referenceNo: { type: ['string', 'null'] }, uploadedAt: { type: 'integer' } },
      },
    }),
  }, async (request) =>
    // Receipts (a member's bank statement) are read under audit.
    audited(auditContextOf(request, db, clock), { action: 'deposit.receipt', targetType: 'deposit', targetId: request.params.number }, async () => {
    const receipt = await depositReceipt(db, operatorOf(request).merchantId, depositNumberOf(request.params.number));
    if (!receipt) throw new AppError(404, 'not.found');
    return ok({
      contentType: receipt.contentType,
      dataUrl: `data:${receipt.contentType};base64,${receipt.image.toString('base64')}`,
      referenceNo: receipt.referenceNo,
      uploadedAt: Math.round(receipt.uploadedAtMs),
    });
    }));

  app.post<{ Params: { number: string }; Body: { amount?: number } }>('/deposits/:number/approve', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Approve a pending manual deposit: the member is credited once',
      description:
        "amount: what arrived, when it differs from what the member said (at most what an adjustment may move). Above the merchant's deposit setting secondApprovalAbove, the first approval waits (awaitingSecondApproval) until another operator approves the same amount. Approving again answers the approved deposit and credits nothing more.",
      headers: bearerHeader,
      params: numberParams('D'),
      body: { type: ['object', 'null'], additionalProperties: false, properties: { amount: { type: 'number', description: 'major units, two decimals at most' } } },
      value: {
        type: 'object',
        required: ['deposit', 'replayed', 'awaitingSecondApproval'],
        properties: { deposit: depositSchema, replayed: { type: 'boolean' }, awaitingSecondApproval: { type: 'boolean', description: 'true: nothing credited yet, a second operator is to approve' } },
      },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    const amount = request.body?.amount;
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'deposit.approve', targetType: 'deposit', targetId: request.params.number, asked: amount === undefined ? {} : { amount } },
      async () => {
        const depositId = depositNumberOf(request.params.number);
        const amountMinor = amount === undefined ? undefined : transferAmountMinor(amount);
        const deposit = await getDeposit(db, operator.merchantId, depositId);
        if (!deposit) throw new AppError(404, 'deposit.not.found');
        // Capped like an adjustment: a typo of a few zeros is refused, whoever approves.
        const creditMinor = amountMinor ?? deposit.requestedMinor;
        if (creditMinor > MAX_ADJUSTMENT_MINOR) throw new AppError(400, 'operator.approval.too.large');
        // Four eyes above the merchant's threshold: the first approval only asks for the second.
        if (deposit.status === 'pending' && deposit.method === 'MT' && creditMinor > (await readDepositSettings(db, operator.merchantId)).secondApprovalAboveMinor) {
          const second = await claimSecondApproval(db, { merchantId: operator.merchantId, depositId, operatorId: operator.id, amountMinor: creditMinor, nowMs: clock() });
          if (second === 'mismatch') throw new AppError(409, 'operator.approval.mismatch');
          if (second !== 'confirmed') {
            // Nothing changed yet: the trail says a second approval of this amount is awaited.
            const unchanged = { ...depositAudit(deposit), awaitingSecondApprovalOf: minorToMajor(creditMinor) };
            return { before: depositAudit(deposit), after: unchanged, value: ok({ deposit: depositRow(deposit), replayed: false, awaitingSecondApproval: true }) };
          }
        }
        const decision = await approveDeposit(db, { merchantId: operator.merchantId, depositId, operatorName: operator.username, amountMinor, nowMs: clock() });
        return {
          before: depositAudit(deposit),
          after: depositAudit(decision.deposit),
          value: ok({ deposit: depositRow(decision.deposit), replayed: decision.replayed, awaitingSecondApproval: false }),
        };
      },
    );
  });

  app.post<{ Params: { number: string }; Body: { reason: string } }>('/deposits/:number/reject', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Reject a pending manual deposit',
      headers: bearerHeader,
      params: numberParams('D'),
      body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: reasonSchema } },
      value: { type: 'object', required: ['deposit', 'replayed'], properties: { deposit: depositSchema, replayed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'deposit.reject', targetType: 'deposit', targetId: request.params.number, asked: { reason: request.body.reason } },
      async () => {
        const depositId = depositNumberOf(request.params.number);
        const before = depositAudit(await getDeposit(db, operator.merchantId, depositId));
        const decision = await rejectDeposit(db, { merchantId: operator.merchantId, depositId, operatorName: operator.username, reason: request.body.reason, nowMs: clock() });
        return { before, after: depositAudit(decision.deposit), value: ok({ deposit: depositRow(decision.deposit), replayed: decision.replayed }) };
      },
    );
  });

  app.get<{ Querystring: { status?: WithdrawalStatus; limit: number } }>('/withdrawals', {
    schema: apiSchema({
      tags: ['operator'],
      summary: "The merchant's withdrawals, oldest first; pending ones with priority (a VIP level's) before the other pending ones",
      headers: bearerHeader,
      querystring: listQuery(WITHDRAWAL_STATUSES),
      value: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: withdrawalSchema } } },
    }),
  }, async (request) =>
    // The list shows members' card numbers in full (the operator pays to them): read under audit.
    audited(auditContextOf(request, db, clock), { action: 'withdrawal.list', detail: { status: request.query.status ?? null, limit: request.query.limit } }, async () => {
      const merchantId = operatorOf(request).merchantId;
      const rows = await listWithdrawals(db, merchantId, { status: request.query.status, limit: request.query.limit });
      // A pending one is paid with the member's wagering in view: met when it was asked for, it may
      // not be now (a bonus credited since adds to it), which is the cashier's cue to look closer.
      const wagering = new Map<number, WageringState>();
      for (const memberId of new Set(rows.filter((row) => row.status === 'pending').map((row) => row.memberId))) {
        wagering.set(memberId, await wageringStateOf(db, merchantId, memberId));
      }
      return ok({
        list: rows.map((row) => {
          const state = wagering.get(row.memberId);
          return { ...withdrawalRow(row), wagering: row.status === 'pending' && state ? { remaining: minorToMajor(state.remainingMinor), counted: minorToMajor(state.countedMinor) } : null };
        }),
      });
    }));

  app.post<{ Params: { number: string } }>('/withdrawals/:number/pay', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Mark a pending withdrawal paid (after sending the payout to the card)',
      description: 'The held amount leaves the house: payout and charge. Paying again changes nothing; paying a rejected one is refused.',
      headers: bearerHeader,
      params: numberParams('W'),
      value: { type: 'object', required: ['withdrawal', 'changed'], properties: { withdrawal: withdrawalSchema, changed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    return auditedChange(auditContextOf(request, db, clock), { action: 'withdrawal.pay', targetType: 'withdrawal', targetId: request.params.number }, async () => {
      const withdrawalId = withdrawalNumberOf(request.params.number);
      const before = withdrawalAudit(await getWithdrawal(db, operator.merchantId, withdrawalId));
      const result = await payWithdrawal(db, { merchantId: operator.merchantId, withdrawalId, operatorName: operator.username, nowMs: clock() });
      return { before, after: withdrawalAudit(result.withdrawal), value: ok({ withdrawal: withdrawalRow(result.withdrawal), changed: result.changed }) };
    });
  });

  app.post<{ Params: { number: string }; Body: { reason: string } }>('/withdrawals/:number/reject', {
    schema: apiSchema({
      tags: ['operator'],
      summary: 'Reject a pending withdrawal: the whole amount goes back to the member',
      headers: bearerHeader,
      params: numberParams('W'),
      body: { type: 'object', required: ['reason'], additionalProperties: false, properties: { reason: reasonSchema } },
      value: { type: 'object', required: ['withdrawal', 'changed'], properties: { withdrawal: withdrawalSchema, changed: { type: 'boolean' } } },
    }),
  }, async (request) => {
    const operator = operatorOf(request);
    return auditedChange(
      auditContextOf(request, db, clock),
      { action: 'withdrawal.reject', targetType: 'withdrawal', targetId: request.params.number, asked: { reason: request.body.reason } },
      async () => {
        const withdrawalId = withdrawalNumberOf(request.params.number);
        const before = withdrawalAudit(await getWithdrawal(db, operator.merchantId, withdrawalId));
        const result = await rejectWithdrawal(db, { merchantId: operator.merchantId, withdrawalId, operatorName: operator.username, reason: request.body.reason, nowMs: clock() });
        return { before, after: withdrawalAudit(result.withdrawal), value: ok({ withdrawal: withdrawalRow(result.withdrawal), changed: result.changed }) };
      },
    );
  });
}
