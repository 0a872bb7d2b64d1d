import { currentImageBase, useBusState, type CustomerServiceItem, type Resource, type ResourceType, type SiteSettings, type SystemStatus, type Whitelabel } from '@platform/shared';
import { useMemo } from 'react';

export interface SiteSettingsView {
  status: SystemStatus | null;
  /** Null until the system status has loaded. */
  site: SiteSettings | null;
  resources: Resource[];
  customerService: CustomerServiceItem[];
  whitelabel: Whitelabel;
}

const EMPTY_RESOURCES: Resource[] = [];
const EMPTY_SERVICE: CustomerServiceItem[] = [];
const EMPTY_WHITELABEL: Whitelabel = {};

export function siteSettingsOf(status: SystemStatus | null): SiteSettingsView {
  const info = status?.info;
  return {
    status,
    site: info?.site ?? null,
    resources: info?.resources ?? EMPTY_RESOURCES,
    customerService: info?.customerService ?? EMPTY_SERVICE,
    whitelabel: info?.whitelabel ?? EMPTY_WHITELABEL,
  };
}

/** The operator's configuration from the bus (`settings$` → status.info), for the whole chrome. */
export function useSiteSettings(): SiteSettingsView {
  const { status } = useBusState('settings');
  return useMemo(() => siteSettingsOf(status), [status]);
}

/** A configured resource link: present and with a non-empty url. */
export function findResource(resources: Resource[], type: ResourceType): Resource | undefined {
  return resources.find((resource) => resource.resourceType === type && resource.url.trim() !== '');
}

/**
 * Image paths from the server ('/banners/1.jpg', 'icons/jl.png') live under the image CDN picked at
 * start-up (info.imageCDNs, shared/src/cdn; an <img> with onError={cdnImageFallback} moves to the
 * next one), else under the brand's image base URL; full addresses (https:, protocol-relative,
 * data:, blob:) are used as they are.
 */
export function resolveImageUrl(url: string, imageBaseUrl: string | null | undefined): string {
  const base = currentImageBase() ?? imageBaseUrl;
  if (!url || !base || /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}
