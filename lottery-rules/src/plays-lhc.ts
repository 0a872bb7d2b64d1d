// LHC (六合彩, Mark Six) plays: 7 distinct numbers of 1-49 without replacement, 正码1-6 then the
// special (特码). Priced like official play: a ticket costs 2 units (unitStakeMinor 200) and its
// prize at series G is 2/P × G/2000, the same formula as the other kinds.
// Decides: the LHC plays, rows, ticket counts, exact P and feature masks. Every play but 三中二
// keeps one prize level (one P for every ticket it makes): where real sites pay a different price
// per value (波色, 半波, 特肖, 尾数, 连肖, 连尾, 总和), the values of equal P form one play and the
// others plays of their own. Notable decisions:
//   · 特码两面 (大 25-48, 小 1-24, 单/双 by parity of 1-48): a special of 49 is a push (和局): the
//     whole bet is refunded. P win 24/49, P push 1/49; the price is
//     stake × (1 − Ppush)/Pwin, which makes the bet exactly fair at series 2000 with the refund.
//   · 一肖 (a zodiac appears among all 7 numbers, paid once per zodiac): the year's zodiac has 5
//     numbers and the others 4, so their odds differ: two plays, one for the 5-number zodiac, one
//     for the eleven 4-number zodiacs. Which zodiac has 5 numbers changes at Lunar New Year, so
//     both rows list all twelve, the betting server takes a pick only in the play its round's
//     lunar year gives it (lhcZodiacValues), and the features read the draw's own lunar year.
//     The same holds for 特肖 and 连肖 below (LHC_ZODIAC_PLAY_SIZES lists every such play); their
//     features, unlike 一肖's, pay only on the zodiacs of the play's own size, so a pick of the
//     wrong size that got past the betting checks loses instead of being paid at the wrong price.
//   · 二全中 / 三全中: all picks among the 6 regular numbers (特码 excluded).
//   · 五不中 … 十二不中 (k = 5-12): none of the k numbers of a ticket among all 7 drawn; tickets
//     C(n, k), P = C(49 − k, 7)/C(49, 7). It fits the choose rule over the complement: the winning
//     tickets are the k-subsets of the picks that were not drawn, C(|picks ∖ drawn|, k), so f = the
//     42 numbers of 1-49 not drawn.
//   · 特码波色: the special's colour; 49 is green and counts as green (a colour is no 大小单双, so
//     no push). 红波 has 17 numbers (P 17/49), 蓝波 and 绿波 16 (P 16/49): two plays.
//   · 半波 (the special's colour × 大/小, and colour × 单/双: twelve values, 0 红大 1 红小 2 红单
//     3 红双, 4-7 蓝, 8-11 绿 in the same order): 大/小/单/双 as in 两面, so a special of 49 is a
//     push, P push 1/49. The values hold 7, 8, 9 or 10 of 1-48 (红大 7, 红小 10, 红单 8, 红双 9, 蓝大
//     9, 蓝小 7, 蓝单 8, 蓝双 8, 绿大 8, 绿小 7, 绿单 8, 绿双 7): four plays by that count, each
//     row holding its values (P c/49).
//   · 特肖: the special's zodiac, 5/49 for the year's zodiac and 4/49 for the others: two plays.
//   · 尾数 (last digit; 尾 0 has 10 20 30 40, 尾 1-9 five numbers each): 特码尾数 reads the
//     special (4/49 and 5/49); 一尾 (正特尾) reads all 7 numbers, like 一肖, paid once per tail:
//     1 − C(45, 7)/C(49, 7) and 1 − C(44, 7)/C(49, 7). Two plays each, 尾 0 alone in one.
//   · 连肖 / 连尾 (二连, 三连): a ticket is k zodiacs or tails, which win when each of them appears
//     among all 7 numbers; tickets C(n, k). Its P depends on whether it holds the 5-number zodiac
//     (the year's) or the 4-number tail (尾 0), so each is two plays: without it (the row's picks
//     are the ticket, rule choose k over the drawn zodiacs or tails other than that one) and with
//     it (含本命肖 / 含0尾: the ticket is that one plus k − 1 picks of the row, which the play
//     holds implicitly; rule choose k − 1 over the other drawn ones, all cleared unless that one
//     was drawn too). P by inclusion–exclusion: Σ over subsets J of the ticket's values of
//     (−1)^|J| C(49 − Σ_J size, 7)/C(49, 7).
//   · 二中特: two numbers, both among all 7 (中二: both regular, or 中特: one regular and the
//     special; one prize level for both), C(7, 2)/C(49, 2) = 1/56. 特串: two numbers, one the
//     special and the other regular (both regular loses): 2 × 1/49 × 6/48 = 1/196; rule product
//     over two layers, [picked special] × (picked regular numbers).
//   · 总和 (sum of all 7, 28-322): 大 ≥ 175, 小 ≤ 174, 单/双 by parity, no push. 7-subsets by sum
//     (SUM7_COUNTS, exact): 大 43,428,958, 小 42,471,626, 单 42,949,280, 双 42,951,304 of
//     85,900,584, four different P: four one-value plays (values as 大小单双: 0 大 1 小 2 单 3 双).
//   · 三中二: a ticket of 3 numbers pays when 2 of them are regular (中二) and 5 times that when
//     all 3 are (中三), the ratio real books pay (types.ts ALL_THREE_WEIGHT); rule two_of_three.
//     P(中二) = C(6, 2)·43/C(49, 3) = 645/18424, P(中三) = C(6, 3)/C(49, 3) = 5/4606, and the
//     play's P, the expected units of a ticket, is P(中二) + 5·P(中三) = 745/18424.
//   · 过关 (parlay of the regular positions, 2-6 legs: LHC_PARLAY2 … LHC_PARLAY6): a leg is one
//     attribute (大 小 单 双 红 蓝 绿) of one of 正码1-6 in draw order, at most one leg a position;
//     the ticket wins when every leg does. The positions are drawn without replacement, so they are
//     not independent and a parlay's P depends on which attributes it combines (大+大 25·24/(49·48),
//     大+小 25·25/(49·48)): a bet is priced at its own exact P (probabilityOf, parlayProbability),
//     never at a product of leg odds, which would pay some combinations above their chance. Real
//     books count a 大小单双 leg whose number is 49 at odds 1; one price a ticket cannot, so such
//     a leg counts as won and its P reckons 49 in (大 25-49, 小 1-24 and 49). 49 is green. Rule
//     choose k = legs over the positions' attribute masks: C(legs won, legs) is 1 when all won.
//     The play's `probability` is its least likely bet's (every leg 蓝: (16)_k/(49)_k), the
//     highest price, which the odds table shows.
import { binomial, bit, fraction, maskOf } from './bits';
import { ZODIAC_KEYS, drawLunarYear, lhcColour, lhcZodiac, zodiacOfYear, type LhcColour } from './lhc';
import { BSOE_KEYS, bsoeMask, countProduct, countSum, definePlay, keyRow, numberRow, range, type PlaySpec } from './play-kit';
import { ALL_THREE_WEIGHT, type Draw, type Fraction, type PlayDefinition } from './types';

