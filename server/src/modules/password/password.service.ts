import { createHash, randomBytes } from 'node:crypto';
import type { RegisterFieldRule } from '@platform/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { usablePort } from '../../http/origin';
import type { MessageLanguage } from '../../i18n/messages';
import { durationsOf, merchantDomains, readAccountSettings } from '../merchant';
import {
  changeMemberPassword,
  findMemberById,
  findMemberByMobile,
  findMemberByUsername,
  isGuest,
  refuseCommonPassword,
  type Member,
} from '../identity';
import { patternErrorCode, rangeOf, satisfiesRule } from '../member';
import { brandOf, codeSms, messageLanguage, resetEmail, secondFactorKeptMessage, type PasswordEvent, type SenderFactory } from '../notification';
import { reserveAttempts } from '../rate-limit';
import { clearLoginFailures, endOtherSessions, passwordChanged, provePassword, type SessionRecord } from '../session';
import { selectRegisterRules, withPasswordFloor } from '../system';
import { secondFactorsOf, type SecondFactor } from '../two-factor';
import type { MobileNumber, VerificationCodes } from '../verification';
import * as queries from './password.queries';

// Changing a password (logged in) and resetting a forgotten one (by e-mail link or SMS code).
//
// Decisions, and why:
// - Change always needs the old password, also for the first-time, default and expired
//   password changes: a stolen session token alone must not take the account over. The client
//   has it in those flows (its user info keeps the password entered at login; it opens
//   the change only after a password login), and shows the field when it has not.
// - Forgot by e-mail answers 'Username/Email does not exist' when the pair does not match, as
//   the front end expects; the attempts are throttled per IP and per account name so the answer cannot be
//   used to test many accounts.
// - Forgot by SMS answers the same for every well-formed number (a code only reaches a number
//   with an account), as the other SMS sends do; a wrong or missing code fails the reset with
//   sms.code.invalid whether or not the number has an account.
// - A change ends the member's other sessions; a reset ends all of them and clears the
//   account's login lock (the member just proved the e-mail or phone).
// - Neither removes a second factor (authenticator app, SMS sign-in verification): a reset proves
//   only the mailbox or the phone, and a password change only the password, so dropping the
//   factor would let whoever holds one of those past it; removing a factor one cannot use any
//   more goes through customer service, who check the member's identity. Instead, while a factor
//   is bound, the member is told: a notice that two-step sign-in stays on ("if you did not set
//   it up, contact customer service") goes to every contact the account has (e-mail and SMS,
//   through the notification sender), and a reset answers the factors (value.secondFactors) so
//   the site says it at once. An attacker's authenticator is therefore never kept silently.
// - The new password must pass the merchant's registration rule for 'password' (with the policy's
//   floors: at least 8 characters, at least 64 allowed), not be a common password, differ from
//   the current one, and equal its confirmation.

/** The host a request came to, for the reset link (see siteOriginOf). */
export interface RequestSite {
  hostname: string | undefined;
  port: number | null | undefined;
  protocol: string;
}

/**
 * The site a reset link opens. The Host header is the caller's to choose, so it is used only
 * when it is one of the merchant's own domains (or localhost, in development); otherwise the
 * merchant's first domain. A link can therefore never point at someone else's site.
 */
