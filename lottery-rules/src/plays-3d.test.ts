// 福彩3D and 排列三/五 plays against their reference models: exact P over every draw of the kind
// (10^3 for 3D, 10^5 for P5), ticket counts against the expansion, and the settlement rule
// against the brute force; then 排列三 against 3D on the same three digits, and hand-worked bets.
import {
  cartesian,
  combinations,
  compareTicketCounts,
  compareWinCounts,
  invalidPicks,
  mulberry32,
  picksOf,
  randomDraw,
  randomInt,
  randomRows,
  rationalOf,
  sampleTickets,
  ticketProbability,
  type DrawEnumeration,
  type Rows,
  type TicketModel,
} from './harness.testing';
import { SPAN3_COUNTS } from './plays-3d';
import { playsOf, winCount, type Draw, type LotteryKind } from '.';

const DIGITS = [...Array(10).keys()];
const ALL_TRIPLES = cartesian([DIGITS, DIGITS, DIGITS]);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const at = (d: readonly number[], positions: readonly number[]) => positions.map((position) => d[position]);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);

// Reference models, written from the rules of the plays (not from their features): each builds
// the explicit tickets of the picks and checks one ticket against the digits it reads.

/** 直选: one digit per read position; the ticket is the ordered digits. */
const direct = (positions: readonly number[]): TicketModel => ({
  tickets: cartesian,
  hits: (ticket, d) => (same(ticket, at(d, positions)) ? 1 : 0),
});

/** Every ordered triple whose `measure` is picked; it wins when it is the read triple. */
const triplesBy = (measure: (triple: readonly number[]) => number, positions: readonly number[]): TicketModel => ({
  tickets: (rows) => ALL_TRIPLES.filter((triple) => rows[0].includes(measure(triple))),
  hits: (ticket, d) => (same(ticket, at(d, positions)) ? 1 : 0),
});
const sumOf = (triple: readonly number[]) => triple[0] + triple[1] + triple[2];
const spanOf = (triple: readonly number[]) => Math.max(...triple) - Math.min(...triple);

/** 组三: ticket [a, b] = the pair form a a b in any order. */
const group3 = (positions: readonly number[]): TicketModel => ({
  tickets: (rows) => rows[0].flatMap((a) => rows[0].filter((b) => b !== a).map((b) => [a, b])),
  hits: ([a, b], d) => (same(sorted([a, a, b]), sorted(at(d, positions))) ? 1 : 0),
});

/** 组六: ticket = 3 distinct digits in any order. */
const group6 = (positions: readonly number[]): TicketModel => ({
  tickets: combos(3),
  hits: (ticket, d) => (same(sorted(ticket), sorted(at(d, positions))) ? 1 : 0),
});

/** 定位胆: ticket [position, digit]. */
const position = (positions: readonly number[]): TicketModel => ({
  tickets: (rows) => rows.flatMap((row, index) => row.map((digit) => [positions[index], digit])),
  hits: ([where, digit], d) => (d[where] === digit ? 1 : 0),
});

const MODELS: Record<string, TicketModel> = {
  D3_DIRECT: direct([0, 1, 2]),
  D3_DIRECT_SUM: triplesBy(sumOf, [0, 1, 2]),
  D3_GROUP3: group3([0, 1, 2]),
  D3_GROUP6: group6([0, 1, 2]),
  D3_SPAN: triplesBy(spanOf, [0, 1, 2]),
  D3_POSITION: position([0, 1, 2]),
  D3_FRONT2_DIRECT: direct([0, 1]),
  D3_BACK2_DIRECT: direct([1, 2]),
  D3_ANY1: { tickets: combos(1), hits: ([digit], d) => (d.includes(digit) ? 1 : 0) },
  P5_DIRECT: direct([0, 1, 2, 3, 4]),
  P5_P3_DIRECT: direct([0, 1, 2]),
  P5_P3_DIRECT_SUM: triplesBy(sumOf, [0, 1, 2]),
  P5_P3_GROUP3: group3([0, 1, 2]),
  P5_P3_GROUP6: group6([0, 1, 2]),
  P5_POSITION: position([0, 1, 2, 3, 4]),
  P5_FRONT2_DIRECT: direct([0, 1]),
  P5_BACK2_DIRECT: direct([3, 4]),
};

