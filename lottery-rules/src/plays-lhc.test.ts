// LHC plays against their reference models. P: an exact weighted enumeration over what a ticket
// reads — the special number (49 values) and, for each, which of the ticket's relevant numbers
// are among the 6 regular ones; a class with r relevant regular numbers stands for the
// C(48 − |relevant other than the special|, 6 − r) regular sets that complete it. Total weight
// 49 · C(48, 6), every (regular set, special) once. A plain enumeration of all C(49, 6) regular sets
// cross-checks the regular-number plays.
import {
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
  type Ticket,
  type TicketModel,
} from './harness.testing';
import { Rational } from '@platform/inhouse-games';
import { binomial, isPush, lhcColour, lhcZodiac, lhcZodiacNumbers, lhcZodiacValues, lunarYearOf, playById, playsOf, picksFromRows, winCount, type Draw } from '.';

const NUMBERS = Array.from({ length: 49 }, (_, index) => index + 1);

/** LOTTERY.md §5.3, the 2026 (马) table, zodiac index 0 = 鼠 … 11 = 猪. */
const ZODIAC_2026: readonly (readonly number[])[] = [
  [7, 19, 31, 43],
  [6, 18, 30, 42],
  [5, 17, 29, 41],
  [4, 16, 28, 40],
  [3, 15, 27, 39],
  [2, 14, 26, 38],
  [1, 13, 25, 37, 49],
  [12, 24, 36, 48],
  [11, 23, 35, 47],
  [10, 22, 34, 46],
  [9, 21, 33, 45],
  [8, 20, 32, 44],
];

const regular = (d: readonly number[]) => d.slice(0, 6);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const hasAttribute = (n: number, attribute: number) => n !== 49 && [n >= 25, n <= 24, n % 2 === 1, n % 2 === 0][attribute];

const MODELS: Record<string, TicketModel> = {
  LHC_SPECIAL: { tickets: combos(1), hits: ([n], d) => (d[6] === n ? 1 : 0) },
  LHC_REGULAR: { tickets: combos(1), hits: ([n], d) => (regular(d).includes(n) ? 1 : 0) },
  LHC_SPECIAL_BSOE: { tickets: cartesian, hits: ([attribute], d) => (hasAttribute(d[6], attribute) ? 1 : 0) },
  LHC_ZODIAC_5: { tickets: cartesian, hits: ([zodiac], d) => (d.some((n) => ZODIAC_2026[zodiac].includes(n)) ? 1 : 0) },
  LHC_ZODIAC_4: { tickets: cartesian, hits: ([zodiac], d) => (d.some((n) => ZODIAC_2026[zodiac].includes(n)) ? 1 : 0) },
  LHC_REGULAR_ALL2: { tickets: combos(2), hits: (t, d) => (t.every((n) => regular(d).includes(n)) ? 1 : 0) },
  LHC_REGULAR_ALL3: { tickets: combos(3), hits: (t, d) => (t.every((n) => regular(d).includes(n)) ? 1 : 0) },
  LHC_NOT_IN5: { tickets: combos(5), hits: (t, d) => (t.every((n) => !d.includes(n)) ? 1 : 0) },
};

/** The numbers whose presence decides a ticket (the special is always enumerated). */
const relevantNumbers = (code: string, ticket: Ticket): number[] =>
  code === 'LHC_SPECIAL_BSOE' ? [] : code.startsWith('LHC_ZODIAC') ? [...ZODIAC_2026[ticket[0]]] : [...ticket];

/** The weighted classes of (regular set, special) relative to the relevant numbers (see the file's comment). */
function* drawClasses(relevant: readonly number[]): DrawEnumeration {
  for (let special = 1; special <= 49; special += 1) {
    const inPlay = relevant.filter((n) => n !== special);
    const others = NUMBERS.filter((n) => n !== special && !relevant.includes(n));
    for (let subset = 0; subset < 1 << inPlay.length; subset += 1) {
      const chosen = inPlay.filter((_, index) => subset & (1 << index));
      if (chosen.length > 6) continue;
      const weight = binomial(others.length, 6 - chosen.length);
      if (weight > 0) yield [[...chosen, ...others.slice(0, 6 - chosen.length), special], weight];
    }
  }
}

const lhc = (...numbers: number[]): Draw => ({ kind: 'LHC', numbers, lunarYear: 2026 });

/** Random draws; one in four has the special 49 (the push), one in four is drawn from the bet's numbers first. */
const drawFor = (random: () => number) => (rows: Rows) => {
  const roll = random();
  if (roll < 0.25) {
    const numbers = randomSubset(random, NUMBERS.slice(0, 48), 6);
    return lhc(...numbers, 49);
  }
  if (roll < 0.5 && rows[0].length && rows[0].every((n) => n >= 1)) {
    const own = randomSubset(random, [...rows[0]], Math.min(rows[0].length, 7));
    const rest = randomSubset(random, NUMBERS.filter((n) => !own.includes(n)), 7 - own.length);
    return lhc(...randomSubset(random, [...own, ...rest], 7));
  }
  return randomDraw('LHC', random);
};

