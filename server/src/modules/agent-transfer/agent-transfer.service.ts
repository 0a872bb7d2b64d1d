import { createHash } from 'node:crypto';
import { isAgentMemberType, GUEST_MEMBER_TYPE } from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { ensureMemberAccount, IdempotencyConflictError, InsufficientFundsError, MINOR_PER_MAJOR, minorToMajor, postTransaction } from '../ledger';
import { verifyPaymentPassword } from '../withdrawal';
import * as queries from './agent-transfer.queries';

// Transfer to upline (agents can transfer to their upline; the legacy page
// transferUpline). An agent (member types 1, 2, 41, 42) whose upline is a real, active account of
// the same merchant sends money from their main wallet to the upline's main wallet in ONE ledger
// transaction (kind upline_transfer, key upline_transfer:<member>:<client key>, the remark stored
// with it, order number U<16 hex of the key>), so both members' records show it. The ledger's
// CHECK keeps the sender at or above zero whatever the concurrency; the key makes a retry move
// money once.
//
// The merchant's limits: merchant_setting 'upline_transfer' {"minimumAmount": 1, "maximumAmount":
// 100000} in major units, each key optional (defaults below, a malformed value takes its default).

export const UPLINE_TRANSFER_KIND = 'upline_transfer';

export interface UplineTransferSettings {
  minimumAmountMinor: number;
  maximumAmountMinor: number;
}

export const DEFAULT_UPLINE_TRANSFER_SETTINGS: UplineTransferSettings = {
  minimumAmountMinor: 1 * MINOR_PER_MAJOR,
  maximumAmountMinor: 100_000 * MINOR_PER_MAJOR,
};

const MAX_MAJOR = 1e13;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0.01 && value <= MAX_MAJOR;

/** The stored document over the defaults, key by key, keeping only well-formed values. */
export function uplineTransferSettingsFrom(stored: unknown): UplineTransferSettings {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_UPLINE_TRANSFER_SETTINGS };
  if (isAmount(source.minimumAmount)) settings.minimumAmountMinor = Math.round(source.minimumAmount * MINOR_PER_MAJOR);
  if (isAmount(source.maximumAmount)) settings.maximumAmountMinor = Math.round(source.maximumAmount * MINOR_PER_MAJOR);
  if (settings.maximumAmountMinor < settings.minimumAmountMinor) settings.maximumAmountMinor = settings.minimumAmountMinor;
  return settings;
}

export async function readUplineTransferSettings(db: Db, merchantId: number): Promise<UplineTransferSettings> {
  return uplineTransferSettingsFrom(await queries.selectUplineTransferSetting(db, merchantId));
}

/**
 * The upline the member may transfer to: refused unless the member is an agent
 * (upline.transfer.not.agent) with an upline of the same merchant that is a real account and not
 * blocked (upline.transfer.no.upline).
 */
export async function uplineOf(db: Db, merchantId: number, memberId: number): Promise<number> {
  const parties = await queries.selectTransferParties(db, merchantId, memberId);
  if (!parties || !isAgentMemberType(parties.memberType)) throw new AppError(403, 'upline.transfer.not.agent');
  const { upline } = parties;
  if (!upline || upline.memberType === GUEST_MEMBER_TYPE || upline.status !== 'active') throw new AppError(400, 'upline.transfer.no.upline');
  return upline.id;
}

