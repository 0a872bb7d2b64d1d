import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import { memberProfitCall, type GameCategoryCode, type MemberProfitTotals } from '@platform/contract';

// The profit and loss call, and the one place its answers turn from major units (the wire) into
// minor units (what the table formats).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** The money columns, in the legacy page's order. */
export const PROFIT_COLUMNS = ['deposit', 'withdraw', 'betAmount', 'validBetAmount', 'winAmount', 'rebate', 'promotion', 'totalInvitationAmount', 'profitAndLoss'] as const;
export type ProfitColumn = (typeof PROFIT_COLUMNS)[number];

export type ProfitAmounts = Record<ProfitColumn, AmountMinor>;

export interface ProfitDay extends ProfitAmounts {
  /** YYYY-MM-DD, the merchant's day. */
  balanceDate: string;
}

const amountsOf = (totals: MemberProfitTotals): ProfitAmounts =>
  Object.fromEntries(PROFIT_COLUMNS.map((column) => [column, minor(totals[column])])) as ProfitAmounts;

/** A date of the member's calendar as the call takes it: YYYY-MM-DD. */
export function calendarDate(timeMs: number): string {
  const date = new Date(timeMs);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** One page of the days in [startMs, endMs] (the member's calendar days), newest first, with the period's totals. */
export async function loadProfit(
  query: { range: { startMs: number; endMs: number }; gameCategory: GameCategoryCode | null; page: number; size: number },
  signal: AbortSignal,
): Promise<{ list: ProfitDay[]; totalPages: number; footer: ProfitAmounts }> {
  const value = await api.call(memberProfitCall, {
    params: {
      startDate: calendarDate(query.range.startMs),
      endDate: calendarDate(query.range.endMs),
      ...(query.gameCategory ? { gameCategory: query.gameCategory } : {}),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  const zero = { deposit: 0, withdraw: 0, betAmount: 0, validBetAmount: 0, winAmount: 0, rebate: 0, promotion: 0, totalInvitationAmount: 0, profitAndLoss: 0 };
  return {
    list: value.list.map((row) => ({ balanceDate: row.balanceDate, ...amountsOf(row) })),
    totalPages: value.totalPages,
    footer: amountsOf(value.footer ?? zero),
  };
}