const SIZE: Record<'3D' | 'P5', number> = { '3D': 3, P5: 5 };

/** All 10^size draws of a kind, each weight 1. */
function* allDraws(size: number): DrawEnumeration {
  const d = new Array<number>(size).fill(0);
  for (let n = 0; n < 10 ** size; n += 1) {
    for (let index = size - 1, rest = n; index >= 0; index -= 1, rest = Math.floor(rest / 10)) d[index] = rest % 10;
    yield [d, 1];
  }
}

const d3 = (...numbers: number[]): Draw => ({ kind: '3D', numbers });
const p5 = (...numbers: number[]): Draw => ({ kind: 'P5', numbers });

/** Random draws, half of them over digits 0-2 (many pairs and triples). */
const drawFor = (kind: '3D' | 'P5', random: () => number) => () =>
  random() < 0.5 ? randomDraw(kind, random) : { kind, numbers: Array.from({ length: SIZE[kind] }, () => randomInt(random, 3)) };

test('every 3D and P5 play has a reference model, and only those', () => {
  const codes = [...playsOf('3D'), ...playsOf('P5')].map((play) => play.code);
  expect(codes).toHaveLength(17);
  expect([...codes].sort()).toEqual(Object.keys(MODELS).sort());
});

describe.each((['3D', 'P5'] as const).flatMap((kind) => playsOf(kind).map((play) => [play.code, kind, play] as const)))('%s', (code, kind, play) => {
  const model = MODELS[code];

  test(`P of a ticket = winning draws over all ${kind} draws (full enumeration), the same for every ticket tried`, () => {
    const tickets = sampleTickets(play, model, mulberry32(play.id), 4);
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticketProbability(model, ticket, allDraws(SIZE[kind])).toString()).toBe(rationalOf(play.probability).toString());
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 5)).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 5, draw: drawFor(kind, random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });

  test('settles only draws of its kind', () => {
    const other: LotteryKind = kind === '3D' ? 'P5' : '3D';
    expect(() => play.features({ kind: other, numbers: new Array<number>(SIZE[other]).fill(0) })).toThrow(RangeError);
  });
});

describe('排列三 is 3D on the first three digits of the 排列五 draw', () => {
  const pairs = [
    ['P5_P3_DIRECT', 'D3_DIRECT'],
    ['P5_P3_DIRECT_SUM', 'D3_DIRECT_SUM'],
    ['P5_P3_GROUP3', 'D3_GROUP3'],
    ['P5_P3_GROUP6', 'D3_GROUP6'],
  ] as const;
  const play = (kind: '3D' | 'P5', code: string) => playsOf(kind).find((p) => p.code === code)!;

  test.each(pairs)('%s = %s: rows, rule, P, tickets and wins', (p3Code, d3Code) => {
    const p3 = play('P5', p3Code);
    const three = play('3D', d3Code);
    expect({ rows: p3.rows, rule: p3.rule, k: p3.k, probability: p3.probability, unit: p3.unitStakeMinor }).toEqual({
      rows: three.rows,
      rule: three.rule,
      k: three.k,
      probability: three.probability,
      unit: three.unitStakeMinor,
    });
    const random = mulberry32(p3.id + 7);
    for (let bet = 0; bet < 100; bet += 1) {
      const picks = picksOf(randomRows(p3, random, 5));
      expect(p3.ticketsOf(picks)).toBe(three.ticketsOf(picks));
      for (let index = 0; index < 5; index += 1) {
        const draw = drawFor('P5', random)();
        expect(winCount(p3, picks, draw)).toBe(winCount(three, picks, d3(...draw.numbers.slice(0, 3))));
      }
    }
  });
});

