import { ConfigCache } from '../../db/config-cache';
import type { Db } from '../../db/pool';
import type { ResolvedMerchant } from '../../plugins/merchant';
import type { SecretsKey } from '../../secrets-key';
import { readWalletSettings, type WalletSettings } from '../ledger';
import { openProviderSecret } from './provider-secret';
import * as queries from './provider.queries';

// The vendors' configuration as the launch and the provider API read it on every request: each
// provider row with its secret already opened, its maintenance windows, and the merchant's wallet
// settings, kept in memory for one config revision (db/config-cache.ts). game_provider and
// game_vendor_maintenance bump the revision (migration 033), merchant_setting already did (008):
// an operator's change is read by the next request once it committed, on every replica. Whether a
// window covers "now" is decided per request from the cached windows and the request's clock.

export interface ConfiguredVendor extends queries.ProviderRow {
  /** The HMAC secret in clear; undefined: none made yet, or it does not open with this server's key. */
  secret: string | undefined;
  /** Windows not over when read, by start. */
  maintenance: queries.MaintenanceWindow[];
}

/** How far back ended windows are still read (a clock that moved back a little still sees them). */
const ENDED_WINDOWS_KEPT_MS = 7 * 24 * 60 * 60_000;

/** The window covering `nowMs`: the one ending last when several overlap (open-ended first). */
export function currentWindow(windows: readonly queries.MaintenanceWindow[], nowMs: number): queries.MaintenanceWindow | undefined {
  let found: queries.MaintenanceWindow | undefined;
  for (const window of windows) {
    if (window.startsAtMs > nowMs || (window.endsAtMs !== null && window.endsAtMs <= nowMs)) continue;
    if (!found || window.endsAtMs === null || (found.endsAtMs !== null && window.endsAtMs > found.endsAtMs)) found = window;
  }
  return found;
}

export class ProviderConfig {
  private readonly cache = new ConfigCache();

  constructor(
    private readonly db: Db,
    private readonly secretsKey: SecretsKey,
    private readonly clock: () => number,
  ) {}

  /** Every provider row of the merchant by vassalage. */
  vendors(merchant: ResolvedMerchant): Promise<ReadonlyMap<string, ConfiguredVendor>> {
    return this.cache.get(merchant, 'game-provider:vendors', () => this.loadVendors(merchant.id));
  }

  async vendor(merchant: ResolvedMerchant, vassalage: string): Promise<ConfiguredVendor | undefined> {
    return (await this.vendors(merchant)).get(vassalage);
  }

  /** The vendor's maintenance window covering `nowMs`, if any. */
  async maintenance(merchant: ResolvedMerchant, vassalage: string, nowMs: number): Promise<queries.MaintenanceWindow | undefined> {
    const vendor = await this.vendor(merchant, vassalage);
    return vendor && currentWindow(vendor.maintenance, nowMs);
  }

  /** Single wallet or one per vendor, and the currency (ledger/wallet.service.ts). */
  walletSettings(merchant: ResolvedMerchant): Promise<WalletSettings> {
    return this.cache.get(merchant, 'game-provider:wallet', () => readWalletSettings(this.db, merchant.id));
  }

  /** The vendor's secret as stored now (not cached): the second look after a signature failed. */
  freshSecret(merchantId: number, vassalage: string): Promise<string | undefined> {
    return queries.selectSealedSecret(this.db, merchantId, vassalage).then((sealed) => (sealed ? openProviderSecret(this.secretsKey, merchantId, vassalage, sealed) : undefined));
  }

  private async loadVendors(merchantId: number): Promise<ReadonlyMap<string, ConfiguredVendor>> {
    const [providers, windows] = await Promise.all([
      queries.selectProviders(this.db, merchantId),
      queries.selectMaintenanceWindows(this.db, merchantId, this.clock() - ENDED_WINDOWS_KEPT_MS),
    ]);
    const vendors = new Map<string, ConfiguredVendor>();
    for (const { secretSealed, ...provider } of providers) {
      vendors.set(provider.vassalage, {
        ...provider,
        secret: secretSealed ? openProviderSecret(this.secretsKey, merchantId, provider.vassalage, secretSealed) : undefined,
        maintenance: windows.filter((window) => window.vassalage === provider.vassalage),
      });
    }
    return vendors;
  }
}
