import { MINIMUM_AGE_YEARS, NICKNAME_MAX_LENGTH, PAYEE_NAME_MAX_LENGTH, type MemberProfile, type MemberProfileUpdate } from '@platform/contract';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../config';
import type { Db } from '../../db/pool';
import { withTransaction } from '../../db/transaction';
import { AppError } from '../../http/envelope';
import { findMemberByMobile, memberConflictOf, type Member } from '../identity';
import { brandOf, codeSms, messageLanguage, type SenderFactory } from '../notification';
import { provePassword } from '../session';
import { resolveMobile, type MobileNumber, type VerificationCodes } from '../verification';
import { maskMobile } from './member-info';
import { contactChangedNotice, type ContactKind } from './profile.messages';

// "My Account" (securityCenter): the member's profile, and binding a mobile number or an e-mail.
//
// Rules, and why (profile.test.ts asserts each):
// - updateMemberInfo takes only the fields that change. Every field is checked before anything is
//   written, in one transaction holding the member's row, so a refusal changes nothing.
// - The real name (payee name) is what withdrawals are paid to: once set, the member cannot
//   change it (real.name.locked; customer service can). The update reads the row FOR UPDATE, so
//   of two requests at the same moment the second sees the first one's name. The birthday is
//   kept the same way (a birthday bonus must not be claimable again by moving it), and must be
//   at least 21 years before today.
// - A mobile number or an e-mail address recovers the account (SMS login, reset by SMS or
//   e-mail), so binding one needs the current login password, checked as the two-factor changes
//   check it (session's provePassword: throttled per member like a login). A stolen session
//   token alone cannot point the account's recovery at the thief.
// - A mobile number is proved with an SMS code of its own purpose (bind_mobile) through the
//   verification module's codes and throttle: one live code per number, 5 wrong guesses retire
//   it, sends spaced and counted per number and per address. The code is checked against the
//   number being bound, so a code sent to one number never binds another.
// - A number bound to another member of the merchant is refused (exists.mobile.err) at send and
//   at bind; the unique index member_mobile settles a race. The send request is counted by the
//   throttle before it is refused, so the answer cannot be used to test numbers quickly.
// - While SMS sign-in verification is on, the number cannot be changed here: the codes of the
//   second factor would follow it to the new number. Turning it off needs a code to the current
//   number (two-factor module).
// - E-mail: the verification module's codes are keyed by phone number (verification_code.mobile
//   is E.164), so an e-mail address is set with the login password as the proof, not a code. An
//   address another member of the merchant uses is refused (exists.email.err), serialised by an
//   advisory lock per address.
// - When a mobile number or e-mail replaces another, the previous one is told (a notice SMS or
//   e-mail), so a change its owner did not make does not go unnoticed.

export interface ProfileServiceOptions {
  pool: pg.Pool;
  clock: Clock;
  senders: SenderFactory;
  /** SMS codes (purpose bind_mobile) share the verification module's codes and throttle. */
  codes: VerificationCodes;
}

/** Who is asking, for the throttle and the messages' language. */
export interface ProfileCaller {
  ip: string;
  /** The `Language` header as sent. */
  language: string | undefined;
  log: FastifyBaseLogger;
}

export interface MobileInput {
  countryDialingCode?: string;
  mobileNum: string;
}

export interface BindMobileInput extends MobileInput {
  verificationCode: string;
  password: string;
}

export interface BindEmailInput {
  email: string;
  password: string;
}

