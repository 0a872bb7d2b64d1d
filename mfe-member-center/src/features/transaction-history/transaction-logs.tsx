import { useBusState, usePagedList, useT } from '@platform/shared';
import { isAgentMemberType, RECORDS_DEFAULT_PAGE_SIZE, type TransactionCodeType } from '@platform/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { FilterSelect } from './filter-select';
import { LOG_PERIODS, logTime } from './period';
import { loadTransactions, type AmountFooter, type TransactionRow } from './records-api';
import { NAMESPACE } from './translations';

interface Filters {
  period: RecordsPeriod;
  codeType: TransactionCodeType | 'all';
}

const columns: RecordsColumn<TransactionRow, AmountFooter>[] = [
  { id: 'type', headerKey: 'col_tx_type', render: (row) => row.txTypeName },
  { id: 'time', headerKey: 'col_tx_time', render: (row) => logTime(row.timeMs) },
  { id: 'amount', headerKey: 'col_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  { id: 'balance', headerKey: 'col_balance', money: (row) => row.balanceMinor },
  { id: 'orderNo', headerKey: 'col_order_no', render: (row) => row.orderNo },
  { id: 'remark', headerKey: 'col_remark', render: (row) => row.remark || '-' },
];

/** The type groups a member may filter by (agent rebates for agents only). */
const PLAYER_TYPES: readonly TransactionCodeType[] = ['deposit', 'withdraw', 'transfer', 'adjustment', 'bet', 'bonus', 'betting_rebate', 'other'];

/** Transaction details: every movement on the member's wallets in a period, by type, with the total. */
export function TransactionLogs() {
  const { t } = useT(NAMESPACE);
  const { isAgent } = useBusState('session');
  const records = usePagedList<TransactionRow, Filters, AmountFooter>(
    ({ page, pageSize, filters }, signal) =>
      loadTransactions({ range: periodRange(filters.period), codeType: filters.codeType === 'all' ? null : filters.codeType, page, size: pageSize }, signal),
    { filters: { period: 'today', codeType: 'all' }, pageSize: RECORDS_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  const types = isAgentMemberType(isAgent) ? [...PLAYER_TYPES.slice(0, -1), 'agent_rebate' as const, 'other' as const] : PLAYER_TYPES;
  return (
    <RecordsTable
      records={records}
      columns={columns}
      rowKey={(row) => row.key}
      label={t('tab_transactionLogs')}
      namespace={NAMESPACE}
      filters={
        <>
          <PeriodSelect value={records.filters.period} options={LOG_PERIODS} onChange={(period) => records.setFilter('period', period)} />
          <FilterSelect
            label={t('filter_type')}
            value={records.filters.codeType}
            options={[{ value: 'all' as const, label: t('type_all') }, ...types.map((type) => ({ value: type, label: t(`type_${type}`) }))]}
            onChange={(codeType) => records.setFilter('codeType', codeType)}
            testId="transaction-type-filter"
          />
        </>
      }
    />
  );
}
