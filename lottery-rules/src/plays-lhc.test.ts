// LHC plays against their reference models. P: an exact weighted enumeration over what a ticket
// reads — the special number (49 values) and, for each, which of the ticket's relevant numbers
// are among the 6 regular ones; a class with r relevant regular numbers stands for the
// C(48 − |relevant other than the special|, 6 − r) regular sets that complete it. Total weight
// 49 · C(48, 6), every (regular set, special) once. Plays that read the 7 numbers as a set (尾数,
// 连肖, 连尾, 不中) are enumerated over 7-subsets instead: which relevant numbers are drawn, each
// class standing for the C(49 − |relevant|, 7 − drawn) subsets completing it, C(49, 7) in all. 总和
// reads only the sum: the sums of all C(49, 7) subsets, counted by plain loops over every 6-subset
// of 1-48 and the range of its seventh number (a difference array). A plain enumeration of all
// C(49, 6) regular sets cross-checks the regular-number plays. The models' colours, zodiacs and
// tails are tables written here, from the published Mark Six colour and zodiac charts, not the library's.
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

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const NUMBERS = range(1, 49);

/** The 2026 (马) zodiac table, zodiac index 0 = 鼠 … 11 = 猪. */
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

/** The year's zodiac in 2026 (马): the 5-number one. */
const HORSE = 6;

/** The Mark Six colour chart: red and blue; the other 16 numbers (49 included) are green. Colour 0 红 1 蓝 2 绿. */
const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
const colourOf = (n: number) => (RED.includes(n) ? 0 : BLUE.includes(n) ? 1 : 2);

/** The numbers of each tail 0-9 (尾 0: 10 20 30 40). */
const TAILS: readonly (readonly number[])[] = Array.from({ length: 10 }, (_, tail) => NUMBERS.filter((n) => n % 10 === tail));

const regular = (d: readonly number[]) => d.slice(0, 6);
const combos = (k: number) => (rows: Rows) => combinations(rows[0], k);
const hasAttribute = (n: number, attribute: number) => n !== 49 && [n >= 25, n <= 24, n % 2 === 1, n % 2 === 0][attribute];
const zodiacIn = (zodiac: number, d: readonly number[]) => d.some((n) => ZODIAC_2026[zodiac].includes(n));
const tailIn = (tail: number, d: readonly number[]) => d.some((n) => TAILS[tail].includes(n));
const sumOf = (d: readonly number[]) => d.reduce((sum, n) => sum + n, 0);
/** 总和: 0 大 (≥ 175) 1 小 2 单 3 双. */
const hasSumAttribute = (sum: number, attribute: number) => [sum >= 175, sum <= 174, sum % 2 === 1, sum % 2 === 0][attribute];

/** A ticket of k zodiacs (with 马 too when `withHorse`), none of them 马, all drawn. */
const linkedZodiacModel = (k: number, withHorse: boolean): TicketModel => ({
  tickets: combos(withHorse ? k - 1 : k),
  hits: (t, d) => (t.every((zodiac) => zodiac !== HORSE && zodiacIn(zodiac, d)) && (!withHorse || zodiacIn(HORSE, d)) ? 1 : 0),
});
/** A ticket of k tails of 1-9 (with 尾 0 too when `withZero`), all drawn. */
const linkedTailModel = (k: number, withZero: boolean): TicketModel => ({
  tickets: combos(withZero ? k - 1 : k),
  hits: (t, d) => (t.every((tail) => tailIn(tail, d)) && (!withZero || tailIn(0, d)) ? 1 : 0),
});
const notInModel = (k: number): TicketModel => ({ tickets: combos(k), hits: (t, d) => (t.every((n) => !d.includes(n)) ? 1 : 0) });

/** 过关 leg values 0 大 1 小 2 单 3 双 4 红 5 蓝 6 绿; a 大小单双 leg on 49 counts as won, 49 is green. */
const parlayLegWins = (value: number, n: number) => (value < 4 ? n === 49 || hasAttribute(n, value) : colourOf(n) === value - 4);
/** 过关 of `legs` legs: one ticket, a leg value or −1 per regular position, won when every leg is won on its position. */
const parlayModel = (legs: number): TicketModel => ({
  tickets: (rows) => (rows.filter((row) => row.length > 0).length === legs && rows.every((row) => row.length <= 1) ? [rows.map((row) => (row.length ? row[0] : -1))] : []),
  hits: (t, d) => (t.every((value, position) => value < 0 || parlayLegWins(value, d[position])) ? 1 : 0),
});
const isParlay = (code: string) => code.startsWith('LHC_PARLAY');
/** The rows of a 过关 ticket (its picks: probabilityOf). */
const parlayRows = (ticket: Ticket): number[][] => ticket.map((value) => (value < 0 ? [] : [value]));

