// 11X5 plays against their reference models: exact P over all 55 440 ordered draws, ticket counts
// against the expansion, and the settlement rule against the brute force (random picks × random
// draws; the 胆拖 of 任选三/四/六/七/八 also every banker count × all 462 drawn sets).
import {
  arrangements,
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
  randomSubset,
  rationalOf,
  sampleTickets,
  ticketProbability,
  type DrawEnumeration,
  type Rows,
  type TicketModel,
} from './harness.testing';
import { Rational } from '@platform/inhouse-games';
import { playsOf, winCount, type Draw, type PlayDefinition } from '.';

const NUMBERS = Array.from({ length: 11 }, (_, index) => index + 1);
const distinct = (ticket: readonly number[]) => new Set(ticket).size === ticket.length;
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value) => b.includes(value));

const isOdd = (n: number) => n % 2 === 1;
const medianOf = (d: readonly number[]) => [...d].sort((a, b) => a - b)[2];

/**
 * 胆拖 of 任选N: every banker plus N − #bankers drags; no ticket when a number is in both rows. A
 * ticket wins as the plain 任选N ticket: N ≤ 5 all its numbers drawn, N ≥ 6 all the drawn among it.
 */
const bankerDrag = (n: number): TicketModel => ({
  tickets: ([bankers, drags]) => (bankers.some((x) => drags.includes(x)) ? [] : combinations(drags, n - bankers.length).map((rest) => [...bankers, ...rest])),
  hits: (ticket, d) => ((n > 5 ? d.every((x) => ticket.includes(x)) : ticket.every((x) => d.includes(x))) ? 1 : 0),
});

/** One ticket per picked value, which wins when `wins(value, draw)`. */
const onePerValue = (wins: (value: number, d: readonly number[]) => boolean): TicketModel => ({ tickets: cartesian, hits: ([value], d) => (wins(value, d) ? 1 : 0) });

/** The 11X5 plays added with 胆拖, 定单双 and 猜中位, then 胆拖 of the other 任选N (any banker count). */
const ANY_BANKER_N = [3, 4, 6, 7, 8] as const;
const ANY_BANKER_CODES = ANY_BANKER_N.map((n) => `11X5_ANY${n}_BANKER`);
const BANKER_CODES = ['11X5_ANY2_BANKER', '11X5_ANY5_BANKER1', '11X5_ANY5_BANKER2', '11X5_ANY5_BANKER3', '11X5_ANY5_BANKER4', ...ANY_BANKER_CODES];
const ODD_CODES = [5, 4, 3, 2, 1, 0].map((odd) => `11X5_ODD${odd}_EVEN${5 - odd}`);
const MEDIAN_CODES = ['11X5_MEDIAN_3_9', '11X5_MEDIAN_4_8', '11X5_MEDIAN_5_7', '11X5_MEDIAN_6'];

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
  '11X5_ANY2_BANKER': bankerDrag(2),
  ...Object.fromEntries([1, 2, 3, 4].map((bankers) => [`11X5_ANY5_BANKER${bankers}`, bankerDrag(5)])),
  ...Object.fromEntries(ANY_BANKER_N.map((n) => [`11X5_ANY${n}_BANKER`, bankerDrag(n)])),
  // The row's one value (0) stands for its odd count.
  ...Object.fromEntries(ODD_CODES.map((code) => [code, onePerValue((_, d) => `11X5_ODD${d.filter(isOdd).length}_EVEN${d.filter((n) => !isOdd(n)).length}` === code)])),
  ...Object.fromEntries(MEDIAN_CODES.map((code) => [code, onePerValue((m, d) => medianOf(d) === m)])),
};

const ORDERED = arrangements(NUMBERS, 5);
const allDraws = (): DrawEnumeration => ORDERED.map((d) => [d, 1] as const);

const x5 = (...numbers: number[]): Draw => ({ kind: '11X5', numbers });

/** The numbers in random order, `first` before the others. */
const drawnFirst = (random: () => number, first: readonly number[]): Draw => {
  const own = [...new Set(first)].filter((n) => NUMBERS.includes(n));
  const rest = NUMBERS.filter((n) => !own.includes(n));
  return x5(...[...randomSubset(random, own, own.length), ...randomSubset(random, rest, rest.length)].slice(0, 5));
};

