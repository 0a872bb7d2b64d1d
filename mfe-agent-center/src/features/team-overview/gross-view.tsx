import { amountMajorForDisplay, currencySymbol, formatMoney, useT, type AmountMinor } from '@platform/shared';
import { useId, useState } from 'react';
import layout from '../agent-page/agent-page.module.css';
import { BarChart, ChartTable, type ChartPoint } from './bar-chart';
import { compactNumber, formatCount, shortDate } from './chart-scale';
import type { TeamDay } from './overview-api';
import styles from './team-overview.module.css';
import { NAMESPACE } from './translations';

/** The series the chart offers (legacy agentTeamOverview "Team Gross View"), in order. */
export const CHART_SERIES = ['logins', 'registrations', 'firstDeposits', 'deposits', 'withdrawals', 'bets', 'promotions'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

/** A series is a count of the day or an amount of money. */
type SeriesReading = { kind: 'count'; of: (day: TeamDay) => number } | { kind: 'money'; of: (day: TeamDay) => AmountMinor };

const READINGS: Record<ChartSeries, SeriesReading> = {
  logins: { kind: 'count', of: (day) => day.logins },
  registrations: { kind: 'count', of: (day) => day.registrations },
  firstDeposits: { kind: 'count', of: (day) => day.firstDeposits },
  deposits: { kind: 'money', of: (day) => day.depositsMinor },
  withdrawals: { kind: 'money', of: (day) => day.withdrawalsMinor },
  bets: { kind: 'money', of: (day) => day.betsMinor },
  promotions: { kind: 'money', of: (day) => day.promotionsMinor },
};

/** The days of a series as chart points: money on the axis in major units, shown as formatMoney does. */
export function seriesPoints(days: readonly TeamDay[], series: ChartSeries): ChartPoint[] {
  const reading = READINGS[series];
  return days.map((day) => {
    if (reading.kind === 'count') {
      const count = reading.of(day);
      return { label: shortDate(day.date), value: count, valueText: formatCount(count) };
    }
    const amountMinor = reading.of(day);
    return { label: shortDate(day.date), value: amountMajorForDisplay(amountMinor), valueText: formatMoney(amountMinor) };
  });
}

/**
 * "Team gross view": one series of the period's days as a bar chart, picked from the series
 * buttons, or as a table (the same figures, for screen readers and for exact numbers).
 */
export function GrossView({ days }: { days: readonly TeamDay[] }) {
  const { t } = useT(NAMESPACE);
  const headingId = useId();
  const captionId = useId();
  const [series, setSeries] = useState<ChartSeries>('logins');
  const [asTable, setAsTable] = useState(false);
  const points = seriesPoints(days, series);
  const money = READINGS[series].kind === 'money';
  const seriesName = t(`series_${series}`);
  const caption = t('chart_title', { series: seriesName });

  const busiest = points.reduce<ChartPoint | null>((best, point) => (best === null || point.value > best.value ? point : best), null);
  const from = points[0]?.label ?? '';
  const to = points[points.length - 1]?.label ?? '';
  const description =
    busiest === null || busiest.value <= 0
      ? t('chart_summary_empty', { from, to })
      : t('chart_summary', { from, to, highest: busiest.valueText, day: busiest.label });

  return (
    <section className={layout.section} aria-labelledby={headingId} data-testid="gross-view">
      <div className={styles.sectionHeader}>
        <h2 id={headingId} className={layout.heading}>
          {t('gross_view_title')}
        </h2>
        <button type="button" className={styles.linkButton} aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)} data-testid="chart-as-table">
          {t('show_as_table')}
        </button>
      </div>
      <div className={styles.seriesPicker} role="group" aria-label={t('series_label')} data-testid="chart-series">
        {CHART_SERIES.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.seriesButton}
            aria-pressed={value === series}
            onClick={() => setSeries(value)}
            data-testid={`chart-series-${value}`}
          >
            {t(`series_${value}`)}
          </button>
        ))}
      </div>
      <figure className={styles.chartFigure}>
        <figcaption id={captionId} className={styles.caption}>
          {caption}
        </figcaption>
        {asTable ? (
          <ChartTable points={points} caption={description} labelHeader={t('axis_date')} valueHeader={seriesName} testId="team-chart-table" />
        ) : (
          <BarChart
            points={points}
            titleId={captionId}
            description={description}
            integer={!money}
            formatTick={compactNumber}
            xAxisLabel={t('axis_date')}
            yAxisLabel={money ? t('axis_amount', { symbol: currencySymbol() }) : t('axis_count')}
            emptyText={t('chart_empty')}
            testId="team-chart"
          />
        )}
      </figure>
    </section>
  );
}
