import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { LoginChallenge, SecurityConfig } from '@platform/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { lockoutRuleOf, readAccountSettings } from '../merchant';
import { maskMobile } from '../member';
import { findMemberById, type Member } from '../identity';
import { brandOf, codeSms, messageLanguage, twoFactorEmail, type SenderFactory } from '../notification';
import {
  type AccountRequestContext,
  endOtherSessions,
  type FirstFactor,
  forgetOwnFailures,
  issueLogin,
  loginThrottle,
  type LoginValue,
  provePassword,
  type TwoFactorGate,
} from '../session';
import { clearFailures, forgiveAttempt, reserveAttempts, type ThrottleKey, type ThrottleRule } from '../rate-limit';
import type { VerificationCodes } from '../verification';
import { open, seal, type SecretKey } from './secret-box';
import { acceptedTotpStep, generateTotpSecret, totpUri } from '../totp';
import * as queries from './two-factor.queries';
import type { BankCardFacts, SecondFactor } from './two-factor.queries';

export type { SecurityConfig };

// Second factors for signing in (SMS, e-mail, Google, bank account name): an
// authenticator app (TOTP), SMS codes to the member's own number, codes e-mailed to the address
// the member turned the e-mail factor on with, and the account holder name of the member's bound
// bank card. A member with any of them on gets login_verify_required instead of a session; the
// login value carries a ticket, and POST /wps/session/login/verification completes it. Every
// factor goes through the same counting: the ticket's attempts, the account's login locks and the
// member's twofactor.login lock at login; the twofactor.member lock for a change of settings.
//
// Invariants (two-factor.test.ts):
// - A ticket completes at most one login, only before it expires, and only with a code of a
//   factor it offers; each attempt is counted before the code is checked, so parallel guesses
//   cannot exceed its attempts, and every wrong code also counts toward the account's login
//   locks (login.account.ip and login.account, the locks wrong passwords lead to) and toward the
//   member's own second-factor lock (twofactor.login), which a correct password does not reset.
// - An authenticator code is accepted once: never again for the same or an earlier step.
// - Every change of the factors in force (confirming an authenticator, removing it, turning SMS
//   verification on or off) needs, from the member's live session:
//     1. the current password (session's provePassword): a stolen session token alone cannot
//        bind the thief's authenticator nor strip the member's. Wrong passwords count toward the
//        member's password-proof lock, which changing the password shares, with the login's
//        numbers (5 wrong within 15 minutes: 429 TOO_MANY_REQUESTS for 5 minutes);
//     2. and a valid code of the factor concerned: the new app's code to bind it, the bound
//        app's current code to remove it, an SMS code to the member's number for SMS on or off,
//        an e-mailed code (to the profile's address to turn it on, to the factor's address to
//        turn it off), the bank card's holder name for the bank-account-name factor.
//        Wrong codes lock the member's two-factor settings for the lockout period.
//   The password is checked first, so a wrong one never uses up an SMS code. The password is
//   always asked, also where a factor is bound: its code is already part of every removal, and a
//   second factor alone must not be able to remove itself or bind another. (A social-login
//   account that never chose a password sets one through "forgot password" first.)
//   Starting an enrolment (a new secret, not yet in force) needs neither.
// - A change of factors ends the member's other sessions (the one making it stays) and their
//   pending logins, so a session or ticket opened under the old factors does not outlive them.
// - A password reset keeps the factors (a reset proves only the mailbox or the phone, so dropping
//   the authenticator would let whoever holds one of those past it); the password module tells
//   the member that two-step sign-in is still on (see password.service.ts).

export interface TwoFactorOptions {
  pool: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  /** SMS codes (purpose two_factor) share the verification module's codes and throttle. */
  codes: VerificationCodes;
  secretKey: () => Promise<SecretKey>;
  /** Logger for messages sent outside a request's own logger (the login gate). */
  log: FastifyBaseLogger;
  /** How long a pending login waits for its second factor. */
  challengeTtlMs?: number;
  /** Wrong codes a pending login survives. */
  challengeMaxAttempts?: number;
}

export type LoginChallengeValue = LoginChallenge;

/** What a change of factors needs besides the factor's code: the session making it and the password. */
export interface FactorChange {
  /** The session the change is made with: it stays, the member's others end. */
  sessionId: number;
  /** The member's current password, as typed. */
  password: string;
}

/** The second factors in force for a member, authenticator first. */
export function secondFactorsOf(db: Db, member: Pick<Member, 'merchantId' | 'id'>): Promise<SecondFactor[]> {
  return queries.selectSecondFactors(db, member.merchantId, member.id);
}

