import type { Db } from '../../db/pool';

// Per-merchant account rules: the 'accounts' row of merchant_setting, every key optional. A key
// an operator left out (or set to a value of the wrong type) takes the default below, so an
// older database or a partial edit never breaks login.

export interface AccountSettings {
  /** The weak password agents and the back office hand out; logging in with it forces a change. */
  defaultPassword: string;
  /** Days a password lasts; null: it never expires. */
  passwordMaxAgeDays: number | null;
  /** Play money a free-play guest starts with, in minor units (200000 = 2000.00). */
  freePlayAmountMinor: number;
  /** Free-play accounts one client IP may create per hour. */
  freePlayPerIpPerHour: number;
  /** A session ends after this long without a request. */
  sessionIdleMinutes: number;
  /** A session ends this long after login whatever happens. */
  sessionAbsoluteHours: number;
  /**
   * Failed logins of one account name from one client address within the window before that
   * pair locks: a stranger who knows the name locks out only themselves.
   */
  loginMaxFailures: number;
  /**
   * Failed logins of one account name from all addresses together within the window before the
   * account locks for everyone: a guesser spread over many addresses still meets a lock. Kept well
   * above the per-address limit, so it takes many addresses to lock a player out.
   */
  loginAccountMaxFailures: number;
  /**
   * Failed logins per client IP within the window before it locks: a guard against one client
   * spraying passwords over many accounts. Kept well above the per-account limit because a
   * mobile carrier's NAT puts many players behind one address.
   */
  loginIpMaxFailures: number;
  loginFailureWindowMinutes: number;
  /** How long a lock lasts (5 minutes by default). */
  lockoutMinutes: number;
  /** How long a captcha image can be answered. */
  captchaTtlSeconds: number;
  /** New captcha images one client address may ask for in a minute (each is a stored row). */
  captchaPerIpPerMinute: number;
  /** Avatar of members who never chose one. */
  defaultAvatarUrl: string;
  /**
   * Registrations one client address may attempt in an hour (every attempt that passes the field
   * rules counts, refused or not), then it is locked for an hour. Kept well above the per-device
   * limit because a mobile carrier's NAT puts many players behind one address.
   */
  registerPerIpPerHour: number;
  /** Registrations one browser (its Device-Id header) may attempt in a day, whatever its address. */
  registerPerDevicePerDay: number;
  /**
   * After this many registration attempts from one address (or device) in its window, the next
   * one must answer the image captcha even when the merchant's rules do not show it.
   */
  registerCaptchaAfter: number;
  /**
   * Unknown invitation codes one client address may try (GET /wps/agent/affiliate) within the
   * login failure window before it is locked for the lockout period; known codes do not count.
   */
  affiliateCheckMaxFailures: number;
}

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  defaultPassword: '123456',
  passwordMaxAgeDays: null,
  freePlayAmountMinor: 200_000,
  freePlayPerIpPerHour: 20,
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  loginMaxFailures: 5,
  loginAccountMaxFailures: 20,
  loginIpMaxFailures: 30,
  loginFailureWindowMinutes: 15,
  lockoutMinutes: 5,
  captchaTtlSeconds: 120,
  captchaPerIpPerMinute: 60,
  defaultAvatarUrl: '/assets/avatar-default.svg',
  registerPerIpPerHour: 20,
  registerPerDevicePerDay: 3,
  registerCaptchaAfter: 3,
  affiliateCheckMaxFailures: 10,
};

const MINUTE_MS = 60_000;

/** Milliseconds of the durations above, named for their unit. */
export function durationsOf(settings: AccountSettings) {
  return {
    sessionIdleMs: settings.sessionIdleMinutes * MINUTE_MS,
    sessionAbsoluteMs: settings.sessionAbsoluteHours * 60 * MINUTE_MS,
    loginWindowMs: settings.loginFailureWindowMinutes * MINUTE_MS,
    lockoutMs: settings.lockoutMinutes * MINUTE_MS,
    captchaTtlMs: settings.captchaTtlSeconds * 1000,
    passwordMaxAgeMs: settings.passwordMaxAgeDays === null ? null : settings.passwordMaxAgeDays * 24 * 60 * MINUTE_MS,
  };
}

/**
 * A failure limit under the account rules' window and lockout (login, password proofs, second
 * factors, invitation-code checks): `maxFailures` within loginFailureWindowMinutes lock for
 * lockoutMinutes. The rate-limit module's ThrottleRule, by shape.
 */
export function lockoutRuleOf(settings: AccountSettings, maxFailures: number): { maxFailures: number; windowMs: number; lockMs: number } {
  const { loginWindowMs, lockoutMs } = durationsOf(settings);
  return { maxFailures, windowMs: loginWindowMs, lockMs: lockoutMs };
}

const isPositiveNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The stored document merged over the defaults, key by key, keeping only well-typed values. */
export function accountSettingsFrom(stored: unknown): AccountSettings {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  const settings: AccountSettings = { ...DEFAULT_ACCOUNT_SETTINGS };
  if (typeof source.defaultPassword === 'string' && source.defaultPassword !== '') settings.defaultPassword = source.defaultPassword;
  if (source.passwordMaxAgeDays === null || isPositiveNumber(source.passwordMaxAgeDays)) {
    settings.passwordMaxAgeDays = source.passwordMaxAgeDays;
  }
  if (typeof source.defaultAvatarUrl === 'string' && source.defaultAvatarUrl !== '') settings.defaultAvatarUrl = source.defaultAvatarUrl;
  if (Number.isSafeInteger(source.freePlayAmountMinor) && (source.freePlayAmountMinor as number) >= 0) {
    settings.freePlayAmountMinor = source.freePlayAmountMinor as number;
  }
  for (const key of [
    'freePlayPerIpPerHour',
    'sessionIdleMinutes',
    'sessionAbsoluteHours',
    'loginMaxFailures',
    'loginAccountMaxFailures',
    'loginIpMaxFailures',
    'loginFailureWindowMinutes',
    'lockoutMinutes',
    'captchaTtlSeconds',
    'captchaPerIpPerMinute',
    'registerPerIpPerHour',
    'registerPerDevicePerDay',
    'registerCaptchaAfter',
    'affiliateCheckMaxFailures',
  ] as const) {
    if (isPositiveNumber(source[key])) settings[key] = source[key];
  }
  return settings;
}

export async function readAccountSettings(db: Db, merchantId: number): Promise<AccountSettings> {
  const result = await db.query<{ value: unknown }>(
    "SELECT value FROM merchant_setting WHERE merchant_id = $1 AND key = 'accounts'",
    [merchantId],
  );
  return accountSettingsFrom(result.rows[0]?.value);
}
