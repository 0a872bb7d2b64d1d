// What the number picker does with a play's rows, without React: a row's picks are one mask
// (bit v set when value v is picked, as @platform/lottery-rules reads them), the quick buttons
// (all, big, small, odd, even, clear) and a random pick are masks of a row's values, and typed
// numbers (3 càng, 000-999) are read into a mask.
import { LHC_ZODIAC_PLAY_SIZES, lhcZodiacValues, lunarYearOf, popcount, type PickRow, type PlayDefinition } from '@platform/lottery-rules';

export type Picks = readonly bigint[];

export const QUICK_PICKS = ['all', 'big', 'small', 'odd', 'even', 'clear'] as const;
export type QuickPick = (typeof QUICK_PICKS)[number];

/** Rows of more values than this are typed, not shown as buttons (3 càng: 000-999). */
export const MAX_BUTTON_VALUES = 100;

const bitOf = (value: number): bigint => 1n << BigInt(value);

/** Mark Six zodiac plays by the number count of their zodiacs (which zodiac has 5 changes at Lunar New Year). */

/**
 * The play as a round drawn at `drawTime` offers it: a zodiac play shows only the zodiacs of its
 * number count in that lunar year (the server refuses the others, lhc.ts); other plays as they are.
 */
export function playForRound(play: PlayDefinition, drawTime: number): PlayDefinition {
  const size = LHC_ZODIAC_PLAY_SIZES[play.code];
  if (!size) return play;
  const allowed = new Set(lhcZodiacValues(size, lunarYearOf(drawTime)));
  const rows = play.rows.map((row) => {
    const kept = row.values.map((value, index) => ({ value, key: row.valueKeys?.[index] })).filter((entry) => allowed.has(entry.value));
    return { ...row, values: kept.map((entry) => entry.value), valueKeys: row.valueKeys && kept.map((entry) => entry.key!), max: Math.min(row.max, kept.length) };
  });
  return { ...play, rows };
}

export function emptyPicks(play: PlayDefinition): bigint[] {
  return play.rows.map(() => 0n);
}

export function isPicked(mask: bigint, value: number): boolean {
  return (mask & bitOf(value)) !== 0n;
}

/** The picked values of a row, in the row's display order. */
export function pickedValues(row: PickRow, mask: bigint): number[] {
  return row.values.filter((value) => isPicked(mask, value));
}

export function maskOfValues(values: Iterable<number>): bigint {
  let mask = 0n;
  for (const value of values) mask |= bitOf(value);
  return mask;
}

/** Rows of numbers get the quick buttons; rows of named values (大小单双, 龙虎, zodiacs) do not. */
export function isNumericRow(row: PickRow): boolean {
  return row.display !== 'key';
}

/** A row too long for buttons: its numbers are typed. */
export function isTypedRow(row: PickRow): boolean {
  return isNumericRow(row) && row.values.length > MAX_BUTTON_VALUES;
}

/**
 * The mask a quick button gives a row. Big and small split the row's values in two halves
 * (digits: small 0-4, big 5-9; 11X5: 01-05 / 06-11; Mark Six: 01-24 / 25-49; 00-99: 00-49 /
 * 50-99); odd and even go by the number.
 */
export function quickMask(row: PickRow, quick: QuickPick): bigint {
  const ascending = [...row.values].sort((a, b) => a - b);
  const half = Math.floor(ascending.length / 2);
  switch (quick) {
    case 'all':
      return maskOfValues(ascending);
    case 'big':
      return maskOfValues(ascending.slice(half));
    case 'small':
      return maskOfValues(ascending.slice(0, half));
    case 'odd':
      return maskOfValues(ascending.filter((value) => value % 2 === 1));
    case 'even':
      return maskOfValues(ascending.filter((value) => value % 2 === 0));
    case 'clear':
      return 0n;
  }
}

/** A quick button is offered when its picks fit the row (clear always). */
export function quickAllowed(row: PickRow, quick: QuickPick): boolean {
  return quick === 'clear' || popcount(quickMask(row, quick)) <= row.max;
}

