import { formatDateTime, Tabs, usePagedList, useT } from '@platform/shared';
import { BET_HISTORY_DEFAULT_PAGE_SIZE, type BetHistoryCategory } from '@platform/contract';
import { DEFAULT_RECORDS_PERIOD, PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { useState } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import { BET_HISTORY_TABS, loadBetHistory, type BetHistoryTab, type BetRow, type BetTotals } from './bet-history-api';
import styles from './bet-history.module.css';
import { LotteryRecords } from './lottery-records';
import { LOTTERY_TABS, type LotteryTab } from './lottery-records-api';
import { NAMESPACE } from './translations';

/** The page's tabs: the lottery's first, then the other game categories' sub-tabs. */
const TABS: readonly (LotteryTab | BetHistoryTab)[] = [...LOTTERY_TABS.map((item) => item.tab), ...BET_HISTORY_TABS.map((item) => item.tab)];
type Tab = (typeof TABS)[number];

interface CategoryRecordsProps {
  tab: BetHistoryTab;
  category: BetHistoryCategory;
  period: RecordsPeriod;
  onPeriodChange: (period: RecordsPeriod) => void;
}

/** A game category's tab: the member's rounds of the category in a period, with the period's totals. */
function CategoryRecords({ tab, category, period, onPeriodChange }: CategoryRecordsProps) {
  const { t } = useT(NAMESPACE);
  const records = usePagedList<BetRow, { period: RecordsPeriod }, BetTotals>(
    ({ page, pageSize, filters }, signal) => loadBetHistory({ category, range: periodRange(filters.period), page, size: pageSize }, signal),
    { filters: { period }, pageSize: BET_HISTORY_DEFAULT_PAGE_SIZE, requiresSession: true },
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
  return (
    <>
      <RecordsTable
        records={records}
        columns={columns}
        rowKey={(row) => row.roundId}
        label={t(`tab_${tab}`)}
        namespace={NAMESPACE}
        emptyTitle={t('empty')}
        filters={
          <PeriodSelect
            value={records.filters.period}
            onChange={(next) => {
              records.setFilter('period', next);
              onPeriodChange(next);
            }}
          />
        }
      />
      <p className={styles.note}>{t('note')}</p>
    </>
  );
}

/**
 * Betting Record: the member's lottery bets (all, chase orders, Vietnam lottery) and the rounds of
 * each other game category, one tab each, in a period, with the period's totals. The period
 * chosen on one tab is the one the next tab opens on.
 */
export default function BetHistoryPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const [tab, setTab] = useState<Tab>(TABS[0]);
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  const lottery = LOTTERY_TABS.find((item) => item.tab === tab);
  const category = BET_HISTORY_TABS.find((item) => item.tab === tab);
  return (
    <div className={styles.page} data-testid="bet-history">
      <Tabs items={TABS.map((value) => ({ value, label: t(`tab_${value}`) }))} value={tab} onChange={setTab} label={t('tabs_label')}>
        {/* Keyed by tab: each opens on the period chosen last, with its own filters and page. */}
        {lottery && <LotteryRecords key={lottery.tab} tab={lottery} period={period} onPeriodChange={setPeriod} />}
        {category && <CategoryRecords key={category.tab} tab={category.tab} category={category.category} period={period} onPeriodChange={setPeriod} />}
      </Tabs>
    </div>
  );
}
