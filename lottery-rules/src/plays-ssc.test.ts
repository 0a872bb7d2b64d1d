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

const DIGITS = [...Array(10).keys()];
const at = (d: readonly number[], positions: readonly number[]) => positions.map((position) => d[position]);
const timesIn = (digit: number, digits: readonly number[]) => digits.filter((other) => other === digit).length;

/**
 * 组选 of a shape: row i gives `parts[i][1]` digits, each drawn `parts[i][0]` times; the digits of a
 * ticket are all different. The ticket is its multiset, sorted; it wins when the read digits,
 * sorted, are that multiset.
 */
const groupShape = (positions: readonly number[], parts: readonly (readonly [times: number, digits: number])[]): TicketModel => ({
  tickets: (rows) => {
    const tickets: number[][] = [];
    const walk = (index: number, chosen: readonly number[]): void => {
      if (index === parts.length) {
        tickets.push(sorted(chosen));
        return;
      }
      const [times, digits] = parts[index];
      for (const combo of combinations(rows[index], digits)) {
        if (combo.some((digit) => chosen.includes(digit))) continue;
        walk(index + 1, [...chosen, ...combo.flatMap((digit) => Array<number>(times).fill(digit))]);
      }
    };
    walk(0, []);
    return tickets;
  },
  hits: (ticket, d) => (same(ticket, sorted(at(d, positions))) ? 1 : 0),
});

/** 任选N直选: ticket [position, digit, position, digit, …] over N filled rows. */
const anyDirect = (n: number): TicketModel => ({
  tickets: (rows) =>
    combinations([0, 1, 2, 3, 4], n).flatMap((positions) => cartesian(positions.map((position) => rows[position])).map((digits) => positions.flatMap((position, index) => [position, digits[index]]))),
  hits: (ticket, d) => {
    for (let index = 0; index < ticket.length; index += 2) if (d[ticket[index]] !== ticket[index + 1]) return 0;
    return 1;
  },
});

/** 跨度: every ordered triple whose span is picked; it wins when it is the read triple. */
const span = (positions: readonly number[]): TicketModel => ({
  tickets: (rows) => cartesian([DIGITS, DIGITS, DIGITS]).filter((t) => rows[0].includes(Math.max(...t) - Math.min(...t))),
  hits: (ticket, d) => (same(ticket, at(d, positions)) ? 1 : 0),
});

/** A one-ticket play that wins when `wins` holds for the back three. */
const backThree = (wins: (digits: readonly number[]) => boolean): TicketModel => ({ tickets: cartesian, hits: (_ticket, d) => (wins(back3(d)) ? 1 : 0) });
/** 顺子: the sorted digits are k, k+1, k+2 with 9 followed by 0. */
const isStraight = (digits: readonly number[]) => DIGITS.some((k) => same(sorted(digits), sorted([k, (k + 1) % 10, (k + 2) % 10])));

/** 趣味: a picked digit wins once when drawn at least `times` times. */
const atLeast = (times: number): TicketModel => ({ tickets: combos(1), hits: ([digit], d) => (timesIn(digit, d) >= times ? 1 : 0) });

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
  SSC_5STAR_GROUP120: groupShape([0, 1, 2, 3, 4], [[1, 5]]),
  SSC_5STAR_GROUP60: groupShape([0, 1, 2, 3, 4], [[2, 1], [1, 3]]),
  SSC_5STAR_GROUP30: groupShape([0, 1, 2, 3, 4], [[2, 2], [1, 1]]),
  SSC_5STAR_GROUP20: groupShape([0, 1, 2, 3, 4], [[3, 1], [1, 2]]),
  SSC_5STAR_GROUP10: groupShape([0, 1, 2, 3, 4], [[3, 1], [2, 1]]),
  SSC_5STAR_GROUP5: groupShape([0, 1, 2, 3, 4], [[4, 1], [1, 1]]),
  SSC_4STAR_GROUP24: groupShape([1, 2, 3, 4], [[1, 4]]),
  SSC_4STAR_GROUP12: groupShape([1, 2, 3, 4], [[2, 1], [1, 2]]),
  SSC_4STAR_GROUP6: groupShape([1, 2, 3, 4], [[2, 2]]),
  SSC_4STAR_GROUP4: groupShape([1, 2, 3, 4], [[3, 1], [1, 1]]),
  SSC_ANY2_DIRECT: anyDirect(2),
  SSC_ANY3_DIRECT: anyDirect(3),
  SSC_ANY4_DIRECT: anyDirect(4),
  SSC_FRONT3_SPAN: span([0, 1, 2]),
  SSC_MID3_SPAN: span([1, 2, 3]),
  SSC_BACK3_SPAN: span([2, 3, 4]),
  SSC_BACK3_SUM_TAIL: { tickets: cartesian, hits: ([tail], d) => ((d[2] + d[3] + d[4]) % 10 === tail ? 1 : 0) },
  SSC_BACK3_TRIPLE: backThree(([a, b, c]) => a === b && b === c),
  SSC_BACK3_STRAIGHT: backThree(isStraight),
  // Exactly two of the three equal.
  SSC_BACK3_PAIR: backThree((digits) => digits.some((digit) => timesIn(digit, digits) === 2)),
  SSC_FUN_REPEAT2: atLeast(2),
  SSC_FUN_REPEAT3: atLeast(3),
  SSC_FUN_REPEAT4: atLeast(4),
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

