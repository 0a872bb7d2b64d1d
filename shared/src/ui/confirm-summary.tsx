import type { ReactNode } from 'react';
import styles from './confirm-summary.module.css';

export interface ConfirmSummaryRow {
  label: ReactNode;
  value: ReactNode;
  /** data-testid of the value. */
  testId?: string;
}

/**
 * What a money action is about to do, as label–value rows (to whom, how much, the charge): the
 * message of its ConfirmDialog. Spans only, as the dialog puts its message in a paragraph.
 */
export function ConfirmSummary({ rows }: { rows: readonly ConfirmSummaryRow[] }) {
  return (
    <span className={styles.summary}>
      {rows.map((row, index) => (
        <span key={index} className={styles.row}>
          <span className={styles.label}>{row.label}</span>
          <span className={styles.value} data-testid={row.testId}>
            {row.value}
          </span>
        </span>
      ))}
    </span>
  );
}
