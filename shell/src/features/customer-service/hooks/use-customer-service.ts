import { decryptedUrlOf, openSupportLink, type CustomerServiceItem } from '@platform/shared';
import { useCallback, useMemo } from 'react';
import { useSiteSettings } from '../../settings/use-site-settings';

export interface CustomerServiceLink extends CustomerServiceItem {
  /** The decrypted, checked web address. */
  url: string;
}

/** Decrypts every entry; entries that fail to decrypt to a web address are left out. */
export function customerServiceLinks(items: CustomerServiceItem[]): CustomerServiceLink[] {
  return items.flatMap((item) => {
    const url = decryptedUrlOf(item);
    return url ? [{ ...item, url }] : [];
  });
}

/** The site's customer-service entries, decrypted, and the support-link flow bound to them. */
export function useCustomerService(): { entries: CustomerServiceLink[]; openSupport: () => boolean } {
  const { customerService } = useSiteSettings();
  const entries = useMemo(() => customerServiceLinks(customerService), [customerService]);
  const openSupport = useCallback(() => openSupportLink(customerService), [customerService]);
  return { entries, openSupport };
}
