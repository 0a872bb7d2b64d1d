import { BANNER_AUTOPLAY_DELAY_MS } from '../banner/banner-settings';

/** The promo slider moves on every 5000 ms, as the banners do. */
export const PROMO_BAR_CYCLE_MS = BANNER_AUTOPLAY_DELAY_MS;

