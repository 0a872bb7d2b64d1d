import { api } from '@platform/shared';
import { consolidatedCall, type Consolidated } from '@platform/contract';

/** The contract flags of the consolidated answer, as the menu reads them. */
export type ContractFlags = Pick<Consolidated, 'dailysalreqtype' | 'divtypereq' | 'contracthoursalreq' | 'realtimesalreqtype'>;

/**
 * The agent's contract flags, asked once each time the centre opens (per session, fresh): the
 * consolidated answer is not kept in sessionStorage (DERIVED_SESSION_KEYS.consolidated), so an
 * operator's change shows at the next opening.
 */
export async function loadContractFlags(signal: AbortSignal): Promise<ContractFlags> {
  const value = await api.call(consolidatedCall, { signal });
  return {
    dailysalreqtype: value.dailysalreqtype === true,
    divtypereq: value.divtypereq === true,
    contracthoursalreq: value.contracthoursalreq === true,
    realtimesalreqtype: value.realtimesalreqtype === true,
  };
}

/**
 * The flags derived from the consolidated answer: dailySalary, hourSalary and
 * agentRealtimeSalary (a contract of that kind), salary (any of the three salaries; enableSalary)
 * and enableCt (any contract, dividend included; enableContract). The menu reads these.
 */
export interface DerivedContractFlags {
  dailySalary: boolean;
  hourSalary: boolean;
  agentRealtimeSalary: boolean;
  dividend: boolean;
  salary: boolean;
  enableCt: boolean;
}

export function derivedFlagsOf(flags: ContractFlags | null): DerivedContractFlags {
  const dailySalary = flags?.dailysalreqtype === true;
  const hourSalary = flags?.contracthoursalreq === true;
  const agentRealtimeSalary = flags?.realtimesalreqtype === true;
  const dividend = flags?.divtypereq === true;
  const salary = dailySalary || hourSalary || agentRealtimeSalary;
  return { dailySalary, hourSalary, agentRealtimeSalary, dividend, salary, enableCt: salary || dividend };
}
