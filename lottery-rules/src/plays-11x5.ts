// 11X5 (11选5) plays: 5 distinct numbers drawn in order from 1-11 (55 440 equally likely ordered
// draws, 462 sets); official play, unitStakeMinor 200.
// Decides: the 11X5 plays, their rows, ticket counts, exact P and feature masks. Notable
// decisions:
//   · 任选一…五 win when all N picks are among the 5 drawn (choose N over the drawn set);
//     任选六/七/八 ("N中5") win when all 5 drawn are among the N picks (superset).
//   · 前三直选 / 前二直选: a ticket never repeats a number (the draw never does), so the count
//     excludes tuples with a repeated number and the product rule can only hit distinct tuples.
//   · 胆拖 (banker/drag) of 任选N: a 胆码 row and a 拖码 row; the tickets are the N-sets made of
//     ALL bankers plus N − #bankers drags, and each wins exactly like the plain 任选N ticket of the
//     same numbers (same P). A number in both rows makes no bet (ticketsOf 0). W is the drawn set,
//     b the number of bankers.
//       任选二胆拖 (always 1 banker x): [x drawn] × #drags drawn = the product rule over (W, W);
//       任选五胆拖 with exactly b bankers, one play per b = 1…4: a ticket wins only when it IS the
//         drawn set, i.e. every banker drawn (i = b of them) and the other 5 − b drawn numbers all
//         drags (y = 5 − b). The choose rule with the banker row counted twice (a second layer)
//         gives C(2i + y, 5 + b): 2i + y ≤ 2i + (5 − i) = 5 + i, which reaches 5 + b only when i = b
//         and y = 5 − b, and then C(5 + b, 5 + b) = 1. k = 5 + b depends on b, so each banker
//         count is a play of its own (a row of exactly b bankers). (They came first and keep their
//         ids; banker_choose would count them too.)
//       任选三/四/六/七/八胆拖, one play each with 1 … N − 1 bankers, b read from the bet: product,
//         sum, choose and superset cannot count them. 任选三/四 win [every banker drawn] ×
//         C(drags drawn, N − b) with up to 5 − b > N − b drags drawn: a product of popcounts gives
//         an "all drawn" indicator only for one banker and no binomial; choose gives one binomial
//         of a weighted count, which either ignores a missing banker or, matching C(y, N − b) for
//         y = 0…5 − b, leaves the bankers no weight. 任选六/七/八 win only when every drawn number
//         is a banker OR a drag, a union of two rows that superset (each row's word tested on its
//         own) cannot express. They settle by the two banker rules (types.ts), features (W, W), k = N:
//         任选三/四 banker_choose: every banker drawn, then C(|G ∩ W|, N − b), G the drags: a
//         ticket wins when its N − b drags are all drawn;
//         任选六/七/八 banker_superset: every drawn number a banker or a drag, then with r = |W \ B|
//         drawn numbers that are drags, C(|G| − r, N − b − r): a ticket wins when its drags hold
//         those r, with any N − b − r of the other |G| − r drags.
//         The drag row needs at least N − b numbers (no ticket otherwise), which the ticket count
//         checks, b being the bet's.
//   · 定单双: the number of odd numbers among the 5 drawn (1 3 5 7 9 11 are the 6 odd ones of 11):
//     j odd in C(6, j) × C(5, 5 − j) of the 462 sets: 1, 30, 150, 200, 75, 6 for j = 0…5. Every
//     count has its own P, so every value is a play (a row of one value, one ticket).
//   · 猜中位: the median (3rd smallest) m of the 5 drawn, 3…9, in C(m − 1, 2) × C(11 − m, 2) sets:
//     28 63 90 100 90 63 28 for m = 3…9. m and 12 − m share P, so the plays are 3/9 (28/462),
//     4/8 (63/462), 5/7 (90/462) and 6 (100/462).
import { binomial, bit, fraction, maskOf } from './bits';
import { countDistinctTuples, countProduct, countSum, definePlay, keyRow, numberRow, type PlaySpec } from './play-kit';
import type { PickRow, PlayDefinition } from './types';

const UNIT = 200;
const PLACE_ROWS = ['row_first', 'row_second', 'row_third'] as const;

const pickRow = (min: number) => numberRow('row_pick', 1, 11, 'two', min);

/**
 * P of one 任选N ticket (N numbers). N ≤ 5: C(11−N, 5−N) of the C(11, 5) sets contain them;
 * N ≥ 6: the drawn set must be one of the C(N, 5) subsets of the ticket.
 */
