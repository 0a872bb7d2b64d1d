// LHC (六合彩, Mark Six) plays: 7 distinct numbers of 1-49 without replacement, 正码1-6 then the
// special (特码). Priced like official play: a ticket costs 2 units (unitStakeMinor 200) and its
// prize at series G is 2/P × G/2000, the same formula as the other kinds.
// Decides: the LHC plays, rows, ticket counts, exact P and feature masks. Notable decisions:
//   · 特码两面 (大 25-48, 小 1-24, 单/双 by parity of 1-48): a special of 49 is a push (和局): the
//     whole bet is refunded (LOTTERY.md §5.1, §10). P win 24/49, P push 1/49; the price is
//     stake × (1 − Ppush)/Pwin, which makes the bet exactly fair at series 2000 with the refund.
//   · 一肖 (a zodiac appears among all 7 numbers, paid once per zodiac): the year's zodiac has 5
//     numbers and the others 4, so their odds differ: two plays, one for the 5-number zodiac, one
//     for the eleven 4-number zodiacs. Which zodiac has 5 numbers changes at Lunar New Year, so
//     both rows list all twelve, the betting server takes a pick only in the play its round's
//     lunar year gives it (lhcZodiacValues), and the features read the draw's own lunar year.
//   · 二全中 / 三全中: all picks among the 6 regular numbers (特码 excluded).
//   · 五不中: none of the 5 numbers of a ticket among all 7 drawn; tickets C(n, 5). It fits the
//     choose rule over the complement: the winning tickets are the 5-subsets of the picks that
//     were not drawn, C(|picks ∖ drawn|, 5), so f = the 42 numbers of 1-49 not drawn.
//   · No 三中二 / 二中特 (two prize levels per ticket).
import { binomial, bit, fraction, maskOf } from './bits';
import { ZODIAC_KEYS, drawLunarYear, lhcZodiac } from './lhc';
import { BSOE_KEYS, bsoeMask, countSum, definePlay, keyRow, numberRow, range, type PlaySpec } from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;
const ALL_NUMBERS = maskOf(range(1, 49));
const pickRow = (min = 1) => numberRow('row_pick', 1, 49, 'two', min);
const regular = (numbers: readonly number[]) => numbers.slice(0, 6);
const special = (numbers: readonly number[]) => numbers[6];

const ALL_ZODIACS = range(0, 11);

/** P(a zodiac with `size` numbers appears among the 7 drawn) = 1 − C(49 − size, 7)/C(49, 7). */
const zodiacProbability = (size: number) => fraction(binomial(49, 7) - binomial(49 - size, 7), binomial(49, 7));

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
  {
    id: 4008,
    code: 'LHC_NOT_IN5',
    kind: 'LHC',
    group: 'not_in',
    rows: [pickRow(5)],
    rule: 'choose',
    k: 5,
    // P = C(44, 7)/C(49, 7) (= C(42, 5)/C(49, 5)).
    probability: fraction(binomial(44, 7), binomial(49, 7)),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, 5),
    featureMasks: (numbers) => ({ masks: [ALL_NUMBERS & ~maskOf(numbers)] }),
  },
];

export const LHC_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
