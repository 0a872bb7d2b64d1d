// Vietnam lottery plays against their reference models, the northern draw (VN, 27 numbers) and the
// southern and central one (VN18, 18 numbers). P: plays that read one prize (đề-type: ĐB, G1, G8)
// enumerate every value of that prize (10^5 ĐB values for VN, 10^6 for VN18); lô's expected hits
// is Σ over the prizes of P(the number's ending = v), each prize enumerated over all its values;
// xiên's inclusion–exclusion formula is checked against a brute force on small sizes, and its
// 27- and 18-ending values are recomputed here independently.
import {
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
import { Rational } from '@platform/inhouse-games';
import { VN18_PRIZE_DIGITS, VN_PRIZE_DIGITS, allAppearProbability, pickWords, playById, playsOf, unitPrizeMinor, winCount, type Draw, type LotteryKind, type PlayDefinition } from '.';

const endings = (d: readonly number[]) => d.map((n) => n % 100);
/** The last three digits of every number that has at least three (VN 23 numbers, VN18 17). */
const threeEndings = (digits: readonly number[]) => (d: readonly number[]) => d.filter((_, index) => digits[index] >= 3).map((n) => n % 1000);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const onPrize = (read: (d: readonly number[]) => number): TicketModel => ({ tickets: combos(1), hits: ([v], d) => (read(d) === v ? 1 : 0) });
const onDb = (read: (db: number) => number): TicketModel => onPrize((d) => read(d[0]));
const occurrences = (read: (d: readonly number[]) => number[]): TicketModel => ({ tickets: combos(1), hits: ([v], d) => read(d).filter((value) => value === v).length });
const xienModel = (k: number): TicketModel => ({ tickets: combos(k), hits: (t, d) => (t.every((v) => endings(d).includes(v)) ? 1 : 0) });

const MODELS: Record<string, TicketModel> = {
  VN_LO2: occurrences(endings),
  VN_DE: onDb((db) => db % 100),
  VN_DE_HEAD: onDb((db) => Math.floor(db / 10) % 10),
  VN_DE_TAIL: onDb((db) => db % 10),
  VN_3CANG: onDb((db) => db % 1000),
  VN_XIEN2: xienModel(2),
  VN_XIEN3: xienModel(3),
  VN_XIEN4: xienModel(4),
  VN_LO3: occurrences(threeEndings(VN_PRIZE_DIGITS)),
  VN_4CANG: onDb((db) => db % 10000),
  VN_DE_G1: onPrize((d) => d[1] % 100),
  VN18_LO2: occurrences(endings),
  VN18_DE: onDb((db) => db % 100),
  VN18_DE_HEAD: onDb((db) => Math.floor(db / 10) % 10),
  VN18_DE_TAIL: onDb((db) => db % 10),
  VN18_DE_G8: onPrize((d) => d[17]),
  VN18_3CANG: onDb((db) => db % 1000),
  VN18_XIEN2: xienModel(2),
  VN18_XIEN3: xienModel(3),
  VN18_XIEN4: xienModel(4),
  VN18_LO3: occurrences(threeEndings(VN18_PRIZE_DIGITS)),
};

const DIGITS: Record<'VN' | 'VN18', readonly number[]> = { VN: VN_PRIZE_DIGITS, VN18: VN18_PRIZE_DIGITS };
const kindOf = (play: PlayDefinition) => play.kind as 'VN' | 'VN18';
const playOf = (code: string) => [...playsOf('VN'), ...playsOf('VN18')].find((play) => play.code === code)!;

/** Every value of prize `prize` (the other numbers fixed at 99…9, ending 99): the one-prize enumerations. */
function* allOf(kind: 'VN' | 'VN18', prize: number): DrawEnumeration {
  const digits = DIGITS[kind];
  const draw = digits.map((count) => 10 ** count - 1);
  for (let value = 0; value < 10 ** digits[prize]; value += 1) {
    draw[prize] = value;
    yield [draw, 1];
  }
}

/**
 * ticketProbability of several tickets over one enumeration, counted in plain numbers (10^6 VN18
 * ĐB values: one pass for every ticket instead of one per ticket with BigInt sums).
 */
function probabilitiesOver(draws: DrawEnumeration, tickets: readonly { model: TicketModel; ticket: readonly number[] }[]): Rational[] {
  const wins = tickets.map(() => 0);
  let total = 0;
  for (const [draw, weight] of draws) {
    total += weight;
    tickets.forEach(({ model, ticket }, index) => {
      wins[index] += weight * model.hits(ticket, draw);
    });
  }
  return wins.map((won) => Rational.of(won, total));
}

/** Random draws; every other one takes its numbers' tails from the bet's numbers or 0-9 (many repeats). */
const drawFor = (kind: LotteryKind, random: () => number) => (rows: Rows) => {
  if (random() < 0.5) return randomDraw(kind, random);
  const own = rows[0];
  return {
    kind,
    numbers: DIGITS[kind as 'VN' | 'VN18'].map((digits) => {
      const tail = random() < 0.5 && own.length ? own[randomInt(random, own.length)] : randomInt(random, 10);
      // The tail keeps as many of its digits as it has (at least two), within the prize's digits.
      const modulus = 10 ** Math.min(digits, Math.max(2, String(tail).length));
      return (tail % modulus) + modulus * randomInt(random, 10 ** digits / modulus);
    }),
  } satisfies Draw;
};

/** P(k given numbers all appear among n uniform values of m), by brute force over all m^n outcomes. */
function bruteAllAppear(k: number, n: number, m: number): Rational {
  const ticket = Array.from({ length: k }, (_, index) => index);
  const model = xienModel(k);
  const draw = new Array<number>(n).fill(0);
  let wins = 0;
  for (let outcome = 0; outcome < m ** n; outcome += 1) {
    for (let i = 0, rest = outcome; i < n; i += 1, rest = Math.floor(rest / m)) draw[i] = rest % m;
    wins += model.hits(ticket, draw);
  }
  return Rational.of(wins, m ** n);
}

/** Σ_j (−1)^j C(k, j) ((100 − j)/100)^n, computed here with Rational (independently of the module). */
function xienExact(k: number, n: number): Rational {
  let sum = Rational.ZERO;
  let choose = 1n;
  for (let j = 0; j <= k; j += 1) {
    const term = Rational.of(BigInt(100 - j) ** BigInt(n), 100n ** BigInt(n)).mul(Rational.of(choose));
    sum = j % 2 === 0 ? sum.add(term) : sum.sub(term);
    choose = (choose * BigInt(k - j)) / BigInt(j + 1);
  }
  return sum;
}

/** Σ over the prizes of P(the prize gives v under the model), each prize enumerated over all its values. */
function expectedHits(kind: 'VN' | 'VN18', model: TicketModel, v: number): Rational {
  const digits = DIGITS[kind];
  let expected = Rational.ZERO;
  digits.forEach((count, prize) => {
    // The other numbers end in 99…9 + 1 of v's own digits: never v.
    const draw = digits.map((others) => (v + 1) % 10 ** Math.min(others, 3));
    let hits = 0;
    for (let value = 0; value < 10 ** count; value += 1) {
      draw[prize] = value;
      hits += model.hits([v], draw);
    }
    expected = expected.add(Rational.of(hits, 10 ** count));
  });
  return expected;
}

test('every VN and VN18 play has a reference model; the draws have 27 and 18 prizes', () => {
  expect([...playsOf('VN'), ...playsOf('VN18')].map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  expect(VN_PRIZE_DIGITS).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2]);
  expect(VN18_PRIZE_DIGITS).toEqual([6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 3, 2]);
  expect(playsOf('VN').map((play) => play.id)).toEqual([5001, 5002, 5003, 5004, 5005, 5006, 5007, 5008, 5009, 5010, 5011]);
  expect(playsOf('VN18').map((play) => play.id)).toEqual([5012, 5013, 5014, 5015, 5016, 5017, 5018, 5019, 5020, 5021]);
});

