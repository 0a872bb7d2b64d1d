import { formatDateTime, formatMoney, Spinner, usePaymentStatus, useT, type CallResult } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import type { RecentWithdrawal } from '../api';
import { NAMESPACE } from '../translations';
import styles from '../withdraw.module.css';

/** The member's latest withdrawals (the last 30 days): when, where to, how much, and where each stands. */
export function RecentWithdrawals({ recent, symbol }: { recent: CallResult<RecentWithdrawal[]>; symbol: string }) {
  const { t } = useT(NAMESPACE);
  const rows = recent.status === 'success' ? recent.data : recent.status === 'loading' ? recent.staleData : undefined;
  // An operator paid or rejected one (pushed by the server): the list shows it without a reopen.
  usePaymentStatus(['withdrawal'], recent.refresh);
  return (
    <section className={styles.panel} aria-labelledby="withdraw-recent-title">
      <h3 id="withdraw-recent-title" className={styles.heading}>
        {t('recent_title')}
      </h3>
      {recent.status === 'error' ? (
        <LoadError title={t('load_failed')} error={recent.error} onRetry={recent.refresh} />
      ) : rows === undefined ? (
        <div className={styles.loading}>
          <Spinner />
        </div>
      ) : rows.length === 0 ? (
        <p className={styles.note} data-testid="withdraw-recent-empty">
          {t('recent_empty')}
        </p>
      ) : (
        <ul className={styles.recent} data-testid="withdraw-recent">
          {rows.map((row) => (
            <li key={row.withdrawId} className={styles.recentRow} data-testid={`withdraw-recent-${row.withdrawId}`}>
              <div className={styles.recentMain}>
                <span className={styles.recentAmount}>{formatMoney(row.amountMinor, { symbol })}</span>
                <span className={`${styles.status} ${styles[`status_${row.status}`]}`} data-testid={`withdraw-recent-${row.withdrawId}-status`}>
                  {t(`status_${row.status}`)}
                </span>
              </div>
              <div className={styles.recentDetail}>
                <span>{`${row.bankName} ${row.cardNumber}`}</span>
                <time dateTime={new Date(row.dateMs).toISOString()}>{formatDateTime(row.dateMs)}</time>
              </div>
              {row.chargeMinor > 0 && <div className={styles.muted}>{t('recent_charge', { charge: formatMoney(row.chargeMinor, { symbol }) })}</div>}
              {row.remark && <div className={styles.muted}>{row.remark}</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
