import { Button, useT } from '@platform/shared';
import { useCustomerService } from '../../customer-service/hooks/use-customer-service';
import { useSiteSettings } from '../../settings/use-site-settings';
import { StatusIllustration } from './status-illustration';
import styles from './status-page.module.css';

/** Root view for system status 2: the visitor's location or IP address is not allowed. */
export function IpRestrictionPage() {
  const { t } = useT('shell');
  const { status } = useSiteSettings();
  // No login popup on this page: a member signed in chats in the site, anyone else gets the outside link.
  const { openSupport } = useCustomerService({ loginAvailable: false });
  const location = status?.location;

  return (
    <main className={styles.page} data-testid="ip-restriction-page">
      <div className={styles.card}>
        <StatusIllustration kind="restricted" />
        <h1 className={styles.title}>{t('ip_restriction_title')}</h1>
        <p className={styles.text}>{t('ip_restriction_text')}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('ip_restriction_ip')}</dt>
            <dd data-testid="visitor-ip">{location?.ip || '-'}</dd>
          </div>
          <div>
            <dt>{t('ip_restriction_country')}</dt>
            <dd data-testid="visitor-country">{location?.country || t('ip_restriction_country_unknown')}</dd>
          </div>
        </dl>
        <div className={styles.actions}>
          <Button onClick={() => openSupport()}>{t('status_contact_us')}</Button>
        </div>
      </div>
    </main>
  );
}
