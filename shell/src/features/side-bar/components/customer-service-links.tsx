import { useT } from '@platform/shared';
import { useCustomerServiceLinks } from '../../customer-service/hooks/use-customer-service';
import { SocialIcon } from './social-icon';
import styles from './side-bar.module.css';

/** The operator's customer-service entries (decrypted; broken ones left out). */
export function CustomerServiceLinks({ collapsed }: { collapsed: boolean }) {
  const { t } = useT('shell');
  const entries = useCustomerServiceLinks();
  if (entries.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('nav_contact_links')}>
      {entries.map((entry, index) => (
        <li key={`${entry.csType}-${index}`}>
          <a className={styles.link} href={entry.url} target="_blank" rel="noopener noreferrer" title={collapsed ? entry.title : undefined}>
            <SocialIcon kind={entry.csType} size={22} />
            <span className={styles.label}>{entry.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