export interface CodeSent {
  expiredMinutes: number;
  expirationTime: number;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
/** Letters of any script (with their combining marks), words separated by single spaces. */
const REAL_NAME_PATTERN = /^[\p{L}\p{M}]+(?: [\p{L}\p{M}]+)*$/u;
/** Control and format characters (zero-width, bidi overrides) have no place in a nickname. */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;
const BIRTHDAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const fieldError = (code: ConstructorParameters<typeof AppError>[1], field: string, status = 400) => new AppError(status, code, {}, { field });

/** 'player@example.com' → 'pl***@example.com'. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

const characterCount = (text: string): number => [...text].length;

/** The nickname to store ('' clears it), or 400 nickname.format.err. */
export function checkNickname(typed: string): string | null {
  const nickname = typed.trim();
  if (characterCount(nickname) > NICKNAME_MAX_LENGTH || INVISIBLE.test(nickname)) throw fieldError('nickname.format.err', 'nickname');
  return nickname === '' ? null : nickname;
}

/** The real name to store (trimmed, inner runs of spaces made one), or 400 real.name.format.err. */
export function checkPayeeName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, ' ');
  const length = characterCount(name);
  if (length < 2 || length > PAYEE_NAME_MAX_LENGTH || !REAL_NAME_PATTERN.test(name)) throw fieldError('real.name.format.err', 'payeeName');
  return name;
}

/**
 * The birthday to store ('yyyy-MM-dd', a real calendar day after 1900), or 400
 * birthday.format.err; 400 birthday.under.age unless the member is 21 on `todayMs`'s day (UTC).
 */
export function checkBirthday(typed: string, todayMs: number): string {
  const match = BIRTHDAY_PATTERN.exec(typed.trim());
  if (!match) throw fieldError('birthday.format.err', 'birthday');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw fieldError('birthday.format.err', 'birthday');
  }
  // The day of the 21st birthday (29 February → 1 March in a year without one).
  const comesOfAge = Date.UTC(year + MINIMUM_AGE_YEARS, month - 1, day);
  const today = new Date(todayMs);
  if (comesOfAge > Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())) throw fieldError('birthday.under.age', 'birthday');
  return match[0];
}

interface ProfileRow {
  username: string;
  nickname: string | null;
  payee_name: string | null;
  email: string | null;
  country_dialing_code: string | null;
  mobile: string | null;
  birthday: string | null;
  created_at: Date;
  last_login_at: Date | null;
  has_payment_password: boolean;
}

const PROFILE_COLUMNS = `username, nickname, payee_name, email, country_dialing_code, mobile, to_char(birthday, 'YYYY-MM-DD') AS birthday,
  created_at, last_login_at, payment_password_hash IS NOT NULL AS has_payment_password`;

async function selectProfile(db: Db, member: Pick<Member, 'merchantId' | 'id'>, forUpdate = false): Promise<ProfileRow> {
  const result = await db.query<ProfileRow>(
    `SELECT ${PROFILE_COLUMNS} FROM member WHERE merchant_id = $1 AND id = $2${forUpdate ? ' FOR UPDATE' : ''}`,
    [member.merchantId, member.id],
  );
  const row = result.rows[0];
  // The session's member always exists (members are never deleted while logged in).
  if (!row) throw new AppError(401, 'user.or.token.invalid');
  return row;
}

function toProfile(row: ProfileRow): MemberProfile {
  return {
    account: row.username,
    nickname: row.nickname,
    payeeName: row.payee_name,
    email: maskEmail(row.email),
    bindEmail: row.email !== null,
    mobile: maskMobile(null, row.mobile),
    countryDialingCode: row.country_dialing_code,
    bindMobile: row.mobile !== null,
    birthday: row.birthday,
    regDate: row.created_at.getTime(),
    lastLogin: row.last_login_at?.getTime() ?? null,
    hasPaymentPassword: row.has_payment_password,
  };
}

/**
 * Whether SMS sign-in verification is on for the member. The two-factor module owns the table;
 * it depends on this module (maskMobile), so this module reads the one flag itself.
 */
async function smsVerificationOn(db: Db, member: Pick<Member, 'merchantId' | 'id'>): Promise<boolean> {
  const result = await db.query('SELECT 1 FROM member_sms_two_factor WHERE merchant_id = $1 AND member_id = $2', [member.merchantId, member.id]);
  return result.rowCount !== 0;
}

export class ProfileService {
  constructor(private readonly options: ProfileServiceOptions) {}

  /** GET /wps/relay/getMemberInfoV2. */
  async profile(member: Member): Promise<MemberProfile> {
    return toProfile(await selectProfile(this.options.pool, member));
  }

