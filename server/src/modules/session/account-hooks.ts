import type { Db } from '../../db/pool';
import type { BotCheckGate } from '../bot-check';
import type { Member } from '../identity';
import type { PhoneProofGate } from '../phone-proof';

// Where other modules plug into login and registration. app.ts creates one AccountHooks object
// and hands the same object to the session and member routes and to the modules that fill it
// (verification, two-factor), so registration order does not matter: a hook is looked up when a
// request needs it. A hook left empty means that feature is not available.

/** What a hook knows about the login or registration in progress. */
export interface AccountRequestContext {
  db: Db;
  merchantId: number;
  clientIp: string;
  userAgent: string | undefined;
  nowMs: number;
  /** The caller's `Language` header as sent (messages such as an SMS follow it). */
  language?: string;
}

/** Checks SMS codes sent for login (type 'sms' of POST /wps/session/login). */
export interface LoginCodeVerifier {
  /** True when `code` is the live login code of `mobileE164`; a correct code is consumed. */
  verifyLoginCode(context: AccountRequestContext, mobileE164: string, code: string): Promise<boolean>;
}

/** Checks SMS codes sent for registration (REGMOBVERF3). */
export interface RegistrationCodeVerifier {
  /** True when `code` is the live registration code of `mobileE164`; a correct code is consumed. */
  verifyRegistrationCode(context: AccountRequestContext, mobileE164: string, code: string): Promise<boolean>;
}

/** A second factor after a correct password (login answers login_verify_required). */
export interface TwoFactorGate {
  /** Whether this member must pass a second factor before a session is issued. */
  isRequired(context: AccountRequestContext, member: Member): Promise<boolean>;
  /**
   * Starts the challenge (e.g. stores it, sends an SMS) and returns the `value` of the
   * login_verify_required answer: what the client needs to complete it through
   * POST /wps/session/login/verification, which then calls issueLogin().
   */
  challenge(context: AccountRequestContext, member: Member, loginType: string, first?: FirstFactor): Promise<unknown>;
}

/** What the first factor of a login was, for the login the second factor will complete. */
export interface FirstFactor {
  /** The password typed (a username login), so a default weak password still forces a change. */
  enteredPassword?: string;
}

export interface AccountHooks {
  loginCodeVerifier?: LoginCodeVerifier;
  registrationCodeVerifier?: RegistrationCodeVerifier;
  twoFactorGate?: TwoFactorGate;
  /** The bot check of password logins, registrations and SMS sends (bot-check module). */
  botCheck?: BotCheckGate;
  /**
   * The third-party (Firebase) SMS channel: a Firebase ID token in place of the site's own SMS
   * code at SMS login and registration (phone-proof module; app.ts fills it).
   */
  phoneProof?: PhoneProofGate;
}

/** The shared, initially empty set of hooks (see app.ts). */
export function createAccountHooks(initial: AccountHooks = {}): AccountHooks {
  return { ...initial };
}
