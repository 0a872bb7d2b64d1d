import { cdnImageFallback, useT } from '@platform/shared';
import { useMemo } from 'react';
import { useGameLanes } from '../../game-vendors/hooks/use-game-lanes';
import { resolveImageUrl } from '../../settings/use-site-settings';
import { providersWithColourIcons } from '../provider-icons';
import styles from './footer.module.css';

/** Row of game-provider colour icons (unique by provider). */
export function ProviderStrip({ imageBaseUrl }: { imageBaseUrl?: string }) {
  const { t } = useT('shell');
  const lanes = useGameLanes();
  const providers = useMemo(() => providersWithColourIcons(lanes), [lanes]);
  if (providers.length === 0) return null;
  return (
    <ul className={styles.providers} aria-label={t('footer_providers')} data-testid="footer-providers">
      {providers.map((vendor) => (
        <li key={vendor.provider}>
          <img src={resolveImageUrl(vendor.colorIconUrl as string, imageBaseUrl)} alt={vendor.provider} loading="lazy" onError={cdnImageFallback} />
        </li>
      ))}
    </ul>
  );
}