const UNIT = 200;
const ALL_NUMBERS = maskOf(range(1, 49));
const pickRow = (min = 1) => numberRow('row_pick', 1, 49, 'two', min);
const regular = (numbers: readonly number[]) => numbers.slice(0, 6);
const special = (numbers: readonly number[]) => numbers[6];

const ALL_ZODIACS = range(0, 11);
const DRAWS = binomial(49, 7);

/** P(a zodiac with `size` numbers appears among the 7 drawn) = 1 − C(49 − size, 7)/C(49, 7). */
const zodiacProbability = (size: number) => fraction(binomial(49, 7) - binomial(49 - size, 7), binomial(49, 7));

/**
 * P(each of disjoint sets of numbers of the given sizes has a number among the 7 drawn), by
 * inclusion–exclusion: Σ_J (−1)^|J| C(49 − Σ_J size, 7)/C(49, 7) over the subsets J of the sets.
 */
export function lhcAllAppearProbability(sizes: readonly number[]): Fraction {
  let ways = 0;
  for (let subset = 0; subset < 1 << sizes.length; subset += 1) {
    const chosen = sizes.filter((_, index) => subset & (1 << index));
    const missing = chosen.reduce((sum, size) => sum + size, 0);
    ways += (chosen.length % 2 === 0 ? 1 : -1) * binomial(49 - missing, 7);
  }
  return fraction(ways, DRAWS);
}