/**
 * Customer service's reset of a member who lost their second factor (after checking who they
 * are): every factor goes (an authenticator, also one not yet confirmed, SMS, e-mail and bank
 * account name sign-in), so the password alone signs in and the member can enrol again; every
 * session and pending login of theirs ends, as any change of factors ends them. Answers the
 * factors that were in force. `db` may be a transaction's client: all of it or none.
 */
export async function resetSecondFactors(db: Db, member: Pick<Member, 'merchantId' | 'id'>, nowMs: number): Promise<SecondFactor[]> {
  const before = await queries.selectSecondFactors(db, member.merchantId, member.id);
  await queries.deleteTotp(db, member.merchantId, member.id);
  await queries.setSmsTwoFactor(db, member.merchantId, member.id, false, nowMs);
  await queries.setEmailFactor(db, member.merchantId, member.id, null, nowMs);
  await queries.setBankNameFactor(db, member.merchantId, member.id, false, nowMs);
  await endOtherSessions(db, member.id, null, nowMs, 'two_factor_reset');
  await queries.endMemberChallenges(db, member.merchantId, member.id, nowMs);
  return before;
}

export interface CallerContext {
  ip: string;
  /** The `Language` header. */
  language: string | undefined;
  userAgent?: string;
  log: FastifyBaseLogger;
}

const hashTicket = (ticket: string): Buffer => createHash('sha256').update(ticket, 'utf8').digest();

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

/** "BRAC Bank ****1234": which card's holder name is asked for, without its number. */
const maskCard = (card: BankCardFacts): string => `${card.bankName} ****${card.cardNumber.slice(-4)}`;

/** A holder name as compared: NFC, spaces collapsed and trimmed, case folded. */
const holderNameKey = (name: string): Buffer =>
  createHash('sha256').update(name.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase(), 'utf8').digest();

/** Whether the name typed is the card's holder name (spacing and case aside), in constant time. */
export function sameHolderName(typed: string, holder: string): boolean {
  return typed.trim() !== '' && timingSafeEqual(holderNameKey(typed), holderNameKey(holder));
}

export class TwoFactorService implements TwoFactorGate {
  private readonly challengeTtlMs: number;
  private readonly challengeMaxAttempts: number;

  constructor(private readonly options: TwoFactorOptions) {
    this.challengeTtlMs = options.challengeTtlMs ?? 5 * 60_000;
    this.challengeMaxAttempts = options.challengeMaxAttempts ?? 5;
  }

  /** The member's second factors, authenticator first. */
  async factorsOf(member: Member): Promise<SecondFactor[]> {
    return secondFactorsOf(this.options.pool, member);
  }

  // ---- The gate login calls -------------------------------------------------------------

  async isRequired(_context: AccountRequestContext, member: Member): Promise<boolean> {
    return (await this.factorsOf(member)).length > 0;
  }

  async challenge(
    context: AccountRequestContext,
    member: Member,
    loginType: string,
    first?: FirstFactor,
  ): Promise<LoginChallengeValue> {
    const { pool } = this.options;
    const factors = await this.factorsOf(member);
    if (factors.length === 0) throw new Error(`Member ${member.id} has no second factor to challenge`);
    const settings = await readAccountSettings(pool, member.merchantId);
    const ticket = randomBytes(32).toString('base64url');
    const expiresAtMs = context.nowMs + this.challengeTtlMs;
    await queries.insertChallenge(pool, {
      merchantId: member.merchantId,
      memberId: member.id,
      ticketHash: hashTicket(ticket),
      loginType,
      factors,
      defaultPasswordUsed: first?.enteredPassword !== undefined && first.enteredPassword === settings.defaultPassword,
      maxAttempts: this.challengeMaxAttempts,
      clientIp: context.clientIp,
      nowMs: context.nowMs,
      expiresAtMs,
    });
    let smsSent = false;
    let emailSent = false;
    // With SMS (or e-mail) as the preferred factor the code goes out at once; with an
    // authenticator before it, the member asks for it (POST /wps/session/login/verification/sms,
    // /email) only if they need it.
    if (factors[0] === 'sms') {
      const requested = context.language;
      smsSent = await this.trySendLoginSms(member, context.clientIp, requested);
    }
    const emailAddress = factors.includes('email') ? await queries.selectEmailFactor(pool, member.merchantId, member.id) : undefined;
    if (factors[0] === 'email' && emailAddress) {
      emailSent = await this.trySend(() => this.sendEmailCode(member, emailAddress, context.clientIp, context.language, null));
    }
    const card = factors.includes('bank_name') ? await queries.selectBankCard(pool, member.merchantId, member.id) : undefined;
    return {
      ticket,
      factors,
      verifyType: factors[0],
      mobile: factors.includes('sms') ? maskMobile(member.countryDialingCode, member.mobile) : null,
      smsSent,
      email: emailAddress ? maskEmail(emailAddress) : null,
      emailSent,
      bankCard: card ? maskCard(card) : null,
      expirationTime: expiresAtMs,
    };
  }

