import { createHash } from 'node:crypto';
import type { C2CConfirmation, C2CConfirmationList, C2CDeposit, C2COrderStatus, C2COutcome, C2CReceiptResult, DepositMethods } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction, type RetryOptions } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { countInProgress, decodeReceiptImage, depositNumber, lockMemberDeposits, readDepositSettings } from '../deposit';
import { ensureHouseAccount, ensureMemberAccount, minorToMajor, postTransactionIn, readWalletSettings } from '../ledger';
import { sendMessageIn } from '../message';
import { brandOf, messageLanguage, type SenderFactory } from '../notification';
import { maskTail, orderNoOf } from '../withdrawal';
import type { FastifyBaseLogger } from 'fastify';
import { CLAIM_CONTENT, CLAIM_SMS, CLAIM_SUBJECT, fill } from './c2c.notices';
import * as queries from './c2c.queries';
import type { OrderRow, WithdrawalC2CRow } from './c2c.queries';
import { readC2CSettings } from './c2c.settings';

// Player-to-player (C2C) deposits: a depositor pays a pending withdrawal's card directly.
//
// Money. A C2C deposit never creates money: the withdrawer's amount is already held
// (house_withdrawal_hold, from their withdrawal request). When an order is confirmed — the
// withdrawer says received (in full) or partial (an amount), the confirmation window passes with
// no answer (counts as received in full; a forced receipt is not refunded to the
// withdrawer), or an operator resolves a dispute as received — ONE ledger transaction moves what
// arrived from house_withdrawal_hold to the depositor's main wallet: kind 'deposit' (turnover and
// records count it as a deposit), idempotency key c2c:<order id>, order number D<deposit id>.
// The withdrawal's c2c_settled_minor grows by it; reaching the amount makes the withdrawal paid.
// Cancelled, expired or rejected orders move nothing; they release their reservation.
//
// Concurrency. Every change of an order and of its withdrawal's C2C columns happens in ONE
// database transaction holding the withdrawal's row lock (then the order's), with the ledger
// posting inside it (the ledger's postTransactionIn): status, reservation, settled amount and money
// never disagree, and whoever acts at the same moment (the withdrawer, the depositor, the sweep,
// an operator, a replay) finds the order's status already moved and moves nothing more. The
// withdrawal module's pay/reject take the same row lock and refuse while anything is reserved.
//
// Matching. The oldest pending BC withdrawal of another member of the merchant whose open amount
// (amount − settled − reserved) covers the deposit, locked FOR UPDATE SKIP LOCKED (depositors at
// once spread over withdrawals); when every fitting one is locked, a second pass waits for them
// (PostgreSQL re-checks the condition on the row it waited for), so nobody is refused only
// because the withdrawal that fits was locked for a moment. The reservation is written under the
// lock, and the table's CHECK (settled + reserved ≤ amount) stands behind it.
//
// Deadlines are applied by the sweep (c2c.sweep.ts: every 30 s, one replica at a time) AND lazily:
// before every read and action of a member on an order, its own due deadline is applied first (in
// its own transaction, so an action refused afterwards does not undo it). Both are idempotent.

export const C2C_LEDGER_KIND = 'deposit';
export const C2C_HOLD_ACCOUNT = 'house_withdrawal_hold';
const RETRY: RetryOptions = { maxAttempts: 8, baseDelayMs: 5 };
const DAY_MS = 86_400_000;
/** Closed orders the withdrawer's list still shows. */
const RECENT_MS = 7 * 86_400_000;

const digestOf = (payload: unknown): string => createHash('sha256').update(JSON.stringify(payload)).digest('hex');
const isOpen = (status: C2COrderStatus): boolean => queries.OPEN_STATUSES.includes(status);
const dataUrlOf = (image: { contentType: string; image: Buffer }): string => `data:${image.contentType};base64,${image.image.toString('base64')}`;

// ── Views ────────────────────────────────────────────────────────────────────

