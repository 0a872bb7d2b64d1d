// The manual rebate's calls, and the one place their amounts turn from major units (the wire) into
// minor units (what the page adds and formats). The claim and the day are sent quiet: the page
// says each failure itself (under the day, or on the row), so no toast comes besides.
import { amountMajorForWire, amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import {
  customerRebateSettingCall,
  rebateDayCall,
  rebateDisburseCall,
  type CustomerRebateSetting,
  type RebateCategory,
  type RebateDay,
  type RebateDisbursed,
} from '@platform/contract';

/** A row of the page: the site's own lottery is folded into the lottery row (elott), as the product family shows it. */
export const REBATE_ROWS = [
  { key: 'elott', categories: ['lott', 'elott'] },
  { key: 'rng', categories: ['rng'] },
  { key: 'live', categories: ['live'] },
  { key: 'fish', categories: ['fish'] },
  { key: 'pvp', categories: ['pvp'] },
  { key: 'sports', categories: ['sports'] },
] as const satisfies readonly { key: string; categories: readonly RebateCategory[] }[];
export type RebateRowKey = (typeof REBATE_ROWS)[number]['key'];

const REMAIN_FIELD: Record<RebateCategory, keyof RebateDay> = {
  lott: 'lottRemain',
  elott: 'elottRemain',
  fish: 'fishRemain',
  live: 'liveRemain',
  pvp: 'pvpRemain',
  rng: 'rngRemain',
  sports: 'sportsRemain',
};

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** What remains of each category of a day, in minor units. */
export function remainsOf(day: RebateDay): Record<RebateCategory, AmountMinor> {
  return Object.fromEntries(Object.entries(REMAIN_FIELD).map(([category, field]) => [category, minor(day[field] as number)])) as Record<RebateCategory, AmountMinor>;
}

/** A row's remaining amount: the sum of its categories. */
export const rowRemainMinor = (remains: Record<RebateCategory, AmountMinor>, categories: readonly RebateCategory[]): AmountMinor =>
  amountMinorOf(categories.reduce((sum, category) => sum + remains[category], 0));

const quietDay = { ...rebateDayCall, quiet: true };
const quietClaim = { ...rebateDisburseCall, quiet: true };

export const loadSetting = (signal: AbortSignal): Promise<CustomerRebateSetting> => api.call(customerRebateSettingCall, { signal });

export const loadDay = (balanceDate: string, signal: AbortSignal): Promise<RebateDay> => api.call(quietDay, { params: { balanceDate }, signal });

/** Claims one category's remaining amount (exactly what the day showed). */
export const claimCategory = (balanceDate: string, category: RebateCategory, amountMinor: AmountMinor): Promise<RebateDisbursed> =>
  api.call(quietClaim, { data: { balanceDate, category, rebateAmount: amountMajorForWire(amountMinor) } });

/** Claims the whole day's remaining amount. */
export const claimDay = (balanceDate: string, amountMinor: AmountMinor): Promise<RebateDisbursed> =>
  api.call(quietClaim, { data: { balanceDate, rebateAmount: amountMajorForWire(amountMinor) } });
