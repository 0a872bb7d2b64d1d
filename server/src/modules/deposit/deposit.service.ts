import { createHash } from 'node:crypto';
import {
  DEPOSIT_REPORT_MAX_RANGE_MS,
  type DepositMethods,
  type DepositReport,
  type DepositReportQuery,
  type DepositState,
  type NewDepositPGResult,
} from '@platform/contract';
import type pg from 'pg';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { minorToMajor, readWalletSettings } from '../ledger';
import { GatewayUnavailableError } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import * as queries from './deposit.queries';
import type { ChannelMethod, ChannelRow, DepositRow, DepositStatus } from './deposit.queries';
import { depositNumber } from './deposit.settle';
import { decodeReceiptImage } from './receipt';

// What a member does with deposits: reads the settings and channels, makes a manual-transfer
// deposit (and sends its receipt) or an online one, cancels a pending one, reads their records.
// No money moves here (deposit.settle.ts credits).

/**
 * merchant_setting 'deposit' (all optional): {"maxPending": 3, "orderExpiryMinutes": 30,
 * "depositInfo": "...", "description": "...", "gateways": {"<provider>": {"merchantNo": "...",
 * "notifyBaseUrl": "https://site.example"}}}. notifyBaseUrl: where providers reach us (behind a
 * proxy or CDN); without it, the origin the member's request came to.
 */
