import type { GameLane, VendorCard } from '@platform/shared';

/** One vendor card per provider, only those with a colour icon, in lane order. */
export function providersWithColourIcons(lanes: GameLane[]): VendorCard[] {
  const seen = new Set<string>();
  const providers: VendorCard[] = [];
  for (const lane of lanes) {
    for (const vendor of lane.vendors ?? []) {
      if (!vendor.colorIconUrl || seen.has(vendor.provider)) continue;
      seen.add(vendor.provider);
      providers.push(vendor);
    }
  }
  return providers;
}
