// PK10 plays against their reference models. P: every ordered arrangement of the cars on the
// ranks a ticket reads (the other ranks are filled in a fixed order: each arrangement of the read
// ranks is equally likely, with (10 − r)! completions each), so the enumeration is exact. The
// models of the sums and of their 大小单双 read the two cars, not the plays' tables.
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
  rationalOf,
  sampleTickets,
  ticketProbability,
  type DrawEnumeration,
  type Ticket,
  type TicketModel,
} from './harness.testing';
import { Rational } from '@platform/inhouse-games';
import { playsOf, winCount, type Draw } from '.';

const CARS = Array.from({ length: 10 }, (_, index) => index + 1);
const distinct = (ticket: readonly number[]) => new Set(ticket).size === ticket.length;
const hasAttribute = (car: number, attribute: number) => [car >= 6, car <= 5, car % 2 === 1, car % 2 === 0][attribute];

const sumAttribute = (sum: number, attribute: number) => [sum > 11, sum <= 11, sum % 2 === 1, sum % 2 === 0][attribute];
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value) => b.includes(value));

/** The 冠亚和 plays by their sums. */
const SUM_PLAYS: Record<string, number[]> = {
  PK10_TOP2_SUM_3_4_18_19: [3, 4, 18, 19],
  PK10_TOP2_SUM_5_6_16_17: [5, 6, 16, 17],
  PK10_TOP2_SUM_7_8_14_15: [7, 8, 14, 15],
  PK10_TOP2_SUM_9_10_12_13: [9, 10, 12, 13],
  PK10_TOP2_SUM_11: [11],
};
/** 龙虎 plays by their ranks (1-based). */
const DRAGON_TIGER_RANKS: Record<string, [number, number]> = {
  PK10_DRAGON_TIGER_1V10: [1, 10],
  PK10_DRAGON_TIGER_2V9: [2, 9],
  PK10_DRAGON_TIGER_3V8: [3, 8],
  PK10_DRAGON_TIGER_4V7: [4, 7],
  PK10_DRAGON_TIGER_5V6: [5, 6],
};
const DIRECT: TicketModel = { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t.every((car, rank) => d[rank] === car) ? 1 : 0) };
/** Rows of up to 6 cars keep the 4- and 5-rank expansions small (6^5 tuples at most). */
const maxPerRowOf = (code: string) => (code === 'PK10_TOP4_DIRECT' || code === 'PK10_TOP5_DIRECT' ? 6 : 10);

const MODELS: Record<string, TicketModel> = {
  PK10_CHAMPION: { tickets: cartesian, hits: ([car], d) => (d[0] === car ? 1 : 0) },
  PK10_TOP2_DIRECT: { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t[0] === d[0] && t[1] === d[1] ? 1 : 0) },
  PK10_TOP3_DIRECT: { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t.every((car, rank) => d[rank] === car) ? 1 : 0) },
  PK10_POSITION: { tickets: (rows) => rows.flatMap((row, rank) => row.map((car) => [rank, car])), hits: ([rank, car], d) => (d[rank] === car ? 1 : 0) },
  PK10_CHAMPION_BSOE: { tickets: cartesian, hits: ([attribute], d) => (hasAttribute(d[0], attribute) ? 1 : 0) },
  ...Object.fromEntries(
    Object.entries(DRAGON_TIGER_RANKS).map(([code, [a, b]]) => [
      code,
      { tickets: cartesian, hits: ([side], d) => ((side === 0 ? d[a - 1] > d[b - 1] : d[a - 1] < d[b - 1]) ? 1 : 0) } satisfies TicketModel,
    ]),
  ),
  PK10_TOP2_GROUP: { tickets: (rows) => combinations(rows[0], 2), hits: (t, d) => (sameSet(t, d.slice(0, 2)) ? 1 : 0) },
  PK10_TOP4_DIRECT: DIRECT,
  PK10_TOP5_DIRECT: DIRECT,
  ...Object.fromEntries(Object.keys(SUM_PLAYS).map((code) => [code, { tickets: cartesian, hits: ([sum], d) => (d[0] + d[1] === sum ? 1 : 0) } satisfies TicketModel])),
  PK10_TOP2_SUM_BIG_EVEN: { tickets: cartesian, hits: ([attribute], d) => (sumAttribute(d[0] + d[1], attribute) ? 1 : 0) },
  PK10_TOP2_SUM_SMALL_ODD: { tickets: cartesian, hits: ([attribute], d) => (sumAttribute(d[0] + d[1], attribute) ? 1 : 0) },
  PK10_RANK_BSOE: {
    tickets: (rows) => rows.flatMap((row, rank) => row.map((attribute) => [rank, attribute])),
    hits: ([rank, attribute], d) => (hasAttribute(d[rank], attribute) ? 1 : 0),
  },
};

