// The building blocks of the play catalogue: picker rows, ticket counting and validation, and
// definePlay, which turns a play's specification into a PlayDefinition.
// Decides: what a valid bet is (every row's mask within the row's values, each row between its min
// and max, at least one pick in all, then the play's own constraints via its ticket count, where 0
// means invalid), and how a play's feature masks become feature words (each mask cut like the
// picks of its row; masks beyond the rows are further layers, row = index mod rows).
import { bit, maskOf, popcount, splitWords, valuesOf, wordsFor } from './bits';
import { ALL_THREE_WEIGHT, type Draw, type Fraction, type LotteryKind, type PickRow, type PlayDefinition, type PrizeTier, type SettleRule } from './types';

/** Attribute values of a 大小单双 row (bit = index). */
export const BSOE = { big: 0, small: 1, odd: 2, even: 3 } as const;
export const BSOE_KEYS = ['attr_big', 'attr_small', 'attr_odd', 'attr_even'] as const;
/** Values of a 龙虎 row; a tie play's row holds the one value 0 (attr_tie). */
export const DRAGON_TIGER = { dragon: 0, tiger: 1 } as const;
export const DRAGON_TIGER_KEYS = ['attr_dragon', 'attr_tiger'] as const;
export const TIE_KEYS = ['attr_tie'] as const;

export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** A row of numbers from..to. */
export function numberRow(labelKey: string, from: number, to: number, display: PickRow['display'], min = 1, max = to - from + 1): PickRow {
  return { labelKey, values: range(from, to), display, min, max };
}

/** A row of SSC digits 0-9. */
export function digitRow(labelKey: string, min = 1, max = 10): PickRow {
  return numberRow(labelKey, 0, 9, 'digit', min, max);
}

/** A row of keyed values: `values[i]` is shown as `valueKeys[i]`. */
export function keyRow(labelKey: string, valueKeys: readonly string[], values: readonly number[] = range(0, valueKeys.length - 1), min = 1, max = values.length): PickRow {
  return { labelKey, values, display: 'key', valueKeys, min, max };
}

/** The attribute mask of a 大小单双 value whose big-ness and parity are given. */
export function bsoeMask(big: boolean, odd: boolean): bigint {
  return bit(big ? BSOE.big : BSOE.small) | bit(odd ? BSOE.odd : BSOE.even);
}

/** The 龙虎 mask of a comparison a vs b: 龙 when a > b, 虎 when a < b, nothing on a tie. */
export function dragonTigerMask(a: number, b: number): bigint {
  return a > b ? bit(DRAGON_TIGER.dragon) : a < b ? bit(DRAGON_TIGER.tiger) : 0n;
}

// Ticket counts of valid rows (values ascending, one list per row).

export const countProduct = (rows: readonly (readonly number[])[]): number => rows.reduce((product, row) => product * row.length, 1);
export const countSum = (rows: readonly (readonly number[])[]): number => rows.reduce((sum, row) => sum + row.length, 0);

/** Tuples (one value per row) whose values are all different (11X5 and PK10 direct plays). */
export function countDistinctTuples(rows: readonly (readonly number[])[]): number {
  const used = new Set<number>();
  const walk = (index: number): number => {
    if (index === rows.length) return 1;
    let count = 0;
    for (const value of rows[index]) {
      if (used.has(value)) continue;
      used.add(value);
      count += walk(index + 1);
      used.delete(value);
    }
    return count;
  };
  return walk(0);
}

/** What a play is made of; definePlay adds ticketsOf and features. */
export interface PlaySpec {
  readonly id: number;
  readonly code: string;
  readonly kind: LotteryKind;
  readonly group: string;
  readonly rows: readonly PickRow[];
  readonly rule: SettleRule;
  readonly k?: number;
  readonly probability: Fraction;
  /** The exact P of a valid bet's rows, for a play whose P depends on them (PlayDefinition.probabilityOf). */
  readonly probabilityOfRows?: (rows: readonly (readonly number[])[]) => Fraction;
  /** Paid once per occurrence of a pick (VN lô); `probability` is then the expected hits. */
  readonly perOccurrence?: boolean;
  /** For a play paid per occurrence: the draw's values it is played on (PlayDefinition.occurrences). */
  readonly occurrences?: number;
  /** The prize levels of a play paying by hits (two_of_three; PlayDefinition.prizeTiers). */
  readonly prizeTiers?: readonly PrizeTier[];
  readonly pushProbability?: Fraction;
  readonly unitStakeMinor: number;
  /** Tickets of rows that passed the row checks (values ascending); 0 = not a valid bet. */
  readonly count: (rows: readonly (readonly number[])[]) => number;
  /**
   * The draw's feature masks: one per row (same value bits as the picks), or a whole multiple of
   * the rows for layered plays (mask i pairs with row i mod rows). push: the bet is refunded.
   */
  readonly featureMasks: (numbers: readonly number[], draw: Draw) => { readonly masks: readonly bigint[]; readonly push?: boolean };
}

