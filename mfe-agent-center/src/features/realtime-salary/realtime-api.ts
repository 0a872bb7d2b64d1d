import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  agentRealtimeContractActionCall,
  agentRealtimeContractsCall,
  agentRealtimeWagesCall,
  lotteryGamesCall,
  type AgentContract,
  type AgentRealtimeWage,
  type RealtimeTerms,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';
import type { ContractAction, ContractsOf } from '../contracts';

// The page's calls, and where wage amounts turn from major units (the wire) into minor units.

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export type RealtimeContracts = ContractsOf<AgentContract>;

export function loadContracts(signal: AbortSignal): Promise<RealtimeContracts> {
  return api.call(agentRealtimeContractsCall, { signal });
}

export function actOnContract(action: ContractAction, contractId: number): Promise<AgentContract> {
  return api.call(agentRealtimeContractActionCall, { data: { action, contractId } });
}

/** Offers terms to a direct downline agent. */
export function offerContract(downlineId: number, terms: RealtimeTerms): Promise<AgentContract> {
  return api.call(agentRealtimeContractActionCall, { data: { action: 'create', downlineId, terms } });
}

export interface LotteryGameName {
  gameCode: string;
  /** The server's English name, for a game the translation sets do not know. */
  gameName: string;
}

/** The merchant's lottery games (every prize mode): the games a contract may set rates for. */
export async function loadLotteryGames(signal: AbortSignal): Promise<LotteryGameName[]> {
  const games = await api.call(lotteryGamesCall, { signal });
  return games.map((game) => ({ gameCode: game.gameCode, gameName: game.gameName }));
}

export type WageRow = Omit<AgentRealtimeWage, 'betAmount' | 'amount'> & {
  betAmountMinor: AmountMinor;
  amountMinor: AmountMinor;
};

export interface WageFooter {
  betAmountMinor: AmountMinor;
  amountMinor: AmountMinor;
}

/** One page of the wages paid to the agent in a period, with the period's totals. */
export async function loadWages(query: { range: PeriodRange; page: number; size: number }, signal: AbortSignal): Promise<PagedList<WageRow, WageFooter>> {
  const value = await api.call(agentRealtimeWagesCall, {
    params: { startDate: query.range.startMs, endDate: query.range.endMs, page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map(({ betAmount, amount, ...row }) => ({ ...row, betAmountMinor: minor(betAmount), amountMinor: minor(amount) })),
    totalPages: value.totalPages,
    footer: value.footer ? { betAmountMinor: minor(value.footer.betAmount), amountMinor: minor(value.footer.amount) } : undefined,
  };
}
