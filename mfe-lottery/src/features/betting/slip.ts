// The bet slip (cart), without React: lines built from a play's picks and options, their total,
// the chase total, and the text and amount the bet call sends. Amounts are integers of minor
// units (betAmountMinor), converted to the wire's major units only in betCartAmountText.
import {
  SLIP_MAX_LENGTH,
  SLIP_MAX_LINES,
  betAmountMinor,
  formatSlip,
  rowsFromPicks,
  type MoneyMode,
  type PlayDefinition,
} from '@platform/lottery-rules';
import type { Picks } from './picker';

export interface SlipLine {
  /** Unique within the slip (React key, removal). */
  id: number;
  play: PlayDefinition;
  /** The picked values of each row, in display order. */
  rows: number[][];
  picks: bigint[];
  tickets: number;
  mode: MoneyMode;
  series: number;
  multiple: number;
  amountMinor: number;
  /** The line as the bet call sends it (formatSlip). */
  text: string;
}

export interface LineOptions {
  mode: MoneyMode;
  series: number;
  multiple: number;
}

/** A line before it is in the slip. */
export type SlipLineDraft = Omit<SlipLine, 'id'>;

let lastLineId = 0;

/**
 * The slip line of a play's picks, or null when they are no bet: no ticket (ticketsOf 0), or an
 * amount that is not a whole number of minor units in this money mode.
 */
export function lineOf(play: PlayDefinition, picks: Picks, options: LineOptions): SlipLineDraft | null {
  const tickets = play.ticketsOf(picks);
  if (tickets === 0) return null;
  const amountMinor = betAmountMinor(play, tickets, options.mode, options.multiple);
  if (amountMinor === undefined) return null;
  const rows = rowsFromPicks(play, picks);
  const text = formatSlip({ playId: play.id, rows, picks, mode: options.mode, series: options.series, multiple: options.multiple });
  return { play, rows, picks: [...picks], tickets, ...options, amountMinor, text };
}

/** The slip with one more line (last). */
export function addLine(lines: readonly SlipLine[], draft: SlipLineDraft): SlipLine[] {
  lastLineId += 1;
  return [...lines, { ...draft, id: lastLineId }];
}

export function removeLine(lines: readonly SlipLine[], id: number): SlipLine[] {
  return lines.filter((line) => line.id !== id);
}

/** What one round of the slip costs. */
export function slipTotalMinor(lines: readonly SlipLine[]): number {
  return lines.reduce((total, line) => total + line.amountMinor, 0);
}

/** What the order costs with `chase` further rounds: every round pays the whole slip. */
export function orderTotalMinor(lines: readonly SlipLine[], chase: number): number {
  return slipTotalMinor(lines) * (1 + chase);
}

/** The slip text: the lines joined by "|". */
export function slipText(lines: readonly Pick<SlipLine, 'text'>[]): string {
  return lines.map((line) => line.text).join('|');
}

/** Whether one more line fits the slip's limits (50 lines, 20 000 characters). */
export function canAddLine(lines: readonly SlipLine[], line: SlipLineDraft): boolean {
  return lines.length < SLIP_MAX_LINES && slipText(lines).length + (lines.length > 0 ? 1 : 0) + line.text.length <= SLIP_MAX_LENGTH;
}

/** Minor units as the wire's betCartAmountSum: major units with four decimals ("20.0000"). */
export function betCartAmountText(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) throw new RangeError(`not an amount of minor units: ${amountMinor}`);
  const cents = amountMinor % 100;
  return `${(amountMinor - cents) / 100}.${String(cents).padStart(2, '0')}00`;
}
