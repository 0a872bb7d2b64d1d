// PC28 plays against their reference models: exact P over all 1000 ordered draws (every ticket of
// every play), ticket counts against the expansion, and the settlement rule against the brute
// force. The models are written from the rules of the game (colours by the sum's remainder mod 3,
// straights from the sorted digits), not from the plays' tables.
import {
  cartesian,
  compareTicketCounts,
  compareWinCounts,
  invalidPicks,
  mulberry32,
  picksOf,
  randomDraw,
  randomInt,
  rationalOf,
  ticketProbability,
  type DrawEnumeration,
  type TicketModel,
} from './harness.testing';
import { Rational } from '@platform/inhouse-games';
import { playsOf, winCount, type Draw } from '.';

const DIGITS = Array.from({ length: 10 }, (_, index) => index);
const sumOf = (d: readonly number[]) => d[0] + d[1] + d[2];
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);
const sorted = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** 大 0, 小 1, 单 2, 双 3 of a sum: 大 from 14. */
const hasAttribute = (sum: number, attribute: number) => [sum >= 14, sum < 14, sum % 2 === 1, sum % 2 === 0][attribute];

/** 0 red, 1 green, 2 blue, undefined for the uncoloured sums 0, 13, 14, 27: the remainder mod 3 otherwise. */
const colourOf = (sum: number): number | undefined => ([0, 13, 14, 27].includes(sum) ? undefined : [0, 1, 2][sum % 3]);

/** 顺子: sorted digits x, x+1, x+2, or the wrapped 0 8 9 and 0 1 9. */
const straight = (d: readonly number[]) => {
  const [x, y, z] = sorted(d);
  return (y === x + 1 && z === y + 1) || same([x, y, z], [0, 8, 9]) || same([x, y, z], [0, 1, 9]);
};

/** One ticket per picked value, which wins when `wins(value, draw)`. */
const onePerValue = (wins: (value: number, d: readonly number[]) => boolean): TicketModel => ({
  tickets: cartesian,
  hits: ([value], d) => (wins(value, d) ? 1 : 0),
});

const MODELS: Record<string, TicketModel> = {
  PC28_SUM: {
    // Every ordered triple whose sum is picked; it wins when it is the draw.
    tickets: (rows) => cartesian([DIGITS, DIGITS, DIGITS]).filter((t) => rows[0].includes(sumOf(t))),
    hits: (ticket, d) => (same(ticket, d) ? 1 : 0),
  },
  PC28_BSOE: onePerValue((attribute, d) => hasAttribute(sumOf(d), attribute)),
  // 0 = 大单, 1 = 小双.
  PC28_COMBO_BIG_ODD: onePerValue((value, d) => (value === 0 ? hasAttribute(sumOf(d), 0) && hasAttribute(sumOf(d), 2) : hasAttribute(sumOf(d), 1) && hasAttribute(sumOf(d), 3))),
  // 0 = 大双, 1 = 小单.
  PC28_COMBO_BIG_EVEN: onePerValue((value, d) => (value === 0 ? hasAttribute(sumOf(d), 0) && hasAttribute(sumOf(d), 3) : hasAttribute(sumOf(d), 1) && hasAttribute(sumOf(d), 2))),
  // 0 = 极大 22-27, 1 = 极小 0-5.
  PC28_EXTREME: onePerValue((value, d) => (value === 0 ? sumOf(d) >= 22 : sumOf(d) <= 5)),
  PC28_RED: onePerValue((_value, d) => colourOf(sumOf(d)) === 0),
  // 0 = 绿波, 1 = 蓝波.
  PC28_GREEN_BLUE: onePerValue((value, d) => colourOf(sumOf(d)) === value + 1),
  PC28_TRIPLE: onePerValue((_value, d) => d[0] === d[1] && d[1] === d[2]),
  PC28_PAIR: onePerValue((_value, d) => {
    const [x, y, z] = sorted(d);
    return (x === y) !== (y === z);
  }),
  PC28_STRAIGHT: onePerValue((_value, d) => straight(d)),
};

/** All 1000 ordered draws, each weight 1. */
function* allDraws(): DrawEnumeration {
  for (let n = 0; n < 1000; n += 1) yield [[Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10], 1];
}

const pc28 = (...numbers: number[]): Draw => ({ kind: 'PC28', numbers });

/** Random draws, half of them from three neighbouring digits k, k+1, k+2 mod 10 (many triples, pairs and straights). */
const drawFor = (random: () => number) => () => {
  if (random() < 0.5) return randomDraw('PC28', random);
  const k = randomInt(random, 10);
  return pc28(...Array.from({ length: 3 }, () => (k + randomInt(random, 3)) % 10));
};