  /** POST /wps/relay/updateMemberInfo: the fields sent, all checked before any is written. */
  async update(member: Member, input: MemberProfileUpdate): Promise<MemberProfile> {
    const { pool, clock } = this.options;
    const nickname = input.nickname === undefined ? undefined : checkNickname(input.nickname);
    const payeeName = input.payeeName === undefined ? undefined : checkPayeeName(input.payeeName);
    const birthday = input.birthday === undefined ? undefined : checkBirthday(input.birthday, clock());

    return withTransaction(pool, async (client) => {
      const current = await selectProfile(client, member, true);
      // Sending the value already set is not a change (a form that sends its whole state).
      if (payeeName !== undefined && current.payee_name !== null && current.payee_name !== payeeName) throw fieldError('real.name.locked', 'payeeName');
      if (birthday !== undefined && current.birthday !== null && current.birthday !== birthday) throw fieldError('birthday.locked', 'birthday');
      const sets: string[] = [];
      const values: unknown[] = [member.merchantId, member.id];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (nickname !== undefined && nickname !== current.nickname) set('nickname', nickname);
      if (payeeName !== undefined && current.payee_name === null) set('payee_name', payeeName);
      if (birthday !== undefined && current.birthday === null) set('birthday', birthday);
      // The row is locked until the transaction ends: a real name or birthday set meanwhile was seen above.
      if (sets.length > 0) await client.query(`UPDATE member SET ${sets.join(', ')} WHERE merchant_id = $1 AND id = $2`, values);
      return toProfile(await selectProfile(client, member));
    });
  }

  /** The number a bind request names, with the rules that hold before any code goes out. */
  private async numberToBind(member: Member, input: MobileInput): Promise<MobileNumber> {
    const { pool } = this.options;
    if (input.mobileNum.trim() === '') throw new AppError(400, 'reg_field_required', { field: 'mobileNum' }, { field: 'mobileNum' });
    const mobile = await resolveMobile(pool, member.merchantId, input.countryDialingCode, input.mobileNum);
    if (member.mobileE164 === mobile.e164) throw fieldError('mobile.already.bound', 'mobileNum');
    if (member.mobileE164 !== null && (await smsVerificationOn(pool, member))) throw new AppError(400, 'mobile.change.sms.verification.on');
    return mobile;
  }

  private async boundToAnother(member: Member, mobile: MobileNumber): Promise<boolean> {
    const owner = await findMemberByMobile(this.options.pool, member.merchantId, mobile.e164);
    return owner !== undefined && owner.id !== member.id;
  }

  /** POST /wps/relay/bind_send_verification_sms: a code to the number to bind. */
  async sendBindCode(member: Member, input: MobileInput, caller: ProfileCaller): Promise<CodeSent> {
    const { pool, codes } = this.options;
    const mobile = await this.numberToBind(member, input);
    const taken = await this.boundToAnother(member, mobile);
    // Counted by the throttle whether or not a code goes out (see the rules above).
    const { issued, expiresAtMs } = await codes.requestCode({ merchantId: member.merchantId, mobile: mobile.e164, ip: caller.ip }, 'bind_mobile', !taken);
    if (taken || !issued) throw fieldError('exists.mobile.err', 'mobileNum');
    const language = await messageLanguage(pool, member.merchantId, caller.language, member.language);
    const text = codeSms('bind_mobile', language, { brand: await brandOf(pool, member.merchantId), code: issued.code, minutes: codes.policy.expiredMinutes });
    await this.options.senders({ merchantId: member.merchantId, log: caller.log }).sendSms(mobile.e164, text);
    return { expiredMinutes: codes.policy.expiredMinutes, expirationTime: expiresAtMs };
  }

