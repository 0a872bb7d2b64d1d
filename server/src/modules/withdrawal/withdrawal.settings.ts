import type { WithdrawType } from '@platform/contract';
import type { Db } from '../../db/pool';
import { MINOR_PER_MAJOR } from '../ledger';
import * as queries from './withdrawal.queries';

// The merchant's withdrawal rules: merchant_setting 'withdraw', a JSON document in major units
// with the names the site uses (the legacy page withdraw), every key optional:
//   { "minimumAmount": 500, "maximumAmount": 50000, "dailyMaxCount": 5,
//     "charge": { "percent": 1.5, "fixed": 10, "freePerDay": 1 },
//     "turnoverMultiplier": 1,   (a deposit adds amount × this to the wagering requirement: modules/wagering)
//     "normalBankWithdrawalSwitch": true, "eWalletWithdrawalSwitch": true, "virtualWalletWithdrawalSwitch": true,
//     "virtualCurrencyRate": 120, "timeZoneOffsetMinutes": 360 }
// A key missing or of the wrong shape takes its default (below). The day the daily count and the
// free withdrawals count in is the merchant's: UTC + timeZoneOffsetMinutes (default Dhaka, +6 h).

export interface WithdrawSettings {
  minimumAmountMinor: number;
  maximumAmountMinor: number;
  dailyMaxCount: number;
  charge: { percent: number; fixedMinor: number; freePerDay: number };
  turnoverMultiplier: number;
  switches: Record<WithdrawType, boolean>;
  /** Currency units per USDT: a VM withdrawal pays out receivedAmount ÷ this. */
  virtualCurrencyRate: number;
  timeZoneOffsetMinutes: number;
}

export const DEFAULT_WITHDRAW_SETTINGS: WithdrawSettings = {
  minimumAmountMinor: 500 * MINOR_PER_MAJOR,
  maximumAmountMinor: 50_000 * MINOR_PER_MAJOR,
  dailyMaxCount: 5,
  charge: { percent: 0, fixedMinor: 0, freePerDay: 0 },
  turnoverMultiplier: 1,
  switches: { BC: true, EW: true, VM: true },
  virtualCurrencyRate: 120,
  timeZoneOffsetMinutes: 360,
};

const MAX_MAJOR = 1e13;
const isNumberIn = (value: unknown, min: number, max: number): value is number => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= 10_000;
/** Major units with at most two decimals → minor units. */
const minorOf = (major: number): number => Math.round(major * MINOR_PER_MAJOR);

/** The stored document merged over the defaults, key by key, keeping only well-formed values. */
export function withdrawSettingsFrom(stored: unknown): WithdrawSettings {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings: WithdrawSettings = {
    ...DEFAULT_WITHDRAW_SETTINGS,
    charge: { ...DEFAULT_WITHDRAW_SETTINGS.charge },
    switches: { ...DEFAULT_WITHDRAW_SETTINGS.switches },
  };
  if (isNumberIn(source.minimumAmount, 0.01, MAX_MAJOR)) settings.minimumAmountMinor = minorOf(source.minimumAmount);
  if (isNumberIn(source.maximumAmount, 0.01, MAX_MAJOR)) settings.maximumAmountMinor = minorOf(source.maximumAmount);
  if (settings.maximumAmountMinor < settings.minimumAmountMinor) settings.maximumAmountMinor = settings.minimumAmountMinor;
  if (isCount(source.dailyMaxCount)) settings.dailyMaxCount = source.dailyMaxCount;
  const charge = typeof source.charge === 'object' && source.charge !== null ? (source.charge as Record<string, unknown>) : {};
  if (isNumberIn(charge.percent, 0, 100)) settings.charge.percent = Math.round(charge.percent * 10_000) / 10_000;
  if (isNumberIn(charge.fixed, 0, MAX_MAJOR)) settings.charge.fixedMinor = minorOf(charge.fixed);
  if (isCount(charge.freePerDay)) settings.charge.freePerDay = charge.freePerDay;
  if (isNumberIn(source.turnoverMultiplier, 0, 1000)) settings.turnoverMultiplier = source.turnoverMultiplier;
  if (typeof source.normalBankWithdrawalSwitch === 'boolean') settings.switches.BC = source.normalBankWithdrawalSwitch;
  if (typeof source.eWalletWithdrawalSwitch === 'boolean') settings.switches.EW = source.eWalletWithdrawalSwitch;
  if (typeof source.virtualWalletWithdrawalSwitch === 'boolean') settings.switches.VM = source.virtualWalletWithdrawalSwitch;
  if (isNumberIn(source.virtualCurrencyRate, 0.0001, 1e9)) settings.virtualCurrencyRate = source.virtualCurrencyRate;
  if (Number.isSafeInteger(source.timeZoneOffsetMinutes) && Math.abs(source.timeZoneOffsetMinutes as number) <= 14 * 60) {
    settings.timeZoneOffsetMinutes = source.timeZoneOffsetMinutes as number;
  }
  return settings;
}

