import { api } from '@platform/shared';
import { smsNoLoginCall, smsRegisterCall } from '@platform/shared/contract';
import { SECONDS_PER_SMS_MINUTE } from '../lib/auth-constants';

export interface MobileNumber {
  /** '+880' */
  countryDialingCode: string;
  /** National number, digits only. */
  mobileNum: string;
}

interface SmsSendValue {
  expiredMinutes?: number;
}

/** When the get-code countdown ends: 60 s × the code's lifetime in minutes (at least one minute). */
export function countdownDeadline(value: SmsSendValue | null | undefined, now = Date.now()): number {
  const minutes = Number(value?.expiredMinutes);
  const lifetime = Number.isFinite(minutes) && minutes > 0 ? minutes : 1;
  return now + lifetime * SECONDS_PER_SMS_MINUTE * 1000;
}

/** `POST /wps/verification/sms/noLogin`: a code for logging in by SMS. */
export async function sendLoginCode({ countryDialingCode, mobileNum }: MobileNumber): Promise<number> {
  const value = await api.call(smsNoLoginCall, { data: { countryDialingCode, mobileNo: mobileNum } });
  return countdownDeadline(value);
}

/** `POST /wps/verification/sms/register`: a code proving the number at registration. */
export async function sendRegisterCode({ countryDialingCode, mobileNum }: MobileNumber): Promise<number> {
  const value = await api.call(smsRegisterCall, { data: { countryDialingCode, mobileNo: mobileNum } });
  return countdownDeadline(value);
}