/**
 * Random draws; every other one is made to reach the play's wins: the bet's own numbers first (the
 * supersets), bankers then drags (胆拖), or a random odd count (定单双).
 */
const drawFor = (code: string, random: () => number) => (rows: Rows) => {
  if (random() < 0.5) return randomDraw('11X5', random);
  if (BANKER_CODES.includes(code) && random() < 0.5) {
    const [bankers, drags] = rows;
    const others = NUMBERS.filter((n) => !bankers.includes(n) && !drags.includes(n));
    // 任选六-八: bankers and drags shuffled together, so that the five drawn often all come from them.
    const own = ANY_BANKER_CODES.includes(code) && random() < 0.5 ? randomSubset(random, [...bankers, ...drags], bankers.length + drags.length) : [...bankers, ...randomSubset(random, drags, drags.length)];
    const drawn = [...new Set([...own, ...randomSubset(random, others, others.length)])].slice(0, 5);
    return x5(...randomSubset(random, drawn, 5));
  }
  if (ODD_CODES.includes(code)) {
    const odd = randomInt(random, 6);
    const picked = [...randomSubset(random, NUMBERS.filter(isOdd), odd), ...randomSubset(random, NUMBERS.filter((n) => !isOdd(n)), 5 - odd)];
    return x5(...randomSubset(random, picked, 5));
  }
  return drawnFirst(random, rows.flat());
};

