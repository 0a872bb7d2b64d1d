// The numbers behind the trend chart (走势图), pure (no React, no DOM): which positions a kind's
// chart offers, and for one position over a window of draws the drawn value(s) of each draw, the
// missing count (遗漏) of every value at every draw, the per-value totals (appearances, longest and
// current missing run, hot/cold) and a pattern per draw (sum, big/small, odd/even, span).
// Exact integers only.
//
// Decides:
//   · draws arrive newest first (as the API lists them); the chart reads them oldest → newest, and
//     a value's missing count is the number of draws since it last appeared in that order: 0 in a
//     draw that has it, else the previous draw's count + 1. Before the window counts as nothing
//     seen: a value absent from the first k draws shows 1, 2, … k.
//   · void rounds and rounds still drawing (no numbers), or numbers that are not a draw of the kind,
//     are left out: the window holds the drawn rounds among those read.
//   · appearances count draws that have the value (a value is at most once in a position's values
//     of one draw: positions with several values per draw hold distinct numbers).
//   · hot: the values with the most appearances; cold: those with the fewest; neither when every
//     value appeared as often (ties are all marked).
import { isValidDraw, type LotteryKind } from '@platform/lottery-rules';

/** The windows a player may choose (draws read, ≤ 100: the draw list's page size limit). */
export const TREND_WINDOWS = [30, 50, 100] as const;
export type TrendWindow = (typeof TREND_WINDOWS)[number];

/** A draw as the API gives it (numbers as strings) or as numbers. */
export interface TrendDrawInput {
  readonly numero: string;
  readonly numbers: readonly (string | number)[];
}

/** A drawn round, its numbers parsed. */
export interface TrendDraw {
  readonly numero: string;
  readonly numbers: readonly number[];
}

/**
 * A column group of the chart: what one "position" reads of a draw.
 *   single  exactly one value per draw (a digit, a rank, a sum): the chart links the drawn balls
 *   view    'table' one column per value; 'list' a hot/cold list (VN ĐB endings 00-99: too wide)
 */
