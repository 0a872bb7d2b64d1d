import { useT } from '../i18n/use-t';
import { classNames } from './class-names';
import styles from './spinner.module.css';
import hidden from './visually-hidden.module.css';

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Announced to screen readers; "Loading…" by default. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useT();
  return (
    // data-loading: what the browser tests wait to see gone before they measure a page.
    <span role="status" data-loading="" className={classNames(styles.spinner, styles[size], className)}>
      <span className={styles.circle} aria-hidden="true" />
      <span className={hidden.visuallyHidden}>{label ?? t('loading')}</span>
    </span>
  );
}
