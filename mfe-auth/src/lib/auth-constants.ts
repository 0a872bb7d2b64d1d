// Business constants of the auth screens (SPEC §9).

/** An SMS code stays valid this many seconds per minute the server gives (60 s × expiredMinutes). */
export const SECONDS_PER_SMS_MINUTE = 60;

/** SMS sends and captcha refreshes: at most one per second. */
export const THROTTLE_MS = 1000;

/** The country list closes this long after the picker loses focus; the login-method list too. */
export const DROPDOWN_CLOSE_DELAY_MS = 200;

/** The new-player promotion slider moves on every 5000 ms when it has more than one slide. */
export const PROMOTION_AUTOPLAY_MS = 5000;

/** Registration is always from the web (SPEC §3). */
export const REGISTER_METHOD = 'WEB';