/**
 * The withdrawer's name as the depositor sees it: each word's first letter, the rest masked
 * ("Karim Ahmed" → "K**** A****"). A bank transfer needs the bank and the full card number, which
 * the depositor sees while the order is open; the name only lets them check the payee their bank
 * shows, and is not handed to everyone who opens an order.
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => {
      const letters = [...word];
      return letters.length === 0 ? '' : letters[0] + '*'.repeat(Math.max(letters.length - 1, 1));
    })
    .join(' ');
}

export function depositorView(order: OrderRow, currencySymbol: string): C2CDeposit {
  return {
    depositId: order.depositId,
    refCode: depositNumber(order.depositId),
    orderId: order.id,
    amount: minorToMajor(order.amountMinor),
    status: order.status,
    receivedAmount: order.receivedMinor === null ? null : minorToMajor(order.receivedMinor),
    bankName: order.bankName,
    cardNumber: isOpen(order.status) ? order.cardNumber : maskTail(order.cardNumber),
    payeeName: maskName(order.payeeName),
    payDeadline: Math.round(order.payDeadlineMs),
    paidTime: order.paidAtMs === null ? null : Math.round(order.paidAtMs),
    confirmDeadline: order.confirmDeadlineMs === null ? null : Math.round(order.confirmDeadlineMs),
    hasProof: order.hasProof,
    createdTime: Math.round(order.createdAtMs),
    currencySymbol,
  };
}

export function withdrawerView(order: OrderRow, proofImage: string | null): C2CConfirmation {
  return {
    orderId: order.id,
    withdrawId: order.withdrawalId,
    withdrawOrderNo: orderNoOf(order.withdrawalId),
    amount: minorToMajor(order.amountMinor),
    payerName: order.depositorName,
    status: order.status,
    outcome: order.outcome,
    receivedAmount: order.receivedMinor === null ? null : minorToMajor(order.receivedMinor),
    proofImage: order.status === 'paid' || order.status === 'disputed' || order.status === 'matched' ? proofImage : null,
    createdTime: Math.round(order.createdAtMs),
    paidTime: order.paidAtMs === null ? null : Math.round(order.paidAtMs),
    confirmDeadline: order.confirmDeadlineMs === null ? null : Math.round(order.confirmDeadlineMs),
    closedTime: order.closedAtMs === null ? null : Math.round(order.closedAtMs),
  };
}

// ── The order's transaction and its two endings ──────────────────────────────

/** A refusal decided inside an order's transaction, thrown after it commits (what it did stays). */
class Refusal {
  constructor(readonly error: AppError) {}
}

/**
 * Runs `work` in one database transaction holding the order's withdrawal row lock, then the
 * order's: every C2C change goes through here. `work` may return a Refusal: the transaction
 * still commits (e.g. a deadline it applied) and the refusal is thrown after.
 */
async function inOrderTransaction<T>(
  pool: pg.Pool,
  merchantId: number,
  orderId: number,
  work: (client: pg.PoolClient, order: OrderRow, withdrawal: WithdrawalC2CRow) => Promise<T | Refusal>,
): Promise<T> {
  const first = Number.isSafeInteger(orderId) && orderId > 0 ? await queries.selectOrder(pool, merchantId, orderId) : undefined;
  if (!first) throw new AppError(404, 'c2c.order.not.found');
  const result = await withTransaction(
    pool,
    async (client) => {
      const withdrawal = await queries.lockWithdrawal(client, merchantId, first.withdrawalId);
      const order = await queries.selectOrder(client, merchantId, orderId, true);
      if (!withdrawal || !order) throw new Error(`C2C order ${orderId} or its withdrawal vanished`);
      return work(client, order, withdrawal);
    },
    RETRY,
  );
  if (result instanceof Refusal) throw result.error;
  return result;
}

