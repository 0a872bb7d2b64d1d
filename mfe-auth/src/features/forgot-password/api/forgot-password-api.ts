import { api, type LoginResult } from '@platform/shared';
import { type MobileNumber } from '@platform/shared/forms';
import {
  forgotPasswordByEmailCall,
  forgotPasswordSmsCall,
  loginCall,
  resetPasswordByEmailTokenCall,
  resetPasswordByPhoneCall,
  type PasswordResetResult,
} from '@platform/contract';

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

/**
 * What a reset answers: the account name to log in with, and the second factors the reset kept
 * (two-step sign-in stays on: the player is told, and the login will ask for a code).
 */
export interface ResetOutcome {
  userName: string | null;
  secondFactors: readonly string[];
}

function outcomeOf(value: Partial<PasswordResetResult> | null | undefined): ResetOutcome {
  return { userName: value?.userName ?? null, secondFactors: value?.secondFactors ?? [] };
}

/** `POST /wps/member/password/verification` (encrypted): sets the new password. */
export async function resetByPhone(reset: PhoneReset): Promise<ResetOutcome> {
  return outcomeOf(await api.call(resetPasswordByPhoneCall, { data: reset }));
}

/** Logs in with the password just set (a reset by phone logs the player in). */
export function logInWithNewPassword(username: string, password: string): Promise<LoginResult> {
  return api.call(loginCall, { data: { username, password, type: 'username' } });
}

/**
 * `POST /wps/member/password/email/reset` (encrypted): the new password for the e-mailed link's
 * token (the link is <site>/?resetToken=<token>).
 */
export async function resetWithEmailToken(token: string, newPassword: string, confirmNewPassword: string): Promise<ResetOutcome> {
  return outcomeOf(await api.call(resetPasswordByEmailTokenCall, { data: { token, newPassword, confirmNewPassword } }));
}
