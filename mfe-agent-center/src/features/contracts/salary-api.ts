import { amountMinorFromMajor, amountMinorOf, api, type AmountMinor, type PagedList } from '@platform/shared';
import {
  agentDailySalaryContractActionCall,
  agentDailySalaryContractsCall,
  agentDailySalaryRecordsCall,
  agentHourlySalaryContractActionCall,
  agentHourlySalaryContractsCall,
  agentHourlySalaryRecordsCall,
  type SalaryContract,
  type SalaryKind,
  type SalaryRecord,
  type SalaryTerms,
} from '@platform/contract';
import type { PeriodRange } from '@platform/shared/records';
import type { ContractAction, ContractsOf } from './contract-actions';

// The daily and hourly salary calls (the same shapes on each kind's paths), and where amounts turn
// from major units (the wire) into minor units.

const minor = (major: number): AmountMinor => amountMinorFromMajor(major) ?? amountMinorOf(0);

export type SalaryContracts = ContractsOf<SalaryContract>;

export type SalaryRecordRow = Omit<SalaryRecord, 'teamBetting' | 'grossAmount' | 'downlineAmount' | 'amount'> & {
  teamBettingMinor: AmountMinor;
  grossAmountMinor: AmountMinor;
  downlineAmountMinor: AmountMinor;
  amountMinor: AmountMinor;
};

export interface SalaryRecordsFooter {
  /** Paid to the agent in the listed periods. */
  amountMinor: AmountMinor;
}

/** One kind's calls. Each function is the same object on every render (a fetcher's identity decides when it runs again). */
export interface SalaryApi {
  loadContracts: (signal: AbortSignal) => Promise<SalaryContracts>;
  act: (action: ContractAction, contractId: number) => Promise<SalaryContract>;
  /** Offers tiers to a direct downline agent. */
  offer: (downlineId: number, terms: SalaryTerms) => Promise<SalaryContract>;
  /** One page of the salary paid to the agent for periods starting in a range, with the total. */
  loadRecords: (query: { range: PeriodRange; page: number; size: number }, signal: AbortSignal) => Promise<PagedList<SalaryRecordRow, SalaryRecordsFooter>>;
}

const CALLS = {
  daily: { contracts: agentDailySalaryContractsCall, action: agentDailySalaryContractActionCall, records: agentDailySalaryRecordsCall },
  hourly: { contracts: agentHourlySalaryContractsCall, action: agentHourlySalaryContractActionCall, records: agentHourlySalaryRecordsCall },
} as const;

function salaryApiOf(kind: SalaryKind): SalaryApi {
  const calls = CALLS[kind];
  return {
    loadContracts: (signal) => api.call(calls.contracts, { signal }),
    act: (action, contractId) => api.call(calls.action, { data: { action, contractId } }),
    offer: (downlineId, terms) => api.call(calls.action, { data: { action: 'create', downlineId, terms } }),
    loadRecords: async (query, signal) => {
      const value = await api.call(calls.records, {
        params: { startDate: query.range.startMs, endDate: query.range.endMs, page: query.page, size: query.size },
        signal,
      });
      return {
        list: value.list.map(({ teamBetting, grossAmount, downlineAmount, amount, ...row }) => ({
          ...row,
          teamBettingMinor: minor(teamBetting),
          grossAmountMinor: minor(grossAmount),
          downlineAmountMinor: minor(downlineAmount),
          amountMinor: minor(amount),
        })),
        totalPages: value.totalPages,
        footer: value.footer ? { amountMinor: minor(value.footer.amount) } : undefined,
      };
    },
  };
}

export const SALARY_API: Record<SalaryKind, SalaryApi> = { daily: salaryApiOf('daily'), hourly: salaryApiOf('hourly') };
