import type { LoginRequest } from '@platform/contract';
import type { Db } from '../../db/pool';
import { AppError } from '../../http/envelope';
import { verifyCaptcha } from '../captcha';
import * as members from '../identity';
import { isModuleEnabled, readAccountSettings } from '../merchant';
import { phoneProofNotEnabled, phoneProofRequestOf, type FirebaseSmsSettings } from '../phone-proof';
import { forgiveAttempt, reserveAttempts, tooManyRequests } from '../rate-limit';
import type { AccountHooks, AccountRequestContext } from './account-hooks';
import { forgetOwnFailures, loginThrottle } from './login-throttle';
import { insertLoginAttempt, selectHasPriorFailures, type LoginAttemptRow } from './session.queries';
import { issueLogin, type LoginValue } from './session.service';

// POST /wps/session/login. Order matters:
//   1. the attempt is counted against the client IP, the account from this IP, and the account
//      from everywhere (login-throttle.ts); a locked one is refused here, before any captcha, code
//      or password is looked at;
//   2. after an earlier failure (of this account from anywhere, or of this IP) a correct captcha is
//      required;
//   3. the password (argon2id) or the SMS code (verification module) is checked; or, where the
//      merchant has the Firebase SMS channel and the body names it (firebaseChannel 'sms'), the
//      Firebase ID token instead of the code (phone-proof module): valid, of the number sent, and
//      not used before; its failures count like a wrong code;
//   4. success forgets this IP's failures of the account (also from the account's count) and takes
//      this attempt back from the IP; then an optional second factor (login_verify_required), else
//      a new session.
// Every failure answers value { captcha: true }: the next try must carry a captcha.

/** The login request (the contract's), with the type the route defaults to username. */
export type LoginInput = LoginRequest & { type: LoginType };
export type LoginType = NonNullable<LoginRequest['type']>;

export interface LoginEnvironment {
  db: Db;
  hooks: AccountHooks;
  merchantId: number;
  clientIp: string;
  userAgent: string | undefined;
  nowMs: number;
  /** The caller's `Language` header. */
  language?: string;
}

/** The E.164 number an SMS login names, if it can be told without a look-up. */
function smsNumberOf(input: LoginInput): string {
  const digits = input.username.replace(/[\s-]/g, '');
  if (digits.startsWith('+')) return digits;
  if (input.countryDialingCode) return `${input.countryDialingCode}${digits.replace(/^0+/, '')}`;
  return digits;
}

async function findSmsMember(db: Db, merchantId: number, number: string): Promise<members.MemberWithCredentials | undefined> {
  if (number.startsWith('+')) return members.selectMemberByMobileE164(db, merchantId, number);
  // National digits without a dialling code: only an unambiguous match counts.
  const matches = await members.selectMembersByMobile(db, merchantId, number.replace(/^0+/, ''));
  return matches.length === 1 ? matches[0] : undefined;
}

