import { useBusState } from '@platform/shared';
import { useMemo } from 'react';
import { isModuleOn, type ModuleName } from '@platform/contract';
import type { CustomerServiceItem, SiteSettings, Whitelabel } from '../types/wire';

export interface SiteConfig {
  site: SiteSettings | null;
  whitelabel: Whitelabel;
  customerService: CustomerServiceItem[];
  /**
   * @deprecated Read switches with the contract's `switchReader(whitelabel)`: this kit is the
   * shell's copy at run time, so its table of module ids is the shell's too, and a switch newer
   * than the shell reads as off. Kept for remotes built before 5.7.0.
   */
  isOn: (name: ModuleName) => boolean;
}

const NO_SWITCHES: Whitelabel = {};
const NO_SERVICE: CustomerServiceItem[] = [];

/** @deprecated Import isModuleOn from '@platform/contract' (the caller's own module ids). */
export { isModuleOn };

/** The operator's configuration the shell put on the bus at start-up (system status). */
export function useSiteConfig(): SiteConfig {
  const { status } = useBusState('settings');
  return useMemo(() => {
    const whitelabel = status?.info.whitelabel ?? NO_SWITCHES;
    return {
      site: status?.info.site ?? null,
      whitelabel,
      customerService: status?.info.customerService ?? NO_SERVICE,
      isOn: (name: ModuleName) => isModuleOn(whitelabel, name),
    };
  }, [status]);
}
