import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';
import { classNames } from './class-names';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  /** "No data" by default. */
  title?: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** A way forward, such as a retry button. */
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  const { t } = useT();
  return (
    <div className={classNames(styles.empty, className)}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <p className={styles.title}>{title ?? t('no_data')}</p>
      {description && <p className={styles.description}>{description}</p>}
      {action}
    </div>
  );
}
