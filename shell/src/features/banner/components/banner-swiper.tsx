import type { Banner } from '@platform/shared';
import { useMemo } from 'react';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { bannerCarouselOptions, HOME_PEEK_MIN_BANNERS } from '../banner-settings';
import styles from './banner-carousel.module.css';
import { useReducedMotion } from '../../layout/hooks/use-reduced-motion';
import { BannerSlideContent } from './banner-slide';

export interface BannerSwiperProps {
  group: string;
  /** The group's banners, at least one. */
  banners: Banner[];
  /** Loaded when the autoplay's first turn was due: take that turn at once. */
  advanceOnStart?: boolean;
}

/**
 * The moving carousel (Swiper), loaded on its own when a route first shows banners: until then
 * the first slide stands in for it (banner-carousel.tsx), in the same box.
 */
export default function BannerSwiper({ group, banners, advanceOnStart = false }: BannerSwiperProps) {
  const count = banners.length;
  const reducedMotion = useReducedMotion();
  const options = useMemo(() => bannerCarouselOptions(group, count, reducedMotion), [group, count, reducedMotion]);
  const peek = options.centeredSlides && count >= HOME_PEEK_MIN_BANNERS;

  return (
    <Swiper
      // A new key when the mode changes: Swiper reads loop and autoplay only at start.
      key={`${group}:${options.loop}:${peek}:${options.autoplay !== false}`}
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
      onSwiper={(swiper) => {
        if (advanceOnStart && options.autoplay) swiper.slideNext();
      }}
    >
      {banners.map((banner, index) => (
        <SwiperSlide key={banner.bannerId} className={styles.slide}>
          <BannerSlideContent banner={banner} index={index} first={index === 0} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
