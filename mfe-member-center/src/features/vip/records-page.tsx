import { EmptyState, formatDateTime, formatMoney, Pagination, useCall, useT } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { loadHistory, minorOf } from './vip-api';
import styles from './vip.module.css';
import { NAMESPACE } from './translations';
import { Loading } from './vip-parts';

/** benefitsRecords: the VIP benefits claimed, newest first (claim time, what, amount), a page at a time, with their sum. */
export default function RecordsPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [page, setPage] = useState(1);
  const history = useCall((signal) => loadHistory(page, signal), [page], { requiresSession: true });
  let body;
  if (history.status === 'error') body = <LoadError title={t('load_failed')} error={history.error} onRetry={history.refresh} />;
  else if (history.status !== 'success') body = <Loading />;
  else if (history.data.list.length === 0) body = <EmptyState title={t('no_records')} />;
  else {
    body = (
      <>
        <ul className={styles.rows} aria-label={t('records_title')}>
          {history.data.list.map((row, index) => (
            <li key={`${row.claimDate}-${index}`} className={styles.record} data-testid="vip-record">
              <span className={styles.rowName}>{row.promoName}</span>
              <span className={styles.amount}>{formatMoney(minorOf(row.bonusAmount))}</span>
              <span className={styles.muted}>{formatDateTime(row.claimDate)}</span>
            </li>
          ))}
        </ul>
        <p className={styles.total} data-testid="vip-records-total">
          {t('records_total', { amount: formatMoney(minorOf(history.data.footer.bonusAmount)) })}
        </p>
        <Pagination page={page} totalPages={history.data.totalPages} onChange={setPage} />
      </>
    );
  }
  return (
    <div className={styles.page} data-testid="vip-records">
      {body}
    </div>
  );
}