test('every PC28 play has a reference model', () => {
  expect(playsOf('PC28').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
});

describe.each(playsOf('PC28').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of every ticket = winning draws / 1000 (full enumeration)', () => {
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    const tickets = model.tickets(full);
    expect(tickets.length).toBeGreaterThan(0);
    const stated = rationalOf(play.probability).toString();
    for (const ticket of tickets) expect({ ticket, p: ticketProbability(model, ticket, allDraws()).toString() }).toEqual({ ticket, p: stated });
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 300, 28)).toEqual([]);
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    expect(play.ticketsOf(picksOf(full))).toBe(model.tickets(full).length);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 6, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });

  test('winCount over all 1000 draws with every value picked = Σ of the model', () => {
    const full = play.rows.map((row) => row.values.slice(0, row.max));
    const tickets = model.tickets(full);
    let rule = 0;
    let brute = 0;
    for (const [d] of allDraws()) {
      rule += winCount(play, picksOf(full), pc28(...d));
      brute += tickets.reduce((sum, ticket) => sum + model.hits(ticket, d), 0);
    }
    expect(rule).toBe(brute);
  });
});

describe('the counts the plays state, recounted over the 1000 draws', () => {
  const draws = [...allDraws()].map(([d]) => [...d]);
  const count = (holds: (d: readonly number[]) => boolean) => draws.filter(holds).length;
  const sums = (list: readonly number[]) => count((d) => list.includes(sumOf(d)));
  const play = (code: string) => playsOf('PC28').find((p) => p.code === code)!;

  test('c(s): ordered triples with each sum 0-27', () => {
    expect(Array.from({ length: 28 }, (_, s) => sums([s]))).toEqual([1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75, 75, 73, 69, 63, 55, 45, 36, 28, 21, 15, 10, 6, 3, 1]);
  });

  test('大单 = 小双 = 231, 大双 = 小单 = 269, 极大 = 极小 = 56, 红 332, 绿 = 蓝 = 258, no colour 152, 豹子 10, 对子 270, 顺子 60', () => {
    const odd = (from: number, to: number) => Array.from({ length: 28 }, (_, s) => s).filter((s) => s >= from && s <= to && s % 2 === 1);
    const even = (from: number, to: number) => Array.from({ length: 28 }, (_, s) => s).filter((s) => s >= from && s <= to && s % 2 === 0);
    expect([sums(odd(14, 27)), sums(even(0, 13)), sums(even(14, 27)), sums(odd(0, 13))]).toEqual([231, 231, 269, 269]);
    expect([sums([22, 23, 24, 25, 26, 27]), sums([0, 1, 2, 3, 4, 5])]).toEqual([56, 56]);
    expect([sums([3, 6, 9, 12, 15, 18, 21, 24]), sums([1, 4, 7, 10, 16, 19, 22, 25]), sums([2, 5, 8, 11, 17, 20, 23, 26]), sums([0, 13, 14, 27])]).toEqual([332, 258, 258, 152]);
    expect([count((d) => new Set(d).size === 1), count((d) => new Set(d).size === 2), count(straight)]).toEqual([10, 270, 60]);
  });

  test('the stated P are those counts / 1000, reduced', () => {
    const stated = Object.fromEntries(playsOf('PC28').map((p) => [p.code, rationalOf(p.probability).toString()]));
    const expected = Object.fromEntries(
      Object.entries({ PC28_SUM: 1, PC28_BSOE: 500, PC28_COMBO_BIG_ODD: 231, PC28_COMBO_BIG_EVEN: 269, PC28_EXTREME: 56, PC28_RED: 332, PC28_GREEN_BLUE: 258, PC28_TRIPLE: 10, PC28_PAIR: 270, PC28_STRAIGHT: 60 }).map(
        ([code, wins]) => [code, Rational.of(wins, 1000).toString()],
      ),
    );
    expect(stated).toEqual(expected);
    for (const p of playsOf('PC28')) {
      expect(p.unitStakeMinor).toBe(200);
      expect(p.id).toBeGreaterThanOrEqual(7001);
      expect(p.id).toBeLessThanOrEqual(7999);
      expect(p.code).toMatch(/^PC28_[A-Z0-9_]+$/);
    }
    expect(play('PC28_SUM').rows[0].values).toEqual(Array.from({ length: 28 }, (_, s) => s));
  });
});

