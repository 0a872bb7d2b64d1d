import type { Db } from '../../db/pool';
import { MINOR_PER_MAJOR } from '../ledger';

// The merchant's C2C rules: merchant_setting 'c2c', a JSON document in major units, every key
// optional (a key missing or malformed takes its default):
//   { "enabled": true, "minAmount": 100, "maxAmount": 50000, "payMinutes": 30, "confirmMinutes": 30,
//     "dailyUnpaidLimit": 3, "claimSms": false }
// enabled: the C2C channel is offered (default false: a merchant turns it on; orders already open
// run to their end either way). payMinutes: how long a depositor has to pay the card after the
// match; confirmMinutes: how long the withdrawer has to answer after the depositor says they paid
// (no answer by then counts as received in full). dailyUnpaidLimit: how many orders a member may
// let go unpaid (cancel, or leave to expire) in 24 hours before depositC2C refuses them for the
// rest of it: each order shows a withdrawer's card and name, so create/cancel cycles would
// harvest them. claimSms: the withdrawer is also sent an SMS (to their bound mobile) when a
// payment is claimed; the platform message is always sent.

export interface C2CSettings {
  enabled: boolean;
  minAmountMinor: number;
  maxAmountMinor: number;
  payMinutes: number;
  confirmMinutes: number;
  dailyUnpaidLimit: number;
  claimSms: boolean;
}

export const DEFAULT_C2C_SETTINGS: C2CSettings = {
  enabled: false,
  minAmountMinor: 100 * MINOR_PER_MAJOR,
  maxAmountMinor: 50_000 * MINOR_PER_MAJOR,
  payMinutes: 30,
  confirmMinutes: 30,
  dailyUnpaidLimit: 3,
  claimSms: false,
};

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0.01 && value <= 1e13;
const isMinutes = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= 7 * 1440;

export function c2cSettingsFrom(stored: unknown): C2CSettings {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings = { ...DEFAULT_C2C_SETTINGS };
  if (typeof source.enabled === 'boolean') settings.enabled = source.enabled;
  if (isAmount(source.minAmount)) settings.minAmountMinor = Math.round(source.minAmount * MINOR_PER_MAJOR);
  if (isAmount(source.maxAmount)) settings.maxAmountMinor = Math.round(source.maxAmount * MINOR_PER_MAJOR);
  if (settings.maxAmountMinor < settings.minAmountMinor) settings.maxAmountMinor = settings.minAmountMinor;
  if (isMinutes(source.payMinutes)) settings.payMinutes = source.payMinutes;
  if (isMinutes(source.confirmMinutes)) settings.confirmMinutes = source.confirmMinutes;
  if (Number.isSafeInteger(source.dailyUnpaidLimit) && (source.dailyUnpaidLimit as number) >= 1 && (source.dailyUnpaidLimit as number) <= 100) {
    settings.dailyUnpaidLimit = source.dailyUnpaidLimit as number;
  }
  if (typeof source.claimSms === 'boolean') settings.claimSms = source.claimSms;
  return settings;
}

export async function readC2CSettings(db: Db, merchantId: number): Promise<C2CSettings> {
  const result = await db.query<{ value: unknown }>("SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'c2c'", [merchantId]);
  return c2cSettingsFrom(result.rows[0]?.value);
}
