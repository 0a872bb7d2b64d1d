import { api, isApiError, type Promotion } from '@platform/shared';
import { affiliateCheckCall, indexNoticeCall, registerCall, registerMobileCall, type RegisterResult } from '@platform/shared/contract';
import { REGISTER_METHOD } from '../../../lib/auth-constants';

/** `GET /wps/agent/affiliate`: whether an invitation code belongs to an agent of this site. */
export async function isAffiliateCodeValid(code: string): Promise<boolean> {
  try {
    const value: unknown = await api.call(affiliateCheckCall, { params: { code, domain: window.location.host } });
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

export type RegisterMode = 'register' | 'registerMobile';

/** What the registration answers: the new member's session (generatedAccount: see the contract). */
export type { RegisterResult };

/** The field a refused registration names (value.field), so its message shows under it. */
export function refusedField(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const field = (error.value as { field?: unknown } | null)?.field;
  return typeof field === 'string' ? field : null;
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
  return api.call(mode === 'registerMobile' ? registerMobileCall : registerCall, { data });
}

/** New-player promotions for the registration page's slider (from the index notice). */
export async function newPlayerPromotions(): Promise<Promotion[]> {
  const notice = await api.call(indexNoticeCall);
  return (notice?.promotion ?? []).filter((promotion) => promotion.category === 'new_player');
}
