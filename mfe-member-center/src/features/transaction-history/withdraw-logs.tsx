import { usePagedList, usePaymentStatus, useT } from '@platform/shared';
import { RECORDS_DEFAULT_PAGE_SIZE, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '@platform/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { FilterSelect } from './filter-select';
import { LOG_PERIODS, logTime } from './period';
import { loadWithdrawals, type AmountFooter, type WithdrawalRow } from './records-api';
import { NAMESPACE } from './translations';

interface Filters {
  period: RecordsPeriod;
  status: WithdrawalStatus | 'all';
}

/** The member's withdrawals: the legacy withdrawLogs columns, with the total. */
export function WithdrawLogs() {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<WithdrawalRow, Filters, AmountFooter>(
    ({ page, pageSize, filters }, signal) =>
      loadWithdrawals({ range: periodRange(filters.period), status: filters.status === 'all' ? null : filters.status, page, size: pageSize }, signal),
    { filters: { period: 'today', status: 'all' }, pageSize: RECORDS_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  // A withdrawal paid or rejected meanwhile (pushed by the server): the page is read again.
  usePaymentStatus(['withdrawal'], records.refresh);
  const columns: RecordsColumn<WithdrawalRow, AmountFooter>[] = [
    { id: 'type', headerKey: 'col_withdraw_type', render: (row) => t(`withdraw_type_${row.withdrawType}`) },
    { id: 'virtual', headerKey: 'col_virtual_amount', align: 'end', render: (row) => (row.virtualAmount === null ? '-' : row.virtualAmount.toFixed(2)) },
    { id: 'amount', headerKey: 'col_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
    { id: 'bank', headerKey: 'col_bank_name', render: (row) => row.bankName },
    { id: 'date', headerKey: 'col_withdraw_date', render: (row) => logTime(row.withdrawDateMs) },
    { id: 'status', headerKey: 'col_status', render: (row) => t(`withdraw_status_${row.status}`) },
    { id: 'remark', headerKey: 'col_remark', render: (row) => row.remark || '-' },
  ];
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.withdrawId}
      label={t('tab_withdrawLogs')}
      namespace={NAMESPACE}
      filters={
        <>
          <PeriodSelect value={records.filters.period} options={LOG_PERIODS} onChange={(period) => records.setFilter('period', period)} />
          <FilterSelect
            label={t('filter_status')}
            value={records.filters.status}
            options={[{ value: 'all' as const, label: t('status_all') }, ...WITHDRAWAL_STATUSES.map((status) => ({ value: status, label: t(`withdraw_status_${status}`) }))]}
            onChange={(status) => records.setFilter('status', status)}
          />
        </>
      }
    />
  );
}
