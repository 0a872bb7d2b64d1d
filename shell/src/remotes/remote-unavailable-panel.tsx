import { useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import styles from './remote-unavailable-panel.module.css';

/** A remote that could not be loaded, in its slot (a card where the page or the part would be). */
export function RemoteUnavailablePanel({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useT('shell');
  return (
    <LoadError
      title={t('remote_unavailable')}
      onRetry={onRetry}
      variant="compact"
      testId="remote-unavailable"
      className={compact ? `${styles.panel} ${styles.compact}` : styles.panel}
    />
  );
}