test('đề, đầu, đuôi, 3 càng, 4 càng: P = winning ĐB values / every ĐB value (10^5 for VN, 10^6 for VN18), for several tickets', () => {
  const codes = { VN: ['VN_DE', 'VN_DE_HEAD', 'VN_DE_TAIL', 'VN_3CANG', 'VN_4CANG'], VN18: ['VN18_DE', 'VN18_DE_HEAD', 'VN18_DE_TAIL', 'VN18_3CANG'] } as const;
  for (const kind of ['VN', 'VN18'] as const) {
    const tickets = codes[kind].flatMap((code) => sampleTickets(playOf(code), MODELS[code], mulberry32(playOf(code).id), 3).map((ticket) => ({ code, model: MODELS[code], ticket })));
    expect(tickets.length).toBe(3 * codes[kind].length);
    const found = probabilitiesOver(allOf(kind, 0), tickets);
    expect(tickets.map(({ code }, index) => `${code} ${found[index].toString()}`)).toEqual(tickets.map(({ code }) => `${code} ${rationalOf(playOf(code).probability).toString()}`));
  }
  // The same count by the harness's own (BigInt) ticketProbability, on the northern ĐB.
  expect(ticketProbability(MODELS.VN_4CANG, [2345], allOf('VN', 0)).toString()).toBe('1/10000');
});

