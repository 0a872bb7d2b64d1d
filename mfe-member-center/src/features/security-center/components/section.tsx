import { Button, Panel } from '@platform/shared';
import type { ReactNode } from 'react';
import styles from '../security-center.module.css';

export interface SectionProps {
  /** data-testid prefix of the section: `security-<id>`. */
  id: string;
  title: string;
  /** What is set now (masked number, "Not set", ...). */
  status: ReactNode;
  /** The button that opens the section's form; none when there is nothing to do. */
  action?: { label: string; onClick: () => void };
  /** The open form. */
  children?: ReactNode;
}

/** One part of the page: a titled panel with its current state, an action, and the form it opens. */
export function Section({ id, title, status, action, children }: SectionProps) {
  return (
    <Panel
      title={title}
      className={styles.section}
      actions={
        action && !children ? (
          <Button size="sm" variant="secondary" onClick={action.onClick} data-testid={`security-${id}-open`}>
            {action.label}
          </Button>
        ) : undefined
      }
    >
      <div className={styles.status} data-testid={`security-${id}-status`}>
        {status}
      </div>
      {children}
    </Panel>
  );
}
