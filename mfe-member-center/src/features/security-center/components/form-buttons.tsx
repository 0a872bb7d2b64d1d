import { Button, useT } from '@platform/shared';
import { NAMESPACE } from '../translations';
import styles from '../security-center.module.css';

/** Save and cancel under a section's form. */
export function FormButtons({ busy, onCancel, submitLabel, testId }: { busy: boolean; onCancel: () => void; submitLabel?: string; testId: string }) {
  const { t } = useT(NAMESPACE);
  return (
    <div className={styles.buttons}>
      <Button variant="secondary" onClick={onCancel} disabled={busy} data-testid={`${testId}-cancel`}>
        {t('cancel')}
      </Button>
      <Button type="submit" loading={busy} data-testid={`${testId}-submit`}>
        {submitLabel ?? t('save')}
      </Button>
    </div>
  );
}
