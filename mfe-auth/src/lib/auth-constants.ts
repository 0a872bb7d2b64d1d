// Business constants of the auth screens.

/** The new-player promotion slider moves on every 5000 ms when it has more than one slide. */
export const PROMOTION_AUTOPLAY_MS = 5000;

/** Registration is always from the web. */
export const REGISTER_METHOD = 'WEB';
