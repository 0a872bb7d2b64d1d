import type pg from 'pg';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, IdempotencyConflictError, InsufficientFundsError, memberBalanceMinor, postTransactionIn } from '../ledger';
import * as queries from './adjustment.queries';
import type { AdjustmentRecord } from './adjustment.queries';
import { selectRealMember } from './operator.queries';
import { MAX_ADJUSTMENT_MINOR } from './operator.service';

export type { AdjustmentRecord, AdjustmentStatus } from './adjustment.queries';

// Balance adjustments with four eyes (server/README.md "Operators"). An adjustment an operator asks
// for is applied at once up to the merchant's threshold (the deposit setting secondApprovalAbove,
// the one four-eyes threshold of the cashier desk); above it, it is a request until another
// operator approves it, and only then does money move. The threshold counts what the same
// operator applied alone to the same member in the last 24 hours: ten adjustments of a tenth each
// are one large adjustment, and ask for the second operator too. Every request is one row of
// operator_adjustment (migration 076), decided at most once under its row lock; the money moves in
// the same database transaction as the row that says so, so a row "applied" always has its ledger
// transaction and no ledger adjustment exists without its row.

/** How far back one operator's adjustments to one member add up against the threshold. */
export const ADJUSTMENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface AdjustmentRequest {
  merchantId: number;
  operatorId: number;
  username: string;
  /** Signed, minor units: positive credits the member, negative debits them (never below zero). */
  amountMinor: number;
  reason: string;
  /** The operator's Idempotency-Key: the same key asks once, whatever the answer was. */
  idempotencyKey: string;
  /** Above this (minor units, counting the operator's last 24 hours for the member) another operator approves. */
  thresholdMinor: number;
  nowMs: number;
}

/** What an adjustment did: the row, whether it was asked before, and the member's balance around it. */
export interface AdjustmentOutcome {
  adjustment: AdjustmentRecord;
  replayed: boolean;
  balanceBeforeMinor: number;
  balanceAfterMinor: number;
}

const validAmount = (amountMinor: number): boolean => Number.isSafeInteger(amountMinor) && amountMinor !== 0 && Math.abs(amountMinor) <= MAX_ADJUSTMENT_MINOR;

/** Applies an adjustment, or records it for a second operator when it (with the operator's last day for the member) is above the threshold. */
export async function requestAdjustment(pool: pg.Pool, input: AdjustmentRequest): Promise<AdjustmentOutcome> {
  if (!validAmount(input.amountMinor)) throw new AppError(400, 'operator.adjustment.invalid');
  const member = await selectRealMember(pool, input.merchantId, input.username);
  if (!member) throw new AppError(404, 'operator.member.not.found');
  return withTransaction(pool, async (client) => {
    // One member's adjustments one at a time: two at once would each see the other's amount
    // missing from the window and both slip under the threshold.
    await queries.lockMember(client, member.id);
    const balanceBeforeMinor = await memberBalanceMinor(client, input.merchantId, member.id);
    const asked = await queries.selectByKey(client, input.merchantId, input.operatorId, input.idempotencyKey);
    if (asked) {
      if (asked.memberId !== member.id || asked.amountMinor !== input.amountMinor || asked.reason !== input.reason) throw new AppError(409, 'wallet.idempotency.conflict');
      return { adjustment: asked, replayed: true, balanceBeforeMinor, balanceAfterMinor: balanceBeforeMinor };
    }
    const appliedAloneMinor = await queries.sumAppliedAlone(client, input.merchantId, member.id, input.operatorId, input.nowMs - ADJUSTMENT_WINDOW_MS);
    if (Math.abs(input.amountMinor) + appliedAloneMinor > input.thresholdMinor) {
      const adjustment = await queries.insertAdjustment(client, { ...input, memberId: member.id, status: 'awaiting', transactionId: null });
      return { adjustment, replayed: false, balanceBeforeMinor, balanceAfterMinor: balanceBeforeMinor };
    }
    const transactionId = await postAdjustment(client, { merchantId: input.merchantId, memberId: member.id, amountMinor: input.amountMinor, reason: input.reason, key: `${input.operatorId}:${input.idempotencyKey}`, nowMs: input.nowMs });
    const adjustment = await queries.insertAdjustment(client, { ...input, memberId: member.id, status: 'applied', transactionId });
    return { adjustment, replayed: false, balanceBeforeMinor, balanceAfterMinor: await memberBalanceMinor(client, input.merchantId, member.id) };
  });
}