  /** POST /wps/relay/bind_verify_verification_sms: the password, then the number's code; binds it. */
  async bindMobile(member: Member, input: BindMobileInput, caller: ProfileCaller): Promise<MemberProfile> {
    const { pool, codes } = this.options;
    const mobile = await this.numberToBind(member, input);
    if (input.verificationCode.trim() === '') throw new AppError(400, 'reg_field_required', { field: 'verificationCode' }, { field: 'verificationCode' });
    await this.provePassword(member, input.password);
    if (await this.boundToAnother(member, mobile)) throw fieldError('exists.mobile.err', 'mobileNum');
    if (!(await codes.consume(member.merchantId, mobile.e164, 'bind_mobile', input.verificationCode.trim()))) {
      throw fieldError('sms.code.invalid', 'verificationCode');
    }
    const national = mobile.e164.slice(mobile.dialingCode.length);
    try {
      const updated = await pool.query(
        `UPDATE member SET country_dialing_code = $3, mobile = $4
          WHERE merchant_id = $1 AND id = $2
            AND NOT EXISTS (SELECT 1 FROM member_sms_two_factor t WHERE t.member_id = member.id)`,
        [member.merchantId, member.id, mobile.dialingCode, national],
      );
      // SMS sign-in verification was turned on meanwhile: the number it sends codes to stays.
      if (updated.rowCount !== 1) throw new AppError(400, 'mobile.change.sms.verification.on');
    } catch (error) {
      if (memberConflictOf(error) === 'mobile') throw fieldError('exists.mobile.err', 'mobileNum');
      throw error;
    }
    if (member.mobileE164) await this.tellPreviousContact('mobile', member, member.mobileE164, caller);
    return this.profile(member);
  }

  /** POST /wps/relay/bindEmail: the password, then the address (no other member of the merchant may use it). */
  async bindEmail(member: Member, input: BindEmailInput, caller: ProfileCaller): Promise<MemberProfile> {
    const { pool } = this.options;
    const email = input.email.trim();
    if (email === '') throw new AppError(400, 'reg_field_required', { field: 'email' }, { field: 'email' });
    if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw fieldError('email.format.err', 'email');
    await this.provePassword(member, input.password);
    const previous = await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`member-email:${member.merchantId}:${email.toLowerCase()}`]);
      const used = await client.query('SELECT 1 FROM member WHERE merchant_id = $1 AND lower(email) = lower($2) AND id <> $3 LIMIT 1', [
        member.merchantId,
        email,
        member.id,
      ]);
      if (used.rowCount !== 0) throw fieldError('exists.email.err', 'email');
      const before = await client.query<{ email: string | null }>('SELECT email FROM member WHERE merchant_id = $1 AND id = $2 FOR UPDATE', [
        member.merchantId,
        member.id,
      ]);
      await client.query('UPDATE member SET email = $3 WHERE merchant_id = $1 AND id = $2', [member.merchantId, member.id, email]);
      return before.rows[0]?.email ?? null;
    });
    if (previous && previous.toLowerCase() !== email.toLowerCase()) await this.tellPreviousContact('email', member, previous, caller);
    return this.profile(member);
  }

  /** The current password, throttled like a login (400 current.password.err when wrong). */
  private async provePassword(member: Member, password: string): Promise<void> {
    if (password === '') throw new AppError(400, 'reg_field_required', { field: 'password' }, { field: 'password' });
    if (!(await provePassword(this.options.pool, member, password, this.options.clock()))) throw fieldError('current.password.err', 'password');
  }

  /** Tells the replaced mobile number or e-mail address that the account moved away from it. */
  private async tellPreviousContact(kind: ContactKind, member: Member, to: string, caller: ProfileCaller): Promise<void> {
    const { pool, senders } = this.options;
    const language = await messageLanguage(pool, member.merchantId, caller.language, member.language);
    const notice = contactChangedNotice(kind, language, { brand: await brandOf(pool, member.merchantId), username: member.username });
    const sender = senders({ merchantId: member.merchantId, log: caller.log });
    try {
      if (kind === 'mobile') await sender.sendSms(to, notice.text);
      else await sender.sendEmail(to, notice.subject, notice.text);
    } catch (error) {
      // The change is made; a notice that could not go out is logged, not a failure of the change.
      caller.log.warn({ err: error, kind }, 'the notice to the previous contact could not be sent');
    }
  }
}
