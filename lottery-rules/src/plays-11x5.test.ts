// 11X5 plays against their reference models: exact P over all 55 440 ordered draws, ticket counts
// against the expansion, and the settlement rule against the brute force.
import {
  arrangements,
  cartesian,
  combinations,
  compareTicketCounts,
  compareWinCounts,
  invalidPicks,
  mulberry32,
  picksOf,
  randomDraw,
  randomSubset,
  rationalOf,
  sampleTickets,
  ticketProbability,
  type DrawEnumeration,
  type Rows,
  type TicketModel,
} from './harness.testing';
import { playsOf, winCount, type Draw } from '.';

const NUMBERS = Array.from({ length: 11 }, (_, index) => index + 1);
const distinct = (ticket: readonly number[]) => new Set(ticket).size === ticket.length;
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value) => b.includes(value));

const MODELS: Record<string, TicketModel> = {
  ...Object.fromEntries(
    [1, 2, 3, 4, 5].map((n) => [`11X5_ANY${n}`, { tickets: combos(n), hits: (ticket, d) => (ticket.every((x) => d.includes(x)) ? 1 : 0) } satisfies TicketModel]),
  ),
  ...Object.fromEntries(
    [6, 7, 8].map((n) => [`11X5_ANY${n}_5`, { tickets: combos(n), hits: (ticket, d) => (d.every((x) => ticket.includes(x)) ? 1 : 0) } satisfies TicketModel]),
  ),
  '11X5_FRONT3_DIRECT': { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t[0] === d[0] && t[1] === d[1] && t[2] === d[2] ? 1 : 0) },
  '11X5_FRONT2_DIRECT': { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t[0] === d[0] && t[1] === d[1] ? 1 : 0) },
  '11X5_FRONT2_GROUP': { tickets: combos(2), hits: (t, d) => (sameSet(t, d.slice(0, 2)) ? 1 : 0) },
  '11X5_FRONT3_GROUP': { tickets: combos(3), hits: (t, d) => (sameSet(t, d.slice(0, 3)) ? 1 : 0) },
  '11X5_POSITION': {
    tickets: (rows) => rows.flatMap((row, position) => row.map((n) => [position, n])),
    hits: ([position, n], d) => (d[position] === n ? 1 : 0),
  },
  '11X5_FRONT3_ANY1': { tickets: combos(1), hits: ([n], d) => (d.slice(0, 3).includes(n) ? 1 : 0) },
};

const ORDERED = arrangements(NUMBERS, 5);
const allDraws = (): DrawEnumeration => ORDERED.map((d) => [d, 1] as const);

const x5 = (...numbers: number[]): Draw => ({ kind: '11X5', numbers });

/** Random draws; every other one is drawn from the bet's own numbers first (to reach the supersets' wins). */
const drawFor = (random: () => number) => (rows: Rows) => {
  if (random() < 0.5) return randomDraw('11X5', random);
  const own = [...new Set(rows.flat())];
  const rest = NUMBERS.filter((n) => !own.includes(n));
  return x5(...[...randomSubset(random, own, own.length), ...randomSubset(random, rest, rest.length)].slice(0, 5));
};

test('every 11X5 play has a reference model; the enumeration holds 55 440 ordered draws', () => {
  expect(playsOf('11X5').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  expect(ORDERED).toHaveLength(55440);
});

test('P as in LOTTERY.md §3: 任选一…八 5/11, 10/55, 10/165, 5/330, 1/462, 6/462, 21/462, 56/462', () => {
  const expected = ['5/11', '2/11', '2/33', '1/66', '1/462', '1/77', '1/22', '4/33'];
  expect(playsOf('11X5').slice(0, 8).map((play) => `${play.probability.num}/${play.probability.den}`)).toEqual(expected);
});

describe.each(playsOf('11X5').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of a ticket = winning ordered draws / 55 440 (full enumeration), the same for every ticket tried', () => {
    const tickets = sampleTickets(play, model, mulberry32(play.id), 3);
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) expect(ticketProbability(model, ticket, allDraws()).toString()).toBe(rationalOf(play.probability).toString());
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 11)).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 6, maxPerRow: 11, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('hand-worked 11X5 examples (draw 03 07 01 11 05)', () => {
  const draw = x5(3, 7, 1, 11, 5);
  const win = (code: string, rows: number[][]) => {
    const play = playsOf('11X5').find((p) => p.code === code)!;
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), draw) };
  };

  test('任选二 1,3,4 → 3 tickets, {1,3} wins', () => expect(win('11X5_ANY2', [[1, 3, 4]])).toEqual({ tickets: 3, wins: 1 }));
  test('任选五 1,3,5,7,11 → 1 of 1', () => expect(win('11X5_ANY5', [[1, 3, 5, 7, 11]])).toEqual({ tickets: 1, wins: 1 }));
  test('任选六 1,2,3,5,7,11 → 1 of 1; 1,2,3,4,5,6 → 0', () => {
    expect(win('11X5_ANY6_5', [[1, 2, 3, 5, 7, 11]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('11X5_ANY6_5', [[1, 2, 3, 4, 5, 6]])).toEqual({ tickets: 1, wins: 0 });
  });
  test('任选八 with 9 picks holding all 5 drawn → C(9,8) = 9 tickets, C(4,3) = 4 win', () => {
    expect(win('11X5_ANY8_5', [[1, 2, 3, 4, 5, 6, 7, 8, 11]])).toEqual({ tickets: 9, wins: 4 });
  });
  test('前三直选 3 | 7,8 | 1,3 → 2 tickets (3-7-3 and 3-8-3 repeat 3: not tickets), 3-7-1 wins; 3 | 3 | 3 is no bet', () => {
    expect(win('11X5_FRONT3_DIRECT', [[3], [7, 8], [1, 3]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('11X5_FRONT3_DIRECT', [[3], [3], [3]])).toEqual({ tickets: 0, wins: 0 });
  });
  test('前二组选 7,3,9 → 3 tickets, {3,7} wins', () => expect(win('11X5_FRONT2_GROUP', [[3, 7, 9]])).toEqual({ tickets: 3, wins: 1 }));
  test('定位胆 first 3,4 and third 1 → 3 tickets, 2 win', () => expect(win('11X5_POSITION', [[3, 4], [], [1]])).toEqual({ tickets: 3, wins: 2 }));
  test('前三一码不定位 1,5,11 → 3 tickets, 1 wins (5 and 11 are drawn 4th/5th)', () => expect(win('11X5_FRONT3_ANY1', [[1, 5, 11]])).toEqual({ tickets: 3, wins: 1 }));
});