/** Credits `receivedMinor` of an open order to its depositor from the hold and closes it (confirmed). */
async function credit(
  client: pg.PoolClient,
  order: OrderRow,
  receivedMinor: number,
  outcome: C2COutcome,
  nowMs: number,
  extra: { decision?: { key: string; digest: string }; operatorName?: string } = {},
): Promise<void> {
  const hold = await ensureHouseAccount(client, order.merchantId, C2C_HOLD_ACCOUNT, nowMs);
  const wallet = await ensureMemberAccount(client, order.merchantId, order.depositorId, 'REAL', nowMs);
  const posted = await postTransactionIn(client, {
    merchantId: order.merchantId,
    idempotencyKey: `c2c:${order.id}`,
    kind: C2C_LEDGER_KIND,
    unit: 'REAL',
    postings: [
      { accountId: hold, amountMinor: -receivedMinor },
      { accountId: wallet, amountMinor: receivedMinor },
    ],
    nowMs,
    orderNo: depositNumber(order.depositId),
    remark: 'C2C',
  });
  await queries.settleOnWithdrawal(client, order.withdrawalId, order.amountMinor, receivedMinor, nowMs);
  await queries.closeConfirmed(client, order, { receivedMinor, outcome, ledgerTransactionId: posted.transactionId, ...extra, nowMs });
}

/** Closes an open order without money and releases its reservation. */
async function release(client: pg.PoolClient, order: OrderRow, status: 'cancelled' | 'expired' | 'rejected', nowMs: number, operatorName?: string): Promise<void> {
  await queries.reserve(client, order.withdrawalId, -order.amountMinor);
  await queries.closeWithoutMoney(client, order, status, nowMs, operatorName, status === 'rejected' ? 'C2C payment not received' : undefined);
}

/** Applies the order's deadline when it has passed: matched → expired, paid → confirmed in full (timeout). */
async function applyDeadline(client: pg.PoolClient, order: OrderRow, nowMs: number): Promise<boolean> {
  if (order.status === 'matched' && nowMs >= order.payDeadlineMs) {
    await release(client, order, 'expired', nowMs);
    return true;
  }
  if (order.status === 'paid' && order.confirmDeadlineMs !== null && nowMs >= order.confirmDeadlineMs) {
    await credit(client, order, order.amountMinor, 'timeout', nowMs);
    return true;
  }
  return false;
}

/**
 * Applies every passed deadline (of one member's orders, as depositor or withdrawer, with
 * `scope`): the sweep and the lazy path. Answers how many orders it moved. Idempotent.
 */
export async function settleDue(pool: pg.Pool, nowMs: number, scope?: { merchantId: number; memberId: number }, limit = 500): Promise<number> {
  let moved = 0;
  for (const due of await queries.selectDue(pool, nowMs, limit, scope)) {
    if (await inOrderTransaction(pool, due.merchantId, due.id, (client, order) => applyDeadline(client, order, nowMs))) moved += 1;
  }
  return moved;
}

/** The order after its own deadline was applied. */
async function fresh(pool: pg.Pool, merchantId: number, orderId: number, nowMs: number): Promise<OrderRow> {
  return inOrderTransaction(pool, merchantId, orderId, async (client, order) => {
    if (!(await applyDeadline(client, order, nowMs))) return order;
    const after = await queries.selectOrder(client, merchantId, orderId);
    if (!after) throw new Error(`C2C order ${orderId} vanished`);
    return after;
  });
}

// ── The depositor ────────────────────────────────────────────────────────────

/** The C2C entry of the deposit channel list (deposit routes' extraMethods): only when enabled. */
export async function c2cDepositMethods(db: Db, merchantId: number): Promise<DepositMethods['methods']> {
  const settings = await readC2CSettings(db, merchantId);
  if (!settings.enabled) return [];
  return [
    {
      method: 'C2C',
      channels: [
        {
          vendorId: 0,
          vendorName: 'C2C',
          mcsBankCode: 'C2C',
          method: 'C2C',
          minAmount: minorToMajor(settings.minAmountMinor),
          maxAmount: minorToMajor(settings.maxAmountMinor),
          fixedAmounts: [],
          banks: [{ bankCode: 'C2C', bankType: 'C2C' }],
        },
      ],
    },
  ];
}

