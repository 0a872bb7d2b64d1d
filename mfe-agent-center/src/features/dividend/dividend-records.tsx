import { formatDate, useT } from '@platform/shared';
import type { RecordsColumn } from '@platform/shared/records';
import { PeriodRecords, ratePercentText } from '../contracts';
import styles from './dividend.module.css';
import { loadDividendRecords, type DividendRecordRow, type DividendRecordsFooter } from './dividend-api';
import { useCycleName } from './dividend-cycle';
import { NAMESPACE } from './translations';

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/**
 * A dividend period's first and last day. Its bounds are the merchant's midnights (its agent time
 * zone, which the wire does not carry): each day is read twelve hours inside the period, right in
 * any time zone within twelve hours of the merchant's, whether the end is the next midnight or
 * the last millisecond before it.
 */
function periodDays(row: Pick<DividendRecordRow, 'periodStart' | 'periodEnd'>): { first: string; last: string } {
  return { first: formatDate(row.periodStart + HALF_DAY_MS), last: formatDate(row.periodEnd - HALF_DAY_MS) };
}

/** The period cell: its days (one for a daily period), then its cycle; may wrap between the parts, never inside a date. */
function PeriodCell({ row }: { row: DividendRecordRow }) {
  const cycleName = useCycleName();
  const { first, last } = periodDays(row);
  return (
    <>
      <span className={styles.nowrap}>{first}</span>
      {last !== first && (
        <>
          {' – '}
          <span className={styles.nowrap}>{last}</span>
        </>
      )}{' '}
      <span className={styles.periodCycle}>{cycleName(row.cycle)}</span>
    </>
  );
}

function StatusCell({ status }: { status: DividendRecordRow['status'] }) {
  const { t } = useT(NAMESPACE);
  return status === 'disbursed' ? <span className={styles.disbursed}>{t('status_disbursed')}</span> : <span className={styles.nothingDue}>{t('status_nothing_due')}</span>;
}

const COLUMNS: RecordsColumn<DividendRecordRow, DividendRecordsFooter>[] = [
  { id: 'period', headerKey: 'col_period', render: (row) => <PeriodCell row={row} /> },
  { id: 'validBet', headerKey: 'col_valid_bet', money: (row) => row.validBetMinor },
  { id: 'wins', headerKey: 'col_wins', money: (row) => row.winsMinor },
  { id: 'rebates', headerKey: 'col_rebates', money: (row) => row.rebatesMinor },
  { id: 'promotions', headerKey: 'col_promotions', money: (row) => row.promotionsMinor },
  { id: 'netLoss', headerKey: 'col_net_loss', money: (row) => row.netLossMinor },
  { id: 'carriedIn', headerKey: 'col_carried_in', money: (row) => row.carriedInMinor },
  { id: 'base', headerKey: 'col_base', money: (row) => row.baseMinor },
  { id: 'activeMembers', headerKey: 'col_active_members', align: 'end', render: (row) => row.activeMembers },
  { id: 'rate', headerKey: 'col_rate', align: 'end', render: (row) => ratePercentText(row.rate) },
  { id: 'gross', headerKey: 'col_gross_amount', money: (row) => row.grossAmountMinor },
  { id: 'downline', headerKey: 'col_downline_amount', money: (row) => row.downlineAmountMinor },
  { id: 'amount', headerKey: 'col_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  { id: 'carriedOut', headerKey: 'col_carried_out', money: (row) => row.carriedOutMinor },
  { id: 'status', headerKey: 'col_status', render: (row) => <StatusCell status={row.status} /> },
];

export interface DividendRecordsProps {
  /** Names the table (already translated). */
  label: string;
  emptyTitle: string;
}

/**
 * The dividend paid to the agent per period (legacy page agentDividendRecordCopy(2)): the
 * team's valid bets, wins, rebates and bonuses, its net loss and the loss carried in, the base,
 * active members and rate, the team's gross, what the direct downline agents' dividends took,
 * the net received, the loss carried out and whether it was disbursed, with the period's total.
 * Longer periods than a salary's: the select opens on last month, which holds a settled period
 * of every cycle.
 */
export function DividendRecords({ label, emptyTitle }: DividendRecordsProps) {
  return (
    <PeriodRecords
      load={loadDividendRecords}
      columns={COLUMNS}
      rowKey={(row) => row.periodStart}
      label={label}
      namespace={NAMESPACE}
      emptyTitle={emptyTitle}
      initialPeriod="lastMonth"
    />
  );
}
