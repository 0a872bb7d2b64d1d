import { Button, bus, DEFAULT_CURRENCY_SYMBOL, formatMoney, requireRealAccount, useT, type MemberCenterPage } from '@platform/shared';
import { useState } from 'react';
import { useBalance } from '../hooks/use-balance';
import styles from './balance-area.module.css';

export interface BalanceAreaProps {
  /** The site's currency symbol; default '$'. */
  currencySymbol?: string;
}

/** Deposit and withdraw need a real account: a guest (free play) is asked to register. */
function openWallet(page: MemberCenterPage): void {
  if (requireRealAccount()) bus.dispatch({ type: 'openMemberCenter', page });
}

/**
 * Logged in: balance with hide/show and refresh, then Deposit and Withdraw (member centre). A phone
 * shows the balance with its refresh and Deposit only (Withdraw is in the member centre).
 */
export function BalanceArea({ currencySymbol }: BalanceAreaProps) {
  const { t } = useT('shell');
  const { sumBalanceMinor, loading, refresh } = useBalance();
  const [hidden, setHidden] = useState(false);
  const symbol = currencySymbol || DEFAULT_CURRENCY_SYMBOL;
  // Unknown until loaded: formatMoney shows '--' for it.
  const amount = formatMoney(sumBalanceMinor, { symbol, hidden });

  return (
    <div className={styles.area}>
      <div className={styles.balance}>
        <span className={styles.label}>{t('header_balance')}</span>
        <output className={styles.amount} data-testid="header-balance" aria-live="polite" aria-busy={loading}>
          {amount}
        </output>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.wideOnly}`}
          aria-label={hidden ? t('header_show_balance') : t('header_hide_balance')}
          aria-pressed={hidden}
          data-testid="header-balance-toggle"
          onClick={() => setHidden((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"
            />
            {hidden && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
          </svg>
        </button>
        <button
          type="button"
          className={loading ? `${styles.iconButton} ${styles.spinning}` : styles.iconButton}
          aria-label={t('header_refresh_balance')}
          data-testid="header-balance-refresh"
          disabled={loading}
          onClick={refresh}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M17.7 6.3A8 8 0 1 0 20 12h-2a6 6 0 1 1-1.8-4.3L13 11h7V4l-2.3 2.3Z"
            />
          </svg>
        </button>
      </div>
      <Button size="sm" className={styles.deposit} data-testid="header-deposit" onClick={() => openWallet('depositv2')}>
        {t('header_deposit')}
      </Button>
      <Button size="sm" variant="secondary" className={styles.wideOnly} data-testid="header-withdraw" onClick={() => openWallet('withdraw')}>
        {t('header_withdraw')}
      </Button>
    </div>
  );
}
