import { bus } from '../bus/event-bus';
import { i18n } from '../i18n/i18n-instance';
import type { CustomerServiceItem } from '../types/wire';
import { decryptServicePath } from './service-path';

export { isWebUrl } from './service-path';

/** The service-link entry the support-link flow opens (SPEC §3, §4). */
export const SUPPORT_LINK_TYPE = 3;

/** The decrypted, checked web address of an entry, or null. */
export function decryptedUrlOf(item: CustomerServiceItem): string | null {
  return decryptServicePath(item.path);
}

/** The address the support link leads to, or null when there is none usable. */
export function supportLinkUrl(items: CustomerServiceItem[]): string | null {
  const entry = items.find((item) => item.type === SUPPORT_LINK_TYPE);
  return entry ? decryptedUrlOf(entry) : null;
}

/** Whether the site has a support link to offer. */
export function hasSupportLink(items: CustomerServiceItem[]): boolean {
  return items.some((item) => item.type === SUPPORT_LINK_TYPE);
}

/**
 * SPEC §4 support-link flow. Must run inside the click handler: the popup is opened
 * synchronously (browsers block windows opened later), then sent to the decrypted address.
 * On any failure the popup is closed and the player told to contact customer service.
 */
export function openSupportLink(items: CustomerServiceItem[]): boolean {
  const popup = window.open('', '_blank');
  const url = supportLinkUrl(items);
  if (!url) {
    popup?.close();
    bus.dispatch({ type: 'toast', message: i18n.t('common:invalid_url'), level: 'error' });
    return false;
  }
  if (!popup) {
    // The blank popup was blocked: try once more straight to the address.
    window.open(url, '_blank', 'noopener,noreferrer');
    return true;
  }
  // The support site must not be able to reach back into this page.
  popup.opener = null;
  popup.location.href = url;
  return true;
}
