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

/**
 * A row of the page and the day's field it shows: the site's own lottery is folded into the
 * lottery row (lott and elott, claimed together), as the product family shows it. The server adds
 * them (lotteryRemain) and the day's total: the page does no arithmetic on money.
 */
export const REBATE_ROWS = [
  { key: 'elott', categories: ['lott', 'elott'], field: 'lotteryRemain' },
  { key: 'rng', categories: ['rng'], field: 'rngRemain' },
  { key: 'live', categories: ['live'], field: 'liveRemain' },
  { key: 'fish', categories: ['fish'], field: 'fishRemain' },
  { key: 'pvp', categories: ['pvp'], field: 'pvpRemain' },
  { key: 'sports', categories: ['sports'], field: 'sportsRemain' },
] as const satisfies readonly { key: string; categories: readonly RebateCategory[]; field: keyof RebateDay }[];
export type RebateRow = (typeof REBATE_ROWS)[number];
export type RebateRowKey = RebateRow['key'];

/** An amount of the wire in minor units (0 for anything that is not one). */
export const minorOf = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** What remains of a row of a day, in minor units. */
export const rowRemainMinor = (day: RebateDay, row: RebateRow): AmountMinor => minorOf(day[row.field]);

const quietDay = { ...rebateDayCall, quiet: true };
const quietClaim = { ...rebateDisburseCall, quiet: true };

export const loadSetting = (signal: AbortSignal): Promise<CustomerRebateSetting> => api.call(customerRebateSettingCall, { signal });

export const loadDay = (balanceDate: string, signal: AbortSignal): Promise<RebateDay> => api.call(quietDay, { params: { balanceDate }, signal });

/** Claims a row's remaining amount (exactly what the day showed), its categories in one claim. */
export const claimRow = (balanceDate: string, row: RebateRow, amountMinor: AmountMinor): Promise<RebateDisbursed> =>
  api.call(quietClaim, { data: { balanceDate, categories: [...row.categories], rebateAmount: amountMajorForWire(amountMinor) } });

/** Claims the whole day's remaining amount. */
export const claimDay = (balanceDate: string, amountMinor: AmountMinor): Promise<RebateDisbursed> =>
  api.call(quietClaim, { data: { balanceDate, rebateAmount: amountMajorForWire(amountMinor) } });
