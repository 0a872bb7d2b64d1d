import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, localeOf, Notice, PageTitle, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { ADJUSTMENT_STATUSES, QUEUE_REFRESH_MS, type AdjustmentRow } from './cashier-types';
import styles from './cashier.module.css';
import { RejectForm } from './decision-form';

/**
 * The four-eyes queue of balance adjustments: those above the merchant's threshold wait here until
 * a cashier other than the one who asked approves them (the money moves then, once) or rejects
 * them (nothing moves; the one who asked may withdraw their own). The server refuses an operator's
 * approval of their own request whatever this page shows; it is not offered here either.
 */
export default function AdjustmentsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may, session } = useBackOffice();
  const [status, setStatus] = useState<string>('awaiting');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: AdjustmentRow[] }>('/adjustments', { status, limit: 200 }), [status], { refreshMs: QUEUE_REFRESH_MS });
  const [rejecting, setRejecting] = useState<number | null>(null);
  const { busy, outcome, run } = useAction();

  const decide = async (adjustment: AdjustmentRow, verb: 'approve' | 'reject', reason?: string) => {
    const done = await run(async () => {
      const answer = await api.post<{ replayed: boolean }>(`/adjustments/${adjustment.id}/${verb}`, verb === 'reject' ? { reason } : {});
      if (answer.replayed) return t('adjustments.alreadyDecided', { id: adjustment.id });
      return verb === 'approve'
        ? t('adjustments.approved', { id: adjustment.id, amount: formatAmount(adjustment.amount, locale), username: adjustment.username })
        : t('adjustments.rejected', { id: adjustment.id });
    });
    if (done) setRejecting(null);
    void reload();
  };

  const list = data?.list ?? [];
  return (
    <>
      <PageTitle>{t('adjustments.nav')}</PageTitle>
      <p className={styles.muted}>{t('adjustments.intro')}</p>
      <div className={ui.toolbar}>
        <Field label={t('cashier.status')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            {ADJUSTMENT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`adjustments.statuses.${value}`)}
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
        <table className={ui.table} data-testid="adjustments">
          <thead>
            <tr>
              <th>{t('adjustments.id')}</th>
              <th>{t('cashier.member')}</th>
              <th className={ui.number}>{t('cashier.amount')}</th>
              <th>{t('adjustments.reason')}</th>
              <th>{t('adjustments.requestedBy')}</th>
              <th>{t('cashier.status')}</th>
              <th>{t('cashier.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((adjustment) => {
              const own = adjustment.requestedBy === session.operator.username;
              return (
                <tr key={adjustment.id} data-testid="adjustment-row" data-id={adjustment.id}>
                  <td>{adjustment.id}</td>
                  <td>{adjustment.username}</td>
                  <td className={ui.number}>{formatAmount(adjustment.amount, locale)}</td>
                  <td>{adjustment.reason}</td>
                  <td>
                    {adjustment.requestedBy}
                    <div className={styles.muted}>{formatTime(adjustment.createdAt, locale)}</div>
                  </td>
                  <td>
                    {t(`adjustments.statuses.${adjustment.status}`)}
                    {adjustment.decidedBy && <div className={styles.muted}>{adjustment.decidedBy}</div>}
                    {adjustment.decisionReason && <div className={styles.muted}>{adjustment.decisionReason}</div>}
                  </td>
                  <td>
                    {adjustment.status === 'awaiting' && (
                      <div className={ui.actions}>
                        {own ? (
                          <span className={styles.muted}>{t('adjustments.yours')}</span>
                        ) : (
                          may('POST /adjustments/:id/approve') && (
                            <Button disabled={busy} onClick={() => void decide(adjustment, 'approve')}>
                              {t('adjustments.approve')}
                            </Button>
                          )
                        )}
                        {may('POST /adjustments/:id/reject') && (
                          <Button variant="danger" onClick={() => setRejecting(adjustment.id)}>
                            {t(own ? 'adjustments.withdraw' : 'cashier.reject')}
                          </Button>
                        )}
                      </div>
                    )}
                    {rejecting === adjustment.id && (
                      <RejectForm label={t('adjustments.rejectReason')} busy={busy} onCancel={() => setRejecting(null)} onReject={(reason) => void decide(adjustment, 'reject', reason)} />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('adjustments.none')}</p>}
      </div>
    </>
  );
}
