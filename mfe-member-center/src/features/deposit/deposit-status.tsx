import { formatMoney, useT, type AmountMinor } from '@platform/shared';
import type { DepositState } from '@platform/contract';
import styles from './deposit.module.css';
import { NAMESPACE } from './translations';

interface DepositStatusProps {
  state: DepositState;
  manual: boolean;
  /** Manual transfer: the receipt was sent (waiting for an operator, not for the member). */
  receiptSent: boolean;
  amountMinor: AmountMinor;
  currencySymbol: string;
}

/** Where a deposit stands, in words, announced when it changes. */
export function DepositStatus({ state, manual, receiptSent, amountMinor, currencySymbol }: DepositStatusProps) {
  const { t } = useT(NAMESPACE);
  const amount = formatMoney(amountMinor, { symbol: currencySymbol });
  let text: string;
  let tone: 'info' | 'success' | 'danger';
  switch (state) {
    case 'approved':
      text = t('status_approved', { amount });
      tone = 'success';
      break;
    case 'rejected':
      text = t('status_rejected');
      tone = 'danger';
      break;
    case 'cancelled':
      text = t('status_cancelled');
      tone = 'danger';
      break;
    case 'failed':
      text = t('status_failed');
      tone = 'danger';
      break;
    case 'expired':
      text = t('status_expired');
      tone = 'danger';
      break;
    default:
      text = manual ? (receiptSent ? t('status_waiting_approval') : t('status_waiting_transfer')) : t('status_waiting_payment');
      tone = 'info';
  }
  return (
    <p role="status" className={`${styles.status} ${styles[tone]}`} data-testid="deposit-status" data-state={state}>
      {text}
    </p>
  );
}

/** The state of a deposit in a list, in a word or two. */
export function useStateLabel(): (state: DepositState) => string {
  const { t } = useT(NAMESPACE);
  return (state) => {
    switch (state) {
      case 'approved':
        return t('state_approved');
      case 'rejected':
        return t('state_rejected');
      case 'cancelled':
        return t('state_cancelled');
      case 'failed':
        return t('state_failed');
      case 'expired':
        return t('state_expired');
      default:
        return t('state_pending');
    }
  };
}
