import { api, type LoginResult } from '@platform/shared';
import {
  forgotPasswordByEmailCall,
  forgotPasswordSmsCall,
  loginCall,
  resetPasswordByEmailTokenCall,
  resetPasswordByPhoneCall,
} from '@platform/shared/contract';
import type { MobileNumber } from '../../../api/sms-api';

/** `POST /wps/member/password/email` (form post): a reset link to the account's e-mail. */
export async function requestResetEmail(username: string, email: string): Promise<void> {
  await api.call(forgotPasswordByEmailCall, { data: { username, email } });
}

/**
 * `POST /wps/member/password/sms` (encrypted): a reset code to the account's mobile. Resolves to
 * when the code expires (value.expirationTime, epoch ms), which the countdown follows.
 */
export async function sendResetCode({ countryDialingCode, mobileNum }: MobileNumber): Promise<number> {
  const value = await api.call(forgotPasswordSmsCall, { data: { countryDialingCode, mobileNum } });
  const expiresAt = Number(value?.expirationTime);
  // Without a usable time the button waits one minute, as for any other SMS.
  return Number.isFinite(expiresAt) && expiresAt > Date.now() ? expiresAt : Date.now() + 60_000;
}

export interface PhoneReset extends MobileNumber {
  verificationCode: string;
  newPassword: string;
}

/** `POST /wps/member/password/verification` (encrypted): sets the new password. Resolves to the account name. */
export async function resetByPhone(reset: PhoneReset): Promise<string | null> {
  const value = await api.call(resetPasswordByPhoneCall, { data: reset });
  return value?.userName ?? null;
}

/** Logs in with the password just set (SPEC §4: reset by phone logs the player in). */
export function logInWithNewPassword(username: string, password: string): Promise<LoginResult> {
  return api.call(loginCall, { data: { username, password, type: 'username' } });
}

/**
 * `POST /wps/member/password/email/reset` (encrypted): the new password for the e-mailed link's
 * token (the link is <site>/?resetToken=<token>). Resolves to the account name.
 */
export async function resetWithEmailToken(token: string, newPassword: string, confirmNewPassword: string): Promise<string | null> {
  const value = await api.call(resetPasswordByEmailTokenCall, { data: { token, newPassword, confirmNewPassword } });
  return value?.userName ?? null;
}