/**
 * The zodiac plays whose picks depend on the round's lunar year, by the number count of the
 * zodiacs they take (lhcZodiacValues): the betting server refuses the others, the picker hides them.
 */
export const LHC_ZODIAC_PLAY_SIZES: Readonly<Record<string, 4 | 5>> = Object.freeze({
  LHC_ZODIAC_5: 5,
  LHC_ZODIAC_4: 4,
  LHC_SPECIAL_ZODIAC_5: 5,
  LHC_SPECIAL_ZODIAC_4: 4,
  LHC_LINKED_ZODIAC2: 4,
  LHC_LINKED_ZODIAC2_YEAR: 4,
  LHC_LINKED_ZODIAC3: 4,
  LHC_LINKED_ZODIAC3_YEAR: 4,
});

/** One zodiac play: a zodiac wins once when any of the 7 numbers has it (the draw's lunar year's map). */
function zodiacPlay(id: number, code: string, size: 4 | 5): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'zodiac',
    rows: [keyRow('row_zodiac', ALL_ZODIACS.map((zodiac) => ZODIAC_KEYS[zodiac]), ALL_ZODIACS, 1, size === 5 ? 1 : 11)],
    rule: 'sum',
    probability: zodiacProbability(size),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers, draw) => ({ masks: [maskOf(numbers.map((n) => lhcZodiac(n, drawLunarYear(draw))))] }),
  };
}

/** 过关 leg values: 0 大 1 小 2 单 3 双 4 红 5 蓝 6 绿. */
const PARLAY_KEYS = [...BSOE_KEYS, 'attr_lhc_red', 'attr_lhc_blue', 'attr_lhc_green'] as const;
const PARLAY_COLOURS: readonly LhcColour[] = ['red', 'blue', 'green'];
const PARLAY_BLUE = 5;

/** The 过关 legs a regular number wins: its size, parity and colour; 49 wins every 大小单双 leg and is green. */
export function parlayLegMask(n: number): bigint {
  const colour = bit(4 + PARLAY_COLOURS.indexOf(lhcColour(n)));
  return (n === 49 ? bsoeMask(true, true) | bsoeMask(false, false) : bsoeMask(n >= 25, n % 2 === 1)) | colour;
}

/**
 * The exact P that every leg of a parlay wins (legs: their values, each on its own position): the
 * ordered ways to draw the legs' positions with each leg won, over (49)_k. Numbers that win the
 * same legs are interchangeable, so the ways are counted by class: leg by leg, a number of a class
 * that wins the leg and is not yet used, the state being how many of each class are used.
 */
export function parlayProbability(legs: readonly number[]): Fraction {
  const sizes = new Map<number, number>();
  for (let n = 1; n <= 49; n += 1) {
    const mask = parlayLegMask(n);
    const served = legs.reduce((legsWon, value, index) => ((mask & bit(value)) !== 0n ? legsWon | (1 << index) : legsWon), 0);
    if (served) sizes.set(served, (sizes.get(served) ?? 0) + 1);
  }
  const classes = [...sizes];
  let states = new Map<string, { used: number[]; ways: number }>([['', { used: classes.map(() => 0), ways: 1 }]]);
  legs.forEach((_, leg) => {
    const next = new Map<string, { used: number[]; ways: number }>();
    for (const { used, ways } of states.values()) {
      classes.forEach(([served, size], index) => {
        if ((served & (1 << leg)) === 0 || used[index] === size) return;
        const after = used.map((count, at) => (at === index ? count + 1 : count));
        const key = after.join(',');
        const known = next.get(key);
        if (known) known.ways += ways * (size - used[index]);
        else next.set(key, { used: after, ways: ways * (size - used[index]) });
      });
    }
    states = next;
  });
  const ways = [...states.values()].reduce((sum, state) => sum + state.ways, 0);
  const draws = legs.reduce((product, _, index) => product * (49 - index), 1);
  return fraction(ways, draws);
}

