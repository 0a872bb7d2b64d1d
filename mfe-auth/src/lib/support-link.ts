import { bus, decryptServicePath, i18n, type CustomerServiceItem } from '@platform/shared';

/** The service-link entry of type 3 is the live-support page (SPEC §4 Support-link flow). */
const SUPPORT_LINK_TYPE = 3;

function webUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether the site has a usable customer-service link. */
export function hasSupportLink(items: CustomerServiceItem[]): boolean {
  return items.some((item) => item.type === SUPPORT_LINK_TYPE);
}

/**
 * Opens customer service from a click (the forgot-password form's link): a popup opened at once,
 * then sent to the decrypted address; closed again when the address is unusable.
 */
export function openSupportLink(items: CustomerServiceItem[]): void {
  const popup = window.open('', '_blank');
  const entry = items.find((item) => item.type === SUPPORT_LINK_TYPE);
  const url = entry ? webUrl(decryptServicePath(entry.path)) : null;
  if (!url) {
    popup?.close();
    bus.dispatch({ type: 'toast', message: i18n.t('common:invalid_url'), level: 'error' });
    return;
  }
  if (!popup) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  popup.opener = null;
  popup.location.href = url;
}
