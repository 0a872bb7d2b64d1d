import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  LOTTERY_RECORDS_MAX_RANGE_MS,
  lotteryMemberBetsCall,
  type LotteryBetRecord,
  type LotteryBetState,
  type LotteryMemberBetsQuery,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';

// The page's call: the lottery bets of the agent's team (the member centre's bet records call with
// subordinateType TEAM, and subordinateName for one downline's team), and the one place its answer
// turns from major units (the wire) into minor units (what the page formats).

/** Where a bet was placed: the Vietnam lottery, or every other lottery game. */
export type LottoArea = NonNullable<LotteryMemberBetsQuery['lottoArea']>;
export const LOTTO_AREAS: readonly LottoArea[] = ['LOTT', 'VN'];

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export interface TeamBetTotals {
  betMinor: AmountMinor;
  winMinor: AmountMinor;
  rebateMinor: AmountMinor;
}

/** One bet of a team member: one slip line in one round. */
export interface TeamBetRow extends TeamBetTotals {
  orderDetailId: number;
  /** Whose bet; '' when the answer leaves it out. */
  username: string;
  gameCode: string;
  /** English; the page shows game_<gameCode> when it has it. */
  gameName: string;
  numero: string;
  playCode: string;
  betContent: string;
  timeMs: number;
  status: LotteryBetState;
}

function rowOf(record: LotteryBetRecord): TeamBetRow {
  return {
    orderDetailId: record.orderDetailId,
    username: record.username ?? '',
    gameCode: record.gameCode,
    gameName: record.gameName,
    numero: record.numero,
    playCode: record.playCode,
    betContent: record.betContent,
    timeMs: record.betTimeInTimestamp,
    status: record.status,
    betMinor: minor(record.betAmount),
    winMinor: minor(record.winAmount),
    rebateMinor: minor(record.rebateAmount),
  };
}

/**
 * The period as one request may ask for it: at most 31 days (LOTTERY_RECORDS_MAX_RANGE_MS). A
 * month is shorter, except across a daylight-saving change that adds an hour: then the request
 * drops the first hour of the month rather than being refused.
 */
export function teamBetsRange(range: PeriodRange): PeriodRange {
  return range.endMs - range.startMs > LOTTERY_RECORDS_MAX_RANGE_MS ? { startMs: range.endMs - LOTTERY_RECORDS_MAX_RANGE_MS, endMs: range.endMs } : range;
}

/** A bet's picks as the slip holds them (rows joined by "_", values by ","), one row after another. */
export const betContentText = (betContent: string): string => betContent.split('_').join(' | ');

export interface TeamBetsQuery {
  range: PeriodRange;
  lottoArea: LottoArea;
  status: LotteryBetState | null;
  /** A member of the agent's downline: that member's team; null: the agent's whole downline. */
  subordinateName: string | null;
  page: number;
  size: number;
}

/**
 * One page of the team's lottery bets placed in the period, newest first, with the period's
 * totals. Fails with agent.downline.unknown when subordinateName is not in the agent's team.
 */
export async function loadTeamBets(query: TeamBetsQuery, signal: AbortSignal): Promise<PagedList<TeamBetRow, TeamBetTotals>> {
  const range = teamBetsRange(query.range);
  const value = await api.call(lotteryMemberBetsCall, {
    params: {
      startDate: range.startMs,
      endDate: range.endMs,
      lottoArea: query.lottoArea,
      ...(query.status ? { status: query.status } : {}),
      subordinateType: 'TEAM',
      ...(query.subordinateName ? { subordinateName: query.subordinateName } : {}),
      page: query.page,
      size: query.size,
    },
    signal,
  });
  return {
    list: value.list.map(rowOf),
    totalPages: value.totalPages,
    footer: value.footer && { betMinor: minor(value.footer.betAmount), winMinor: minor(value.footer.winAmount), rebateMinor: minor(value.footer.rebateAmount) },
  };
}
