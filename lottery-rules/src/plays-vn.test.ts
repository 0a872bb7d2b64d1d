// VN (XSMB) plays against their reference models. P: đề-type plays read ĐB only, so all 10^5 ĐB
// values are enumerated; lô's expected hits is Σ over the 27 prizes of P(ending = v), each prize
// enumerated over all its values; xiên's inclusion–exclusion formula is checked against a brute
// force on small sizes, and its 27-ending value is recomputed here independently.
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
import { VN_PRIZE_DIGITS, allAppearProbability, pickWords, playById, playsOf, winCount, type Draw } from '.';

const endings = (d: readonly number[]) => d.map((n) => n % 100);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const onDb = (read: (db: number) => number): TicketModel => ({ tickets: combos(1), hits: ([v], d) => (read(d[0]) === v ? 1 : 0) });

const MODELS: Record<string, TicketModel> = {
  VN_LO2: { tickets: combos(1), hits: ([v], d) => endings(d).filter((ending) => ending === v).length },
  VN_DE: onDb((db) => db % 100),
  VN_DE_HEAD: onDb((db) => Math.floor(db / 10) % 10),
  VN_DE_TAIL: onDb((db) => db % 10),
  VN_3CANG: onDb((db) => db % 1000),
  ...Object.fromEntries(
    [2, 3, 4].map((k) => [`VN_XIEN${k}`, { tickets: combos(k), hits: (t, d) => (t.every((v) => endings(d).includes(v)) ? 1 : 0) } satisfies TicketModel]),
  ),
};

const vn = (numbers: number[]): Draw => ({ kind: 'VN', numbers });

/** A draw whose every number ends in 99 except the ĐB (fixed) — for the ĐB enumerations. */
function* allDb(): DrawEnumeration {
  const draw = VN_PRIZE_DIGITS.map(() => 99);
  for (let db = 0; db < 100000; db += 1) {
    draw[0] = db;
    yield [draw, 1];
  }
}

/** Random draws; every other one takes its endings from the bet's numbers or 00-09 (many repeats). */
const drawFor = (random: () => number) => (rows: Rows) => {
  if (random() < 0.5) return randomDraw('VN', random);
  const own = rows[0];
  return vn(
    VN_PRIZE_DIGITS.map((digits) => {
      const tail = random() < 0.5 && own.length ? own[randomInt(random, own.length)] : randomInt(random, 10);
      const modulus = digits >= 3 && tail >= 100 ? 1000 : 100;
      return (tail % modulus) + modulus * randomInt(random, 10 ** digits / modulus);
    }),
  );
};

/** P(k given numbers all appear among n uniform values of m), by brute force over all m^n outcomes. */
function bruteAllAppear(k: number, n: number, m: number): Rational {
  const ticket = Array.from({ length: k }, (_, index) => index);
  const model = MODELS[`VN_XIEN${k}`];
  const draw = new Array<number>(n).fill(0);
  let wins = 0;
  for (let outcome = 0; outcome < m ** n; outcome += 1) {
    for (let i = 0, rest = outcome; i < n; i += 1, rest = Math.floor(rest / m)) draw[i] = rest % m;
    wins += model.hits(ticket, draw);
  }
  return Rational.of(wins, m ** n);
}

/** Σ_j (−1)^j C(k, j) ((100 − j)/100)^27, computed here with Rational (independently of the module). */
function xienExact(k: number): Rational {
  let sum = Rational.ZERO;
  let choose = 1n;
  for (let j = 0; j <= k; j += 1) {
    const term = Rational.of(BigInt(100 - j) ** 27n, 100n ** 27n).mul(Rational.of(choose));
    sum = j % 2 === 0 ? sum.add(term) : sum.sub(term);
    choose = (choose * BigInt(k - j)) / BigInt(j + 1);
  }
  return sum;
}

test('every VN play has a reference model; the draw has 27 prizes of LOTTERY.md §6.1', () => {
  expect(playsOf('VN').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  expect(VN_PRIZE_DIGITS).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2]);
});

test('đề, đầu, đuôi, 3 càng: P = winning ĐB values / 10^5 (every ĐB), for several tickets', () => {
  for (const code of ['VN_DE', 'VN_DE_HEAD', 'VN_DE_TAIL', 'VN_3CANG']) {
    const play = playsOf('VN').find((p) => p.code === code)!;
    for (const ticket of sampleTickets(play, MODELS[code], mulberry32(play.id), 3)) {
      expect(ticketProbability(MODELS[code], ticket, allDb()).toString()).toBe(rationalOf(play.probability).toString());
    }
  }
});