/** 过关 of `legs` legs over the six regular positions (a row per position, at most one leg each). */
function parlay(id: number, legs: number): PlaySpec {
  return {
    id,
    code: `LHC_PARLAY${legs}`,
    kind: 'LHC',
    group: 'parlay',
    rows: range(1, 6).map((position) => keyRow(`row_regular_${position}`, PARLAY_KEYS, range(0, PARLAY_KEYS.length - 1), 0, 1)),
    rule: 'choose',
    k: legs,
    probability: parlayProbability(new Array<number>(legs).fill(PARLAY_BLUE)),
    probabilityOfRows: (rows) => parlayProbability(rows.flat()),
    unitStakeMinor: UNIT,
    count: (rows) => (rows.filter((row) => row.length > 0).length === legs ? 1 : 0),
    featureMasks: (numbers) => ({ masks: regular(numbers).map(parlayLegMask) }),
  };
}

/** 二全中 / 三全中: all k picks of a ticket among the 6 regular numbers: C(6, k)/C(49, k). */
function allRegular(id: number, code: string, k: number): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'linked',
    rows: [pickRow(k)],
    rule: 'choose',
    k,
    probability: fraction(binomial(6, k), binomial(49, k)),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, k),
    featureMasks: (numbers) => ({ masks: [maskOf(regular(numbers))] }),
  };
}

/** k不中: none of the k numbers of a ticket among the 7: C(49 − k, 7)/C(49, 7) (= C(42, k)/C(49, k)). */
function notIn(id: number, code: string, k: number): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'not_in',
    rows: [pickRow(k)],
    rule: 'choose',
    k,
    probability: fraction(binomial(49 - k, 7), DRAWS),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, k),
    featureMasks: (numbers) => ({ masks: [ALL_NUMBERS & ~maskOf(numbers)] }),
  };
}

// ── 波色, 半波 ──

/** Colour values: 0 红 1 蓝 2 绿. */
const COLOUR_INDEX: Readonly<Record<LhcColour, number>> = { red: 0, blue: 1, green: 2 };
const COLOUR_KEYS = ['attr_lhc_red', 'attr_lhc_blue', 'attr_lhc_green'] as const;

/** 半波 value keys, value = colour × 4 + 大小单双 (0 大 1 小 2 单 3 双). */
const HALF_WAVE_KEYS = (['red', 'blue', 'green'] as const).flatMap((colour) => ['big', 'small', 'odd', 'even'].map((attribute) => `attr_lhc_${colour}_${attribute}`));

/** The two 半波 values of a special of 1-48 (its colour × its size, its colour × its parity). */
function halfWaveMask(n: number): bigint {
  const base = COLOUR_INDEX[lhcColour(n)] * 4;
  return bit(base + (n >= 25 ? 0 : 1)) | bit(base + (n % 2 === 1 ? 2 : 3));
}

/** How many of 1-48 each 半波 value holds. */
const HALF_WAVE_COUNTS: readonly number[] = (() => {
  const counts = new Array<number>(12).fill(0);
  for (let n = 1; n <= 48; n += 1) for (const value of range(0, 11)) if (halfWaveMask(n) & bit(value)) counts[value] += 1;
  return counts;
})();

/** 半波 of the values holding `size` numbers: P size/49, push 1/49 (special 49). */
function halfWave(id: number, size: number): PlaySpec {
  const values = range(0, 11).filter((value) => HALF_WAVE_COUNTS[value] === size);
  return {
    id,
    code: `LHC_HALF_WAVE_${size}`,
    kind: 'LHC',
    group: 'lhc_half_wave',
    rows: [keyRow('row_attr', values.map((value) => HALF_WAVE_KEYS[value]), values)],
    rule: 'sum',
    probability: fraction(size, 49),
    pushProbability: fraction(1, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => {
      const n = special(numbers);
      return n === 49 ? { masks: [0n], push: true } : { masks: [halfWaveMask(n)] };
    },
  };
}

/** 特码波色 of the given colours (P size/49). */
function specialColour(id: number, code: string, colours: readonly LhcColour[], size: number): PlaySpec {
  const values = colours.map((colour) => COLOUR_INDEX[colour]);
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_colour',
    rows: [keyRow('row_attr', values.map((value) => COLOUR_KEYS[value]), values)],
    rule: 'sum',
    probability: fraction(size, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [bit(COLOUR_INDEX[lhcColour(special(numbers))])] }),
  };
}