export interface C2CDepositInput {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  payerName?: string;
  /** The client's Idempotency-Key (checked): the same key is the same order. */
  idempotencyKey: string;
  nowMs: number;
}

async function currencySymbolOf(db: Db, merchantId: number): Promise<string> {
  return (await readWalletSettings(db, merchantId)).currencySymbol;
}

/** The order a replayed key made, or 409 wallet.idempotency.conflict when the key made something else. */
async function replayOf(pool: pg.Pool, input: C2CDepositInput, existing: { id: number; method: string; requestDigest: string }, digest: string): Promise<C2CDeposit> {
  if (existing.method !== 'C2C' || existing.requestDigest !== digest) throw new AppError(409, 'wallet.idempotency.conflict');
  const order = await queries.selectOrderByDeposit(pool, input.merchantId, existing.id);
  if (!order) throw new Error(`C2C deposit ${existing.id} has no order`);
  return depositorView(await fresh(pool, input.merchantId, order.id, input.nowMs), await currencySymbolOf(pool, input.merchantId));
}

/**
 * depositC2C: matches the deposit to a withdrawal (see the top of this file) and answers the card
 * to pay. Checks, in order: the key (a replay answers its order, even if C2C was switched off
 * since), C2C on, the amount within the settings, a payer name; then under the member's deposit
 * lock: the key again, the pending-deposit limit, no other order of theirs waiting for payment or
 * confirmation, a withdrawal with room. A refusal changes nothing.
 */
export async function createC2CDeposit(pool: pg.Pool, input: C2CDepositInput): Promise<C2CDeposit> {
  const { merchantId, memberId, amountMinor, nowMs } = input;
  const requestedName = input.payerName?.trim() ?? '';
  const digest = digestOf({ kind: 'C2C', amountMinor, payerName: requestedName });
  const existing = await queries.selectDepositByKey(pool, memberId, input.idempotencyKey);
  if (existing) return replayOf(pool, input, existing, digest);

  const settings = await readC2CSettings(pool, merchantId);
  if (!settings.enabled) throw new AppError(400, 'c2c.disabled');
  if (amountMinor < settings.minAmountMinor || amountMinor > settings.maxAmountMinor) {
    throw new AppError(400, 'c2c.amount.out.of.range', { min: minorToMajor(settings.minAmountMinor).toFixed(2), max: minorToMajor(settings.maxAmountMinor).toFixed(2) });
  }
  const payerName = (requestedName || (await queries.selectRealName(pool, merchantId, memberId)) || '').slice(0, 100);
  if (!payerName) throw new AppError(400, 'c2c.payer.name.required');
  const depositSettings = await readDepositSettings(pool, merchantId);

  type Made = { replay: { id: number; method: string; requestDigest: string } } | { orderId: number };
  const made = await withTransaction(
    pool,
    async (client): Promise<Made> => {
      await lockMemberDeposits(client, memberId);
      const again = await queries.selectDepositByKey(client, memberId, input.idempotencyKey);
      if (again) return { replay: again };
      if ((await countInProgress(client, memberId, nowMs)) >= depositSettings.maxPending) {
        throw new AppError(400, 'deposit.pending.limit', { max: String(depositSettings.maxPending) });
      }
      const open = await queries.selectLatestOpenOfDepositor(client, merchantId, memberId);
      if (open && (open.status === 'matched' || open.status === 'paid')) throw new AppError(400, 'c2c.order.open');
      // Each order shows a withdrawer's card: orders let go unpaid are limited per 24 hours
      // (c2c.settings.ts dailyUnpaidLimit), counted under the member's deposit lock.
      if ((await queries.countUnpaidSince(client, memberId, nowMs - DAY_MS)) >= settings.dailyUnpaidLimit) {
        throw new AppError(429, 'c2c.daily.limit', { max: String(settings.dailyUnpaidLimit) });
      }
      const candidate =
        (await queries.lockCandidate(client, merchantId, memberId, amountMinor, true)) ?? (await queries.lockCandidate(client, merchantId, memberId, amountMinor, false));
      if (!candidate) throw new AppError(400, 'c2c.no.match');
      await queries.reserve(client, candidate.id, amountMinor);
      const orderId = await queries.insertOrder(client, {
        merchantId,
        depositorId: memberId,
        candidate,
        amountMinor,
        depositorName: payerName,
        idempotencyKey: input.idempotencyKey,
        requestDigest: digest,
        payDeadlineMs: nowMs + settings.payMinutes * 60_000,
        nowMs,
      });
      return { orderId };
    },
    RETRY,
  );
  if ('replay' in made) return replayOf(pool, input, made.replay, digest);
  const order = await queries.selectOrder(pool, merchantId, made.orderId);
  if (!order) throw new Error(`C2C order ${made.orderId} vanished`);
  return depositorView(order, await currencySymbolOf(pool, merchantId));
}