test('lô: expected hits of a number = Σ over the 27 prizes of P(its ending) = 27/100', () => {
  const play = playById(5001)!;
  for (const v of [0, 7, 42, 99]) {
    let expected = Rational.ZERO;
    VN_PRIZE_DIGITS.forEach((digits, prize) => {
      const draw = VN_PRIZE_DIGITS.map(() => (v + 1) % 100);
      let hits = 0;
      for (let value = 0; value < 10 ** digits; value += 1) {
        draw[prize] = value;
        hits += MODELS.VN_LO2.hits([v], draw);
      }
      expected = expected.add(Rational.of(hits, 10 ** digits));
    });
    expect(expected.toString()).toBe(rationalOf(play.probability).toString());
  }
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

test('xiên 2/3/4: exact P over 27 endings (BigInt, carried in `exact`), ≈ 0.0548821, 0.0122979, 0.00266992', () => {
  const approx = [0.0548821, 0.0122979, 0.00266992];
  [2, 3, 4].forEach((k, index) => {
    const play = playsOf('VN').find((p) => p.code === `VN_XIEN${k}`)!;
    expect(play.probability.exact).toBeDefined();
    expect(rationalOf(play.probability).equals(xienExact(k))).toBe(true);
    expect(play.probability.num / play.probability.den).toBeCloseTo(approx[index], 7);
  });
});

describe.each(playsOf('VN').map((play) => [play.code, play] as const))('%s', (code, play) => {
  const model = MODELS[code];

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

describe('hand-worked VN examples', () => {
  // ĐB 12345, G1 00023, then endings: 23 three times in all, 45 once (the ĐB), 07 twice.
  const numbers = VN_PRIZE_DIGITS.map(() => 50);
  numbers[0] = 12345;
  numbers[1] = 23;
  numbers[5] = 99923;
  numbers[12] = 1023;
  numbers[20] = 107;
  numbers[26] = 7;
  const draw = vn(numbers);
  const win = (code: string, rows: number[][]) => {
    const play = playsOf('VN').find((p) => p.code === code)!;
    return { tickets: play.ticketsOf(picksOf(rows)), wins: winCount(play, picksOf(rows), draw) };
  };

  test('lô 23, 45, 07, 08 → 4 points, 3 + 1 + 2 = 6 hits (layers: 1st 07 23 45 50, 2nd 07 23 50, 3rd 23 50, …)', () => {
    expect(win('VN_LO2', [[7, 8, 23, 45]])).toEqual({ tickets: 4, wins: 6 });
    // The features carry one layer per repeat: 50 ends 21 of the 27 numbers.
    const play = playById(5001)!;
    expect(play.features(draw).f).toHaveLength(2 * 21);
    expect(pickWords(play, picksOf([[7, 8, 23, 45]]))).toEqual([(1n << 7n) | (1n << 8n) | (1n << 23n) | (1n << 45n), 0n]);
  });
  test('đề 45 wins, 23 does not; đầu 4, đuôi 5; 3 càng 345', () => {
    expect(win('VN_DE', [[23, 45]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('VN_DE_HEAD', [[4]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('VN_DE_TAIL', [[4]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('VN_DE_TAIL', [[5]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('VN_3CANG', [[345, 999]])).toEqual({ tickets: 2, wins: 1 });
  });
  test('xiên 2 of 07, 23, 45, 66 → C(4,2) = 6 tickets, 3 win (pairs of 07 23 45); xiên 3 → 4 tickets, 1 wins; repeats count once', () => {
    expect(win('VN_XIEN2', [[7, 23, 45, 66]])).toEqual({ tickets: 6, wins: 3 });
    expect(win('VN_XIEN3', [[7, 23, 45, 66]])).toEqual({ tickets: 4, wins: 1 });
    expect(win('VN_XIEN4', [[7, 23, 45, 50]])).toEqual({ tickets: 1, wins: 1 });
  });
  test('3 càng picks use 17 words of 60 bits (values 0-999)', () => {
    expect(pickWords(playById(5005)!, [1n << 999n])).toHaveLength(17);
  });
});
