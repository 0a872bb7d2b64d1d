import { useBusState } from '@platform/shared';
import { useMemo } from 'react';
import { MODULE_IDS, type ModuleName } from '../contract/feature-switches';
import type { CustomerServiceItem, SiteSettings, Whitelabel } from '../types/wire';

export interface SiteConfig {
  site: SiteSettings | null;
  whitelabel: Whitelabel;
  customerService: CustomerServiceItem[];
  /** Whether a whitelabel module (a feature switch of SPEC §6: 'smsLogin' is MOBILEVERCODELOGIN3) is on. */
  isOn: (name: ModuleName) => boolean;
}

const NO_SWITCHES: Whitelabel = {};
const NO_SERVICE: CustomerServiceItem[] = [];

/** Whether the site switched a whitelabel module on (SPEC §6, §3 Whitelabel flags): its `enabled` is '1'. */
export function isModuleOn(whitelabel: Whitelabel | null | undefined, name: ModuleName): boolean {
  return whitelabel?.[MODULE_IDS[name]]?.enabled === '1';
}

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
