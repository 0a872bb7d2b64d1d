import type { Db } from '../../db/pool';
import { lockoutRuleOf, type AccountSettings } from '../merchant';
import { clearFailures, clearFailuresByPrefix, forgiveAttempt, type ThrottleKey, type ThrottleRule } from '../rate-limit';

// What a failed login (or second-factor code) counts against. A stranger who knows an account name
// must not be able to keep its owner out, and a guesser spread over many addresses must still
// meet a lock:
//   login.ip           the client address, over every account    loginIpMaxFailures (30)
//   login.account.ip   this account from this address             loginMaxFailures (5)
//   login.account      this account from every address together  loginAccountMaxFailures (20)
// Reserved in that order (reserveAttempts stops at the first locked key), so an attempt refused
// for its address or for its pair is not counted against the account as a whole: one stranger
// adds at most loginMaxFailures to it however long they keep trying. Every key is a race-safe
// upsert counted before the check (rate-limit module), as before.

export interface CountedKey {
  key: ThrottleKey;
  rule: ThrottleRule;
}

export interface LoginThrottle {
  ip: CountedKey;
  pair: CountedKey;
  account: CountedKey;
}

const SEPARATOR = '|';

/** The keys of an account name (lower-case username or E.164 number) tried from a client address. */
export function loginThrottle(settings: AccountSettings, accountSubject: string, clientIp: string): LoginThrottle {
  const account = accountSubject.toLowerCase();
  return {
    ip: { key: { scope: 'login.ip', subject: clientIp.slice(0, 200) }, rule: lockoutRuleOf(settings, settings.loginIpMaxFailures) },
    pair: {
      // Address last, so a password reset can forget the account from every address (by prefix).
      key: { scope: 'login.account.ip', subject: `${account.slice(0, 150)}${SEPARATOR}${clientIp.slice(0, 49)}` },
      rule: lockoutRuleOf(settings, settings.loginMaxFailures),
    },
    account: { key: { scope: 'login.account', subject: account.slice(0, 200) }, rule: lockoutRuleOf(settings, settings.loginAccountMaxFailures) },
  };
}

/**
 * After the right password (or code): this address's failures of the account are forgotten and
 * taken off the account's count, this attempt included. Failures from other addresses stay
 * counted: they may be a stranger's.
 */
export async function forgetOwnFailures(db: Db, merchantId: number, throttle: Pick<LoginThrottle, 'pair' | 'account'>): Promise<void> {
  const own = await clearFailures(db, merchantId, throttle.pair.key);
  await forgiveAttempt(db, merchantId, throttle.account.key, throttle.account.rule, Math.max(own, 1));
}

/** Forgets the account's failures from every address (its password was reset by its owner). */
export async function clearLoginFailures(db: Db, merchantId: number, accountSubject: string): Promise<void> {
  const account = accountSubject.toLowerCase();
  await clearFailures(db, merchantId, { scope: 'login.account', subject: account.slice(0, 200) });
  await clearFailuresByPrefix(db, merchantId, 'login.account.ip', `${account.slice(0, 150)}${SEPARATOR}`);
}
