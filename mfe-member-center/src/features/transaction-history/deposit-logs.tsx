import { usePagedList, usePaymentStatus, useT } from '@platform/shared';
import { DEPOSIT_STATES, RECORDS_DEFAULT_PAGE_SIZE, type DepositState } from '@platform/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { FilterSelect } from './filter-select';
import { LOG_PERIODS, logTime } from './period';
import { loadDeposits, type DepositFooter, type DepositRow } from './records-api';
import { NAMESPACE } from './translations';

interface Filters {
  period: RecordsPeriod;
  state: DepositState | 'all';
}

/** The member's deposits: the legacy depositLogs columns, with totals. */
export function DepositLogs() {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<DepositRow, Filters, DepositFooter>(
    ({ page, pageSize, filters }, signal) =>
      loadDeposits({ range: periodRange(filters.period), state: filters.state === 'all' ? null : filters.state, page, size: pageSize }, signal),
    { filters: { period: 'today', state: 'all' }, pageSize: RECORDS_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  // A deposit confirmed, rejected or expired meanwhile (pushed by the server): the page is read again.
  usePaymentStatus(['deposit'], records.refresh);
  const columns: RecordsColumn<DepositRow, DepositFooter>[] = [
    { id: 'depositId', headerKey: 'col_deposit_id', render: (row) => row.refCode },
    { id: 'method', headerKey: 'col_deposit_method', render: (row) => row.channel || t(`method_${row.method}`) },
    { id: 'requested', headerKey: 'col_requested_amount', money: (row) => row.requestedMinor, total: (footer) => footer.requestedMinor },
    { id: 'amount', headerKey: 'col_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
    { id: 'charge', headerKey: 'col_bank_charge', money: (row) => row.chargeMinor, total: (footer) => footer.chargeMinor },
    { id: 'date', headerKey: 'col_deposit_date', render: (row) => logTime(row.depositDateMs) },
    { id: 'actualDate', headerKey: 'col_actual_deposit_date', render: (row) => logTime(row.actualDateMs) },
    { id: 'state', headerKey: 'col_status', render: (row) => t(`deposit_state_${row.state}`) },
  ];
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.depositId}
      label={t('tab_depositLogs')}
      namespace={NAMESPACE}
      filters={
        <>
          <PeriodSelect value={records.filters.period} options={LOG_PERIODS} onChange={(period) => records.setFilter('period', period)} />
          <FilterSelect
            label={t('filter_status')}
            value={records.filters.state}
            options={[{ value: 'all' as const, label: t('status_all') }, ...DEPOSIT_STATES.map((state) => ({ value: state, label: t(`deposit_state_${state}`) }))]}
            onChange={(state) => records.setFilter('state', state)}
          />
        </>
      }
    />
  );
}