/** The ranks (0-based) a ticket of the play reads. */
const readRanks = (code: string, ticket: Ticket): number[] => {
  if (code === 'PK10_POSITION' || code === 'PK10_RANK_BSOE') return [ticket[0]];
  if (code in DRAGON_TIGER_RANKS) return DRAGON_TIGER_RANKS[code].map((rank) => rank - 1);
  if (code === 'PK10_TOP4_DIRECT') return [0, 1, 2, 3];
  if (code === 'PK10_TOP5_DIRECT') return [0, 1, 2, 3, 4];
  return [0, 1, 2];
};

/** Every arrangement of cars on the given ranks, the other ranks filled ascending; weight 1 each. */
function* arrangementsOn(ranks: readonly number[]): DrawEnumeration {
  for (const placed of arrangements(CARS, ranks.length)) {
    const rest = CARS.filter((car) => !placed.includes(car));
    const draw = new Array<number>(10);
    ranks.forEach((rank, index) => (draw[rank] = placed[index]));
    for (let rank = 0; rank < 10; rank += 1) if (draw[rank] === undefined) draw[rank] = rest.shift() as number;
    yield [draw, 1];
  }
}

test('every PK10 play has a reference model', () => {
  expect(playsOf('PK10').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
});

const pOf = (code: string) => {
  const { num, den } = playsOf('PK10').find((play) => play.code === code)!.probability;
  return `${num}/${den}`;
};

test('P of the direct and group plays: 冠亚组选 2/90, 前四 1/(10·9·8·7), 前五 1/(10·9·8·7·6)', () => {
  expect(['PK10_TOP2_GROUP', 'PK10_TOP4_DIRECT', 'PK10_TOP5_DIRECT'].map(pOf)).toEqual(['1/45', '1/5040', '1/30240']);
});

test('冠亚和: ordered pairs per sum 3…19 from the 90, each sum in exactly one play, the plays priced by their sums', () => {
  const pairs = arrangements(CARS, 2);
  const perSum = (sum: number) => pairs.filter(([a, b]) => a + b === sum).length;
  expect(Array.from({ length: 17 }, (_, index) => perSum(index + 3))).toEqual([2, 2, 4, 4, 6, 6, 8, 8, 10, 8, 8, 6, 6, 4, 4, 2, 2]);
  expect(Object.values(SUM_PLAYS).flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 17 }, (_, index) => index + 3));
  for (const [code, sums] of Object.entries(SUM_PLAYS)) {
    for (const sum of sums) expect({ code, sum, p: pOf(code) }).toEqual({ code, sum, p: Rational.of(perSum(sum), 90).toString() });
  }
  expect(Object.keys(SUM_PLAYS).map(pOf)).toEqual(['1/45', '2/45', '1/15', '4/45', '1/9']);
});

test('冠亚和大小单双: 大 (12-19) and 双 40 of 90 pairs, 小 (3-11) and 单 50: not 1/2, two plays', () => {
  const pairs = arrangements(CARS, 2);
  const count = (attribute: number) => pairs.filter(([a, b]) => sumAttribute(a + b, attribute)).length;
  expect([0, 1, 2, 3].map(count)).toEqual([40, 50, 50, 40]);
  expect(['PK10_TOP2_SUM_BIG_EVEN', 'PK10_TOP2_SUM_SMALL_ODD'].map(pOf)).toEqual(['4/9', '5/9']);
  const rowOf = (code: string) => playsOf('PK10').find((play) => play.code === code)!.rows[0];
  expect(rowOf('PK10_TOP2_SUM_BIG_EVEN')).toMatchObject({ values: [0, 3], valueKeys: ['attr_big', 'attr_even'] });
  expect(rowOf('PK10_TOP2_SUM_SMALL_ODD')).toMatchObject({ values: [1, 2], valueKeys: ['attr_small', 'attr_odd'] });
});

