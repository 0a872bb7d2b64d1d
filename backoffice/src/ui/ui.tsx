import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import styles from './ui.module.css';

export { styles as ui };

export function Button({ variant = 'primary', className, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' }) {
  const look = variant === 'secondary' ? styles.secondary : variant === 'danger' ? styles.danger : '';
  return <button type="button" {...props} className={[styles.button, look, className].filter(Boolean).join(' ')} />;
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      {children}
    </label>
  );
}

export function Input(props: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={[styles.input, props.className].filter(Boolean).join(' ')} />;
}

export function Select(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={[styles.input, props.className].filter(Boolean).join(' ')} />;
}

export function ErrorMessage({ children }: { children: ReactNode }) {
  return children ? (
    <p className={styles.alert} role="alert">
      {children}
    </p>
  ) : null;
}

export function Notice({ children }: { children: ReactNode }) {
  return children ? (
    <p className={styles.notice} role="status">
      {children}
    </p>
  ) : null;
}
