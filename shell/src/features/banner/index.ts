export { BannerCarousel, type BannerCarouselProps } from './components/banner-carousel';
export { BANNER_AUTOPLAY_DELAY_MS, BANNER_GROUPS, bannerCarouselOptions } from './banner-settings';
