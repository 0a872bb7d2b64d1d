import type { ReactNode } from 'react';
import styles from './field.module.css';

export interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  /** Text shown under the box when it must be ticked and is not. */
  error?: string;
  testId?: string;
}

/** A labelled checkbox, with its error under it. */
export function CheckboxField({ name, checked, onChange, children, error, testId }: CheckboxFieldProps) {
  return (
    <div className={styles.field}>
      <label className={styles.checkbox}>
        <input type="checkbox" name={name} checked={checked} data-testid={testId} onChange={(event) => onChange(event.target.checked)} />
        <span>{children}</span>
      </label>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
