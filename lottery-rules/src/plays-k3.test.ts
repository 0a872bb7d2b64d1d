// K3 plays against their reference models: exact P of every ticket over all 216 ordered throws,
// ticket counts against the expansion, and the settlement rule against the brute force (random
// picks × random throws, and random picks × every throw).
import {
  bruteWinCount,
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
  ticketProbability,
  type DrawEnumeration,
  type Rows,
  type TicketModel,
} from './harness.testing';
import { K3_SUM_COUNTS } from './plays-k3';
import { playsOf, winCount, type Draw } from '.';

const DICE = [1, 2, 3, 4, 5, 6];
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const total = (d: readonly number[]) => d.reduce((a, b) => a + b, 0);
const shows = (d: readonly number[], value: number) => d.filter((die) => die === value).length;
const triple = (d: readonly number[]) => shows(d, d[0]) === 3;
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const STRAIGHTS = [
  [1, 2, 3],
  [2, 3, 4],
  [3, 4, 5],
  [4, 5, 6],
];

/** 大 0 (sum 11-18), 小 1 (3-10), 单 2, 双 3 of a throw; a triple has none of them (通杀). */
const hasAttribute = (d: readonly number[], attribute: number) =>
  !triple(d) && [total(d) >= 11, total(d) <= 10, total(d) % 2 === 1, total(d) % 2 === 0][attribute];

const MODELS: Record<string, TicketModel> = {
  // Every ordered throw whose sum is picked; it wins when it is the throw.
  K3_SUM: { tickets: (rows) => cartesian([DICE, DICE, DICE]).filter((t) => rows[0].includes(total(t))), hits: (ticket, d) => (same(ticket, d) ? 1 : 0) },
  K3_SUM_BSOE: { tickets: cartesian, hits: ([attribute], d) => (hasAttribute(d, attribute) ? 1 : 0) },
  K3_TRIPLE_SINGLE: { tickets: combos(1), hits: ([v], d) => (shows(d, v) === 3 ? 1 : 0) },
  K3_TRIPLE_ANY: { tickets: cartesian, hits: (_ticket, d) => (triple(d) ? 1 : 0) },
  // Ticket [a, b] = the throw a a b in any order, a ≠ b.
  K3_PAIR_SINGLE: { tickets: (rows) => cartesian(rows).filter(([a, b]) => a !== b), hits: ([a, b], d) => (same(sorted([a, a, b]), sorted(d)) ? 1 : 0) },
  K3_PAIR_MULTI: { tickets: combos(1), hits: ([v], d) => (shows(d, v) >= 2 ? 1 : 0) },
  K3_THREE_DIFF: { tickets: combos(3), hits: (ticket, d) => (same(ticket, sorted(d)) ? 1 : 0) },
  K3_TWO_DIFF: { tickets: combos(2), hits: (ticket, d) => (ticket.every((v) => d.includes(v)) ? 1 : 0) },
  K3_STRAIGHT_ANY: { tickets: cartesian, hits: (_ticket, d) => (STRAIGHTS.some((straight) => same(straight, sorted(d))) ? 1 : 0) },
  K3_ANY1: { tickets: combos(1), hits: ([v], d) => (d.includes(v) ? 1 : 0) },
};

/** P of each play counted by hand (see plays-k3.ts). */
const HAND_P: Record<string, string> = {
  K3_SUM: '1/216',
  K3_SUM_BSOE: '35/72',
  K3_TRIPLE_SINGLE: '1/216',
  K3_TRIPLE_ANY: '1/36',
  K3_PAIR_SINGLE: '1/72',
  K3_PAIR_MULTI: '2/27',
  K3_THREE_DIFF: '1/36',
  K3_TWO_DIFF: '5/36',
  K3_STRAIGHT_ANY: '1/9',
  K3_ANY1: '91/216',
};

/** Tickets of the fullest bet (every value of every row). */
const FULL_TICKETS: Record<string, number> = {
  K3_SUM: 216,
  K3_SUM_BSOE: 4,
  K3_TRIPLE_SINGLE: 6,
  K3_TRIPLE_ANY: 1,
  K3_PAIR_SINGLE: 30,
  K3_PAIR_MULTI: 6,
  K3_THREE_DIFF: 20,
  K3_TWO_DIFF: 15,
  K3_STRAIGHT_ANY: 1,
  K3_ANY1: 6,
};

const THROWS = cartesian([DICE, DICE, DICE]);
/** All 216 ordered throws, each weight 1. */
const allDraws = (): DrawEnumeration => THROWS.map((d) => [d, 1] as const);

const k3 = (...numbers: number[]): Draw => ({ kind: 'K3', numbers });

