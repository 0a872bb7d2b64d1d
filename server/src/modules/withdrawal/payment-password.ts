import { PAYMENT_PASSWORD_LOCK_MINUTES, PAYMENT_PASSWORD_MAX_FAILURES, PAYMENT_PASSWORD_PATTERN } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { hashPassword, verifyPassword, type Member } from '../identity';
import { clearFailures, forgiveAttempt, reserveAttempts, type ThrottleKey, type ThrottleRule } from '../rate-limit';
import { provePassword } from '../session';
import * as queries from './withdrawal.queries';

// The payment password (member.payment_password_hash, argon2id like the login password): six
// digits asked for by every call that sends money out or changes where it goes. Only a million
// values, so guessing is throttled like a login (rate-limit module): every try is counted before
// the hash is checked, under one key per member ('payment.password'), whichever call it comes
// through (withdraw, cards, check, change; the transfer to upline through verifyPaymentPassword).
// PAYMENT_PASSWORD_MAX_FAILURES wrong ones within the lock time lock it for
// PAYMENT_PASSWORD_LOCK_MINUTES: 429 TOO_MANY_REQUESTS, even for the right one, which is then not
// looked at. A right one clears the count. The owner who forgot it resets it with the login
// password (itself throttled by the session module's password proof), which lifts the lock.

const PATTERN = new RegExp(PAYMENT_PASSWORD_PATTERN);
const LOCK_MS = PAYMENT_PASSWORD_LOCK_MINUTES * 60_000;

export const PAYMENT_PASSWORD_RULE: ThrottleRule = { maxFailures: PAYMENT_PASSWORD_MAX_FAILURES, windowMs: LOCK_MS, lockMs: LOCK_MS };

const throttleKey = (memberId: number): ThrottleKey => ({ scope: 'payment.password', subject: String(memberId) });

const locked = (lockedUntilMs: number | null): AppError =>
  new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(PAYMENT_PASSWORD_LOCK_MINUTES) }, { lockedUntil: lockedUntilMs });

/**
 * Checks the member's payment password, counted toward its lock. Throws the coded errors:
 * 400 not.exists.payment.password (none set: nothing counted), 429 TOO_MANY_REQUESTS (locked),
 * 400 invalid.payment.pw (wrong; value.remainingAttempts before the lock). Resolves when right.
 */
export async function verifyPaymentPassword(db: Db, merchantId: number, memberId: number, password: string, nowMs: number): Promise<void> {
  const hash = await queries.selectPaymentPasswordHash(db, merchantId, memberId);
  if (hash === null || hash === undefined) throw new AppError(400, 'not.exists.payment.password');
  const key = throttleKey(memberId);
  const reservation = await reserveAttempts(db, merchantId, [{ key, rule: PAYMENT_PASSWORD_RULE }], nowMs);
  if (!reservation.allowed) throw locked(reservation.lockedUntilMs);
  let matches = false;
  if (PATTERN.test(password)) {
    try {
      matches = await verifyPassword(hash, password);
    } catch (error) {
      // Not a wrong password (503 server.busy from the hashing gate): the try is not counted.
      await forgiveAttempt(db, merchantId, key, PAYMENT_PASSWORD_RULE);
      throw error;
    }
  }
  if (!matches) {
    const remainingAttempts = Math.max(0, PAYMENT_PASSWORD_RULE.maxFailures - (reservation.priorFailures + 1));
    throw new AppError(400, 'invalid.payment.pw', {}, { remainingAttempts });
  }
  await clearFailures(db, merchantId, key);
}

function assertNewPassword(password: string, confirmation: string): void {
  // The contract's schema refuses other formats first; this guards direct callers.
  if (!PATTERN.test(password)) throw new AppError(400, 'request.param.err', { detail: 'the payment password is 6 digits' });
  if (password !== confirmation) throw new AppError(400, 'inconsistent.twice');
}

/** The first payment password; exists.payment.password once one is set. */
export async function setPaymentPassword(db: Db, member: Member, input: { paymentPassword: string; confirmPaymentPassword: string }): Promise<void> {
  assertNewPassword(input.paymentPassword, input.confirmPaymentPassword);
  if ((await queries.selectPaymentPasswordHash(db, member.merchantId, member.id)) !== null) throw new AppError(400, 'exists.payment.password');
  const hash = await hashPassword(input.paymentPassword);
  // Two first settings at once: the first one stays.
  if (!(await queries.insertPaymentPasswordHash(db, member.merchantId, member.id, hash))) throw new AppError(400, 'exists.payment.password');
}

/** A new payment password proved with the current one. */
export async function changePaymentPassword(
  db: Db,
  member: Member,
  input: { oldPassword: string; newPassword: string; confirmNewPassword: string },
  nowMs: number,
): Promise<void> {
  assertNewPassword(input.newPassword, input.confirmNewPassword);
  await verifyPaymentPassword(db, member.merchantId, member.id, input.oldPassword, nowMs);
  if (input.newPassword === input.oldPassword) throw new AppError(400, 'password.same.as.old', {}, { field: 'newPassword' });
  await queries.updatePaymentPasswordHash(db, member.merchantId, member.id, await hashPassword(input.newPassword));
}

/**
 * A new payment password proved with the login password (a forgotten one, or the first one): a
 * wrong login password answers current.password.err and counts toward the member's password-proof
 * lock (session module). Lifts the payment password's lock.
 */
export async function resetPaymentPassword(
  db: Db,
  member: Member,
  input: { loginPassword: string; newPassword: string; confirmNewPassword: string },
  nowMs: number,
): Promise<void> {
  assertNewPassword(input.newPassword, input.confirmNewPassword);
  if (!(await provePassword(db, member, input.loginPassword, nowMs))) throw new AppError(400, 'current.password.err', {}, { field: 'loginPassword' });
  await queries.updatePaymentPasswordHash(db, member.merchantId, member.id, await hashPassword(input.newPassword));
  await clearFailures(db, member.merchantId, throttleKey(member.id));
}
