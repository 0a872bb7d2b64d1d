import { bus, decryptServicePath, i18n, type CustomerServiceItem } from '@platform/shared';

/** The service-link entry the support-link flow opens (SPEC §3). */
export const SUPPORT_LINK_TYPE = 3;

/** Only web addresses may be opened: anything else (javascript:, data:, garbage) is refused. */
export function isWebUrl(url: string | null | undefined): url is string {
  if (!url) return false;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The decrypted path of an entry, or null when it does not decrypt to a web address. */
export function decryptedUrlOf(item: CustomerServiceItem): string | null {
  try {
    const url = decryptServicePath(item.path);
    return isWebUrl(url) ? url : null;
  } catch {
    return null;
  }
}

/** The address the support link leads to, or null when there is none usable. */
export function supportLinkUrl(items: CustomerServiceItem[]): string | null {
  const entry = items.find((item) => item.type === SUPPORT_LINK_TYPE);
  return entry ? decryptedUrlOf(entry) : null;
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
