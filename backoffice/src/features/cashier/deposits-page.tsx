import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatTime, Input, localeOf, Notice, PageTitle, Select, ui, useAction, useBackOffice, useLoad } from '@backoffice/kit';
import { DEPOSIT_STATUSES, QUEUE_REFRESH_MS, type DepositRow } from './cashier-types';
import styles from './cashier.module.css';
import { RejectForm } from './decision-form';

interface ApproveAnswer {
  deposit: DepositRow;
  replayed: boolean;
  awaitingSecondApproval: boolean;
}

/**
 * Deposits to decide: pending ones first (the queue), each with its receipt when the member sent
 * one; approve (the amount received may differ from the amount asked) or reject with a reason.
 * The server credits a deposit once however many cashiers click: a second click is told it was
 * decided already.
 */
export default function DepositsPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api, may } = useBackOffice();
  const [status, setStatus] = useState<string>('pending');
  const { data, error, loading, reload } = useLoad(() => api.get<{ list: DepositRow[] }>('/deposits', { status, limit: 200 }), [status], { refreshMs: QUEUE_REFRESH_MS });
  const [action, setAction] = useState<{ number: string; kind: 'approve' | 'reject' } | null>(null);
  const [amount, setAmount] = useState('');
  const [receipt, setReceipt] = useState<{ number: string; dataUrl: string } | null>(null);
  const { busy, outcome, run: act, failed } = useAction();

  // Decided or refused, the queue is read again: another cashier may have decided meanwhile.
  const run = async (work: () => Promise<string>) => {
    if (await act(work)) setAction(null);
    void reload();
  };

  const approve = (deposit: DepositRow) =>
    run(async () => {
      const body = amount.trim() ? { amount: Number(amount) } : {};
      const answer = await api.post<ApproveAnswer>(`/deposits/${deposit.number}/approve`, body);
      if (answer.awaitingSecondApproval) return t('cashier.awaitingSecond', { number: deposit.number });
      return answer.replayed ? t('cashier.alreadyDecided', { number: deposit.number }) : t('cashier.approved', { number: deposit.number, amount: formatAmount(answer.deposit.creditedAmount, locale) });
    });
  const reject = (deposit: DepositRow, reason: string) =>
    run(async () => {
      const answer = await api.post<{ replayed: boolean }>(`/deposits/${deposit.number}/reject`, { reason });
      return answer.replayed ? t('cashier.alreadyDecided', { number: deposit.number }) : t('cashier.rejected', { number: deposit.number });
    });
  const showReceipt = async (deposit: DepositRow) => {
    try {
      const answer = await api.get<{ dataUrl: string }>(`/deposits/${deposit.number}/receipt`);
      setReceipt({ number: deposit.number, dataUrl: answer.dataUrl });
    } catch (caught) {
      failed(caught);
    }
  };

  const list = data?.list ?? [];
  return (
    <>
      <PageTitle>{t('nav.deposits')}</PageTitle>
      <div className={ui.toolbar}>
        <Field label={t('cashier.status')}>
          <Select value={status} onChange={(event) => setStatus(event.target.value)}>
            {DEPOSIT_STATUSES.map((value) => (
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
        <table className={ui.table} data-testid="deposits">
          <thead>
            <tr>
              <th>{t('cashier.number')}</th>
              <th>{t('cashier.member')}</th>
              <th>{t('cashier.method')}</th>
              <th className={ui.number}>{t('cashier.requested')}</th>
              <th className={ui.number}>{t('cashier.credited')}</th>
              <th>{t('cashier.status')}</th>
              <th>{t('cashier.created')}</th>
              <th>{t('cashier.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((deposit) => (
              <tr key={deposit.number} data-testid="deposit-row" data-number={deposit.number}>
                <td>{deposit.number}</td>
                <td>{deposit.username}</td>
                <td>
                  {deposit.method} <span className={styles.muted}>{deposit.channel}</span>
                  {deposit.referenceNo && <div className={styles.muted}>{t('cashier.reference', { reference: deposit.referenceNo })}</div>}
                </td>
                <td className={ui.number}>{formatAmount(deposit.requestedAmount, locale)}</td>
                <td className={ui.number}>{formatAmount(deposit.creditedAmount, locale)}</td>
                <td>
                  {t(`status.${deposit.status}`, { defaultValue: deposit.status })}
                  {deposit.rejectReason && <div className={styles.muted}>{deposit.rejectReason}</div>}
                  {deposit.operator && <div className={styles.muted}>{deposit.operator}</div>}
                </td>
                <td>{formatTime(deposit.createdAt, locale)}</td>
                <td>
                  <div className={ui.actions}>
                    {deposit.hasReceipt && may('GET /deposits/:number/receipt') && (
                      <Button variant="secondary" onClick={() => void showReceipt(deposit)}>
                        {t('cashier.receipt')}
                      </Button>
                    )}
                    {deposit.status === 'pending' && may('POST /deposits/:number/approve') && (
                      <Button
                        onClick={() => {
                          setAmount(String(deposit.requestedAmount));
                          setAction({ number: deposit.number, kind: 'approve' });
                        }}
                      >
                        {t('cashier.approve')}
                      </Button>
                    )}
                    {deposit.status === 'pending' && may('POST /deposits/:number/reject') && (
                      <Button variant="danger" onClick={() => setAction({ number: deposit.number, kind: 'reject' })}>
                        {t('cashier.reject')}
                      </Button>
                    )}
                  </div>
                  {action?.number === deposit.number && action.kind === 'approve' && (
                    <form
                      className={styles.decision}
                      onSubmit={(event) => {
                        event.preventDefault();
                        void approve(deposit);
                      }}
                    >
                      <Field label={t('cashier.amountReceived')}>
                        <Input inputMode="decimal" required pattern="[0-9]+(\.[0-9]{1,2})?" value={amount} onChange={(event) => setAmount(event.target.value)} />
                      </Field>
                      <Button type="submit" disabled={busy}>
                        {t('cashier.confirmApprove')}
                      </Button>
                      <Button variant="secondary" onClick={() => setAction(null)}>
                        {t('cancel')}
                      </Button>
                    </form>
                  )}
                  {action?.number === deposit.number && action.kind === 'reject' && <RejectForm busy={busy} onCancel={() => setAction(null)} onReject={(reason) => void reject(deposit, reason)} />}
                  {receipt?.number === deposit.number && (
                    <div className={styles.receipt}>
                      <img src={receipt.dataUrl} alt={t('cashier.receiptOf', { number: deposit.number })} />
                      <Button variant="secondary" onClick={() => setReceipt(null)}>
                        {t('close')}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && list.length === 0 && <p className={ui.empty}>{t('cashier.noDeposits')}</p>}
      </div>
    </>
  );
}