test('every LHC play has a reference model; the classes weigh 49 · C(48, 6) in all', () => {
  expect(playsOf('LHC').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  for (const relevant of [[], [1, 2, 3, 4, 5], [7, 19, 31, 43]]) {
    let total = 0;
    for (const [, weight] of drawClasses(relevant)) total += weight;
    expect(total).toBe(49 * binomial(48, 6));
  }
});

test('P as in LOTTERY.md §5.4 (二全中 5/392, 三全中 5/4606, 一肖 47580016 and 40520964 / 85900584, 五不中 C(44,7)/C(49,7))', () => {
  const p = (code: string) => rationalOf(playsOf('LHC').find((play) => play.code === code)!.probability).toString();
  expect(p('LHC_REGULAR_ALL2')).toBe('5/392');
  expect(p('LHC_REGULAR_ALL3')).toBe('5/4606');
  expect(p('LHC_ZODIAC_5')).toBe(Rational.of(47580016, 85900584).toString());
  expect(p('LHC_ZODIAC_4')).toBe(Rational.of(40520964, 85900584).toString());
  expect(p('LHC_NOT_IN5')).toBe(Rational.of(binomial(44, 7), binomial(49, 7)).toString());
  expect(p('LHC_SPECIAL_BSOE')).toBe('24/49');
});

test('cross-check: all C(49, 6) regular sets, counted plainly, give 正码 6/49, 二全中 5/392, 三全中 5/4606', () => {
  let sets = 0;
  let holds7 = 0;
  let holds12 = 0;
  let holds123 = 0;
  for (let a = 1; a <= 44; a += 1)
    for (let b = a + 1; b <= 45; b += 1)
      for (let c = b + 1; c <= 46; c += 1)
        for (let d = c + 1; d <= 47; d += 1)
          for (let e = d + 1; e <= 48; e += 1)
            for (let f = e + 1; f <= 49; f += 1) {
              sets += 1;
              if (a === 7 || b === 7 || c === 7 || d === 7 || e === 7 || f === 7) holds7 += 1;
              if (a === 1 && b === 2) {
                holds12 += 1;
                if (c === 3) holds123 += 1;
              }
            }
  expect(sets).toBe(binomial(49, 6));
  const p = (code: string) => rationalOf(playsOf('LHC').find((play) => play.code === code)!.probability).toString();
  expect(Rational.of(holds7, sets).toString()).toBe(p('LHC_REGULAR'));
  expect(Rational.of(holds12, sets).toString()).toBe(p('LHC_REGULAR_ALL2'));
  expect(Rational.of(holds123, sets).toString()).toBe(p('LHC_REGULAR_ALL3'));
});

describe.each(playsOf('LHC').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('P of a ticket = exact weighted enumeration, the same for every ticket tried', () => {
    // A zodiac play takes only the zodiacs of its number count in the year (2026: 马 has 5).
    const size = code === 'LHC_ZODIAC_5' ? 5 : code === 'LHC_ZODIAC_4' ? 4 : undefined;
    const tickets = sampleTickets(play, model, mulberry32(play.id), 3).filter((ticket) => !size || lhcZodiacValues(size, 2026).includes(ticket[0]));
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) {
      expect(ticketProbability(model, ticket, drawClasses(relevantNumbers(code, ticket))).toString()).toBe(rationalOf(play.probability).toString());
    }
  });

  test('push: only 特码两面 pushes, exactly when the special is 49 (P 1/49)', () => {
    const pushModel: TicketModel = { tickets: cartesian, hits: (_t, d) => (isPush(play, lhc(...d)) ? 1 : 0) };
    const pushP = ticketProbability(pushModel, [], drawClasses([])).toString();
    if (code === 'LHC_SPECIAL_BSOE') {
      expect(pushP).toBe('1/49');
      expect(rationalOf(play.pushProbability!).toString()).toBe('1/49');
      expect(isPush(play, lhc(1, 2, 3, 4, 5, 6, 49))).toBe(true);
    } else {
      expect(pushP).toBe('0');
      expect(play.pushProbability).toBeUndefined();
    }
  });

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 200, 9)).toEqual([]);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 120, drawsPerBet: 8, maxPerRow: 9, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('colours and zodiacs', () => {
  test('the 2026 zodiac map is LOTTERY.md §5.3 (1 = 马, 5 numbers; the others 4)', () => {
    ZODIAC_2026.forEach((numbers, zodiac) => {
      expect(lhcZodiacNumbers(zodiac, 2026)).toEqual(numbers);
      for (const n of numbers) expect(lhcZodiac(n, 2026)).toBe(zodiac);
    });
  });

  test('number 1 is the year’s zodiac: 2008 鼠, 2017 鸡, 2025 蛇 (01 13 25 37 49)', () => {
    expect(lhcZodiac(1, 2008)).toBe(0);
    expect(lhcZodiacNumbers(0, 2008)).toEqual([1, 13, 25, 37, 49]);
    expect(lhcZodiac(1, 2017)).toBe(9);
    expect(lhcZodiacNumbers(5, 2025)).toEqual([1, 13, 25, 37, 49]);
  });

  test('the zodiac map follows the lunar year of the draw date: 2027-02-05 is still 马 (2026), 2027-02-06 羊 (2027)', () => {
    // 21:30 in Hong Kong (UTC+8) on the eve and on the day of Lunar New Year 2027, and its first minute.
    expect(lunarYearOf(Date.UTC(2027, 1, 5, 13, 30))).toBe(2026);
    expect(lunarYearOf(Date.UTC(2027, 1, 5, 16, 0))).toBe(2027);
    expect(lunarYearOf(Date.UTC(2027, 1, 6, 13, 30))).toBe(2027);
    expect(lunarYearOf(Date.UTC(2026, 1, 16, 15, 59))).toBe(2025);
    expect(lunarYearOf(Date.UTC(2026, 0, 1))).toBe(2025);
    expect(() => lunarYearOf(Date.UTC(2060, 0, 1))).toThrow(RangeError);
    expect(lhcZodiacValues(5, 2026)).toEqual([6]);
    expect(lhcZodiacValues(5, 2027)).toEqual([7]);
    expect(lhcZodiacValues(4, 2027)).not.toContain(7);
    // 01 is 马 in 2026 and 羊 in 2027: a 羊 bet wins on a draw holding 01 only in 2027.
    const numbers = [1, 2, 3, 4, 5, 6, 8];
    const goat = picksFromRows([[7]]);
    expect(winCount(playById(4004)!, goat, { kind: 'LHC', numbers, lunarYear: 2027 })).toBe(1);
    expect(winCount(playById(4005)!, goat, { kind: 'LHC', numbers, lunarYear: 2026 })).toBe(0);
    expect(() => winCount(playById(4004)!, goat, { kind: 'LHC', numbers })).toThrow(RangeError);
  });

  test('colours: red 17, blue 16, green 16 numbers (LOTTERY.md §5.2)', () => {
    const count = (colour: string) => NUMBERS.filter((n) => lhcColour(n) === colour).length;
    expect([count('red'), count('blue'), count('green')]).toEqual([17, 16, 16]);
    expect([1, 3, 5, 49].map(lhcColour)).toEqual(['red', 'blue', 'green', 'green']);
    expect(() => lhcColour(50)).toThrow(RangeError);
  });
});