  /** Runs a send; false when the throttle refuses (the member can ask again later). */
  private async trySend(send: () => Promise<unknown>): Promise<boolean> {
    try {
      await send();
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) return false;
      throw error;
    }
  }

  /**
   * E-mails a sign-in verification code to `address`. E-mailed codes are the verification
   * module's one-time codes (purpose two_factor_email) with the address where a number would be,
   * under the same send throttle (60 s spacing, 5 in 15 minutes, then 5 minutes locked).
   */
  private async sendEmailCode(member: Member, address: string, ip: string, requestedLanguage: string | undefined, log: FastifyBaseLogger | null) {
    const { pool, codes, senders } = this.options;
    const { issued, expiresAtMs } = await codes.requestCode({ merchantId: member.merchantId, mobile: address, ip }, 'two_factor_email', true);
    if (!issued) throw new Error('A two-factor e-mail code was requested but not issued');
    const language = await messageLanguage(pool, member.merchantId, requestedLanguage, member.language);
    const mail = twoFactorEmail(language, { brand: await brandOf(pool, member.merchantId), code: issued.code, minutes: codes.policy.expiredMinutes });
    const sender = senders({ merchantId: member.merchantId, log: log ?? this.options.log });
    await sender.sendEmail(address, mail.subject, mail.text);
    return { expiredMinutes: codes.policy.expiredMinutes, expirationTime: expiresAtMs, email: maskEmail(address) ?? '' };
  }

  /** Sends the login SMS code; false when the throttle refuses (the member can ask again later). */
  private async trySendLoginSms(member: Member, ip: string, language: string | undefined): Promise<boolean> {
    try {
      await this.sendCode(member, ip, language, null);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) return false;
      throw error;
    }
  }

  private async sendCode(member: Member, ip: string, requestedLanguage: string | undefined, log: FastifyBaseLogger | null) {
    const { pool, codes, senders } = this.options;
    if (!member.mobileE164) throw new AppError(400, 'mobile.not.bound');
    const { issued, expiresAtMs } = await codes.requestCode({ merchantId: member.merchantId, mobile: member.mobileE164, ip }, 'two_factor', true);
    if (!issued) throw new Error('A two-factor code was requested but not issued');
    const language = await messageLanguage(pool, member.merchantId, requestedLanguage, member.language);
    const text = codeSms('two_factor', language, {
      brand: await brandOf(pool, member.merchantId),
      code: issued.code,
      minutes: codes.policy.expiredMinutes,
    });
    const sender = senders({ merchantId: member.merchantId, log: log ?? this.options.log });
    await sender.sendSms(member.mobileE164, text);
    return { expiredMinutes: codes.policy.expiredMinutes, expirationTime: expiresAtMs, mobile: maskMobile(member.countryDialingCode, member.mobile) ?? '' };
  }

  // ---- Completing a login ---------------------------------------------------------------

  /** A fresh SMS code for a pending login offering SMS. */
  async resendLoginSms(merchantId: number, ticket: string, caller: CallerContext) {
    const { pool, clock } = this.options;
    const challenge = await queries.selectChallenge(pool, merchantId, hashTicket(ticket));
    if (!challenge || challenge.consumed || challenge.expiresAtMs <= clock()) throw new AppError(400, 'login.verify.expired');
    if (!challenge.factors.includes('sms')) throw new AppError(400, 'function.not.enabled', { detail: 'SMS is not a factor of this login' });
    const member = await findMemberById(pool, merchantId, challenge.memberId);
    if (!member) throw new AppError(400, 'login.verify.expired');
    return this.sendCode(member, caller.ip, caller.language, caller.log);
  }

  /** A fresh e-mailed code for a pending login offering the e-mail factor. */
  async resendLoginEmail(merchantId: number, ticket: string, caller: CallerContext) {
    const { pool, clock } = this.options;
    const challenge = await queries.selectChallenge(pool, merchantId, hashTicket(ticket));
    if (!challenge || challenge.consumed || challenge.expiresAtMs <= clock()) throw new AppError(400, 'login.verify.expired');
    if (!challenge.factors.includes('email')) throw new AppError(400, 'function.not.enabled', { detail: 'e-mail is not a factor of this login' });
    const member = await findMemberById(pool, merchantId, challenge.memberId);
    const address = member ? await queries.selectEmailFactor(pool, merchantId, member.id) : undefined;
    if (!member || !address) throw new AppError(400, 'login.verify.expired');
    return this.sendEmailCode(member, address, caller.ip, caller.language, caller.log);
  }

  /** Whether a second factor's answer is right (a code is used up when it is). */
  private async checkFactor(member: Member, type: SecondFactor, code: string, nowMs: number): Promise<boolean> {
    const { pool, codes } = this.options;
    switch (type) {
      case 'totp':
        return this.acceptTotp(member, code, nowMs);
      case 'sms':
        return codes.consume(member.merchantId, member.mobileE164 ?? '', 'two_factor', code);
      case 'email': {
        const address = await queries.selectEmailFactor(pool, member.merchantId, member.id);
        return address !== undefined && codes.consume(member.merchantId, address, 'two_factor_email', code);
      }
      case 'bank_name': {
        const card = await queries.selectBankCard(pool, member.merchantId, member.id);
        return card !== undefined && sameHolderName(code, card.holderName);
      }
    }
  }

  /** Checks the second factor of a pending login and, when right, logs the member in. */
  async completeLogin(merchantId: number, ticket: string, type: SecondFactor, code: string, caller: CallerContext): Promise<LoginValue> {
    const { pool, clock } = this.options;
    const nowMs = clock();
    const ticketHash = hashTicket(ticket);
    const pending = await queries.selectChallenge(pool, merchantId, ticketHash);
    if (!pending || pending.consumed || pending.expiresAtMs <= nowMs) throw new AppError(400, 'login.verify.expired');
    if (!pending.factors.includes(type)) {
      throw new AppError(400, 'request.param.err', { detail: `type must be one of: ${pending.factors.join(', ')}` });
    }
    const member = await findMemberById(pool, merchantId, pending.memberId);
    if (!member) throw new AppError(400, 'login.verify.expired');
    if (member.status !== 'active') throw new AppError(403, 'member.blocked');

    // The account's login locks, from this address and from everywhere: counted before the code is
    // checked (session/login-throttle.ts).
    const settings = await readAccountSettings(pool, merchantId);
    const throttle = loginThrottle(settings, pending.loginType === 'sms' && member.mobileE164 ? member.mobileE164 : member.username, caller.ip);
    // A correct password forgets this address's login failures, so second-factor failures are
    // also kept under the member's own key, which only a correct second factor clears: knowing the
    // password does not buy fresh guesses at the code.
    const memberKey: ThrottleKey = { scope: 'twofactor.login', subject: String(member.id) };
    const rule: ThrottleRule = lockoutRuleOf(settings, settings.loginMaxFailures);
    const reservation = await reserveAttempts(pool, merchantId, [throttle.pair, throttle.account, { key: memberKey, rule }], nowMs);
    if (!reservation.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(settings.lockoutMinutes) });

    const challenge = await queries.reserveChallengeAttempt(pool, merchantId, ticketHash, nowMs);
    if (!challenge) throw new AppError(400, 'login.verify.expired');

    if (!(await this.checkFactor(member, type, code, nowMs))) {
      await queries.endExhaustedChallenge(pool, challenge.id, nowMs);
      throw new AppError(400, wrongAnswerCode(type));
    }
    if (!(await queries.consumeChallenge(pool, challenge.id, nowMs))) throw new AppError(400, 'login.verify.expired');
    await forgetOwnFailures(pool, merchantId, throttle);
    await clearFailures(pool, merchantId, memberKey);
    return issueLogin(pool, member, {
      loginType: challenge.loginType,
      clientIp: caller.ip,
      userAgent: caller.userAgent,
      nowMs,
      enteredPassword: challenge.defaultPasswordUsed ? settings.defaultPassword : undefined,
    });
  }

  /** A confirmed authenticator's code, used up when right. */
  private async acceptTotp(member: Member, code: string, nowMs: number): Promise<boolean> {
    const { pool } = this.options;
    const totp = await queries.selectTotp(pool, member.merchantId, member.id);
    if (!totp?.confirmed) return false;
    const step = acceptedTotpStep(open(totp.sealed, await this.options.secretKey()), code, nowMs, totp.lastUsedStep);
    if (step === null) return false;
    return queries.markTotpStepUsed(pool, member.merchantId, member.id, step);
  }

  // ---- A member's own settings ----------------------------------------------------------

  async securityConfig(member: Member): Promise<SecurityConfig> {
    const { pool } = this.options;
    const [factors, bankName, card] = await Promise.all([
      this.factorsOf(member),
      queries.selectBankNameFactor(pool, member.merchantId, member.id),
      queries.selectBankCard(pool, member.merchantId, member.id),
    ]);
    return {
      bindGA: factors.includes('totp'),
      smsLoginVerification: factors.includes('sms'),
      emailLoginVerification: factors.includes('email'),
      // Turned on, though not in force while no bank card is bound.
      bankNameLoginVerification: bankName,
      bindMobile: member.mobileE164 !== null,
      countryDialingCode: member.countryDialingCode,
      mobile: maskMobile(null, member.mobile),
      email: maskEmail(member.email),
      bankCard: card ? maskCard(card) : null,
    };
  }

  /** Starts binding an authenticator: a new secret, shown once, unconfirmed until a code matches. */
  async startTotp(member: Member): Promise<{ secretKey: string; otpauth: string }> {
    const { pool, clock } = this.options;
    const existing = await queries.selectTotp(pool, member.merchantId, member.id);
    if (existing?.confirmed) throw new AppError(409, 'ga.already.bound');
    const secret = generateTotpSecret();
    const stored = await queries.upsertPendingTotp(pool, member.merchantId, member.id, seal(secret, await this.options.secretKey()), clock());
    if (!stored) throw new AppError(409, 'ga.already.bound');
    return { secretKey: secret, otpauth: totpUri(secret, await brandOf(pool, member.merchantId), member.username) };
  }

  /** Binds the authenticator being enrolled: the current password and a code of the new app. */
  async confirmTotp(member: Member, change: FactorChange, code: string): Promise<void> {
    const { pool, clock } = this.options;
    await this.changeFactors(member, change, async (nowMs) => {
      const totp = await queries.selectTotp(pool, member.merchantId, member.id);
      if (!totp) throw new AppError(400, 'ga.not.bound');
      if (totp.confirmed) throw new AppError(409, 'ga.already.bound');
      const step = acceptedTotpStep(open(totp.sealed, await this.options.secretKey()), code, nowMs, null);
      if (step === null) return false;
      await queries.confirmTotp(pool, member.merchantId, member.id, step, clock());
      return true;
    });
  }

  /** Removes the authenticator: the current password and a current code of the app. */
  async disableTotp(member: Member, change: FactorChange, code: string): Promise<void> {
    const { pool } = this.options;
    await this.changeFactors(member, change, async (nowMs) => {
      const totp = await queries.selectTotp(pool, member.merchantId, member.id);
      if (!totp?.confirmed) throw new AppError(400, 'ga.not.bound');
      if (!(await this.acceptTotp(member, code, nowMs))) return false;
      await queries.deleteTotp(pool, member.merchantId, member.id);
      return true;
    });
  }

  /** A code to the member's number, to prove it before SMS sign-in verification is turned on or off. */
  async sendSettingsCode(member: Member, caller: CallerContext) {
    return this.sendCode(member, caller.ip, caller.language, caller.log);
  }

  /** Turns SMS sign-in verification on or off: the current password and an SMS code to the member's number. */
  async setSmsVerification(member: Member, change: FactorChange, enabled: boolean, code: string): Promise<void> {
    const { pool, codes } = this.options;
    if (!member.mobileE164) throw new AppError(400, 'mobile.not.bound');
    const mobile = member.mobileE164;
    await this.changeFactors(
      member,
      change,
      async (nowMs) => {
        if (!(await codes.consume(member.merchantId, mobile, 'two_factor', code))) return false;
        await queries.setSmsTwoFactor(pool, member.merchantId, member.id, enabled, nowMs);
        return true;
      },
      'sms.code.invalid',
    );
  }

  /**
   * A code to prove the mailbox before sign-in verification by e-mail is turned on (to the
   * profile's address) or off (to the address it is on with).
   */
  async sendEmailSettingsCode(member: Member, caller: CallerContext) {
    const address = (await queries.selectEmailFactor(this.options.pool, member.merchantId, member.id)) ?? member.email;
    if (!address) throw new AppError(400, 'email.not.bound');
    return this.sendEmailCode(member, address, caller.ip, caller.language, caller.log);
  }

  /**
   * Turns sign-in verification by e-mail on (for the profile's address, proven by a code sent
   * there) or off (a code sent to the address it is on with), with the current password.
   */
  async setEmailVerification(member: Member, change: FactorChange, enabled: boolean, code: string): Promise<void> {
    const { pool, codes } = this.options;
    const current = await queries.selectEmailFactor(pool, member.merchantId, member.id);
    // Turning it on again keeps the address it is on with (where the settings code went).
    const address = enabled ? current ?? member.email : current ?? null;
    if (!address) {
      if (enabled) throw new AppError(400, 'email.not.bound');
      return; // Already off.
    }
    await this.changeFactors(member, change, async (nowMs) => {
      if (!(await codes.consume(member.merchantId, address, 'two_factor_email', code))) return false;
      await queries.setEmailFactor(pool, member.merchantId, member.id, enabled ? address : null, nowMs);
      return true;
    });
  }

  /**
   * Turns sign-in verification by the bound bank card's account holder name on or off: the
   * current password and the holder name (a wrong name counts like a wrong code).
   */
  async setBankNameVerification(member: Member, change: FactorChange, enabled: boolean, name: string): Promise<void> {
    const { pool } = this.options;
    const card = await queries.selectBankCard(pool, member.merchantId, member.id);
    if (!card) {
      if (enabled) throw new AppError(400, 'bank.card.not.bound');
      // No card: the factor is not in force; turning it off needs only the password.
      await this.changeFactors(member, change, async (nowMs) => {
        await queries.setBankNameFactor(pool, member.merchantId, member.id, false, nowMs);
        return true;
      });
      return;
    }
    await this.changeFactors(
      member,
      change,
      async (nowMs) => {
        if (!sameHolderName(name, card.holderName)) return false;
        await queries.setBankNameFactor(pool, member.merchantId, member.id, enabled, nowMs);
        return true;
      },
      'bank.name.invalid',
    );
  }

  /**
   * A change of the factors in force: the password proof first (see the invariants above), then
   * `apply` (the factor's code check and the change itself) under the settings lock; when it
   * went through, the member's other sessions and pending logins end.
   */
  private async changeFactors(
    member: Member,
    change: FactorChange,
    apply: (nowMs: number) => Promise<boolean>,
    wrongCode: WrongAnswerCode = 'two.factor.code.invalid',
  ): Promise<void> {
    const { pool, clock } = this.options;
    if (change.password === '') throw new AppError(400, 'reg_field_required', { field: 'password' }, { field: 'password' });
    if (!(await provePassword(pool, member, change.password, clock()))) {
      throw new AppError(400, 'current.password.err', {}, { field: 'password' });
    }
    await this.withSettingsThrottle(member, apply, wrongCode);
    const nowMs = clock();
    await endOtherSessions(pool, member.id, change.sessionId, nowMs, 'two_factor_change');
    await queries.endMemberChallenges(pool, member.merchantId, member.id, nowMs);
  }

  /**
   * Runs a code check of the member's own settings under the 'twofactor.member' lock: counted
   * before the check, taken back when right; a wrong code answers `wrongCode`.
   */
  private async withSettingsThrottle(
    member: Member,
    check: (nowMs: number) => Promise<boolean>,
    wrongCode: WrongAnswerCode,
  ): Promise<void> {
    const { pool, clock } = this.options;
    const nowMs = clock();
    const settings = await readAccountSettings(pool, member.merchantId);
    const key: ThrottleKey = { scope: 'twofactor.member', subject: String(member.id) };
    const rule: ThrottleRule = lockoutRuleOf(settings, settings.loginMaxFailures);
    const reservation = await reserveAttempts(pool, member.merchantId, [{ key, rule }], nowMs);
    if (!reservation.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(settings.lockoutMinutes) });
    if (!(await check(nowMs))) throw new AppError(400, wrongCode);
    await forgiveAttempt(pool, member.merchantId, key, rule);
  }
}

type WrongAnswerCode = 'two.factor.code.invalid' | 'sms.code.invalid' | 'bank.name.invalid';

/** The refusal of a wrong answer of a factor at login. */
function wrongAnswerCode(type: SecondFactor): WrongAnswerCode {
  if (type === 'sms') return 'sms.code.invalid';
  if (type === 'bank_name') return 'bank.name.invalid';
  return 'two.factor.code.invalid';
}
