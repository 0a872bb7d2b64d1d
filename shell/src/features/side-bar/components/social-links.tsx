import { useT, type ResourceType, isWebUrl } from '@platform/shared';
import { useMemo } from 'react';
import { useSiteSettings } from '../../settings/use-site-settings';
import { SocialIcon, type SocialKind } from './social-icon';
import styles from './side-bar.module.css';

/** Social channels an operator can configure as resources, in display order. */
export const SOCIAL_RESOURCE_TYPES: ResourceType[] = ['FACEBOOK', 'INSTAGRAM', 'TELEGRAM', 'WHATSAPP'];

/** Row of social icons from the status resources (Facebook, Instagram, Telegram, WhatsApp). */
export function SocialLinks() {
  const { t } = useT('shell');
  const { resources } = useSiteSettings();
  const links = useMemo(
    () =>
      SOCIAL_RESOURCE_TYPES.flatMap((type) => {
        const resource = resources.find((candidate) => candidate.resourceType === type && isWebUrl(candidate.url));
        return resource ? [{ kind: type as SocialKind, url: resource.url, label: resource.labelNameEn || type }] : [];
      }),
    [resources],
  );
  if (links.length === 0) return null;
  return (
    <ul className={styles.social} aria-label={t('nav_social_links')}>
      {links.map((link) => (
        <li key={link.kind}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={link.label} title={link.label}>
            <SocialIcon kind={link.kind} />
          </a>
        </li>
      ))}
    </ul>
  );
}
