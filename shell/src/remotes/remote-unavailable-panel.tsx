import { Button, useT } from '@platform/shared';
import styles from './remote-unavailable-panel.module.css';

export function RemoteUnavailablePanel({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useT('shell');
  return (
    <div role="alert" data-testid="remote-unavailable" className={compact ? `${styles.panel} ${styles.compact}` : styles.panel}>
      <p className={styles.message}>{t('remote_unavailable')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('remote_retry')}
      </Button>
    </div>
  );
}
