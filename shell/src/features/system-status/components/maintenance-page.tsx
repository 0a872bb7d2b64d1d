import { Button, formatDateTime, useT } from '@platform/shared';
import { useCustomerService } from '../../customer-service/hooks/use-customer-service';
import { useSiteSettings } from '../../settings/use-site-settings';
import { StatusIllustration } from './status-illustration';
import styles from './status-page.module.css';

/** Root view for system status 1: the site is under maintenance. */
export function MaintenancePage() {
  const { t } = useT('shell');
  const { status } = useSiteSettings();
  // No login popup on this page: a member signed in chats in the site, anyone else gets the outside link.
  const { openSupport } = useCustomerService({ loginAvailable: false });
  const end = status?.maintenanceEnd ?? null;

  return (
    <main className={styles.page} data-testid="maintenance-page">
      <div className={styles.card}>
        <StatusIllustration kind="maintenance" />
        <h1 className={styles.title}>{t('maintenance_title')}</h1>
        <p className={styles.text}>{t('maintenance_text')}</p>
        {end !== null && (
          <p className={styles.detail}>
            {t('maintenance_until')}{' '}
            <time dateTime={new Date(end).toISOString()} data-testid="maintenance-end">
              {formatDateTime(end)}
            </time>
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => openSupport()}>
            {t('status_contact_us')}
          </Button>
          <Button onClick={() => window.location.reload()}>{t('maintenance_refresh')}</Button>
        </div>
      </div>
    </main>
  );
}