export interface AdjustmentDecision {
  merchantId: number;
  adjustmentId: number;
  operatorId: number;
  nowMs: number;
}

/**
 * The second operator's approval: the money moves now, once. Approving an applied adjustment again
 * answers it (replayed) and moves nothing; the operator who asked cannot approve their own.
 */
export async function approveAdjustment(pool: pg.Pool, input: AdjustmentDecision): Promise<AdjustmentOutcome & { before: AdjustmentRecord }> {
  return withTransaction(pool, async (client) => {
    const before = await queries.lockAdjustment(client, input.merchantId, input.adjustmentId);
    if (!before) throw new AppError(404, 'operator.adjustment.not.found');
    const balanceBeforeMinor = await memberBalanceMinor(client, input.merchantId, before.memberId);
    if (before.status === 'applied') return { before, adjustment: before, replayed: true, balanceBeforeMinor, balanceAfterMinor: balanceBeforeMinor };
    if (before.status !== 'awaiting') throw new AppError(409, 'operator.adjustment.decided', { detail: before.status });
    if (before.requestedById === input.operatorId) throw new AppError(409, 'operator.adjustment.own');
    const transactionId = await postAdjustment(client, {
      merchantId: input.merchantId,
      memberId: before.memberId,
      amountMinor: before.amountMinor,
      reason: before.reason,
      key: `request:${before.id}`,
      nowMs: input.nowMs,
    });
    const adjustment = await queries.decideAdjustment(client, input.merchantId, before.id, { status: 'applied', decidedBy: input.operatorId, transactionId, reason: null, nowMs: input.nowMs });
    return { before, adjustment, replayed: false, balanceBeforeMinor, balanceAfterMinor: await memberBalanceMinor(client, input.merchantId, before.memberId) };
  });
}

/** Turns a waiting request down (any cashier, the one who asked included: they may withdraw it); nothing moves. */
export async function rejectAdjustment(pool: pg.Pool, input: AdjustmentDecision & { reason: string }): Promise<{ before: AdjustmentRecord; adjustment: AdjustmentRecord; replayed: boolean }> {
  return withTransaction(pool, async (client) => {
    const before = await queries.lockAdjustment(client, input.merchantId, input.adjustmentId);
    if (!before) throw new AppError(404, 'operator.adjustment.not.found');
    if (before.status === 'rejected') return { before, adjustment: before, replayed: true };
    if (before.status !== 'awaiting') throw new AppError(409, 'operator.adjustment.decided', { detail: before.status });
    const adjustment = await queries.decideAdjustment(client, input.merchantId, before.id, { status: 'rejected', decidedBy: input.operatorId, transactionId: null, reason: input.reason, nowMs: input.nowMs });
    return { before, adjustment, replayed: false };
  });
}

export const listAdjustments = (db: pg.Pool, merchantId: number, filter: { status?: queries.AdjustmentStatus; username?: string; limit: number }) => queries.selectAdjustments(db, merchantId, filter);

/** The ledger movement of an adjustment: between the house's adjustment account and the member's main wallet, with the reason as the member's remark. */
async function postAdjustment(
  client: pg.PoolClient,
  input: { merchantId: number; memberId: number; amountMinor: number; reason: string; key: string; nowMs: number },
): Promise<number> {
  const memberAccount = await ensureMemberAccount(client, input.merchantId, input.memberId, 'REAL', input.nowMs);
  const houseAccount = await ensureHouseAccount(client, input.merchantId, 'house_adjustments', input.nowMs);
  try {
    const posted = await postTransactionIn(client, {
      merchantId: input.merchantId,
      idempotencyKey: `operator_adjustment:${input.key}`,
      kind: 'operator_adjustment',
      unit: 'REAL',
      postings: [
        { accountId: houseAccount, amountMinor: -input.amountMinor },
        { accountId: memberAccount, amountMinor: input.amountMinor },
      ],
      remark: input.reason,
      nowMs: input.nowMs,
    });
    return posted.transactionId;
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(409, 'wallet.insufficient.balance');
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
    throw error;
  }
}
