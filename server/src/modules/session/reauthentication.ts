import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { verifyMemberPassword, type Member } from '../identity';
import { lockoutRuleOf, readAccountSettings } from '../merchant';
import { clearFailures, forgiveAttempt, reserveAttempts, type ThrottleKey, type ThrottleRule } from '../rate-limit';

// A fresh proof of the password from a member who already has a session, before a change that a
// stolen session token alone must not be able to make: changing the password (password module),
// binding or removing a second factor (two-factor module). A token thief does not know the
// password, so guessing it here is throttled like a login: every proof is counted before the
// password is checked (rate-limit module), under one key per member that all these changes share,
// with the login's numbers (loginMaxFailures within loginFailureWindowMinutes lock it for
// lockoutMinutes: 429 TOO_MANY_REQUESTS, even for the right password). A right password clears
// the count, as a successful login clears the account's.

/**
 * Whether `password` is the member's, counted toward the member's proof lock: throws 429
 * TOO_MANY_REQUESTS while it is locked (the password is then not looked at). The caller answers a
 * wrong password with its own code and checks an empty one first.
 */
export async function provePassword(db: Db, member: Member, password: string, nowMs: number): Promise<boolean> {
  const settings = await readAccountSettings(db, member.merchantId);
  const key: ThrottleKey = { scope: 'password.proof', subject: String(member.id) };
  const rule: ThrottleRule = lockoutRuleOf(settings, settings.loginMaxFailures);
  const reservation = await reserveAttempts(db, member.merchantId, [{ key, rule }], nowMs);
  if (!reservation.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(settings.lockoutMinutes) });
  let matches: boolean;
  try {
    matches = await verifyMemberPassword(db, member.merchantId, member.id, password);
  } catch (error) {
    // Not a wrong password (e.g. 503 server.busy from the hashing gate): the proof is not counted.
    await forgiveAttempt(db, member.merchantId, key, rule);
    throw error;
  }
  if (!matches) return false;
  await clearFailures(db, member.merchantId, key);
  return true;
}
