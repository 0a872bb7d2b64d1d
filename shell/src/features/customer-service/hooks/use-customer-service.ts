import { openSupportLink, SUPPORT_LINK_TYPE, useBusState, type CustomerServiceItem } from '@platform/shared';
import { VIP_SERVICE_ABOVE_LEVEL } from '@platform/contract';
import { useCallback, useMemo } from 'react';
import { mayChat, openChat, useChatEnabled } from '../../chat/chat-entry';
import { useSiteSettings } from '../../settings/use-site-settings';

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
export function useRankedServiceItems(): CustomerServiceItem[] {
  const { customerService } = useSiteSettings();
  const rankLevel = useBusState('session').member?.clubLabel?.rankLevel;
  return useMemo(() => serviceItemsForRank(customerService, rankLevel), [customerService, rankLevel]);
}

export interface CustomerServiceOptions {
  /**
   * The login popup can be shown here (default). The status pages have none (the site is closed
   * to a login): there a visitor or a guest gets the outside link even with the chat on.
   */
  loginAvailable?: boolean;
}

/**
 * Customer service from a click: the site's own chat while the merchant has it on (a visitor gets
 * the login popup, a guest the notice to register), otherwise the support-link flow bound to the
 * site's entries (decrypted when used), chosen by the member's VIP rank. Resolves whether
 * something opened.
 */
export function useCustomerService({ loginAvailable = true }: CustomerServiceOptions = {}): { openSupport: () => Promise<boolean>; inSiteChat: boolean } {
  const customerService = useRankedServiceItems();
  const inSiteChat = useChatEnabled();
  const openSupport = useCallback(() => {
    if (inSiteChat && (loginAvailable || mayChat())) return Promise.resolve(openChat());
    return openSupportLink(customerService);
  }, [customerService, inSiteChat, loginAvailable]);
  return { openSupport, inSiteChat };
}
