import type { ReactNode } from 'react';
import styles from './games.module.css';

/** One titled section of the home content. */
export function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={styles.section} data-testid={testId} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