export interface DepositSettings {
  maxPending: number;
  orderExpiryMinutes: number;
  depositInfo: string;
  description: string;
  gateways: Record<string, { merchantNo?: string; notifyBaseUrl?: string }>;
  /**
   * secondApprovalAbove (major units): an operator's approval of a manual deposit crediting more
   * than this waits for a second operator's (modules/operator cashier.routes.ts).
   */
  secondApprovalAboveMinor: number;
}

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = { maxPending: 3, orderExpiryMinutes: 30, depositInfo: '', description: '', gateways: {}, secondApprovalAboveMinor: 50_000_00 };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readDepositSettings(db: Db, merchantId: number): Promise<DepositSettings> {
  const stored = await queries.selectDepositSetting(db, merchantId);
  const settings: DepositSettings = { ...DEFAULT_DEPOSIT_SETTINGS, gateways: {} };
  if (!isRecord(stored)) return settings;
  if (Number.isInteger(stored.maxPending) && (stored.maxPending as number) >= 1 && (stored.maxPending as number) <= 100) settings.maxPending = stored.maxPending as number;
  if (Number.isInteger(stored.orderExpiryMinutes) && (stored.orderExpiryMinutes as number) >= 1 && (stored.orderExpiryMinutes as number) <= 1440) {
    settings.orderExpiryMinutes = stored.orderExpiryMinutes as number;
  }
  if (typeof stored.depositInfo === 'string') settings.depositInfo = stored.depositInfo.slice(0, 2000);
  if (typeof stored.description === 'string') settings.description = stored.description.slice(0, 2000);
  if (typeof stored.secondApprovalAbove === 'number' && Number.isFinite(stored.secondApprovalAbove) && stored.secondApprovalAbove >= 0 && stored.secondApprovalAbove <= 1e13) {
    settings.secondApprovalAboveMinor = Math.round(stored.secondApprovalAbove * 100);
  }
  if (isRecord(stored.gateways)) {
    for (const [provider, config] of Object.entries(stored.gateways)) {
      if (!isRecord(config)) continue;
      settings.gateways[provider] = {
        ...(typeof config.merchantNo === 'string' ? { merchantNo: config.merchantNo } : {}),
        ...(typeof config.notifyBaseUrl === 'string' && /^https?:\/\/[^\s/?#]+$/.test(config.notifyBaseUrl) ? { notifyBaseUrl: config.notifyBaseUrl } : {}),
      };
    }
  }
  return settings;
}

/** The channels a member is offered: enabled, sandbox only where the simulator runs, provider known here. */
async function offeredChannels(db: Db, gateways: GatewayRegistry, merchantId: number): Promise<ChannelRow[]> {
  const channels = await queries.selectChannels(db, merchantId, gateways.sandbox);
  return channels.filter((channel) => channel.provider === null || gateways.adapter(channel.provider) !== undefined);
}

/** Methods another module offers beside the channels of deposit_channel (C2C, modules/c2c), appended in its order. */
export type ExtraDepositMethods = (db: Db, merchantId: number) => Promise<DepositMethods['methods']>;

export async function depositMethods(db: Db, gateways: GatewayRegistry, merchantId: number, extraMethods?: ExtraDepositMethods): Promise<DepositMethods> {
  const channels = await offeredChannels(db, gateways, merchantId);
  const methods: DepositMethods['methods'] = [];
  for (const channel of channels) {
    let entry = methods.find((method) => method.method === channel.method);
    if (!entry) {
      entry = { method: channel.method, channels: [] };
      methods.push(entry);
    }
    entry.channels.push({
      vendorId: channel.id,
      vendorName: channel.vendorName,
      mcsBankCode: channel.bankCode,
      method: channel.method,
      minAmount: minorToMajor(channel.minMinor),
      maxAmount: minorToMajor(channel.maxMinor),
      fixedAmounts: channel.fixedAmountsMinor.map(minorToMajor),
      banks: [{ bankCode: channel.bankCode, bankType: channel.method }],
    });
  }
  if (extraMethods) methods.push(...(await extraMethods(db, merchantId)));
  return { methods };
}

export async function fixedAmounts(db: Db, gateways: GatewayRegistry, merchantId: number, method: ChannelMethod, bankCode: string) {
  const channel = (await offeredChannels(db, gateways, merchantId)).find((row) => row.method === method && row.bankCode === bankCode);
  if (!channel) throw new AppError(400, 'deposit.channel.not.found');
  return { fixedAmounts: channel.fixedAmountsMinor.map(minorToMajor), minAmount: minorToMajor(channel.minMinor), maxAmount: minorToMajor(channel.maxMinor) };
}

export interface MemberDepositState {
  inProgress: number;
  maxPending: number;
  settings: DepositSettings;
  defaultTab: ChannelMethod | null;
}

export async function memberDepositState(db: Db, gateways: GatewayRegistry, merchantId: number, memberId: number, nowMs: number): Promise<MemberDepositState> {
  const [settings, inProgress, channels] = await Promise.all([
    readDepositSettings(db, merchantId),
    queries.countInProgress(db, memberId, nowMs),
    offeredChannels(db, gateways, merchantId),
  ]);
  return { inProgress, maxPending: settings.maxPending, settings, defaultTab: channels[0]?.method ?? null };
}

const digestOf = (payload: unknown): string => createHash('sha256').update(JSON.stringify(payload)).digest('hex');

function checkAmount(channel: ChannelRow, amountMinor: number): void {
  if (amountMinor < channel.minMinor || amountMinor > channel.maxMinor) {
    throw new AppError(400, 'deposit.amount.out.of.range', { min: minorToMajor(channel.minMinor).toFixed(2), max: minorToMajor(channel.maxMinor).toFixed(2) });
  }
}

/**
 * The deposit promotion the member chose on the deposit page for this deposit. `join` is offered
 * by modules/promotion (wired in app.ts, so this module does not depend on it): it refuses the
 * choice with an AppError (not a deposit promotion the member may join now, or `amountMinor` below
 * its minimum deposit) or joins the member to it. Joining moves no money: the deposit, once
 * approved, earns the bonus as any deposit made after joining does.
 */
export interface ChosenPromotion {
  id: number;
  join: (amountMinor: number) => Promise<void>;
}

/**
 * Joins the chosen promotion before the deposit is made (a refusal makes no deposit; the deposit
 * then comes after the joining, as the promotion's rules ask). A retry of a deposit already made
 * under its key skips it: the retry answers that deposit, whatever became of the promotion since.
 * A deposit refused after the joining (the pending limit) leaves the member joined, as pressing
 * Join on the promotion's page would have.
 */
async function joinChosenPromotion(db: Db, memberId: number, idempotencyKey: string, amountMinor: number, promotion: ChosenPromotion | undefined): Promise<void> {
  if (!promotion) return;
  if (await queries.selectDepositByKey(db, memberId, idempotencyKey)) return;
  await promotion.join(amountMinor);
}

/** The chosen promotion as the deposit records it (and its key's payload compares it): nothing without one. */
const promotionDetailOf = (promotion: ChosenPromotion | undefined): { promotionId?: number } => (promotion ? { promotionId: promotion.id } : {});

interface CreateInput {
  merchantId: number;
  memberId: number;
  channel: ChannelRow;
  amountMinor: number;
  idempotencyKey: string;
  /** What the key is compared on: the same key with another payload is refused. */
  payload: Record<string, unknown>;
  details: Pick<queries.NewDeposit, 'payeeName' | 'depositorAccount' | 'transactionDate' | 'expiresAtMs' | 'promotionId'>;
  nowMs: number;
}

/**
 * Makes a pending deposit under the member's idempotency key: the key used before with the same
 * payload answers that deposit (replayed); with another payload 409 wallet.idempotency.conflict.
 * Under the member's lock: at most maxPending deposits in progress (deposit.pending.limit), also
 * when requests race.
 */
async function createDeposit(pool: pg.Pool, input: CreateInput): Promise<{ deposit: DepositRow; replayed: boolean }> {
  const requestDigest = digestOf(input.payload);
  const settings = await readDepositSettings(pool, input.merchantId);
  const depositId = await withTransaction(pool, async (client) => {
    await queries.lockMemberDeposits(client, input.memberId);
    const existing = await queries.selectDepositByKey(client, input.memberId, input.idempotencyKey);
    if (existing) return undefined;
    const inProgress = await queries.countInProgress(client, input.memberId, input.nowMs);
    if (inProgress >= settings.maxPending) throw new AppError(400, 'deposit.pending.limit', { max: String(settings.maxPending) });
    return queries.insertDeposit(client, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      channel: input.channel,
      requestedMinor: input.amountMinor,
      ...input.details,
      idempotencyKey: input.idempotencyKey,
      requestDigest,
      nowMs: input.nowMs,
    });
  });
  const deposit =
    depositId === undefined ? await queries.selectDepositByKey(pool, input.memberId, input.idempotencyKey) : await queries.selectDeposit(pool, input.merchantId, depositId);
  if (!deposit) throw new Error('A deposit just made or found vanished');
  if (deposit.requestDigest !== requestDigest) throw new AppError(409, 'wallet.idempotency.conflict');
  return { deposit, replayed: depositId === undefined };
}

export interface ManualDepositInput {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  bankCode?: string;
  payeeName: string;
  depositAccountNum?: string;
  transactionDate?: string;
  promotion?: ChosenPromotion;
  idempotencyKey: string;
  nowMs: number;
}

export async function createManualDeposit(pool: pg.Pool, gateways: GatewayRegistry, input: ManualDepositInput) {
  const channels = (await offeredChannels(pool, gateways, input.merchantId)).filter((channel) => channel.method === 'MT');
  const channel = input.bankCode === undefined ? channels[0] : channels.find((row) => row.bankCode === input.bankCode);
  if (!channel) throw new AppError(400, 'deposit.channel.not.found');
  checkAmount(channel, input.amountMinor);
  const payeeName = input.payeeName.trim();
  if (!payeeName) throw new AppError(400, 'request.param.err', { detail: 'payeeName is empty' });
  const details = {
    payeeName,
    depositorAccount: input.depositAccountNum?.trim() || null,
    transactionDate: input.transactionDate?.trim() || null,
    ...promotionDetailOf(input.promotion),
  };
  await joinChosenPromotion(pool, input.memberId, input.idempotencyKey, input.amountMinor, input.promotion);
  const { deposit } = await createDeposit(pool, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    channel,
    amountMinor: input.amountMinor,
    idempotencyKey: input.idempotencyKey,
    payload: { kind: 'MT', channelId: channel.id, amountMinor: input.amountMinor, ...details },
    details,
    nowMs: input.nowMs,
  });
  const wallet = await readWalletSettings(pool, input.merchantId);
  return {
    depositId: deposit.id,
    refCode: depositNumber(deposit.id),
    amount: minorToMajor(deposit.requestedMinor),
    state: memberState(deposit.status),
    receivingAccount: {
      bankName: deposit.receivingBankName ?? '',
      accountName: deposit.receivingAccountName ?? '',
      accountNumber: deposit.receivingAccountNumber ?? '',
      branch: deposit.receivingBranch ?? '',
    },
    currencySymbol: wallet.currencySymbol,
  };
}

