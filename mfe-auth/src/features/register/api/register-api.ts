import { api, isApiError, type Promotion } from '@platform/shared';
import { countdownDeadline, type MobileNumber } from '@platform/shared/forms';
import {
  affiliateCheckCall,
  indexNoticeCall,
  registerCall,
  registerMobileCall,
  smsRegisterCall,
  type RegisterResult,
} from '@platform/contract';
import { REGISTER_METHOD } from '../../../lib/auth-constants';

/** `GET /wps/agent/affiliate`: whether an invitation code belongs to an agent of this site. */
export async function isAffiliateCodeValid(code: string): Promise<boolean> {
  try {
    const value: unknown = await api.call(affiliateCheckCall, { params: { code, domain: window.location.host } });
    if (typeof value === 'boolean') return value;
    if (value && typeof value === 'object' && 'valid' in value) return Boolean((value as { valid: unknown }).valid);
    return true;
  } catch (error) {
    // Only 'invalid.affiliate.code' says the code is wrong. Anything else (too many checks from
    // this address, a broken network) is not the player's code's fault, and the registration
    // cannot go on without the check: the form shows why.
    if (isApiError(error) && error.errorCode === 'invalid.affiliate.code') return false;
    throw error;
  }
}

/**
 * `POST /wps/verification/sms/register`: a code proving the number at registration, with a solved
 * bot check when there is one (features/bot-check). Resolves to when the countdown ends.
 */
export async function sendRegisterCode({ countryDialingCode, mobileNum }: MobileNumber, botCheck?: string): Promise<number> {
  const value = await api.call(smsRegisterCall, { data: { countryDialingCode, mobileNo: mobileNum, ...(botCheck ? { botCheck } : {}) } });
  return countdownDeadline(value);
}

export type RegisterMode = 'register' | 'registerMobile';

/** What the registration answers: the new member's session (generatedAccount: see the contract). */
export type { RegisterResult };

/**
 * `PUT /wps/member/register` or `/register/mobile` (encrypted). The payload carries, besides
 * the fields: login, registerUrl, registerMethod WEB, domain; and a solved bot
 * check when there is one (features/bot-check).
 */
export function register(mode: RegisterMode, fields: Record<string, string>, botCheck?: string): Promise<RegisterResult> {
  const data = {
    ...fields,
    login: true,
    registerUrl: window.location.href,
    registerMethod: REGISTER_METHOD,
    domain: window.location.host,
    ...(botCheck ? { botCheck } : {}),
  };
  return api.call(mode === 'registerMobile' ? registerMobileCall : registerCall, { data });
}

/** New-player promotions for the registration page's slider (from the index notice). */
export async function newPlayerPromotions(signal?: AbortSignal): Promise<Promotion[]> {
  const notice = await api.call(indexNoticeCall, { signal });
  return (notice?.promotion ?? []).filter((promotion) => promotion.category === 'new_player');
}
