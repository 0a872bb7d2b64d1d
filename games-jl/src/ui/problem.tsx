import { useTranslation } from 'react-i18next';
import { GameApiError, problemKey, type ProblemKind } from '../api/errors';
import styles from './ui.module.css';

export interface Problem {
  kind: ProblemKind;
  detail?: string;
}

export function problemOf(error: unknown): Problem {
  if (error instanceof GameApiError) return { kind: error.kind, detail: error.kind === 'other' ? error.message : undefined };
  return { kind: 'other', detail: error instanceof Error ? error.message : undefined };
}

/** A clear message for what went wrong, with what the player can do about it. */
export function ProblemBanner({ problem, onClose }: { problem: Problem; onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.problem} role="alert" data-problem={problem.kind}>
      <span>{t(problemKey(problem.kind))}</span>
      {problem.detail ? <span className={styles.problemDetail}>{problem.detail}</span> : null}
      {onClose ? (
        <button type="button" className={styles.problemClose} onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      ) : null}
    </div>
  );
}
