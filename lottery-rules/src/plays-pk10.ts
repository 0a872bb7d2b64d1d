// PK10 (北京赛车) plays: the draw is a permutation of the cars 1-10 by rank (10! equally likely);
// official play, unitStakeMinor 200.
// Decides: the PK10 plays, rows, ticket counts, exact P and feature masks. Notable decisions:
//   · direct plays (冠亚 / 前三) never repeat a car in a ticket (the count excludes such tuples).
//   · 冠军大小单双: 大 = car 6-10, 小 = 1-5, 单/双 by the car's number (each 1/2).
//   · 龙虎 1v10: 龙 when the champion's car number is larger than the 10th's; ties are impossible.
import { bit, fraction } from './bits';
import {
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
import type { PlayDefinition } from './types';

const UNIT = 200;
const rankRow = (rank: number, min = 1) => numberRow(`row_rank_${rank}`, 1, 10, 'two', min);

/** Direct play on ranks 1..places in order. */
function topDirect(id: number, code: string, places: number): PlaySpec {
  return {
    id,
    code,
    kind: 'PK10',
    group: `top${places}`,
    rows: range(1, places).map((rank) => rankRow(rank)),
    rule: 'product',
    probability: fraction(1, places === 2 ? 10 * 9 : 10 * 9 * 8),
    unitStakeMinor: UNIT,
    count: countDistinctTuples,
    featureMasks: (cars) => ({ masks: cars.slice(0, places).map((car) => bit(car)) }),
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
];

export const PK10_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
