import { type Promotion, useBusState, useNavigate, useT } from '@platform/shared';
import { Autoplay, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/pagination';
import { PROMOTION_AUTOPLAY_MS } from '../../../lib/auth-constants';
import { NAMESPACE } from '../../../locales';
import { useReducedMotion } from '../hooks/use-reduced-motion';
import styles from './promotion-slider.module.css';

/** Image paths from the server live under the brand's image base URL; full addresses stay as they are. */
function imageUrl(url: string, base: string | null | undefined): string {
  if (!url || !base || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * Swiper options: loop only when there is more than one slide, and then autoplay every 5000 ms,
 * unless the player asked the system for less motion (then the slides move only when swiped).
 */
export function sliderOptions(count: number, reducedMotion = false) {
  const moving = count > 1;
  return {
    loop: moving,
    autoplay: moving && !reducedMotion ? { delay: PROMOTION_AUTOPLAY_MS, disableOnInteraction: false } : false,
    pagination: moving ? { clickable: true } : false,
  } as const;
}

/** New-player promotions above the registration page; a click opens the promotion. */
export function PromotionSlider({ promotions }: { promotions: Promotion[] }) {
  const { t } = useT(NAMESPACE);
  const navigate = useNavigate();
  const { status } = useBusState('settings');
  const reducedMotion = useReducedMotion();
  if (promotions.length === 0) return null;
  const options = sliderOptions(promotions.length, reducedMotion);
  return (
    <section className={styles.slider} aria-roledescription="carousel" aria-label={t('register_promotions')} data-testid="register-promotions">
      <Swiper key={`${promotions.length}:${reducedMotion}`} modules={[Autoplay, Pagination]} slidesPerView={1} {...options}>
        {promotions.map((promotion) => (
          <SwiperSlide key={promotion.id}>
            <button
              type="button"
              className={styles.slide}
              data-testid={`register-promotion-${promotion.id}`}
              onClick={() => navigate(`/promotions/${promotion.id}`)}
            >
              <img className={styles.image} src={imageUrl(promotion.imageUrl, status?.info.site.imageBaseUrl)} alt="" />
              <span className={styles.caption}>{promotion.title}</span>
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
