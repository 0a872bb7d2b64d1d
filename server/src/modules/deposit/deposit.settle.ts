import type pg from 'pg';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { ensureHouseAccount, ensureMemberAccount, postTransaction, readWalletSettings } from '../ledger';
import { GatewayUnavailableError, type ProviderOrder } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import * as queries from './deposit.queries';
import type { DepositRow, DepositStatus } from './deposit.queries';

// Deciding deposits: the only place money moves for them.
//
// A credit is ONE ledger transaction: house_deposits → the member's main wallet, kind 'deposit',
// idempotency key 'deposit:<id>', order number D<id>. The key is unique in the ledger, so the
// deposit is credited at most once whoever decides it and however often (two operators at once,
// a callback replayed, reconciliation racing the callback, a retry after a crash).
//
// Deciding takes two steps, so that no lock is held across connections:
//   1. claim: UPDATE … SET status = 'crediting', credited_minor = <amount> WHERE status IN (…):
//      the row lock of that UPDATE lets exactly one decider through; a reject or a cancel racing
//      it finds the row no longer pending and is refused (or, after it, the claim is refused);
//   2. credit: postTransaction under the deposit's key, with the amount the claim recorded, then
//      status approved. A crash between the two leaves 'crediting': the next decider, or
//      reconciliation (reconcileDeposits), posts again under the same key (a replay if it had
//      been posted) and finishes.
//
// Online payments (PG, QR) follow one rule: a payment the provider confirms (signed callback or
// order query) is credited whatever state the deposit is in (pending, failed, expired, cancelled):
// the money arrived, so the member gets it. approved is terminal: a later 'failed' changes
// nothing, and a repeated 'paid' credits nothing more. A 'failed' moves only a pending deposit.
// Manual transfers (MT) are decided by operators alone: approve and reject only a pending one;
// approving it again answers the approved deposit (nothing more is credited); approving a
// rejected or cancelled one is refused (deposit.state.invalid).

export const DEPOSIT_LEDGER_KIND = 'deposit';
export const DEPOSIT_HOUSE_ACCOUNT = 'house_deposits';

/** The deposit's number: its refCode, the ledger transaction's orderNo, the provider's orderId. */
export const depositNumber = (depositId: number): string => `D${depositId}`;

