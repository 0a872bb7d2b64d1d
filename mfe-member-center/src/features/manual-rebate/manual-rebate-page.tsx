import { amountMinorOf, bus, Button, EmptyState, formatMoney, isApiError, Spinner, useCall, useT, type AmountMinor } from '@platform/shared';
import { LoadError, quietRefusalMessage } from '@platform/ui-blocks';
import { useId, useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { claimDay, claimRow, loadDay, loadSetting, minorOf, REBATE_ROWS, rowRemainMinor, type RebateRow, type RebateRowKey } from './rebate-api';
import styles from './manual-rebate.module.css';
import { NAMESPACE } from './translations';

/** What the last claim did: the amount paid, or why it was refused (the server's words). */
type Notice = { kind: 'success' | 'error'; text: string };

/**
 * Manual Rebate: the member picks one of the closed days it may claim (yesterday first, from the
 * server's calendar), sees what remains of its rebate per product category (the site's lottery
 * folded into the lottery row) and claims a row, or the whole day. A claim sends exactly the
 * amount shown; the server pays it once and refuses anything else. After a claim the day and the
 * balance are loaded again.
 */
export default function ManualRebatePage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const dateId = useId();
  const setting = useCall((signal) => loadSetting(signal), [], { requiresSession: true });
  const [picked, setPicked] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<RebateRowKey | 'all' | null>(null);
  // State lags a render behind: a second press in the same tick must already see the first.
  const sending = useRef(false);

  const dates = setting.status === 'success' ? setting.data.balanceDates : [];
  const manual = setting.status === 'success' && setting.data.mode === 'manual';
  const balanceDate = picked !== null && dates.includes(picked) ? picked : (dates[0] ?? null);
  const day = useCall((signal) => loadDay(balanceDate as string, signal), [balanceDate], { requiresSession: true, enabled: manual && balanceDate !== null });

  if (setting.status === 'error') {
    return (
      <div className={styles.page} data-testid="manual-rebate">
        <LoadError title={t('load_failed')} error={setting.error} onRetry={setting.refresh} />
      </div>
    );
  }
  if (setting.status !== 'success') {
    return (
      <div className={styles.page} data-testid="manual-rebate" aria-busy>
        <div className={styles.loading}>
          <Spinner />
        </div>
      </div>
    );
  }
  if (!manual) {
    return (
      <div className={styles.page} data-testid="manual-rebate">
        <EmptyState title={t('auto_title')} description={t('auto_description')} />
      </div>
    );
  }

  const shown = day.status === 'success' ? day.data : day.status === 'loading' ? day.staleData : undefined;
  const totalMinor = shown ? minorOf(shown.totalRemain) : amountMinorOf(0);

  /** Runs one claim (a row, or the whole day), then reads the day and the balance again. */
  const run = async (key: RebateRowKey | 'all', claim: () => Promise<{ paid: number }>) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(key);
    setNotice(null);
    let paid = false;
    try {
      const paidMinor = minorOf((await claim()).paid);
      paid = paidMinor > 0;
      setNotice({ kind: 'success', text: t('claimed', { amount: formatMoney(paidMinor) }) });
    } catch (failure) {
      const message = isApiError(failure) ? quietRefusalMessage(failure) : null;
      if (!isApiError(failure) || message !== null) setNotice({ kind: 'error', text: message ?? t('claim_failed') });
    } finally {
      if (paid) bus.dispatch({ type: 'refreshBalance' });
      day.refresh();
      sending.current = false;
      setBusy(null);
    }
  };

  const claimOne = (row: RebateRow) => {
    if (!shown || balanceDate === null) return;
    const amount = rowRemainMinor(shown, row);
    if (amount > 0) void run(row.key, () => claimRow(balanceDate, row, amount));
  };
  const claimAll = () => {
    if (balanceDate === null || totalMinor <= 0) return;
    void run('all', () => claimDay(balanceDate, totalMinor));
  };

  let body;
  if (balanceDate === null) {
    body = <EmptyState title={t('no_days')} />;
  } else if (day.status === 'error') {
    body = <LoadError title={t('load_failed')} error={day.error} onRetry={day.refresh} />;
  } else if (!shown) {
    body = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else {
    body = (
      <>
        <ul className={styles.rows} aria-label={t('rows_label', { date: balanceDate })}>
          {REBATE_ROWS.map((row) => {
            const amount: AmountMinor = rowRemainMinor(shown, row);
            return (
              <li key={row.key} className={styles.row} data-testid={`rebate-row-${row.key}`}>
                <span className={styles.category}>{t(`category_${row.key}`)}</span>
                <span className={styles.amount}>{formatMoney(amount)}</span>
                <Button size="sm" variant="secondary" disabled={amount <= 0 || busy !== null} loading={busy === row.key} onClick={() => claimOne(row)}>
                  {t('claim')}
                </Button>
              </li>
            );
          })}
        </ul>
        <div className={styles.total}>
          <span className={styles.category}>{t('total')}</span>
          <span className={styles.amount} data-testid="rebate-total">
            {formatMoney(totalMinor)}
          </span>
          <Button size="sm" disabled={totalMinor <= 0 || busy !== null} loading={busy === 'all'} onClick={claimAll}>
            {t('claim_all')}
          </Button>
        </div>
        {shown.totalPaid > 0 && <p className={styles.note}>{t('already_paid', { amount: formatMoney(minorOf(shown.totalPaid)) })}</p>}
      </>
    );
  }

  return (
    <div className={styles.page} data-testid="manual-rebate" aria-busy={day.status === 'loading'}>
      <p className={styles.note}>{t('explanation')}</p>
      {dates.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={dateId} className={styles.label}>
            {t('date')}
          </label>
          <select
            id={dateId}
            className={styles.select}
            value={balanceDate ?? ''}
            onChange={(event) => {
              setPicked(event.target.value);
              setNotice(null);
            }}
          >
            {dates.map((date, index) => (
              <option key={date} value={date}>
                {index === 0 ? t('yesterday', { date }) : date}
              </option>
            ))}
          </select>
        </div>
      )}
      {notice && (
        <p className={notice.kind === 'success' ? styles.success : styles.error} role={notice.kind === 'success' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {body}
    </div>
  );
}