test('đề giải nhất (G1, every 10^5 value) and đầu giải tám (G8, every 10^2 value): P = 1/100', () => {
  for (const [code, prize] of [
    ['VN_DE_G1', 1],
    ['VN18_DE_G8', 17],
  ] as const) {
    const play = playOf(code);
    expect(rationalOf(play.probability).toString()).toBe('1/100');
    for (const ticket of sampleTickets(play, MODELS[code], mulberry32(play.id), 3)) {
      expect(ticketProbability(MODELS[code], ticket, allOf(kindOf(play), prize)).toString()).toBe('1/100');
    }
  }
});

test('lô 2 số: expected hits of a number = Σ over the prizes of P(its ending) = 27/100 (VN), 18/100 (VN18)', () => {
  for (const [code, kind, v] of [
    ['VN_LO2', 'VN', 42],
    ['VN18_LO2', 'VN18', 7],
  ] as const) {
    expect({ code, v, hits: expectedHits(kind, MODELS[code], v).toString() }).toEqual({ code, v, hits: rationalOf(playOf(code).probability).toString() });
  }
  expect(rationalOf(playOf('VN_LO2').probability).toString()).toBe('27/100');
  expect(rationalOf(playOf('VN18_LO2').probability).toString()).toBe('9/50');
});

test('lô 3 số: expected hits = Σ over the numbers of ≥ 3 digits of P(its last three) = 23/1000 (VN), 17/1000 (VN18)', () => {
  for (const [code, kind, v] of [
    ['VN_LO3', 'VN', 7],
    ['VN18_LO3', 'VN18', 345],
  ] as const) {
    expect({ code, v, hits: expectedHits(kind, MODELS[code], v).toString() }).toEqual({ code, v, hits: rationalOf(playOf(code).probability).toString() });
  }
  expect(rationalOf(playOf('VN_LO3').probability).toString()).toBe('23/1000');
  expect(rationalOf(playOf('VN18_LO3').probability).toString()).toBe('17/1000');
});

test('lô plays are paid per occurrence and a point costs as many units as the numbers they read: 100 (lô 2) or 1000 (lô 3) units × G/2000 per hit', () => {
  const lo = [
    ['VN_LO2', 2700, 9_500],
    ['VN_LO3', 2300, 95_000],
    ['VN18_LO2', 1800, 9_500],
    ['VN18_LO3', 1700, 95_000],
  ] as const;
  for (const [code, unit, prize] of lo) {
    const play = playOf(code);
    expect({ code, perOccurrence: play.perOccurrence, unit: play.unitStakeMinor, prize: unitPrizeMinor(play, 1900, 1) }).toEqual({ code, perOccurrence: true, unit, prize });
  }
  // Every other VN play pays once per winning ticket, 1 unit a point.
  const others = [...playsOf('VN'), ...playsOf('VN18')].filter((play) => !lo.some(([code]) => code === play.code));
  expect(others.filter((play) => play.perOccurrence || play.unitStakeMinor !== 100)).toEqual([]);
});