const anyTicketProbability = (n: number) => (n > 5 ? fraction(binomial(n, 5), binomial(11, 5)) : fraction(binomial(11 - n, 5 - n), binomial(11, 5)));

/** 任选N: N ≤ 5 → choose N over the drawn 5; N ≥ 6 → superset of the drawn 5. */
function anyN(id: number, n: number): PlaySpec {
  const superset = n > 5;
  return {
    id,
    code: superset ? `11X5_ANY${n}_5` : `11X5_ANY${n}`,
    kind: '11X5',
    group: 'any',
    rows: [pickRow(n)],
    rule: superset ? 'superset' : 'choose',
    k: n,
    probability: anyTicketProbability(n),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, n),
    featureMasks: (drawn) => ({ masks: [maskOf(drawn)] }),
  };
}

/** Direct play on the first `places` numbers, in order. */
function frontDirect(id: number, code: string, places: number): PlaySpec {
  return {
    id,
    code,
    kind: '11X5',
    group: places === 3 ? 'front3' : 'front2',
    rows: PLACE_ROWS.slice(0, places).map((label) => numberRow(label, 1, 11, 'two')),
    rule: 'product',
    probability: fraction(1, places === 3 ? 11 * 10 * 9 : 11 * 10),
    unitStakeMinor: UNIT,
    count: countDistinctTuples,
    featureMasks: (drawn) => ({ masks: drawn.slice(0, places).map((number) => bit(number)) }),
  };
}

/** Group play on the first `places` numbers, any order: choose `places` over them. */
function frontGroup(id: number, code: string, places: number): PlaySpec {
  return {
    id,
    code,
    kind: '11X5',
    group: places === 3 ? 'front3' : 'front2',
    rows: [pickRow(places)],
    rule: 'choose',
    k: places,
    probability: fraction(1, binomial(11, places)),
    unitStakeMinor: UNIT,
    count: ([numbers]) => binomial(numbers.length, places),
    featureMasks: (drawn) => ({ masks: [maskOf(drawn.slice(0, places))] }),
  };
}

/**
 * 胆拖 of 任选N (N = 2 or 5) with exactly `bankers` bankers: C(#drags, N − bankers) tickets of all
 * the bankers plus N − bankers drags; bankers and drags disjoint.
 */
function bankerDrag(id: number, n: 2 | 5, bankers: number): PlaySpec {
  const any2 = n === 2;
  return {
    id,
    code: any2 ? '11X5_ANY2_BANKER' : `11X5_ANY5_BANKER${bankers}`,
    kind: '11X5',
    group: '11x5_banker',
    rows: [numberRow('row_11x5_banker', 1, 11, 'two', bankers, bankers), numberRow('row_11x5_drag', 1, 11, 'two', n - bankers, 11 - bankers)],
    // 任选二: [banker drawn] × drags drawn. 任选五: C(2 × bankers drawn + drags drawn, 5 + b) (above).
    ...(any2 ? { rule: 'product' as const } : { rule: 'choose' as const, k: 5 + bankers }),
    // A ticket is a plain 任选N ticket: C(11 − N, 5 − N) of the 462 sets hold it.
    probability: anyTicketProbability(n),
    unitStakeMinor: UNIT,
    count: ([banked, drags]) => (banked.some((number) => drags.includes(number)) ? 0 : binomial(drags.length, n - bankers)),
    featureMasks: (drawn) => {
      const set = maskOf(drawn);
      // Layer 0 pairs (bankers, drags) with the drawn set; 任选五's layer 1 counts the bankers again.
      return { masks: any2 ? [set, set] : [set, set, set, 0n] };
    },
  };
}

/**
 * 胆拖 of 任选N (N = 3, 4, 6, 7, 8) with as many bankers as the bet holds (1 … N − 1): C(#drags,
 * N − #bankers) tickets of all the bankers plus N − #bankers drags; bankers and drags disjoint.
 */
function bankerDragAny(id: number, n: 3 | 4 | 6 | 7 | 8): PlaySpec {
  return {
    id,
    code: `11X5_ANY${n}_BANKER`,
    kind: '11X5',
    group: '11x5_banker',
    // At least one banker and one drag; the drags a ticket needs (N − #bankers) are checked by the count.
    rows: [numberRow('row_11x5_banker', 1, 11, 'two', 1, n - 1), numberRow('row_11x5_drag', 1, 11, 'two', 1, 10)],
    rule: n > 5 ? 'banker_superset' : 'banker_choose',
    k: n,
    probability: anyTicketProbability(n),
    unitStakeMinor: UNIT,
    count: ([banked, drags]) => (banked.some((number) => drags.includes(number)) ? 0 : binomial(drags.length, n - banked.length)),
    featureMasks: (drawn) => {
      const set = maskOf(drawn);
      // One layer: the drawn set against the bankers and against the drags.
      return { masks: [set, set] };
    },
  };
}

