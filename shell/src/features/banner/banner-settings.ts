/** Banners (and the promo slider) move on every 5000 ms when there is more than one. */
export const BANNER_AUTOPLAY_DELAY_MS = 5000;

/** Banner groups the lead's route table passes to the layout. */
export const BANNER_GROUPS = { home: 'w_home', help: 'w_help', games: 'w_games', promotion: 'w_promotion' } as const;

/** Swiper can loop 1.2 centred slides per view (it counts 3 plus 2 in reserve) from 5 banners. */
export const HOME_PEEK_MIN_BANNERS = 5;

export interface BannerCarouselOptions {
  loop: boolean;
  autoplay: false | { delay: number; disableOnInteraction: boolean; pauseOnMouseEnter: boolean };
  pagination: boolean;
  centeredSlides: boolean;
}

/**
 * How the carousel behaves for a group and a number of banners: home gets pagination dots and
 * centred slides, other groups one plain slide per view; only more than one banner loops and
 * autoplays. A player who asked the system for less motion gets no autoplay: the banners stay
 * where they are until swiped or picked by their dots (an autoplaying carousel is motion the
 * player did not start, and it keeps the page drawing frames for as long as it is open).
 */
export function bannerCarouselOptions(group: string, bannerCount: number, reducedMotion = false): BannerCarouselOptions {
  const moving = bannerCount > 1;
  const home = group === BANNER_GROUPS.home;
  return {
    loop: moving,
    autoplay: moving && !reducedMotion ? { delay: BANNER_AUTOPLAY_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
    pagination: home,
    centeredSlides: home,
  };
}
