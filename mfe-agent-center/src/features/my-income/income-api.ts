import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import { agentIncomeCall, type AgentIncome } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The page's one call, and where its amounts turn from major units (the wire) into minor units
// (what the page formats).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** The kinds of income the agent is credited, in the order the page shows them (Total Income last). */
export const INCOME_KINDS = ['lotteryRebate', 'agentRebate', 'dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary', 'total'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** What the agent itself was credited, by kind; amounts in minor units. */
export type IncomeFigures = Record<IncomeKind, AmountMinor>;

export interface IncomeDay extends IncomeFigures {
  /** YYYY-MM-DD, a day of the agent time zone. */
  date: string;
}

export interface Income {
  /** The time zone of the days (and of the period asked for). */
  utcOffsetMinutes: number;
  totals: IncomeFigures;
  /** The days of the period with income, newest first. */
  days: IncomeDay[];
}

const figuresOf = (wire: AgentIncome['totals']): IncomeFigures => ({
  lotteryRebate: minor(wire.lotteryRebate),
  agentRebate: minor(wire.agentRebate),
  dividend: minor(wire.dividend),
  dailySalary: minor(wire.dailySalary),
  hourlySalary: minor(wire.hourlySalary),
  realtimeSalary: minor(wire.realtimeSalary),
  total: minor(wire.total),
});

/** The agent's own income over the period's days, in total and per day. */
export async function loadIncome(range: PeriodRange, signal: AbortSignal): Promise<Income> {
  const value = await api.call(agentIncomeCall, { params: { startDate: range.startMs, endDate: range.endMs }, signal });
  return {
    utcOffsetMinutes: value.utcOffsetMinutes,
    totals: figuresOf(value.totals),
    days: value.days.map(({ date, ...day }) => ({ date, ...figuresOf(day) })),
  };
}
