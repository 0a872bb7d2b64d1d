import type { Db } from '../../db/pool';
import * as queries from './member-label.queries';

/** The labels the member sees in its own info (memberLabel), by name. */
export async function shownLabelsOf(db: Db, merchantId: number, memberId: number): Promise<{ labelName: string; textColor: string; backgroundColor: string }[]> {
  const labels = await queries.selectMemberLabels(db, merchantId, memberId);
  return labels.filter((label) => label.shown).map((label) => ({ labelName: label.name, textColor: label.textColor, backgroundColor: label.backgroundColor }));
}

/** The ids of the labels named; `missing` lists the names the merchant has no label of. */
export async function labelIdsByName(db: Db, merchantId: number, names: readonly string[]): Promise<{ ids: number[]; missing: string[] }> {
  const found = await queries.selectLabelIds(db, merchantId, names);
  return { ids: names.flatMap((name) => (found.has(name) ? [found.get(name)!] : [])), missing: names.filter((name) => !found.has(name)) };
}

/** The names of the merchant's labels by id. */
export async function labelNamesById(db: Db, merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  return queries.selectLabelNames(db, merchantId, ids);
}