test('xiên: the inclusion–exclusion formula equals a brute force on small sizes', () => {
  for (const [k, n, m] of [
    [2, 4, 10],
    [3, 5, 10],
    [4, 6, 8],
    [2, 3, 100],
  ]) {
    expect(rationalOf(allAppearProbability(k, n, m)).toString()).toBe(bruteAllAppear(k, n, m).toString());
  }
});

test('xiên 2/3/4: exact P over 27 endings ≈ 0.0548821, 0.0122979, 0.00266992 and over 18 endings ≈ 0.0261078, 0.00391345, 0.000555225 (BigInt, carried in `exact`)', () => {
  const approx: Record<string, number> = {
    VN_XIEN2: 0.0548821,
    VN_XIEN3: 0.0122979,
    VN_XIEN4: 0.00266992,
    VN18_XIEN2: 0.0261078,
    VN18_XIEN3: 0.00391345,
    VN18_XIEN4: 0.000555225,
  };
  for (const [code, value] of Object.entries(approx)) {
    const play = playOf(code);
    const k = Number(code.slice(-1));
    const n = play.kind === 'VN' ? 27 : 18;
    expect(play.probability.exact).toBeDefined();
    expect({ code, equal: rationalOf(play.probability).equals(xienExact(k, n)) }).toEqual({ code, equal: true });
    expect(play.probability.num / play.probability.den / value).toBeCloseTo(1, 5);
  }
});

