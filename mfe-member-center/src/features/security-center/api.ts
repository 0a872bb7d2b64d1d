import { api } from '@platform/shared';
import {
  bindEmailCall,
  bindMobileSendCodeCall,
  bindMobileVerifyCall,
  changePasswordCall,
  changeWithdrawPasswordCall,
  memberInfoV2Call,
  resetPaymentPasswordCall,
  securityConfigCall,
  setWithdrawPasswordCall,
  twoFactorBankNameCall,
  twoFactorEmailCall,
  twoFactorEmailCodeCall,
  twoFactorTotpConfirmCall,
  twoFactorTotpRemoveCall,
  twoFactorTotpStartCall,
  updateMemberInfoCall,
  type CallDefinition,
  type MemberProfile,
  type MemberProfileUpdate,
  type SecurityConfig,
  type TotpEnrolment,
} from '@platform/contract';
import { countdownDeadline, type MobileNumber } from '@platform/shared/forms';

// The page's calls. The forms show every refusal themselves (under the field the server names, or
// above the button), so each call is sent quiet: the API client shows no toast of its own.
const quiet = <C extends CallDefinition>(call: C): C => ({ ...call, quiet: true });

export type { MemberProfile, SecurityConfig, TotpEnrolment };

export const fetchProfile = (signal: AbortSignal): Promise<MemberProfile> => api.call(memberInfoV2Call, { signal });
export const fetchSecurityConfig = (signal: AbortSignal): Promise<SecurityConfig> => api.call(securityConfigCall, { signal });

export const updateProfile = (changes: MemberProfileUpdate): Promise<MemberProfile> => api.call(updateMemberInfoCall, { data: changes });

/** Sends a code to the number to bind; resolves to when the get-code countdown ends. */
export async function sendBindCode(mobile: MobileNumber): Promise<number> {
  return countdownDeadline(await api.call(bindMobileSendCodeCall, { data: mobile }));
}

export const bindMobile = (data: MobileNumber & { verificationCode: string; password: string }): Promise<MemberProfile> =>
  api.call(bindMobileVerifyCall, { data });

export const bindEmail = (data: { email: string; password: string }): Promise<MemberProfile> => api.call(bindEmailCall, { data });

export async function changeLoginPassword(data: { oldPassword: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  await api.call(quiet(changePasswordCall), { data });
}

export async function setPaymentPassword(data: { paymentPassword: string; confirmPaymentPassword: string }): Promise<void> {
  await api.call(quiet(setWithdrawPasswordCall), { data });
}

export async function changePaymentPassword(data: { oldPassword: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  await api.call(quiet(changeWithdrawPasswordCall), { data });
}

export async function resetPaymentPassword(data: { loginPassword: string; newPassword: string; confirmNewPassword: string }): Promise<void> {
  await api.call(quiet(resetPaymentPasswordCall), { data });
}

export const startTotp = (): Promise<TotpEnrolment> => api.call(quiet(twoFactorTotpStartCall));
export const confirmTotp = (data: { code: string; password: string }): Promise<SecurityConfig> => api.call(quiet(twoFactorTotpConfirmCall), { data });
export const removeTotp = (data: { code: string; password: string }): Promise<SecurityConfig> => api.call(quiet(twoFactorTotpRemoveCall), { data });

/** E-mails a code for turning e-mail sign-in verification on or off; resolves to when the get-code countdown ends. */
export async function sendEmailFactorCode(): Promise<number> {
  return countdownDeadline(await api.call(quiet(twoFactorEmailCodeCall)));
}
export const setEmailFactor = (data: { enabled: boolean; code: string; password: string }): Promise<SecurityConfig> =>
  api.call(quiet(twoFactorEmailCall), { data });
export const setBankNameFactor = (data: { enabled: boolean; name: string; password: string }): Promise<SecurityConfig> =>
  api.call(quiet(twoFactorBankNameCall), { data });
