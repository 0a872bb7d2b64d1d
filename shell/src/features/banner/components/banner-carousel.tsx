import { useT } from '@platform/shared';
import { Suspense, lazy, useMemo } from 'react';
import { bannerCarouselOptions, HOME_PEEK_MIN_BANNERS } from '../banner-settings';
import { useBanners } from '../hooks/use-banners';
import styles from './banner-carousel.module.css';
import firstSlide from './banner-first-slide.module.css';
import { BannerSlideContent } from './banner-slide';

// Swiper (and its styles) is fetched when a route first shows banners, not with the shell.
const BannerSwiper = lazy(() => import(/* webpackChunkName: "banner-swiper" */ './banner-swiper'));

export interface BannerCarouselProps {
  /** Banner group of the route: w_home, w_help, w_games, w_promotion. */
  group: string;
}

/**
 * Carousel of the route group's banners (SPEC §2 Banner). The first banner is shown at once, as a
 * plain image in the carousel's own box, while Swiper loads; until the banners are known the box is
 * kept free, so nothing below it moves when they arrive.
 */
export function BannerCarousel({ group }: BannerCarouselProps) {
  const { t } = useT('shell');
  const banners = useBanners(group);
  const count = banners?.length ?? 0;
  const options = useMemo(() => bannerCarouselOptions(group, count), [group, count]);
  const sectionClass = options.centeredSlides ? `${styles.banner} ${styles.home}` : styles.banner;

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
    <section className={sectionClass} data-testid="banner" data-group={group} aria-roledescription="carousel" aria-label={t('banner_label')}>
      <Suspense fallback={first}>
        <BannerSwiper group={group} banners={banners} />
      </Suspense>
    </section>
  );
}
