import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  DEPOSIT_REPORT_MAX_RANGE_MS,
  IDEMPOTENCY_KEY_HEADER,
  cancelDepositCall,
  depositBanksListCall,
  depositMTCall,
  depositReportCall,
  depositPromotionsCall,
  depositSettingsCall,
  newDepositPGCall,
  uploadDepositImageCall,
  type DepositChannel,
  type DepositMethod,
  type DepositMTResult,
  type DepositPromotion,
  type DepositSettings,
  type DepositState,
  type NewDepositPGResult,
} from '@platform/contract';

// The deposit calls of the page, and the one place their answers turn from major units (the wire)
// into minor units (what the page computes and formats with).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** One channel as a tab of the page: a manual transfer channel, or an online one (PG, QR). */
export interface Channel {
  /** The tab's value: method and vendorId. */
  id: string;
  method: DepositMethod;
  vendorId: number;
  vendorName: string;
  bankCode: string;
  minMinor: AmountMinor;
  maxMinor: AmountMinor;
  fixedMinor: AmountMinor[];
}

export interface Hub {
  settings: DepositSettings;
  /** The channels in the merchant's order, the default method's first channel first. */
  channels: Channel[];
}

const channelOf = (channel: DepositChannel): Channel => ({
  id: `${channel.method}-${channel.vendorId}`,
  method: channel.method,
  vendorId: channel.vendorId,
  vendorName: channel.vendorName,
  bankCode: channel.mcsBankCode,
  minMinor: minor(channel.minAmount),
  maxMinor: minor(channel.maxAmount),
  fixedMinor: channel.fixedAmounts.map(minor),
});

export async function loadHub(signal: AbortSignal): Promise<Hub> {
  const [settings, list] = await Promise.all([api.call(depositSettingsCall, { signal }), api.call(depositBanksListCall, { signal })]);
  const channels = list.methods.flatMap((method) => method.channels.map(channelOf));
  return { settings, channels };
}

/** A deposit promotion the member may choose for this deposit (the server joins them to it with the deposit). */
export interface PromotionOption {
  id: number;
  title: string;
  /** Joined already (the promotion's page): choosing it changes nothing but says so. */
  joined: boolean;
  reward: { kind: 'percent'; percent: number; capMinor: AmountMinor | null } | { kind: 'fixed'; amountMinor: AmountMinor } | null;
  /** A smaller deposit earns nothing (the server refuses it with this promotion). */
  minMinor: AmountMinor | null;
  wagering: { multiplier: number; includesDeposit: boolean };
}

const rewardOf = (reward: DepositPromotion['reward']): PromotionOption['reward'] => {
  if (reward?.kind === 'percent' && reward.percent !== null) return { kind: 'percent', percent: reward.percent, capMinor: reward.cap === null ? null : minor(reward.cap) };
  if (reward?.kind === 'fixed' && reward.amount !== null) return { kind: 'fixed', amountMinor: minor(reward.amount) };
  return null;
};

/**
 * The deposit promotions on offer now. A quiet call: when it fails the page offers no choice (an
 * empty list) and the deposit goes on without one.
 */
