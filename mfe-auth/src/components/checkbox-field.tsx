import type { ReactNode } from 'react';
import styles from './form.module.css';

export interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
}

export function CheckboxField({ name, checked, onChange, children, testId }: CheckboxFieldProps) {
  return (
    <label className={styles.checkbox}>
      <input type="checkbox" name={name} checked={checked} data-testid={testId} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}
