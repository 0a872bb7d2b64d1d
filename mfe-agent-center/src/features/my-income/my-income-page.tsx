import { Button, EmptyState, formatMoney, Spinner, Tabs, useCall, useT } from '@platform/shared';
import { DEFAULT_RECORDS_PERIOD, RECORDS_PERIODS, RecordsTable, type RecordsColumn, type RecordsPeriod, type RecordsSource } from '@platform/shared/records';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { AgentCenterPageProps } from '../agent-center/page-registry';
import { agentPeriodRange, DEFAULT_AGENT_UTC_OFFSET_MINUTES, gmtLabel } from '../team-overview/agent-period';
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
      <section className={styles.section} aria-labelledby={totalsId}>
        <h2 id={totalsId} className={styles.heading}>
          {t('totals_title')}
        </h2>
        <dl className={styles.cards} data-testid="income-totals">
          {INCOME_KINDS.map((kind) => (
            <div key={kind} className={kind === 'total' ? `${styles.figure} ${styles.total}` : styles.figure} data-testid={`income-${kind}`}>
              <dt className={styles.figureLabel}>{t(`income_${kind}`)}</dt>
              <dd className={styles.figureValue} data-testid={`income-${kind}-value`}>
                {formatMoney(income.totals[kind])}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.section} aria-labelledby={daysId} data-testid="income-days">
        <h2 id={daysId} className={styles.heading}>
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
  const [period, setPeriod] = useState<RecordsPeriod>(DEFAULT_RECORDS_PERIOD);
  const [utcOffsetMinutes, setUtcOffsetMinutes] = useState(DEFAULT_AGENT_UTC_OFFSET_MINUTES);
  const income = useCall((signal) => loadIncome(agentPeriodRange(period, utcOffsetMinutes), signal), [period, utcOffsetMinutes], { requiresSession: true });
  const shown = income.status === 'success' ? income.data : income.status === 'loading' ? income.staleData : undefined;

  // The merchant's agent time zone is not GMT+8: ask again for the period's days in it.
  const answeredOffset = income.status === 'success' ? income.data.utcOffsetMinutes : null;
  useEffect(() => {
    if (answeredOffset !== null && answeredOffset !== utcOffsetMinutes) setUtcOffsetMinutes(answeredOffset);
  }, [answeredOffset, utcOffsetMinutes]);

  let content: ReactNode;
  if (income.status === 'error') {
    content = (
      <div role="alert" data-testid="income-error">
        <EmptyState
          title={t('load_failed')}
          description={income.error.message}
          action={
            <Button variant="secondary" size="sm" onClick={income.refresh}>
              {t('retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (shown === undefined) {
    content = (
      <div className={styles.loading}>
        <Spinner />
      </div>
    );
  } else {
    content = <IncomeFigures income={shown} refresh={income.refresh} />;
  }

  return (
    <div className={styles.page} data-testid="my-income">
      <Tabs<RecordsPeriod>
        items={RECORDS_PERIODS.map((value) => ({ value, label: t(`period_${value}`) }))}
        value={period}
        onChange={setPeriod}
        label={t('periods_label')}
      >
        <div className={income.status === 'loading' && shown ? `${styles.body} ${styles.stale}` : styles.body} aria-busy={income.status === 'loading'}>
          <p className={styles.note} data-testid="income-zone">
            {t('zone_note', { zone: gmtLabel(shown?.utcOffsetMinutes ?? utcOffsetMinutes) })}
          </p>
          {content}
        </div>
      </Tabs>
    </div>
  );
}
