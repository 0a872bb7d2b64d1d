// The bet slip text (REFERENCE format) the front end sends and the server parses.
//   line  = <rows joined by "_">~1~<playId>~<mode>~<series>~<multiple>
//   row   = its values as plain decimal integers joined by "," (an empty row is "")
//   slip  = lines joined by "|"
// Decides: the second field is always the literal 1; numbers are canonical decimal (no sign, no
// leading zero, no spaces); a row's values are kept in the row's display order (a set: order is
// not meaningful, duplicates are an error); limits 50 lines, 20 000 characters, multiple 1-10 000,
// series 1-2000; a line must be a valid bet of its play (ticketsOf > 0) whose amount is a whole
// number of minor units. Errors are codes, never exceptions, with the 0-based index of the line.
import { maskOf, valuesOf } from './bits';
import { playById } from './catalogue';
import { SERIES_BASE, betAmountMinor, isMoneyMode } from './prices';
import type { MoneyMode, PlayDefinition } from './types';

export interface SlipLine {
  readonly playId: number;
  /** The picked values of each row, in the row's display order. */
  readonly rows: readonly (readonly number[])[];
  /** One mask per row (bit v = value v). */
  readonly picks: readonly bigint[];
  readonly mode: MoneyMode;
  readonly series: number;
  readonly multiple: number;
}

export type SlipErrorCode =
  | 'slip.empty'
  | 'slip.too_long'
  | 'slip.too_many_lines'
  | 'slip.line.malformed'
  | 'slip.play.unknown'
  | 'slip.mode.invalid'
  | 'slip.series.invalid'
  | 'slip.multiple.invalid'
  | 'slip.rows.count'
  | 'slip.value.invalid'
  | 'slip.value.out_of_range'
  | 'slip.value.duplicate'
  | 'slip.picks.invalid'
  | 'slip.amount.invalid';

export interface SlipError {
  readonly code: SlipErrorCode;
  /** 0-based index of the line at fault (absent for errors of the whole text). */
  readonly line?: number;
}

export const SLIP_MAX_LINES = 50;
export const SLIP_MAX_LENGTH = 20000;
export const SLIP_MAX_MULTIPLE = 10000;

const CANONICAL_INTEGER = /^(0|[1-9][0-9]{0,8})$/;

const integerOf = (text: string): number | undefined => (CANONICAL_INTEGER.test(text) ? Number(text) : undefined);

export function isSlipError(value: SlipLine[] | SlipError): value is SlipError {
  return !Array.isArray(value);
}

/** One mask per row from its values (values are not checked: ticketsOf does). */
export function picksFromRows(rows: readonly (readonly number[])[]): bigint[] {
  return rows.map((values) => maskOf(values));
}

/** The values of each row of picks, in the row's display order. */
export function rowsFromPicks(play: PlayDefinition, picks: readonly bigint[]): number[][] {
  return play.rows.map((row, index) => {
    const picked = new Set(valuesOf(picks[index] ?? 0n));
    return row.values.filter((value) => picked.has(value));
  });
}

function parseLine(text: string): SlipLine | SlipErrorCode {
  const fields = text.split('~');
  if (fields.length !== 6 || fields[1] !== '1') return 'slip.line.malformed';
  const [rowsText, , playText, modeText, seriesText, multipleText] = fields;
  const playId = integerOf(playText);
  const play = playId === undefined ? undefined : playById(playId);
  if (!play) return 'slip.play.unknown';
  const mode = integerOf(modeText);
  if (!isMoneyMode(mode)) return 'slip.mode.invalid';
  const series = integerOf(seriesText);
  if (series === undefined || series < 1 || series > SERIES_BASE) return 'slip.series.invalid';
  const multiple = integerOf(multipleText);
  if (multiple === undefined || multiple < 1 || multiple > SLIP_MAX_MULTIPLE) return 'slip.multiple.invalid';

  const rowTexts = rowsText.split('_');
  if (rowTexts.length !== play.rows.length) return 'slip.rows.count';
  const sets: Set<number>[] = [];
  for (let index = 0; index < rowTexts.length; index += 1) {
    const allowed = new Set(play.rows[index].values);
    const picked = new Set<number>();
    for (const valueText of rowTexts[index] === '' ? [] : rowTexts[index].split(',')) {
      const value = integerOf(valueText);
      if (value === undefined) return 'slip.value.invalid';
      if (!allowed.has(value)) return 'slip.value.out_of_range';
      if (picked.has(value)) return 'slip.value.duplicate';
      picked.add(value);
    }
    sets.push(picked);
  }
  const rows = play.rows.map((row, index) => row.values.filter((value) => sets[index].has(value)));
  const picks = picksFromRows(rows);
  const tickets = play.ticketsOf(picks);
  if (tickets === 0) return 'slip.picks.invalid';
  if (betAmountMinor(play, tickets, mode, multiple) === undefined) return 'slip.amount.invalid';
  return { playId: play.id, rows, picks, mode, series, multiple };
}

/** The lines of a slip, or the first error. */
export function parseSlips(text: string): SlipLine[] | SlipError {
  if (typeof text !== 'string' || text === '') return { code: 'slip.empty' };
  if (text.length > SLIP_MAX_LENGTH) return { code: 'slip.too_long' };
  const lineTexts = text.split('|');
  if (lineTexts.length > SLIP_MAX_LINES) return { code: 'slip.too_many_lines' };
  const lines: SlipLine[] = [];
  for (let index = 0; index < lineTexts.length; index += 1) {
    const parsed = parseLine(lineTexts[index]);
    if (typeof parsed === 'string') return { code: parsed, line: index };
    lines.push(parsed);
  }
  return lines;
}

/** The text of one slip line. */
export function formatSlip(line: SlipLine): string {
  const rows = line.rows.map((values) => values.join(',')).join('_');
  return `${rows}~1~${line.playId}~${line.mode}~${line.series}~${line.multiple}`;
}

/** The text of several lines ("|" between them). */
export function formatSlips(lines: readonly SlipLine[]): string {
  return lines.map(formatSlip).join('|');
}