/** Drawn sets (of the 462) with each number of odd numbers 0-5. */
const ODD_COUNT_SETS: readonly number[] = [0, 1, 2, 3, 4, 5].map((odd) => binomial(6, odd) * binomial(5, 5 - odd));

/** 定单双 of one odd count (`odd`单`5 − odd`双): a row of one value (0). */
function oddCount(id: number, odd: number): PlaySpec {
  return {
    id,
    code: `11X5_ODD${odd}_EVEN${5 - odd}`,
    kind: '11X5',
    group: '11x5_odd_even',
    rows: [keyRow('row_attr', [`attr_11x5_odd${odd}_even${5 - odd}`])],
    rule: 'product',
    probability: fraction(ODD_COUNT_SETS[odd], binomial(11, 5)),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (drawn) => ({ masks: [drawn.filter((number) => number % 2 === 1).length === odd ? bit(0) : 0n] }),
  };
}

/** 猜中位 on medians of one chance (m and 12 − m): each picked median is a ticket. */
function median(id: number, medians: readonly number[]): PlaySpec {
  const row: PickRow = { labelKey: 'row_11x5_median', values: medians, display: 'two', min: 1, max: medians.length };
  const m = medians[0];
  return {
    id,
    code: `11X5_MEDIAN_${medians.join('_')}`,
    kind: '11X5',
    group: '11x5_median',
    rows: [row],
    rule: 'product',
    // m − 1 numbers below to take 2 of, 11 − m above to take 2 of.
    probability: fraction(binomial(m - 1, 2) * binomial(11 - m, 2), binomial(11, 5)),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (drawn) => ({ masks: [bit([...drawn].sort((a, b) => a - b)[2]) & maskOf(medians)] }),
  };
}

const SPECS: readonly PlaySpec[] = [
  anyN(2001, 1),
  anyN(2002, 2),
  anyN(2003, 3),
  anyN(2004, 4),
  anyN(2005, 5),
  anyN(2006, 6),
  anyN(2007, 7),
  anyN(2008, 8),
  frontDirect(2009, '11X5_FRONT3_DIRECT', 3),
  frontDirect(2010, '11X5_FRONT2_DIRECT', 2),
  frontGroup(2011, '11X5_FRONT2_GROUP', 2),
  frontGroup(2012, '11X5_FRONT3_GROUP', 3),
  {
    // 定位胆 on the first three positions: each number on each position is a ticket.
    id: 2013,
    code: '11X5_POSITION',
    kind: '11X5',
    group: 'position',
    rows: PLACE_ROWS.map((label) => numberRow(label, 1, 11, 'two', 0)),
    rule: 'sum',
    probability: fraction(1, 11),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (drawn) => ({ masks: drawn.slice(0, 3).map((number) => bit(number)) }),
  },
  {
    // 前三一码不定位: the number is among the first three drawn (3/11).
    id: 2014,
    code: '11X5_FRONT3_ANY1',
    kind: '11X5',
    group: 'anypos',
    rows: [pickRow(1)],
    rule: 'choose',
    k: 1,
    probability: fraction(3, 11),
    unitStakeMinor: UNIT,
    count: ([numbers]) => numbers.length,
    featureMasks: (drawn) => ({ masks: [maskOf(drawn.slice(0, 3))] }),
  },
  bankerDrag(2015, 2, 1),
  bankerDrag(2016, 5, 1),
  bankerDrag(2017, 5, 2),
  bankerDrag(2018, 5, 3),
  bankerDrag(2019, 5, 4),
  oddCount(2020, 5),
  oddCount(2021, 4),
  oddCount(2022, 3),
  oddCount(2023, 2),
  oddCount(2024, 1),
  oddCount(2025, 0),
  median(2026, [3, 9]),
  median(2027, [4, 8]),
  median(2028, [5, 7]),
  median(2029, [6]),
  bankerDragAny(2030, 3),
  bankerDragAny(2031, 4),
  bankerDragAny(2032, 6),
  bankerDragAny(2033, 7),
  bankerDragAny(2034, 8),
];

export const X5_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
