// SSC plays against their reference models: exact P over all 10^5 draws, ticket counts against
// the expansion, and the settlement rule against the brute force.
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
  rationalOf,
  sampleTickets,
  ticketProbability,
  type DrawEnumeration,
  type Rows,
  type TicketModel,
} from './harness.testing';
import { SSC_SUM3_COUNTS, playsOf, winCount, type Draw } from '.';

const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const back3 = (d: readonly number[]) => d.slice(2, 5);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);

/** 大 0, 小 1, 单 2, 双 3 of a number with the given big threshold. */
const hasAttribute = (value: number, attribute: number, bigFrom: number) =>
  attribute === 0 ? value >= bigFrom : attribute === 1 ? value < bigFrom : attribute === 2 ? value % 2 === 1 : value % 2 === 0;

const direct = (positions: readonly number[]): TicketModel => ({
  tickets: cartesian,
  hits: (ticket, d) => (positions.every((position, index) => d[position] === ticket[index]) ? 1 : 0),
});

const MODELS: Record<string, TicketModel> = {
  SSC_5STAR_DIRECT: direct([0, 1, 2, 3, 4]),
  SSC_4STAR_DIRECT: direct([1, 2, 3, 4]),
  SSC_FRONT3_DIRECT: direct([0, 1, 2]),
  SSC_MID3_DIRECT: direct([1, 2, 3]),
  SSC_BACK3_DIRECT: direct([2, 3, 4]),
  SSC_BACK3_DIRECT_SUM: {
    // Every ordered triple whose sum is picked.
    tickets: (rows) => cartesian([[...Array(10).keys()], [...Array(10).keys()], [...Array(10).keys()]]).filter((t) => rows[0].includes(t[0] + t[1] + t[2])),
    hits: (ticket, d) => (same(ticket, back3(d)) ? 1 : 0),
  },
  SSC_BACK3_GROUP3: {
    // Ticket [a, b] = the pair form a a b in any order.
    tickets: (rows) => rows[0].flatMap((a) => rows[0].filter((b) => b !== a).map((b) => [a, b])),
    hits: ([a, b], d) => (same(sorted([a, a, b]), sorted(back3(d))) ? 1 : 0),
  },
  SSC_BACK3_GROUP6: { tickets: combos(3), hits: (ticket, d) => (same(sorted(ticket), sorted(back3(d))) ? 1 : 0) },
  SSC_BACK2_DIRECT: direct([3, 4]),
  SSC_BACK2_GROUP: { tickets: combos(2), hits: (ticket, d) => (same(sorted(ticket), sorted([d[3], d[4]])) ? 1 : 0) },
  SSC_POSITION: {
    tickets: (rows) => rows.flatMap((row, position) => row.map((digit) => [position, digit])),
    hits: ([position, digit], d) => (d[position] === digit ? 1 : 0),
  },
  SSC_5STAR_ANY1: { tickets: combos(1), hits: ([digit], d) => (d.includes(digit) ? 1 : 0) },
  SSC_BACK3_ANY2: { tickets: combos(2), hits: (ticket, d) => (ticket.every((digit) => back3(d).includes(digit)) ? 1 : 0) },
  SSC_BACK2_BSOE: {
    tickets: cartesian,
    hits: ([ten, unit], d) => (hasAttribute(d[3], ten, 5) && hasAttribute(d[4], unit, 5) ? 1 : 0),
  },
  SSC_TOTAL_BSOE: {
    tickets: cartesian,
    hits: ([attribute], d) => (hasAttribute(d.reduce((a, b) => a + b, 0), attribute, 23) ? 1 : 0),
  },
  // 0 = 龙 (万 > 个), 1 = 虎 (万 < 个); a tie wins neither.
  SSC_DRAGON_TIGER: { tickets: cartesian, hits: ([side], d) => ((side === 0 ? d[0] > d[4] : d[0] < d[4]) ? 1 : 0) },
  SSC_DRAGON_TIGER_TIE: { tickets: cartesian, hits: (_ticket, d) => (d[0] === d[4] ? 1 : 0) },
};

/** All 10^5 draws, each weight 1. */
function* allDraws(): DrawEnumeration {
  const d = [0, 0, 0, 0, 0];
  for (let n = 0; n < 100000; n += 1) {
    for (let position = 4, rest = n; position >= 0; position -= 1, rest = Math.floor(rest / 10)) d[position] = rest % 10;
    yield [d, 1];
  }
}

const ssc = (...numbers: number[]): Draw => ({ kind: 'SSC', numbers });

/** Random draws, half of them over digits 0-2 (many pairs, triples and ties). */
const drawFor = (random: () => number) => () =>
  random() < 0.5 ? randomDraw('SSC', random) : ssc(...Array.from({ length: 5 }, () => randomInt(random, 3)));

