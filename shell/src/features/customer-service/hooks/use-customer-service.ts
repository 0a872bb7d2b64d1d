import { decryptedUrlOf, openSupportLink, useCall, type CustomerServiceItem } from '@platform/shared';
import { useCallback } from 'react';
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

/** The support-link flow bound to the site's customer-service entries (decrypted when used). */
export function useCustomerService(): { openSupport: () => Promise<boolean> } {
  const { customerService } = useSiteSettings();
  const openSupport = useCallback(() => openSupportLink(customerService), [customerService]);
  return { openSupport };
}

const NO_LINKS: CustomerServiceLink[] = [];

/**
 * The site's customer-service entries, decrypted: none until the decryption code (fetched when
 * first needed, not with the page) has run; none if it cannot be fetched.
 */
export function useCustomerServiceLinks(): CustomerServiceLink[] {
  const { customerService } = useSiteSettings();
  // No signal: nothing is sent, the entries are decrypted here.
  const links = useCall(() => customerServiceLinks(customerService), [customerService]);
  if (links.status === 'success') return links.data;
  return links.status === 'loading' ? (links.staleData ?? NO_LINKS) : NO_LINKS;
}