export async function login(env: LoginEnvironment, input: LoginInput): Promise<LoginValue> {
  const { db, merchantId, nowMs } = env;
  // The Firebase SMS channel, when the body names it: only where the merchant set it up, for SMS logins.
  const proofRequest = phoneProofRequestOf(input);
  let firebase: FirebaseSmsSettings | undefined;
  if (proofRequest) {
    firebase = await env.hooks.phoneProof?.settingsOf(db, merchantId);
    if (!firebase) throw phoneProofNotEnabled();
    if (input.type !== 'sms') throw new AppError(400, 'request.param.err', { detail: 'firebaseChannel is for login type sms only' });
  }
  if (input.type === 'sms') {
    // Checked before counting: a disabled feature is not a failed attempt.
    if ((!proofRequest && !env.hooks.loginCodeVerifier) || !(await isModuleEnabled(db, merchantId, 'MOBILEVERCODELOGIN3'))) {
      throw new AppError(400, 'function.not.available', { detail: 'login with an SMS code is not enabled' });
    }
  }
  const settings = await readAccountSettings(db, merchantId);
  const username = input.username.trim();
  // Bot check (password logins; an SMS login's check was made when its code was sent): before
  // counting, so a refusal costs an HMAC and nothing else.
  if (input.type === 'username') {
    await env.hooks.botCheck?.verify({ merchantId, clientIp: env.clientIp, account: username, answer: input.botCheck, nowMs });
  }
  // SMS login: the member is found first, so every spelling of a number counts against it.
  const smsMember = input.type === 'sms' ? await findSmsMember(db, merchantId, smsNumberOf(input)) : undefined;
  const throttle = loginThrottle(settings, input.type === 'sms' ? (smsMember?.mobileE164 ?? smsNumberOf(input)) : username, env.clientIp);
  const record = (outcome: LoginAttemptRow['outcome'], memberId: number | null = null) =>
    insertLoginAttempt(db, { merchantId, username, memberId, clientIp: env.clientIp, loginType: input.type, outcome, nowMs });
  const failed = async (
    errorCode: 'captcha.err' | 'username.or.password.err' | 'sms.code.invalid' | 'firebase.token.invalid' | 'firebase.phone.mismatch',
    outcome: LoginAttemptRow['outcome'],
    memberId: number | null = null,
    detail?: string,
  ) => {
    await record(outcome, memberId);
    return new AppError(400, errorCode, detail ? { detail } : {}, { captcha: true });
  };

  // Broadest first; the pair before the account, so a stranger's refused attempts never reach it.
  const reservation = await reserveAttempts(db, merchantId, [throttle.ip, throttle.pair, throttle.account], nowMs);
  if (!reservation.allowed) {
    await record('locked');
    throw tooManyRequests(settings.lockoutMinutes, reservation.lockedUntilMs);
  }

  if (reservation.priorFailures > 0 && !(await verifyCaptcha(db, merchantId, input.captchaId, input.captcha, nowMs))) {
    throw await failed('captcha.err', 'bad_captcha');
  }

  let member: members.MemberWithCredentials | undefined;
  if (input.type === 'username') {
    member = await members.selectMemberByUsername(db, merchantId, username);
    const passwordMatches = member ? await members.verifyPassword(member.passwordHash, input.password) : await members.verifyAgainstDecoy(input.password);
    if (!member || !passwordMatches) throw await failed('username.or.password.err', 'bad_password', member?.id ?? null);
  } else if (proofRequest && firebase && env.hooks.phoneProof) {
    // The token first, whether or not the number has an account: without a valid token of its
    // own number nobody learns which numbers have one.
    member = smsMember;
    const gate = env.hooks.phoneProof;
    const checked = await gate.check(firebase, proofRequest, member?.mobileE164 ?? smsNumberOf(input), nowMs);
    if (!checked.ok) throw await failed(checked.errorCode, 'bad_code', member?.id ?? null, checked.reason);
    if (!member) throw await failed('sms.code.invalid', 'bad_code');
    if (!(await gate.claim(db, merchantId, checked.proof, nowMs))) throw await failed('firebase.token.invalid', 'bad_code', member.id, 'the token was used before');
  } else {
    member = smsMember;
    const context: AccountRequestContext = { db, merchantId, clientIp: env.clientIp, userAgent: env.userAgent, nowMs, language: env.language };
    const verifier = env.hooks.loginCodeVerifier;
    const codeMatches = member?.mobileE164 && verifier ? await verifier.verifyLoginCode(context, member.mobileE164, input.password.trim()) : false;
    if (!member || !codeMatches) throw await failed('sms.code.invalid', 'bad_code', member?.id ?? null);
  }

  if (member.status !== 'active') {
    await record('blocked', member.id);
    throw new AppError(403, 'member.blocked');
  }

  await forgetOwnFailures(db, merchantId, throttle);
  await forgiveAttempt(db, merchantId, throttle.ip.key, throttle.ip.rule);

  const publicMember = members.withoutCredentials(member);
  const gate = env.hooks.twoFactorGate;
  const context: AccountRequestContext = { db, merchantId, clientIp: env.clientIp, userAgent: env.userAgent, nowMs, language: env.language };
  if (gate && (await gate.isRequired(context, publicMember))) {
    const challenge = await gate.challenge(context, publicMember, input.type, {
      enteredPassword: input.type === 'username' ? input.password : undefined,
    });
    await record('two_factor_required', member.id);
    throw new AppError(403, 'login_verify_required', {}, challenge);
  }

  const value = await issueLogin(db, publicMember, {
    loginType: input.type,
    clientIp: env.clientIp,
    userAgent: env.userAgent,
    nowMs,
    enteredPassword: input.type === 'username' ? input.password : undefined,
    settings,
  });
  await record('ok', member.id);
  return value;
}

/**
 * Whether a password login from this address (of this account, when named) must carry a captcha:
 * the keys login() counts have failures in their window (step 2 above). The login form asks
 * before its first submit, so it shows the captcha instead of having a correct password refused
 * with captcha.err. Reads only: asking counts as no attempt.
 */
export async function loginNeedsCaptcha(env: Pick<LoginEnvironment, 'db' | 'merchantId' | 'clientIp' | 'nowMs'>, username: string | undefined): Promise<boolean> {
  const { db, merchantId, nowMs } = env;
  const settings = await readAccountSettings(db, merchantId);
  const account = username?.trim() ?? '';
  const throttle = loginThrottle(settings, account, env.clientIp);
  const keys = account ? [throttle.ip, throttle.pair, throttle.account] : [throttle.ip];
  for (const { key, rule } of keys) {
    if (await selectHasPriorFailures(db, merchantId, key.scope, key.subject, rule.windowMs, nowMs)) return true;
  }
  return false;
}
