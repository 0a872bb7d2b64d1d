import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  IDEMPOTENCY_KEY_HEADER,
  setWithdrawPasswordCall,
  turnoverInfoCall,
  withdrawAccountInfoCall,
  withdrawAddCardCall,
  withdrawBanksCall,
  withdrawCall,
  withdrawChargesCall,
  withdrawDelCardCall,
  withdrawReportCall,
  withdrawSettingsCall,
  type CallDefinition,
  type Withdrawal,
  type WithdrawAccountInfo,
  type WithdrawAddCardRequest,
  type WithdrawBank,
  type WithdrawCard,
  type WageringProduct,
  type WageringRequirementSource,
  type WithdrawType,
} from '@platform/contract';

// The withdraw page's calls (server module withdrawal/), and the one place their answers turn from
// major units (the wire) into minor units (what the page computes and formats with). The forms
// show every refusal themselves, so the calls they send are quiet (no toast of the API client's).

const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });
const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export type { WithdrawAccountInfo, WithdrawBank, WithdrawCard, WithdrawType };

export interface WithdrawRules {
  minimumMinor: AmountMinor;
  maximumMinor: AmountMinor;
  dailyMaxCount: number;
  todayCount: number;
  switches: Record<WithdrawType, boolean>;
  currencySymbol: string;
}

/** The wagering requirement (server module wagering/): what remains, and what adds and counts. */
export interface Turnover {
  /** Added since it was last met. */
  requiredMinor: AmountMinor;
  /** Stakes counted toward it since then. */
  actualMinor: AmountMinor;
  /** Still to be staked before a withdrawal is allowed (0: met). */
  remainingMinor: AmountMinor;
  /** Each product's stakes count stake × its weight (0: not at all). */
  weights: Record<WageringProduct, number>;
  /** Each kind of credit adds its amount × its multiplier. */
  multipliers: Record<WageringRequirementSource, number>;
}

export interface Charges {
  chargeMinor: AmountMinor;
  receivedMinor: AmountMinor;
}

export interface RecentWithdrawal {
  withdrawId: number;
  withdrawType: WithdrawType;
  amountMinor: AmountMinor;
  chargeMinor: AmountMinor;
  bankName: string;
  cardNumber: string;
  status: Withdrawal['status'];
  dateMs: number;
  remark: string | null;
}

export const loadAccountInfo = (signal: AbortSignal): Promise<WithdrawAccountInfo> => api.call(withdrawAccountInfoCall, { signal });

export async function loadBanks(signal: AbortSignal): Promise<WithdrawBank[]> {
  return (await api.call(withdrawBanksCall, { signal })).banks;
}

export async function loadRules(signal: AbortSignal): Promise<WithdrawRules> {
  const value = await api.call(withdrawSettingsCall, { signal });
  return {
    minimumMinor: minor(value.minimumAmount),
    maximumMinor: minor(value.maximumAmount),
    dailyMaxCount: value.dailyMaxCount,
    todayCount: value.todayWithdrawCount,
    switches: { BC: value.normalBankWithdrawalSwitch, EW: value.eWalletWithdrawalSwitch, VM: value.virtualWalletWithdrawalSwitch },
    currencySymbol: value.currencySymbol,
  };
}

export async function loadTurnover(signal: AbortSignal): Promise<Turnover> {
  const value = await api.call(turnoverInfoCall, { signal });
  return {
    requiredMinor: minor(value.requiredTurnover),
    actualMinor: minor(value.actualTurnover),
    remainingMinor: minor(value.remainingTurnover),
    weights: value.productWeights,
    multipliers: value.requirementMultipliers,
  };
}

export async function loadCharges(amountMinor: AmountMinor, withdrawType: WithdrawType, signal: AbortSignal): Promise<Charges> {
  const value = await api.call(withdrawChargesCall, { params: { withdrawAmount: amountMajorForWire(amountMinor), withdrawType }, signal });
  return { chargeMinor: minor(value.charge), receivedMinor: minor(value.receivedAmount) };
}

const DAY_MS = 86_400_000;

/** The member's latest withdrawals (the last 30 days, newest first). */
export async function loadRecent(count: number, signal: AbortSignal): Promise<RecentWithdrawal[]> {
  const endDateTs = Date.now();
  const value = await api.call(withdrawReportCall, { params: { startDateTs: endDateTs - 30 * DAY_MS, endDateTs, start: 0, end: count }, signal });
  return value.records.map((row) => ({
    withdrawId: row.withdrawId,
    withdrawType: row.withdrawType,
    amountMinor: minor(row.amount),
    chargeMinor: minor(row.charge),
    bankName: row.bankName,
    cardNumber: row.cardNumber,
    status: row.status,
    dateMs: row.withdrawDate,
    remark: row.remark,
  }));
}

export async function setPaymentPassword(paymentPassword: string, confirmPaymentPassword: string): Promise<void> {
  await api.call(quiet(setWithdrawPasswordCall), { data: { paymentPassword, confirmPaymentPassword } });
}

export const addCard = (data: WithdrawAddCardRequest): Promise<WithdrawCard> => api.call(quiet(withdrawAddCardCall), { data });

export async function deleteCard(bankCardId: number, password: string): Promise<void> {
  await api.call(quiet(withdrawDelCardCall), { data: { bankCardId, password } });
}

export interface WithdrawOrder {
  amountMinor: AmountMinor;
  bankCardId: number;
  withdrawType: WithdrawType;
  password: string;
}

/** Requests the withdrawal under `idempotencyKey` (the same key for a retry of the same order). */
export function withdraw(order: WithdrawOrder, idempotencyKey: string): Promise<Withdrawal> {
  return api.call(quiet(withdrawCall), {
    data: { amount: amountMajorForWire(order.amountMinor), bankCardId: order.bankCardId, password: order.password, currentWithdrawType: order.withdrawType },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
