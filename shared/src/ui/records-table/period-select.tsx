import { useT } from '@platform/shared';
import { useId } from 'react';
import { classNames } from '../class-names';
import styles from './records-table.module.css';
import { RECORDS_PERIODS, type RecordsPeriod } from './records-period';

export interface PeriodSelectProps {
  value: RecordsPeriod;
  onChange: (period: RecordsPeriod) => void;
  /** The periods this page offers, in order; all of them by default. */
  options?: readonly RecordsPeriod[];
  className?: string;
}

function periodLabel(t: ReturnType<typeof useT>['t'], period: RecordsPeriod): string {
  switch (period) {
    case 'today':
      return t('records.period_today');
    case 'yesterday':
      return t('records.period_yesterday');
    case 'last7Days':
      return t('records.period_last_7_days');
    case 'thisWeek':
      return t('records.period_this_week');
    case 'lastWeek':
      return t('records.period_last_week');
    case 'thisMonth':
      return t('records.period_this_month');
    case 'lastMonth':
      return t('records.period_last_month');
  }
}

/** The period filter of a records page, for the `filters` of a `RecordsTable`. */
export function PeriodSelect({ value, onChange, options = RECORDS_PERIODS, className }: PeriodSelectProps) {
  const { t } = useT();
  const id = useId();
  return (
    <div className={classNames(styles.filterField, className)}>
      <label htmlFor={id} className={styles.filterLabel}>
        {t('records.period')}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as RecordsPeriod)}>
        {options.map((period) => (
          <option key={period} value={period}>
            {periodLabel(t, period)}
          </option>
        ))}
      </select>
    </div>
  );
}
