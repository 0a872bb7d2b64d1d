import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import { agentTeamProfitLossCall, type AgentProfitLossRow } from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The page's one call, and where its amounts turn from major units (the wire) into minor units
// (what the page formats).

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** A team's money over the period by kind (its head's own included); amounts in minor units. */
export interface ProfitLossRow {
  memberId: number;
  username: string;
  accountType: AgentProfitLossRow['accountType'];
  /** Members of the team, its head included. */
  teamSize: number;
  depositsMinor: AmountMinor;
  withdrawalsMinor: AmountMinor;
  betsMinor: AmountMinor;
  winsMinor: AmountMinor;
  /** Betting rebates and agent rebates. */
  rebatesMinor: AmountMinor;
  /** Dividends and daily, hourly and real-time salaries. */
  salariesMinor: AmountMinor;
  promotionsMinor: AmountMinor;
  /** The team's result: below 0 the team lost (the house won), above 0 it won. */
  profitLossMinor: AmountMinor;
}

/**
 * One page of the direct downlines of a team's head, each with its own team's figures; the whole
 * team's figures come as the list's footer (they include the head's own, so they are not the sum
 * of the rows).
 */
export type TeamProfitLoss = PagedList<ProfitLossRow, TeamFigures>;

/** The whole team's figures, with the agent time zone the server counted the period's days in. */
export type TeamFigures = ProfitLossRow & { utcOffsetMinutes: number };

export interface TeamProfitLossQuery {
  range: PeriodRange;
  /** A member of the agent's downline whose team to read; null for the agent's own team. */
  subordinateName: string | null;
  page: number;
  size: number;
}

const rowOf = (wire: AgentProfitLossRow): ProfitLossRow => ({
  memberId: wire.memberId,
  username: wire.username,
  accountType: wire.accountType,
  teamSize: wire.teamSize,
  depositsMinor: minor(wire.deposits),
  withdrawalsMinor: minor(wire.withdrawals),
  betsMinor: minor(wire.bets),
  winsMinor: minor(wire.wins),
  rebatesMinor: minor(wire.rebates),
  salariesMinor: minor(wire.salaries),
  promotionsMinor: minor(wire.promotions),
  profitLossMinor: minor(wire.profitLoss),
});

/**
 * A team's profit and loss over the period, and one page of its head's direct downlines. Fails
 * with agent.downline.unknown when `subordinateName` is not in the agent's team.
 */
export async function loadTeamProfitLoss(query: TeamProfitLossQuery, signal: AbortSignal): Promise<TeamProfitLoss> {
  const value = await api.call(agentTeamProfitLossCall, {
    params: {
      startDate: query.range.startMs,
      endDate: query.range.endMs,
      ...(query.subordinateName === null ? {} : { subordinateName: query.subordinateName }),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return { list: value.list.map(rowOf), totalPages: value.totalPages, footer: { ...rowOf(value.team), utcOffsetMinutes: value.utcOffsetMinutes } };
}