export async function readWithdrawSettings(db: Db, merchantId: number): Promise<WithdrawSettings> {
  return withdrawSettingsFrom(await queries.selectWithdrawSetting(db, merchantId));
}

/**
 * What a member's standing adds to the merchant's rules: withdrawals a day beyond dailyMaxCount,
 * free ones a day beyond charge.freePerDay, and whether its withdrawals come first in the review
 * queue. The VIP module decides them from the member's level; this module only applies them.
 */
export interface WithdrawalPerks {
  extraDailyCount: number;
  extraFreePerDay: number;
  priority: boolean;
}

/**
 * Reads a member's perks. A request calls it inside its transaction, after the member's row lock,
 * with that transaction's connection as `db`: what it reads is as current as the day's count. The
 * settings and the charge preview call it with the pool.
 */
export type WithdrawalPerksOf = (db: Db, merchantId: number, memberId: number) => Promise<WithdrawalPerks>;

export const NO_WITHDRAWAL_PERKS: WithdrawalPerks = { extraDailyCount: 0, extraFreePerDay: 0, priority: false };

/** Without a hook (a test app, a module that has none) every member has the merchant's rules as they are. */
export const noWithdrawalPerks: WithdrawalPerksOf = async () => NO_WITHDRAWAL_PERKS;

/** The merchant's rules as they apply to one member: its perks added to the daily count and the free withdrawals. */
export function memberWithdrawSettings(settings: WithdrawSettings, perks: WithdrawalPerks): WithdrawSettings {
  return {
    ...settings,
    dailyMaxCount: settings.dailyMaxCount + perks.extraDailyCount,
    charge: { ...settings.charge, freePerDay: settings.charge.freePerDay + perks.extraFreePerDay },
  };
}

const DAY_MS = 86_400_000;

/** When the merchant's day holding `nowMs` began (epoch ms). */
export function dayStartMs(settings: Pick<WithdrawSettings, 'timeZoneOffsetMinutes'>, nowMs: number): number {
  const offsetMs = settings.timeZoneOffsetMinutes * 60_000;
  return Math.floor((nowMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
}

/**
 * The charge of a withdrawal of `amountMinor` when the member has made `earlierToday` withdrawals
 * today: nothing for the first charge.freePerDay of a day, else percent of the amount (rounded
 * half up to the minor unit) plus the fixed part.
 */
export function chargeMinorOf(settings: Pick<WithdrawSettings, 'charge'>, amountMinor: number, earlierToday: number): number {
  if (earlierToday < settings.charge.freePerDay) return 0;
  // percent carries at most four decimals: amount × percent × 10^4 / 10^6, in integers.
  const scaledPercent = BigInt(Math.round(settings.charge.percent * 10_000));
  const percentPart = Number((BigInt(amountMinor) * scaledPercent + 500_000n) / 1_000_000n);
  return percentPart + settings.charge.fixedMinor;
}

/** USDT hundredths a VM withdrawal pays out for `receivedMinor` (rounded down). */
export function virtualAmountMinorOf(settings: Pick<WithdrawSettings, 'virtualCurrencyRate'>, receivedMinor: number): number {
  return Math.floor(receivedMinor / settings.virtualCurrencyRate);
}
