// Test helpers of the lottery's play tests (no Jest globals: plain functions the *.test.ts files
// assert on). The reference model of a play expands picks into explicit tickets and checks one
// ticket against a draw, written from the domain rules and independent of the play's features and
// of the settlement rules, so the tests compare two separate computations.
import { Rational, type RandomSource } from '@platform/inhouse-games';
import { maskOf } from './bits';
import { drawFromSource } from './draw';
import { mulberry32, randomInt, randomRows, randomSubset } from './quick-pick';
import { winCount } from './rules';
import type { Draw, Fraction, LotteryKind, PlayDefinition } from './types';

export type Ticket = readonly number[];
export type Rows = readonly (readonly number[])[];

export interface TicketModel {
  /** Every ticket (注) of rows that pass the row checks (may be none: the play's constraints). */
  tickets(rows: Rows): Ticket[];
  /** What one ticket wins on a draw: 1 or 0 (VN lô: the number of occurrences). */
  hits(ticket: Ticket, draw: readonly number[]): number;
}

/** A RandomSource over a PRNG (for random draws in tests; not the fair stream). */
export function prngSource(random: () => number): RandomSource {
  return {
    uniformInt: (n: number) => Math.floor(random() * n),
    nextUint32: () => Math.floor(random() * 4294967296),
  };
}

export function randomDraw(kind: LotteryKind, random: () => number): Draw {
  const draw = drawFromSource(kind, prngSource(random));
  // Mark Six zodiac plays read the lunar year of the draw: the tests' tables are 2026's.
  return kind === 'LHC' ? { ...draw, lunarYear: 2026 } : draw;
}

export const picksOf = (rows: Rows): bigint[] => rows.map((row) => maskOf(row));

/** The cartesian product of rows. */
export function cartesian(rows: Rows): number[][] {
  return rows.reduce<number[][]>((tuples, row) => tuples.flatMap((tuple) => row.map((value) => [...tuple, value])), [[]]);
}

/** The k-subsets of values (in the order of values). */
export function combinations(values: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  const result: number[][] = [];
  for (let i = 0; i <= values.length - k; i += 1) {
    for (const rest of combinations(values.slice(i + 1), k - 1)) result.push([values[i], ...rest]);
  }
  return result;
}

/** The ordered k-arrangements of values. */
export function arrangements(values: readonly number[], k: number): number[][] {
  if (k === 0) return [[]];
  return values.flatMap((value, index) => arrangements([...values.slice(0, index), ...values.slice(index + 1)], k - 1).map((rest) => [value, ...rest]));
}

/** Brute-force winning tickets: every ticket of the rows checked against the draw. */
export function bruteWinCount(model: TicketModel, rows: Rows, draw: readonly number[]): number {
  return model.tickets(rows).reduce((sum, ticket) => sum + model.hits(ticket, draw), 0);
}

export const rationalOf = (value: Fraction): Rational => (value.exact ? Rational.of(value.exact.num, value.exact.den) : Rational.of(value.num, value.den));

/** A weighted enumeration of draws: every equally likely outcome class with its weight. */
export type DrawEnumeration = Iterable<readonly [readonly number[], number]>;

/** Σ weight × hits(ticket) / Σ weight over an enumeration, exactly. */
export function ticketProbability(model: TicketModel, ticket: Ticket, draws: DrawEnumeration): Rational {
  let wins = 0n;
  let total = 0n;
  for (const [draw, weight] of draws) {
    total += BigInt(weight);
    const hits = model.hits(ticket, draw);
    if (hits) wins += BigInt(weight * hits);
  }
  return Rational.of(wins, total);
}

/** Picks that break the row checks: every one must make ticketsOf answer 0. */
export function invalidPicks(play: PlayDefinition): bigint[][] {
  const valid = play.rows.map((row) => maskOf(row.values.slice(0, Math.max(row.min, 1))));
  const cases: bigint[][] = [[], [...valid, 0n], valid.map(() => 0n), valid.map((mask, index) => (index === 0 ? -mask - 1n : mask))];
  play.rows.forEach((row, index) => {
    const replace = (mask: bigint) => valid.map((other, at) => (at === index ? mask : other));
    const outside = [Math.max(...row.values) + 1, ...(row.values.includes(0) ? [] : [0])];
    for (const value of outside) cases.push(replace(maskOf(row.values.slice(0, Math.max(row.min, 1))) | (1n << BigInt(value))));
    if (row.min > 0) cases.push(replace(maskOf(row.values.slice(0, row.min - 1))));
    if (row.max < row.values.length) cases.push(replace(maskOf(row.values.slice(0, row.max + 1))));
  });
  return cases;
}

/** winCount against the brute force on random picks × draws; returns the mismatches and the wins seen. */
export function compareWinCounts(
  play: PlayDefinition,
  model: TicketModel,
  random: () => number,
  options: { readonly bets: number; readonly drawsPerBet: number; readonly maxPerRow: number; readonly draw: (rows: Rows) => Draw },
): { mismatches: { rows: Rows; draw: readonly number[]; rule: number; brute: number }[]; wins: number; checks: number } {
  const mismatches: { rows: Rows; draw: readonly number[]; rule: number; brute: number }[] = [];
  let wins = 0;
  let checks = 0;
  for (let bet = 0; bet < options.bets; bet += 1) {
    const rows = randomRows(play, random, options.maxPerRow);
    const picks = picksOf(rows);
    if (play.ticketsOf(picks) === 0) continue;
    for (let index = 0; index < options.drawsPerBet; index += 1) {
      const draw = options.draw(rows);
      const rule = winCount(play, picks, draw);
      const brute = bruteWinCount(model, rows, draw.numbers);
      checks += 1;
      wins += brute;
      if (rule !== brute && mismatches.length < 5) mismatches.push({ rows, draw: draw.numbers, rule, brute });
    }
  }
  return { mismatches, wins, checks };
}

/** ticketsOf against the expansion on random rows; returns the mismatches. */
export function compareTicketCounts(play: PlayDefinition, model: TicketModel, random: () => number, bets: number, maxPerRow: number): { rows: Rows; ticketsOf: number; brute: number }[] {
  const mismatches: { rows: Rows; ticketsOf: number; brute: number }[] = [];
  for (let bet = 0; bet < bets; bet += 1) {
    const rows = randomRows(play, random, maxPerRow);
    const ticketsOf = play.ticketsOf(picksOf(rows));
    const brute = model.tickets(rows).length;
    if (ticketsOf !== brute && mismatches.length < 5) mismatches.push({ rows, ticketsOf, brute });
  }
  return mismatches;
}

/** Up to `count` tickets of random small valid bets (for per-ticket probabilities). */
export function sampleTickets(play: PlayDefinition, model: TicketModel, random: () => number, count: number): Ticket[] {
  const tickets: Ticket[] = [];
  for (let attempt = 0; tickets.length < count && attempt < 1000; attempt += 1) {
    const rows = randomRows(play, random, 3);
    const all = model.tickets(rows);
    if (all.length > 0) tickets.push(all[randomInt(random, all.length)]);
  }
  return tickets;
}

export { mulberry32, randomInt, randomRows, randomSubset };
