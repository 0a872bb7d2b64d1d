import { amountInputText, type AmountMinor, bus, Button, ConfirmDialog, ConfirmSummary, createRetryKey, EmptyState, formatDateTime, formatMoney, isApiError, parseAmountInput, Spinner, useCall, usePagedList, useT } from '@platform/shared';
import { UPLINE_TRANSFER_REMARK_MAX_LENGTH } from '@platform/shared/contract';
import { FormError, isPaymentPassword, PaymentPasswordField, TextField, useForm, type FieldErrors } from '@platform/shared/forms';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { useRef, useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import styles from './transfer-upline.module.css';
import { NAMESPACE } from './translations';
import { loadTransferLog, loadUplineTransfer, transferToUpline, type AmountFooter, type UplineTransferLogRow, type UplineTransferOrder, type UplineTransferState } from './upline-api';

/** The log's periods: those within the 29 days one records request may span. */
const LOG_PERIODS: readonly RecordsPeriod[] = ['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek'];
const LOG_PAGE_SIZE = 10;

const logColumns: RecordsColumn<UplineTransferLogRow, AmountFooter>[] = [
  { id: 'time', headerKey: 'log_time', render: (row) => formatDateTime(row.timeMs).slice(5) },
  { id: 'amount', headerKey: 'log_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  { id: 'remark', headerKey: 'log_remark', render: (row) => row.remark || '-' },
];

/** Transfer to upline: the balance, the transfer form (amount, remark, payment password, confirmation) and the log. */
export default function TransferUplinePage({ openPage }: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const state = useCall(loadUplineTransfer, [], { requiresSession: true });
  const log = usePagedList<UplineTransferLogRow, { period: RecordsPeriod }, AmountFooter>(
    ({ page, pageSize, filters }, signal) => loadTransferLog(periodRange(filters.period), page, pageSize, signal),
    { filters: { period: 'last7Days' }, pageSize: LOG_PAGE_SIZE, requiresSession: true },
  );

  const shown: UplineTransferState | undefined = state.status === 'success' ? state.data : state.status === 'loading' ? state.staleData : undefined;
  if (state.status === 'error') {
    return (
      <EmptyState
        title={t('load_failed')}
        description={state.error.message}
        action={
          <Button variant="secondary" onClick={state.refresh}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (!shown) {
    return (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  }
  if (!shown.allowed) {
    return (
      <div data-testid="transfer-upline-not-allowed">
        <EmptyState title={t('not_allowed')} />
      </div>
    );
  }
  // The site's currency symbol, as the header and the records tables show money.
  const money = (amountMinor: AmountMinor) => formatMoney(amountMinor);
  return (
    <div className={styles.page} data-testid="transfer-upline">
      <section className={styles.summary} aria-label={t('balance')}>
        <div className={styles.balance}>
          <span className={styles.label}>{t('available_balance')}</span>
          <strong className={styles.amount} data-testid="transfer-upline-balance">
            {money(shown.mainMinor)}
          </strong>
        </div>
        {shown.totalMinor !== shown.mainMinor && (
          <div className={styles.balance}>
            <span className={styles.label}>{t('total_balance')}</span>
            <span className={styles.secondaryAmount}>{money(shown.totalMinor)}</span>
          </div>
        )}
      </section>
      <UplineTransferForm
        state={shown}
        money={money}
        onDone={() => {
          state.refresh();
          log.refresh();
        }}
        onPasswordMissing={() => openPage('securityCenter')}
      />
      <section className={styles.log} aria-labelledby="transfer-upline-log">
        <h3 id="transfer-upline-log" className={styles.heading}>
          {t('log_title')}
        </h3>
        <RecordsTable
          records={log}
          columns={logColumns}
          rowKey={(row) => row.orderNo}
          label={t('log_title')}
          namespace={NAMESPACE}
          emptyTitle={t('log_empty')}
          filters={<PeriodSelect value={log.filters.period} options={LOG_PERIODS} onChange={(period) => log.setFilter('period', period)} />}
        />
      </section>
    </div>
  );
}

interface Values {
  amount: string;
  remark: string;
  password: string;
}

interface FormProps {
  state: UplineTransferState;
  money: (amountMinor: AmountMinor) => string;
  onDone: () => void;
  /** The server says no payment password is set: the page offers My Account, where it is set. */
  onPasswordMissing: () => void;
}

/**
 * The amount (within the merchant's limits and the main wallet), an optional remark and the
 * payment password, then a confirmation. One Idempotency-Key per confirmed transfer, sent again if
 * the same transfer is retried after no answer came.
 */
function UplineTransferForm({ state, money, onDone, onPasswordMissing }: FormProps) {
  const { t } = useT(NAMESPACE);
  const retryKey = useRef(createRetryKey());
  const [confirming, setConfirming] = useState<UplineTransferOrder | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [passwordMissing, setPasswordMissing] = useState(false);
  const limitMinor = Math.min(state.maximumMinor, state.mainMinor) as AmountMinor;

  const form = useForm<Values>({
    initialValues: { amount: '', remark: '', password: '' },
    validate: (values) => {
      const errors: FieldErrors<Values> = {};
      const amount = parseAmountInput(values.amount);
      if (values.amount.trim() === '') errors.amount = { text: t('amount_required') };
      else if (amount === null || amount <= 0) errors.amount = { text: t('amount_invalid') };
      else if (amount < state.minimumMinor) errors.amount = { text: t('amount_below_minimum', { minimum: money(state.minimumMinor) }) };
      else if (amount > state.maximumMinor) errors.amount = { text: t('amount_above_maximum', { maximum: money(state.maximumMinor) }) };
      else if (amount > state.mainMinor) errors.amount = { text: t('amount_above_balance', { balance: money(state.mainMinor) }) };
      if (!isPaymentPassword(values.password)) errors.password = { text: t('password_format') };
      return errors;
    },
    onSubmit: (values) => {
      setSendError(null);
      setConfirming({ amountMinor: parseAmountInput(values.amount) as AmountMinor, remark: values.remark.trim(), password: values.password });
    },
  });

  const send = async () => {
    if (!confirming) return;
    // The key stands for the transfer (amount and remark); the password only proves it.
    const key = retryKey.current.keyFor({ amountMinor: confirming.amountMinor, remark: confirming.remark });
    setSending(true);
    try {
      await transferToUpline(confirming, key);
      retryKey.current.settled();
      setConfirming(null);
      form.setValues({ amount: '', remark: '', password: '' });
      bus.dispatch({ type: 'toast', level: 'success', message: t('transfer_done') });
      onDone();
    } catch (error) {
      retryKey.current.settled(error);
      setConfirming(null);
      if (isApiError(error) && error.errorCode === 'not.exists.payment.password') setPasswordMissing(true);
      setSendError(isApiError(error) ? error.message : t('transfer_failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={form.submit} noValidate aria-labelledby="transfer-upline-form-title" data-testid="transfer-upline-form">
      <h3 id="transfer-upline-form-title" className={styles.heading}>
        {t('form_title')}
      </h3>
      <TextField
        name="amount"
        label={t('field_amount')}
        value={form.values.amount}
        onChange={(value) => form.setValue('amount', value)}
        inputMode="numeric"
        required
        maxLength={20}
        placeholder={t('amount_placeholder')}
        hint={t('amount_limits', { minimum: money(state.minimumMinor), maximum: money(state.maximumMinor) })}
        error={form.errors.amount?.text}
        testIdPrefix="transfer-upline"
        trailing={
          <Button variant="ghost" size="sm" disabled={limitMinor <= 0} onClick={() => form.setValue('amount', amountInputText(limitMinor))} data-testid="transfer-upline-all">
            {t('all')}
          </Button>
        }
      />
      <TextField
        name="remark"
        label={t('field_remark')}
        value={form.values.remark}
        onChange={(value) => form.setValue('remark', value)}
        maxLength={UPLINE_TRANSFER_REMARK_MAX_LENGTH}
        placeholder={t('remark_placeholder')}
        error={form.errors.remark?.text}
        testIdPrefix="transfer-upline"
      />
      <PaymentPasswordField
        name="password"
        label={t('field_payment_password')}
        value={form.values.password}
        onChange={(value) => form.setValue('password', value)}
        error={form.errors.password?.text}
        testIdPrefix="transfer-upline"
      />
      <FormError message={sendError ?? form.formError} testId="transfer-upline-error" />
      {passwordMissing && (
        <Button variant="secondary" size="sm" onClick={onPasswordMissing} data-testid="transfer-upline-set-password">
          {t('set_payment_password')}
        </Button>
      )}
      <Button type="submit" block data-testid="transfer-upline-submit">
        {t('submit')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        title={t('confirm_title')}
        busy={sending}
        confirmLabel={t('confirm')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void send()}
        testId="transfer-upline-confirm"
        message={
          confirming && (
            <ConfirmSummary
              rows={[
                { label: t('confirm_amount'), value: money(confirming.amountMinor), testId: 'transfer-upline-confirm-amount' },
                { label: t('confirm_remark'), value: confirming.remark || '-', testId: 'transfer-upline-confirm-remark' },
              ]}
            />
          )
        }
      />
    </form>
  );
}
