import { type AmountMinor, bus, EmptyState, formatDateTime, formatMoney, Spinner, useCall, usePagedList, useT } from '@platform/shared';
import { UPLINE_TRANSFER_REMARK_MAX_LENGTH } from '@platform/contract';
import { TextField } from '@platform/shared/forms';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { LoadError, MoneyActionForm } from '@platform/ui-blocks';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import styles from './transfer-upline.module.css';
import { NAMESPACE } from './translations';
import { loadTransferLog, loadUplineTransfer, transferToUpline, type AmountFooter, type UplineTransferLogRow, type UplineTransferState } from './upline-api';

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
    return <LoadError title={t('load_failed')} error={state.error} onRetry={state.refresh} />;
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

interface FormProps {
  state: UplineTransferState;
  money: (amountMinor: AmountMinor) => string;
  onDone: () => void;
  /** The server says no payment password is set: the page offers My Account, where it is set. */
  onPasswordMissing: () => void;
}

/**
 * The amount (within the merchant's limits and the main wallet), an optional remark and the
 * payment password, then a confirmation (the money action block). One Idempotency-Key per
 * confirmed transfer, sent again if the same transfer is retried after no answer came.
 */
function UplineTransferForm({ state, money, onDone, onPasswordMissing }: FormProps) {
  const { t } = useT(NAMESPACE);
  return (
    <MoneyActionForm
      testIdPrefix="transfer-upline"
      initialValues={{ remark: '' }}
      amount={{
        hint: t('amount_limits', { minimum: money(state.minimumMinor), maximum: money(state.maximumMinor) }),
        all: Math.min(state.maximumMinor, state.mainMinor) as AmountMinor,
        minimum: { minor: state.minimumMinor, message: t('amount_below_minimum', { minimum: money(state.minimumMinor) }) },
        maximum: { minor: state.maximumMinor, message: t('amount_above_maximum', { maximum: money(state.maximumMinor) }) },
        balance: { minor: state.mainMinor },
      }}
      // The key stands for the transfer (amount and remark); the password only proves it.
      order={(values, amountMinor) => ({ amountMinor, remark: values.remark.trim() })}
      confirmation={{
        title: t('confirm_title'),
        rows: (transfer) => [
          { label: t('confirm_amount'), value: money(transfer.amountMinor), testId: 'transfer-upline-confirm-amount' },
          { label: t('confirm_remark'), value: transfer.remark || '-', testId: 'transfer-upline-confirm-remark' },
        ],
      }}
      send={(transfer, password, key) => transferToUpline({ ...transfer, password }, key)}
      onSent={() => {
        bus.dispatch({ type: 'toast', level: 'success', message: t('transfer_done') });
        onDone();
      }}
      failedText={t('transfer_failed')}
      onSetPassword={onPasswordMissing}
      submitLabel={t('submit')}
      className={styles.form}
      labelledBy="transfer-upline-form-title"
      before={() => (
        <h3 id="transfer-upline-form-title" className={styles.heading}>
          {t('form_title')}
        </h3>
      )}
      between={({ form }) => (
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
      )}
    />
  );
}
