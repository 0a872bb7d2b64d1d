// 11X5 (11选5) plays: 5 distinct numbers drawn in order from 1-11 (55 440 equally likely ordered
// draws, 462 sets); official play, unitStakeMinor 200.
// Decides: the 11X5 plays, their rows, ticket counts, exact P and feature masks. Notable
// decisions:
//   · 任选一…五 win when all N picks are among the 5 drawn (choose N over the drawn set);
//     任选六/七/八 ("N中5") win when all 5 drawn are among the N picks (superset).
//   · 前三直选 / 前二直选: a ticket never repeats a number (the draw never does), so the count
//     excludes tuples with a repeated number and the product rule can only hit distinct tuples.
import { binomial, bit, fraction, maskOf } from './bits';
import { countDistinctTuples, countSum, definePlay, numberRow, type PlaySpec } from './play-kit';
import type { PlayDefinition } from './types';

const UNIT = 200;
const PLACE_ROWS = ['row_first', 'row_second', 'row_third'] as const;

const pickRow = (min: number) => numberRow('row_pick', 1, 11, 'two', min);

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
    // One ticket = N numbers. N ≤ 5: C(11−N, 5−N) of the C(11, 5) sets contain them; N ≥ 6: the
    // drawn set must be one of the C(N, 5) subsets of the ticket.
    probability: superset ? fraction(binomial(n, 5), binomial(11, 5)) : fraction(binomial(11 - n, 5 - n), binomial(11, 5)),
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
];

export const X5_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
