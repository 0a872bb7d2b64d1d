import { GAME_CATEGORY_CODES, type GameLane, type GameVendorValue } from '@platform/contract';
import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import { selectEnabledVendors, vendorsFor } from './games.queries';

/**
 * Vendors grouped into lanes by category. A category with no enabled vendor gets no lane:
 * that is what hides it from navigation. The merchant's enabled vendors are read once
 * per config revision; platforms and language (the caller's choice) pick from them in memory.
 */
export async function getVendorLanes(
  db: Db,
  merchant: ResolvedMerchant,
  platforms: string[],
  language: string | null,
  cache: ConfigCache = new ConfigCache(),
): Promise<GameVendorValue> {
  const enabled = await cache.get(merchant, 'enabledVendors', () => selectEnabledVendors(db, merchant.id));
  const vendors = vendorsFor(enabled, platforms, language);
  const lanes: GameLane[] = [];
  // In navigation order (the contract's GAME_CATEGORY_CODES).
  for (const gameCategory of GAME_CATEGORY_CODES) {
    const inCategory = vendors.filter((vendor) => vendor.gameCategory === gameCategory);
    if (inCategory.length > 0) lanes.push({ gameCategory, vendors: inCategory });
  }
  return { data: { lanes } };
}