const MODELS: Record<string, TicketModel> = {
  LHC_SPECIAL: { tickets: combos(1), hits: ([n], d) => (d[6] === n ? 1 : 0) },
  LHC_REGULAR: { tickets: combos(1), hits: ([n], d) => (regular(d).includes(n) ? 1 : 0) },
  LHC_SPECIAL_BSOE: { tickets: cartesian, hits: ([attribute], d) => (hasAttribute(d[6], attribute) ? 1 : 0) },
  LHC_ZODIAC_5: { tickets: cartesian, hits: ([zodiac], d) => (d.some((n) => ZODIAC_2026[zodiac].includes(n)) ? 1 : 0) },
  LHC_ZODIAC_4: { tickets: cartesian, hits: ([zodiac], d) => (d.some((n) => ZODIAC_2026[zodiac].includes(n)) ? 1 : 0) },
  LHC_REGULAR_ALL2: { tickets: combos(2), hits: (t, d) => (t.every((n) => regular(d).includes(n)) ? 1 : 0) },
  LHC_REGULAR_ALL3: { tickets: combos(3), hits: (t, d) => (t.every((n) => regular(d).includes(n)) ? 1 : 0) },
  LHC_NOT_IN5: notInModel(5),
  LHC_SPECIAL_RED: { tickets: cartesian, hits: ([colour], d) => (colourOf(d[6]) === colour ? 1 : 0) },
  LHC_SPECIAL_BLUE_GREEN: { tickets: cartesian, hits: ([colour], d) => (colourOf(d[6]) === colour ? 1 : 0) },
  // 半波 value = colour × 4 + 大小单双.
  ...Object.fromEntries(
    [7, 8, 9, 10].map((size) => [
      `LHC_HALF_WAVE_${size}`,
      { tickets: cartesian, hits: ([value], d) => (colourOf(d[6]) === Math.floor(value / 4) && hasAttribute(d[6], value % 4) ? 1 : 0) } satisfies TicketModel,
    ]),
  ),
  LHC_SPECIAL_ZODIAC_5: { tickets: cartesian, hits: ([zodiac], d) => (zodiac === HORSE && ZODIAC_2026[zodiac].includes(d[6]) ? 1 : 0) },
  LHC_SPECIAL_ZODIAC_4: { tickets: cartesian, hits: ([zodiac], d) => (zodiac !== HORSE && ZODIAC_2026[zodiac].includes(d[6]) ? 1 : 0) },
  LHC_SPECIAL_TAIL_0: { tickets: cartesian, hits: ([tail], d) => (TAILS[tail].includes(d[6]) ? 1 : 0) },
  LHC_SPECIAL_TAIL: { tickets: cartesian, hits: ([tail], d) => (TAILS[tail].includes(d[6]) ? 1 : 0) },
  LHC_TAIL_0: { tickets: cartesian, hits: ([tail], d) => (tailIn(tail, d) ? 1 : 0) },
  LHC_TAIL: { tickets: cartesian, hits: ([tail], d) => (tailIn(tail, d) ? 1 : 0) },
  LHC_LINKED_ZODIAC2: linkedZodiacModel(2, false),
  LHC_LINKED_ZODIAC2_YEAR: linkedZodiacModel(2, true),
  LHC_LINKED_ZODIAC3: linkedZodiacModel(3, false),
  LHC_LINKED_ZODIAC3_YEAR: linkedZodiacModel(3, true),
  LHC_LINKED_TAIL2: linkedTailModel(2, false),
  LHC_LINKED_TAIL2_ZERO: linkedTailModel(2, true),
  LHC_LINKED_TAIL3: linkedTailModel(3, false),
  LHC_LINKED_TAIL3_ZERO: linkedTailModel(3, true),
  LHC_TWO_SPECIAL: { tickets: combos(2), hits: (t, d) => (t.every((n) => d.includes(n)) ? 1 : 0) },
  // 三中二: a ticket with exactly 2 of its 3 numbers regular wins one unit, with all 3 five.
  LHC_THREE_TWO: { tickets: combos(3), hits: (t, d) => [0, 0, 1, 5][t.filter((n) => regular(d).includes(n)).length] },
  LHC_SPECIAL_PAIR: { tickets: combos(2), hits: (t, d) => (t.includes(d[6]) && t.some((n) => regular(d).includes(n)) ? 1 : 0) },
  ...Object.fromEntries(
    (['BIG', 'SMALL', 'ODD', 'EVEN'] as const).map((name, attribute) => [
      `LHC_TOTAL_${name}`,
      { tickets: cartesian, hits: (_t, d) => (hasSumAttribute(sumOf(d), attribute) ? 1 : 0) } satisfies TicketModel,
    ]),
  ),
  ...Object.fromEntries([6, 7, 8, 9, 10, 11, 12].map((k) => [`LHC_NOT_IN${k}`, notInModel(k)])),
  ...Object.fromEntries([2, 3, 4, 5, 6].map((legs) => [`LHC_PARLAY${legs}`, parlayModel(legs)])),
};