describe('hand-worked 3D and P5 examples', () => {
  const win = (kind: '3D' | 'P5', code: string, rows: number[][], draw: Draw) => {
    const p = playsOf(kind).find((candidate) => candidate.code === code)!;
    return { tickets: p.ticketsOf(picksOf(rows)), wins: winCount(p, picksOf(rows), draw) };
  };
  const w3 = (code: string, rows: number[][], ...numbers: number[]) => win('3D', code, rows, d3(...numbers));
  const w5 = (code: string, rows: number[][], ...numbers: number[]) => win('P5', code, rows, p5(...numbers));

  test('rows: 3D 百 十 个; 排列五 万 千 百 十 个; 排列三 百 十 个 as on its own ticket', () => {
    const labels = (kind: '3D' | 'P5', code: string) => playsOf(kind).find((p) => p.code === code)!.rows.map((row) => row.labelKey);
    expect(labels('3D', 'D3_DIRECT')).toEqual(['row_bai', 'row_shi', 'row_ge']);
    expect(labels('3D', 'D3_FRONT2_DIRECT')).toEqual(['row_bai', 'row_shi']);
    expect(labels('3D', 'D3_BACK2_DIRECT')).toEqual(['row_shi', 'row_ge']);
    expect(labels('3D', 'D3_SPAN')).toEqual(['row_d3_span']);
    expect(labels('P5', 'P5_DIRECT')).toEqual(['row_wan', 'row_qian', 'row_bai', 'row_shi', 'row_ge']);
    expect(labels('P5', 'P5_P3_DIRECT')).toEqual(['row_bai', 'row_shi', 'row_ge']);
    expect(labels('P5', 'P5_BACK2_DIRECT')).toEqual(['row_shi', 'row_ge']);
  });

  test('3D direct: draw 3 8 3, picks 3|8|3,4 → 1 of 2; 8|3|3 (right digits, wrong order) → 0', () => {
    expect(w3('D3_DIRECT', [[3], [8], [3, 4]], 3, 8, 3)).toEqual({ tickets: 2, wins: 1 });
    expect(w3('D3_DIRECT', [[8], [3], [3]], 3, 8, 3)).toEqual({ tickets: 1, wins: 0 });
  });

  test('3D direct sum: 3 8 3 sums to 14; sums 13,14 → 75 + 75 = 150 tickets, 1 wins', () => {
    expect(w3('D3_DIRECT_SUM', [[13, 14]], 3, 8, 3)).toEqual({ tickets: 150, wins: 1 });
    expect(w3('D3_DIRECT_SUM', [[0, 27]], 0, 0, 0)).toEqual({ tickets: 2, wins: 1 });
  });

  test('3D group 3: picks 3,8,9 = 6 tickets; 3 8 3 wins once (33-8); 3 8 9 and 3 3 3 never', () => {
    expect(w3('D3_GROUP3', [[3, 8, 9]], 3, 8, 3)).toEqual({ tickets: 6, wins: 1 });
    expect(w3('D3_GROUP3', [[3, 8, 9]], 8, 8, 3)).toEqual({ tickets: 6, wins: 1 });
    expect(w3('D3_GROUP3', [[3, 8, 9]], 3, 8, 9)).toEqual({ tickets: 6, wins: 0 });
    expect(w3('D3_GROUP3', [[3, 8, 9]], 3, 3, 3)).toEqual({ tickets: 6, wins: 0 });
    expect(w3('D3_GROUP3', [[3]], 3, 3, 3)).toEqual({ tickets: 0, wins: 0 });
  });

  test('3D group 6: picks 3,8,9 = 1 ticket; 9 3 8 wins, the pair form 3 8 3 does not', () => {
    expect(w3('D3_GROUP6', [[3, 8, 9]], 9, 3, 8)).toEqual({ tickets: 1, wins: 1 });
    expect(w3('D3_GROUP6', [[3, 8, 9]], 3, 8, 3)).toEqual({ tickets: 1, wins: 0 });
    expect(w3('D3_GROUP6', [[3, 8]], 3, 8, 3)).toEqual({ tickets: 0, wins: 0 });
  });

  test('3D span: counts 10, 54, 96, 126, 144, 150, …; 3 8 3 has span 5; spans 0,5 → 160 tickets, 1 wins', () => {
    expect(SPAN3_COUNTS).toEqual([10, 54, 96, 126, 144, 150, 144, 126, 96, 54]);
    expect(w3('D3_SPAN', [[0, 5]], 3, 8, 3)).toEqual({ tickets: 160, wins: 1 });
    expect(w3('D3_SPAN', [[0]], 7, 7, 7)).toEqual({ tickets: 10, wins: 1 });
    expect(w3('D3_SPAN', [[4, 6]], 3, 8, 3)).toEqual({ tickets: 288, wins: 0 });
  });

  test('3D fixed position: 百 3, 十 1,8 = 3 tickets; 3 8 3 wins 2; empty rows only → no bet', () => {
    expect(w3('D3_POSITION', [[3], [1, 8], []], 3, 8, 3)).toEqual({ tickets: 3, wins: 2 });
    expect(w3('D3_POSITION', [[], [], []], 3, 8, 3)).toEqual({ tickets: 0, wins: 0 });
  });

  test('3D front 2 / back 2: 3 8 3 → front 3 8, back 8 3', () => {
    expect(w3('D3_FRONT2_DIRECT', [[3], [8]], 3, 8, 3)).toEqual({ tickets: 1, wins: 1 });
    expect(w3('D3_BACK2_DIRECT', [[3], [8]], 3, 8, 3)).toEqual({ tickets: 1, wins: 0 });
    expect(w3('D3_BACK2_DIRECT', [[8], [3, 4]], 3, 8, 3)).toEqual({ tickets: 2, wins: 1 });
  });

  test('3D one digit any position: 3 8 3, picks 3,5,8 → 2 of 3 (3 seen twice pays once)', () => {
    expect(w3('D3_ANY1', [[3, 5, 8]], 3, 8, 3)).toEqual({ tickets: 3, wins: 2 });
  });

  test('P5 direct: draw 2 7 4 0 9, picks 2|7|4|0|8,9 → 1 of 2', () => {
    expect(w5('P5_DIRECT', [[2], [7], [4], [0], [8, 9]], 2, 7, 4, 0, 9)).toEqual({ tickets: 2, wins: 1 });
  });

  test('排列三 reads 2 7 4 of 2 7 4 0 9, never the last three 4 0 9', () => {
    expect(w5('P5_P3_DIRECT', [[2], [7], [4]], 2, 7, 4, 0, 9)).toEqual({ tickets: 1, wins: 1 });
    expect(w5('P5_P3_DIRECT', [[4], [0], [9]], 2, 7, 4, 0, 9)).toEqual({ tickets: 1, wins: 0 });
    expect(w5('P5_P3_DIRECT_SUM', [[13]], 2, 7, 4, 0, 9)).toEqual({ tickets: 75, wins: 1 });
    expect(w5('P5_P3_GROUP3', [[2, 4, 7]], 2, 7, 4, 0, 9)).toEqual({ tickets: 6, wins: 0 });
    expect(w5('P5_P3_GROUP3', [[2, 4, 7]], 2, 7, 2, 0, 9)).toEqual({ tickets: 6, wins: 1 });
    expect(w5('P5_P3_GROUP6', [[2, 4, 7, 9]], 2, 7, 4, 0, 9)).toEqual({ tickets: 4, wins: 1 });
    expect(w5('P5_P3_GROUP6', [[0, 4, 9]], 2, 7, 4, 0, 9)).toEqual({ tickets: 1, wins: 0 });
  });

  test('P5 fixed position, front 2, back 2 on 2 7 4 0 9', () => {
    expect(w5('P5_POSITION', [[2], [], [], [0, 1], [8]], 2, 7, 4, 0, 9)).toEqual({ tickets: 4, wins: 2 });
    expect(w5('P5_FRONT2_DIRECT', [[2, 3], [7]], 2, 7, 4, 0, 9)).toEqual({ tickets: 2, wins: 1 });
    expect(w5('P5_BACK2_DIRECT', [[0], [9]], 2, 7, 4, 0, 9)).toEqual({ tickets: 1, wins: 1 });
    expect(w5('P5_BACK2_DIRECT', [[9], [0]], 2, 7, 4, 0, 9)).toEqual({ tickets: 1, wins: 0 });
  });
});