/** A member's own deposit, or deposit.not.found (another member's is not found either). */
async function ownDeposit(db: Db, merchantId: number, memberId: number, depositId: number): Promise<DepositRow> {
  const deposit = await queries.selectDeposit(db, merchantId, depositId);
  if (!deposit || deposit.memberId !== memberId) throw new AppError(404, 'deposit.not.found');
  return deposit;
}

export async function uploadReceipt(
  db: Db,
  input: { merchantId: number; memberId: number; depositId: number; image: string; referenceNo: string; nowMs: number },
): Promise<{ depositId: number; referenceNo: string }> {
  const deposit = await ownDeposit(db, input.merchantId, input.memberId, input.depositId);
  if (deposit.method !== 'MT') throw new AppError(409, 'deposit.not.manual');
  if (deposit.status !== 'pending') throw new AppError(409, 'deposit.state.invalid');
  const referenceNo = input.referenceNo.trim();
  if (!referenceNo) throw new AppError(400, 'request.param.err', { detail: 'referenceNo is empty' });
  const image = decodeReceiptImage(input.image);
  await queries.upsertReceipt(db, { depositId: deposit.id, merchantId: input.merchantId, contentType: image.contentType, image: image.bytes, referenceNo, nowMs: input.nowMs });
  return { depositId: deposit.id, referenceNo };
}