describe.each([...playsOf('VN'), ...playsOf('VN18')].map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

  test('ticketsOf = the expansion; broken rows give 0', () => {
    expect(compareTicketCounts(play, model, mulberry32(play.id + 1), 200, 9)).toEqual([]);
    for (const picks of invalidPicks(play)) expect(play.ticketsOf(picks)).toBe(0);
  });

  test('winCount (the rule) = brute force over the tickets, random picks × draws', () => {
    const random = mulberry32(play.id + 2);
    const result = compareWinCounts(play, model, random, { bets: 120, drawsPerBet: 8, maxPerRow: 9, draw: drawFor(play.kind, random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('hand-worked VN examples', () => {
  // ĐB 12345, G1 00023, then endings: 23 three times in all, 45 once (the ĐB), 07 twice.
  const numbers = VN_PRIZE_DIGITS.map(() => 50);
  numbers[0] = 12345;
  numbers[1] = 23;
  numbers[5] = 99923;
  numbers[12] = 1023;
  numbers[20] = 107;
  numbers[26] = 7;
  const draw: Draw = { kind: 'VN', numbers };
  const win = (code: string, rows: number[][], on: Draw = draw) => {
    const play = playOf(code);
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), on) };
  };

  test('lô 23, 45, 07, 08 → 4 points, 3 + 1 + 2 = 6 hits (layers: 1st 07 23 45 50, 2nd 07 23 50, 3rd 23 50, …)', () => {
    expect(win('VN_LO2', [[7, 8, 23, 45]])).toEqual({ tickets: 4, wins: 6 });
    // The features carry one layer per repeat: 50 ends 21 of the 27 numbers.
    const play = playById(5001)!;
    expect(play.features(draw).f).toHaveLength(2 * 21);
    expect(pickWords(play, picksOf([[7, 8, 23, 45]]))).toEqual([(1n << 7n) | (1n << 8n) | (1n << 23n) | (1n << 45n), 0n]);
  });
  test('đề 45 wins, 23 does not; đầu 4, đuôi 5; 3 càng 345; 4 càng 2345; đề giải nhất 23', () => {
    expect(win('VN_DE', [[23, 45]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN_DE_HEAD', [[4]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('VN_DE_TAIL', [[4]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('VN_DE_TAIL', [[5]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('VN_3CANG', [[345, 999]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN_4CANG', [[345, 2345, 1234]])).toEqual({ tickets: 3, wins: 1 });
    expect(win('VN_DE_G1', [[23, 45]])).toEqual({ tickets: 2, wins: 1 });
  });
  test('lô 3 số: 023 on G1 (00023) and G4 (1023) = 2 hits, not G3 (99923 ends 923); 107 on G6; 345 on ĐB; G7 (07) has no third digit', () => {
    expect(win('VN_LO3', [[23, 107, 7, 345]])).toEqual({ tickets: 4, wins: 2 + 1 + 0 + 1 });
    // 050 ends the other 18 of the 23 numbers of ≥ 3 digits (not the four of G7, which have two): 18 layers of 17 words.
    const play = playById(5009)!;
    expect(play.features(draw).f).toHaveLength(18 * 17);
  });
  test('xiên 2 of 07, 23, 45, 66 → C(4,2) = 6 tickets, 3 win (pairs of 07 23 45); xiên 3 → 4 tickets, 1 wins; repeats count once', () => {
    expect(win('VN_XIEN2', [[7, 23, 45, 66]])).toEqual({ tickets: 6, wins: 3 });
    expect(win('VN_XIEN3', [[7, 23, 45, 66]])).toEqual({ tickets: 4, wins: 1 });
    expect(win('VN_XIEN4', [[7, 23, 45, 50]])).toEqual({ tickets: 1, wins: 1 });
  });
  test('3 càng picks use 17 words of 60 bits (values 0-999), 4 càng 167 (0-9999)', () => {
    expect(pickWords(playById(5005)!, [1n << 999n])).toHaveLength(17);
    expect(pickWords(playById(5010)!, [1n << 9999n])).toHaveLength(167);
  });

  // VN18, stored ĐB first: ĐB 654321, G1 10021, G2 30021, G3 45621 77777, G4 00100 11111 22222 33333
  // 44444 55555 66666, G5 1221, G6 0007 8888 9999, G7 321, G8 21. Endings: 21 seven times (ĐB, G1,
  // G2, G3, G5, G7, G8), 00 (G4), 07, 77, 11 22 33 44 55 66 88 99 once each.
  const vn18: Draw = {
    kind: 'VN18',
    numbers: [654321, 10021, 30021, 45621, 77777, 100, 11111, 22222, 33333, 44444, 55555, 66666, 1221, 7, 8888, 9999, 321, 21],
  };

  test('VN18 lô 2 số: 21 seven times, 07 once, 50 never → 8 hits; the features carry 7 layers', () => {
    expect(win('VN18_LO2', [[7, 21, 50]], vn18)).toEqual({ tickets: 3, wins: 8 });
    expect(playById(5012)!.features(vn18).f).toHaveLength(7 * 2);
  });
  test('VN18 đề 21 (ĐB 654321), đầu 2, đuôi 1, đầu giải tám 21 (G8), 3 càng 321', () => {
    expect(win('VN18_DE', [[21, 12]], vn18)).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN18_DE_HEAD', [[1, 2]], vn18)).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN18_DE_TAIL', [[1, 2]], vn18)).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN18_DE_G8', [[21]], vn18)).toEqual({ tickets: 1, wins: 1 });
    expect(win('VN18_DE_G8', [[12]], vn18)).toEqual({ tickets: 1, wins: 0 });
    expect(win('VN18_3CANG', [[321, 21]], vn18)).toEqual({ tickets: 2, wins: 1 });
  });
  test('VN18 lô 3 số: 321 on ĐB (654321) and G7 (321) = 2 hits; 021 on G1, G2 = 2; G8 (21) has no third digit', () => {
    expect(win('VN18_LO3', [[321, 21, 999]], vn18)).toEqual({ tickets: 3, wins: 2 + 2 + 1 });
  });
  test('VN18 xiên: {07, 21, 77} all appear; 50 does not', () => {
    expect(win('VN18_XIEN2', [[7, 21, 50]], vn18)).toEqual({ tickets: 3, wins: 1 });
    expect(win('VN18_XIEN3', [[7, 21, 77, 50]], vn18)).toEqual({ tickets: 4, wins: 1 });
    expect(win('VN18_XIEN4', [[0, 7, 21, 77, 88]], vn18)).toEqual({ tickets: 5, wins: 5 });
  });
  test('a VN18 play refuses a northern draw and the other way round', () => {
    expect(() => winCount(playById(5012)!, picksOf([[21]]), draw)).toThrow(RangeError);
    expect(() => winCount(playById(5001)!, picksOf([[21]]), vn18)).toThrow(RangeError);
  });
});
