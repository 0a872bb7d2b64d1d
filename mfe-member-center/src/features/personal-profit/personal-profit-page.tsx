import { usePagedList, useT } from '@platform/shared';
import { GAME_CATEGORY_CODES, type GameCategoryCode } from '@platform/contract';
import { PeriodSelect, periodRange, RecordsTable, type RecordsColumn, type RecordsPeriod } from '@platform/shared/records';
import { useId } from 'react';
import type { MemberCenterPageProps } from '../member-center/page-registry';
import styles from './personal-profit.module.css';
import { loadProfit, PROFIT_COLUMNS, type ProfitAmounts, type ProfitDay } from './profit-api';
import { NAMESPACE } from './translations';

interface Filters {
  period: RecordsPeriod;
  gameCategory: GameCategoryCode | 'all';
}

const PAGE_SIZE = 10;

const columns: RecordsColumn<ProfitDay, ProfitAmounts>[] = [
  { id: 'balanceDate', headerKey: 'col_balanceDate', render: (row) => <span className={styles.date}>{row.balanceDate}</span> },
  ...PROFIT_COLUMNS.map((column): RecordsColumn<ProfitDay, ProfitAmounts> => ({
    id: column,
    headerKey: `col_${column}`,
    money: (row) => row[column],
    total: (footer) => footer[column],
  })),
];

/** Profit and loss: per day of a period, the money in and out and the game result, with the period's totals. */
export default function PersonalProfitPage(_props: MemberCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const categoryId = useId();
  const records = usePagedList<ProfitDay, Filters, ProfitAmounts>(
    ({ page, pageSize, filters }, signal) =>
      loadProfit({ range: periodRange(filters.period), gameCategory: filters.gameCategory === 'all' ? null : filters.gameCategory, page, size: pageSize }, signal),
    { filters: { period: 'last7Days', gameCategory: 'all' }, pageSize: PAGE_SIZE, requiresSession: true },
  );
  return (
    <div className={styles.page} data-testid="personal-profit">
      <RecordsTable
        records={records}
        columns={columns}
        rowKey={(row) => row.balanceDate}
        label={t('title')}
        namespace={NAMESPACE}
        filters={
          <>
            <PeriodSelect value={records.filters.period} onChange={(period) => records.setFilter('period', period)} />
            <div className={styles.filterField}>
              <label htmlFor={categoryId} className={styles.filterLabel}>
                {t('filter_category')}
              </label>
              <select
                id={categoryId}
                className={styles.select}
                value={records.filters.gameCategory}
                onChange={(event) => records.setFilter('gameCategory', event.target.value as Filters['gameCategory'])}
                data-testid="profit-category-filter"
              >
                <option value="all">{t('category_all')}</option>
                {GAME_CATEGORY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {t(`category_${code}`)}
                  </option>
                ))}
              </select>
            </div>
          </>
        }
      />
      <p className={styles.note}>{t('note')}</p>
    </div>
  );
}