/** The member cancels a pending deposit of theirs; cancelling a cancelled one answers it again. */
export async function cancelDeposit(db: Db, input: { merchantId: number; memberId: number; depositId: number; nowMs: number }) {
  const deposit = await ownDeposit(db, input.merchantId, input.memberId, input.depositId);
  // A C2C deposit holds a match on a withdrawal: only cancelC2CDeposit (modules/c2c) releases it.
  if (deposit.method === 'C2C') throw new AppError(409, 'deposit.state.invalid', { detail: 'a C2C deposit is cancelled with cancelC2CDeposit' });
  const closed = await queries.closeDeposit(db, deposit.id, ['pending'], 'cancelled', input.nowMs, { memberId: input.memberId });
  if (!closed && deposit.status !== 'cancelled') {
    const current = await ownDeposit(db, input.merchantId, input.memberId, input.depositId);
    if (current.status !== 'cancelled') throw new AppError(409, 'deposit.state.invalid');
  }
  return { depositId: deposit.id, state: 'cancelled' as const };
}

export interface OnlineDepositInput {
  merchantId: number;
  memberId: number;
  amountMinor: number;
  bankCode: string;
  vendorId: number;
  promotion?: ChosenPromotion;
  idempotencyKey: string;
  /** This site's origin as the member reached it (https://site.example): notify and return URLs. */
  siteOrigin: string;
  nowMs: number;
}

/**
 * An online deposit: a pending deposit, then its order at the provider (createOrder, idempotent
 * at the provider per deposit number). A retry under the same key answers the same order (and
 * opens it at the provider if the first attempt did not get that far). When the provider cannot
 * be reached the deposit is marked failed and deposit.gateway.unavailable answered: nothing was
 * paid (a payment the provider later confirms is still credited, deposit.settle.ts).
 */
