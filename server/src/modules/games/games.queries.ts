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
}

/**
 * Enabled vendors launchable on at least one of `platforms`, with the name in `language` when
 * the operator gave one.
 */
export async function selectVendors(db: Db, merchantId: number, platforms: string[], language: string | null): Promise<VendorCard[]> {
  const result = await db.query<VendorRow>(
    `SELECT vassalage, vendor_name, display_names, provider, game_category, game_classify, is_hot,
            icon_url, color_icon_url, account_type_name
       FROM game_vendor
      WHERE merchant_id = $1 AND enabled AND platforms && $2::text[]
      ORDER BY sort_order, id`,
    [merchantId, platforms],
  );
  return result.rows.map((row) => {
    const localised = language ? row.display_names[language] : undefined;
    return {
      vassalage: row.vassalage,
      vendorName: typeof localised === 'string' && localised ? localised : row.vendor_name,
      provider: row.provider,
      isHot: row.is_hot,
      gameCategory: row.game_category,
      gameClassify: row.game_classify,
      iconUrl: row.icon_url,
      colorIconUrl: row.color_icon_url,
      accountTypeName: row.account_type_name,
    };
  });
}