describe.each(playsOf('PK10').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of a ticket = exact enumeration of the ranks it reads, the same for every ticket tried', () => {
    const tickets = sampleTickets(play, model, mulberry32(play.id), 4);
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) {
      expect(ticketProbability(model, ticket, arrangementsOn(readRanks(code, ticket))).toString()).toBe(rationalOf(play.probability).toString());
    }
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, maxPerRowOf(code))).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: maxPerRowOf(code), draw: () => randomDraw('PK10', random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('hand-worked PK10 examples (draw 03 07 01 10 05 02 04 06 09 08)', () => {
  const draw: Draw = { kind: 'PK10', numbers: [3, 7, 1, 10, 5, 2, 4, 6, 9, 8] };
  const win = (code: string, rows: number[][]) => {
    const play = playsOf('PK10').find((p) => p.code === code)!;
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), draw) };
  };

  test('冠亚直选 3,7 | 3,7 → 2 tickets (3-3, 7-7 are no tickets), 3-7 wins', () => expect(win('PK10_TOP2_DIRECT', [[3, 7], [3, 7]])).toEqual({ tickets: 2, wins: 1 }));
  test('前三直选 3 | 7 | 1,2 → 2 tickets, 1 wins', () => expect(win('PK10_TOP3_DIRECT', [[3], [7], [1, 2]])).toEqual({ tickets: 2, wins: 1 }));
  test('定位胆 rank 1: 3 and rank 10: 8, 9 → 3 tickets, 2 win', () => {
    const rows = CARS.map((): number[] => []);
    rows[0] = [3];
    rows[9] = [8, 9];
    expect(win('PK10_POSITION', rows)).toEqual({ tickets: 3, wins: 2 });
  });
  test('冠军大小单双: car 3 is 小 and 单', () => expect(win('PK10_CHAMPION_BSOE', [[0, 1, 2, 3]])).toEqual({ tickets: 4, wins: 2 }));
  test('龙虎 1v10: 3 < 8 → 虎', () => {
    expect(win('PK10_DRAGON_TIGER_1V10', [[1]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('PK10_DRAGON_TIGER_1V10', [[0]])).toEqual({ tickets: 1, wins: 0 });
  });
  test('龙虎 2v9 7 < 9 虎, 3v8 1 < 6 虎, 4v7 10 > 4 龙, 5v6 5 > 2 龙', () => {
    expect(['PK10_DRAGON_TIGER_2V9', 'PK10_DRAGON_TIGER_3V8', 'PK10_DRAGON_TIGER_4V7', 'PK10_DRAGON_TIGER_5V6'].map((code) => win(code, [[0]]).wins)).toEqual([0, 0, 1, 1]);
  });
  test('冠亚组选 3,7,8 → 3 tickets, {3,7} wins; 前四直选 3 | 7 | 1 | 2,10 → 2 tickets, 1 wins', () => {
    expect(win('PK10_TOP2_GROUP', [[3, 7, 8]])).toEqual({ tickets: 3, wins: 1 });
    expect(win('PK10_TOP4_DIRECT', [[3], [7], [1], [2, 10]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PK10_TOP5_DIRECT', [[3], [7], [1], [10], [2, 5]])).toEqual({ tickets: 2, wins: 1 });
  });
  test('冠亚和 3 + 7 = 10: 小 and 双', () => {
    expect(win('PK10_TOP2_SUM_9_10_12_13', [[10, 12]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PK10_TOP2_SUM_11', [[11]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('PK10_TOP2_SUM_BIG_EVEN', [[0, 3]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PK10_TOP2_SUM_SMALL_ODD', [[1, 2]])).toEqual({ tickets: 2, wins: 1 });
  });
  test('大小单双 of ranks: rank 4 car 10 is 大 双, rank 5 car 5 小 单 → 2 of 4 and 1 of 2', () => {
    const rows = CARS.map((): number[] => []);
    rows[3] = [0, 1, 2, 3];
    rows[4] = [1, 3];
    expect(win('PK10_RANK_BSOE', rows)).toEqual({ tickets: 6, wins: 3 });
  });
});
