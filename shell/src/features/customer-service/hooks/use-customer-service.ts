import { decryptedUrlOf, openSupportLink, SUPPORT_LINK_TYPE, useBusState, useCall, type CustomerServiceItem } from '@platform/shared';
import { VIP_SERVICE_ABOVE_LEVEL } from '@platform/contract';
import { useCallback, useMemo } from 'react';
import { useSiteSettings } from '../../settings/use-site-settings';

export interface CustomerServiceLink extends CustomerServiceItem {
  /** The decrypted, checked web address. */
  url: string;
}

/** Decrypts every entry; entries that fail to decrypt to a web address are left out. */
export async function customerServiceLinks(items: CustomerServiceItem[]): Promise<CustomerServiceLink[]> {
  const urls = await Promise.all(items.map(decryptedUrlOf));
  return items.flatMap((item, index) => {
    const url = urls[index];
    return url ? [{ ...item, url }] : [];
  });
}

/**
 * The entries as a member of this VIP rank level sees them: above VIP_SERVICE_ABOVE_LEVEL the
 * merchant's VIP entry is its support link (the first of type 3, which the support-link flow
 * opens) in place of live chat; below, the VIP entry is not offered at all.
 */
export function serviceItemsForRank(items: CustomerServiceItem[], rankLevel: number | null | undefined): CustomerServiceItem[] {
  const vip = items.find((item) => item.csType === 'VIP');
  if (!vip) return items;
  if ((rankLevel ?? 0) <= VIP_SERVICE_ABOVE_LEVEL) return items.filter((item) => item !== vip);
  return [{ ...vip, type: SUPPORT_LINK_TYPE }, ...items.filter((item) => item !== vip)];
}

/** The site's entries for the signed-in member's VIP rank (the member info's club label). */
function useRankedServiceItems(): CustomerServiceItem[] {
  const { customerService } = useSiteSettings();
  const rankLevel = useBusState('session').member?.clubLabel?.rankLevel;
  return useMemo(() => serviceItemsForRank(customerService, rankLevel), [customerService, rankLevel]);
}

/** The support-link flow bound to the site's customer-service entries (decrypted when used), chosen by the member's VIP rank. */
export function useCustomerService(): { openSupport: () => Promise<boolean> } {
  const customerService = useRankedServiceItems();
  const openSupport = useCallback(() => openSupportLink(customerService), [customerService]);
  return { openSupport };
}

const NO_LINKS: CustomerServiceLink[] = [];

/**
 * The site's customer-service entries, decrypted: none until the decryption code (fetched when
 * first needed, not with the page) has run; none if it cannot be fetched.
 */
export function useCustomerServiceLinks(): CustomerServiceLink[] {
  const customerService = useRankedServiceItems();
  // No signal: nothing is sent, the entries are decrypted here.
  const links = useCall(() => customerServiceLinks(customerService), [customerService]);
  if (links.status === 'success') return links.data;
  return links.status === 'loading' ? (links.staleData ?? NO_LINKS) : NO_LINKS;
}
