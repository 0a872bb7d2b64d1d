import { Button, EmptyState, formatDateTime, usePagedList, useT } from '@platform/shared';
import { RECORDS_DEFAULT_PAGE_SIZE, type TransactionCodeType } from '@platform/contract';
import { DEFAULT_RECORDS_PERIOD, PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { loadMemberTransactions, type AmountFooter, type TransactionRow } from './account-details-api';
import styles from './account-details.module.css';
import { FilterSelect } from './filter-select';
import { NAMESPACE } from './translations';

/** The periods one records request may span (29 days, RECORDS_MAX_RANGE_MS), as the member centre offers them. */
export const RECORD_PERIODS: readonly RecordsPeriod[] = ['today', 'yesterday', 'last7Days', 'thisWeek', 'lastWeek'];

/**
 * The type groups to filter by, as the member centre's transaction details list them for an agent
 * (the member read may be an agent: agent rebates included).
 */
export const RECORD_TYPES: readonly TransactionCodeType[] = ['deposit', 'withdraw', 'transfer', 'adjustment', 'bet', 'bonus', 'betting_rebate', 'agent_rebate', 'other'];

/** A time as the records show it, in the agent's (the browser's) time zone: MM-DD HH:mm:ss. */
const recordTime = (timeMs: number): string => formatDateTime(timeMs).slice(5);

const columns: RecordsColumn<TransactionRow, AmountFooter>[] = [
  { id: 'type', headerKey: 'col_tx_type', render: (row) => row.txTypeName },
  { id: 'time', headerKey: 'col_tx_time', render: (row) => recordTime(row.timeMs) },
  { id: 'amount', headerKey: 'col_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  { id: 'balance', headerKey: 'col_balance', money: (row) => row.balanceMinor },
  { id: 'orderNo', headerKey: 'col_order_no', render: (row) => <span className={styles.orderNo}>{row.orderNo}</span> },
  { id: 'remark', headerKey: 'col_remark', render: (row) => <span className={styles.remark}>{row.remark || '-'}</span> },
];

interface Filters {
  period: RecordsPeriod;
  codeType: TransactionCodeType | 'all';
}

/**
 * A team member's transaction records (the member centre's transaction details, read by the
 * agent): by period and type, with the period's total. A member outside the team is said so,
 * with a way back to the picker.
 */
export function MemberTransactions({ username, onChooseAnother }: { username: string; onChooseAnother: () => void }) {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<TransactionRow, Filters, AmountFooter>(
    ({ filters, page, pageSize }, signal) =>
      loadMemberTransactions(
        { username, range: periodRange(filters.period), codeType: filters.codeType === 'all' ? null : filters.codeType, page, size: pageSize },
        signal,
      ),
    { filters: { period: DEFAULT_RECORDS_PERIOD, codeType: 'all' }, pageSize: RECORDS_DEFAULT_PAGE_SIZE, requiresSession: true },
  );

  if (records.status === 'error' && records.error.errorCode === 'agent.downline.unknown') {
    return (
      <div role="alert" data-testid="member-unknown">
        <EmptyState
          title={t('member_unknown')}
          description={t('member_unknown_hint', { username })}
          action={
            <Button variant="secondary" size="sm" onClick={onChooseAnother}>
              {t('choose_another')}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.key}
      label={t('records_label', { username })}
      namespace={NAMESPACE}
      emptyTitle={t('no_records')}
      filters={
        <>
          <PeriodSelect value={records.filters.period} options={RECORD_PERIODS} onChange={(period) => records.setFilter('period', period)} />
          <FilterSelect
            label={t('filter_type')}
            value={records.filters.codeType}
            options={[{ value: 'all' as const, label: t('type_all') }, ...RECORD_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))]}
            onChange={(codeType) => records.setFilter('codeType', codeType)}
            testId="account-details-type"
          />
        </>
      }
    />
  );
}
