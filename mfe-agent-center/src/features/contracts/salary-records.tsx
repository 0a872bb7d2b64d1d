import { formatDate } from '@platform/shared';
import type { SalaryKind } from '@platform/contract';
import type { RecordsColumn } from '@platform/shared/records';
import styles from './contracts.module.css';
import { PeriodRecords } from './period-records';
import { ratePercentText } from './rate-percent';
import { SALARY_API, type SalaryRecordRow, type SalaryRecordsFooter } from './salary-api';
import { NAMESPACE } from './translations';

const pad = (value: number) => String(value).padStart(2, '0');
const hourMinute = (timeMs: number) => {
  const date = new Date(timeMs);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * A salary period as the records show it: its date, and for an hour its start–end in local time.
 * A day is the merchant's day (its agent time zone, which the wire does not carry): its date is
 * the date at its middle, right in any time zone within twelve hours of the merchant's.
 */
function periodParts(kind: SalaryKind, row: Pick<SalaryRecordRow, 'periodStart' | 'periodEnd'>): { date: string; hours?: string } {
  if (kind === 'daily') return { date: formatDate(row.periodStart + (row.periodEnd - row.periodStart) / 2) };
  return { date: formatDate(row.periodStart), hours: `${hourMinute(row.periodStart)}–${hourMinute(row.periodEnd)}` };
}

/** The period cell: may wrap between the date and the hours, never inside either. */
function PeriodCell({ kind, row }: { kind: SalaryKind; row: SalaryRecordRow }) {
  const { date, hours } = periodParts(kind, row);
  return (
    <>
      <span className={styles.nowrap}>{date}</span>
      {hours && (
        <>
          {' '}
          <span className={styles.nowrap}>{hours}</span>
        </>
      )}
    </>
  );
}

export interface SalaryRecordsProps {
  kind: SalaryKind;
  /** Names the table (already translated). */
  label: string;
  emptyTitle: string;
}

/**
 * The salary paid to the agent per period of its kind (the legacy pages agentDailyWages2,
 * agentHourSalary): the team's betting and active members, the tier's rate, the gross, what the
 * direct downline agents' contracts took, and the agent's salary, with the period select's total.
 */
export function SalaryRecords({ kind, label, emptyTitle }: SalaryRecordsProps) {
  const columns: RecordsColumn<SalaryRecordRow, SalaryRecordsFooter>[] = [
    { id: 'period', headerKey: 'col_period', render: (row) => <PeriodCell kind={kind} row={row} /> },
    { id: 'teamBetting', headerKey: 'col_team_betting', money: (row) => row.teamBettingMinor },
    { id: 'activeMembers', headerKey: 'col_active_members', align: 'end', render: (row) => row.activeMembers },
    { id: 'rate', headerKey: 'col_rate', align: 'end', render: (row) => ratePercentText(row.rate) },
    { id: 'gross', headerKey: 'col_gross_amount', money: (row) => row.grossAmountMinor },
    { id: 'downline', headerKey: 'col_downline_amount', money: (row) => row.downlineAmountMinor },
    { id: 'amount', headerKey: 'col_my_salary', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  ];
  return (
    <PeriodRecords
      load={SALARY_API[kind].loadRecords}
      columns={columns}
      rowKey={(row) => row.periodStart}
      label={label}
      namespace={NAMESPACE}
      emptyTitle={emptyTitle}
    />
  );
}