/** Random throws; every other one from two neighbouring values (many pairs and triples). */
const drawFor = (random: () => number) => () => {
  if (random() < 0.5) return randomDraw('K3', random);
  const low = 1 + randomInt(random, 5);
  return k3(...Array.from({ length: 3 }, () => low + randomInt(random, 2)));
};

test('every K3 play has a reference model; the enumeration holds the 216 ordered throws', () => {
  expect(playsOf('K3').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  expect(playsOf('K3').map((play) => play.id)).toEqual([6001, 6002, 6003, 6004, 6005, 6006, 6007, 6008, 6009, 6010]);
  expect(new Set(THROWS.map((d) => d.join())).size).toBe(216);
  expect(K3_SUM_COUNTS).toEqual([0, 0, 0, 1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1]);
  expect(total(K3_SUM_COUNTS)).toBe(216);
  for (const play of playsOf('K3')) expect(play.unitStakeMinor).toBe(200);
});

describe.each(playsOf('K3').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];
  const full = play.rows.map((row) => row.values.slice(0, row.max));

  test('P of EVERY ticket = winning throws / 216 (full enumeration) = the hand-counted P', () => {
    expect(rationalOf(play.probability).toString()).toBe(HAND_P[code]);
    const tickets = model.tickets(full);
    expect(tickets).toHaveLength(FULL_TICKETS[code]);
    for (const ticket of tickets) expect({ ticket, p: ticketProbability(model, ticket, allDraws()).toString() }).toEqual({ ticket, p: HAND_P[code] });
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 16)).toEqual([]);
    expect(play.ticketsOf(picksOf(full))).toBe(FULL_TICKETS[code]);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × random throws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 16, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });

  test('winCount = brute force on every one of the 216 throws, random picks', () => {
    const random = mulberry32(play.id + 3);
    const mismatches: { rows: number[][]; draw: readonly number[]; rule: number; brute: number }[] = [];
    for (let bet = 0; bet < 25; bet += 1) {
      const rows = bet === 0 ? full : randomRows(play, random, 16);
      if (play.ticketsOf(picksOf(rows)) === 0) continue;
      for (const d of THROWS) {
        const rule = winCount(play, picksOf(rows), k3(...d));
        const brute = bruteWinCount(model, rows, d);
        if (rule !== brute && mismatches.length < 5) mismatches.push({ rows, draw: d, rule, brute });
      }
    }
    expect(mismatches).toEqual([]);
  });
});

test('K3 picks that are no bet', () => {
  const tickets = (code: string, rows: number[][]) => playsOf('K3').find((p) => p.code === code)!.ticketsOf(picksOf(rows));
  expect(tickets('K3_SUM', [[2]])).toBe(0); // no sum below 3
  expect(tickets('K3_SUM', [[19]])).toBe(0);
  expect(tickets('K3_TRIPLE_SINGLE', [[0]])).toBe(0);
  expect(tickets('K3_TRIPLE_SINGLE', [[7]])).toBe(0);
  expect(tickets('K3_PAIR_SINGLE', [[3], [3]])).toBe(0); // (3, 3) is no ticket
  expect(tickets('K3_PAIR_SINGLE', [[3], []])).toBe(0);
  expect(tickets('K3_PAIR_SINGLE', [[3, 4], [3]])).toBe(1); // only (4, 3)
  expect(tickets('K3_THREE_DIFF', [[1, 2]])).toBe(0);
  expect(tickets('K3_TWO_DIFF', [[1]])).toBe(0);
  expect(tickets('K3_TRIPLE_ANY', [[1]])).toBe(0);
  expect(tickets('K3_STRAIGHT_ANY', [[]])).toBe(0);
  expect(tickets('K3_ANY1', [[]])).toBe(0);
});

const win = (code: string, rows: number[][], draw: Draw) => {
  const play = playsOf('K3').find((p) => p.code === code)!;
  return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), draw) };
};

