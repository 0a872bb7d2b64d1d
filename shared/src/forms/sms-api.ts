import { SECONDS_PER_SMS_MINUTE } from './form-constants';

export interface MobileNumber {
  /** '+880' */
  countryDialingCode: string;
  /** National number, digits only. */
  mobileNum: string;
}

/** What an SMS send answers: how long the code stays valid. */
export interface SmsSendValue {
  expiredMinutes?: number;
}

/** When the get-code countdown ends: 60 s × the code's lifetime in minutes (at least one minute). */
export function countdownDeadline(value: SmsSendValue | null | undefined, now = Date.now()): number {
  const minutes = Number(value?.expiredMinutes);
  const lifetime = Number.isFinite(minutes) && minutes > 0 ? minutes : 1;
  return now + lifetime * SECONDS_PER_SMS_MINUTE * 1000;
}
