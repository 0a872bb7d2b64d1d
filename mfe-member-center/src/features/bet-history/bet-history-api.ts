import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import { BET_HISTORY_CALLS, type BetHistoryCategory, type BetHistoryTotals, type BetRecordStatus } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The bet records' calls of the game categories (one per category), and the one place their
// answers turn from major units (the wire) into minor units (what the table formats). The lottery
// tabs have their own call: lottery-records-api.ts.

/** The categories' tabs (the bet history's sub-tabs), in order, after the lottery's. */
export const BET_HISTORY_TABS = [
  { tab: 'rngHistory', category: 'RNG' },
  { tab: 'fishHistory', category: 'FISH' },
  { tab: 'liveHistory', category: 'LIVE' },
  { tab: 'pvpHistory', category: 'PVP' },
  { tab: 'sportsHistory', category: 'SPORTS' },
  { tab: 'inhouseHistory', category: 'INHOUSE' },
] as const satisfies readonly { tab: string; category: BetHistoryCategory }[];

export type BetHistoryTab = (typeof BET_HISTORY_TABS)[number]['tab'];

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export interface BetTotals {
  betMinor: AmountMinor;
  validBetMinor: AmountMinor;
  winMinor: AmountMinor;
  profitMinor: AmountMinor;
}

export interface BetRow extends BetTotals {
  roundId: string;
  timeMs: number;
  gameName: string;
  status: BetRecordStatus;
}

const totalsOf = (amounts: BetHistoryTotals): BetTotals => ({
  betMinor: minor(amounts.betAmount),
  validBetMinor: minor(amounts.validBetAmount),
  winMinor: minor(amounts.winAmount),
  profitMinor: minor(amounts.profitAndLoss),
});

/** One page of the member's rounds of a category that started in the period (the member's days), newest first, with the period's totals. */
export async function loadBetHistory(
  query: { category: BetHistoryCategory; range: PeriodRange; page: number; size: number },
  signal: AbortSignal,
): Promise<PagedList<BetRow, BetTotals>> {
  const value = await api.call(BET_HISTORY_CALLS[query.category], {
    params: { startDate: query.range.startMs, endDate: query.range.endMs, page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map((row) => ({
      roundId: row.roundId,
      timeMs: row.betTimeInTimestamp,
      gameName: row.gameName,
      status: row.status,
      ...totalsOf(row),
    })),
    totalPages: value.totalPages,
    footer: value.footer && totalsOf(value.footer),
  };
}