describe('hand-worked K3 examples (throw 2 4 3: sum 9, 小 单, three different dice, the straight 2 3 4)', () => {
  const draw = k3(2, 4, 3);

  test('和值 9, 10 → 25 + 27 = 52 tickets, 1 wins (2-4-3 itself); 3, 18 → 2 tickets, none', () => {
    expect(win('K3_SUM', [[9, 10]], draw)).toEqual({ tickets: 52, wins: 1 });
    expect(win('K3_SUM', [[3, 18]], draw)).toEqual({ tickets: 2, wins: 0 });
  });
  test('和值大小单双: 9 is 小 and 单', () => expect(win('K3_SUM_BSOE', [[0, 1, 2, 3]], draw)).toEqual({ tickets: 4, wins: 2 }));
  test('三同号: no triple', () => {
    expect(win('K3_TRIPLE_SINGLE', [[1, 2, 3, 4, 5, 6]], draw)).toEqual({ tickets: 6, wins: 0 });
    expect(win('K3_TRIPLE_ANY', [[0]], draw)).toEqual({ tickets: 1, wins: 0 });
  });
  test('二同号: no pair', () => {
    expect(win('K3_PAIR_SINGLE', [[2, 4], [3]], draw)).toEqual({ tickets: 2, wins: 0 });
    expect(win('K3_PAIR_MULTI', [[2, 3, 4]], draw)).toEqual({ tickets: 3, wins: 0 });
  });
  test('三不同号 2,3,4,5 → C(4,3) = 4 tickets, {2,3,4} wins; all six → 20 tickets, 1 wins', () => {
    expect(win('K3_THREE_DIFF', [[2, 3, 4, 5]], draw)).toEqual({ tickets: 4, wins: 1 });
    expect(win('K3_THREE_DIFF', [DICE], draw)).toEqual({ tickets: 20, wins: 1 });
  });
  test('二不同号 2,3,4,6 → C(4,2) = 6 tickets, {2,3} {2,4} {3,4} win', () => expect(win('K3_TWO_DIFF', [[2, 3, 4, 6]], draw)).toEqual({ tickets: 6, wins: 3 }));
  test('三连号通选: 2 3 4 in any order', () => expect(win('K3_STRAIGHT_ANY', [[0]], draw)).toEqual({ tickets: 1, wins: 1 }));
  test('单挑一骰 1,2,3 → 3 tickets, 2 and 3 win', () => expect(win('K3_ANY1', [[1, 2, 3]], draw)).toEqual({ tickets: 3, wins: 2 }));
});

describe('hand-worked K3 examples on a pair and a triple', () => {
  test('throw 5 2 5 (sum 12, 大 双; pair 5, single 2)', () => {
    const draw = k3(5, 2, 5);
    expect(win('K3_SUM', [[12]], draw)).toEqual({ tickets: 25, wins: 1 });
    expect(win('K3_SUM_BSOE', [[0, 1, 2, 3]], draw)).toEqual({ tickets: 4, wins: 2 });
    expect(win('K3_SUM_BSOE', [[1, 2]], draw)).toEqual({ tickets: 2, wins: 0 });
    // (5, 2) and (2, 5): the pair is 5, so only (5, 2) wins.
    expect(win('K3_PAIR_SINGLE', [[2, 5], [2, 5]], draw)).toEqual({ tickets: 2, wins: 1 });
    expect(win('K3_PAIR_SINGLE', [[2], [5]], draw)).toEqual({ tickets: 1, wins: 0 });
    expect(win('K3_PAIR_MULTI', [[2, 5]], draw)).toEqual({ tickets: 2, wins: 1 });
    expect(win('K3_THREE_DIFF', [[2, 5, 6]], draw)).toEqual({ tickets: 1, wins: 0 });
    expect(win('K3_TWO_DIFF', [[2, 5, 6]], draw)).toEqual({ tickets: 3, wins: 1 });
    // 5 on two dice pays once.
    expect(win('K3_ANY1', [[5]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win('K3_TRIPLE_SINGLE', [[5]], draw)).toEqual({ tickets: 1, wins: 0 });
  });

  test('throw 6 6 6 (sum 18): a triple kills 大小单双 (通杀) and wins 二同号复选', () => {
    const draw = k3(6, 6, 6);
    expect(win('K3_SUM', [[18]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win('K3_SUM_BSOE', [[0, 1, 2, 3]], draw)).toEqual({ tickets: 4, wins: 0 });
    expect(win('K3_TRIPLE_SINGLE', [DICE], draw)).toEqual({ tickets: 6, wins: 1 });
    expect(win('K3_TRIPLE_ANY', [[0]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win('K3_PAIR_MULTI', [[6]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win('K3_PAIR_SINGLE', [[6], [1, 2, 3, 4, 5]], draw)).toEqual({ tickets: 5, wins: 0 });
    expect(win('K3_TWO_DIFF', [[5, 6]], draw)).toEqual({ tickets: 1, wins: 0 });
    expect(win('K3_ANY1', [[6]], draw)).toEqual({ tickets: 1, wins: 1 });
  });

  test('throw 5 6 1 is no straight (no wrapping); 6 4 5 is', () => {
    expect(win('K3_STRAIGHT_ANY', [[0]], k3(5, 6, 1))).toEqual({ tickets: 1, wins: 0 });
    expect(win('K3_STRAIGHT_ANY', [[0]], k3(6, 4, 5))).toEqual({ tickets: 1, wins: 1 });
  });
});
