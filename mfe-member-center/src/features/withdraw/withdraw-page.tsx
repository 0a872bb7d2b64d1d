import { formatMoney, Spinner, useBusState, useCall, useT, type AmountMinor, type CallResult } from '@platform/shared';
import { LoadError } from '@platform/ui-blocks';
import { useState } from 'react';
import { C2CConfirmations } from '../c2c';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { loadAccountInfo, loadRecent, loadRules, loadTurnover, type WithdrawCard } from './api';
import { CardList } from './components/card-list';
import { RecentWithdrawals } from './components/recent-withdrawals';
import { SetPaymentPasswordForm } from './components/set-payment-password-form';
import { TurnoverPanel } from './components/turnover-panel';
import { WithdrawForm } from './components/withdraw-form';
import { NAMESPACE } from './translations';
import styles from './withdraw.module.css';

/** The latest withdrawals the page lists. */
const RECENT_COUNT = 5;

/** The data of a call as the page shows it: the answer, or the previous one while it loads again. */
function shownOf<T>(call: CallResult<T>): T | undefined {
  return call.status === 'success' ? call.data : call.status === 'loading' ? call.staleData : undefined;
}

/**
 * Withdraw: the balance and the turnover left to bet (with what counts toward it), the bound cards and wallets (add one with the payment
 * password; delete one), the amount with its limits and charge, a confirmation (amount, charge,
 * received), and the latest withdrawals. A member without a payment password sets one first.
 */
export function WithdrawPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const info = useCall(loadAccountInfo, [], { requiresSession: true });
  const rules = useCall(loadRules, [], { requiresSession: true });
  const turnover = useCall(loadTurnover, [], { requiresSession: true });
  const recent = useCall((signal) => loadRecent(RECENT_COUNT, signal), [], { requiresSession: true });
  const balance = useBusState('balance');
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const failed = [info, rules, turnover].find((call) => call.status === 'error');
  if (failed?.status === 'error') {
    return (
      <LoadError
        title={t('load_failed')}
        error={failed.error}
        onRetry={() => {
          info.refresh();
          rules.refresh();
          turnover.refresh();
        }}
      />
    );
  }
  const account = shownOf(info);
  const limits = shownOf(rules);
  const reached = shownOf(turnover);
  if (!account || !limits || !reached) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }

  if (!account.hasPaymentPassword) {
    return (
      <div className={styles.page} data-testid="withdraw">
        <SetPaymentPasswordForm onDone={info.refresh} />
      </div>
    );
  }

  const cards: WithdrawCard[] = [...account.bankCards, ...account.eWallets, ...account.virtualWallets];
  const selected = cards.find((card) => card.bankCardId === selectedId) ?? cards[0] ?? null;
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor, { symbol: limits.currencySymbol });
  const turnoverMet = reached.remainingMinor <= 0;
  const afterWithdrawal = () => {
    info.refresh();
    rules.refresh();
    turnover.refresh();
    recent.refresh();
  };

  return (
    <div className={styles.page} data-testid="withdraw">
      <section className={styles.summary} aria-label={t('summary')}>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('balance')}</span>
          <strong className={styles.factValue} data-testid="withdraw-balance">
            {balance.sumBalanceMinor === null ? '--' : money(balance.sumBalanceMinor)}
          </strong>
        </div>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('turnover_left')}</span>
          <span className={turnoverMet ? styles.factValue : styles.factWarning} data-testid="withdraw-turnover">
            {turnoverMet ? t('turnover_none_left') : money(reached.remainingMinor)}
          </span>
        </div>
        <div className={styles.fact}>
          <span className={styles.factLabel}>{t('today_count')}</span>
          <span className={styles.factValue} data-testid="withdraw-today">
            {t('today_count_value', { done: limits.todayCount, max: limits.dailyMaxCount })}
          </span>
        </div>
      </section>

      <TurnoverPanel turnover={reached} symbol={limits.currencySymbol} />

      <CardList account={account} cards={cards} selected={selected} onSelect={setSelectedId} onChanged={info.refresh} />

      {selected ? (
        <WithdrawForm
          key={selected.bankCardId}
          card={selected}
          rules={limits}
          balanceMinor={balance.sumBalanceMinor}
          turnoverRemainingMinor={reached.remainingMinor}
          onDone={afterWithdrawal}
          onPasswordMissing={info.refresh}
        />
      ) : (
        <p className={styles.note} data-testid="withdraw-no-card">
          {t('no_card_yet')}
        </p>
      )}

      <C2CConfirmations onChanged={afterWithdrawal} />

      <RecentWithdrawals recent={recent} symbol={limits.currencySymbol} />
    </div>
  );
}
