import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, localeOf, Notice, PageTitle, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { QUEUE_REFRESH_MS, WITHDRAWAL_STATUSES, type WithdrawalRow } from './cashier-types';
import styles from './cashier.module.css';
import { RejectForm } from './decision-form';

/**
 * Withdrawals to pay: pending ones first (a VIP level's priority before the rest), with the card to
 * pay to and what to send (the amount less the C2C part already paid and the charge). Marked paid
 * after the payout was sent, or rejected with a reason (the whole amount goes back to the member).
 * The server decides each once.
 */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const [status, setStatus] = useState<string>('pending');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: WithdrawalRow[] }>('/withdrawals', { status, limit: 200 }), [status], { refreshMs: QUEUE_REFRESH_MS });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const { busy, outcome, run } = useAction();

  // Decided or refused, the queue is read again: another cashier may have decided meanwhile.
  const decide = async (withdrawal: WithdrawalRow, verb: 'pay' | 'reject', reason?: string) => {
    const done = await run(async () => {
      const answer = await api.post<{ changed: boolean }>(`/withdrawals/${withdrawal.number}/${verb}`, verb === 'reject' ? { reason } : {});
      if (!answer.changed) return t('cashier.alreadyDecided', { number: withdrawal.number });
      return verb === 'pay' ? t('cashier.paid', { number: withdrawal.number }) : t('cashier.rejected', { number: withdrawal.number });
    });
    if (done) setRejecting(null);
    void reload();
  };

  const list = data?.list ?? [];
  return (
    <>
      <PageTitle>{t('nav.withdrawals')}</PageTitle>
      <div className={ui.toolbar}>
        <Field label={t('cashier.status')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            {WITHDRAWAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
      </div>
      <Notice>{outcome.notice}</Notice>
      <ErrorMessage>{outcome.error ?? error}</ErrorMessage>
      <div className={ui.tableWrap}>
        <table className={ui.table} data-testid="withdrawals">
          <thead>
            <tr>
              <th>{t('cashier.number')}</th>
              <th>{t('cashier.member')}</th>
              <th>{t('cashier.card')}</th>
              <th className={ui.number}>{t('cashier.amount')}</th>
              <th className={ui.number}>{t('cashier.payout')}</th>
              <th>{t('cashier.status')}</th>
              <th>{t('cashier.created')}</th>
              <th>{t('cashier.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((withdrawal) => (
              <tr key={withdrawal.number} data-testid="withdrawal-row" data-number={withdrawal.number}>
                <td>
                  {withdrawal.number}
                  {withdrawal.priority && <div className={styles.priority}>{t('cashier.priority')}</div>}
                </td>
                <td>{withdrawal.username}</td>
                <td>
                  {withdrawal.bankName} {withdrawal.cardNumber}
                  <div className={styles.muted}>{withdrawal.payeeName}</div>
                </td>
                <td className={ui.number}>{formatAmount(withdrawal.amount, locale)}</td>
                <td className={ui.number}>
                  {formatAmount(withdrawal.payout, locale)}
                  {withdrawal.charge > 0 && <div className={styles.muted}>{t('cashier.charge', { amount: formatAmount(withdrawal.charge, locale) })}</div>}
                  {withdrawal.c2cSettled > 0 && <div className={styles.muted}>{t('cashier.c2cSettled', { amount: formatAmount(withdrawal.c2cSettled, locale) })}</div>}
                  {withdrawal.wagering && (
                    <div className={withdrawal.wagering.remaining > 0 ? styles.priority : styles.muted} data-testid="withdrawal-wagering">
                      {withdrawal.wagering.remaining > 0 ? t('cashier.wageringDue', { amount: formatAmount(withdrawal.wagering.remaining, locale) }) : t('cashier.wageringMet')}
                    </div>
                  )}
                </td>
                <td>
                  {t(`status.${withdrawal.status}`, { defaultValue: withdrawal.status })}
                  {withdrawal.remark && <div className={styles.muted}>{withdrawal.remark}</div>}
                  {withdrawal.operator && <div className={styles.muted}>{withdrawal.operator}</div>}
                </td>
                <td>{formatTime(withdrawal.createdAt, locale)}</td>
                <td>
                  {withdrawal.status === 'pending' && (
                    <div className={ui.actions}>
                      {may('POST /withdrawals/:number/pay') && (
                        <Button disabled={busy} onClick={() => void decide(withdrawal, 'pay')}>
                          {t('cashier.markPaid')}
                        </Button>
                      )}
                      {may('POST /withdrawals/:number/reject') && (
                        <Button variant="danger" onClick={() => setRejecting(withdrawal.number)}>
                          {t('cashier.reject')}
                        </Button>
                      )}
                    </div>
                  )}
                  {rejecting === withdrawal.number && <RejectForm busy={busy} onCancel={() => setRejecting(null)} onReject={(reason) => void decide(withdrawal, 'reject', reason)} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('cashier.noWithdrawals')}</p>}
      </div>
    </>
  );
}