/** The depositor's own order of a C2C deposit (c2c.order.not.found for anybody else's). */
async function ownOrderId(db: Db, merchantId: number, memberId: number, depositId: number): Promise<number> {
  const order = Number.isSafeInteger(depositId) && depositId > 0 ? await queries.selectOrderByDeposit(db, merchantId, depositId) : undefined;
  if (!order || order.depositorId !== memberId) throw new AppError(404, 'c2c.order.not.found');
  return order.id;
}

/** getDepositConfirmationDetail: the member's C2C deposit, or their latest open one (null when none). */
export async function depositorDetail(pool: pg.Pool, merchantId: number, memberId: number, depositId: number | undefined, nowMs: number): Promise<C2CDeposit | null> {
  await settleDue(pool, nowMs, { merchantId, memberId }, 20);
  const order =
    depositId === undefined
      ? await queries.selectLatestOpenOfDepositor(pool, merchantId, memberId)
      : await queries.selectOrder(pool, merchantId, await ownOrderId(pool, merchantId, memberId, depositId));
  return order ? depositorView(order, await currencySymbolOf(pool, merchantId)) : null;
}

interface DepositorAction {
  merchantId: number;
  memberId: number;
  depositId: number;
  nowMs: number;
}

/** Runs a depositor's action on their order after its deadline is applied; answers the order after. */
async function depositorAction(pool: pg.Pool, input: DepositorAction, act: (client: pg.PoolClient, order: OrderRow) => Promise<Refusal | void>): Promise<C2CDeposit> {
  const orderId = await ownOrderId(pool, input.merchantId, input.memberId, input.depositId);
  await fresh(pool, input.merchantId, orderId, input.nowMs);
  await inOrderTransaction(pool, input.merchantId, orderId, (client, order) => act(client, order));
  const after = await queries.selectOrder(pool, input.merchantId, orderId);
  if (!after) throw new Error(`C2C order ${orderId} vanished`);
  return depositorView(after, await currencySymbolOf(pool, input.merchantId));
}

const stateRefusal = (order: OrderRow): Refusal =>
  new Refusal(order.status === 'expired' ? new AppError(409, 'c2c.order.expired') : new AppError(409, 'c2c.order.state.invalid', { detail: `the order is ${order.status}` }));

/** The depositor's proof of payment (replaces an earlier one) while the order is matched or paid. */
export async function uploadProof(pool: pg.Pool, input: DepositorAction & { image: string }): Promise<C2CDeposit> {
  const image = decodeReceiptImage(input.image);
  return depositorAction(pool, input, async (client, order) => {
    if (order.status !== 'matched' && order.status !== 'paid') return stateRefusal(order);
    await queries.upsertImage(client, { orderId: order.id, merchantId: order.merchantId, role: 'proof', position: 1, contentType: image.contentType, bytes: image.bytes, nowMs: input.nowMs });
  });
}

/** How the withdrawer's SMS leaves (the request's sender), when the merchant asks for one. */
export interface ClaimNotifier {
  senders?: SenderFactory;
  log: FastifyBaseLogger;
}

