import { api, useCall, useT, type VendorCard } from '@platform/shared';
import { gameVendorsCall } from '@platform/contract';
import { GameIcon } from './game-icon';
import styles from './games.module.css';
import { useLauncher } from './launcher';
import { NAMESPACE } from './translations';

/** The vendors are asked for the desktop web platform (the shell's side bar asks the same, one cached answer). */
const VENDOR_PARAMS = { platform: 'html5-desktop' } as const;

/** The lanes (category → vendors), cached by the API client per language. */
export function useLanes() {
  return useCall(async () => (await api.cached(gameVendorsCall, VENDOR_PARAMS))?.data?.lanes ?? [], []);
}

/**
 * The vendors that can be played: the server marks a vendor with no game provider connected
 * `playable: false` (server/src/modules/games/games.queries.ts); its card could only answer that
 * the game is not available, so none is offered. (An answer without the flag: playable.)
 */
export function playableVendors(vendors: readonly VendorCard[]): VendorCard[] {
  return vendors.filter((vendor) => vendor.playable !== false);
}

/** A row of vendor entries. On its own category page an entry selects or starts the vendor; elsewhere it leads to that page. */
export function VendorCards({
  vendors,
  onCategoryPage,
  selected,
}: {
  vendors: readonly VendorCard[];
  onCategoryPage: boolean;
  selected?: string;
}) {
  const { t } = useT(NAMESPACE);
  const launcher = useLauncher();
  return (
    <ul className={styles.vendors} aria-label={t('vendors')}>
      {playableVendors(vendors).map((vendor) => (
        <li key={`${vendor.gameCategory}:${vendor.vassalage}`}>
          <button
            type="button"
            className={styles.vendor}
            aria-pressed={onCategoryPage ? selected === vendor.vassalage : undefined}
            aria-busy={launcher.busyKey === vendor.vassalage || undefined}
            data-testid="vendor-card"
            data-vassalage={vendor.vassalage}
            onClick={() => launcher.openVendor(vendor, onCategoryPage)}
          >
            <span className={styles.vendorIcon}>
              <GameIcon src={vendor.colorIconUrl ?? vendor.iconUrl} />
            </span>
            <span className={styles.vendorName}>{vendor.vendorName}</span>
            {vendor.isHot && <span className={styles.badge}>{t('badge_hot')}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
