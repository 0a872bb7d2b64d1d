import { useMemo } from 'react';
import { useBusState } from '../bus/use-bus-state';
import type { CustomerServiceItem, SiteSettings, Whitelabel } from '../types/wire';

export interface SiteConfig {
  site: SiteSettings | null;
  whitelabel: Whitelabel;
  customerService: CustomerServiceItem[];
  /** Whether a whitelabel module (feature switch of SPEC §6, 'MOBILENUMREG3') is on. */
  isOn: (moduleId: string) => boolean;
}

const NO_SWITCHES: Whitelabel = {};
const NO_SERVICE: CustomerServiceItem[] = [];

/** Whether a whitelabel module is on: its `enabled` is '1'. */
export function isModuleOn(whitelabel: Whitelabel | null | undefined, moduleId: string): boolean {
  return whitelabel?.[moduleId]?.enabled === '1';
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
      isOn: (moduleId: string) => isModuleOn(whitelabel, moduleId),
    };
  }, [status]);
}