/**
 * "I have paid": matched → paid. The withdrawer is told (a platform message, in the same
 * transaction) and the confirmation window starts at that moment, not before: the message and
 * the deadline commit together. Where the merchant's 'c2c' setting has claimSms and the
 * withdrawer a mobile number, an SMS follows once committed. Again (or after): the order as it is.
 */
export async function confirmPaid(pool: pg.Pool, input: DepositorAction, notifier?: ClaimNotifier): Promise<C2CDeposit> {
  const settings = await readC2CSettings(pool, input.merchantId);
  let sms: { to: string; text: string } | undefined;
  const answer = await depositorAction(pool, input, async (client, order) => {
    if (order.status === 'matched') {
      await queries.markPaid(client, order.id, input.nowMs + settings.confirmMinutes * 60_000, input.nowMs);
      const contact = await queries.selectContact(client, order.withdrawerId);
      const language = await messageLanguage(client, order.merchantId, undefined, contact.language);
      const brand = await brandOf(client, order.merchantId);
      const params = {
        brand,
        amount: `${(await currencySymbolOf(client, order.merchantId))}${minorToMajor(order.amountMinor).toFixed(2)}`,
        payer: order.depositorName,
        withdrawal: orderNoOf(order.withdrawalId),
        minutes: String(settings.confirmMinutes),
      };
      await sendMessageIn(client, {
        merchantId: order.merchantId,
        to: { memberIds: [order.withdrawerId] },
        subject: CLAIM_SUBJECT[language],
        content: fill(CLAIM_CONTENT[language], params),
        canReply: false,
        senderName: brand || 'System',
        nowMs: input.nowMs,
      });
      sms = settings.claimSms && contact.mobileE164 ? { to: contact.mobileE164, text: fill(CLAIM_SMS[language], params) } : undefined;
      return;
    }
    // Paid before, or the withdrawer answered already: nothing to do.
    if (order.status === 'paid' || order.status === 'disputed' || order.status === 'confirmed') return;
    return stateRefusal(order);
  });
  if (sms && notifier?.senders) {
    const { to, text } = sms;
    // The claim stands whatever the SMS does: the message is in the inbox already.
    await notifier.senders({ merchantId: input.merchantId, log: notifier.log }).sendSms(to, text).catch((error: unknown) => notifier.log.warn({ err: error }, 'C2C claim SMS not sent'));
  }
  return answer;
}

/** Cancels an order not marked paid: the reservation is released. Again (or once expired): the order as it is. */
export async function cancelOrder(pool: pg.Pool, input: DepositorAction): Promise<C2CDeposit> {
  return depositorAction(pool, input, async (client, order) => {
    if (order.status === 'matched') {
      await release(client, order, 'cancelled', input.nowMs);
      return;
    }
    if (order.status === 'cancelled' || order.status === 'expired') return;
    return new Refusal(new AppError(409, 'c2c.order.state.invalid', { detail: `the order is ${order.status}` }));
  });
}

// ── The withdrawer ───────────────────────────────────────────────────────────

/** MCSFE_getPaymentConfirmationList: orders on the member's withdrawals (open first, then the last 7 days'). */
export async function confirmationList(pool: pg.Pool, merchantId: number, memberId: number, nowMs: number): Promise<C2CConfirmationList> {
  await settleDue(pool, nowMs, { merchantId, memberId }, 50);
  const orders = await queries.selectOrdersOfWithdrawer(pool, merchantId, memberId, nowMs - RECENT_MS, 50);
  const waiting = orders.filter((order) => order.hasProof && (order.status === 'matched' || order.status === 'paid' || order.status === 'disputed')).map((order) => order.id);
  const proofs = new Map((await queries.selectImages(pool, merchantId, waiting, 'proof')).map((image) => [image.orderId, dataUrlOf(image)]));
  const withdrawals = await queries.selectWithdrawals(pool, merchantId, [...new Set(orders.map((order) => order.withdrawalId))]);
  return {
    list: orders.map((order) => withdrawerView(order, proofs.get(order.id) ?? null)),
    withdrawals: withdrawals.map((row) => ({
      withdrawId: row.id,
      orderNo: orderNoOf(row.id),
      amount: minorToMajor(row.amountMinor),
      settledAmount: minorToMajor(row.settledMinor),
      reservedAmount: minorToMajor(row.reservedMinor),
      status: row.status,
      fullyPaid: row.settledMinor === row.amountMinor,
    })),
    currencySymbol: await currencySymbolOf(pool, merchantId),
  };
}

