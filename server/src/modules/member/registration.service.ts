import { GUEST_MEMBER_TYPE } from '@platform/contract';
import { randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../http/envelope';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { withTransaction } from '../../db/transaction';
import { linkByCode, type LinkForRegistration } from '../agent';
import { verifyCaptcha } from '../captcha';
import * as queries from '../identity';
import { ensureMemberAccount, grantFreePlay } from '../ledger';
import { durationsOf, enabledModules, readAccountSettings, type AccountSettings } from '../merchant';
import { phoneProofNotEnabled, phoneProofRequestOf, type FirebaseSmsSettings } from '../phone-proof';
import { addressSubject, reserveAttempts, type ThrottleKey, type ThrottleRule } from '../rate-limit';
import { issueLogin, type AccountHooks, type AccountRequestContext, type LoginValue } from '../session';
import { recordFriendIn, resolveInviteCode } from '../referral';
import { selectRegisterRules } from '../system';
import { maskMobile } from './member-info';
import { validateRegistration, type RegisterMode } from './registration-rules';

// PUT /wps/member/register (account and password) and /register/mobile (mobile number), and the
// guest accounts of free play. A registration logs the new member in.
//
// Abuse limits: every registration that passes the field rules is counted, whatever
// its outcome, against the client address (an IPv6 address by its /64) and, when the browser
// sends one, its Device-Id, before anything is looked up or hashed:
//   - past registerPerIpPerHour (address) or registerPerDevicePerDay (device): 429 for the rest
//     of the lock;
//   - from registerCaptchaAfter earlier attempts on, the image captcha is required even when the
//     merchant's rules do not show it: 400 captcha.required with value { field: 'captcha',
//     captcha: true }, which the form answers by showing the captcha (a captcha flag in
//     the value shows it);
//   - the password hashes wait at the hashing gate (identity), which refuses past its queue.
// So one address can neither make accounts without end nor use the answers (exists.username.err,
// invalid.affiliate.code) as an unlimited oracle.

export interface RegistrationEnvironment {
  pool: pg.Pool;
  hooks: AccountHooks;
  merchant: ResolvedMerchant;
  clientIp: string;
  userAgent: string | undefined;
  /** The browser's Device-Id header, when it sent a well-formed one. */
  deviceId?: string;
  nowMs: number;
}

const HOUR_MS = 3_600_000;

function registrationLimits(settings: AccountSettings): { ip: ThrottleRule; device: ThrottleRule } {
  return {
    ip: { maxFailures: settings.registerPerIpPerHour, windowMs: HOUR_MS, lockMs: HOUR_MS },
    device: { maxFailures: settings.registerPerDevicePerDay, windowMs: 24 * HOUR_MS, lockMs: 24 * HOUR_MS },
  };
}

/**
 * Counts a registration attempt against the address and the device; throws 429 when either is
 * used up. Answers whether this attempt must carry a captcha.
 */
async function reserveRegistration(env: RegistrationEnvironment, settings: AccountSettings): Promise<{ captchaRequired: boolean }> {
  const limits = registrationLimits(settings);
  const keys: { key: ThrottleKey; rule: ThrottleRule }[] = [{ key: { scope: 'register.ip', subject: addressSubject(env.clientIp) }, rule: limits.ip }];
  if (env.deviceId) keys.push({ key: { scope: 'register.device', subject: env.deviceId }, rule: limits.device });
  const reservation = await reserveAttempts(env.pool, env.merchant.id, keys, env.nowMs);
  if (!reservation.allowed) {
    const minutes = Math.max(1, Math.ceil(((reservation.lockedUntilMs ?? env.nowMs) - env.nowMs) / 60_000));
    throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(minutes) }, { lockedUntil: reservation.lockedUntilMs });
  }
  return { captchaRequired: reservation.priorFailures >= settings.registerCaptchaAfter };
}

/** The login value plus what the legacy register answer carries. */
export interface RegisterValue extends LoginValue {
  /** '<merchant code>@<username>' */
  customerName: string;
  profile: { mobileNo: string | null };
  /** Mobile registration without password fields: the account and its password were generated. */
  generatedAccount: boolean;
}

