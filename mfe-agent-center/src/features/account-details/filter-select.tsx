import { useId } from 'react';
import styles from './account-details.module.css';

interface FilterSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  testId?: string;
}

/** A labelled select of the records' filter bar (beside the PeriodSelect), styled as it. */
export function FilterSelect<V extends string>({ label, value, options, onChange, testId }: FilterSelectProps<V>) {
  const id = useId();
  return (
    <div className={styles.filterField}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as V)} data-testid={testId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