export interface ReceiptInput {
  merchantId: number;
  memberId: number;
  orderId: number;
  result: C2CReceiptResult;
  /** partial: what arrived, minor units. */
  receivedMinor?: number;
  /** not_received: 1-3 data URLs. */
  images?: string[];
  /** The client's Idempotency-Key (checked). */
  idempotencyKey: string;
  nowMs: number;
}

/**
 * confirmC2CReceipt (see the contract). An answer that was already applied is answered again;
 * under the same key with another answer 409 wallet.idempotency.conflict; another answer to a
 * decided order 409 c2c.order.state.invalid. A disputed order may still be confirmed received (or
 * partly) by its withdrawer, who then found the money.
 */
export async function confirmReceipt(pool: pg.Pool, input: ReceiptInput): Promise<C2CConfirmation> {
  const { merchantId, memberId, nowMs } = input;
  const owner = Number.isSafeInteger(input.orderId) && input.orderId > 0 ? await queries.selectOrder(pool, merchantId, input.orderId) : undefined;
  if (!owner || owner.withdrawerId !== memberId) throw new AppError(404, 'c2c.order.not.found');

  let receivedMinor = owner.amountMinor;
  let result = input.result;
  if (result === 'partial') {
    const claimed = input.receivedMinor;
    if (claimed === undefined || !Number.isSafeInteger(claimed) || claimed <= 0 || claimed > owner.amountMinor) {
      throw new AppError(400, 'c2c.received.amount.invalid', { max: minorToMajor(owner.amountMinor).toFixed(2) });
    }
    receivedMinor = claimed;
    // All of it arrived after all: that is 'received'.
    if (claimed === owner.amountMinor) result = 'received';
  }
  const images = result === 'not_received' ? (input.images ?? []) : [];
  if (result === 'not_received' && (images.length < 1 || images.length > 3)) throw new AppError(400, 'c2c.images.required');
  const decoded = images.map((image) => decodeReceiptImage(image));
  const digest = digestOf({ result, receivedMinor: result === 'not_received' ? null : receivedMinor, images: decoded.map((image) => createHash('sha256').update(image.bytes).digest('hex')) });
  const decision = { key: input.idempotencyKey, digest };

  await fresh(pool, merchantId, owner.id, nowMs);
  await inOrderTransaction(pool, merchantId, owner.id, async (client, order): Promise<Refusal | void> => {
    const decidedByWithdrawer = order.decisionKey !== null && (order.status === 'disputed' || (order.status === 'confirmed' && (order.outcome === 'received' || order.outcome === 'partial')));
    if (decidedByWithdrawer && order.decisionKey === decision.key) {
      return order.decisionDigest === digest ? undefined : new Refusal(new AppError(409, 'wallet.idempotency.conflict'));
    }
    if (decidedByWithdrawer && order.decisionDigest === digest) return;
    const answerable = order.status === 'matched' || order.status === 'paid' || (order.status === 'disputed' && result !== 'not_received');
    if (!answerable || (result === 'not_received' && order.status !== 'paid')) {
      return new Refusal(new AppError(409, 'c2c.order.state.invalid', { detail: `the order is ${order.status}` }));
    }
    if (result === 'not_received') {
      for (const [index, image] of decoded.entries()) {
        await queries.upsertImage(client, { orderId: order.id, merchantId, role: 'dispute', position: index + 1, contentType: image.contentType, bytes: image.bytes, nowMs });
      }
      await queries.markDisputed(client, order.id, decision, nowMs);
      return;
    }
    await credit(client, order, receivedMinor, result === 'partial' ? 'partial' : 'received', nowMs, { decision });
  });
  const after = await queries.selectOrder(pool, merchantId, owner.id);
  if (!after) throw new Error(`C2C order ${owner.id} vanished`);
  const proof = after.hasProof ? (await queries.selectImages(pool, merchantId, [after.id], 'proof'))[0] : undefined;
  return withdrawerView(after, proof ? dataUrlOf(proof) : null);
}

