// PK10 (北京赛车) plays: the draw is a permutation of the cars 1-10 by rank (10! equally likely);
// official play, unitStakeMinor 200.
// Decides: the PK10 plays, rows, ticket counts, exact P and feature masks. Notable decisions:
//   · direct plays (冠亚 / 前三) never repeat a car in a ticket (the count excludes such tuples).
//   · 冠军大小单双: 大 = car 6-10, 小 = 1-5, 单/双 by the car's number (each 1/2).
//   · 龙虎 1v10: 龙 when the champion's car number is larger than the 10th's; ties are impossible.
//     The other pairs (2v9, 3v8, 4v7, 5v6: rank r against rank 11 − r) are one play each, alike.
//   · 冠亚组选: C(n, 2) tickets; a ticket wins when its two cars are the first two in either order
//     (2 of the 90 ordered pairs, P 1/45). 前四/前五直选 are 前三直选 on 4 and 5 ranks.
//   · 冠亚和 (the sum s of the first two cars, 3-19): s comes from 2 × #{a < b : a + b = s}
//     ordered pairs of the 90: 2 2 4 4 6 6 8 8 10 8 8 6 6 4 4 2 2 for s = 3…19. Sums of one
//     chance share a play: 3/4/18/19 (2/90), 5/6/16/17 (4/90), 7/8/14/15 (6/90), 9/10/12/13
//     (8/90), 11 (10/90). One ticket per picked sum.
//   · 冠亚和大小单双: 大 = sum 12-19, 小 = 3-11, 单/双 by the sum's parity. 大 and 双 each hold 40 of
//     the 90 pairs (4/9), 小 and 单 50 (5/9): two plays, 大/双 and 小/单, their values numbered as
//     every 大小单双 row (大 0, 小 1, 单 2, 双 3).
//   · 大小单双 of every rank: one play, a 大小单双 row per rank (大 = car 6-10), any of them may be
//     empty; each picked attribute on each rank is a ticket of P 1/2 (the sum rule). Its first row
//     is 冠军大小单双 again, so that the whole board is one bet.
import { binomial, bit, fraction, maskOf } from './bits';
import {
  BSOE,
  BSOE_KEYS,
  DRAGON_TIGER_KEYS,
  bsoeMask,
  countDistinctTuples,
  countProduct,
  countSum,
  definePlay,
  dragonTigerMask,
  keyRow,
  numberRow,
  range,
  type PlaySpec,
} from './play-kit';
import type { PickRow, PlayDefinition } from './types';

const UNIT = 200;
const rankRow = (rank: number, min = 1) => numberRow(`row_rank_${rank}`, 1, 10, 'two', min);
const isBig = (car: number) => car >= 6;
const topSum = (cars: readonly number[]) => cars[0] + cars[1];

/** Direct play on ranks 1..places in order: 10 × 9 × … × (11 − places) tuples. */
function topDirect(id: number, code: string, places: number): PlaySpec {
  return {
    id,
    code,
    kind: 'PK10',
    group: `top${places}`,
    rows: range(1, places).map((rank) => rankRow(rank)),
    rule: 'product',
    probability: fraction(1, range(11 - places, 10).reduce((product, cars) => product * cars, 1)),
    unitStakeMinor: UNIT,
    count: countDistinctTuples,
    featureMasks: (cars) => ({ masks: cars.slice(0, places).map((car) => bit(car)) }),
  };
}

/** 冠亚和 on sums of one chance: each picked sum is a ticket. */
function topSumPlay(id: number, sums: readonly number[], pairs: number): PlaySpec {
  const row: PickRow = { labelKey: 'row_sum', values: sums, display: 'digit', min: 1, max: sums.length };
  return {
    id,
    code: `PK10_TOP2_SUM_${sums.join('_')}`,
    kind: 'PK10',
    group: 'pk10_sum',
    rows: [row],
    rule: 'product',
    probability: fraction(pairs, 90),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [bit(topSum(cars)) & maskOf(sums)] }),
  };
}

/** 冠亚和大小单双 on two attributes of one chance (values numbered as BSOE). */
function topSumBsoe(id: number, code: string, values: readonly number[], pairs: number): PlaySpec {
  return {
    id,
    code,
    kind: 'PK10',
    group: 'pk10_sum',
    rows: [keyRow('row_sum', values.map((value) => BSOE_KEYS[value]), values)],
    rule: 'product',
    probability: fraction(pairs, 90),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [bsoeMask(topSum(cars) > 11, topSum(cars) % 2 === 1) & maskOf(values)] }),
  };
}

