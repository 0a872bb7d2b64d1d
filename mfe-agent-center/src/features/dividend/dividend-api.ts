import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  agentDividendContractActionCall,
  agentDividendContractsCall,
  agentDividendRecordsCall,
  type DividendContract,
  type DividendRecord,
  type DividendTerms,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';
import type { ContractAction, ContractsOf } from '../contracts';

// The dividend calls, and where amounts turn from major units (the wire) into minor units.

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

/** A period's dividend as the records table shows it: the wire's record with every amount in minor units. */
export interface DividendRecordRow extends Pick<DividendRecord, 'cycle' | 'periodStart' | 'periodEnd' | 'activeMembers' | 'rate' | 'status'> {
  validBetMinor: AmountMinor;
  winsMinor: AmountMinor;
  rebatesMinor: AmountMinor;
  promotionsMinor: AmountMinor;
  /** The team's net loss of the period (below 0: the team won). */
  netLossMinor: AmountMinor;
  /** The loss carried in from earlier periods (0 or below). */
  carriedInMinor: AmountMinor;
  /** netLoss + carriedIn: what the rate applies to when above 0. */
  baseMinor: AmountMinor;
  grossAmountMinor: AmountMinor;
  downlineAmountMinor: AmountMinor;
  amountMinor: AmountMinor;
  /** Carried to the next period (0 or below). */
  carriedOutMinor: AmountMinor;
}

export interface DividendRecordsFooter {
  /** Paid to the agent in the listed periods. */
  amountMinor: AmountMinor;
}

function rowOf(record: DividendRecord): DividendRecordRow {
  return {
    cycle: record.cycle,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    activeMembers: record.activeMembers,
    rate: record.rate,
    status: record.status,
    validBetMinor: minor(record.validBet),
    winsMinor: minor(record.wins),
    rebatesMinor: minor(record.rebates),
    promotionsMinor: minor(record.promotions),
    netLossMinor: minor(record.netLoss),
    carriedInMinor: minor(record.carriedIn),
    baseMinor: minor(record.base),
    grossAmountMinor: minor(record.grossAmount),
    downlineAmountMinor: minor(record.downlineAmount),
    amountMinor: minor(record.amount),
    carriedOutMinor: minor(record.carriedOut),
  };
}

/** The agent's dividend contracts: its own with its upline, and those with its direct downline agents. */
export const loadDividendContracts = (signal: AbortSignal): Promise<ContractsOf<DividendContract>> => api.call(agentDividendContractsCall, { signal });

/** Answers an offer or a termination, or asks to end an active contract. */
export const actOnDividendContract = (action: ContractAction, contractId: number): Promise<DividendContract> =>
  api.call(agentDividendContractActionCall, { data: { action, contractId } });

/** Offers a dividend contract to a direct downline agent. */
export const offerDividendContract = (downlineId: number, terms: DividendTerms): Promise<DividendContract> =>
  api.call(agentDividendContractActionCall, { data: { action: 'create', downlineId, terms } });

/** One page of the dividend paid to the agent for periods starting in a range, with the total. */
export async function loadDividendRecords(
  query: { range: PeriodRange; page: number; size: number },
  signal: AbortSignal,
): Promise<PagedList<DividendRecordRow, DividendRecordsFooter>> {
  const value = await api.call(agentDividendRecordsCall, {
    params: { startDate: query.range.startMs, endDate: query.range.endMs, page: query.page, size: query.size },
    signal,
  });
  return {
    list: value.list.map(rowOf),
    totalPages: value.totalPages,
    footer: value.footer ? { amountMinor: minor(value.footer.amount) } : undefined,
  };
}
