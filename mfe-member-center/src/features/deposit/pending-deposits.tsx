import { Button, formatDateTime, formatMoney, useT } from '@platform/shared';
import type { DepositRecord } from './deposit-api';
import { useStateLabel } from './deposit-status';
import styles from './deposit.module.css';
import { NAMESPACE } from './translations';

interface PendingDepositsProps {
  deposits: DepositRecord[];
  currencySymbol: string;
  onOpen: (deposit: DepositRecord) => void;
}

/** The member's deposits in progress, as cards: what, how much, since when; each opens its details. */
export function PendingDeposits({ deposits, currencySymbol, onOpen }: PendingDepositsProps) {
  const { t } = useT(NAMESPACE);
  const stateLabel = useStateLabel();
  if (deposits.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="deposit-pending-title" data-testid="deposit-pending">
      <h3 id="deposit-pending-title" className={styles.heading}>
        {t('pending_title')}
      </h3>
      <ul className={styles.pendingList}>
        {deposits.map((deposit) => (
          <li key={deposit.depositId} className={styles.pendingItem} data-testid={`deposit-pending-${deposit.refCode}`}>
            <div className={styles.pendingText}>
              <strong className={styles.value}>
                {deposit.refCode} · {deposit.vendorName}
              </strong>
              <span className={styles.amount}>{formatMoney(deposit.requestedMinor, { symbol: currencySymbol })}</span>
              <span className={styles.muted}>
                {formatDateTime(deposit.createdAt)} · {stateLabel(deposit.state)}
              </span>
            </div>
            <Button variant="secondary" size="sm" onClick={() => onOpen(deposit)} data-testid={`deposit-pending-open-${deposit.refCode}`}>
              {deposit.method === 'MT' ? t('pending_open_manual') : t('pending_open_online')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