/** The deposit id of a number (D42 → 42), or undefined. */
export function depositIdOf(number: string): number | undefined {
  const match = /^D([1-9]\d{0,15})$/.exec(number);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Posts the credit of a deposit being credited and marks it approved (idempotent). */
async function completeCredit(pool: pg.Pool, deposit: DepositRow, nowMs: number): Promise<void> {
  const amountMinor = deposit.creditedMinor;
  if (amountMinor === null) throw new Error(`Deposit ${deposit.id} is being credited without an amount`);
  const [house, wallet] = await Promise.all([
    ensureHouseAccount(pool, deposit.merchantId, DEPOSIT_HOUSE_ACCOUNT, nowMs),
    ensureMemberAccount(pool, deposit.merchantId, deposit.memberId, 'REAL', nowMs),
  ]);
  const posted = await postTransaction(pool, {
    merchantId: deposit.merchantId,
    idempotencyKey: `deposit:${deposit.id}`,
    kind: DEPOSIT_LEDGER_KIND,
    unit: 'REAL',
    postings: [
      { accountId: house, amountMinor: -amountMinor },
      { accountId: wallet, amountMinor },
    ],
    nowMs,
    orderNo: depositNumber(deposit.id),
    remark: deposit.vendorName,
  });
  await queries.finishCredit(pool, deposit.id, posted.transactionId, nowMs);
}

async function reread(db: Db, deposit: { merchantId: number; id: number }): Promise<DepositRow> {
  const row = await queries.selectDeposit(db, deposit.merchantId, deposit.id);
  if (!row) throw new Error(`Deposit ${deposit.id} vanished`);
  return row;
}

/**
 * Claims the deposit for crediting `amountMinor` from one of `from`, then credits it. Answers the
 * deposit after, and whether this call credited it (false: it was credited before or by another).
 * Throws deposit.state.invalid when it is in none of `from` and not being or already credited.
 */
async function credit(pool: pg.Pool, deposit: DepositRow, from: readonly DepositStatus[], amountMinor: number, nowMs: number, operatorName: string | null): Promise<{ deposit: DepositRow; credited: boolean }> {
  const claimed = await queries.claimCredit(pool, deposit.id, from, amountMinor, nowMs, operatorName);
  const current = await reread(pool, deposit);
  if (!claimed) {
    if (current.status === 'approved') return { deposit: current, credited: false };
    // Another decider claimed it (or crashed after claiming): finish with the amount it recorded.
    if (current.status !== 'crediting') throw new AppError(409, 'deposit.state.invalid', { detail: `deposit ${deposit.id} is ${current.status}` });
  }
  await completeCredit(pool, current, nowMs);
  return { deposit: await reread(pool, deposit), credited: claimed };
}

// ── The operators' decisions (the operator API calls these; index.ts exports them) ──────────────

export interface DepositView {
  depositId: number;
  refCode: string;
  memberId: number;
  method: queries.ChannelMethod;
  vendorName: string;
  bankCode: string;
  provider: string | null;
  requestedMinor: number;
  /** What was (or is being) credited. */
  creditedMinor: number | null;
  customerChargeMinor: number;
  /** 'crediting' is a short step between the decision and the credit (see above). */
  status: DepositStatus;
  payeeName: string | null;
  depositorAccount: string | null;
  transactionDate: string | null;
  referenceNo: string | null;
  receivingAccount: { bankName: string; accountName: string; accountNumber: string; branch: string } | null;
  providerOrderId: string | null;
  createdAtMs: number;
  settledAtMs: number | null;
  operatorName: string | null;
  rejectReason: string | null;
  ledgerTransactionId: number | null;
}

export function viewOf(row: DepositRow): DepositView {
  return {
    depositId: row.id,
    refCode: depositNumber(row.id),
    memberId: row.memberId,
    method: row.method,
    vendorName: row.vendorName,
    bankCode: row.bankCode,
    provider: row.provider,
    requestedMinor: row.requestedMinor,
    creditedMinor: row.creditedMinor,
    customerChargeMinor: row.customerChargeMinor,
    status: row.status,
    payeeName: row.payeeName,
    depositorAccount: row.depositorAccount,
    transactionDate: row.transactionDate,
    referenceNo: row.referenceNo,
    receivingAccount:
      row.receivingAccountNumber === null
        ? null
        : { bankName: row.receivingBankName ?? '', accountName: row.receivingAccountName ?? '', accountNumber: row.receivingAccountNumber, branch: row.receivingBranch ?? '' },
    providerOrderId: row.providerOrderId,
    createdAtMs: row.createdAtMs,
    settledAtMs: row.settledAtMs,
    operatorName: row.operatorName,
    rejectReason: row.rejectReason,
    ledgerTransactionId: row.ledgerTransactionId,
  };
}

export interface ApproveDepositInput {
  merchantId: number;
  depositId: number;
  operatorName: string;
  nowMs: number;
  /** The amount to credit, minor units, when it differs from what the member asked (what arrived). */
  amountMinor?: number;
}

export interface DepositDecision {
  deposit: DepositView;
  /** True when the deposit was already decided this way: nothing changed (no money moved). */
  replayed: boolean;
}

async function manualDeposit(db: Db, merchantId: number, depositId: number): Promise<DepositRow> {
  const deposit = Number.isSafeInteger(depositId) && depositId > 0 ? await queries.selectDeposit(db, merchantId, depositId) : undefined;
  if (!deposit) throw new AppError(404, 'deposit.not.found');
  if (deposit.method !== 'MT') throw new AppError(409, 'deposit.not.manual');
  return deposit;
}

/**
 * Approves a pending manual deposit: credits the member (kind 'deposit', house_deposits → main
 * wallet, orderNo D<id>) once. Approving an approved one again answers it (replayed, nothing
 * more credited); a rejected or cancelled one is refused (409 deposit.state.invalid); a deposit of
 * a gateway is not an operator's to approve (409 deposit.not.manual). Safe when two operators act
 * at once: one credits, the other gets the approved deposit (or deposit.state.invalid after a reject).
 */
export async function approveDeposit(pool: pg.Pool, input: ApproveDepositInput): Promise<DepositDecision> {
  if (input.amountMinor !== undefined && (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0)) {
    throw new AppError(400, 'wallet.amount.invalid');
  }
  const deposit = await manualDeposit(pool, input.merchantId, input.depositId);
  if (deposit.status === 'approved') return { deposit: viewOf(deposit), replayed: true };
  const result = await credit(pool, deposit, ['pending'], input.amountMinor ?? deposit.requestedMinor, input.nowMs, input.operatorName);
  return { deposit: viewOf(result.deposit), replayed: !result.credited };
}

export interface RejectDepositInput {
  merchantId: number;
  depositId: number;
  operatorName: string;
  nowMs: number;
  reason: string;
}

/**
 * Rejects a pending manual deposit (no money moves). Rejecting a rejected one again answers it
 * (replayed); an approved, crediting or cancelled one is refused (409 deposit.state.invalid).
 */
export async function rejectDeposit(pool: pg.Pool, input: RejectDepositInput): Promise<DepositDecision> {
  const deposit = await manualDeposit(pool, input.merchantId, input.depositId);
  const reason = input.reason.trim().slice(0, 500);
  const closed = await queries.closeDeposit(pool, deposit.id, ['pending'], 'rejected', input.nowMs, { operatorName: input.operatorName, rejectReason: reason });
  const current = await reread(pool, deposit);
  if (closed) return { deposit: viewOf(current), replayed: false };
  if (current.status === 'rejected') return { deposit: viewOf(current), replayed: true };
  throw new AppError(409, 'deposit.state.invalid', { detail: `deposit ${deposit.id} is ${current.status}` });
}

/** The merchant's deposits (all, or those in `status`), oldest first, with the member's name. */
export async function listDeposits(
  db: Db,
  merchantId: number,
  filter: { status?: DepositStatus | readonly DepositStatus[]; limit?: number; offset?: number } = {},
): Promise<(DepositView & { username: string; hasReceipt: boolean })[]> {
  const statuses = filter.status === undefined ? undefined : typeof filter.status === 'string' ? [filter.status] : filter.status;
  const rows = await queries.selectDeposits(db, merchantId, {
    statuses,
    limit: Math.min(Math.max(filter.limit ?? 100, 1), 1000),
    offset: Math.max(filter.offset ?? 0, 0),
  });
  return rows.map((row) => ({ ...viewOf(row), username: row.username, hasReceipt: row.hasReceipt }));
}

/** One deposit of the merchant, or undefined. */
export async function getDeposit(db: Db, merchantId: number, depositId: number): Promise<DepositView | undefined> {
  const row = await queries.selectDeposit(db, merchantId, depositId);
  return row && viewOf(row);
}

/** The receipt image of a manual deposit (png or jpeg bytes), or undefined when none was uploaded. */
export async function depositReceipt(db: Db, merchantId: number, depositId: number) {
  return queries.selectReceipt(db, merchantId, depositId);
}

// ── The providers' word (callbacks and reconciliation) ──────────────────────────────────────────

export type SettleOutcome = 'credited' | 'already_credited' | 'marked_failed' | 'ignored' | 'still_pending' | 'currency_mismatch';

/**
 * Applies what the provider says of a deposit's order (already verified: a signed callback or a
 * signed query answer). See the rule at the top of this file.
 */
export async function settleProviderOrder(pool: pg.Pool, deposit: DepositRow, order: ProviderOrder, nowMs: number): Promise<SettleOutcome> {
  if (order.status === 'pending') return 'still_pending';
  if (order.status === 'failed') {
    return (await queries.closeDeposit(pool, deposit.id, ['pending'], 'failed', nowMs)) ? 'marked_failed' : 'ignored';
  }
  const { currency } = await readWalletSettings(pool, deposit.merchantId);
  if (order.currency !== currency || order.paidMinor === null) return 'currency_mismatch';
  if (deposit.status === 'approved') return 'already_credited';
  const { credited } = await credit(pool, deposit, ['pending', 'failed', 'expired', 'cancelled'], order.paidMinor, nowMs, null);
  return credited ? 'credited' : 'already_credited';
}

export interface DepositReconciliation {
  /** Deposits left half-credited that were finished. */
  finished: number[];
  /** Pending online deposits whose order was queried. */
  checked: number;
  credited: number[];
  failed: number[];
  expired: number[];
  /** Orders the provider could not answer for (tried again on the next run). */
  errors: { depositId: number; error: string }[];
}

export interface ReconcileDepositsOptions {
  nowMs: number;
  /** Only orders made at least this long ago (default 10 minutes): the callback has had its chance. */
  olderThanMs?: number;
  /** Expired and cancelled orders made this recently are asked again for a late payment (default 24 hours). */
  lateWindowMs?: number;
  /** At most this many of each kind per run (default 500). */
  limit?: number;
}

/**
 * Reconciliation with the providers: finishes deposits left half-credited, and asks the provider
 * about every online deposit still pending `olderThanMs` after it was made: paid → credited (once:
 * the ledger key), failed → failed, still pending past the order's expiry → expired. Orders
 * expired or cancelled within `lateWindowMs` are asked again: a payment that arrived late is
 * credited (the money arrived) even when its callback was lost.
 */
export async function reconcileDeposits(pool: pg.Pool, gateways: GatewayRegistry, options: ReconcileDepositsOptions): Promise<DepositReconciliation> {
  const { nowMs } = options;
  const olderThanMs = options.olderThanMs ?? 10 * 60_000;
  const limit = options.limit ?? 500;
  const report: DepositReconciliation = { finished: [], checked: 0, credited: [], failed: [], expired: [], errors: [] };

  for (const deposit of await queries.selectStuckCrediting(pool, nowMs - 60_000, limit)) {
    try {
      await completeCredit(pool, deposit, nowMs);
      report.finished.push(deposit.id);
    } catch (error) {
      report.errors.push({ depositId: deposit.id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  for (const deposit of await queries.selectStalePending(pool, nowMs - olderThanMs, nowMs - (options.lateWindowMs ?? 24 * 3_600_000), limit)) {
    report.checked += 1;
    try {
      const adapter = deposit.provider === null ? undefined : gateways.adapter(deposit.provider);
      const account = deposit.provider === null ? undefined : await gateways.account(deposit.merchantId, deposit.provider);
      if (!adapter || !account) throw new GatewayUnavailableError(`provider ${deposit.provider} is not available here`);
      let order: ProviderOrder;
      try {
        order = await adapter.queryOrder(account, depositNumber(deposit.id));
      } catch (error) {
        // No order at the provider (its creation failed before it reached it): nothing can be paid.
        if (deposit.providerOrderId === null && deposit.expiresAtMs !== null && deposit.expiresAtMs <= nowMs) {
          if (deposit.status === 'pending' && await queries.closeDeposit(pool, deposit.id, ['pending'], 'expired', nowMs)) report.expired.push(deposit.id);
          continue;
        }
        throw error;
      }
      const outcome = await settleProviderOrder(pool, deposit, order, nowMs);
      if (outcome === 'credited') report.credited.push(deposit.id);
      else if (outcome === 'marked_failed') report.failed.push(deposit.id);
      else if (outcome === 'currency_mismatch') report.errors.push({ depositId: deposit.id, error: `paid in ${order.currency}, not the merchant's currency` });
      else if (outcome === 'still_pending' && deposit.status === 'pending' && deposit.expiresAtMs !== null && deposit.expiresAtMs <= nowMs) {
        if (await queries.closeDeposit(pool, deposit.id, ['pending'], 'expired', nowMs)) report.expired.push(deposit.id);
      }
    } catch (error) {
      report.errors.push({ depositId: deposit.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return report;
}