export interface TrendPosition {
  readonly id: string;
  /** Translation key of its name (namespace lotteryTrend). */
  readonly labelKey: string;
  /** Its values in column order. */
  readonly values: readonly number[];
  /** Characters a value is shown with (zero-padded). */
  readonly width: number;
  readonly single: boolean;
  readonly view: 'table' | 'list';
  /** The value(s) of this position in a draw's numbers. */
  readonly pick: (numbers: readonly number[]) => readonly number[];
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const sumOf = (numbers: readonly number[]): number => numbers.reduce((total, n) => total + n, 0);

function digitPosition(id: string, labelKey: string, index: number, values: readonly number[], width: number): TrendPosition {
  return { id, labelKey, values, width, single: true, view: 'table', pick: (numbers) => [numbers[index]] };
}

const DIGITS = range(0, 9);
const FIVE_DIGIT_IDS = ['wan', 'qian', 'bai', 'shi', 'ge'] as const;
const fiveDigits = (): TrendPosition[] => FIVE_DIGIT_IDS.map((id, index) => digitPosition(id, `position_${id}`, index, DIGITS, 1));

/** The VN đề: the last two digits of the ĐB (the first prize number, of the northern 27 and of the southern and central 18 alike). */
const vnEnding = (numbers: readonly number[]): number => numbers[0] % 100;

/** The Vietnamese charts (VN, VN18): the đề's tens and units, and the đề. */
const VN_POSITIONS: readonly TrendPosition[] = [
  { id: 'de_tens', labelKey: 'position_de_tens', values: DIGITS, width: 1, single: true, view: 'table', pick: (numbers) => [Math.floor(vnEnding(numbers) / 10)] },
  { id: 'de_units', labelKey: 'position_de_units', values: DIGITS, width: 1, single: true, view: 'table', pick: (numbers) => [vnEnding(numbers) % 10] },
  { id: 'de', labelKey: 'position_de', values: range(0, 99), width: 2, single: true, view: 'list', pick: (numbers) => [vnEnding(numbers)] },
];

const POSITIONS: Readonly<Record<LotteryKind, readonly TrendPosition[]>> = {
  SSC: fiveDigits(),
  P5: fiveDigits(),
  '3D': (['bai', 'shi', 'ge'] as const).map((id, index) => digitPosition(id, `position_${id}`, index, DIGITS, 1)),
  PC28: [
    ...range(1, 3).map((n) => digitPosition(`digit${n}`, `position_digit_${n}`, n - 1, DIGITS, 1)),
    { id: 'sum', labelKey: 'position_sum', values: range(0, 27), width: 2, single: true, view: 'table', pick: (numbers) => [sumOf(numbers)] },
  ],
  K3: [
    ...range(1, 3).map((n) => digitPosition(`die${n}`, `position_die_${n}`, n - 1, range(1, 6), 1)),
    { id: 'sum', labelKey: 'position_sum', values: range(3, 18), width: 2, single: true, view: 'table', pick: (numbers) => [sumOf(numbers)] },
  ],
  '11X5': [
    ...range(1, 5).map((n) => digitPosition(`n${n}`, `position_n_${n}`, n - 1, range(1, 11), 2)),
    { id: 'any', labelKey: 'position_any', values: range(1, 11), width: 2, single: false, view: 'table', pick: (numbers) => numbers },
  ],
  PK10: range(1, 10).map((n) => digitPosition(`rank${n}`, `position_rank_${n}`, n - 1, range(1, 10), 2)),
  LHC: [
    digitPosition('special', 'position_special', 6, range(1, 49), 2),
    { id: 'regular', labelKey: 'position_regular', values: range(1, 49), width: 2, single: false, view: 'table', pick: (numbers) => numbers.slice(0, 6) },
  ],
  VN: VN_POSITIONS,
  VN18: VN_POSITIONS,
};

/** The positions a kind's chart offers, in tab order. */
export function trendPositionsOf(kind: LotteryKind): readonly TrendPosition[] {
  return POSITIONS[kind] ?? [];
}

/** Every position label key of every kind (the translation test checks them). */
export function allPositionLabelKeys(): string[] {
  return [...new Set(Object.values(POSITIONS).flatMap((positions) => positions.map((position) => position.labelKey)))];
}

/** A value as shown: zero-padded to the position's width. */
export function formatTrendValue(position: TrendPosition, value: number): string {
  return String(value).padStart(position.width, '0');
}

// ---- Patterns ----------------------------------------------------------------------------------

export type PatternColumn = 'sum' | 'size' | 'parity' | 'span';
export type PatternSize = 'big' | 'small' | 'tie';

/** A draw's pattern: `span` is null where the kind has none (PK10). */
export interface TrendPattern {
  readonly sum: number;
  readonly size: PatternSize;
  readonly parity: 'odd' | 'even';
  readonly span: number | null;
}

interface PatternRule {
  readonly columns: readonly PatternColumn[];
  /** Translation key of the sum column. */
  readonly sumKey: string;
  /** The numbers the pattern reads. */
  readonly read: (numbers: readonly number[]) => readonly number[];
  readonly size: (sum: number) => PatternSize;
}

const ALL_COLUMNS: readonly PatternColumn[] = ['sum', 'size', 'parity', 'span'];
const bigFrom = (threshold: number) => (sum: number): PatternSize => (sum >= threshold ? 'big' : 'small');
const whole = (numbers: readonly number[]) => numbers;

/**
 * Per kind (the usual 总和 rules): SSC/P5 sum 0-45 big from 23; 3D/PC28 sum 0-27 big from 14; K3
 * sum 3-18 big from 11; 11X5 sum 15-45 big above 30, small below, 30 a tie; PK10 the 冠亚和 (first
 * two cars, 3-19) big from 12, no span. LHC and VN have no pattern row.
 */
const PATTERNS: Partial<Record<LotteryKind, PatternRule>> = {
  SSC: { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: bigFrom(23) },
  P5: { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: bigFrom(23) },
  '3D': { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: bigFrom(14) },
  PC28: { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: bigFrom(14) },
  K3: { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: bigFrom(11) },
  '11X5': { columns: ALL_COLUMNS, sumKey: 'pattern_sum', read: whole, size: (sum) => (sum > 30 ? 'big' : sum < 30 ? 'small' : 'tie') },
  PK10: { columns: ['sum', 'size', 'parity'], sumKey: 'pattern_top2_sum', read: (numbers) => numbers.slice(0, 2), size: bigFrom(12) },
};

/** The pattern columns of a kind's chart (none for LHC and VN), with the sum column's label key. */
export function patternColumnsOf(kind: LotteryKind): { columns: readonly PatternColumn[]; sumKey: string } {
  const rule = PATTERNS[kind];
  return rule ? { columns: rule.columns, sumKey: rule.sumKey } : { columns: [], sumKey: 'pattern_sum' };
}

/** A draw's pattern, or null for a kind without one. */
export function patternOf(kind: LotteryKind, numbers: readonly number[]): TrendPattern | null {
  const rule = PATTERNS[kind];
  if (!rule) return null;
  const read = rule.read(numbers);
  const sum = sumOf(read);
  return {
    sum,
    size: rule.size(sum),
    parity: sum % 2 === 1 ? 'odd' : 'even',
    span: rule.columns.includes('span') ? Math.max(...read) - Math.min(...read) : null,
  };
}

// ---- Draws -------------------------------------------------------------------------------------

const WHOLE_NUMBER = /^\d+$/;

function parsed(kind: LotteryKind, draw: TrendDrawInput): TrendDraw | null {
  if (!Array.isArray(draw.numbers)) return null;
  const numbers: number[] = [];
  for (const raw of draw.numbers) {
    const text = String(raw).trim();
    if (!WHOLE_NUMBER.test(text)) return null;
    numbers.push(Number(text));
  }
  return isValidDraw({ kind, numbers }) ? { numero: draw.numero, numbers } : null;
}

/**
 * The drawn rounds of a window, oldest first: the first `size` drawn rounds of `draws` (newest
 * first, as the API lists them), reversed. Void, undrawn and malformed rounds are left out.
 */
export function windowOf(kind: LotteryKind, draws: readonly TrendDrawInput[], size = Infinity): TrendDraw[] {
  const drawn: TrendDraw[] = [];
  for (const draw of draws) {
    if (drawn.length >= size) break;
    const one = parsed(kind, draw);
    if (one) drawn.push(one);
  }
  return drawn.reverse();
}

// ---- Statistics --------------------------------------------------------------------------------

/** One draw of the chart. */
export interface TrendRow {
  readonly numero: string;
  /** The position's value(s) in this draw, as drawn. */
  readonly drawn: readonly number[];
  /** Per value (in the position's value order): 0 where drawn, else the draws since it last came. */
  readonly missing: readonly number[];
  readonly pattern: TrendPattern | null;
}

/** One value over the window. */
export interface TrendValueStats {
  readonly value: number;
  readonly appearances: number;
  /** The longest run of draws without it (the leading and the current run count). */
  readonly maxMissing: number;
  /** Draws since it last came, at the newest draw (the window's length when it never came). */
  readonly currentMissing: number;
  readonly hot: boolean;
  readonly cold: boolean;
}

export interface TrendStats {
  readonly position: TrendPosition;
  /** Oldest first. */
  readonly rows: readonly TrendRow[];
  /** In the position's value order. */
  readonly values: readonly TrendValueStats[];
}

/** The chart of one position over drawn rounds given oldest first (windowOf). */
export function trendOf(kind: LotteryKind, position: TrendPosition, draws: readonly TrendDraw[]): TrendStats {
  const index = new Map(position.values.map((value, at) => [value, at]));
  const count = position.values.length;
  const running = new Array<number>(count).fill(0);
  const appearances = new Array<number>(count).fill(0);
  const longest = new Array<number>(count).fill(0);
  const rows = draws.map((draw): TrendRow => {
    const drawn = position.pick(draw.numbers);
    const hit = new Set<number>();
    for (const value of drawn) {
      const at = index.get(value);
      if (at !== undefined) hit.add(at);
    }
    for (let at = 0; at < count; at += 1) {
      if (hit.has(at)) {
        running[at] = 0;
        appearances[at] += 1;
      } else {
        running[at] += 1;
        if (running[at] > longest[at]) longest[at] = running[at];
      }
    }
    return { numero: draw.numero, drawn, missing: [...running], pattern: patternOf(kind, draw.numbers) };
  });
  const most = Math.max(...appearances);
  const fewest = Math.min(...appearances);
  const marked = draws.length > 0 && most !== fewest;
  const values = position.values.map(
    (value, at): TrendValueStats => ({
      value,
      appearances: appearances[at],
      maxMissing: longest[at],
      currentMissing: running[at],
      hot: marked && appearances[at] === most,
      cold: marked && appearances[at] === fewest,
    }),
  );
  return { position, rows, values };
}

/** The values hottest first: most appearances, then shortest current missing, then the value. */
export function byHeat(values: readonly TrendValueStats[]): TrendValueStats[] {
  return [...values].sort((a, b) => b.appearances - a.appearances || a.currentMissing - b.currentMissing || a.value - b.value);
}
