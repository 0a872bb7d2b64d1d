// The arithmetic of the gross-view chart, apart from its drawing: a value axis with round ticks,
// how many day labels fit under the bars, and short tick labels.

export interface ValueScale {
  /** The top of the axis: the highest value rounded up to a whole step. */
  max: number;
  /** From 0 to max, evenly spaced. */
  ticks: number[];
}

/** Removes the float dust of repeated steps (0.1 × 3 = 0.30000000000000004). */
const clean = (value: number) => Number(value.toPrecision(12));

/**
 * An axis from 0 that holds `highest`, with about `tickCount` steps of 1, 2, 2.5 or 5 × 10ⁿ
 * (whole steps for counts). Nothing above 0 (a quiet period): an axis from 0 to 1, so the bars
 * lie on the baseline instead of dividing by zero.
 */
export function valueScale(highest: number, { tickCount = 4, integer = false }: { tickCount?: number; integer?: boolean } = {}): ValueScale {
  if (!(highest > 0) || !Number.isFinite(highest)) return { max: 1, ticks: [0, 1] };
  const rough = highest / tickCount;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const residual = rough / magnitude;
  const nice = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 2.5 ? 2.5 : residual <= 5 ? 5 : 10;
  let step = clean(nice * magnitude);
  if (integer) step = Math.max(1, Math.ceil(step));
  const steps = Math.ceil(clean(highest / step));
  const ticks = Array.from({ length: steps + 1 }, (_, index) => clean(index * step));
  return { max: ticks[ticks.length - 1], ticks };
}

/**
 * Every how many bars a date label is drawn, so that labels of `labelWidth` pixels do not
 * overlap on a plot `plotWidth` wide (1: every bar).
 */
export function labelStride(count: number, plotWidth: number, labelWidth: number): number {
  if (count <= 1) return 1;
  const fitting = Math.max(1, Math.floor(plotWidth / labelWidth));
  return Math.max(1, Math.ceil(count / fitting));
}

const UNITS: readonly [number, string][] = [
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** A tick label short enough for the axis: 0, 2.5, 750, 1.5K, 12M. */
export function compactNumber(value: number): string {
  const magnitude = Math.abs(value);
  for (const [size, suffix] of UNITS) {
    if (magnitude >= size) return `${clean(Number((value / size).toFixed(2)))}${suffix}`;
  }
  return String(clean(Number(value.toFixed(2))));
}

/** 'YYYY-MM-DD' → 'MM-DD', the chart's and the table's day label. */
export const shortDate = (date: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date);

/** A count with thousands separators, as money is grouped (formatMoney): 12,345. */
export const formatCount = (count: number): string => String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