/** Whether the member may transfer to an upline at all (the page's settings). */
export async function mayTransferToUpline(db: Db, merchantId: number, memberId: number): Promise<boolean> {
  try {
    await uplineOf(db, merchantId, memberId);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Control characters become spaces; the ends are trimmed. */
export const cleanRemark = (remark: string | undefined): string => (remark ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();

/** The transfer's number: U and 16 hex digits of its ledger key (the same key, the same number). */
export const orderNoOf = (merchantId: number, ledgerKey: string): string =>
  `U${createHash('sha256').update(`${merchantId}:${ledgerKey}`).digest('hex').slice(0, 16).toUpperCase()}`;

export interface UplineTransferInput {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  password: string;
  remark?: string;
  /** The client's Idempotency-Key (already checked); the ledger's is upline_transfer:<member>:<key>. */
  idempotencyKey: string;
  nowMs: number;
}

export interface UplineTransferResult {
  orderNo: string;
  amountMinor: number;
  /** True when the key had been used for this very transfer: nothing moved this time. */
  replayed: boolean;
}

/**
 * The transfer, its checks in this order (each refusal moves nothing): agent with an upline, the
 * payment password (counted toward its lock), the key (the same transfer answered again, another
 * one under it 409 wallet.idempotency.conflict), the merchant's limits, the balance
 * (wallet.insufficient.balance).
 */
export async function transferToUpline(pool: pg.Pool, input: UplineTransferInput): Promise<UplineTransferResult> {
  const { merchantId, memberId, amountMinor, nowMs } = input;
  const uplineId = await uplineOf(pool, merchantId, memberId);
  await verifyPaymentPassword(pool, merchantId, memberId, input.password, nowMs);
  return postUplineTransfer(pool, { merchantId, memberId, uplineId, amountMinor, remark: cleanRemark(input.remark), idempotencyKey: input.idempotencyKey, nowMs });
}

/**
 * transferToUpline after its checks of the member and the payment password (module-internal; the
 * tests race it with more requests at once than the payment password's lock lets through).
 */
export async function postUplineTransfer(
  pool: pg.Pool,
  input: { merchantId: number; memberId: number; uplineId: number; amountMinor: number; remark: string; idempotencyKey: string; nowMs: number },
): Promise<UplineTransferResult> {
  const { merchantId, memberId, amountMinor, remark, nowMs } = input;
  const ledgerKey = `${UPLINE_TRANSFER_KIND}:${memberId}:${input.idempotencyKey}`;
  const orderNo = orderNoOf(merchantId, ledgerKey);
  // The same key again: the first transfer's answer, when it is the same transfer.
  const sameTransfer = (recorded: queries.RecordedTransfer): UplineTransferResult => {
    if (recorded.kind !== UPLINE_TRANSFER_KIND || recorded.memberAmountMinor !== -amountMinor || (recorded.remark ?? '') !== remark) {
      throw new AppError(409, 'wallet.idempotency.conflict');
    }
    return { orderNo: recorded.orderNo ?? orderNo, amountMinor, replayed: true };
  };
  const recorded = await queries.selectTransferByKey(pool, merchantId, memberId, ledgerKey);
  if (recorded) return sameTransfer(recorded);

  const settings = await readUplineTransferSettings(pool, merchantId);
  if (amountMinor < settings.minimumAmountMinor) {
    throw new AppError(400, 'upline.transfer.amount.too.small', { minimum: minorToMajor(settings.minimumAmountMinor).toFixed(2) });
  }
  if (amountMinor > settings.maximumAmountMinor) {
    throw new AppError(400, 'upline.transfer.amount.too.large', { maximum: minorToMajor(settings.maximumAmountMinor).toFixed(2) });
  }
  const memberAccount = await ensureMemberAccount(pool, merchantId, memberId, 'REAL', nowMs);
  const uplineAccount = await ensureMemberAccount(pool, merchantId, input.uplineId, 'REAL', nowMs);
  try {
    const posted = await postTransaction(pool, {
      merchantId,
      idempotencyKey: ledgerKey,
      kind: UPLINE_TRANSFER_KIND,
      unit: 'REAL',
      postings: [
        { accountId: memberAccount, amountMinor: -amountMinor },
        { accountId: uplineAccount, amountMinor },
      ],
      nowMs,
      orderNo,
      remark: remark === '' ? undefined : remark,
    });
    if (!posted.replayed) return { orderNo, amountMinor, replayed: false };
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw new AppError(400, 'wallet.insufficient.balance');
    if (error instanceof IdempotencyConflictError) throw new AppError(409, 'wallet.idempotency.conflict');
    throw error;
  }
  // Another request under the key committed first with the same postings: the ledger does not
  // compare remarks, so compare here.
  const first = await queries.selectTransferByKey(pool, merchantId, memberId, ledgerKey);
  if (!first) throw new Error(`upline transfer ${ledgerKey} vanished`);
  return sameTransfer(first);
}