// ── 特肖, 连肖 ──

/** The zodiacs of the numbers in the draw's lunar year, and that year's own (5-number) zodiac. */
function drawnZodiacs(numbers: readonly number[], draw: Draw): { mask: bigint; own: number } {
  const year = drawLunarYear(draw);
  return { mask: maskOf(numbers.map((n) => lhcZodiac(n, year))), own: zodiacOfYear(year) };
}

const zodiacRow = (min: number, max: number) => keyRow('row_zodiac', ALL_ZODIACS.map((zodiac) => ZODIAC_KEYS[zodiac]), ALL_ZODIACS, min, max);

/** 特肖: the special's zodiac, paid only on the zodiacs of the play's size. */
function specialZodiac(id: number, code: string, size: 4 | 5): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'zodiac',
    rows: [zodiacRow(1, size === 5 ? 1 : 11)],
    rule: 'sum',
    probability: fraction(size, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers, draw) => {
      const year = drawLunarYear(draw);
      const zodiac = lhcZodiac(special(numbers), year);
      return { masks: [(zodiac === zodiacOfYear(year)) === (size === 5) ? bit(zodiac) : 0n] };
    },
  };
}

/**
 * 二连肖 / 三连肖 of k zodiacs: without the year's zodiac (every pick a 4-number zodiac; C(n, k)
 * tickets), or with it (the year's zodiac plus k − 1 picks; C(n, k − 1) tickets).
 */
function linkedZodiac(id: number, code: string, k: number, withYear: boolean): PlaySpec {
  const picked = withYear ? k - 1 : k;
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_linked_zodiac',
    rows: [zodiacRow(picked, 11)],
    rule: 'choose',
    k: picked,
    probability: lhcAllAppearProbability(withYear ? [5, ...new Array<number>(k - 1).fill(4)] : new Array<number>(k).fill(4)),
    unitStakeMinor: UNIT,
    count: ([zodiacs]) => binomial(zodiacs.length, picked),
    featureMasks: (numbers, draw) => {
      const { mask, own } = drawnZodiacs(numbers, draw);
      const others = mask & ~bit(own);
      return { masks: [!withYear || mask & bit(own) ? others : 0n] };
    },
  };
}

// ── 尾数, 连尾 ──

const tailsOf = (numbers: readonly number[]): bigint => maskOf(numbers.map((n) => n % 10));
/** 尾 0 alone (10 20 30 40), or 尾 1-9 (five numbers each). */
const tailRow = (zero: boolean, min = 1) => (zero ? numberRow('row_tail', 0, 0, 'digit') : numberRow('row_tail', 1, 9, 'digit', min));
const NONZERO_TAILS = maskOf(range(1, 9));

/** 特码尾数: the special's last digit (4/49 for 尾 0, 5/49 for 尾 1-9). */
function specialTail(id: number, code: string, zero: boolean): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_tail',
    rows: [tailRow(zero)],
    rule: 'sum',
    probability: fraction(zero ? 4 : 5, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [bit(special(numbers) % 10)] }),
  };
}

/** 一尾: a tail appears among all 7 numbers, paid once per tail. */
function anyTail(id: number, code: string, zero: boolean): PlaySpec {
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_tail',
    rows: [tailRow(zero)],
    rule: 'sum',
    probability: zodiacProbability(zero ? 4 : 5),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [tailsOf(numbers)] }),
  };
}

