// The play catalogue: every play of every kind, looked up by slip playId or by kind, and the
// translation keys the pickers use (the front end checks its translation sets against them).
// Decides: ids by kind (SSC 1001-1099, 11X5 2001-, PK10 3001-, LHC 4001-, VN and VN18 5001-, K3 6001-,
// PC28 7001-, 3D 8001-, P5 9001-); ids and codes
// are stable (slips and stored bets refer to them): add plays, never renumber.
import { D3_PLAYS, P5_PLAYS } from './plays-3d';
import { K3_PLAYS } from './plays-k3';
import { LHC_PLAYS } from './plays-lhc';
import { PC28_PLAYS } from './plays-pc28';
import { PK10_PLAYS } from './plays-pk10';
import { SSC_PLAYS } from './plays-ssc';
import { VN_PLAYS } from './plays-vn';
import { X5_PLAYS } from './plays-11x5';
import type { LotteryKind, PlayDefinition } from './types';

export const PLAYS: readonly PlayDefinition[] = Object.freeze([
  ...SSC_PLAYS,
  ...X5_PLAYS,
  ...PK10_PLAYS,
  ...LHC_PLAYS,
  ...VN_PLAYS,
  ...K3_PLAYS,
  ...PC28_PLAYS,
  ...D3_PLAYS,
  ...P5_PLAYS,
]);

const BY_ID = new Map(PLAYS.map((play) => [play.id, play]));
if (BY_ID.size !== PLAYS.length) throw new Error('two lottery plays share an id');
if (new Set(PLAYS.map((play) => play.code)).size !== PLAYS.length) throw new Error('two lottery plays share a code');

/** The play of a slip's playId. */
export function playById(id: number): PlayDefinition | undefined {
  return BY_ID.get(id);
}

/** The plays of a kind, in catalogue order. */
export function playsOf(kind: LotteryKind): PlayDefinition[] {
  return PLAYS.filter((play) => play.kind === kind);
}

/** Every translation key the plays use: play_<code>, group_<group>, row labels, value keys, prize levels. Sorted. */
export const ALL_TRANSLATION_KEYS: readonly string[] = Object.freeze(
  [
    ...new Set(
      PLAYS.flatMap((play) => [
        `play_${play.code}`,
        `group_${play.group}`,
        ...play.rows.flatMap((row) => [row.labelKey, ...(row.valueKeys ?? [])]),
        ...(play.prizeTiers ?? []).map((tier) => tier.labelKey),
      ]),
    ),
  ].sort(),
);
