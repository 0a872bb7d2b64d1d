// Vietnam northern lottery (XSMB) plays on the 27 prize numbers (ĐB first … G7; VN_PRIZE_DIGITS
// in draw.ts gives their digits). The "endings" are the last two digits of each number, 27
// independent uniform values 00-99. Stake per point; the stake is not returned (the prize is the
// whole payout), like the other kinds.
// Decides: the VN plays, rows, ticket counts, exact P and feature masks. Notable decisions:
//   · lô 2 số pays every occurrence (nháy) of the number among the 27 endings: a number seen 3
//     times wins 3 hits. Its probability field is the expected hits of a ticket, 27/100, and a
//     point costs 27 units (unitStakeMinor 2700): the prize per hit is then 100 units × G/2000
//     (99 at 1980, LOTTERY.md §6.2). Settlement: the sum rule over layers, layer m = the numbers
//     that occur at least m times (as many layers as the most repeated ending).
//   · đề (last two digits of ĐB), đề đầu / đuôi (tens / units digit of ĐB), 3 càng (last three of
//     ĐB) are paid once; one point costs 1 unit (unitStakeMinor 100).
//   · xiên 2/3/4: all k numbers of a ticket appear (at least once each, paid once) among the 27
//     endings; n picks make C(n, k) tickets. P is exact (BigInt, inclusion–exclusion), its
//     denominator is a power of 100 beyond 2^53, so the Fraction carries `exact`.
import { binomial, binomialBig, bit, fraction, maskOf } from './bits';
import { countSum, definePlay, numberRow, type PlaySpec } from './play-kit';
import type { Fraction, PlayDefinition } from './types';

/** Prize numbers of the northern draw (endings). */
export const VN_ENDINGS = 27;

const endings = (numbers: readonly number[]) => numbers.map((number) => number % 100);
const pick100 = (min = 1) => numberRow('row_pick', 0, 99, 'two', min);

/**
 * P(k given distinct numbers all appear among `draws` independent uniform values of `size`) =
 * Σ_j (−1)^j C(k, j) ((size − j)/size)^draws, exactly.
 */
export function allAppearProbability(k: number, draws: number, size: number): Fraction {
  let numerator = 0n;
  for (let j = 0; j <= k; j += 1) {
    const term = binomialBig(k, j) * BigInt(size - j) ** BigInt(draws);
    numerator += j % 2 === 0 ? term : -term;
  }
  return fraction(numerator, BigInt(size) ** BigInt(draws));
}

/** đề-type play on one number read from ĐB (paid once, unit stake 1). */
function deLike(id: number, code: string, group: string, from: number, to: number, display: 'digit' | 'two' | 'three', read: (db: number) => number): PlaySpec {
  return {
    id,
    code,
    kind: 'VN',
    group,
    rows: [numberRow('row_pick', from, to, display)],
    // One row of up to 17 words and one feature bit: sum (product would multiply empty words).
    rule: 'sum',
    probability: fraction(1, to - from + 1),
    unitStakeMinor: 100,
    count: countSum,
    featureMasks: (numbers) => ({ masks: [bit(read(numbers[0]))] }),
  };
}

function xien(id: number, k: number): PlaySpec {
  return {
    id,
    code: `VN_XIEN${k}`,
    kind: 'VN',
    group: 'xien',
    rows: [pick100(k)],
    rule: 'choose',
    k,
    probability: allAppearProbability(k, VN_ENDINGS, 100),
    unitStakeMinor: 100,
    count: ([numbers]) => binomial(numbers.length, k),
    featureMasks: (numbers) => ({ masks: [maskOf(endings(numbers))] }),
  };
}

const SPECS: readonly PlaySpec[] = [
  {
    id: 5001,
    code: 'VN_LO2',
    kind: 'VN',
    group: 'lo',
    rows: [pick100()],
    rule: 'sum',
    probability: fraction(VN_ENDINGS, 100),
    unitStakeMinor: 2700,
    count: countSum,
    featureMasks: (numbers) => {
      const seen = new Map<number, number>();
      for (const ending of endings(numbers)) seen.set(ending, (seen.get(ending) ?? 0) + 1);
      const layers = Math.max(...seen.values());
      const masks: bigint[] = [];
      for (let layer = 1; layer <= layers; layer += 1) {
        masks.push(maskOf([...seen].filter(([, times]) => times >= layer).map(([ending]) => ending)));
      }
      return { masks };
    },
  },
  deLike(5002, 'VN_DE', 'de', 0, 99, 'two', (db) => db % 100),
  deLike(5003, 'VN_DE_HEAD', 'de', 0, 9, 'digit', (db) => Math.floor(db / 10) % 10),
  deLike(5004, 'VN_DE_TAIL', 'de', 0, 9, 'digit', (db) => db % 10),
  deLike(5005, 'VN_3CANG', 'cang', 0, 999, 'three', (db) => db % 1000),
  xien(5006, 2),
  xien(5007, 3),
  xien(5008, 4),
];

export const VN_PLAYS: readonly PlayDefinition[] = SPECS.map(definePlay);
