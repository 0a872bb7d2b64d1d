// The customer-service entries as the side bar lists them: a module apart from
// use-customer-service.ts, which every page's first load carries (the footer, the status pages),
// while these are only needed once the side menu is shown.
import { decryptedUrlOf, useCall, type CustomerServiceItem } from '@platform/shared';
import { useMemo } from 'react';
import { useChatEnabled } from '../../chat/chat-entry';
import { useRankedServiceItems } from './use-customer-service';

/**
 * The entries the site's own chat stands in for while the merchant has it on (chatEnabled): live
 * chat and the VIP host (the chat server puts a VIP member in its VIP queue itself). Facebook and
 * Telegram stay links to those services.
 */
export const IN_SITE_CHAT_TYPES: ReadonlySet<CustomerServiceItem['csType']> = new Set(['LIVECHAT', 'VIP']);

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

/** The entry that opens the site's own chat (the first live-chat or VIP entry for the member's rank), or null with the chat off. */
export function useChatServiceEntry(): CustomerServiceItem | null {
  const customerService = useRankedServiceItems();
  const inSiteChat = useChatEnabled();
  return inSiteChat ? (customerService.find((item) => IN_SITE_CHAT_TYPES.has(item.csType)) ?? null) : null;
}

const NO_LINKS: CustomerServiceLink[] = [];

/**
 * The site's customer-service entries that are links, decrypted: none until the decryption code
 * (fetched when first needed, not with the page) has run; none if it cannot be fetched. With the
 * site's own chat on, the live-chat and VIP entries are not links (useChatServiceEntry).
 */
export function useCustomerServiceLinks(): CustomerServiceLink[] {
  const ranked = useRankedServiceItems();
  const inSiteChat = useChatEnabled();
  const customerService = useMemo(() => (inSiteChat ? ranked.filter((item) => !IN_SITE_CHAT_TYPES.has(item.csType)) : ranked), [ranked, inSiteChat]);
  // No signal: nothing is sent, the entries are decrypted here.
  const links = useCall(() => customerServiceLinks(customerService), [customerService]);
  if (links.status === 'success') return links.data;
  return links.status === 'loading' ? (links.staleData ?? NO_LINKS) : NO_LINKS;
}