/** The plays whose tickets read the 7 numbers as a set (enumerated over 7-subsets). */
const readsSet = (code: string) => /^LHC_(TAIL|LINKED_|NOT_IN|TWO_SPECIAL)/.test(code);
const readsSum = (code: string) => code.startsWith('LHC_TOTAL_');
const pushes = (code: string) => code === 'LHC_SPECIAL_BSOE' || code.startsWith('LHC_HALF_WAVE_');

/** The zodiac plays' tickets: their zodiacs must be of the play's size (2026: 马 the 5-number one). */
const ZODIAC_TICKETS: Readonly<Record<string, (ticket: Ticket) => boolean>> = {
  LHC_ZODIAC_5: (t) => t.every((zodiac) => zodiac === HORSE),
  LHC_SPECIAL_ZODIAC_5: (t) => t.every((zodiac) => zodiac === HORSE),
  ...Object.fromEntries(
    ['LHC_ZODIAC_4', 'LHC_SPECIAL_ZODIAC_4', 'LHC_LINKED_ZODIAC2', 'LHC_LINKED_ZODIAC2_YEAR', 'LHC_LINKED_ZODIAC3', 'LHC_LINKED_ZODIAC3_YEAR'].map((code) => [
      code,
      (t: Ticket) => t.every((zodiac) => zodiac !== HORSE),
    ]),
  ),
};
/** One valid ticket of each zodiac play, tried besides the random ones (which may all be of the other size). */
const FIXED_TICKETS: Readonly<Record<string, Ticket>> = {
  LHC_ZODIAC_5: [HORSE],
  LHC_ZODIAC_4: [0],
  LHC_SPECIAL_ZODIAC_5: [HORSE],
  LHC_SPECIAL_ZODIAC_4: [11],
  LHC_LINKED_ZODIAC2: [0, 7],
  LHC_LINKED_ZODIAC2_YEAR: [5],
  LHC_LINKED_ZODIAC3: [1, 5, 7],
  LHC_LINKED_ZODIAC3_YEAR: [0, 11],
};

/** The numbers whose presence decides a ticket (the special is always enumerated by drawClasses). */
function relevantNumbers(code: string, ticket: Ticket): number[] {
  if (code === 'LHC_SPECIAL_BSOE' || code.startsWith('LHC_SPECIAL_RED') || code.startsWith('LHC_SPECIAL_BLUE') || code.startsWith('LHC_HALF_WAVE')) return [];
  if (code.startsWith('LHC_ZODIAC') || code.startsWith('LHC_SPECIAL_ZODIAC')) return [...ZODIAC_2026[ticket[0]]];
  if (code.startsWith('LHC_LINKED_ZODIAC')) return [...ticket, ...(code.endsWith('_YEAR') ? [HORSE] : [])].flatMap((zodiac) => ZODIAC_2026[zodiac]);
  if (code.startsWith('LHC_SPECIAL_TAIL') || code.startsWith('LHC_TAIL')) return [...TAILS[ticket[0]]];
  if (code.startsWith('LHC_LINKED_TAIL')) return [...ticket, ...(code.endsWith('_ZERO') ? [0] : [])].flatMap((tail) => TAILS[tail]);
  return [...ticket];
}

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

