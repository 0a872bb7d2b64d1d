import { useT } from '@platform/shared';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { BANNER_AUTOPLAY_DELAY_MS, bannerCarouselOptions, HOME_PEEK_MIN_BANNERS } from '../banner-settings';
import { useBanners } from '../hooks/use-banners';
import styles from './banner-carousel.module.css';
import firstSlide from './banner-first-slide.module.css';
import { useReducedMotion } from '../../layout/hooks/use-reduced-motion';
import { BannerSlideContent } from './banner-slide';

// Swiper (and its styles) is fetched when the carousel first has to move, not with the shell.
const BannerSwiper = lazy(() => import(/* webpackChunkName: "banner-swiper" */ './banner-swiper'));

export interface BannerCarouselProps {
  /** Banner group of the route: w_home, w_help, w_games, w_promotion. */
  group: string;
}

/** Why Swiper was fetched: the player reached for the carousel, or its first move was due. */
type SwiperWanted = 'interaction' | 'autoplay' | null;

/**
 * Carousel of the route group's banners. The first banner is shown at once, as a
 * plain image in the carousel's own box; Swiper is fetched when the carousel first has to move (the
 * autoplay's first turn, which it then takes at once) or when the player points at, touches or
 * focuses it. Until the banners are known the box is kept free, so nothing below it moves.
 */
export function BannerCarousel({ group }: BannerCarouselProps) {
  const { t } = useT('shell');
  const banners = useBanners(group);
  const count = banners?.length ?? 0;
  const reducedMotion = useReducedMotion();
  const options = useMemo(() => bannerCarouselOptions(group, count, reducedMotion), [group, count, reducedMotion]);
  const sectionClass = options.centeredSlides ? `${styles.banner} ${styles.home}` : styles.banner;
  const [wanted, setWanted] = useState<SwiperWanted>(null);
  const moving = options.autoplay !== false;

  useEffect(() => {
    if (!moving || wanted) return;
    const timer = window.setTimeout(() => setWanted('autoplay'), BANNER_AUTOPLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [moving, wanted]);
  const reach = () => setWanted((current) => current ?? 'interaction');

  if (!banners) {
    return (
      <div className={sectionClass} data-testid="banner-placeholder" aria-hidden="true">
        <div className={styles.swiper}>
          <div className={`${styles.image} ${firstSlide.reserved}`} />
        </div>
      </div>
    );
  }
  if (count === 0) return null;

  const peek = options.centeredSlides && count >= HOME_PEEK_MIN_BANNERS;
  const first = (
    <div className={styles.swiper} data-testid="banner-first-slide">
      <div className={peek ? `${styles.slide} ${firstSlide.peek}` : styles.slide}>
        <BannerSlideContent banner={banners[0]} index={0} first />
      </div>
    </div>
  );
  return (
    <section
      className={sectionClass}
      data-testid="banner"
      data-group={group}
      aria-roledescription="carousel"
      aria-label={t('banner_label')}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
    >
      {wanted ? (
        <Suspense fallback={first}>
          <BannerSwiper group={group} banners={banners} advanceOnStart={wanted === 'autoplay'} />
        </Suspense>
      ) : (
        first
      )}
    </section>
  );
}
