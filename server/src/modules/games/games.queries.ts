import type { GameCategory, VendorCard } from '@platform/contract';
import type { Db } from '../../db/pool';

interface VendorRow {
  vassalage: string;
  vendor_name: string;
  display_names: Record<string, unknown>;
  provider: string;
  game_category: GameCategory;
  game_classify: string | null;
  is_hot: boolean;
  icon_url: string | null;
  color_icon_url: string | null;
  account_type_name: string | null;
  platforms: string[];
  playable: boolean;
}

/** An enabled vendor with what a request picks by: its platforms and its name per language. */
export interface EnabledVendor {
  platforms: string[];
  displayNames: Record<string, unknown>;
  card: VendorCard;
}

/**
 * The merchant's enabled vendors in display order (configuration: cached per config revision;
 * game_provider rows move the revision too, migration 033). A vendor is playable when a game
 * provider is connected for it (an enabled game_provider row with an adapter: the launch goes
 * through it, modules/game-provider) or it is the site's own lottery (LOTT: the lottery module's
 * pages); any other vendor's launch could only answer that the game is not available.
 */
export async function selectEnabledVendors(db: Db, merchantId: number): Promise<EnabledVendor[]> {
  const result = await db.query<VendorRow>(
    `SELECT v.vassalage, v.vendor_name, v.display_names, v.provider, v.game_category, v.game_classify, v.is_hot,
            v.icon_url, v.color_icon_url, v.account_type_name, v.platforms,
            (v.game_category = 'LOTT' OR EXISTS (
               SELECT 1 FROM game_provider p
                WHERE p.merchant_id = v.merchant_id AND p.vassalage = v.vassalage AND p.enabled AND p.adapter IS NOT NULL)) AS playable
       FROM game_vendor v
      WHERE v.merchant_id = $1 AND v.enabled
      ORDER BY v.sort_order, v.id`,
    [merchantId],
  );
  return result.rows.map((row) => ({
    platforms: row.platforms,
    displayNames: row.display_names,
    card: {
      vassalage: row.vassalage,
      vendorName: row.vendor_name,
      provider: row.provider,
      isHot: row.is_hot,
      gameCategory: row.game_category,
      gameClassify: row.game_classify,
      iconUrl: row.icon_url,
      colorIconUrl: row.color_icon_url,
      accountTypeName: row.account_type_name,
      playable: row.playable,
    },
  }));
}

/**
 * Enabled vendors launchable on at least one of `platforms`, with the name in `language` when
 * the operator gave one.
 */
export function vendorsFor(vendors: EnabledVendor[], platforms: string[], language: string | null): VendorCard[] {
  return vendors
    .filter((vendor) => vendor.platforms.some((platform) => platforms.includes(platform)))
    .map((vendor) => {
      const localised = language ? vendor.displayNames[language] : undefined;
      return typeof localised === 'string' && localised ? { ...vendor.card, vendorName: localised } : { ...vendor.card };
    });
}
