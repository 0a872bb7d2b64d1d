import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor } from '@platform/shared';
import { agentTeamOverviewCall, type AgentTeamOverview } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The page's one call (the agent's whole team, or one downline's with subordinateName), and where
// its amounts turn from major units (the wire) into minor units (what the page formats).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

type WireFigures = AgentTeamOverview['totals'];

/** The team's activity over a period (or one day of it); amounts in minor units. */
export interface TeamFigures {
  logins: number;
  registrations: number;
  firstDeposits: number;
  firstBets: number;
  depositsMinor: AmountMinor;
  depositCount: number;
  withdrawalsMinor: AmountMinor;
  betsMinor: AmountMinor;
  betCount: number;
  winsMinor: AmountMinor;
  promotionsMinor: AmountMinor;
}

export interface TeamDay extends TeamFigures {
  /** YYYY-MM-DD, a day of the agent time zone. */
  date: string;
}

export interface TeamOverview {
  teamSize: number;
  directCount: number;
  onlineUsers: number;
  totalBalanceMinor: AmountMinor;
  /** The time zone of the days (and of the period asked for). */
  utcOffsetMinutes: number;
  totals: TeamFigures;
  /** Every day of the period, oldest first. */
  days: TeamDay[];
}

const figuresOf = (wire: WireFigures): TeamFigures => ({
  logins: wire.logins,
  registrations: wire.registrations,
  firstDeposits: wire.firstDeposits,
  firstBets: wire.firstBets,
  depositsMinor: minor(wire.deposits),
  depositCount: wire.depositCount,
  withdrawalsMinor: minor(wire.withdrawals),
  betsMinor: minor(wire.bets),
  betCount: wire.betCount,
  winsMinor: minor(wire.wins),
  promotionsMinor: minor(wire.promotions),
});

export interface TeamOverviewQuery {
  range: PeriodRange;
  /** A member of the agent's downline: that member's team; null: the agent's whole downline. */
  subordinateName: string | null;
}

/**
 * The team now, and its activity in the period's days. Fails with agent.downline.unknown when
 * subordinateName is not in the agent's team.
 */
export async function loadTeamOverview(query: TeamOverviewQuery, signal: AbortSignal): Promise<TeamOverview> {
  const { range, subordinateName } = query;
  const value = await api.call(agentTeamOverviewCall, {
    params: { startDate: range.startMs, endDate: range.endMs, ...(subordinateName ? { subordinateName } : {}) },
    signal,
  });
  return {
    teamSize: value.teamSize,
    directCount: value.directCount,
    onlineUsers: value.onlineUsers,
    totalBalanceMinor: minor(value.totalBalance),
    utcOffsetMinutes: value.utcOffsetMinutes,
    totals: figuresOf(value.totals),
    days: value.days.map(({ date, ...day }) => ({ date, ...figuresOf(day) })),
  };
}