/** 龙虎 of rank r against rank 11 − r. */
function dragonTiger(id: number, rank: number): PlaySpec {
  return {
    id,
    code: `PK10_DRAGON_TIGER_${rank}V${11 - rank}`,
    kind: 'PK10',
    group: 'dragon_tiger',
    rows: [keyRow('row_attr', DRAGON_TIGER_KEYS)],
    rule: 'product',
    probability: fraction(1, 2),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [dragonTigerMask(cars[rank - 1], cars[10 - rank])] }),
  };
}

const SPECS: readonly PlaySpec[] = [
  {
    // 猜冠军: the champion's car.
    id: 3001,
    code: 'PK10_CHAMPION',
    kind: 'PK10',
    group: 'champion',
    rows: [rankRow(1)],
    rule: 'product',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [bit(cars[0])] }),
  },
  topDirect(3002, 'PK10_TOP2_DIRECT', 2),
  topDirect(3003, 'PK10_TOP3_DIRECT', 3),
  {
    // 定位胆: each car on each rank is a ticket; rows may be empty, not all of them.
    id: 3004,
    code: 'PK10_POSITION',
    kind: 'PK10',
    group: 'position',
    rows: range(1, 10).map((rank) => rankRow(rank, 0)),
    rule: 'sum',
    probability: fraction(1, 10),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (cars) => ({ masks: cars.map((car) => bit(car)) }),
  },
  {
    id: 3005,
    code: 'PK10_CHAMPION_BSOE',
    kind: 'PK10',
    group: 'bsoe',
    rows: [keyRow('row_rank_1', BSOE_KEYS)],
    rule: 'product',
    probability: fraction(1, 2),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [bsoeMask(cars[0] >= 6, cars[0] % 2 === 1)] }),
  },
  {
    id: 3006,
    code: 'PK10_DRAGON_TIGER_1V10',
    kind: 'PK10',
    group: 'dragon_tiger',
    rows: [keyRow('row_attr', DRAGON_TIGER_KEYS)],
    rule: 'product',
    probability: fraction(1, 2),
    unitStakeMinor: UNIT,
    count: countProduct,
    featureMasks: (cars) => ({ masks: [dragonTigerMask(cars[0], cars[9])] }),
  },
  {
    // 冠亚组选: the first two cars in either order.
    id: 3007,
    code: 'PK10_TOP2_GROUP',
    kind: 'PK10',
    group: 'top2',
    rows: [numberRow('row_pick', 1, 10, 'two', 2)],
    rule: 'choose',
    k: 2,
    probability: fraction(2, 90),
    unitStakeMinor: UNIT,
    count: ([cars]) => binomial(cars.length, 2),
    featureMasks: (cars) => ({ masks: [maskOf(cars.slice(0, 2))] }),
  },
  topDirect(3008, 'PK10_TOP4_DIRECT', 4),
  topDirect(3009, 'PK10_TOP5_DIRECT', 5),
  topSumPlay(3010, [3, 4, 18, 19], 2),
  topSumPlay(3011, [5, 6, 16, 17], 4),
  topSumPlay(3012, [7, 8, 14, 15], 6),
  topSumPlay(3013, [9, 10, 12, 13], 8),
  topSumPlay(3014, [11], 10),
  topSumBsoe(3015, 'PK10_TOP2_SUM_BIG_EVEN', [BSOE.big, BSOE.even], 40),
  topSumBsoe(3016, 'PK10_TOP2_SUM_SMALL_ODD', [BSOE.small, BSOE.odd], 50),
  dragonTiger(3017, 2),
  dragonTiger(3018, 3),
  dragonTiger(3019, 4),
  dragonTiger(3020, 5),
  {
    // 大小单双 of ranks 1-10: each rank's car, 大 = 6-10.
    id: 3021,
    code: 'PK10_RANK_BSOE',
    kind: 'PK10',
    group: 'bsoe',
    rows: range(1, 10).map((rank) => keyRow(`row_rank_${rank}`, BSOE_KEYS, undefined, 0)),
    rule: 'sum',
    probability: fraction(1, 2),
    unitStakeMinor: UNIT,
    count: countSum,
    featureMasks: (cars) => ({ masks: cars.map((car) => bsoeMask(isBig(car), car % 2 === 1)) }),
  },
];

export const PK10_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
