// Pieces the task tabs share: a promotion's state badge, what its last action did (or why it was
// refused), and a progress bar.
import { stateLabel, usePromotionT } from '@platform/ui-blocks';
import type { PromotionEntry } from '@platform/contract';
import styles from './reward-center.module.css';
import type { ActionNotice } from './use-promotions';

export function StateBadge({ entry }: { entry: PromotionEntry }) {
  const words = usePromotionT();
  return (
    <span className={styles.badge} data-state={entry.state} data-testid="task-state">
      {stateLabel(entry.state, words, 'task')}
    </span>
  );
}

/** The outcome of this promotion's last join or claim, if the last action was this promotion's. */
export function ActionNoticeLine({ entry, notice }: { entry: PromotionEntry; notice: ActionNotice | null }) {
  if (!notice || notice.promotionId !== entry.id) return null;
  if (notice.kind === 'error') {
    return (
      <p className={styles.refusal} role="alert" data-testid="task-refusal">
        {notice.text}
      </p>
    );
  }
  return (
    <p className={styles.success} role="status" data-testid="task-success">
      {notice.text}
    </p>
  );
}

/** A bar from 0 to the target; its text says the amounts (the bar alone is decoration for the eye). */
export function ProgressBar({ percent, label, testId }: { percent: number; label: string; testId?: string }) {
  return (
    <div
      className={styles.progress}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-testid={testId}
    >
      <span className={styles.progressFill} style={{ width: `${percent}%` }} />
    </div>
  );
}