describe('hand-worked LHC examples (draw 01 02 03 04 05 06, special 49)', () => {
  const draw = lhc(1, 2, 3, 4, 5, 6, 49);
  const win = (code: string, rows: number[][], on: Draw = draw) => {
    const play = playsOf('LHC').find((p) => p.code === code)!;
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), on) };
  };

  test('特码两面 on 49: every attribute loses and the bet pushes; special 30 is 大 and 双', () => {
    expect(win('LHC_SPECIAL_BSOE', [[0, 1, 2, 3]])).toEqual({ tickets: 4, wins: 0 });
    expect(win('LHC_SPECIAL_BSOE', [[0, 1, 2, 3]], lhc(1, 2, 3, 4, 5, 6, 30))).toEqual({ tickets: 4, wins: 2 });
  });
  test('正码 1, 7, 49 → 3 tickets, 1 wins (49 is the special, not a regular number)', () => expect(win('LHC_REGULAR', [[1, 7, 49]])).toEqual({ tickets: 3, wins: 1 }));
  test('特码 49 wins', () => expect(win('LHC_SPECIAL', [[49]])).toEqual({ tickets: 1, wins: 1 }));
  test('二全中 1, 2, 49 → 3 tickets, {1,2} wins', () => expect(win('LHC_REGULAR_ALL2', [[1, 2, 49]])).toEqual({ tickets: 3, wins: 1 }));
  test('三全中 1, 2, 3, 4 → 4 tickets, all 4 win', () => expect(win('LHC_REGULAR_ALL3', [[1, 2, 3, 4]])).toEqual({ tickets: 4, wins: 4 }));
  test('五不中 10-15 and 49 → C(7,5) = 21 tickets; the 6 tickets of 10-15 alone win', () =>
    expect(win('LHC_NOT_IN5', [[10, 11, 12, 13, 14, 15, 49]])).toEqual({ tickets: 21, wins: 6 }));
  test('一肖: 马 (1, 49 drawn) wins once; 蛇 (2) and 羊 (12, not drawn) of the 4-number play: 1 of 2', () => {
    expect(win('LHC_ZODIAC_5', [[6]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('LHC_ZODIAC_4', [[5, 7]])).toEqual({ tickets: 2, wins: 1 });
  });
});