/** 二连尾 / 三连尾 of k tails: without 尾 0 (k picks of 1-9), or with it (尾 0 plus k − 1 picks). */
function linkedTail(id: number, code: string, k: number, withZero: boolean): PlaySpec {
  const picked = withZero ? k - 1 : k;
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_linked_tail',
    rows: [tailRow(false, picked)],
    rule: 'choose',
    k: picked,
    probability: lhcAllAppearProbability(withZero ? [4, ...new Array<number>(k - 1).fill(5)] : new Array<number>(k).fill(5)),
    unitStakeMinor: UNIT,
    count: ([tails]) => binomial(tails.length, picked),
    featureMasks: (numbers) => {
      const tails = tailsOf(numbers);
      return { masks: [!withZero || tails & bit(0) ? tails & NONZERO_TAILS : 0n] };
    },
  };
}

// ── 总和 ──

/** 7-subsets of 1-49 by their sum 0-322 (exact: the largest count is far below 2^53). */
export const LHC_SUM7_COUNTS: readonly number[] = (() => {
  const ways = Array.from({ length: 8 }, () => new Array<number>(323).fill(0));
  ways[0][0] = 1;
  for (let n = 1; n <= 49; n += 1) {
    for (let taken = 7; taken >= 1; taken -= 1) for (let sum = 322; sum >= n; sum -= 1) ways[taken][sum] += ways[taken - 1][sum - n];
  }
  return ways[7];
})();

const sumOf = (numbers: readonly number[]) => numbers.reduce((sum, n) => sum + n, 0);
const BIG_SUM = 175;

/** 总和 大 (0), 小 (1), 单 (2) or 双 (3): one value, P from the sum's distribution. */
function total(id: number, code: string, value: number): PlaySpec {
  const holds = (sum: number) => [sum >= BIG_SUM, sum < BIG_SUM, sum % 2 === 1, sum % 2 === 0][value];
  const ways = LHC_SUM7_COUNTS.reduce((count, subsets, sum) => count + (holds(sum) ? subsets : 0), 0);
  return {
    id,
    code,
    kind: 'LHC',
    group: 'lhc_total',
    rows: [keyRow('row_attr', [BSOE_KEYS[value]], [value])],
    rule: 'product',
    probability: fraction(ways, DRAWS),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (numbers) => ({ masks: [bsoeMask(sumOf(numbers) >= BIG_SUM, sumOf(numbers) % 2 === 1)] }),
  };
}

