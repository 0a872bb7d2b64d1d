import { BANNER_AUTOPLAY_DELAY_MS } from '../banner/banner-settings';

/** SPEC §9: the promo slider moves on every 5000 ms, as the banners do. */
export const PROMO_BAR_CYCLE_MS = BANNER_AUTOPLAY_DELAY_MS;

/**
 * A promotion's page: the one link form of a promotion, /promotions/:id (SPEC §2, the route named
 * promotions takes an id), as the banners' PROMOTION linkage and the registration slider link it.
 */
export const promotionPath = (id: number | string): string => `/promotions/${encodeURIComponent(String(id))}`;