/** `count` different values of the row drawn at random (the player's "quick pick"), none of `excluded`. */
export function randomMask(row: PickRow, count: number, random: () => number = Math.random, excluded = 0n): bigint {
  const pool = row.values.filter((value) => !isPicked(excluded, value));
  const chosen: number[] = [];
  for (let index = 0; index < Math.min(count, pool.length); index += 1) {
    const at = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[at]] = [pool[at], pool[index]];
    chosen.push(pool[index]);
  }
  return maskOfValues(chosen);
}

/** How many values a random pick chooses: the row's minimum, at least one. */
export const randomCount = (row: PickRow): number => Math.max(1, row.min);

/** A 胆拖 (banker/drag) play: a row of bankers, then a row of drags, never holding one number twice. */
const isBankerDrag = (play: PlayDefinition): boolean => play.rows.length === 2 && play.rows[0].labelKey.endsWith('_banker') && play.rows[1].labelKey.endsWith('_drag');

/**
 * The random pick of one row, given the other rows' picks. A row of a banker/drag play leaves out
 * the numbers of the other row (a number is a banker or a drag, not both), and its drags are as
 * many as one ticket needs beside the bankers already picked (k − bankers, for the plays whose
 * banker count is the player's), so the random pick of each row in turn makes a bet. Any other
 * row: its minimum, at random.
 */
export function randomRowMask(play: PlayDefinition, picks: Picks, rowIndex: number, random: () => number = Math.random): bigint {
  const row = play.rows[rowIndex];
  if (!isBankerDrag(play)) return randomMask(row, randomCount(row), random);
  const bankers = rowIndex === 1 ? popcount(picks[0] ?? 0n) : 0;
  const ticketDrags = rowIndex === 1 && (play.rule === 'banker_choose' || play.rule === 'banker_superset') ? (play.k ?? 0) - bankers : 0;
  // randomMask stops at the numbers the other row leaves free.
  return randomMask(row, Math.min(row.max, Math.max(randomCount(row), ticketDrags)), random, picks[1 - rowIndex] ?? 0n);
}

export function withRow(picks: Picks, rowIndex: number, mask: bigint): bigint[] {
  return picks.map((current, index) => (index === rowIndex ? mask : current));
}

export function toggleValue(picks: Picks, rowIndex: number, value: number): bigint[] {
  return withRow(picks, rowIndex, picks[rowIndex] ^ bitOf(value));
}

/**
 * Numbers typed into a row ("123 045, 7"): separated by anything that is not a digit, each a value
 * of the row (leading zeros allowed). Returns the values found and the pieces that are not.
 */
export function parseTypedValues(row: PickRow, text: string): { values: number[]; invalid: string[] } {
  const allowed = new Set(row.values);
  const values: number[] = [];
  const invalid: string[] = [];
  for (const piece of text.split(/[^0-9]+/).filter(Boolean)) {
    const value = Number(piece);
    if (piece.length > String(Math.max(...row.values)).length || !allowed.has(value)) invalid.push(piece);
    else if (!values.includes(value)) values.push(value);
  }
  return { values, invalid };
}

/** Why picks make no bet, row by row: too few or too many values (null when the rows are fine). */
export type RowProblem = { row: number; kind: 'too_few' | 'too_many'; limit: number };

export function rowProblems(play: PlayDefinition, picks: Picks): RowProblem[] {
  const problems: RowProblem[] = [];
  play.rows.forEach((row, index) => {
    const size = popcount(picks[index] ?? 0n);
    if (size < row.min) problems.push({ row: index, kind: 'too_few', limit: row.min });
    else if (size > row.max) problems.push({ row: index, kind: 'too_many', limit: row.max });
  });
  return problems;
}

/** How a value is shown on its button and in the slip (display 'key' is translated by the caller). */
export function valueText(row: PickRow, value: number): string {
  switch (row.display) {
    case 'two':
      return String(value).padStart(2, '0');
    case 'three':
      return String(value).padStart(3, '0');
    case 'four':
      return String(value).padStart(4, '0');
    default:
      return String(value);
  }
}