/** The 7-subsets of 1-49 by which relevant numbers they hold (weight: the subsets completing each class). */
function* setClasses(relevant: readonly number[]): DrawEnumeration {
  const others = NUMBERS.filter((n) => !relevant.includes(n));
  for (let subset = 0; subset < 1 << relevant.length; subset += 1) {
    const chosen = relevant.filter((_, index) => subset & (1 << index));
    if (chosen.length > 7) continue;
    yield [[...chosen, ...others.slice(0, 7 - chosen.length)], binomial(others.length, 7 - chosen.length)];
  }
}

let sums: number[] | undefined;
/** 7-subsets of 1-49 by sum: every 6-subset a<…<f of 1-48 adds one subset to each sum s + g, g = f+1 … 49. */
function sumHistogram(): number[] {
  if (sums) return sums;
  const difference = new Array<number>(400).fill(0);
  for (let a = 1; a <= 43; a += 1)
    for (let b = a + 1; b <= 44; b += 1)
      for (let c = b + 1; c <= 45; c += 1)
        for (let d = c + 1; d <= 46; d += 1)
          for (let e = d + 1; e <= 47; e += 1)
            for (let f = e + 1; f <= 48; f += 1) {
              const s = a + b + c + d + e + f;
              difference[s + f + 1] += 1;
              difference[s + 50] -= 1;
            }
  sums = [];
  let running = 0;
  for (const step of difference) sums.push((running += step));
  return sums;
}

/** 总和: one class per sum s, weighing the 7-subsets with that sum (the models read only the sum: the draw [s] stands for them). */
function* sumClasses(): DrawEnumeration {
  for (const [sum, weight] of sumHistogram().entries()) if (weight > 0) yield [[sum], weight];
}

/**
 * 过关: the ordered draws of the legs' positions by the class of each number drawn there (size,
 * parity and colour of 1-48, and 49 alone: 13 classes); a sequence using a class m times stands for
 * the (size)_m ways to fill those places with distinct numbers of it. The other positions do not
 * decide the ticket (0 stands for them). Total weight (49)_legs.
 */
function* parlayClasses(ticket: Ticket): DrawEnumeration {
  const classes = new Map<string, number[]>();
  for (const n of NUMBERS) {
    const key = n === 49 ? '49' : `${n >= 25}/${n % 2}/${colourOf(n)}`;
    classes.set(key, [...(classes.get(key) ?? []), n]);
  }
  const members = [...classes.values()];
  const positions = ticket.flatMap((value, position) => (value < 0 ? [] : [position]));
  const used = members.map(() => 0);
  function* walk(at: number, draw: number[], weight: number): DrawEnumeration {
    if (at === positions.length) {
      yield [[...draw], weight];
      return;
    }
    for (const [index, numbers] of members.entries()) {
      if (used[index] === numbers.length) continue;
      draw[positions[at]] = numbers[0];
      used[index] += 1;
      yield* walk(at + 1, draw, weight * (numbers.length - used[index] + 1));
      used[index] -= 1;
    }
    draw[positions[at]] = 0;
  }
  yield* walk(0, [0, 0, 0, 0, 0, 0, 0], 1);
}