describe('hand-worked PC28 examples (draw 7 7 8, sum 22: 大 双, 大双, 极大, 绿波, 对子)', () => {
  const draw = pc28(7, 7, 8);
  const win = (code: string, rows: number[][], on: Draw = draw) => {
    const play = playsOf('PC28').find((p) => p.code === code)!;
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), on) };
  };

  test('特码 22, 23 → c(22) + c(23) = 21 + 15 = 36 tickets, the triple 7 7 8 wins once; 21 alone → 28 tickets, none', () => {
    expect(win('PC28_SUM', [[22, 23]])).toEqual({ tickets: 36, wins: 1 });
    expect(win('PC28_SUM', [[21]])).toEqual({ tickets: 28, wins: 0 });
    expect(win('PC28_SUM', [[0, 13, 14, 27]])).toEqual({ tickets: 1 + 75 + 75 + 1, wins: 0 });
  });

  test('大小单双: 22 is 大 and 双 → 2 of 4; 13 is 小 单, 14 is 大 双', () => {
    expect(win('PC28_BSOE', [[0, 1, 2, 3]])).toEqual({ tickets: 4, wins: 2 });
    expect(win('PC28_BSOE', [[1, 2]], pc28(4, 4, 5))).toEqual({ tickets: 2, wins: 2 });
    expect(win('PC28_BSOE', [[0, 3]], pc28(4, 5, 5))).toEqual({ tickets: 2, wins: 2 });
  });

  test('大单/小双 both lose on 22; 大双 wins, 小单 not', () => {
    expect(win('PC28_COMBO_BIG_ODD', [[0, 1]])).toEqual({ tickets: 2, wins: 0 });
    expect(win('PC28_COMBO_BIG_EVEN', [[0, 1]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PC28_COMBO_BIG_EVEN', [[1]])).toEqual({ tickets: 1, wins: 0 });
    // 13 is 小单, 15 大单, 12 小双.
    expect(win('PC28_COMBO_BIG_EVEN', [[1]], pc28(4, 4, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_COMBO_BIG_ODD', [[0, 1]], pc28(5, 5, 5))).toEqual({ tickets: 2, wins: 1 });
    expect(win('PC28_COMBO_BIG_ODD', [[1]], pc28(4, 4, 4))).toEqual({ tickets: 1, wins: 1 });
  });

  test('极大 from 22, 极小 up to 5: 22 and 5 are extreme, 21 and 6 are not', () => {
    expect(win('PC28_EXTREME', [[0, 1]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PC28_EXTREME', [[0, 1]], pc28(7, 7, 7))).toEqual({ tickets: 2, wins: 0 });
    expect(win('PC28_EXTREME', [[1]], pc28(0, 0, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_EXTREME', [[1]], pc28(2, 2, 2))).toEqual({ tickets: 1, wins: 0 });
  });

  test('波色: 22 is 绿波; 红波 on 12; 0, 13, 14 and 27 have no colour', () => {
    expect(win('PC28_GREEN_BLUE', [[0, 1]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('PC28_GREEN_BLUE', [[1]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('PC28_RED', [[0]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('PC28_RED', [[0]], pc28(4, 4, 4))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_GREEN_BLUE', [[1]], pc28(9, 9, 8))).toEqual({ tickets: 1, wins: 1 }); // 26 蓝
    for (const d of [pc28(0, 0, 0), pc28(4, 4, 5), pc28(5, 4, 5), pc28(9, 9, 9)]) {
      expect(win('PC28_RED', [[0]], d).wins + win('PC28_GREEN_BLUE', [[0, 1]], d).wins).toBe(0);
    }
  });

  test('7 7 8 is a 对子, neither 豹子 nor 顺子; 5 5 5 is a 豹子 and no 对子', () => {
    expect(win('PC28_PAIR', [[0]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_TRIPLE', [[0]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('PC28_STRAIGHT', [[0]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('PC28_TRIPLE', [[0]], pc28(5, 5, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_PAIR', [[0]], pc28(5, 5, 5))).toEqual({ tickets: 1, wins: 0 });
  });

  test('顺子 in any order, wrapping after 9: 3 1 2, 9 0 8 and 1 9 0 win; 9 0 2 and 7 8 8 do not', () => {
    expect(win('PC28_STRAIGHT', [[0]], pc28(3, 1, 2))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_STRAIGHT', [[0]], pc28(9, 0, 8))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_STRAIGHT', [[0]], pc28(1, 9, 0))).toEqual({ tickets: 1, wins: 1 });
    expect(win('PC28_STRAIGHT', [[0]], pc28(9, 0, 2))).toEqual({ tickets: 1, wins: 0 });
    expect(win('PC28_STRAIGHT', [[0]], pc28(7, 8, 8))).toEqual({ tickets: 1, wins: 0 });
  });
});
