import type { ReactNode } from 'react';
import styles from './page-scaffold.module.css';

interface PageScaffoldProps {
  title: string;
  /** Federation name and version of the remote that rendered the page (shown to tests and support). */
  remote: string;
  version: string;
  children?: ReactNode;
}

/** The frame of a page a remote renders inside the shell's layout: its title, then its content. */
export function PageScaffold({ title, remote, version, children }: PageScaffoldProps) {
  return (
    <section className={styles.page} data-testid="remote-page" data-remote={remote} data-remote-version={version}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  );
}