function enumerationFor(code: string, ticket: Ticket): DrawEnumeration {
  if (isParlay(code)) return parlayClasses(ticket);
  if (readsSum(code)) return sumClasses();
  return readsSet(code) ? setClasses(relevantNumbers(code, ticket)) : drawClasses(relevantNumbers(code, ticket));
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

test('every LHC play has a reference model; the classes weigh 49 · C(48, 6), the 7-subsets and the sums C(49, 7) in all', () => {
  expect(playsOf('LHC').map((play) => play.code).sort()).toEqual(Object.keys(MODELS).sort());
  const weigh = (classes: DrawEnumeration) => {
    let total = 0;
    for (const [, weight] of classes) total += weight;
    return total;
  };
  for (const relevant of [[], [1, 2, 3, 4, 5], [7, 19, 31, 43]]) expect(weigh(drawClasses(relevant))).toBe(49 * binomial(48, 6));
  for (const relevant of [[], [10, 20, 30, 40], NUMBERS.slice(0, 12), [...TAILS[1], ...TAILS[2], ...TAILS[3]]]) expect(weigh(setClasses(relevant))).toBe(binomial(49, 7));
  expect(weigh(sumClasses())).toBe(binomial(49, 7));
  // The smallest and largest sums: 1+…+7 = 28 and 43+…+49 = 322, one subset each; n ↦ 50 − n mirrors s ↦ 350 − s.
  const histogram = sumHistogram();
  expect([histogram[27], histogram[28], histogram[322], histogram[323]]).toEqual([0, 1, 1, 0]);
  for (let sum = 28; sum <= 322; sum += 1) expect(histogram[350 - sum]).toBe(histogram[sum]);
});

test('P of the Mark Six plays (二全中 5/392, 三全中 5/4606, 一肖 47580016 and 40520964 / 85900584, 五不中 C(44,7)/C(49,7))', () => {
  const p = (code: string) => rationalOf(playsOf('LHC').find((play) => play.code === code)!.probability).toString();
  expect(p('LHC_REGULAR_ALL2')).toBe('5/392');
  expect(p('LHC_REGULAR_ALL3')).toBe('5/4606');
  expect(p('LHC_ZODIAC_5')).toBe(Rational.of(47580016, 85900584).toString());
  expect(p('LHC_ZODIAC_4')).toBe(Rational.of(40520964, 85900584).toString());
  expect(p('LHC_NOT_IN5')).toBe(Rational.of(binomial(44, 7), binomial(49, 7)).toString());
  expect(p('LHC_SPECIAL_BSOE')).toBe('24/49');
});

test('P of the other plays, worked out apart from the code (counts of the classes, inclusion–exclusion, the sum loops)', () => {
  const p = (code: string) => rationalOf(playsOf('LHC').find((play) => play.code === code)!.probability).toString();
  const of = (num: number, den: number) => Rational.of(num, den).toString();
  const C = (n: number) => binomial(n, 7);
  const all = C(49);
  expect([p('LHC_SPECIAL_RED'), p('LHC_SPECIAL_BLUE_GREEN')]).toEqual(['17/49', '16/49']);
  // 半波 counts of 1-48: 红大 29 30 34 35 40 45 46 = 7, 红小 10, 红单 8, 红双 9; 蓝 9 7 8 8; 绿 8 7 8 7 (49 pushes).
  const halfWave = Array.from({ length: 12 }, (_, value) => NUMBERS.filter((n) => colourOf(n) === Math.floor(value / 4) && hasAttribute(n, value % 4)).length);
  expect(halfWave).toEqual([7, 10, 8, 9, 9, 7, 8, 8, 8, 7, 8, 7]);
  for (const size of [7, 8, 9, 10]) {
    const play = playsOf('LHC').find((candidate) => candidate.code === `LHC_HALF_WAVE_${size}`)!;
    expect(play.rows[0].values).toEqual(halfWave.flatMap((count, value) => (count === size ? [value] : [])));
    expect(p(play.code)).toBe(of(size, 49));
  }
  expect([p('LHC_SPECIAL_ZODIAC_5'), p('LHC_SPECIAL_ZODIAC_4'), p('LHC_SPECIAL_TAIL_0'), p('LHC_SPECIAL_TAIL')]).toEqual(['5/49', '4/49', '4/49', '5/49']);
  expect(p('LHC_TAIL_0')).toBe(of(all - C(45), all));
  expect(p('LHC_TAIL')).toBe(of(all - C(44), all));
  expect(p('LHC_LINKED_ZODIAC2')).toBe(of(all - 2 * C(45) + C(41), all));
  expect(p('LHC_LINKED_ZODIAC2_YEAR')).toBe(of(all - C(44) - C(45) + C(40), all));
  expect(p('LHC_LINKED_ZODIAC3')).toBe(of(all - 3 * C(45) + 3 * C(41) - C(37), all));
  expect(p('LHC_LINKED_ZODIAC3_YEAR')).toBe(of(all - C(44) - 2 * C(45) + 2 * C(40) + C(41) - C(36), all));
  expect(p('LHC_LINKED_TAIL2')).toBe(of(all - 2 * C(44) + C(39), all));
  expect(p('LHC_LINKED_TAIL2_ZERO')).toBe(of(all - C(45) - C(44) + C(40), all));
  expect(p('LHC_LINKED_TAIL3')).toBe(of(all - 3 * C(44) + 3 * C(39) - C(34), all));
  expect(p('LHC_LINKED_TAIL3_ZERO')).toBe(of(all - C(45) - 2 * C(44) + 2 * C(40) + C(39) - C(35), all));
  expect([p('LHC_TWO_SPECIAL'), p('LHC_SPECIAL_PAIR')]).toEqual(['1/56', '1/196']);
  // 三中二: P(中二) 645/18424 and P(中三) 5/4606 (the published table), the units 1 and 5.
  expect(p('LHC_THREE_TWO')).toBe(Rational.of(645, 18424).add(Rational.of(5, 4606).mul(Rational.of(5, 1))).toString());
  // 总和 of the 85,900,584 subsets: 大 43,428,958, 小 42,471,626, 单 42,949,280, 双 42,951,304.
  const histogram = sumHistogram();
  const count = (attribute: number) => histogram.reduce((total, weight, sum) => total + (hasSumAttribute(sum, attribute) ? weight : 0), 0);
  expect([0, 1, 2, 3].map(count)).toEqual([43_428_958, 42_471_626, 42_949_280, 42_951_304]);
  expect(['BIG', 'SMALL', 'ODD', 'EVEN'].map((name) => p(`LHC_TOTAL_${name}`))).toEqual([0, 1, 2, 3].map((attribute) => of(count(attribute), all)));
  for (let k = 6; k <= 12; k += 1) expect(p(`LHC_NOT_IN${k}`)).toBe(of(C(49 - k), all));
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
    const valid = ZODIAC_TICKETS[code] ?? (() => true);
    const tickets = [...sampleTickets(play, model, mulberry32(play.id), 3).filter(valid), ...(FIXED_TICKETS[code] ? [FIXED_TICKETS[code]] : [])];
    expect(tickets.length).toBeGreaterThan(0);
    for (const ticket of tickets) {
      // 过关 prices each bet at its own P (probabilityOf); every other play has one P.
      const expected = isParlay(code) ? play.probabilityOf!(picksOf(parlayRows(ticket)))! : play.probability;
      expect(ticketProbability(model, ticket, enumerationFor(code, ticket)).toString()).toBe(rationalOf(expected).toString());
    }
  });

  test('push: only 特码两面 and 半波 push, exactly when the special is 49 (P 1/49)', () => {
    const pushModel: TicketModel = { tickets: cartesian, hits: (_t, d) => (isPush(play, lhc(...d)) ? 1 : 0) };
    const pushP = ticketProbability(pushModel, [], drawClasses([])).toString();
    if (pushes(code)) {
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
    // Random rows rarely make a 过关 of exactly its legs (one row in two empty): more tries.
    const bets = isParlay(code) ? 6000 : 120;
    const result = compareWinCounts(play, model, random, { bets, drawsPerBet: 8, maxPerRow: 9, draw: drawFor(random) });
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toBeGreaterThan(500);
    expect(result.wins).toBeGreaterThan(0);
  });
});

