// Timing rules of the shared form parts.

/** An SMS code stays valid this many seconds per minute the server gives (60 s × expiredMinutes). */
export const SECONDS_PER_SMS_MINUTE = 60;

/** SMS sends and captcha refreshes: at most one per second. */
export const THROTTLE_MS = 1000;

/** A dropdown (the country list, the login-method list) closes this long after it loses focus. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;
