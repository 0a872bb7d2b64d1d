import type { GameCategory, VendorCard } from '@platform/shared/contract';
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
}

/** An enabled vendor with what a request picks by: its platforms and its name per language. */
export interface EnabledVendor {
  platforms: string[];
  displayNames: Record<string, unknown>;
  card: VendorCard;
}

/** The merchant's enabled vendors in display order (configuration: cached per config revision). */
export async function selectEnabledVendors(db: Db, merchantId: number): Promise<EnabledVendor[]> {
  const result = await db.query<VendorRow>(
    `SELECT vassalage, vendor_name, display_names, provider, game_category, game_classify, is_hot,
            icon_url, color_icon_url, account_type_name, platforms
       FROM game_vendor
      WHERE merchant_id = $1 AND enabled
      ORDER BY sort_order, id`,
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