export async function siteOriginOf(db: Db, site: RequestSite, merchantId: number): Promise<string> {
  const host = (site.hostname ?? '').toLowerCase();
  const known = await merchantDomains(db, merchantId);
  const port = usablePort(site.port) ? `:${site.port}` : '';
  if (host === 'localhost' || host === '127.0.0.1') return `${site.protocol}://${host}${port}`;
  if (known.includes(host)) return `https://${host}`;
  return known[0] ? `https://${known[0]}` : '';
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface PasswordServiceOptions {
  pool: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  codes: VerificationCodes;
  /** How long an e-mailed reset link works. */
  resetLinkTtlMs?: number;
}

/** Used when the merchant has no 'password' rule row. */
const FALLBACK_PASSWORD_RULE: RegisterFieldRule = {
  acceptedPattern: '*',
  patternId: 0,
  minLength: 8,
  maxLength: 128,
  enabled: true,
  required: true,
  type: 'password',
};

/** Requests to reset by e-mail, per client IP and per account name, before a 5-minute lock. */
const EMAIL_RESET_LIMITS = { perIp: 10, perAccount: 5 };

const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewPassword {
  newPassword: string;
  confirmNewPassword?: string;
}

/** Who asked, for the messages a change or reset sends the member. */
export interface PasswordCaller {
  /** The caller's `Language` header as sent (else the member's or the site's language is used). */
  language: string | undefined;
  log: FastifyBaseLogger;
}

/** A reset's answer: the account to log in with, and the second factors that login will still ask for. */
export interface ResetResult {
  userName: string;
  secondFactors: SecondFactor[];
}

export class PasswordService {
  private readonly resetLinkTtlMs: number;

  constructor(private readonly options: PasswordServiceOptions) {
    this.resetLinkTtlMs = options.resetLinkTtlMs ?? 30 * 60_000;
  }

  /** Throws the first rule the new password breaks (field names as the client sends them). */
  async checkNewPassword(merchantId: number, input: NewPassword, requireConfirmation: boolean): Promise<void> {
    const rules = await selectRegisterRules(this.options.pool, merchantId);
    const rule = withPasswordFloor(rules.password ?? FALLBACK_PASSWORD_RULE);
    if (input.newPassword === '') throw new AppError(400, 'reg_field_required', { field: 'newPassword' }, { field: 'newPassword' });
    if (!satisfiesRule(input.newPassword, rule)) {
      throw new AppError(
        400,
        patternErrorCode(rule.patternId),
        { field: 'newPassword', range: rangeOf(rule) },
        { field: 'newPassword', patternId: rule.patternId, minLength: rule.minLength, maxLength: rule.maxLength },
      );
    }
    refuseCommonPassword(input.newPassword, 'newPassword');
    if (requireConfirmation || input.confirmNewPassword !== undefined) {
      if ((input.confirmNewPassword ?? '') === '') {
        throw new AppError(400, 'reg_field_required', { field: 'confirmNewPassword' }, { field: 'confirmNewPassword' });
      }
      if (input.confirmNewPassword !== input.newPassword) {
        throw new AppError(400, 'inconsistent.twice', {}, { field: 'confirmNewPassword' });
      }
    }
  }

  /** POST /wps/member/password: the logged-in member's own change. */
  async change(member: Member, session: SessionRecord, input: NewPassword & { oldPassword: string }, caller: PasswordCaller): Promise<void> {
    const { pool, clock } = this.options;
    if (input.oldPassword === '') throw new AppError(400, 'reg_field_required', { field: 'oldPassword' }, { field: 'oldPassword' });
    await this.checkNewPassword(member.merchantId, input, true);

    // Guessing the old password from a stolen session is throttled like a login, under the same
    // per-member lock as the password proofs of second-factor changes (session's provePassword).
    const nowMs = clock();
    if (!(await provePassword(pool, member, input.oldPassword, nowMs))) {
      throw new AppError(400, 'old.password.err', {}, { field: 'oldPassword' });
    }
    if (input.newPassword === input.oldPassword) throw new AppError(400, 'password.same.as.old', {}, { field: 'newPassword' });

    await changeMemberPassword(pool, member.merchantId, member.id, input.newPassword, nowMs);
    await endOtherSessions(pool, member.id, session.id, nowMs, 'password_change');
    // A session that had to change its password first may now make every call.
    await passwordChanged(pool, session.id);
    await this.tellSecondFactorsKept('change', member, caller);
  }

  /**
   * After a reset or change: while a second factor is bound, tells the member it stays on (on
   * every contact of the account). Answers the factors.
   */
  private async tellSecondFactorsKept(event: PasswordEvent, member: Member, caller: PasswordCaller): Promise<SecondFactor[]> {
    const { pool } = this.options;
    const factors = await secondFactorsOf(pool, member);
    if (factors.length === 0) return factors;
    const language = await messageLanguage(pool, member.merchantId, caller.language, member.language);
    const message = secondFactorKeptMessage(event, language, { brand: await brandOf(pool, member.merchantId), username: member.username });
    const sender = this.options.senders({ merchantId: member.merchantId, log: caller.log });
    if (member.email) await sender.sendEmail(member.email, message.subject, message.text);
    if (member.mobileE164) await sender.sendSms(member.mobileE164, message.text);
    return factors;
  }

  /**
   * POST /wps/member/password/email: a single-use reset link to the member's e-mail when the
   * account name and address belong together; 400 username.email.not.exist otherwise.
   */
  async sendResetEmail(request: {
    merchantId: number;
    username: string;
    email: string;
    ip: string;
    language: MessageLanguage;
    /** Where the request came to: the link opens this site when it is the merchant's own. */
    site: RequestSite;
    log: FastifyBaseLogger;
  }): Promise<void> {
    const { pool, clock } = this.options;
    const username = request.username.trim();
    const email = request.email.trim();
    if (username === '') throw new AppError(400, 'reg_field_required', { field: 'username' }, { field: 'username' });
    if (email === '') throw new AppError(400, 'reg_field_required', { field: 'email' }, { field: 'email' });
    if (!EMAIL_PATTERN.test(email)) throw new AppError(400, 'reg_pattern_3', { field: 'email', range: '5-254' }, { field: 'email' });
    const nowMs = clock();
    const settings = await readAccountSettings(pool, request.merchantId);
    const lockMs = durationsOf(settings).lockoutMs;
    const windowMs = durationsOf(settings).loginWindowMs;
    const reservation = await reserveAttempts(
      pool,
      request.merchantId,
      [
        { key: { scope: 'password.email.ip', subject: request.ip }, rule: { maxFailures: EMAIL_RESET_LIMITS.perIp, windowMs, lockMs } },
        {
          key: { scope: 'password.email.account', subject: username.toLowerCase().slice(0, 200) },
          rule: { maxFailures: EMAIL_RESET_LIMITS.perAccount, windowMs, lockMs },
        },
      ],
      nowMs,
    );
    if (!reservation.allowed) throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(settings.lockoutMinutes) });

    const member = await findMemberByUsername(pool, request.merchantId, username);
    const matches =
      member !== undefined && !isGuest(member) && member.email !== null && member.email.trim().toLowerCase() === email.toLowerCase();
    if (!member || !matches || !member.email) throw new AppError(400, 'username.email.not.exist');

    const token = randomBytes(16).toString('base64url');
    await queries.insertResetToken(pool, request.merchantId, member.id, hashToken(token), nowMs, nowMs + this.resetLinkTtlMs);
    const message = resetEmail(request.language, {
      brand: await brandOf(pool, request.merchantId),
      username: member.username,
      link: `${await siteOriginOf(pool, request.site, request.merchantId)}/?resetToken=${token}`,
      minutes: Math.round(this.resetLinkTtlMs / 60_000),
    });
    await this.options.senders({ merchantId: request.merchantId, log: request.log }).sendEmail(member.email, message.subject, message.text);
  }

  /** POST /wps/member/password/email/reset: sets the password with the e-mailed token. */
  async resetWithEmailToken(merchantId: number, token: string, input: NewPassword, caller: PasswordCaller): Promise<ResetResult> {
    const { pool, clock } = this.options;
    await this.checkNewPassword(merchantId, input, true);
    const nowMs = clock();
    const memberId = await queries.consumeResetToken(pool, merchantId, hashToken(token), nowMs);
    if (memberId === undefined) throw new AppError(400, 'reset.link.invalid');
    // Any other link sent to this member stops working too.
    await queries.consumeMemberResetTokens(pool, memberId, nowMs);
    return this.applyReset(merchantId, memberId, input.newPassword, nowMs, caller);
  }

  /** POST /wps/member/password/sms: a reset code to the number (only when it has an account). */
  async sendResetSms(request: { merchantId: number; mobile: MobileNumber; ip: string; language: MessageLanguage; log: FastifyBaseLogger }) {
    const { pool, codes } = this.options;
    const member = await findMemberByMobile(pool, request.merchantId, request.mobile.e164);
    const eligible = member !== undefined && member.status === 'active' && !isGuest(member);
    const { issued, expiresAtMs } = await codes.requestCode({ merchantId: request.merchantId, mobile: request.mobile.e164, ip: request.ip }, 'reset', eligible);
    if (issued) {
      const text = codeSms('reset', request.language, {
        brand: await brandOf(pool, request.merchantId),
        code: issued.code,
        minutes: codes.policy.expiredMinutes,
      });
      await this.options.senders({ merchantId: request.merchantId, log: request.log }).sendSms(request.mobile.e164, text);
    }
    return { expirationTime: expiresAtMs, expiredMinutes: codes.policy.expiredMinutes };
  }

  /** POST /wps/member/password/verification: sets the password with the SMS code. */
  async resetWithSmsCode(merchantId: number, mobile: MobileNumber, code: string, input: NewPassword, caller: PasswordCaller): Promise<ResetResult> {
    const { pool, clock, codes } = this.options;
    // The password is checked first, so a typo in it does not use the code up.
    await this.checkNewPassword(merchantId, input, false);
    const member = await findMemberByMobile(pool, merchantId, mobile.e164);
    // Checked (and counted against the code) whether or not the number has an account.
    const right = await codes.consume(merchantId, mobile.e164, 'reset', code);
    if (!right || !member) throw new AppError(400, 'sms.code.invalid', {}, { field: 'verificationCode' });
    return this.applyReset(merchantId, member.id, input.newPassword, clock(), caller);
  }

  private async applyReset(merchantId: number, memberId: number, newPassword: string, nowMs: number, caller: PasswordCaller): Promise<ResetResult> {
    const { pool } = this.options;
    const member = await findMemberById(pool, merchantId, memberId);
    if (!member) throw new AppError(400, 'reset.link.invalid');
    await changeMemberPassword(pool, merchantId, memberId, newPassword, nowMs);
    await endOtherSessions(pool, memberId, null, nowMs, 'password_reset');
    await clearLoginFailures(pool, merchantId, member.username);
    if (member.mobileE164) await clearLoginFailures(pool, merchantId, member.mobileE164);
    const secondFactors = await this.tellSecondFactorsKept('reset', member, caller);
    return { userName: member.username, secondFactors };
  }
}
