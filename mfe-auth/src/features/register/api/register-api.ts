import { api, countdownDeadline, isApiError, type LoginResult, type MobileNumber, type Promotion, type SmsSendValue } from '@platform/shared';
import { REGISTER_METHOD } from '../../../lib/auth-constants';

/** `GET /wps/agent/affiliate`: whether an invitation code belongs to an agent of this site. */
export async function isAffiliateCodeValid(code: string): Promise<boolean> {
  try {
    const value = (await api.call('affiliateCheck', { params: { code, domain: window.location.host } })) as unknown;
    if (typeof value === 'boolean') return value;
    if (value && typeof value === 'object' && 'valid' in value) return Boolean((value as { valid: unknown }).valid);
    return true;
  } catch (error) {
    // A refused code answers with an error; a broken network is not the player's code's fault,
    // but the registration still cannot go on without the check.
    if (isApiError(error)) return false;
    throw error;
  }
}

/** `POST /wps/verification/sms/register`: a code proving the number at registration. Resolves to when the countdown ends. */
export async function sendRegisterCode({ countryDialingCode, mobileNum }: MobileNumber): Promise<number> {
  const value = (await api.call('smsRegister', { data: { countryDialingCode, mobileNo: mobileNum } })) as SmsSendValue;
  return countdownDeadline(value);
}

export type RegisterMode = 'register' | 'registerMobile';

/** What the registration answers: the new member's session. */
export interface RegisterResult extends LoginResult {
  /**
   * Mobile registration without password fields: the account is the mobile number and its
   * password was generated (the member logs in later by SMS code or resets it).
   */
  generatedAccount?: boolean;
}

/**
 * `PUT /wps/member/register` or `/register/mobile` (encrypted). The submission adds what SPEC §3
 * lists besides the fields: login, registerUrl, registerMethod WEB, domain.
 */
export function register(mode: RegisterMode, fields: Record<string, string>): Promise<RegisterResult> {
  const data = {
    ...fields,
    login: true,
    registerUrl: window.location.href,
    registerMethod: REGISTER_METHOD,
    domain: window.location.host,
  };
  return api.call(mode === 'registerMobile' ? 'registerMobile' : 'register', { data }) as Promise<RegisterResult>;
}

/** New-player promotions for the registration page's slider (from the index notice). */
export async function newPlayerPromotions(): Promise<Promotion[]> {
  const notice = await api.call('indexNotice');
  return (notice?.promotion ?? []).filter((promotion) => promotion.category === 'new_player');
}
