// The shape of the hand-worked settlement tables (hand-worked.test.ts and the hand-worked-<kind>
// tables beside it): one bet each, with its stake, the prize of one winning ticket, the tickets
// won and the prize worked out by hand, arithmetic written beside each entry.
import type { MoneyMode } from '@platform/lottery-rules';

export interface HandWorked {
  readonly code: string;
  /** The picked values of each row. */
  readonly rows: readonly (readonly number[])[];
  readonly multiple?: number;
  readonly mode?: MoneyMode;
  /** Tickets × the play's unit stake (200, or 100 for đề/xiên, 2700 for lô) × multiple ÷ mode. */
  readonly amountMinor: number;
  /** The prize of one winning ticket at multiple 1, series 1900, in the bet's money mode. */
  readonly unitPrizeMinor: number;
  /** Winning tickets (hits for lô). */
  readonly wins: number;
  readonly prizeMinor: number;
  /** The bet is refunded (LHC 两面 on 49). */
  readonly push?: true;
  readonly note: string;
}

/** The maximum prize of one bet in the default games (300,000.00). */
export const MAX_PRIZE_MINOR = 30_000_000;

/** A kind's chosen draw and its hand-worked bets. */
export interface HandWorkedKind {
  readonly numbers: readonly number[];
  readonly cases: readonly HandWorked[];
}
