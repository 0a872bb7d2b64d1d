import { amountMinorFromMajor, Button, formatDate, formatDateTime, usePagedList, useT, type AmountMinor } from '@platform/shared';
import { RecordsTable, type RecordsColumn } from '@platform/shared/records';
import type { PrizeWheelHistory } from '@platform/contract';
import { loadHistory } from './reward-api';
import { deliveryLabel, prizeKindLabel, type Translate } from './reward-model';
import styles from './reward-center.module.css';
import { NAMESPACE } from './translations';

type HistoryRow = PrizeWheelHistory['list'][number];
interface HistoryFooter {
  amountMinor: AmountMinor | null;
}

const PAGE_SIZE = 10;
const minorOrNull = (major: number | null | undefined): AmountMinor | null => (major === null || major === undefined ? null : amountMinorFromMajor(major));

/**
 * A physical prize's delivery: "Waiting for delivery", or "Delivered" with the day it was (an
 * older server may send no date: the word alone). Cash and empty prizes have none: a dash.
 */
export function DeliveryCell({ row, t }: { row: Pick<HistoryRow, 'deliveryStatus'> & { deliveredAt?: number | null }; t: Translate }) {
  if (row.deliveryStatus === null) return <>{deliveryLabel(null, t)}</>;
  const date = row.deliveryStatus === 'delivered' && typeof row.deliveredAt === 'number' ? formatDate(row.deliveredAt) : '';
  return (
    <span className={styles.delivery} data-testid="history-delivery">
      <span className={styles.deliveryStatus} data-status={row.deliveryStatus}>
        {deliveryLabel(row.deliveryStatus, t)}
      </span>
      {date && (
        <time className={styles.deliveryDate} dateTime={new Date(row.deliveredAt as number).toISOString()} title={formatDateTime(row.deliveredAt)}>
          {date}
        </time>
      )}
    </span>
  );
}

/** History: the member's spins, newest first (the prize, its kind, when, the cash won, a thing's delivery), each with a way to verify it. */
export function PrizeHistory({ onVerify }: { onVerify: (transactionId: string) => void }) {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<HistoryRow, Record<string, never>, HistoryFooter>(
    async ({ page, pageSize }, signal) => {
      const value = await loadHistory(page, pageSize, signal);
      return { list: [...value.list], totalPages: value.totalPages, footer: { amountMinor: minorOrNull(value.footer?.amount) } };
    },
    { filters: {}, pageSize: PAGE_SIZE, requiresSession: true },
  );
  const columns: RecordsColumn<HistoryRow, HistoryFooter>[] = [
    { id: 'name', headerKey: 'col_name', render: (row) => row.name },
    { id: 'type', headerKey: 'col_type', render: (row) => prizeKindLabel(row.type, t) },
    { id: 'usedDate', headerKey: 'col_used_date', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.usedDate)}</span> },
    { id: 'amount', headerKey: 'col_amount', money: (row) => minorOrNull(row.amount), total: (footer) => footer.amountMinor },
    { id: 'delivery', headerKey: 'col_delivery', render: (row) => <DeliveryCell row={row} t={t} /> },
    {
      id: 'verify',
      headerKey: 'col_verify',
      render: (row) => (
        <Button size="sm" variant="ghost" onClick={() => onVerify(row.transactionId)} data-testid="history-verify">
          {t('verify')}
        </Button>
      ),
    },
  ];
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.transactionId}
      label={t('tab_history')}
      namespace={NAMESPACE}
      emptyTitle={t('history_empty')}
    />
  );
}