/** Letters and digits, at least one of each: passes the usual password rules. */
function generatedPassword(): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  const characters = [letters[randomInt(letters.length)], digits[randomInt(digits.length)]];
  while (characters.length < 16) characters.push(all[randomInt(all.length)]);
  // Fisher-Yates, so the letter and digit are not always first.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j], characters[i]];
  }
  return characters.join('');
}

const optional = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

export async function register(env: RegistrationEnvironment, mode: RegisterMode, payload: Record<string, unknown>): Promise<RegisterValue> {
  const { pool, merchant, nowMs } = env;
  // The Firebase SMS channel, when the body names it: only where the merchant set it up. Its ID
  // token then proves the number in place of verificationCode (checked last, below).
  const proofRequest = phoneProofRequestOf(payload);
  let firebase: FirebaseSmsSettings | undefined;
  if (proofRequest) {
    firebase = await env.hooks.phoneProof?.settingsOf(pool, merchant.id);
    if (!firebase) throw phoneProofNotEnabled();
  }
  // The mode's own switch (USERNAMEREG3, MOBILENUMREG3) gates the route (config.feature).
  const switches = await enabledModules(pool, merchant.id, ['MOBILENUMPASSREG3', 'REGMOBVERF3'] as const);
  const rules = await selectRegisterRules(pool, merchant.id);
  const values = validateRegistration(payload, rules, mode, {
    passwordInMobileMode: switches.MOBILENUMPASSREG3,
    // With the Firebase channel no code of the site's own is asked for: the token is the proof.
    smsVerification: switches.REGMOBVERF3 && !proofRequest,
  });

  // The mobile number, with a dialling code the merchant offers.
  const mobile = values.mobileNum?.replace(/^0+/, '') || null;
  let countryDialingCode: string | null = null;
  if (mobile) {
    const code = typeof payload.countryDialingCode === 'string' ? payload.countryDialingCode.trim() : '';
    const normalised = code.startsWith('+') ? code : `+${code}`;
    if (!/^\+[0-9]{1,4}$/.test(normalised) || !(await queries.countryDialingCodeExists(pool, merchant.id, normalised))) {
      throw new AppError(400, 'invalid.country.code', {}, { field: 'countryDialingCode' });
    }
    countryDialingCode = normalised;
  }
  const mobileE164 = mobile && countryDialingCode ? `${countryDialingCode}${mobile}` : null;

  // The bot check, before counting: a refusal costs an HMAC and nothing else.
  await env.hooks.botCheck?.verify({
    merchantId: merchant.id,
    clientIp: env.clientIp,
    mobile: mobileE164 ?? undefined,
    answer: typeof payload.botCheck === 'string' ? payload.botCheck : undefined,
    nowMs,
  });

  // Counted before the captcha, the look-ups and the hashing, whatever the outcome.
  const settings = await readAccountSettings(pool, merchant.id);
  const { captchaRequired } = await reserveRegistration(env, settings);

  const context: AccountRequestContext = { db: pool, merchantId: merchant.id, clientIp: env.clientIp, userAgent: env.userAgent, nowMs };
  if (rules.captcha?.enabled || captchaRequired) {
    // With the merchant's captcha off the field is not in `values`: read it as sent.
    const answer = values.captcha ?? (typeof payload.captcha === 'string' ? payload.captcha.trim() : '');
    if (answer === '') throw new AppError(400, 'captcha.required', {}, { field: 'captcha', captcha: true });
    const captchaId = typeof payload.captchaId === 'string' ? payload.captchaId : undefined;
    if (!(await verifyCaptcha(pool, merchant.id, captchaId, answer, nowMs))) {
      throw new AppError(400, 'captcha.err', {}, { field: 'captcha', captcha: true });
    }
  }

  // An invitation code, typed or carried from the site URL, must belong to an agent or be a
  // member's invitation code.
  const referral = typeof payload.referralCode === 'string' ? payload.referralCode.trim() : '';
  const affiliateCode = values.affiliateCode ?? (referral || undefined);
  // An agent's affiliate link decides the upline, the account type and the rebate
  // setting; an agent's own affiliate code only the upline. Asked first, so agents' codes keep
  // doing what they did. Otherwise a member's invitation code (modules/referral) makes the new
  // player that member's friend: no upline, no downline.
  let uplineId: number | null = null;
  let link: LinkForRegistration | undefined;
  let invitation: Awaited<ReturnType<typeof resolveInviteCode>>;
  if (affiliateCode) {
    link = await linkByCode(pool, merchant.id, affiliateCode, nowMs);
    const agent = link ? undefined : await queries.selectAgentByAffiliateCode(pool, merchant.id, affiliateCode);
    invitation = link || agent ? undefined : await resolveInviteCode(pool, merchant.id, affiliateCode);
    if (!link && !agent && !invitation) throw new AppError(400, 'invalid.affiliate.code', {}, { field: 'affiliateCode' });
    uplineId = link?.agentId ?? agent?.id ?? null;
  }

  const username = mode === 'mobile' ? (mobile as string) : (values.username as string);
  if (await queries.selectMemberByUsername(pool, merchant.id, username)) {
    throw new AppError(400, mode === 'mobile' ? 'exists.mobile.err' : 'exists.username.err', {}, { field: mode === 'mobile' ? 'mobileNum' : 'username' });
  }
  if (mobileE164 && (await queries.selectMemberByMobileE164(pool, merchant.id, mobileE164))) {
    throw new AppError(400, 'exists.mobile.err', {}, { field: 'mobileNum' });
  }

  // Last, so a code (or a Firebase ID token) is not used up by a registration that fails anyway.
  // A token sent is checked even where REGMOBVERF3 is off: a proof sent is never ignored.
  if (proofRequest && firebase && env.hooks.phoneProof) {
    const gate = env.hooks.phoneProof;
    const checked = await gate.check(firebase, proofRequest, mobileE164, nowMs);
    if (!checked.ok) throw new AppError(400, checked.errorCode, { detail: checked.reason }, { field: 'verificationCode' });
    if (!(await gate.claim(pool, merchant.id, checked.proof, nowMs))) {
      throw new AppError(400, 'firebase.token.invalid', { detail: 'the token was used before' }, { field: 'verificationCode' });
    }
  } else if (switches.REGMOBVERF3 && mobileE164) {
    const verifier = env.hooks.registrationCodeVerifier;
    if (!verifier) throw new AppError(400, 'function.not.available', { detail: 'SMS verification is not available' });
    if (!(await verifier.verifyRegistrationCode(context, mobileE164, values.verificationCode ?? ''))) {
      throw new AppError(400, 'sms.code.invalid', {}, { field: 'verificationCode' });
    }
  }

  const generatedAccount = mode === 'mobile' && !switches.MOBILENUMPASSREG3;
  const password = generatedAccount ? generatedPassword() : (values.password as string);
  const maxAgeMs = durationsOf(settings).passwordMaxAgeMs;
  const [passwordHash, paymentPasswordHash] = await Promise.all([
    queries.hashPassword(password),
    values.paymentPassword ? queries.hashPassword(values.paymentPassword) : Promise.resolve(null),
  ]);
  const language = typeof payload.language === 'string' && /^[A-Za-z]{2}$/.test(payload.language) ? payload.language.toUpperCase() : null;

  let member: queries.MemberWithCredentials;
  try {
    member = await withTransaction(pool, async (client) => {
      const inserted = await queries.insertMember(client, {
        merchantId: merchant.id,
        username,
        passwordHash,
        passwordExpiresAtMs: maxAgeMs === null ? null : nowMs + maxAgeMs,
        firstTimeLogin: false,
        memberType: link?.memberType ?? 0,
        uplineId,
        countryDialingCode,
        mobile,
        email: optional(values.email),
        payeeName: optional(values.payeeName),
        qqNum: optional(values.qqNum),
        line: optional(values.line),
        whatsapp: optional(values.whatsapp),
        zalo: optional(values.zalo),
        facebook: optional(values.facebook),
        wechat: optional(values.wechat),
        idNumber: optional(values.idNumber),
        paymentPasswordHash,
        language,
        registerMethod: 'WEB',
        registerUrl: typeof payload.registerUrl === 'string' ? payload.registerUrl.slice(0, 2048) : null,
        registerIp: env.clientIp,
        nowMs,
      });
      if (link) await client.query('UPDATE member SET affiliate_link_id = $2, rebate_series = $3 WHERE id = $1', [inserted.id, link.linkId, link.rebateSeries]);
      if (invitation?.record) {
        await recordFriendIn(client, { merchantId: merchant.id, inviterId: invitation.inviterId, inviteeId: inserted.id, code: invitation.code, deviceId: env.deviceId, nowMs });
      }
      await ensureMemberAccount(client, merchant.id, inserted.id, 'REAL', nowMs);
      return inserted;
    });
  } catch (error) {
    // Two registrations of the same name at the same moment: the unique index decides.
    const conflict = queries.memberConflictOf(error);
    if (conflict === 'username') throw new AppError(400, mode === 'mobile' ? 'exists.mobile.err' : 'exists.username.err');
    if (conflict === 'mobile') throw new AppError(400, 'exists.mobile.err');
    throw error;
  }

  const login = await issueLogin(pool, queries.withoutCredentials(member), {
    loginType: 'register',
    clientIp: env.clientIp,
    userAgent: env.userAgent,
    nowMs,
  });
  return {
    ...login,
    customerName: `${merchant.code}@${member.username}`,
    profile: { mobileNo: maskMobile(member.countryDialingCode, member.mobile) },
    generatedAccount,
  };
}

