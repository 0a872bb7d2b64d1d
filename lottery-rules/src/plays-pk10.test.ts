// PK10 plays against their reference models. P: every ordered arrangement of the cars on the
// ranks a ticket reads (the other ranks are filled in a fixed order: each arrangement of the read
// ranks is equally likely, with (10 − r)! completions each), so the enumeration is exact.
import {
  arrangements,
  cartesian,
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
import { playsOf, winCount, type Draw } from '.';

const CARS = Array.from({ length: 10 }, (_, index) => index + 1);
const distinct = (ticket: readonly number[]) => new Set(ticket).size === ticket.length;
const hasAttribute = (car: number, attribute: number) => [car >= 6, car <= 5, car % 2 === 1, car % 2 === 0][attribute];

const MODELS: Record<string, TicketModel> = {
  PK10_CHAMPION: { tickets: cartesian, hits: ([car], d) => (d[0] === car ? 1 : 0) },
  PK10_TOP2_DIRECT: { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t[0] === d[0] && t[1] === d[1] ? 1 : 0) },
  PK10_TOP3_DIRECT: { tickets: (rows) => cartesian(rows).filter(distinct), hits: (t, d) => (t.every((car, rank) => d[rank] === car) ? 1 : 0) },
  PK10_POSITION: { tickets: (rows) => rows.flatMap((row, rank) => row.map((car) => [rank, car])), hits: ([rank, car], d) => (d[rank] === car ? 1 : 0) },
  PK10_CHAMPION_BSOE: { tickets: cartesian, hits: ([attribute], d) => (hasAttribute(d[0], attribute) ? 1 : 0) },
  PK10_DRAGON_TIGER_1V10: { tickets: cartesian, hits: ([side], d) => ((side === 0 ? d[0] > d[9] : d[0] < d[9]) ? 1 : 0) },
};

/** The ranks (0-based) a ticket of the play reads. */
const readRanks = (code: string, ticket: Ticket): number[] => (code === 'PK10_POSITION' ? [ticket[0]] : [0, 1, 2, 9]);

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
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 10)).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 10, draw: () => randomDraw('PK10', random) });
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
});
