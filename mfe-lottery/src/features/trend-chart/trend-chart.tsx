// The trend chart (走势图) of a game, a chunk of its own opened from the betting page: the last
// 30, 50 or 100 draws of one position (tabs), one row per draw, oldest at the top as the classic
// chart has it, one column per value. A drawn value shows as a ball, every other cell its missing
// count (遗漏); a line links the balls of consecutive draws when the position has one value per
// draw; footer rows give each value's appearances, longest and current missing run, and hot/cold;
// a pattern column group (sum, big/small, odd/even, span) where the kind has one. The VN đề 00-99
// is a hot/cold list instead (100 columns do not fit). Read again when a draw arrives (`version`).
//
// Phones: the table scrolls inside its own box with the round column sticky; the page never
// scrolls sideways. The line is an SVG under the table whose points are the balls' measured
// centres (measured again when the table's box changes size: fonts, language, zoom).
import { EmptyState, Spinner, Tabs, useCall, useT } from '@platform/shared';
import type { LotteryGame } from '@platform/contract';
import type { LotteryKind } from '@platform/lottery-rules';
import { LoadError } from '@platform/ui-blocks';
import { useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { cx } from '../betting/cx';
import { loadDraws } from '../games/lottery-api';
import styles from './trend-chart.module.css';
import { NAMESPACE } from './translations';
import {
  byHeat,
  formatTrendValue,
  patternColumnsOf,
  TREND_WINDOWS,
  trendOf,
  trendPositionsOf,
  windowOf,
  type PatternColumn,
  type TrendPattern,
  type TrendStats,
  type TrendWindow,
} from './trend-stats';

/** The window the chart opens with. */
export const DEFAULT_TREND_WINDOW: TrendWindow = 30;

/** Translation keys of the pattern columns (the sum's depends on the kind: patternColumnsOf). */
export const PATTERN_HEAD_KEYS: Readonly<Record<Exclude<PatternColumn, 'sum'>, string>> = { size: 'pattern_size', parity: 'pattern_parity', span: 'pattern_span' };

/** A round's number as the round column shows it: its sequence after the day (full in the title). */
export function shortNumero(numero: string): string {
  const dash = numero.lastIndexOf('-');
  return dash >= 0 && dash < numero.length - 1 ? numero.slice(dash + 1) : numero;
}

/** The centres of the balls under `box`, in document order, as SVG polyline points (CSS pixels). */
function useBallLine(box: RefObject<HTMLDivElement | null>, enabled: boolean, chart: TrendStats): string {
  const [points, setPoints] = useState('');
  useLayoutEffect(() => {
    const canvas = box.current;
    if (!enabled || !canvas) {
      setPoints('');
      return undefined;
    }
    const tenth = (value: number) => Math.round(value * 10) / 10;
    const measure = () => {
      const origin = canvas.getBoundingClientRect();
      const next = [...canvas.querySelectorAll<HTMLElement>('[data-ball]')]
        .map((ball) => {
          const rect = ball.getBoundingClientRect();
          return `${tenth(rect.left - origin.left + rect.width / 2)},${tenth(rect.top - origin.top + rect.height / 2)}`;
        })
        .join(' ');
      setPoints((previous) => (previous === next ? previous : next));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(canvas);
    const table = canvas.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, [box, enabled, chart]);
  return points;
}

function PatternCells({ columns, pattern }: { columns: readonly PatternColumn[]; pattern: TrendPattern | null }) {
  const { t } = useT(NAMESPACE);
  if (!pattern) return null;
  return (
    <>
      {columns.map((column) => {
        switch (column) {
          case 'sum':
            return (
              <td key={column} className={cx(styles.pattern, styles.patternFirst)} data-pattern="sum">
                {pattern.sum}
              </td>
            );
          case 'size':
            return (
              <td key={column} className={cx(styles.pattern, pattern.size === 'big' && styles.big)} data-pattern="size" data-size={pattern.size}>
                {pattern.size === 'big' ? t('big') : pattern.size === 'small' ? t('small') : t('tie')}
              </td>
            );
          case 'parity':
            return (
              <td key={column} className={cx(styles.pattern, pattern.parity === 'odd' && styles.odd)} data-pattern="parity" data-parity={pattern.parity}>
                {pattern.parity === 'odd' ? t('odd') : t('even')}
              </td>
            );
          case 'span':
            return (
              <td key={column} className={styles.pattern} data-pattern="span">
                {pattern.span}
              </td>
            );
        }
      })}
    </>
  );
}

function TrendTable({ chart, kind }: { chart: TrendStats; kind: LotteryKind }) {
  const { t } = useT(NAMESPACE);
  const { position, rows, values } = chart;
  const { columns, sumKey } = patternColumnsOf(kind);
  const canvas = useRef<HTMLDivElement>(null);
  const points = useBallLine(canvas, position.single, chart);
  const caption = t('caption', { position: t(position.labelKey), draws: rows.length });
  const padding = columns.length > 0 ? <td colSpan={columns.length} className={styles.patternFirst} /> : null;
  const hot = values.filter((value) => value.hot).map((value) => formatTrendValue(position, value.value));
  const cold = values.filter((value) => value.cold).map((value) => formatTrendValue(position, value.value));
  const footer = (testId: string, label: string, cell: (index: number) => number) => (
    <tr data-testid={testId}>
      <th scope="row" className={cx(styles.roundCell, styles.sticky)}>
        {label}
      </th>
      {values.map((value, index) => (
        <td key={value.value} className={cx(styles.stat, value.hot && styles.hot, value.cold && styles.cold)} data-value={value.value}>
          {cell(index)}
        </td>
      ))}
      {padding}
    </tr>
  );

  return (
    <>
      <p className={styles.legend}>{t('legend')}</p>
      <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0} data-testid="trend-scroller">
        <div className={styles.canvas} ref={canvas}>
          {position.single && (
            <svg className={styles.line} aria-hidden="true" focusable="false" data-testid="trend-line">
              <polyline points={points} />
            </svg>
          )}
          <table className={styles.table} data-testid="trend-table" data-position={position.id}>
            <caption className={styles.caption}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={cx(styles.roundCell, styles.sticky)}>
                  {t('col_round')}
                </th>
                {values.map((value) => (
                  <th key={value.value} scope="col" className={styles.valueHead} data-value={value.value}>
                    {formatTrendValue(position, value.value)}
                  </th>
                ))}
                {columns.map((column) => (
                  <th key={column} scope="col" className={cx(styles.patternHead, column === columns[0] && styles.patternFirst)} data-pattern={column}>
                    {t(column === 'sum' ? sumKey : PATTERN_HEAD_KEYS[column])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.numero} data-testid="trend-row" data-numero={row.numero}>
                  <th scope="row" className={cx(styles.roundCell, styles.sticky)} title={row.numero}>
                    {shortNumero(row.numero)}
                  </th>
                  {values.map((value, index) =>
                    row.missing[index] === 0 ? (
                      <td key={value.value} className={styles.cell} data-value={value.value} data-drawn="true">
                        <span className={styles.ball} data-ball="">
                          {formatTrendValue(position, value.value)}
                        </span>
                      </td>
                    ) : (
                      <td key={value.value} className={cx(styles.cell, styles.missing)} data-value={value.value}>
                        {row.missing[index]}
                      </td>
                    ),
                  )}
                  <PatternCells columns={columns} pattern={row.pattern} />
                </tr>
              ))}
            </tbody>
            <tfoot className={styles.footer}>
              {footer('trend-appearances', t('stat_appearances'), (index) => values[index].appearances)}
              {footer('trend-max-missing', t('stat_max_missing'), (index) => values[index].maxMissing)}
              {footer('trend-current-missing', t('stat_current_missing'), (index) => values[index].currentMissing)}
              <tr data-testid="trend-heat">
                <th scope="row" className={cx(styles.roundCell, styles.sticky)}>
                  {t('stat_heat')}
                </th>
                {values.map((value) => (
                  <td key={value.value} className={cx(styles.stat, value.hot && styles.hot, value.cold && styles.cold)} data-value={value.value} data-heat={value.hot ? 'hot' : value.cold ? 'cold' : undefined}>
                    {value.hot ? t('hot') : value.cold ? t('cold') : ''}
                  </td>
                ))}
                {padding}
              </tr>
            </tfoot>
          </table>
        </div>
      </div>
      {(hot.length > 0 || cold.length > 0) && (
        <p className={styles.heatLine} data-testid="trend-heat-summary">
          <span className={styles.hot}>{t('hot_values', { values: hot.join(' ') })}</span>
          <span className={styles.cold}>{t('cold_values', { values: cold.join(' ') })}</span>
        </p>
      )}
    </>
  );
}

/** The VN đề 00-99: one row per ending, hottest first. */
function EndingList({ chart }: { chart: TrendStats }) {
  const { t } = useT(NAMESPACE);
  const { position, rows } = chart;
  const caption = t('caption_list', { draws: rows.length });
  return (
    <div className={cx(styles.scroller, styles.listScroller)} role="region" aria-label={caption} tabIndex={0} data-testid="trend-scroller">
      <table className={cx(styles.table, styles.listTable)} data-testid="trend-list" data-position={position.id}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('col_ending')}</th>
            <th scope="col">{t('stat_appearances')}</th>
            <th scope="col">{t('stat_current_missing')}</th>
            <th scope="col">{t('stat_max_missing')}</th>
            <th scope="col">{t('stat_heat')}</th>
          </tr>
        </thead>
        <tbody>
          {byHeat(chart.values).map((value) => (
            <tr key={value.value} data-testid="trend-list-row" data-value={value.value} data-heat={value.hot ? 'hot' : value.cold ? 'cold' : undefined}>
              <th scope="row">
                <span className={styles.ball}>{formatTrendValue(position, value.value)}</span>
              </th>
              <td>{value.appearances}</td>
              <td>{value.currentMissing}</td>
              <td>{value.maxMissing}</td>
              <td className={cx(value.hot && styles.hot, value.cold && styles.cold)}>{value.hot ? t('hot') : value.cold ? t('cold') : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function TrendChart({ game, version }: { game: LotteryGame; version: number }) {
  const { t } = useT(NAMESPACE);
  const positions = trendPositionsOf(game.kind);
  const [size, setSize] = useState<TrendWindow>(DEFAULT_TREND_WINDOW);
  const [positionId, setPositionId] = useState(() => positions[0]?.id ?? '');
  const position = positions.find((candidate) => candidate.id === positionId) ?? positions[0];
  // A new draw (version), another window or another game: read the draws again.
  const draws = useCall((signal) => loadDraws(game.gameCode, 1, size, signal), [game.gameCode, size, version]);
  const answer = draws.status === 'success' ? draws.data : draws.status === 'loading' ? draws.staleData : undefined;
  const drawn = useMemo(() => (answer ? windowOf(game.kind, answer.list, size) : null), [answer, game.kind, size]);
  const chart = useMemo(() => (drawn && position ? trendOf(game.kind, position, drawn) : null), [drawn, game.kind, position]);

  const body =
    draws.status === 'error' ? (
      <LoadError title={t('load_failed')} error={draws.error} onRetry={draws.refresh} variant="inline" testId="trend-error" retryTestId="trend-retry" />
    ) : !chart ? (
      <Spinner label={t('loading')} />
    ) : chart.rows.length === 0 ? (
      <EmptyState title={t('no_draws')} />
    ) : chart.position.view === 'list' ? (
      <EndingList chart={chart} />
    ) : (
      <TrendTable chart={chart} kind={game.kind} />
    );

  return (
    <div className={styles.chart} data-testid="trend-chart" data-kind={game.kind} data-window={size} aria-busy={draws.status === 'loading'}>
      <div className={styles.windows} role="group" aria-label={t('window_label')} data-testid="trend-windows">
        {TREND_WINDOWS.map((option) => (
          <button key={option} type="button" className={styles.windowButton} aria-pressed={option === size} onClick={() => setSize(option)} data-testid={`trend-window-${option}`}>
            {t('window_draws', { draws: option })}
          </button>
        ))}
      </div>
      {position && (
        <Tabs label={t('positions_label')} value={position.id} onChange={setPositionId} items={positions.map((candidate) => ({ value: candidate.id, label: t(candidate.labelKey) }))}>
          <div className={styles.panel} data-testid="trend-panel" data-position={position.id}>
            {body}
          </div>
        </Tabs>
      )}
    </div>
  );
}
