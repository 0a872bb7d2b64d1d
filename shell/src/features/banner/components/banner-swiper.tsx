import { useT, type Banner } from '@platform/shared';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { bannerCarouselOptions } from '../banner-settings';
import { hasLinkage, openBannerLinkage } from '../banner-linkage';
import { useBanners } from '../hooks/use-banners';
import styles from './banner-carousel.module.css';

/** Swiper can loop 1.2 centred slides per view (it counts 3 plus 2 in reserve) from 5 banners. */
const HOME_PEEK_MIN_BANNERS = 5;

export interface BannerCarouselProps {
  /** Banner group of the route: w_home, w_help, w_games, w_promotion. */
  group: string;
}

/** Carousel of the route group's banners (SPEC §2 Banner). */
export function BannerCarousel({ group }: BannerCarouselProps) {
  const { t } = useT('shell');
  const navigate = useNavigate();
  const banners = useBanners(group);
  const count = banners?.length ?? 0;
  const options = useMemo(() => bannerCarouselOptions(group, count), [group, count]);
  const peek = options.centeredSlides && count >= HOME_PEEK_MIN_BANNERS;

  if (!banners || count === 0) return null;

  const imageOf = (banner: Banner, index: number) => (
    <img
      className={styles.image}
      src={banner.url}
      alt={t('banner_alt', { number: index + 1 })}
      draggable={false}
    />
  );

  return (
    <section
      className={options.centeredSlides ? `${styles.banner} ${styles.home}` : styles.banner}
      data-testid="banner"
      data-group={group}
      aria-roledescription="carousel"
      aria-label={t('banner_label')}
    >
      <Swiper
        // A new key when the mode changes: Swiper reads loop and autoplay only at start.
        key={`${group}:${options.loop}:${peek}`}
        modules={[Autoplay, Pagination]}
        loop={options.loop}
        autoplay={options.autoplay}
        pagination={options.pagination ? { clickable: true } : false}
        centeredSlides={options.centeredSlides}
        slidesPerView={1}
        spaceBetween={options.centeredSlides ? 12 : 0}
        // Wide screens peek at the neighbouring banners when there are enough to loop.
        breakpoints={peek ? { 1024: { slidesPerView: 1.2 } } : undefined}
        className={styles.swiper}
      >
        {banners.map((banner, index) => (
          <SwiperSlide key={banner.bannerId} className={styles.slide}>
            {hasLinkage(banner) ? (
              <button type="button" className={styles.link} onClick={() => openBannerLinkage(banner, navigate)}>
                {imageOf(banner, index)}
              </button>
            ) : (
              imageOf(banner, index)
            )}
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