/**
 * A third of the draws made of the bet's own picked digits (so the rare shapes a bet can win, five
 * picked digits all different or four of a kind, come up), the rest as drawFor.
 */
const drawNear = (random: () => number) => (rows: Rows) => {
  const picked = [...new Set(rows.flat())].filter((value) => value <= 9);
  return picked.length > 0 && random() < 1 / 3 ? ssc(...Array.from({ length: 5 }, () => picked[randomInt(random, picked.length)])) : drawFor(random)();
};

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
    const result = compareWinCounts(play, model, random, { bets: 150, drawsPerBet: 8, maxPerRow: 5, draw: drawNear(random) });
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

describe('hand-worked SSC examples of the group, any-N, span, tail, special and fun plays', () => {
  const play = (code: string) => playsOf('SSC').find((p) => p.code === code)!;
  const win = (code: string, rows: number[][], draw: Draw) => {
    const p = play(code);
    return { tickets: p.ticketsOf(picksOf(rows)), wins: winCount(p, picksOf(rows), draw) };
  };

  test('组选120: picks 1-6 = C(6,5) = 6 tickets; 5 3 1 4 2 wins 1, 1 1 2 3 4 none; 4 picks are no bet', () => {
    expect(win('SSC_5STAR_GROUP120', [[1, 2, 3, 4, 5, 6]], ssc(5, 3, 1, 4, 2))).toEqual({ tickets: 6, wins: 1 });
    expect(win('SSC_5STAR_GROUP120', [[1, 2, 3, 4, 5, 6]], ssc(1, 1, 2, 3, 4))).toEqual({ tickets: 6, wins: 0 });
    expect(win('SSC_5STAR_GROUP120', [[1, 2, 3, 4]], ssc(1, 2, 3, 4, 5))).toEqual({ tickets: 0, wins: 0 });
  });

  test('组选60: 二重号 1,2 × 单号 1,2,3,4 = 11|234 and 22|134 (2 tickets); each wins on its own shape only', () => {
    expect(win('SSC_5STAR_GROUP60', [[1, 2], [1, 2, 3, 4]], ssc(2, 1, 3, 2, 4))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_5STAR_GROUP60', [[1, 2], [1, 2, 3, 4]], ssc(4, 1, 3, 1, 2))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_5STAR_GROUP60', [[1, 2], [1, 2, 3, 4]], ssc(1, 1, 2, 2, 3))).toEqual({ tickets: 2, wins: 0 });
    // 二重号 3 with 单号 3 4 5: the singles must differ from the pair digit → no ticket, no bet.
    expect(win('SSC_5STAR_GROUP60', [[3], [3, 4, 5]], ssc(3, 3, 4, 5, 6))).toEqual({ tickets: 0, wins: 0 });
  });

  test('组选30 / 20 / 10 / 5: one ticket each wins on its shape, never on another', () => {
    // 二重号 1,2,3 × 单号 3: the pairs come from {1, 2} → 1 ticket 1122|3.
    expect(win('SSC_5STAR_GROUP30', [[1, 2, 3], [3]], ssc(3, 1, 2, 1, 2))).toEqual({ tickets: 1, wins: 1 });
    // 三重号 5 × 单号 2,6,7: C(3,2) = 3 tickets; 5 6 5 2 5 is 555|26.
    expect(win('SSC_5STAR_GROUP20', [[5], [2, 6, 7]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 3, wins: 1 });
    // 三重号 5 × 二重号 5,6: only 555|66.
    expect(win('SSC_5STAR_GROUP10', [[5], [5, 6]], ssc(5, 6, 5, 6, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_5STAR_GROUP10', [[5], [5, 6]], ssc(5, 5, 5, 5, 6))).toEqual({ tickets: 1, wins: 0 });
    expect(win('SSC_5STAR_GROUP5', [[5], [2, 6]], ssc(5, 5, 5, 2, 5))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_5STAR_GROUP5', [[5], [2, 6]], ssc(5, 5, 5, 5, 5))).toEqual({ tickets: 2, wins: 0 });
  });

  test('四星组选 reads 千百十个 only', () => {
    expect(win('SSC_4STAR_GROUP24', [[1, 2, 3, 4, 5]], ssc(9, 4, 3, 2, 1))).toEqual({ tickets: 5, wins: 1 });
    expect(win('SSC_4STAR_GROUP24', [[1, 2, 3, 4, 5]], ssc(1, 9, 3, 2, 4))).toEqual({ tickets: 5, wins: 0 });
    expect(win('SSC_4STAR_GROUP12', [[5], [2, 6]], ssc(0, 6, 5, 2, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_4STAR_GROUP6', [[1, 2, 3]], ssc(0, 2, 1, 1, 2))).toEqual({ tickets: 3, wins: 1 });
    expect(win('SSC_4STAR_GROUP4', [[7], [1, 7]], ssc(0, 7, 1, 7, 7))).toEqual({ tickets: 1, wins: 1 });
  });

  test('任选直选: tickets over the filled rows; C(matched positions, N) win', () => {
    // 万 1, 千 2, 百 3 on 任二: 万千, 万百, 千百 = 3 tickets; 1 2 3 … matches all three positions → C(3,2) = 3.
    expect(win('SSC_ANY2_DIRECT', [[1], [2], [3], [], []], ssc(1, 2, 3, 0, 0))).toEqual({ tickets: 3, wins: 3 });
    expect(win('SSC_ANY2_DIRECT', [[1], [2], [3], [], []], ssc(1, 2, 9, 0, 0))).toEqual({ tickets: 3, wins: 1 });
    // 任三 on row sizes 2 1 1 1 0: 2·1·1 + 2·1·1 + 2·1·1 + 1·1·1 = 7 tickets; 1 3 4 5 … matches 4 rows → C(4,3) = 4.
    expect(win('SSC_ANY3_DIRECT', [[1, 2], [3], [4], [5], []], ssc(1, 3, 4, 5, 0))).toEqual({ tickets: 7, wins: 4 });
    // Fewer filled rows than N is no bet.
    expect(win('SSC_ANY4_DIRECT', [[1], [2], [3], [], []], ssc(1, 2, 3, 0, 0))).toEqual({ tickets: 0, wins: 0 });
  });

  test('span, sum tail and the back-three patterns on 5 6 5 2 5 and a few others', () => {
    // Front 5 6 5: span 1 = 6 · 1 · 9 = 54 tickets; middle 6 5 2: span 4; back 5 2 5: span 3.
    expect(win('SSC_FRONT3_SPAN', [[1]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 54, wins: 1 });
    expect(win('SSC_MID3_SPAN', [[0, 3]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 10 + 126, wins: 0 });
    expect(win('SSC_BACK3_SPAN', [[3]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 126, wins: 1 });
    // 5 + 2 + 5 = 12 → tail 2.
    expect(win('SSC_BACK3_SUM_TAIL', [[2, 7]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 2, wins: 1 });
    expect(win('SSC_BACK3_PAIR', [[0]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_BACK3_PAIR', [[0]], ssc(5, 6, 5, 5, 5))).toEqual({ tickets: 1, wins: 0 });
    expect(win('SSC_BACK3_TRIPLE', [[0]], ssc(5, 6, 5, 5, 5))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_BACK3_STRAIGHT', [[0]], ssc(0, 0, 0, 9, 1))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_BACK3_STRAIGHT', [[0]], ssc(0, 0, 9, 8, 0))).toEqual({ tickets: 1, wins: 1 });
    expect(win('SSC_BACK3_STRAIGHT', [[0]], ssc(0, 0, 7, 8, 0))).toEqual({ tickets: 1, wins: 0 });
  });

  test('趣味: on 5 6 5 2 5, picks 2,5,6 — 5 is drawn three times, 2 and 6 once', () => {
    expect(win('SSC_5STAR_ANY1', [[2, 5, 6]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 3, wins: 3 });
    expect(win('SSC_FUN_REPEAT2', [[2, 5, 6]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 3, wins: 1 });
    expect(win('SSC_FUN_REPEAT3', [[2, 5, 6]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 3, wins: 1 });
    expect(win('SSC_FUN_REPEAT4', [[2, 5, 6]], ssc(5, 6, 5, 2, 5))).toEqual({ tickets: 3, wins: 0 });
    expect(win('SSC_FUN_REPEAT4', [[5]], ssc(5, 5, 5, 5, 5))).toEqual({ tickets: 1, wins: 1 });
  });
});
