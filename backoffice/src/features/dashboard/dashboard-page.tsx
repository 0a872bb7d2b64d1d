import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorMessage, Field, formatAmount, formatCount, formatTime, Input, localeOf, PageTitle, Select, ui, useBackOffice, useLoad } from '@backoffice/kit';
import { DASHBOARD_REFRESH_MS, seriesOf, type Dashboard, type DashboardPeriod, type DayFigures } from './dashboard-types';
import styles from './dashboard.module.css';

const TrendChart = lazy(() => import(/* webpackChunkName: "trend-chart" */ './trend-chart'));

const AMOUNTS: readonly (keyof DayFigures)[] = ['depositAmount', 'withdrawalAmount', 'stakes', 'wins', 'ggr', 'bonusCost'];
const COUNTS: readonly (keyof DayFigures)[] = ['registrations', 'firstDeposits', 'depositCount', 'withdrawalCount', 'activePlayers'];
const CHARTS: readonly { title: string; figures: (keyof DayFigures)[] }[] = [
  { title: 'dashboard.chart.money', figures: ['depositAmount', 'withdrawalAmount'] },
  { title: 'dashboard.chart.play', figures: ['stakes', 'wins', 'ggr', 'bonusCost'] },
  { title: 'dashboard.chart.players', figures: ['registrations', 'firstDeposits', 'activePlayers'] },
];
const PRESETS = [1, 7, 30] as const;

/**
 * The merchant at a glance: today or a chosen period's registrations, first deposits, money in and
 * out, active players, stakes, wins and gross gaming revenue per product, and the bonus cost; each
 * over the days of the period. Read again every half minute while in view.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const { api } = useBackOffice();
  const [preset, setPreset] = useState<string>('1');
  const [period, setPeriod] = useState<DashboardPeriod>({ days: 1 });
  const [custom, setCustom] = useState({ from: '', to: '' });
  const { data, error, loading, loadedAt, reload } = useLoad(() => api.get<Dashboard>('/dashboard', period), [JSON.stringify(period)], { refreshMs: DASHBOARD_REFRESH_MS });

  const choosePreset = (value: string) => {
    setPreset(value);
    if (value !== 'custom') setPeriod({ days: Number(value) });
    // The chosen days start as the period shown (the merchant's days).
    else if (data) setCustom({ from: data.from, to: data.to });
  };
  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    setPeriod({ ...custom });
  };
  const value = (figure: keyof DayFigures) => (data ? (AMOUNTS.includes(figure) ? formatAmount(data.totals[figure], locale) : formatCount(data.totals[figure], locale)) : '–');

  return (
    <>
      <PageTitle>{t('nav.dashboard')}</PageTitle>
      <div className={ui.toolbar}>
        <Field label={t('dashboard.period')}>
          <Select value={preset} onChange={(event) => choosePreset(event.target.value)}>
            {PRESETS.map((days) => (
              <option key={days} value={String(days)}>
                {t(`dashboard.preset.${days}`)}
              </option>
            ))}
            <option value="custom">{t('dashboard.preset.custom')}</option>
          </Select>
        </Field>
        {preset === 'custom' && (
          <form className={ui.toolbar} onSubmit={applyCustom}>
            <Field label={t('dashboard.from')}>
              <Input type="date" required value={custom.from} onChange={(event) => setCustom({ ...custom, from: event.target.value })} />
            </Field>
            <Field label={t('dashboard.to')}>
              <Input type="date" required value={custom.to} onChange={(event) => setCustom({ ...custom, to: event.target.value })} />
            </Field>
            <Button type="submit">{t('dashboard.show')}</Button>
          </form>
        )}
        <Button variant="secondary" onClick={() => void reload()} disabled={loading}>
          {t('refresh')}
        </Button>
        {loadedAt && <span className={styles.updated}>{t('dashboard.updated', { time: formatTime(loadedAt, locale) })}</span>}
      </div>
      <ErrorMessage>{error}</ErrorMessage>
      <section className={styles.cards} aria-label={t('dashboard.totals')} data-testid="dashboard-totals">
        {[...COUNTS, ...AMOUNTS].map((figure) => (
          <div key={figure} className={styles.card} data-figure={figure}>
            <p className={styles.cardLabel}>{t(`dashboard.figure.${figure}`)}</p>
            <p className={styles.cardValue}>{value(figure)}</p>
          </div>
        ))}
      </section>
      {data && (
        <>
          <div className={styles.charts}>
            <Suspense fallback={<p role="status">{t('loading')}</p>}>
              {CHARTS.map((chart) => {
                const { days, series } = seriesOf(data, chart.figures);
                return (
                  <div key={chart.title} className={ui.panel}>
                    <TrendChart label={t(chart.title)} days={days} series={series.map((line) => ({ name: t(`dashboard.figure.${line.figure}`), values: line.values }))} />
                  </div>
                );
              })}
            </Suspense>
          </div>
          <div className={ui.tableWrap}>
            <table className={ui.table} data-testid="dashboard-products">
              <caption className={ui.empty}>{t('dashboard.byProduct')}</caption>
              <thead>
                <tr>
                  <th>{t('dashboard.product')}</th>
                  <th className={ui.number}>{t('dashboard.figure.stakes')}</th>
                  <th className={ui.number}>{t('dashboard.figure.wins')}</th>
                  <th className={ui.number}>{t('dashboard.figure.ggr')}</th>
                </tr>
              </thead>
              <tbody>
                {data.totals.byProduct.map((row) => (
                  <tr key={row.product}>
                    <td>{t(`dashboard.products.${row.product}`, { defaultValue: row.product })}</td>
                    <td className={ui.number}>{formatAmount(row.stakes, locale)}</td>
                    <td className={ui.number}>{formatAmount(row.wins, locale)}</td>
                    <td className={ui.number}>{formatAmount(row.ggr, locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
