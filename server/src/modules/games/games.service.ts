import { GAME_CATEGORY_CODES, type GameLane, type GameVendorValue } from '@platform/shared/contract';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { selectVendors } from './games.queries';

/**
 * Vendors grouped into lanes by category. A category with no enabled vendor gets no lane:
 * that is what hides it from navigation (SPEC §2).
 */
export async function getVendorLanes(
  db: Db,
  merchant: ResolvedMerchant,
  platforms: string[],
  language: string | null,
): Promise<GameVendorValue> {
  const vendors = await selectVendors(db, merchant.id, platforms, language);
  const lanes: GameLane[] = [];
  // In navigation order (the contract's GAME_CATEGORIES).
  for (const gameCategory of GAME_CATEGORY_CODES) {
    const inCategory = vendors.filter((vendor) => vendor.gameCategory === gameCategory);
    if (inCategory.length > 0) lanes.push({ gameCategory, vendors: inCategory });
  }
  return { data: { lanes } };
}
