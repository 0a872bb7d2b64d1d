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

/**
 * A section's tabs (ARIA tablist) and the chosen tab's panel. The section decides which tabs its
 * operator's role may see and where the choice is kept (usually the address's ?tab=); with
 * `hideSingle`, one tab shows its panel without a tab bar.
 */
export function Tabs<T extends string>({
  id,
  label,
  tabs,
  current,
  onChoose,
  hideSingle = false,
  children,
}: {
  /** Prefix of the tabs' and panels' ids ("risk" → risk-tab-…, risk-panel-…). */
  id: string;
  label: string;
  tabs: readonly { name: T; label: string }[];
  current: T | undefined;
  onChoose: (name: T) => void;
  hideSingle?: boolean;
  children: ReactNode;
}) {
  const bar = !(hideSingle && tabs.length < 2);
  return (
    <>
      {bar && (
        <div className={styles.tabs} role="tablist" aria-label={label}>
          {tabs.map((tab) => (
            <button
              key={tab.name}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.name}`}
              aria-selected={current === tab.name}
              aria-controls={`${id}-panel-${tab.name}`}
              className={styles.tab}
              onClick={() => onChoose(tab.name)}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      {current !== undefined && (
        <div role="tabpanel" id={`${id}-panel-${current}`} aria-labelledby={bar ? `${id}-tab-${current}` : undefined}>
          {children}
        </div>
      )}
    </>
  );
}
