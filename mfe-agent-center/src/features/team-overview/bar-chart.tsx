import { useId } from 'react';
import { labelStride, valueScale } from './chart-scale';
import styles from './bar-chart.module.css';
import { useElementWidth } from './use-element-width';

/** One bar: a day's label, its value on the axis, and the value as the page shows it. */
export interface ChartPoint {
  label: string;
  value: number;
  valueText: string;
}

export interface BarChartProps {
  points: readonly ChartPoint[];
  /** The element that names the chart (a visible caption): the SVG is labelled by it. */
  titleId: string;
  /** What the chart shows, for screen readers (its highest day, its total). */
  description: string;
  /** Whole-number ticks (counts). */
  integer?: boolean;
  /** A tick value as the value axis shows it (short: 1.5K). */
  formatTick: (value: number) => string;
  xAxisLabel: string;
  yAxisLabel: string;
  /** Drawn over the plot when every value is 0. */
  emptyText: string;
  testId?: string;
}

// Layout in CSS pixels: the SVG is drawn at its box's measured width, so text keeps its size.
const FALLBACK_WIDTH = 640;
const HEIGHT = 240;
const FONT_SIZE = 11;
/** A generous average glyph width of the tick labels, to reserve room for them. */
const CHAR_WIDTH = 6.5;
const DATE_LABEL_WIDTH = 44;
const AXIS_TITLE_SPACE = 18;
const TICK_GAP = 6;
const MARGIN_TOP = 12;
const MARGIN_RIGHT = 20;
const MARGIN_BOTTOM = 44;
const MAX_BAR_WIDTH = 48;
const BAR_SHARE = 0.7;

/**
 * A bar chart of one series, one bar per point (a single day is one centred bar; a quiet period
 * keeps its baseline and axis from 0 to 1). Dependency-free SVG with a value axis of round ticks,
 * date labels that thin out when they would collide, axis titles, and a native tooltip per bar.
 */
export function BarChart({ points, titleId, description, integer = false, formatTick, xAxisLabel, yAxisLabel, emptyText, testId }: BarChartProps) {
  const [boxRef, width] = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const descId = useId();
  const highest = points.reduce((max, point) => Math.max(max, point.value), 0);
  const scale = valueScale(highest, { integer });
  const tickTexts = scale.ticks.map(formatTick);
  const tickWidth = Math.ceil(Math.max(...tickTexts.map((text) => text.length)) * CHAR_WIDTH);
  const left = AXIS_TITLE_SPACE + TICK_GAP + tickWidth + TICK_GAP;
  const plotWidth = Math.max(1, width - left - MARGIN_RIGHT);
  const plotHeight = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM;
  const baseline = MARGIN_TOP + plotHeight;
  const yOf = (value: number) => baseline - (Math.min(Math.max(value, 0), scale.max) / scale.max) * plotHeight;
  const band = plotWidth / Math.max(points.length, 1);
  const barWidth = Math.min(MAX_BAR_WIDTH, band * BAR_SHARE);
  const stride = labelStride(points.length, plotWidth, DATE_LABEL_WIDTH);
  const quiet = highest <= 0;

  return (
    <div ref={boxRef} className={styles.box}>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        fontSize={FONT_SIZE}
        data-testid={testId}
      >
        <desc id={descId}>{description}</desc>
        <g aria-hidden="true">
          {scale.ticks.map((tick, index) => (
            <g key={tick}>
              <line className={index === 0 ? styles.axis : styles.grid} x1={left} x2={left + plotWidth} y1={yOf(tick)} y2={yOf(tick)} />
              <text className={styles.tick} x={left - TICK_GAP} y={yOf(tick)} dy="0.35em" textAnchor="end">
                {tickTexts[index]}
              </text>
            </g>
          ))}
          <line className={styles.axis} x1={left} x2={left} y1={MARGIN_TOP} y2={baseline} />
          {points.map((point, index) => {
            const x = left + index * band + band / 2;
            return index % stride === 0 ? (
              <text key={point.label} className={styles.tick} x={x} y={baseline + 16} textAnchor="middle">
                {point.label}
              </text>
            ) : null;
          })}
          <text className={styles.axisTitle} x={left + plotWidth / 2} y={HEIGHT - 6} textAnchor="middle">
            {xAxisLabel}
          </text>
          <text className={styles.axisTitle} transform={`rotate(-90) translate(${-(MARGIN_TOP + plotHeight / 2)} ${AXIS_TITLE_SPACE - 6})`} textAnchor="middle">
            {yAxisLabel}
          </text>
          {quiet && (
            <text className={styles.empty} x={left + plotWidth / 2} y={MARGIN_TOP + plotHeight / 2} textAnchor="middle" data-testid={testId && `${testId}-empty`}>
              {emptyText}
            </text>
          )}
        </g>
        {points.map((point, index) => {
          const y = yOf(point.value);
          return (
            <rect
              key={point.label}
              className={styles.bar}
              x={left + index * band + (band - barWidth) / 2}
              y={y}
              width={barWidth}
              height={baseline - y}
              data-testid={testId && `${testId}-bar`}
              data-value={point.value}
            >
              <title>{`${point.label}: ${point.valueText}`}</title>
            </rect>
          );
        })}
      </svg>
    </div>
  );
}

export interface ChartTableProps {
  points: readonly ChartPoint[];
  caption: string;
  labelHeader: string;
  valueHeader: string;
  testId?: string;
}

/** The chart's figures as a table: what a screen reader, or anyone wanting exact numbers, reads. */
export function ChartTable({ points, caption, labelHeader, valueHeader, testId }: ChartTableProps) {
  return (
    <div className={styles.tableBox}>
      <table className={styles.table} data-testid={testId}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col" className={styles.number}>
              {valueHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td className={styles.number}>{point.valueText}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