export async function createOnlineDeposit(pool: pg.Pool, gateways: GatewayRegistry, input: OnlineDepositInput): Promise<NewDepositPGResult> {
  const channel = (await offeredChannels(pool, gateways, input.merchantId)).find(
    (row) => row.id === input.vendorId && row.bankCode === input.bankCode && row.method !== 'MT',
  );
  const adapter = channel?.provider ? gateways.adapter(channel.provider) : undefined;
  if (!channel || !adapter || !channel.provider) throw new AppError(400, 'deposit.channel.not.found');
  checkAmount(channel, input.amountMinor);
  const settings = await readDepositSettings(pool, input.merchantId);
  await joinChosenPromotion(pool, input.memberId, input.idempotencyKey, input.amountMinor, input.promotion);
  const { deposit } = await createDeposit(pool, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    channel,
    amountMinor: input.amountMinor,
    idempotencyKey: input.idempotencyKey,
    payload: { kind: 'PG', channelId: channel.id, amountMinor: input.amountMinor, ...promotionDetailOf(input.promotion) },
    details: { expiresAtMs: input.nowMs + settings.orderExpiryMinutes * 60_000, ...promotionDetailOf(input.promotion) },
    nowMs: input.nowMs,
  });
  let order: { redirectUrl: string | null; qrContent: string | null; qrImgUrl: string | null } | undefined =
    deposit.providerOrderId === null ? undefined : { redirectUrl: deposit.payUrl, qrContent: deposit.qrContent, qrImgUrl: null };
  if (!order) {
    if (deposit.status !== 'pending') throw new AppError(502, 'deposit.gateway.unavailable');
    const account = await gateways.account(input.merchantId, channel.provider);
    const origin = settings.gateways[channel.provider]?.notifyBaseUrl ?? input.siteOrigin;
    try {
      if (!account) throw new GatewayUnavailableError(`merchant ${input.merchantId} has no account at ${channel.provider}`);
      const created = await adapter.createOrder(account, {
        orderId: depositNumber(deposit.id),
        amountMinor: deposit.requestedMinor,
        currency: (await readWalletSettings(pool, input.merchantId)).currency,
        channel: channel.providerChannel ?? channel.bankCode.toLowerCase(),
        qr: channel.method === 'QR',
        notifyUrl: `${origin}/payment/callback/${channel.provider}`,
        returnUrl: `${origin}/`,
        expiresAtMs: deposit.expiresAtMs ?? input.nowMs,
      });
      await queries.updateProviderOrder(pool, deposit.id, { providerOrderId: created.providerOrderId, payUrl: created.redirectUrl, qrContent: created.qrContent }, input.nowMs);
      order = created;
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      await queries.closeDeposit(pool, deposit.id, ['pending'], 'failed', input.nowMs);
      throw new AppError(502, 'deposit.gateway.unavailable', { detail: error.message });
    }
  }
  return {
    depositId: deposit.id,
    refCode: depositNumber(deposit.id),
    amount: minorToMajor(deposit.requestedMinor),
    redirectUrl: order.redirectUrl,
    qrImgUrl: order.qrImgUrl,
    qrContent: order.qrContent,
    expiresAt: deposit.expiresAtMs ?? input.nowMs,
  };
}

/** What the member sees of a status ('crediting' is a moment of 'pending'). */
export const memberState = (status: DepositStatus): DepositState => (status === 'crediting' ? 'pending' : status);

export async function depositReport(db: Db, memberId: number, query: DepositReportQuery): Promise<DepositReport> {
  const { startDate, endDate } = query;
  if (endDate < startDate || endDate - startDate > DEPOSIT_REPORT_MAX_RANGE_MS) throw new AppError(400, 'deposit.report.period.invalid');
  const size = query.size ?? 13;
  const page = query.page ?? 1;
  const statuses: DepositStatus[] | undefined = query.depositState === undefined ? undefined : query.depositState === 'pending' ? ['pending', 'crediting'] : [query.depositState];
  const filter: queries.ReportFilter = { memberId, fromMs: startDate, toMs: endDate, method: query.depositType, statuses, limit: size, offset: (page - 1) * size };
  const [rows, totals] = await Promise.all([queries.selectReport(db, filter), queries.selectReportTotals(db, filter)]);
  return {
    list: rows.map((row) => ({
      depositId: row.id,
      refCode: depositNumber(row.id),
      depositMethod: row.method,
      vendorName: row.vendorName,
      requestedAmount: minorToMajor(row.requestedMinor),
      amount: row.status === 'approved' && row.creditedMinor !== null ? minorToMajor(row.creditedMinor) : 0,
      customerBankCharge: minorToMajor(row.customerChargeMinor),
      depositDate: row.createdAtMs,
      actualDepositDate: row.status === 'pending' || row.status === 'crediting' ? null : row.settledAtMs,
      state: memberState(row.status),
    })),
    totalPages: Math.ceil(totals.count / size),
    footer: { requestedAmount: minorToMajor(totals.requestedMinor), amount: minorToMajor(totals.creditedMinor), customerBankCharge: minorToMajor(totals.chargeMinor) },
  };
}
