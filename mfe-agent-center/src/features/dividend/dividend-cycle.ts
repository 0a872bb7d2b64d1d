import { useT } from '@platform/shared';
import type { DividendCycle } from '@platform/contract';
import { NAMESPACE } from './translations';

/** A settlement cycle's name (Daily, Weekly, Semimonthly, Monthly), in the page's language. */
export function useCycleName(): (cycle: DividendCycle) => string {
  const { t } = useT(NAMESPACE);
  return (cycle) => ({ daily: t('cycle_daily'), weekly: t('cycle_weekly'), semimonthly: t('cycle_semimonthly'), monthly: t('cycle_monthly') })[cycle];
}