test('every 11X5 play has a reference model; the enumeration holds 55 440 ordered draws', () => {
  expect(playsOf('11X5').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  expect(ORDERED).toHaveLength(55440);
});

test('P of 任选一…八 (N ≤ 5: C(11 − N, 5 − N), N ≥ 6: C(N, 5) of the 462 sets): 5/11, 10/55, 10/165, 5/330, 1/462, 6/462, 21/462, 56/462', () => {
  const expected = ['5/11', '2/11', '2/33', '1/66', '1/462', '1/77', '1/22', '4/33'];
  expect(playsOf('11X5').slice(0, 8).map((play) => `${play.probability.num}/${play.probability.den}`)).toEqual(expected);
});

const pOf = (play: PlayDefinition) => `${play.probability.num}/${play.probability.den}`;
const playOf = (code: string) => playsOf('11X5').find((play) => play.code === code)!;

/** The plain 任选N play of a 胆拖 play (the N of its code). */
const plainOf = (code: string): PlayDefinition => {
  const n = Number(/^11X5_ANY(\d)_BANKER/.exec(code)![1]);
  return playOf(n > 5 ? `11X5_ANY${n}_5` : `11X5_ANY${n}`);
};

/** Valid 胆拖 rows of `bankers` bankers and `drags` drags (disjoint), numbers at random. */
const bankerRows = (random: () => number, bankers: number, drags: number): number[][] => {
  const numbers = randomSubset(random, NUMBERS, bankers + drags);
  return [numbers.slice(0, bankers).sort((a, b) => a - b), numbers.slice(bankers).sort((a, b) => a - b)];
};

test('胆拖 P = the plain 任选N ticket: 任二 2/11 (ANY2), 任五 1/462 (ANY5), whatever the banker count', () => {
  expect(pOf(playOf('11X5_ANY2_BANKER'))).toBe(pOf(playOf('11X5_ANY2')));
  for (const bankers of [1, 2, 3, 4]) expect(pOf(playOf(`11X5_ANY5_BANKER${bankers}`))).toBe(pOf(playOf('11X5_ANY5')));
  expect(BANKER_CODES.map((code) => playOf(code).rows.map((row) => [row.min, row.max]))).toEqual([
    [[1, 1], [1, 10]],
    [[1, 1], [4, 10]],
    [[2, 2], [3, 9]],
    [[3, 3], [2, 8]],
    [[4, 4], [1, 7]],
    // Any banker count 1 … N − 1; the drags a ticket needs (N − bankers) are the ticket count's check.
    [[1, 2], [1, 10]],
    [[1, 3], [1, 10]],
    [[1, 5], [1, 10]],
    [[1, 6], [1, 10]],
    [[1, 7], [1, 10]],
  ]);
});

test('任三/四/六/七/八胆拖: P of their tickets over the 462 drawn sets = the plain 任选N (28, 7, 6, 21, 56 sets)', () => {
  const sets = combinations(NUMBERS, 5);
  expect(sets).toHaveLength(462);
  const expected = { 3: ['2/33', 28], 4: ['1/66', 7], 6: ['1/77', 6], 7: ['1/22', 21], 8: ['4/33', 56] } as const;
  for (const n of ANY_BANKER_N) {
    const play = playOf(`11X5_ANY${n}_BANKER`);
    expect({ n, p: pOf(play), rule: play.rule, k: play.k }).toEqual({ n, p: expected[n][0], rule: n > 5 ? 'banker_superset' : 'banker_choose', k: n });
    expect(pOf(play)).toBe(pOf(plainOf(play.code)));
    // The ticket 01 … 0N of every banker count: the sets it wins on, counted.
    for (let bankers = 1; bankers < n; bankers += 1) {
      const rows = [NUMBERS.slice(0, bankers), NUMBERS.slice(bankers, n)];
      expect(play.ticketsOf(picksOf(rows))).toBe(1);
      const winning = sets.filter((set) => winCount(play, picksOf(rows), x5(...set)) === 1).length;
      expect({ n, bankers, winning }).toEqual({ n, bankers, winning: expected[n][1] });
      expect(Rational.of(winning, 462).toString()).toBe(rationalOf(play.probability).toString());
    }
  }
});

test('任三/四/六/七/八胆拖: every banker count 1 … N − 1 × all 462 drawn sets, winCount = the brute force and = the tickets as plain 任选N bets', () => {
  const random = mulberry32(2030);
  const sets = combinations(NUMBERS, 5).map((set) => x5(...set));
  const range462 = sets.map((_, index) => index);
  let checks = 0;
  let wins = 0;
  let multiple = 0;
  for (const n of ANY_BANKER_N) {
    const play = playOf(`11X5_ANY${n}_BANKER`);
    const plain = plainOf(play.code);
    for (let bankers = 1; bankers < n; bankers += 1) {
      // From the fewest drags that make a ticket to every number left; two bets of each size.
      for (let drags = n - bankers; drags <= 11 - bankers; drags += 1) {
        for (let bet = 0; bet < 2; bet += 1) {
          const rows = bankerRows(random, bankers, drags);
          const tickets = MODELS[play.code].tickets(rows);
          expect(play.ticketsOf(picksOf(rows))).toBe(tickets.length);
          for (const draw of sets) {
            const rule = winCount(play, picksOf(rows), draw);
            const brute = bruteWinCount(MODELS[play.code], rows, draw.numbers);
            if (rule !== brute) expect({ code: play.code, rows, draw: draw.numbers, rule }).toEqual({ code: play.code, rows, draw: draw.numbers, rule: brute });
            checks += 1;
            wins += brute;
            if (brute > 1) multiple += 1;
          }
          // The tickets settled one by one as plain 任选N bets, on a few of the sets.
          for (const draw of randomSubset(random, range462, 5).map((index) => sets[index])) {
            const asPlain = tickets.reduce((sum, ticket) => sum + winCount(plain, picksOf([ticket]), draw), 0);
            expect({ code: play.code, rows, draw: draw.numbers, wins: winCount(play, picksOf(rows), draw) }).toEqual({ code: play.code, rows, draw: draw.numbers, wins: asPlain });
          }
        }
      }
    }
  }
  expect(checks).toBeGreaterThan(50_000);
  expect(wins).toBeGreaterThan(10_000);
  expect(multiple).toBeGreaterThan(1_000);
});

test('a 胆拖 bet wins what its tickets win as plain 任选N bets (the ANY2 … ANY8 plays), ticket by ticket', () => {
  const random = mulberry32(2015);
  let compared = 0;
  let wins = 0;
  for (const code of BANKER_CODES) {
    const play = playOf(code);
    const plain = plainOf(code);
    for (let bet = 0; bet < 400; bet += 1) {
      const rows = randomRows(play, random, 11);
      const tickets = MODELS[code].tickets(rows);
      expect(play.ticketsOf(picksOf(rows))).toBe(tickets.length);
      if (tickets.length === 0) continue;
      const draw = drawFor(code, random)(rows);
      const asPlain = tickets.reduce((sum, ticket) => sum + winCount(plain, picksOf([ticket]), draw), 0);
      expect({ code, rows, draw: draw.numbers, wins: winCount(play, picksOf(rows), draw) }).toEqual({ code, rows, draw: draw.numbers, wins: asPlain });
      compared += 1;
      wins += asPlain;
    }
  }
  expect(compared).toBeGreaterThan(300);
  expect(wins).toBeGreaterThan(50);
});

test('a 胆拖 bet with a number in both rows, or too few drags for one ticket, is no bet', () => {
  expect(playOf('11X5_ANY3_BANKER').ticketsOf(picksOf([[1], [1, 2, 3]]))).toBe(0);
  expect(playOf('11X5_ANY3_BANKER').ticketsOf(picksOf([[1, 2], [3]]))).toBe(1);
  expect(playOf('11X5_ANY4_BANKER').ticketsOf(picksOf([[1], [2, 3]]))).toBe(0);
  expect(playOf('11X5_ANY8_BANKER').ticketsOf(picksOf([[1, 2, 3], [4, 5, 6, 7]]))).toBe(0);
  expect(playOf('11X5_ANY8_BANKER').ticketsOf(picksOf([[1, 2, 3], [4, 5, 6, 7, 8]]))).toBe(1);
  // Bankers beyond N − 1 break the row.
  expect(playOf('11X5_ANY6_BANKER').ticketsOf(picksOf([[1, 2, 3, 4, 5, 6], [7, 8]]))).toBe(0);
  // Every number picked: 1 banker, 10 drags → C(10, N − 1).
  expect(ANY_BANKER_N.map((n) => playOf(`11X5_ANY${n}_BANKER`).ticketsOf(picksOf([[1], NUMBERS.slice(1)])))).toEqual([45, 120, 252, 210, 120]);
});

test('定单双: j odd of 5 in C(6, j) × C(5, 5 − j) of the 462 sets, one play per count; the six P add up to 1', () => {
  expect(ODD_CODES.map((code) => pOf(playOf(code)))).toEqual(['1/77', '25/154', '100/231', '25/77', '5/77', '1/462']);
  const sets = combinations(NUMBERS, 5);
  expect(sets).toHaveLength(462);
  const counts = [0, 1, 2, 3, 4, 5].map((odd) => sets.filter((set) => set.filter(isOdd).length === odd).length);
  expect(counts).toEqual([1, 30, 150, 200, 75, 6]);
  const total = ODD_CODES.reduce((sum, code) => sum.add(rationalOf(playOf(code).probability)), Rational.ZERO);
  expect(total.equals(Rational.ONE)).toBe(true);
});

test('猜中位: medians 3…9 in 28 63 90 100 90 63 28 of the 462 sets; plays 3/9, 4/8, 5/7, 6 cover each median once', () => {
  expect(MEDIAN_CODES.map((code) => pOf(playOf(code)))).toEqual(['2/33', '3/22', '15/77', '50/231']);
  const sets = combinations(NUMBERS, 5);
  expect([3, 4, 5, 6, 7, 8, 9].map((m) => sets.filter((set) => medianOf(set) === m).length)).toEqual([28, 63, 90, 100, 90, 63, 28]);
  expect(MEDIAN_CODES.flatMap((code) => playOf(code).rows[0].values).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7, 8, 9]);
});

