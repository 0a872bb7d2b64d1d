import type { Whitelabel } from '@platform/shared';
import { MODULE_IDS, type ModuleName } from '@platform/shared/contract';

/** A whitelabel module the auth screens read, by its name in the contract's MODULE_IDS. */
export type FeatureSwitch = ModuleName;

/** Whether the site switched the module on (SPEC §6, §3 Whitelabel flags): on is '1'. */
export function isSwitchOn(whitelabel: Whitelabel | null | undefined, name: FeatureSwitch): boolean {
  return whitelabel?.[MODULE_IDS[name]]?.enabled === '1';
}