/** The PlayDefinition of a specification (checks the specification once, when the module loads). */
export function definePlay(spec: PlaySpec): PlayDefinition {
  const rowWords = spec.rows.map((row) => wordsFor(Math.max(...row.values)));
  const rowMasks = spec.rows.map((row) => maskOf(row.values));
  if (spec.rule === 'product' && rowWords.some((words) => words !== 1)) {
    // ∏ over words would multiply the zero of an empty word: product needs one word per row.
    throw new Error(`${spec.code}: the product rule needs rows of one word`);
  }
  if (spec.rule !== 'product' && spec.rule !== 'sum' && !Number.isInteger(spec.k)) throw new Error(`${spec.code}: ${spec.rule} needs k`);
  if (Boolean(spec.perOccurrence) !== (spec.occurrences !== undefined) || (spec.occurrences !== undefined && !(Number.isInteger(spec.occurrences) && spec.occurrences >= 1))) {
    throw new Error(`${spec.code}: a play paid per occurrence, and only one, says on how many of the draw's values it is played`);
  }
  const tiersOfRule = spec.prizeTiers?.map((tier) => tier.weight).join(',') === `1,${ALL_THREE_WEIGHT}`;
  if ((spec.rule === 'two_of_three') !== (spec.prizeTiers !== undefined) || (spec.rule === 'two_of_three' && (spec.k !== 3 || !tiersOfRule))) {
    // The rule counts units of the lowest level, ALL_THREE_WEIGHT for three in (as its SQL twin
    // does): only it has levels to show, they are the rule's, and its tickets are 3 numbers.
    throw new Error(`${spec.code}: two_of_three, and only it, has k 3 and prize tiers`);
  }
  const banker = spec.rule === 'banker_choose' || spec.rule === 'banker_superset';
  if (banker && (rowWords.length !== 2 || rowWords.some((words) => words !== 1))) {
    // The banker rules read the bankers and the drags as one word each (p = [B, G]).
    throw new Error(`${spec.code}: the ${spec.rule} rule needs two rows of one word`);
  }

  const ticketsOf = (picks: readonly bigint[]): number => {
    if (!Array.isArray(picks) || picks.length !== spec.rows.length) return 0;
    let total = 0;
    for (let index = 0; index < picks.length; index += 1) {
      const mask = picks[index];
      const row = spec.rows[index];
      if (typeof mask !== 'bigint' || mask < 0n || (mask & ~rowMasks[index]) !== 0n) return 0;
      const size = popcount(mask);
      if (size < row.min || size > row.max) return 0;
      total += size;
    }
    if (total === 0) return 0;
    return spec.count(picks.map(valuesOf));
  };

  const features = (draw: Draw): { readonly f: readonly bigint[]; readonly push: boolean } => {
    if (draw.kind !== spec.kind) throw new RangeError(`${spec.code} settles ${spec.kind} draws, not ${draw.kind}`);
    const { masks, push = false } = spec.featureMasks(draw.numbers, draw);
    if (masks.length === 0 || masks.length % spec.rows.length !== 0) throw new Error(`${spec.code}: ${masks.length} feature masks for ${spec.rows.length} rows`);
    if (banker && masks.length !== 2) throw new Error(`${spec.code}: the ${spec.rule} rule reads one layer of features, not ${masks.length / 2}`);
    return { f: masks.flatMap((mask, index) => splitWords(mask, rowWords[index % spec.rows.length])), push };
  };

  const { count: _count, featureMasks: _featureMasks, probabilityOfRows: ofRows, ...definition } = spec;
  if (!ofRows) return Object.freeze({ ...definition, ticketsOf, features });
  const probabilityOf = (picks: readonly bigint[]): Fraction | undefined => (ticketsOf(picks) > 0 ? ofRows(picks.map(valuesOf)) : undefined);
  return Object.freeze({ ...definition, ticketsOf, features, probabilityOf });
}