describe.each(playsOf('11X5').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of a ticket = winning ordered draws / 55 440 (full enumeration), the same for every ticket tried', () => {
    // sampleTickets picks up to 3 a row: too few for the 胆拖 of 任选七/八, whose tickets come from
    // rows of 1 … N − 1 bankers built here.
    const random = mulberry32(play.id);
    const tickets = ANY_BANKER_CODES.includes(code)
      ? [1, 2, 3].map(() => {
          const bankers = 1 + randomInt(random, play.k! - 1);
          const all = model.tickets(bankerRows(random, bankers, play.k! - bankers + randomInt(random, 12 - play.k!)));
          return all[randomInt(random, all.length)];
        })
      : sampleTickets(play, model, random, 3);
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
    // Most random 胆拖 rows share a number or, with 1 … N − 1 bankers, hold too few drags (no bet):
    // more of them reach as many checks.
    const bets = ANY_BANKER_CODES.includes(code) ? 4000 : BANKER_CODES.includes(code) ? 1500 : 150;
    const result = compareWinCounts(play, model, random, { bets, drawsPerBet: 6, maxPerRow: 11, draw: drawFor(code, random) });
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
  test('任二胆拖 banker 3, drags 1,2,5 → 3 tickets, {3,1} and {3,5} win; banker 3 with drag 3 is no bet', () => {
    expect(win('11X5_ANY2_BANKER', [[3], [1, 2, 5]])).toEqual({ tickets: 3, wins: 2 });
    expect(win('11X5_ANY2_BANKER', [[3], [3, 4]]).tickets).toBe(0);
    expect(win('11X5_ANY2_BANKER', [[2], [1, 3, 5]])).toEqual({ tickets: 3, wins: 0 });
  });
  test('任五胆拖 bankers 1,3, drags 5,7,9,11 → C(4,3) = 4 tickets, {1,3,5,7,11} wins; bankers 1,3,5,9 lose (9 not drawn)', () => {
    expect(win('11X5_ANY5_BANKER2', [[1, 3], [5, 7, 9, 11]])).toEqual({ tickets: 4, wins: 1 });
    expect(win('11X5_ANY5_BANKER4', [[1, 3, 5, 9], [7, 11]])).toEqual({ tickets: 2, wins: 0 });
    expect(win('11X5_ANY5_BANKER1', [[7], [1, 2, 3, 5, 11]])).toEqual({ tickets: 5, wins: 1 });
  });
  test('任三胆拖 banker 3, drags 1,2,5,9 → C(4,2) = 6 tickets, only {3,1,5} wins; bankers 3,4 lose (4 not drawn)', () => {
    expect(win('11X5_ANY3_BANKER', [[3], [1, 2, 5, 9]])).toEqual({ tickets: 6, wins: 1 });
    expect(win('11X5_ANY3_BANKER', [[3, 4], [1, 5, 7]])).toEqual({ tickets: 3, wins: 0 });
  });
  test('任四胆拖 bankers 1,7, drags 2,3,5,11 → C(4,2) = 6 tickets, drags drawn 3 5 11 → C(3,2) = 3 win', () => {
    expect(win('11X5_ANY4_BANKER', [[1, 7], [2, 3, 5, 11]])).toEqual({ tickets: 6, wins: 3 });
  });
  test('任六胆拖 bankers 1,3 + 2,5,7,11 → 1 of 1; banker 1, drags 2,3,4,5,7,11 → C(6,5) = 6 tickets, the 4 drawn drags + 1 of 2,4 → 2 win', () => {
    expect(win('11X5_ANY6_BANKER', [[1, 3], [2, 5, 7, 11]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('11X5_ANY6_BANKER', [[1], [2, 3, 4, 5, 7, 11]])).toEqual({ tickets: 6, wins: 2 });
  });
  test('任七胆拖 bankers 1,3,5, drags 2,4,6,7,11 → C(5,4) = 5 tickets, 7 and 11 + 2 of 2,4,6 → C(3,2) = 3 win', () => {
    expect(win('11X5_ANY7_BANKER', [[1, 3, 5], [2, 4, 6, 7, 11]])).toEqual({ tickets: 5, wins: 3 });
  });
  test('任八胆拖 banker 2 (not drawn) still wins: drags 1,3-9,11 → C(9,7) = 36 tickets, the 5 drawn + 2 of 4,6,8,9 → C(4,2) = 6; 11 missing → 0', () => {
    expect(win('11X5_ANY8_BANKER', [[2], [1, 3, 4, 5, 6, 7, 8, 9, 11]])).toEqual({ tickets: 36, wins: 6 });
    expect(win('11X5_ANY8_BANKER', [[1], [2, 3, 4, 5, 6, 7, 8, 9]])).toEqual({ tickets: 8, wins: 0 });
  });
  test('定单双: 1 3 5 7 11 are all odd → 5单0双 wins, 4单1双 loses', () => {
    expect(win('11X5_ODD5_EVEN0', [[0]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('11X5_ODD4_EVEN1', [[0]])).toEqual({ tickets: 1, wins: 0 });
  });
  test('猜中位: 1 3 5 7 11 → median 5: 5/7 with both picked → 2 tickets, 1 wins; 6 loses', () => {
    expect(win('11X5_MEDIAN_5_7', [[5, 7]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('11X5_MEDIAN_6', [[6]])).toEqual({ tickets: 1, wins: 0 });
  });
});
