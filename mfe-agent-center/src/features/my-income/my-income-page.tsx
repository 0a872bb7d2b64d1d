import { formatMoney, useT } from '@platform/shared';
import { RecordsTable, type RecordsColumn, type RecordsSource } from '@platform/shared/records';
import { LoadError } from '@platform/ui-blocks';
import { useId, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import layout from '../agent-page/agent-page.module.css';
import { FigureCard } from '../agent-page/figure-card';
import { PageLoading } from '../agent-page/page-loading';
import { AgentPeriodTabs, useAgentPeriodCall } from '../agent-period';
import { INCOME_KINDS, loadIncome, type Income, type IncomeDay } from './income-api';
import styles from './my-income.module.css';
import { NAMESPACE } from './translations';

const columns: RecordsColumn<IncomeDay>[] = [
  { id: 'date', headerKey: 'col_date', render: (day) => <span className={styles.date}>{day.date}</span> },
  { id: 'lotteryRebate', headerKey: 'income_lotteryRebate', money: (day) => day.lotteryRebate },
  { id: 'agentRebate', headerKey: 'income_agentRebate', money: (day) => day.agentRebate },
  { id: 'dividend', headerKey: 'income_dividend', money: (day) => day.dividend },
  { id: 'dailySalary', headerKey: 'income_dailySalary', money: (day) => day.dailySalary },
  { id: 'hourlySalary', headerKey: 'income_hourlySalary', money: (day) => day.hourlySalary },
  { id: 'realtimeSalary', headerKey: 'income_realtimeSalary', money: (day) => day.realtimeSalary },
  { id: 'total', headerKey: 'income_total', money: (day) => day.total },
];

/** The period's income: a card per kind (Total Income set apart), then the days with income. */
function IncomeFigures({ income, refresh }: { income: Income; refresh: () => void }) {
  const { t } = useT(NAMESPACE);
  const totalsId = useId();
  const daysId = useId();
  // The days come whole in one answer: a table of one page.
  const days: RecordsSource<IncomeDay> = { status: 'success', data: { list: income.days, totalPages: 1 }, error: undefined, page: 1, setPage: () => undefined, refresh };
  return (
    <>
      <section className={layout.section} aria-labelledby={totalsId}>
        <h2 id={totalsId} className={layout.heading}>
          {t('totals_title')}
        </h2>
        <dl className={layout.cards} data-testid="income-totals">
          {INCOME_KINDS.map((kind) => (
            <FigureCard
              key={kind}
              testId={`income-${kind}`}
              label={t(`income_${kind}`)}
              value={formatMoney(income.totals[kind])}
              variant={kind === 'total' ? 'total' : undefined}
            />
          ))}
        </dl>
      </section>
      <section className={layout.section} aria-labelledby={daysId} data-testid="income-days">
        <h2 id={daysId} className={layout.heading}>
          {t('days_title')}
        </h2>
        <RecordsTable records={days} columns={columns} rowKey={(day) => day.date} label={t('days_title')} namespace={NAMESPACE} emptyTitle={t('empty')} />
      </section>
    </>
  );
}

/**
 * My Income: period tabs (days of the agent time zone the answer names, GMT+8 until it says
 * otherwise), what the agent itself was credited in the period by kind, and per day.
 */
export default function MyIncomePage(_props: AgentCenterPageProps) {
  const { t } = useT(NAMESPACE);
  const { call: income, shown, tabs } = useAgentPeriodCall(loadIncome, []);

  let content: ReactNode;
  if (income.status === 'error') {
    content = (
      <LoadError title={t('load_failed')} error={income.error} onRetry={income.refresh} testId="income-error" />
    );
  } else if (shown === undefined) {
    content = <PageLoading />;
  } else {
    content = <IncomeFigures income={shown} refresh={income.refresh} />;
  }

  return (
    <div className={layout.page} data-testid="my-income">
      <AgentPeriodTabs {...tabs} zoneTestId="income-zone">
        {content}
      </AgentPeriodTabs>
    </div>
  );
}