/** 'guest' and 10 random lower-case letters and digits. */
function guestUsername(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let name = 'guest';
  for (let i = 0; i < 10; i++) name += alphabet[randomInt(alphabet.length)];
  return name;
}

/**
 * A free-play guest (isAgent 4) with a random unusable password and the merchant's play-money
 * grant, logged in.
 */
export async function createGuest(env: Omit<RegistrationEnvironment, 'hooks'>): Promise<LoginValue> {
  const { pool, merchant, nowMs } = env;
  const settings = await readAccountSettings(pool, merchant.id);
  // Each guest is a database row and a grant: a client IP gets a limited number per hour.
  const hourMs = 3_600_000;
  const reservation = await reserveAttempts(
    pool,
    merchant.id,
    [{ key: { scope: 'freeplay.ip', subject: env.clientIp.slice(0, 200) }, rule: { maxFailures: settings.freePlayPerIpPerHour, windowMs: hourMs, lockMs: hourMs } }],
    nowMs,
  );
  if (!reservation.allowed) {
    throw new AppError(429, 'TOO_MANY_REQUESTS', { minutes: String(Math.ceil(((reservation.lockedUntilMs ?? nowMs) - nowMs) / 60_000)) });
  }
  // Nobody knows this password: a guest only ever has the session made here.
  const passwordHash = await queries.hashPassword(randomBytes(32).toString('base64url'));
  let member: queries.MemberWithCredentials | undefined;
  for (let attempt = 0; !member; attempt++) {
    try {
      member = await queries.insertMember(pool, {
        merchantId: merchant.id,
        username: guestUsername(),
        passwordHash,
        passwordExpiresAtMs: null,
        firstTimeLogin: false,
        memberType: GUEST_MEMBER_TYPE,
        uplineId: null,
        registerMethod: 'FREEPLAY',
        registerIp: env.clientIp,
        nowMs,
      });
    } catch (error) {
      // 36^10 names make a collision unlikely; a few retries make it harmless.
      if (queries.memberConflictOf(error) !== 'username' || attempt >= 4) throw error;
    }
  }
  await grantFreePlay(pool, merchant.id, member.id, settings.freePlayAmountMinor, nowMs);
  return issueLogin(pool, queries.withoutCredentials(member), {
    loginType: 'freeplay',
    clientIp: env.clientIp,
    userAgent: env.userAgent,
    nowMs,
  });
}
