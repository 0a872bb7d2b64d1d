import { formatDateTime, useT } from '@platform/shared';
import type { RecordsColumn } from '@platform/shared/records';
import { PeriodRecords } from '../contracts';
import { loadWages, type WageFooter, type WageRow } from './realtime-api';
import { ratePercentText } from './rates';
import styles from './realtime-salary.module.css';
import { NAMESPACE } from './translations';

/**
 * The wages paid to the agent in a period (legacy page agentRealtimeSalary): one row per
 * member and round, with the period's totals of bet shares and wages.
 */
export function WageRecords({ gameName }: { gameName: (gameCode: string) => string }) {
  const { t } = useT(NAMESPACE);
  const columns: RecordsColumn<WageRow, WageFooter>[] = [
    { id: 'time', headerKey: 'col_time', render: (row) => formatDateTime(row.time) },
    { id: 'game', headerKey: 'col_lottery_variety', render: (row) => gameName(row.gameCode) },
    { id: 'round', headerKey: 'col_round', render: (row) => row.numero },
    { id: 'member', headerKey: 'col_member', render: (row) => row.sourceUsername },
    { id: 'bet', headerKey: 'col_single_betting', money: (row) => row.betAmountMinor, total: (footer) => footer.betAmountMinor },
    {
      id: 'winOrLose',
      headerKey: 'col_win_or_lose',
      render: (row) => <span className={row.winOrLose === 'house_won' ? styles.profitWage : styles.lossWage}>{row.winOrLose === 'house_won' ? t('wage_profit') : t('wage_loss')}</span>,
    },
    { id: 'rate', headerKey: 'col_salary_ratio', align: 'end', render: (row) => ratePercentText(row.rate) },
    { id: 'amount', headerKey: 'col_salary_amount', money: (row) => row.amountMinor, total: (footer) => footer.amountMinor },
  ];
  return (
    <PeriodRecords
      load={loadWages}
      columns={columns}
      rowKey={(row, index) => `${index}:${row.numero}:${row.sourceUsername}`}
      label={t('wages_title')}
      namespace={NAMESPACE}
      emptyTitle={t('wages_empty')}
    />
  );
}
