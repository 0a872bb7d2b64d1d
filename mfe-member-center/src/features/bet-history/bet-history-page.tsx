import { formatDateTime, Tabs, usePagedList, useT } from '@platform/shared';
import { BET_HISTORY_DEFAULT_PAGE_SIZE } from '@platform/shared/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { BET_HISTORY_TABS, loadBetHistory, type BetHistoryTab, type BetRow, type BetTotals } from './bet-history-api';
import styles from './bet-history.module.css';
import { NAMESPACE } from './translations';

interface Filters {
  tab: BetHistoryTab;
  period: RecordsPeriod;
}

const categoryOf = (tab: BetHistoryTab) => BET_HISTORY_TABS.find((item) => item.tab === tab)?.category ?? 'RNG';

/** Betting Record: the member's rounds of one category per tab, in a period, with the period's totals. */
export default function BetHistoryPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  // One list: the tab is a filter like the period, so a tab keeps the period chosen on another.
  const records = usePagedList<BetRow, Filters, BetTotals>(
    ({ page, pageSize, filters }, signal) => loadBetHistory({ category: categoryOf(filters.tab), range: periodRange(filters.period), page, size: pageSize }, signal),
    { filters: { tab: 'rngHistory', period: 'today' }, pageSize: BET_HISTORY_DEFAULT_PAGE_SIZE, requiresSession: true },
  );
  const columns: RecordsColumn<BetRow, BetTotals>[] = [
    { id: 'betTime', headerKey: 'col_betTime', render: (row) => <span className={styles.nowrap}>{formatDateTime(row.timeMs)}</span> },
    { id: 'betAmount', headerKey: 'col_betAmount', money: (row) => row.betMinor, total: (footer) => footer.betMinor },
    { id: 'validBetAmount', headerKey: 'col_validBetAmount', money: (row) => row.validBetMinor, total: (footer) => footer.validBetMinor },
    { id: 'winAmount', headerKey: 'col_winAmount', money: (row) => row.winMinor, total: (footer) => footer.winMinor },
    { id: 'profitAndLoss', headerKey: 'col_profitAndLoss', money: (row) => row.profitMinor, total: (footer) => footer.profitMinor },
    { id: 'gameName', headerKey: 'col_gameName', render: (row) => row.gameName },
    {
      id: 'roundId',
      headerKey: 'col_roundId',
      render: (row) => (
        <span className={styles.round}>
          <span className={styles.roundId}>{row.roundId}</span>
          {row.status === 'open' && <span className={styles.pending}>{t('status_open')}</span>}
        </span>
      ),
    },
  ];
  const tab = records.filters.tab;
  return (
    <div className={styles.page} data-testid="bet-history">
      <Tabs
        items={BET_HISTORY_TABS.map((item) => ({ value: item.tab, label: t(`tab_${item.tab}`) }))}
        value={tab}
        onChange={(value) => records.setFilter('tab', value)}
        label={t('tabs_label')}
      >
        <RecordsTable
          records={records}
          columns={columns}
          rowKey={(row) => row.roundId}
          label={t(`tab_${tab}`)}
          namespace={NAMESPACE}
          emptyTitle={t('empty')}
          filters={<PeriodSelect value={records.filters.period} onChange={(period) => records.setFilter('period', period)} />}
        />
      </Tabs>
      <p className={styles.note}>{t('note')}</p>
    </div>
  );
}