const SPECS: readonly PlaySpec[] = [
  {
    // 特码: the special number.
    id: 4001,
    code: 'LHC_SPECIAL',
    kind: 'LHC',
    group: 'special',
    rows: [pickRow()],
    rule: 'sum',
    probability: fraction(1, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [bit(special(numbers))] }),
  },
  {
    // 正码: the number is one of the 6 regular numbers (each pick a ticket, 6/49).
    id: 4002,
    code: 'LHC_REGULAR',
    kind: 'LHC',
    group: 'regular',
    rows: [pickRow()],
    rule: 'sum',
    probability: fraction(6, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [maskOf(regular(numbers))] }),
  },
  {
    // 特码两面: 49 pushes (no attribute, push flag); 1-48 have one size and one parity.
    id: 4003,
    code: 'LHC_SPECIAL_BSOE',
    kind: 'LHC',
    group: 'special',
    rows: [keyRow('row_attr', BSOE_KEYS)],
    rule: 'sum',
    probability: fraction(24, 49),
    pushProbability: fraction(1, 49),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (numbers) => {
      const n = special(numbers);
      return n === 49 ? { masks: [0n], push: true } : { masks: [bsoeMask(n >= 25, n % 2 === 1)] };
    },
  },
  zodiacPlay(4004, 'LHC_ZODIAC_5', 5),
  zodiacPlay(4005, 'LHC_ZODIAC_4', 4),
  allRegular(4006, 'LHC_REGULAR_ALL2', 2),
  allRegular(4007, 'LHC_REGULAR_ALL3', 3),
  notIn(4008, 'LHC_NOT_IN5', 5),
  specialColour(4009, 'LHC_SPECIAL_RED', ['red'], 17),
  specialColour(4010, 'LHC_SPECIAL_BLUE_GREEN', ['blue', 'green'], 16),
  halfWave(4011, 7),
  halfWave(4012, 8),
  halfWave(4013, 9),
  halfWave(4014, 10),
  specialZodiac(4015, 'LHC_SPECIAL_ZODIAC_5', 5),
  specialZodiac(4016, 'LHC_SPECIAL_ZODIAC_4', 4),
  specialTail(4017, 'LHC_SPECIAL_TAIL_0', true),
  specialTail(4018, 'LHC_SPECIAL_TAIL', false),
  anyTail(4019, 'LHC_TAIL_0', true),
  anyTail(4020, 'LHC_TAIL', false),
  linkedZodiac(4021, 'LHC_LINKED_ZODIAC2', 2, false),
  linkedZodiac(4022, 'LHC_LINKED_ZODIAC2_YEAR', 2, true),
  linkedZodiac(4023, 'LHC_LINKED_ZODIAC3', 3, false),
  linkedZodiac(4024, 'LHC_LINKED_ZODIAC3_YEAR', 3, true),
  linkedTail(4025, 'LHC_LINKED_TAIL2', 2, false),
  linkedTail(4026, 'LHC_LINKED_TAIL2_ZERO', 2, true),
  linkedTail(4027, 'LHC_LINKED_TAIL3', 3, false),
  linkedTail(4028, 'LHC_LINKED_TAIL3_ZERO', 3, true),
  {
    // 二中特: both numbers of a ticket among all 7 (中二 or 中特 alike).
    id: 4029,
    code: 'LHC_TWO_SPECIAL',
    kind: 'LHC',
    group: 'linked',
    rows: [pickRow(2)],
    rule: 'choose',
    k: 2,
    probability: fraction(binomial(7, 2), binomial(49, 2)),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, 2),
    featureMasks: (numbers) => ({ masks: [maskOf(numbers)] }),
  },
  {
    // 特串: the winning tickets are {special, a regular number} with both picked:
    // [special picked] × (regular numbers picked), two layers of the one row.
    id: 4030,
    code: 'LHC_SPECIAL_PAIR',
    kind: 'LHC',
    group: 'linked',
    rows: [pickRow(2)],
    rule: 'product',
    probability: fraction(2 * 6, 49 * 48),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, 2),
    featureMasks: (numbers) => ({ masks: [bit(special(numbers)), maskOf(regular(numbers))] }),
  },
  total(4031, 'LHC_TOTAL_BIG', 0),
  total(4032, 'LHC_TOTAL_SMALL', 1),
  total(4033, 'LHC_TOTAL_ODD', 2),
  total(4034, 'LHC_TOTAL_EVEN', 3),
  notIn(4035, 'LHC_NOT_IN6', 6),
  notIn(4036, 'LHC_NOT_IN7', 7),
  notIn(4037, 'LHC_NOT_IN8', 8),
  notIn(4038, 'LHC_NOT_IN9', 9),
  notIn(4039, 'LHC_NOT_IN10', 10),
  notIn(4040, 'LHC_NOT_IN11', 11),
  notIn(4041, 'LHC_NOT_IN12', 12),
  {
    // 三中二: units of a bet = C(h, 2)·(n − h) + 5·C(h, 3), h of its n numbers regular.
    id: 4042,
    code: 'LHC_THREE_TWO',
    kind: 'LHC',
    group: 'linked',
    rows: [pickRow(3)],
    rule: 'two_of_three',
    k: 3,
    probability: fraction(binomial(6, 2) * 43 + ALL_THREE_WEIGHT * binomial(6, 3), binomial(49, 3)),
    prizeTiers: [
      { labelKey: 'tier_two_in', weight: 1 },
      { labelKey: 'tier_three_in', weight: ALL_THREE_WEIGHT },
    ],
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, 3),
    featureMasks: (numbers) => ({ masks: [maskOf(regular(numbers))] }),
  },
  parlay(4043, 2),
  parlay(4044, 3),
  parlay(4045, 4),
  parlay(4046, 5),
  parlay(4047, 6),
];

// Every 半波 value is in exactly one play (the four counts 7-10).
if (HALF_WAVE_COUNTS.some((count) => count < 7 || count > 10)) throw new Error('LHC 半波: a value outside the 7-10 plays');

export const LHC_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
