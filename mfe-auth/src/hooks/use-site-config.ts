import { useBusState, type CustomerServiceItem, type SiteSettings, type Whitelabel } from '@platform/shared';
import { useMemo } from 'react';
import { isSwitchOn, type FeatureSwitch } from '../lib/feature-switches';

export interface SiteConfig {
  site: SiteSettings | null;
  whitelabel: Whitelabel;
  customerService: CustomerServiceItem[];
  /** Whether one of the feature switches of SPEC §6 is on. */
  isOn: (name: FeatureSwitch) => boolean;
}

const NO_SWITCHES: Whitelabel = {};
const NO_SERVICE: CustomerServiceItem[] = [];

/** The operator's configuration the shell put on the bus at start-up (system status). */
export function useSiteConfig(): SiteConfig {
  const { status } = useBusState('settings');
  return useMemo(() => {
    const whitelabel = status?.info.whitelabel ?? NO_SWITCHES;
    return {
      site: status?.info.site ?? null,
      whitelabel,
      customerService: status?.info.customerService ?? NO_SERVICE,
      isOn: (name: FeatureSwitch) => isSwitchOn(whitelabel, name),
    };
  }, [status]);
}
