import { type Banner, cdnImageFallback, useNavigate, useT } from '@platform/shared';
import { hasLinkage, openBannerLinkage } from '../banner-linkage';
import styles from './banner-carousel.module.css';

export interface BannerSlideContentProps {
  banner: Banner;
  index: number;
  /** The slide the player sees first: its image is the page's largest paint, fetched first. */
  first?: boolean;
}

/** One banner's image, a button when the banner leads somewhere. */
export function BannerSlideContent({ banner, index, first = false }: BannerSlideContentProps) {
  const { t } = useT('shell');
  const navigate = useNavigate();
  const image = (
    <img
      className={styles.image}
      src={banner.url}
      alt={t('banner_alt', { number: index + 1 })}
      draggable={false}
      onError={cdnImageFallback}
      // Never lazy: the first slide is above the fold on every banner route.
      fetchPriority={first ? 'high' : undefined}
    />
  );
  if (!hasLinkage(banner)) return image;
  return (
    <button type="button" className={styles.link} onClick={() => openBannerLinkage(banner, navigate)}>
      {image}
    </button>
  );
}
