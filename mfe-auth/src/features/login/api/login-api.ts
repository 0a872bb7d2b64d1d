import { api, isApiError, type LoginResult } from '@platform/shared';
import { countdownDeadline, type MobileNumber } from '@platform/shared/forms';
import {
  freePlayLoginCall,
  loginCaptchaCall,
  loginCall,
  loginVerificationCall,
  loginVerificationEmailCall,
  loginVerificationSmsCall,
  smsNoLoginCall,
  type ErrorCode,
  type LoginRequest,
  type SecondFactor,
} from '@platform/contract';

export type LoginType = NonNullable<LoginRequest['type']>;

/** The login request (the contract's), with the method always named. */
export type LoginPayload = LoginRequest & { type: LoginType };

/**
 * `POST /wps/session/login` (encrypted). `botCheck`: a solved bot check, for password logins
 * (features/bot-check). `firebaseChannel` + `firebaseIdToken`: an SMS login proved through the
 * merchant's Firebase SMS channel (features/phone-proof).
 */
export function logIn(payload: LoginPayload): Promise<LoginResult> {
  const data: LoginRequest = { username: payload.username, password: payload.password, type: payload.type };
  if (payload.captcha) {
    data.captcha = payload.captcha;
    if (payload.captchaId) data.captchaId = payload.captchaId;
  }
  if (payload.countryDialingCode) data.countryDialingCode = payload.countryDialingCode;
  if (payload.botCheck) data.botCheck = payload.botCheck;
  if (payload.firebaseChannel && payload.firebaseIdToken) {
    data.firebaseChannel = payload.firebaseChannel;
    data.firebaseIdToken = payload.firebaseIdToken;
  }
  return api.call(loginCall, { data });
}

export type { SecondFactor };

/** A second factor the server asks for before it gives a token (`login_verify_required`). */
export interface TwoFactorChallenge {
  /** The pending login the code completes. */
  ticket: string;
  /** The factors the member may use, the server's choice first. */
  factors: SecondFactor[];
  /** Where SMS codes go, masked (+880171*****78). */
  mobile: string | null;
  /** An SMS code went out with the challenge. */
  smsSent: boolean;
  /** Where e-mailed codes go, masked (pl***@example.com). */
  email: string | null;
  /** An e-mailed code went out with the challenge. */
  emailSent: boolean;
  /** The bound bank card whose account holder name is asked for, masked (BRAC Bank ****1234). */
  bankCard: string | null;
}

export const VERIFY_REQUIRED_CODE: ErrorCode = 'login_verify_required';

const FACTORS: readonly SecondFactor[] = ['totp', 'sms', 'email', 'bank_name'];
const isFactor = (value: unknown): value is SecondFactor => FACTORS.includes(value as SecondFactor);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The challenge carried by a `login_verify_required` failure, or null for any other failure. */
export function twoFactorChallengeOf(error: unknown): TwoFactorChallenge | null {
  if (!isApiError(error) || error.errorCode !== VERIFY_REQUIRED_CODE) return null;
  const value = (error.value ?? {}) as {
    ticket?: unknown;
    factors?: unknown;
    verifyType?: unknown;
    mobile?: unknown;
    smsSent?: unknown;
    email?: unknown;
    emailSent?: unknown;
    bankCard?: unknown;
  };
  if (typeof value.ticket !== 'string' || !value.ticket) return null;
  const listed = Array.isArray(value.factors) ? value.factors.filter(isFactor) : [];
  const first = isFactor(value.verifyType) ? value.verifyType : listed[0];
  const factors = first ? [first, ...listed.filter((factor) => factor !== first)] : [];
  if (factors.length === 0) return null;
  return {
    ticket: value.ticket,
    factors,
    mobile: textOrNull(value.mobile),
    smsSent: value.smsSent === true,
    email: textOrNull(value.email),
    emailSent: value.emailSent === true,
    bankCard: textOrNull(value.bankCard),
  };
}

/** `POST /wps/session/login/verification` (encrypted): the second factor of a pending login. */
export function verifyLogin(challenge: TwoFactorChallenge, type: SecondFactor, code: string): Promise<LoginResult> {
  return api.call(loginVerificationCall, { data: { ticket: challenge.ticket, type, code } });
}

/** Whether a login failure asks for the image captcha (its value.captcha). */
export function demandsCaptcha(error: unknown): boolean {
  return isApiError(error) && Boolean((error.value as { captcha?: unknown } | null)?.captcha);
}

/**
 * `GET /wps/session/login/captcha`: whether a password login from here (of this account, when
 * typed) must carry the image captcha, so the form shows it before the first submit. Quiet: a
 * failure to ask leaves the form as it is (the login's own answer still demands the captcha).
 */
export async function loginNeedsCaptcha(username?: string): Promise<boolean> {
  try {
    const value = await api.call(loginCaptchaCall, { params: username ? { username } : {} });
    return value.captcha;
  } catch {
    return false;
  }
}

/** `POST /wps/session/login/freeplay`: a guest account with play money (isAgent 4). */
export function logInForFreePlay(): Promise<LoginResult> {
  return api.call(freePlayLoginCall, { data: { os: navigatorOs(), platform: 'W' } });
}

function navigatorOs(): string {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/android/i.test(agent)) return 'android';
  if (/iphone|ipad|ipod/i.test(agent)) return 'ios';
  if (/windows/i.test(agent)) return 'windows';
  if (/mac os/i.test(agent)) return 'mac';
  if (/linux/i.test(agent)) return 'linux';
  return 'other';
}

/**
 * `POST /wps/verification/sms/noLogin`: a code for logging in by SMS, with a solved bot check when
 * there is one (features/bot-check). Resolves to when the countdown ends.
 */
export async function sendLoginCode({ countryDialingCode, mobileNum }: MobileNumber, botCheck?: string): Promise<number> {
  const value = await api.call(smsNoLoginCall, { data: { countryDialingCode, mobileNo: mobileNum, ...(botCheck ? { botCheck } : {}) } });
  return countdownDeadline(value);
}

/** `POST /wps/session/login/verification/sms`: the pending login's SMS code, again. Resolves to when the countdown ends. */
export async function resendLoginCode(challenge: TwoFactorChallenge): Promise<number> {
  const value = await api.call(loginVerificationSmsCall, { data: { ticket: challenge.ticket } });
  return countdownDeadline(value);
}

/** `POST /wps/session/login/verification/email`: the pending login's e-mailed code, again. Resolves to when the countdown ends. */
export async function resendLoginEmailCode(challenge: TwoFactorChallenge): Promise<number> {
  const value = await api.call(loginVerificationEmailCall, { data: { ticket: challenge.ticket } });
  return countdownDeadline(value);
}