test('every SSC play has a reference model', () => {
  expect(playsOf('SSC').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
});

describe.each(playsOf('SSC').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of a ticket = winning draws / 10^5 (full enumeration), the same for every ticket tried', () => {
    const random = mulberry32(play.id);
    const tickets = sampleTickets(play, model, random, 4);
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticketProbability(model, ticket, allDraws()).toString()).toBe(rationalOf(play.probability).toString());
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 5)).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 5, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('hand-worked SSC examples', () => {
  const play = (code: string) => playsOf('SSC').find((p) => p.code === code)!;
  const win = (code: string, rows: number[][], draw: Draw) => {
    const p = play(code);
    return { tickets: p.ticketsOf(picksOf(rows)), wins: winCount(p, picksOf(rows), draw) };
  };

  test('5-star direct: draw 1 2 3 4 5, picks 1|2|3|4|5,6 → 1 winning ticket of 2', () => {
    expect(win('SSC_5STAR_DIRECT', [[1], [2], [3], [4], [5, 6]], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_5STAR_DIRECT', [[1], [2], [3], [4], [6]], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 1, wins: 0 });
  });

  test('back-3 sum: draw …3 4 5 (sum 12), sums 12,13 → 73 + 75 = 148 tickets, 1 wins', () => {
    expect(SSC_SUM3_COUNTS).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75, 73, 69, 63, 55, 45, 36, 28, 21, 15, 10, 6, 3, 1]);
    expect(win('SSC_BACK3_DIRECT_SUM', [[12, 13]], ssc(0, 0, 3, 4, 5))).toEqual({ tickets: 148, wins: 1 });
    expect(win('SSC_BACK3_DIRECT_SUM', [[0, 27]], ssc(0, 0, 3, 4, 5))).toEqual({ tickets: 2, wins: 0 });
  });

  test('group 3: picks 3,5,7 = 6 tickets; draw …3 5 3 wins once (33-5), …3 4 5 and …3 3 3 never', () => {
    expect(win('SSC_BACK3_GROUP3', [[3, 5, 7]], ssc(9, 9, 3, 5, 3))).toEqual({ tickets: 6, wins: 1 });
    expect(win('SSC_BACK3_GROUP3', [[3, 5, 7]], ssc(9, 9, 5, 5, 3))).toEqual({ tickets: 6, wins: 1 });
    expect(win('SSC_BACK3_GROUP3', [[3, 5, 7]], ssc(9, 9, 3, 7, 5))).toEqual({ tickets: 6, wins: 0 });
    expect(win('SSC_BACK3_GROUP3', [[3, 5, 7]], ssc(9, 9, 3, 3, 3))).toEqual({ tickets: 6, wins: 0 });
    expect(win('SSC_BACK3_GROUP3', [[3]], ssc(9, 9, 3, 3, 3))).toEqual({ tickets: 0, wins: 0 });
  });

  test('group 6: picks 3,4,5,6 = 4 tickets; draw …5 3 4 wins 1, …3 3 4 none', () => {
    expect(win('SSC_BACK3_GROUP6', [[3, 4, 5, 6]], ssc(0, 0, 5, 3, 4))).toEqual({ tickets: 4, wins: 1 });
    expect(win('SSC_BACK3_GROUP6', [[3, 4, 5, 6]], ssc(0, 0, 3, 3, 4))).toEqual({ tickets: 4, wins: 0 });
  });

  test('2-star group: picks 1,2,3 = 3 tickets; draw …2 1 wins 1, a pair …2 2 none', () => {
    expect(win('SSC_BACK2_GROUP', [[1, 2, 3]], ssc(0, 0, 0, 2, 1))).toEqual({ tickets: 3, wins: 1 });
    expect(win('SSC_BACK2_GROUP', [[1, 2, 3]], ssc(0, 0, 0, 2, 2))).toEqual({ tickets: 3, wins: 0 });
  });

  test('fixed position: 万 1,2 and 个 5 = 3 tickets; draw 1 2 3 4 5 wins 2', () => {
    expect(win('SSC_POSITION', [[1, 2], [], [], [], [5]], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 3, wins: 2 });
    expect(win('SSC_POSITION', [[], [], [], [], []], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 0, wins: 0 });
  });

  test('一帆风顺: draw 1 1 2 3 4, picks 1,2,9 → 2 wins of 3 (a digit seen twice pays once)', () => {
    expect(win('SSC_5STAR_ANY1', [[1, 2, 9]], ssc(1, 1, 2, 3, 4))).toEqual({ tickets: 3, wins: 2 });
  });

  test('back-3 two-code any-position: draw …3 3 5, picks 3,5,6 → 1 win of 3', () => {
    expect(win('SSC_BACK3_ANY2', [[3, 5, 6]], ssc(0, 0, 3, 3, 5))).toEqual({ tickets: 3, wins: 1 });
  });

  test('back-2 大小单双: draw …4 7; 十 大,小,单 × 个 大,单 = 6 tickets, 1 × 2 = 2 win', () => {
    expect(win('SSC_BACK2_BSOE', [[0, 1, 2], [0, 2]], ssc(0, 0, 0, 4, 7))).toEqual({ tickets: 6, wins: 2 });
  });

  test('total 大小单双: 1 2 3 4 5 sums to 15 → 小 and 单 win; 9 9 5 0 0 sums to 23 → 大', () => {
    expect(win('SSC_TOTAL_BSOE', [[0, 1, 2, 3]], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 4, wins: 2 });
    expect(win('SSC_TOTAL_BSOE', [[0]], ssc(9, 9, 5, 0, 0))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_TOTAL_BSOE', [[0]], ssc(9, 9, 4, 0, 0))).toEqual({ tickets: 1, wins: 0 });
  });

  test('龙虎: 万 7 > 个 2 is 龙; a tie 5 … 5 loses 龙 and 虎 and wins the tie play', () => {
    expect(win('SSC_DRAGON_TIGER', [[0, 1]], ssc(7, 0, 0, 0, 2))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_DRAGON_TIGER', [[0, 1]], ssc(5, 0, 0, 0, 5))).toEqual({ tickets: 2, wins: 0 });
    expect(win('SSC_DRAGON_TIGER_TIE', [[0]], ssc(5, 0, 0, 0, 5))).toEqual({ tickets: 1, wins: 1 });
  });
});
