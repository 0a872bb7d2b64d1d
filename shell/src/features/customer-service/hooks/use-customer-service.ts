import { decryptedUrlOf, openSupportLink, type CustomerServiceItem } from '@platform/shared';
import { useCallback, useEffect, useState } from 'react';
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

/**
 * The site's customer-service entries, decrypted: none until the decryption code (fetched when
 * first needed, not with the page) has run; none if it cannot be fetched.
 */
export function useCustomerServiceLinks(): CustomerServiceLink[] {
  const { customerService } = useSiteSettings();
  const [entries, setEntries] = useState<CustomerServiceLink[]>([]);
  useEffect(() => {
    let current = true;
    customerServiceLinks(customerService).then(
      (links) => current && setEntries(links),
      () => current && setEntries([]),
    );
    return () => {
      current = false;
    };
  }, [customerService]);
  return entries;
}
