import { bus } from '../bus/event-bus';
import { i18n } from '../i18n/i18n-instance';
import type { CustomerServiceItem } from '../types/wire';

export { isWebUrl } from './web-url';

/** The service-link entry the support-link flow opens. */
export const SUPPORT_LINK_TYPE = 3;

/**
 * The decryption of service paths (crypto-js), fetched when a path is first decrypted rather than
 * with the page: most visits never open customer service.
 */
export async function loadServicePathDecryptor(): Promise<(path: string | null | undefined) => string | null> {
  const { decryptServicePath } = await import(/* webpackChunkName: "service-path" */ './service-path');
  return decryptServicePath;
}

/** The decrypted, checked web address of an entry, or null. */
export async function decryptedUrlOf(item: CustomerServiceItem): Promise<string | null> {
  return (await loadServicePathDecryptor())(item.path);
}

/** The address the support link leads to, or null when there is none usable. */
export async function supportLinkUrl(items: CustomerServiceItem[]): Promise<string | null> {
  const entry = items.find((item) => item.type === SUPPORT_LINK_TYPE);
  return entry ? decryptedUrlOf(entry) : null;
}

/** Whether the site has a support link to offer. */
export function hasSupportLink(items: CustomerServiceItem[]): boolean {
  return items.some((item) => item.type === SUPPORT_LINK_TYPE);
}

/**
 * The support-link flow. Must be called inside the click handler: the popup is opened
 * synchronously (browsers block windows opened later), then sent to the decrypted address once it
 * is known. On any failure (no entry, a path that does not decrypt to a web address, the
 * decryption code not loading) the popup is closed and the player told to contact customer service.
 */
export async function openSupportLink(items: CustomerServiceItem[]): Promise<boolean> {
  const popup = window.open('', '_blank');
  const url = await supportLinkUrl(items).catch(() => null);
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