// ── Operators ────────────────────────────────────────────────────────────────

export type OperatorOrder = OrderRow & { depositor: string; withdrawer: string };

export async function listOrders(db: Db, merchantId: number, filter: { status?: C2COrderStatus; limit?: number } = {}): Promise<OperatorOrder[]> {
  return queries.selectOrders(db, merchantId, { statuses: filter.status ? [filter.status] : undefined, limit: Math.min(Math.max(1, Math.trunc(filter.limit ?? 100)), 1000) });
}

/** One order of the merchant as operators see it, or undefined. */
export async function operatorOrder(db: Db, merchantId: number, orderId: number): Promise<OperatorOrder | undefined> {
  if (!Number.isSafeInteger(orderId) || orderId < 1) return undefined;
  return (await queries.selectOrders(db, merchantId, { orderId, limit: 1 }))[0];
}

export async function disputeImages(db: Db, merchantId: number, orderId: number): Promise<{ role: 'proof' | 'dispute'; dataUrl: string }[]> {
  const [proof, dispute] = await Promise.all([queries.selectImages(db, merchantId, [orderId], 'proof'), queries.selectImages(db, merchantId, [orderId], 'dispute')]);
  return [...proof.map((image) => ({ role: 'proof' as const, dataUrl: dataUrlOf(image) })), ...dispute.map((image) => ({ role: 'dispute' as const, dataUrl: dataUrlOf(image) }))];
}

export interface ResolveInput {
  merchantId: number;
  orderId: number;
  /** true: the money arrived (amountMinor of it, default all); false: nothing arrived. */
  received: boolean;
  amountMinor?: number;
  operatorName: string;
  nowMs: number;
}

/**
 * An operator decides a disputed order: received → the amount (default the order's) is credited
 * to the depositor from the hold (outcome operator); not received → rejected, the reservation
 * released, nothing moves. The same decision again answers the order (changed false); another
 * decision, or an order not disputed: 409 c2c.order.state.invalid.
 */
export async function resolveDispute(pool: pg.Pool, input: ResolveInput): Promise<{ order: OperatorOrder; changed: boolean }> {
  const operatorName = input.operatorName.trim();
  if (operatorName === '' || operatorName.length > 100) throw new AppError(400, 'request.param.err', { detail: 'operatorName must be 1-100 characters' });
  const changed = await inOrderTransaction(pool, input.merchantId, input.orderId, async (client, order): Promise<boolean | Refusal> => {
    if (order.status === 'disputed') {
      if (!input.received) {
        await release(client, order, 'rejected', input.nowMs, operatorName);
        return true;
      }
      const amountMinor = input.amountMinor ?? order.amountMinor;
      if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0 || amountMinor > order.amountMinor) {
        return new Refusal(new AppError(400, 'c2c.received.amount.invalid', { max: minorToMajor(order.amountMinor).toFixed(2) }));
      }
      await credit(client, order, amountMinor, 'operator', input.nowMs, { operatorName });
      return true;
    }
    const sameWay = input.received ? order.status === 'confirmed' && order.outcome === 'operator' && (input.amountMinor === undefined || input.amountMinor === order.receivedMinor) : order.status === 'rejected';
    if (sameWay) return false;
    return new Refusal(new AppError(409, 'c2c.order.state.invalid', { detail: `the order is ${order.status}` }));
  });
  const order = await operatorOrder(pool, input.merchantId, input.orderId);
  if (!order) throw new Error(`C2C order ${input.orderId} vanished`);
  return { order, changed };
}
