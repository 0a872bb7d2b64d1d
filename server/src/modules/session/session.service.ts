import { createHash, randomBytes } from 'node:crypto';
import type { LoginResult } from '@platform/contract';
import type { Db } from '../../db/pool';
import { updateLastLogin, type Member } from '../identity';
import { durationsOf, isModuleEnabled, readAccountSettings, type AccountSettings } from '../merchant';
import {
  clearPasswordChangeRequired,
  insertSession,
  revokeMemberSessions,
  revokeSessionById,
  touchSession,
  type SessionRecord,
} from './session.queries';

// Sessions: a random 256-bit token handed to the client once, stored only as its SHA-256; idle
// and absolute expiry; a new token on every login; revoked at logout and, for the member's other
// sessions, when the password changes.
//
// A login whose value asks for a new password (firstTimeLogin, passwordExpired) and that proved
// the password (a username login, also when a second factor completed it) gets a session that
// may only change the password or log out (password_change_required, enforced in
// authentication.ts) until the change-password route clears it. Logins that did not use the
// password (SMS code, social login, registration, free play) are not restricted: the client does
// not force the change after them either, and the password that is weak, expired
// or known to whoever opened the account was not what let them in.

export type { SessionRecord } from './session.queries';

const TOKEN_BYTES = 32;

/** SHA-256 of a token as sent by the client (what member_session.token_hash holds). */
export function hashSessionToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A fresh token (base64url of 32 random bytes) and its hash. */
export function generateSessionToken(): { token: string; tokenHash: Buffer } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashSessionToken(token) };
}

export interface CreateSessionInput {
  merchantId: number;
  memberId: number;
  /** username, sms, freeplay, register, two_factor, oauth, reset, ... */
  loginType: string;
  clientIp: string | null;
  userAgent?: string | null;
  nowMs: number;
  /** Defaults to the merchant's account settings. */
  settings?: AccountSettings;
  /** The session may only change the password (and log out) until it does. */
  passwordChangeRequired?: boolean;
}

/** Stores a new session and returns its token (the only time the token exists in clear). */
export async function createSession(db: Db, input: CreateSessionInput): Promise<{ token: string; session: SessionRecord }> {
  const settings = input.settings ?? (await readAccountSettings(db, input.merchantId));
  const durations = durationsOf(settings);
  const { token, tokenHash } = generateSessionToken();
  const session = await insertSession(db, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    tokenHash,
    loginType: input.loginType,
    idleTimeoutMs: durations.sessionIdleMs,
    absoluteTimeoutMs: durations.sessionAbsoluteMs,
    clientIp: input.clientIp,
    userAgent: input.userAgent ?? null,
    nowMs: input.nowMs,
    passwordChangeRequired: input.passwordChangeRequired ?? false,
  });
  return { token, session };
}

/**
 * Login types that proved the password: the forced change applies to them (the client forces it
 * after a username login and after the automatic login of a reset, which is a username login).
 */
const PASSWORD_LOGIN_TYPES: ReadonlySet<string> = new Set(['username']);

/** The login `value`: LoginResult with the account name and id. */
export type LoginValue = Required<LoginResult>;

export interface IssueLoginOptions {
  loginType: string;
  clientIp: string;
  userAgent?: string | null;
  nowMs: number;
  /**
   * The password the member just proved, when the login used one: equal to the merchant's
   * default weak password, it forces a change (passwordExpired).
   */
  enteredPassword?: string;
  /** The merchant's account settings, when the caller has read them already. */
  settings?: AccountSettings;
}

/**
 * A successful login: a new session, last-login recorded, and the flags that make the client
 * ask for a new password (firstTimeLogin; passwordExpired when the password is past its expiry
 * and PWDEXPFORCECHANGE3 is on, or is the merchant's default password). After a password login
 * either flag also restricts the session to changing the password and logging out.
 */
export async function issueLogin(db: Db, member: Member, options: IssueLoginOptions): Promise<LoginValue> {
  const [settings, forceExpiredChange] = await Promise.all([
    options.settings ?? readAccountSettings(db, member.merchantId),
    isModuleEnabled(db, member.merchantId, 'PWDEXPFORCECHANGE3'),
  ]);
  const expired = member.passwordExpiresAtMs !== null && member.passwordExpiresAtMs <= options.nowMs;
  const isDefaultPassword = options.enteredPassword !== undefined && options.enteredPassword === settings.defaultPassword;
  const passwordExpired = (expired && forceExpiredChange) || isDefaultPassword;
  const { token } = await createSession(db, {
    merchantId: member.merchantId,
    memberId: member.id,
    loginType: options.loginType,
    clientIp: options.clientIp,
    userAgent: options.userAgent,
    nowMs: options.nowMs,
    settings,
    // The same conditions the value reports, for the logins that used the password.
    passwordChangeRequired: PASSWORD_LOGIN_TYPES.has(options.loginType) && (member.firstTimeLogin || passwordExpired),
  });
  await updateLastLogin(db, member.id, options.nowMs, options.clientIp);
  return {
    token,
    firstTimeLogin: member.firstTimeLogin,
    passwordExpired,
    userName: member.username,
    id: member.id,
  };
}

export interface Authenticated {
  member: Member;
  session: SessionRecord;
}

/**
 * The member and session of a raw token if the session is live (and slides its idle expiry);
 * undefined otherwise. Never throws for a malformed token.
 */
export async function authenticateToken(db: Db, merchantId: number, token: string, nowMs: number): Promise<Authenticated | undefined> {
  // A token is 43 base64url characters; anything else cannot be one of ours.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  return touchSession(db, merchantId, hashSessionToken(token), nowMs);
}

/** The password was changed with this session: it may make every call again. */
export function passwordChanged(db: Db, sessionId: number): Promise<void> {
  return clearPasswordChangeRequired(db, sessionId);
}

/** Ends one session (logout). False when it was already ended. */
export function revokeSession(db: Db, sessionId: number, nowMs: number, reason = 'logout'): Promise<boolean> {
  return revokeSessionById(db, sessionId, reason, nowMs);
}

/**
 * Ends every other live session of a member (password change or reset), keeping
 * `exceptSessionId` (the one making the change) unless it is null. Returns how many ended.
 */
export function endOtherSessions(
  db: Db,
  memberId: number,
  exceptSessionId: number | null,
  nowMs: number,
  reason = 'password_change',
): Promise<number> {
  return revokeMemberSessions(db, memberId, exceptSessionId, reason, nowMs);
}