export async function loadPromotionOptions(signal: AbortSignal): Promise<PromotionOption[]> {
  try {
    const value = await api.call(depositPromotionsCall, { signal });
    return value.list.map((promotion) => ({
      id: promotion.id,
      title: promotion.title,
      joined: promotion.joined,
      reward: rewardOf(promotion.reward),
      minMinor: promotion.minDeposit === null ? null : minor(promotion.minDeposit),
      wagering: { multiplier: promotion.wagering.multiplier, includesDeposit: promotion.wagering.includesDeposit },
    }));
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

/** The answer of a manual transfer: the deposit and where to pay it. */
export interface ManualDeposit {
  kind: 'MT';
  depositId: number;
  refCode: string;
  amountMinor: AmountMinor;
  vendorName: string;
  receivingAccount: DepositMTResult['receivingAccount'] | null;
}

/** The answer of an online deposit: the provider's page or QR code. */
export interface OnlineDeposit {
  kind: 'online';
  method: DepositMethod;
  depositId: number;
  refCode: string;
  amountMinor: AmountMinor;
  vendorName: string;
  redirectUrl: string | null;
  qrContent: string | null;
  qrImgUrl: string | null;
  expiresAt: number | null;
}

export type ActiveDeposit = ManualDeposit | OnlineDeposit;

// What the server answered when a deposit was made, for as long as this page's code is loaded:
// coming back to a pending deposit (the menu closed and opened again) shows where to pay it. The
// records call names neither the receiving account nor the provider's page.
const made = new Map<number, ActiveDeposit>();

/** A deposit made in this page's lifetime, by id. */
export const madeDeposit = (depositId: number): ActiveDeposit | undefined => made.get(depositId);

export interface ManualInput {
  channel: Channel;
  amountMinor: AmountMinor;
  payeeName: string;
  depositAccountNum: string;
  /** The deposit promotion chosen (none: undefined). */
  promotionId?: number;
}

const promotionPart = (promotionId: number | undefined) => (promotionId === undefined ? {} : { promotionId });

/** The body of a manual transfer (also what its retry key is drawn for). */
export const manualBody = (input: ManualInput) => ({
  amount: amountMajorForWire(input.amountMinor),
  bankCode: input.channel.bankCode,
  payeeName: input.payeeName.trim(),
  ...(input.depositAccountNum.trim() ? { depositAccountNum: input.depositAccountNum.trim() } : {}),
  ...promotionPart(input.promotionId),
});

export async function createManualDeposit(input: ManualInput, idempotencyKey: string): Promise<ManualDeposit> {
  const value = await api.call(depositMTCall, { data: manualBody(input), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
  const deposit: ManualDeposit = {
    kind: 'MT',
    depositId: value.depositId,
    refCode: value.refCode,
    amountMinor: minor(value.amount),
    vendorName: input.channel.vendorName,
    receivingAccount: value.receivingAccount,
  };
  made.set(deposit.depositId, deposit);
  return deposit;
}

export interface OnlineInput {
  channel: Channel;
  amountMinor: AmountMinor;
  promotionId?: number;
}

export const onlineBody = (input: OnlineInput) => ({
  amount: amountMajorForWire(input.amountMinor),
  bankCode: input.channel.bankCode,
  vendorId: input.channel.vendorId,
  ...promotionPart(input.promotionId),
});

/** Only a web page may be opened or shown: an http(s) address (a path is on this site). */
export function safeWebUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, window.location.href);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:' ? resolved.href : null;
  } catch {
    return null;
  }
}

export async function createOnlineDeposit(input: OnlineInput, idempotencyKey: string): Promise<OnlineDeposit> {
  const value: NewDepositPGResult = await api.call(newDepositPGCall, { data: onlineBody(input), headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
  const deposit: OnlineDeposit = {
    kind: 'online',
    method: input.channel.method,
    depositId: value.depositId,
    refCode: value.refCode,
    amountMinor: minor(value.amount),
    vendorName: input.channel.vendorName,
    redirectUrl: safeWebUrl(value.redirectUrl),
    // A path (the gateway simulator's page) is shown as the whole address: a phone scanning it must reach it.
    qrContent: value.qrContent ? (value.qrContent.startsWith('/') ? safeWebUrl(value.qrContent) : value.qrContent) : null,
    qrImgUrl: safeWebUrl(value.qrImgUrl),
    expiresAt: value.expiresAt,
  };
  made.set(deposit.depositId, deposit);
  return deposit;
}

/** Sends the receipt (a data URL of a png or jpg) and the transfer's reference number. */
export async function uploadReceipt(depositId: number, image: string, referenceNo: string): Promise<void> {
  await api.call(uploadDepositImageCall, { data: { depositId, image, referenceNo: referenceNo.trim() } });
}

export async function cancelDeposit(depositId: number): Promise<DepositState> {
  return (await api.call(cancelDepositCall, { data: { depositId } })).state;
}

/** A deposit as the records show it. */
export interface DepositRecord {
  depositId: number;
  refCode: string;
  method: DepositMethod;
  vendorName: string;
  requestedMinor: AmountMinor;
  creditedMinor: AmountMinor;
  createdAt: number;
  state: DepositState;
}

/**
 * The period the page reads: the longest the records call allows, ending a day ahead (a deposit
 * just made carries the server's clock, which may be ahead of this device's).
 */
function recentPeriod(): { startDate: number; endDate: number } {
  const endDate = Date.now() + 24 * 60 * 60 * 1000;
  return { startDate: endDate - DEPOSIT_REPORT_MAX_RANGE_MS, endDate };
}

async function readRecords(query: { depositState?: DepositState; depositType?: DepositMethod }, signal?: AbortSignal): Promise<DepositRecord[]> {
  const value = await api.call(depositReportCall, { params: { ...recentPeriod(), page: 1, size: 100, ...query }, signal });
  return value.list.map((row) => ({
    depositId: row.depositId,
    refCode: row.refCode,
    method: row.depositMethod,
    vendorName: row.vendorName,
    requestedMinor: minor(row.requestedAmount),
    creditedMinor: minor(row.amount),
    createdAt: row.depositDate,
    state: row.state,
  }));
}

/** The member's deposits still in progress (recent ones), newest first. */
export const loadPending = (signal: AbortSignal): Promise<DepositRecord[]> => readRecords({ depositState: 'pending' }, signal);

/** One deposit of the member's as the records show it now; null when it is not among the recent ones. */
export async function readDeposit(depositId: number, method?: DepositMethod): Promise<DepositRecord | null> {
  const rows = await readRecords(method ? { depositType: method } : {});
  return rows.find((row) => row.depositId === depositId) ?? null;
}