describe('colours and zodiacs', () => {
  test('the 2026 zodiac map (1 = 马, 5 numbers; the others 4)', () => {
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

  test('colours: red 17, blue 16, green 16 numbers', () => {
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

  test('特码波色: 49 is green (no push); 半波 on 49 pushes, on 30 (红, 大, 双) 红大 and 红双 win', () => {
    expect(win('LHC_SPECIAL_BLUE_GREEN', [[1, 2]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('LHC_SPECIAL_RED', [[0]])).toEqual({ tickets: 1, wins: 0 });
    expect(isPush(playById(4011)!, draw)).toBe(true);
    expect(win('LHC_HALF_WAVE_7', [[0, 5, 9, 11]], lhc(1, 2, 3, 4, 5, 6, 30))).toEqual({ tickets: 4, wins: 1 });
    expect(win('LHC_HALF_WAVE_9', [[3, 4]], lhc(1, 2, 3, 4, 5, 6, 30))).toEqual({ tickets: 2, wins: 1 });
  });
  test('特肖 pays only the zodiacs of its size: 马 (49) wins the 5-number play, never the 4-number one', () => {
    expect(win('LHC_SPECIAL_ZODIAC_5', [[6]])).toEqual({ tickets: 1, wins: 1 });
    expect(win('LHC_SPECIAL_ZODIAC_4', [[5, 6, 7]])).toEqual({ tickets: 3, wins: 0 });
    expect(win('LHC_SPECIAL_ZODIAC_4', [[5, 6, 7]], lhc(1, 3, 4, 5, 6, 7, 2))).toEqual({ tickets: 3, wins: 1 });
  });
  test('尾数: tails drawn 1-6 and 9; 尾 0 missing', () => {
    expect(win('LHC_SPECIAL_TAIL', [[8, 9]])).toEqual({ tickets: 2, wins: 1 });
    expect(win('LHC_TAIL', [[1, 7, 9]])).toEqual({ tickets: 3, wins: 2 });
    expect(win('LHC_TAIL_0', [[0]])).toEqual({ tickets: 1, wins: 0 });
    expect(win('LHC_LINKED_TAIL2', [[1, 2, 7]])).toEqual({ tickets: 3, wins: 1 });
    expect(win('LHC_LINKED_TAIL2_ZERO', [[1, 2]])).toEqual({ tickets: 2, wins: 0 });
    expect(win('LHC_LINKED_TAIL3_ZERO', [[1, 2]], lhc(1, 2, 3, 4, 5, 6, 40))).toEqual({ tickets: 1, wins: 1 });
  });
  test('连肖: zodiacs drawn 马 (1, 49) 蛇 鼠 … ; 马 never counts in the plays without it', () => {
    // 2026: 01 马, 02 蛇, 03 龙, 04 兔, 05 虎, 06 牛, 49 马.
    expect(win('LHC_LINKED_ZODIAC2', [[1, 2, 5, 6]])).toEqual({ tickets: 6, wins: 3 });
    expect(win('LHC_LINKED_ZODIAC2_YEAR', [[0, 1, 2]])).toEqual({ tickets: 3, wins: 2 });
    expect(win('LHC_LINKED_ZODIAC3', [[1, 2, 3, 4]])).toEqual({ tickets: 4, wins: 4 });
    expect(win('LHC_LINKED_ZODIAC3_YEAR', [[1, 2, 3]], lhc(7, 2, 3, 4, 5, 6, 8))).toEqual({ tickets: 3, wins: 0 });
  });
  test('二中特 and 特串: 1 2 49 → {1,2} 中二 and {1,49} {2,49} 中特; 特串 only the two with 49', () => {
    expect(win('LHC_TWO_SPECIAL', [[1, 2, 49, 10]])).toEqual({ tickets: 6, wins: 3 });
    expect(win('LHC_SPECIAL_PAIR', [[1, 2, 49, 10]])).toEqual({ tickets: 6, wins: 2 });
  });
  test('三中二 on 1 2 3 10 49: {1,2,3} 中三 (5 units), the six tickets of two of 1 2 3 and 10 or 49 中二; the special is no regular', () => {
    expect(win('LHC_THREE_TWO', [[1, 2, 3, 10, 49]])).toEqual({ tickets: 10, wins: 5 + 6 });
    expect(win('LHC_THREE_TWO', [[1, 10, 49]])).toEqual({ tickets: 1, wins: 0 });
    expect(playById(4042)?.prizeTiers?.map((tier) => tier.weight)).toEqual([1, 5]);
  });
  test('总和 1+2+3+4+5+6+49 = 70: 小 and 双', () => {
    expect(['BIG', 'SMALL', 'ODD', 'EVEN'].map((name, value) => win(`LHC_TOTAL_${name}`, [[value]]).wins)).toEqual([0, 1, 0, 1]);
  });
  test('十二不中 of 7-18: none drawn, 1 ticket wins; 六不中 of 1, 7-12: the ticket without 1', () => {
    expect(win('LHC_NOT_IN12', [range(7, 18)])).toEqual({ tickets: 1, wins: 1 });
    expect(win('LHC_NOT_IN6', [[1, 7, 8, 9, 10, 11, 12]])).toEqual({ tickets: 7, wins: 1 });
  });
});

describe('过关 (parlay of the regular positions)', () => {
  const parlay = (legs: number) => playsOf('LHC').find((play) => play.code === `LHC_PARLAY${legs}`)!;
  const p = (legs: number, rows: number[][]) => rationalOf(parlay(legs).probabilityOf!(picksOf(rows))!).toString();
  const falling = (n: number, k: number) => range(0, k - 1).reduce((product, index) => product * (n - index), 1);

  test('P worked out by hand: 大+大 25·24, 大+小 25·25 − 1 (49 in both), 红+红 17·16, over 49·48; k legs of 蓝 (16)_k/(49)_k', () => {
    expect(p(2, [[0], [0], [], [], [], []])).toBe(Rational.of(25 * 24, 49 * 48).toString());
    expect(p(2, [[0], [], [], [], [], [1]])).toBe(Rational.of(25 * 25 - 1, 49 * 48).toString());
    expect(p(2, [[], [4], [4], [], [], []])).toBe(Rational.of(17 * 16, 49 * 48).toString());
    for (const legs of [2, 3, 4, 5, 6]) {
      const rows = range(0, 5).map((position) => (position < legs ? [5] : []));
      expect(p(legs, rows)).toBe(Rational.of(falling(16, legs), falling(49, legs)).toString());
    }
    // Not the product of the legs' own chances: 大小大小大小 is (25·24·23)² − … over (49)_6, not (25/49)^6.
    expect(p(6, [[0], [1], [0], [1], [0], [1]])).not.toBe(Rational.of(25 ** 6, 49 ** 6).toString());
  });

  test('P of every 2-leg parlay = all 49·48 ordered pairs counted plainly; a sample of 3-leg ones over 49·48·47', () => {
    const winsOn = (values: number[]) => {
      let wins = 0;
      let draws = 0;
      const walk = (at: number, drawn: number[]) => {
        if (at === values.length) {
          draws += 1;
          if (values.every((value, index) => parlayLegWins(value, drawn[index]))) wins += 1;
          return;
        }
        for (const n of NUMBERS) if (!drawn.includes(n)) walk(at + 1, [...drawn, n]);
      };
      walk(0, []);
      return Rational.of(wins, draws).toString();
    };
    for (let a = 0; a < 7; a += 1) for (let b = 0; b < 7; b += 1) expect(p(2, [[], [a], [], [b], [], []])).toBe(winsOn([a, b]));
    const random = mulberry32(4044);
    for (let sample = 0; sample < 6; sample += 1) {
      const values = [0, 1, 2].map(() => Math.floor(random() * 7));
      expect(p(3, [[values[0]], [], [values[1]], [], [values[2]], []])).toBe(winsOn(values));
    }
  });

  test("the play's P is the least of its bets' (every 2- and 3-leg combination tried): the highest prize, nobody's price", () => {
    for (const legs of [2, 3]) {
      let least: Rational | undefined;
      for (const positions of combinations(range(0, 5), legs)) {
        for (let code = 0; code < 7 ** legs; code += 1) {
          const rows: number[][] = range(0, 5).map(() => []);
          positions.forEach((position, index) => (rows[position] = [Math.floor(code / 7 ** index) % 7]));
          const own = rationalOf(parlay(legs).probabilityOf!(picksOf(rows))!);
          if (!least || own.compare(least) < 0) least = own;
        }
      }
      expect(least!.toString()).toBe(rationalOf(parlay(legs).probability).toString());
    }
  });

  test('hand-worked on 01 02 03 04 05 06 + 49 (all 小; 单双 alternate; 红红蓝蓝绿绿) and with 49 in 正码1', () => {
    const win = (legs: number, rows: number[][], on: Draw) => ({ tickets: parlay(legs).ticketsOf(picksOf(rows)), wins: winCount(parlay(legs), picksOf(rows), on) });
    const draw = lhc(1, 2, 3, 4, 5, 6, 49);
    expect(win(2, [[1], [3], [], [], [], []], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win(2, [[0], [3], [], [], [], []], draw)).toEqual({ tickets: 1, wins: 0 });
    expect(win(6, [[1], [1], [1], [1], [1], [1]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win(6, [[4], [4], [5], [5], [6], [6]], draw)).toEqual({ tickets: 1, wins: 1 });
    expect(win(3, [[4], [4], [4], [], [], []], draw)).toEqual({ tickets: 1, wins: 0 });
    // 49 in 正码1: a 大小单双 leg there counts as won, 绿 wins, 红 loses.
    const fortyNine = lhc(49, 2, 3, 4, 5, 6, 1);
    for (const value of [0, 1, 2, 3, 6]) expect(win(2, [[value], [1], [], [], [], []], fortyNine)).toEqual({ tickets: 1, wins: 1 });
    expect(win(2, [[4], [1], [], [], [], []], fortyNine)).toEqual({ tickets: 1, wins: 0 });
    // Not a bet: legs other than the play's, two values on a position.
    expect(win(2, [[1], [1], [1], [], [], []], draw).tickets).toBe(0);
    expect(win(3, [[0, 1], [1], [1], [], [], []], draw).tickets).toBe(0);
    expect(parlay(2).probabilityOf!(picksOf([[1], [1], [1], [], [], []]))).toBeUndefined();
  });
});
