import { useId, type ReactNode } from 'react';
import { classNames } from './class-names';
import styles from './panel.module.css';

export interface PanelProps {
  title?: ReactNode;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** A titled surface; a region named by its title. */
export function Panel({ title, actions, children, className }: PanelProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={title ? titleId : undefined} className={classNames(styles.panel, className)}>
      {(title || actions) && (
        <header className={styles.header}>
          {title && (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      <div className={styles.body}>{children}</div>
    </section>
  );
}
